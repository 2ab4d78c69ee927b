//! The two statements Cushing et al. prove together by induction for Theorem 1.1, official
//! rules with yes/no questions, checked on the exact table: (2), Joe's chance
//! P(m, [k : n − k]) = (k/n)P(m, k) + ((n − k)/n)P(m, n − k) is least at k = n_< (but at the
//! three exceptions), and (3), our chance P([k : n − k], m) as the player to move with k or
//! n − k suspects is greatest at [n_< : n_>]. Both in integers: n·m·P is the table's numerator.

use duel_guesswho::closed_form::{cushing_n_greater, cushing_n_less};
use duel_guesswho::table::Table;

use crate::{Check, Claim, Status};

/// The (n, m, k) with 3 ≤ n, 2 ≤ m, 1 ≤ k < n, all ≤ `max`, where (3) fails, and the cases.
pub fn equation_3_failures(off: &Table, max: u64) -> (Vec<(u64, u64, u64)>, u64) {
    let n_of = |a: u64, m: u64| off.numerator(a, m).unwrap_or(0);
    let mut fails = Vec::new();
    let mut cases = 0;
    for n in 3..=max {
        for m in 2..=max {
            // n·P([k : n − k], m)·m = N(k, m) + N(n − k, m).
            let best = n_of(cushing_n_less(n), m) + n_of(cushing_n_greater(n), m);
            for k in 1..n {
                cases += 1;
                if n_of(k, m) + n_of(n - k, m) > best {
                    fails.push((n, m, k));
                }
            }
        }
    }
    (fails, cases)
}

/// Equation (3) of the proof of Theorem 1.1 at every n, m ≤ `max`.
pub(super) fn equation_3(off: &Table, max: u64) -> Check {
    let (fails, cases) = equation_3_failures(off, max);
    let listed = fails
        .iter()
        .map(|(n, m, k)| format!("({n}, {m}, {k})"))
        .collect::<Vec<_>>()
        .join(", ");
    let only_m2_k_edge = fails
        .iter()
        .all(|&(n, m, k)| m == 2 && (k == 1 || k == n - 1));
    Claim {
        item: &format!("Equation (3): P([k : n − k], m) ≤ P([n_< : n_>], m) for m ≥ 2, all n, m ≤ {max}"),
        source: "Cushing et al., proof of Theorem 1.1, (3)",
        published: "holds whenever m ≥ 2",
        computed: &if fails.is_empty() {
            format!("holds at all {cases} cases")
        } else {
            format!("fails at {} of {cases} (n, m, k): {listed}", fails.len())
        },
        note: &if fails.is_empty() {
            "every k, exact integers".to_string()
        } else if only_m2_k_edge {
            "with m = 2, k = 1 beats n_<: at (4, 2), 1/4 + (3/4)P(3, 2) = 5/8 > P(2, 2) = 1/2; Theorem 1.1 itself holds (checked on the whole table)".to_string()
        } else {
            "see the cases listed".to_string()
        },
    }
    .judged(Status::of(fails.is_empty()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use duel_guesswho::rules::{Questions, Rules};

    #[test]
    fn equation_3_fails_only_at_4_2_and_5_2_by_one_suspect() {
        let off = Table::solve(40, Rules::Official, Questions::Two).unwrap();
        let (fails, _) = equation_3_failures(&off, 40);
        assert_eq!(fails, [(4, 2, 1), (4, 2, 3), (5, 2, 1), (5, 2, 4)]);
        // By hand: P(1, 2) = 1, P(2, 2) = P(3, 2) = 1/2 (n·m·P: 2, 2, 3).
        assert_eq!(off.numerator(1, 2).unwrap(), 2);
        assert_eq!(off.numerator(2, 2).unwrap(), 2);
        assert_eq!(off.numerator(3, 2).unwrap(), 3);
    }
}
