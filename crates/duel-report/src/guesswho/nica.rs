//! Nica's items, race rules with yes/no questions: Theorem 1.1 (the closed form and the
//! bids), Remark 3.10 and Lemmas 3.5 and 3.7 of Continuous Guess Who, the bold bid of section
//! 1.1, the equal pools and the fair handicap of section 1.2, Figures 1 and 2.

use std::time::Instant;

use duel_core::exact::Rational;
use duel_guesswho::closed_form::{bold_bid, nica_region, safe_bid, NicaRegion};
use duel_guesswho::continuous::{
    equal_pools_limit, fair_handicap_limit, p_infinity_exact, p_infinity_times_3nm,
    remark_3_10_difference,
};
use duel_guesswho::plot;
use duel_guesswho::rules::{Questions, Rules};
use duel_guesswho::table::{Prob, Table};
use duel_guesswho::verify::nica_theorem_1_1;

use super::part::{holds_text, r, to_f64, verification_json, Part};
use super::positions::TableRows;
use crate::{Check, Claim, Figure, Status};

/// Nica's items on the race-rules table up to `max2`, and Figure 1.
pub(super) fn race_rules(max2: u64) -> Part {
    let t0 = Instant::now();
    let race = Table::solve(max2, Rules::Race, Questions::Two).expect("report sizes fit");
    let (theorem, verification) = theorem_1_1(&race, t0);
    let mut checks = vec![
        theorem,
        remark_3_10(&race, max2),
        lemma_3_5(max2),
        lemma_3_7(),
        section_1_1_bold_bid(),
        section_1_2_equal_pools_limit(),
        section_1_2_equal_pools(&race, max2),
        section_1_2_fair_handicap_limit(),
    ];
    checks.extend(section_1_2_fair_handicap(&race, max2));
    checks.extend(super::nica_weeds::items());
    checks.push(super::nica_bids::remark_4_3(&race, max2.min(128)));
    checks.push(super::nica_bids::section_1_1_safe_bid());
    checks.push(super::nica_figures::figure_1(&race));
    checks.push(super::nica_figures::figure_2(&race));
    Part {
        checks,
        figures: vec![figure_1(&race)],
        verifications: vec![verification],
        rows: TableRows::of(&race, max2),
    }
}

/// Theorem 1.1 at every position of `race` (solved from `t0`): its item and its verification.
fn theorem_1_1(race: &Table, t0: Instant) -> (Check, serde_json::Value) {
    let v = nica_theorem_1_1(race);
    let secs = t0.elapsed().as_secs_f64();
    let check = Claim {
        item: &format!(
            "Theorem 1.1: p* = eq. (1.1)/(1.2) and b* (bold 2^k / safe ⌊n/2⌋) optimal, all 1 ≤ n, m ≤ {}",
            v.max
        ),
        source: "Nica, Theorem 1.1",
        published: "holds",
        computed: &holds_text(&v),
        note: &format!("Exact integer table N = n·m·p* against the closed form, and the stated bid's value against the optimum. Table and check took {secs:.1} s."),
    }
    .judged(Status::of(v.holds));
    (check, verification_json(&v, "race", 2, Some(secs)))
}

/// Remark 3.10 (eq. 3.8) over the whole range, in integers: 3nm·(p* − p∞) = 3N − 3nm·p∞ must
/// be −2 in the weeds and 4 with the upper hand; spot-checked against exact rationals.
fn remark_3_10(race: &Table, max2: u64) -> Check {
    let mut ok = true;
    for n in 2..=max2 {
        for m in 2..=max2 {
            let p3 = p_infinity_times_3nm(n, m).expect("n, m ≥ 2");
            let diff = 3 * i128::from(race.numerator(n, m).expect("inside")) - p3;
            let claimed = match nica_region(n, m) {
                NicaRegion::InTheWeeds { .. } => -2,
                _ => 4,
            };
            ok &= diff == claimed;
        }
    }
    for (n, m) in [(3, 2), (24, 24), (40, 10), (100, 7), (7, 100)] {
        let d = race.probability(n, m).expect("inside").to_rational()
            - p_infinity_exact(n, m).expect("n, m ≥ 2");
        ok &= Some(d) == remark_3_10_difference(n, m);
    }
    let published = "−2/(3nm) in the weeds, 4/(3nm) with the upper hand";
    Claim {
        item: &format!("Remark 3.10: p* − p∞ exactly, all 2 ≤ n, m ≤ {max2}"),
        source: "Nica, Remark 3.10 (eq. 3.8)",
        published,
        computed: if ok { published } else { "differs somewhere" },
        note: "p* from the exact table, p∞ from Props. 3.8/3.9: 3nm(p* − p∞) compared in exact integers (and as rationals at a few points).",
    }
    .judged(Status::of(ok))
}

/// Lemma 3.5 over the whole range: p∞(2n, 2m) = p∞(n, m) iff 3(2n)(2m)·p∞(2n, 2m) =
/// 4·3nm·p∞(n, m), in integers.
fn lemma_3_5(max2: u64) -> Check {
    let ok = (2..=max2).all(|n| {
        (2..=max2).all(|m| {
            let p3 = p_infinity_times_3nm(n, m).expect("n, m ≥ 2");
            p_infinity_times_3nm(2 * n, 2 * m) == Some(4 * p3)
        })
    });
    Claim {
        item: &format!("Lemma 3.5: p∞(2x, 2y) = p∞(x, y), all 2 ≤ x, y ≤ {max2}"),
        source: "Nica, Lemma 3.5",
        published: "holds",
        computed: if ok { "holds" } else { "fails" },
        note: "Exact, at integer points (3nm·p∞ is an integer).",
    }
    .judged(Status::of(ok))
}

/// Lemma 3.7: the chance that Player 1 loses from α = 4, β = 2.
fn lemma_3_7() -> Check {
    let lose = r(1, 1) - p_infinity_exact(8, 4).expect("(8,4)");
    Claim {
        item: "Lemma 3.7: P(Player 1 loses) from α = 4, β = 2",
        source: "Nica, Lemma 3.7",
        published: "2/3",
        computed: &lose.to_string(),
        note: "1 − p∞(8, 4).",
    }
    .compared()
}

/// Section 1.1: the bold bid is strictly below ⌊n/2⌋ (it may equal it).
fn section_1_1_bold_bid() -> Check {
    let mut equal_at = Vec::new();
    for n in 2..=64u64 {
        for m in 2..=64u64 {
            if let NicaRegion::InTheWeeds { .. } = nica_region(n, m) {
                if bold_bid(m) == safe_bid(n) && !equal_at.contains(&n) {
                    equal_at.push(n);
                }
            }
        }
    }
    Claim {
        item: "the bold bid is always strictly < ⌊n/2⌋",
        source: "Nica, section 1.1",
        published: "2^k < ⌊n/2⌋",
        computed: &format!("2^k ≤ ⌊n/2⌋, equal at n = 2^(k+1) + 1 (n ∈ {equal_at:?} up to 64)"),
        note: "Weeds need n ≥ 2^(k+1) + 1, where ⌊n/2⌋ = 2^k. Both bids are optimal there, so Theorem 1.1 is unaffected; the success chance 2^k/n < 1/2 is right.",
    }
    .judged(Status::Differs)
}

/// The range of p∞(x, x) (section 1.2): its minimum and supremum.
pub(super) fn equal_pools_limits() -> (Rational, Rational) {
    (equal_pools_limit(&r(4, 3)), equal_pools_limit(&r(2, 1)))
}

/// Section 1.2: equal pools in the continuous limit.
fn section_1_2_equal_pools_limit() -> Check {
    let (eq_lo, eq_hi) = equal_pools_limits();
    Claim {
        item: "equal pools, continuous limit: range of p∞(x, x)",
        source: "Nica, section 1.2",
        published: "5/8 .. 2/3",
        computed: &format!("{eq_lo} .. {eq_hi}"),
        note: "p∞(x, x) = 1 − 1/α + 2/(3α²), α ∈ (1, 2]: minimum 5/8 at α = 4/3, supremum 2/3 at α = 2 (and α → 1).",
    }
    .compared()
}

/// Section 1.2: equal pools, exactly, over `8 ≤ n ≤ max2`.
fn section_1_2_equal_pools(race: &Table, max2: u64) -> Check {
    let ((pmin, nmin), (pmax, nmax)) = equal_pool_extremes(race, 8, max2);
    let above = (8..=max2)
        .filter(|&n| race.probability(n, n).expect("inside").to_rational() > r(2, 3))
        .collect::<Vec<_>>();
    Claim {
        item: &format!("equal pools, exact: range of p*(n, n) over 8 ≤ n ≤ {max2}"),
        source: "Nica, section 1.2",
        published: "between 5/8 and 2/3, no matter how large",
        computed: &format!("min {pmin} at n = {nmin}, max {pmax} at n = {nmax}; above 2/3 at n ∈ {above:?}"),
        note: "p*(n, n) = p∞(n, n) + 4/(3n²) > 5/8 always, but at every power of two p*(n, n) = 2/3 + 4/(3n²) > 2/3: the bounds hold for p∞, for p* only in the limit.",
    }
    .judged(Status::Differs)
}

/// The range of the fair handicap factor in the continuous limit (section 1.2).
pub(super) fn fair_handicap_limits() -> (Rational, Rational) {
    (fair_handicap_limit(&r(2, 1)), fair_handicap_limit(&r(4, 3)))
}

/// Section 1.2: the fair handicap in the continuous limit.
fn section_1_2_fair_handicap_limit() -> Check {
    let (h_lo, h_hi) = fair_handicap_limits();
    Claim {
        item: "fair handicap factor, continuous limit",
        source: "Nica, section 1.2",
        published: "4/3 .. 3/2",
        computed: &format!("{h_lo} .. {h_hi}"),
        note: "The c with p∞(c·y, y) = 1/2: c = 4/(3β(2−β)) for β ≤ 4/3, 4/β − 8/(3β²) above; 4/3 at β = 2, 3/2 at β = 4/3.",
    }
    .compared()
}

/// Section 1.2: the fair handicap, exactly, from m = 16 and from m = max2/16 up to max2/2.
fn section_1_2_fair_handicap(race: &Table, max2: u64) -> Vec<Check> {
    let mut lows = vec![16, max2 / 16];
    lows.dedup();
    let hi = max2 / 2;
    lows.into_iter()
        .filter_map(|lo| {
            let ((cmin, mmin), (cmax, mmax)) = handicap_extremes(race, lo, hi)?;
            let check = Claim {
                item: &format!("fair handicap, exact: n_fair(m)/m over {lo} ≤ m ≤ {hi}"),
                source: "Nica, section 1.2",
                published: "4/3 .. 3/2",
                computed: &format!(
                    "min {cmin} ≈ {:.4} at m = {mmin}, max {cmax} ≈ {:.4} at m = {mmax}",
                    to_f64(&cmin),
                    to_f64(&cmax)
                ),
                note: "n_fair(m) = the smallest first pool n with p*(n, m) ≤ 1/2; compare the two ranges: the extremes approach 4/3 and 3/2 as m grows.",
            }
            .judged(Status::New);
            Some(check)
        })
        .collect()
}

/// Extremes of `P(n, n)` over `lo ≤ n ≤ hi`: ((min, at), (max, at)).
pub(super) fn equal_pool_extremes(t: &Table, lo: u64, hi: u64) -> ((Prob, u64), (Prob, u64)) {
    let mut min = (Prob::new(1, 1), 0);
    let mut max = (Prob::new(0, 1), 0);
    for n in lo..=hi {
        let p = t.probability(n, n).expect("inside the table");
        if p.to_rational() < min.0.to_rational() {
            min = (p, n);
        }
        if p.to_rational() > max.0.to_rational() {
            max = (p, n);
        }
    }
    (min, max)
}

/// The fair first pool for an opponent's pool `m`: the smallest `n` with `P(n, m) ≤ 1/2`.
fn fair_pool(t: &Table, m: u64) -> Option<u64> {
    (1..=t.max()).find(|&n| t.numerator(n, m).map(|v| 2 * v <= n * m).unwrap_or(false))
}

/// Extremes of the fair handicap factor `n_fair(m)/m` over `lo ≤ m ≤ hi`.
fn handicap_extremes(t: &Table, lo: u64, hi: u64) -> Option<((Rational, u64), (Rational, u64))> {
    let mut out: Option<((Rational, u64), (Rational, u64))> = None;
    for m in lo..=hi {
        let n = fair_pool(t, m)?;
        let c = r(n as i64, m as i64);
        out = Some(match out {
            None => ((c.clone(), m), (c, m)),
            Some((a, b)) => (
                if c < a.0 { (c.clone(), m) } else { a },
                if c > b.0 { (c, m) } else { b },
            ),
        });
    }
    out
}

/// Figure 1: p*(n, m) under race rules.
fn figure_1(race: &Table) -> Figure {
    Figure {
        file_name: "guesswho-race-2way.svg".into(),
        caption: "Nica Figure 1: p*(n, m), race rules, yes/no questions, 1 ≤ n, m ≤ 32".into(),
        svg: plot::figure_1(race, 32).unwrap_or_default(),
    }
}

/// Figure 2: p∞ on the L-shaped region.
pub(super) fn figure_2() -> Figure {
    Figure {
        file_name: "guesswho-continuous.svg".into(),
        caption: "Nica Figure 2: p∞ on the L-shaped region (2, 8] × (1, 2] ∪ (1, 2] × (1, 8]"
            .into(),
        svg: plot::figure_2(8.0, 20).unwrap_or_default(),
    }
}
