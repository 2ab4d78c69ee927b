//! Nica's Figures 1 and 2 compared at their points, not only drawn. Figure 1 is "the output
//! [of Algorithm 1] when r = 64 … for 1 ≤ n, m ≤ 32": Algorithm 1 is run here as the paper
//! writes it (by increasing s = n + m, in exact fractions) and compared with the table the
//! figure is drawn from at each of its 1,024 points. Figure 2 draws p∞ on the L-shaped region
//! (2, 8] × (1, 2] ∪ (1, 2] × (1, 8]; at the figure's points of the grid of step 1/32 the
//! function drawn is compared with p∞'s exact closed form (Props. 3.8/3.9 at (32α, 32β), equal
//! to p∞(α, β) by Lemma 3.5), and with p* there (the caption's p* = p∞ + O(1/nm)).

use duel_core::exact::Rational;
use duel_guesswho::continuous::{p_infinity, p_infinity_exact};
use duel_guesswho::table::Table;

use super::part::{r, to_f64};
use crate::{Check, Claim, Status};

/// Algorithm 1 with input `r`: p*(n, m) for 3 ≤ n + m ≤ r, in exact fractions, with the
/// initial data p*(1, m) = 1 (m > 1) and p*(n, 1) = 0 (n > 1). Indexed `[n][m]`; `(1, 1)`,
/// which the algorithm never defines nor reads, is `None`.
fn algorithm_1(r_max: usize) -> Vec<Vec<Option<Rational>>> {
    let mut p = vec![vec![None; r_max + 1]; r_max + 1];
    p[1][2..r_max].fill(Some(r(1, 1)));
    for row in p.iter_mut().take(r_max).skip(2) {
        row[1] = Some(r(0, 1));
    }
    for s in 3..=r_max {
        for n in 2..s - 1 {
            let m = s - n;
            let mut best: Option<Rational> = None;
            for b in 1..n {
                let (Some(pb), Some(pc)) = (p[m][b].clone(), p[m][n - b].clone()) else {
                    continue;
                };
                let v = r(1, 1) - r(b as i64, n as i64) * pb - r((n - b) as i64, n as i64) * pc;
                if best.as_ref().map_or(true, |x| v > *x) {
                    best = Some(v);
                }
            }
            p[n][m] = best;
        }
    }
    p
}

/// Figure 1's item: Algorithm 1 (r = 64) against the drawn table at every point.
pub(super) fn figure_1(race: &Table) -> Check {
    let alg = algorithm_1(64);
    let (mut same, mut points) = (true, 0u32);
    for n in 1..=32usize {
        for m in 1..=32usize {
            if (n, m) == (1, 1) {
                continue;
            }
            points += 1;
            let drawn = race
                .probability(n as u64, m as u64)
                .ok()
                .map(|p| p.to_rational());
            same &= drawn.is_some() && Some(&drawn) == alg.get(n).and_then(|row| row.get(m));
        }
    }
    Claim {
        item: "Figure 1: Algorithm 1 with r = 64, at every point 1 ≤ n, m ≤ 32",
        source: "Nica, Figure 1 and Algorithm 1",
        published: "the output of Algorithm 1 when r = 64",
        computed: &format!(
            "{} at {points} points (all but (1, 1), which the algorithm leaves undefined)",
            if same {
                "the drawn table equals Algorithm 1's exact output"
            } else {
                "the drawn table differs from Algorithm 1"
            }
        ),
        note: "Algorithm 1 run as printed, by increasing n + m, in exact fractions",
    }
    .judged(Status::of(same))
}

/// Figure 2's item: the drawn p∞ against its exact closed form at the grid points of step
/// 1/32 of the L-shaped region, and against p* there (`race` must reach 256).
pub(super) fn figure_2(race: &Table) -> Check {
    let (mut worst_drawn, mut worst_nm_gap, mut points) = (0.0f64, r(0, 1), 0u32);
    let mut complete = true;
    for n in 33..=256u64 {
        for m in 33..=256u64 {
            // Outside the L: both coordinates beyond 2 (n, m > 64).
            if n > 64 && m > 64 {
                continue;
            }
            let Some(exact) = p_infinity_exact(n, m) else {
                complete = false;
                continue;
            };
            points += 1;
            let drawn = p_infinity(n as f64 / 32.0, m as f64 / 32.0);
            worst_drawn = worst_drawn.max((drawn - to_f64(&exact)).abs());
            match race.probability(n, m) {
                Ok(p) => {
                    let gap = (p.to_rational() - exact) * r((n * m) as i64, 1);
                    let gap = if gap < r(0, 1) { -gap } else { gap };
                    if gap > worst_nm_gap {
                        worst_nm_gap = gap;
                    }
                }
                Err(_) => complete = false,
            }
        }
    }
    let ok = complete && worst_drawn < 1e-12 && worst_nm_gap <= r(4, 3);
    Claim {
        item: "Figure 2: p∞ drawn on the L-shaped region, and p* = p∞ + O(1/nm) at its points",
        source: "Nica, Figure 2 and its caption",
        published: "p* = p∞ + O(1/nm)",
        computed: &format!(
            "at {points} points (α, β) = (n/32, m/32): the drawn p∞ within {worst_drawn:.1e} of the exact closed form; max nm·|p* − p∞| = {worst_nm_gap}"
        ),
        note: "exact p∞ from Props. 3.8/3.9 at (n, m), scale-invariant by Lemma 3.5; p* from the exact table",
    }
    .judged(Status::of(ok))
}

#[cfg(test)]
mod tests {
    use super::*;
    use duel_guesswho::rules::{Questions, Rules};

    /// Nica, Figure 1: the figure is Algorithm 1's output (r = 64) at n, m ≤ 32; Algorithm 1
    /// as printed starts from p*(1, m) = 1 and p*(n, 1) = 0; by hand, p*(2, 2) = 1 (b = 1
    /// leaves Player 2 at (2, 1)) and p*(3, 2) = 1 − (2/3)·p*(2, 2) = 1/3.
    #[test]
    fn figure_1_is_algorithm_1() {
        let alg = algorithm_1(64);
        assert_eq!(alg[2][2], Some(r(1, 1)));
        assert_eq!(alg[3][2], Some(r(1, 3)));
        assert_eq!(alg[1][5], Some(r(1, 1)));
        assert_eq!(alg[5][1], Some(r(0, 1)));
        assert_eq!(alg[1][1], None);
        let race = Table::solve(256, Rules::Race, Questions::Two).expect("fits");
        assert_eq!(figure_1(&race).status, Status::Matches);
    }

    /// Nica, Figure 2's caption: p* = p∞ + O(1/nm); Remark 3.10 makes the constant 4/3.
    #[test]
    fn figure_2_points_are_the_closed_form() {
        let race = Table::solve(256, Rules::Race, Questions::Two).expect("fits");
        let c = figure_2(&race);
        assert_eq!(c.status, Status::Matches);
        assert!(c.computed.contains("nm·|p* − p∞| = 4/3"), "{}", c.computed);
    }
}
