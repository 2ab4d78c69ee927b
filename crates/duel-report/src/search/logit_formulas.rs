//! Section 8.1 of Delattre & Fournier: the formulas (a)–(e) that compute, from u = φ(r) and
//! v = φ(s) with φ(r) = log(r/(1 − r)), the φ of 1 − r, rs, r + s, s/r and log r, so that
//! probabilities near 0 and 1 keep their precision. Each formula, as duel implements it, is
//! compared with exact arithmetic: r and s rationals, the result a rational whose logarithm is
//! taken from its big integers (exact to f64's relative precision).

use duel_core::exact::Rational;
use duel_search::logit::{phi_complement, phi_ln, phi_product, phi_quotient, phi_sum};
use num_bigint::BigInt;
use num_traits::{One, ToPrimitive, Zero};

use crate::{Check, Claim, Status};

/// ln n for a positive big integer, to f64's relative precision.
fn ln_big(n: &BigInt) -> f64 {
    let bits = n.bits();
    if bits <= 1000 {
        return n.to_f64().map_or(f64::NAN, f64::ln);
    }
    let shift = bits - 64;
    let top = (n >> shift).to_f64().unwrap_or(f64::NAN);
    top.ln() + shift as f64 * std::f64::consts::LN_2
}

/// ln x of a positive rational.
fn ln_rational(x: &Rational) -> f64 {
    ln_big(x.numer()) - ln_big(x.denom())
}

/// φ(x) = ln(x / (1 − x)) of a rational in [0, 1], ±∞ at the ends.
fn phi(x: &Rational) -> f64 {
    if x.is_zero() {
        f64::NEG_INFINITY
    } else if x.is_one() {
        f64::INFINITY
    } else {
        ln_rational(x) - ln_rational(&(Rational::one() - x))
    }
}

/// 10^-k as a rational.
fn ten_to_minus(k: u32) -> Rational {
    Rational::new(BigInt::one(), BigInt::from(10).pow(k))
}

/// The probabilities the formulas are tried at: ordinary values, and values within 10^-20 and
/// 10^-200 of 0 and 1, where f64 holds φ but not r itself.
fn points() -> Vec<Rational> {
    let r = |a: i64, b: i64| Rational::new(a.into(), b.into());
    let mut out = vec![r(1, 2), r(1, 3), r(2, 3), r(1, 10), r(9, 10), r(1, 1000)];
    for k in [20, 200] {
        out.push(ten_to_minus(k));
        out.push(Rational::one() - ten_to_minus(k));
    }
    out
}

/// Whether a formula's value agrees with the exact one: both infinite of one sign, or within
/// 10^-12 of it relative to max(1, |exact|).
fn agrees(got: f64, exact: f64) -> bool {
    if exact.is_infinite() {
        return got == exact;
    }
    (got - exact).abs() <= 1e-12 * exact.abs().max(1.0)
}

/// Whether φ of the exact result rounded to the nearest f64 is right: where it is not, only
/// formulas on φ keep the value.
fn naive_agrees(exact: f64, value: &Rational) -> bool {
    let x = value.to_f64().unwrap_or(f64::NAN);
    agrees((x / (1.0 - x)).ln(), exact)
}

/// The comparisons: (cases, agreeing, where plain arithmetic fails).
fn compare() -> (usize, usize, usize) {
    let pts = points();
    let (mut cases, mut good, mut naive_bad) = (0, 0, 0);
    let mut case = |got: f64, exact_value: &Rational| {
        let exact = phi(exact_value);
        cases += 1;
        good += usize::from(agrees(got, exact));
        naive_bad += usize::from(!naive_agrees(exact, exact_value));
    };
    for r in &pts {
        let u = phi(r);
        case(phi_complement(u), &(Rational::one() - r));
        for s in &pts {
            let v = phi(s);
            case(phi_product(u, v), &(r * s));
            if r >= s && (r + s) <= Rational::one() {
                case(phi_sum(u, v), &(r + s));
            }
            if s < r {
                case(phi_quotient(u, v), &(s / r));
            }
        }
    }
    // (e), log r from φ(r): compared with ln r itself.
    for r in &pts {
        cases += 1;
        let exact = ln_rational(r);
        good += usize::from(agrees(phi_ln(phi(r)), exact));
        let naive = r.to_f64().unwrap_or(f64::NAN).ln();
        naive_bad += usize::from(!agrees(naive, exact));
    }
    (cases, good, naive_bad)
}

/// The item of section 8.1's formulas.
pub(super) fn section_8_1() -> Check {
    let (cases, good, naive_bad) = compare();
    Claim {
        item: "Section 8.1, formulas (a)–(e): φ(1 − r), φ(rs), φ(r + s), φ(s/r), log r from φ",
        source: "Delattre & Fournier, section 8.1",
        published: "exact identities",
        computed: &format!(
            "{good} of {cases} cases within 1e-12 of exact arithmetic; φ of the result held as an f64 misses {naive_bad}"
        ),
        note: "r, s among 1/2, 1/3, 2/3, 1/10, 9/10, 1/1000 and 10^-20, 10^-200 from 0 and 1",
    }
    .judged(Status::of(good == cases && cases > 0))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_formula_agrees_with_exact_arithmetic_where_plain_arithmetic_fails() {
        let (cases, good, naive_bad) = compare();
        assert_eq!(good, cases);
        assert!(
            naive_bad >= 5,
            "plain arithmetic fails at {naive_bad} cases"
        );
    }

    #[test]
    fn the_reference_is_exact_near_one() {
        // φ(1 − 10^-200) = ln(10^200 − 1) = 200 ln 10.
        let x = Rational::one() - ten_to_minus(200);
        assert!((phi(&x) - 200.0 * std::f64::consts::LN_10).abs() < 1e-10);
    }
}
