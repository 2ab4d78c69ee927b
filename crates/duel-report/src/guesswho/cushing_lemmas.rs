//! Cushing et al.'s smaller statements, official rules: the introduction's claim for
//! three-way questions, the base cases before Theorem 1.1, the first values of n_<, and
//! Lemma 1.2 with its Table 1.

use duel_guesswho::closed_form::{cushing_n_greater, cushing_n_less};
use duel_guesswho::rules::{Questions, Rules};
use duel_guesswho::table::{Prob, Table};

use crate::{Check, Claim, Status};

const PAPER: &str = "Cushing et al.";

/// `n_<` and `n_>` as the proof uses them: `2_< = 2_> = 1` (the modification at n = 2).
fn parts(n: u64) -> (i64, i64) {
    let less = cushing_n_less(n);
    let greater = if n == 2 { 1 } else { cushing_n_greater(n) };
    (less as i64, greater as i64)
}

/// The base cases of section 1: P(1, m) = 1, P(n, 1) = 1/n and P(2, m) = (m − 1)/m.
pub(super) fn base_cases(off: &Table, max: u64) -> Check {
    let p = |n, m| off.probability(n, m).ok();
    let mut failures = Vec::new();
    for x in 1..=max {
        if p(1, x) != Some(Prob::new(1, 1)) {
            failures.push(format!("P(1, {x})"));
        }
        if p(x, 1) != Some(Prob::new(1, x)) {
            failures.push(format!("P({x}, 1)"));
        }
        if x > 1 && p(2, x) != Some(Prob::new(x - 1, x)) {
            failures.push(format!("P(2, {x})"));
        }
    }
    Claim {
        item: &format!("P(1, m) = 1, P(n, 1) = 1/n, P(2, m) = (m − 1)/m, all 1 ≤ n, m ≤ {max}"),
        source: &format!("{PAPER}, section 1 (before Theorem 1.1)"),
        published: "holds",
        computed: &if failures.is_empty() {
            "holds".to_string()
        } else {
            format!("fails at {}", failures.join(", "))
        },
        note: "read from the exact table of the official rules",
    }
    .judged(Status::of(failures.is_empty()))
}

/// The terms of OEIS A004524 its entry lists, a(0) to a(75).
const A004524: [u64; 76] = [
    0, 0, 0, 1, 2, 2, 2, 3, 4, 4, 4, 5, 6, 6, 6, 7, 8, 8, 8, 9, 10, 10, 10, 11, 12, 12, 12, 13, 14,
    14, 14, 15, 16, 16, 16, 17, 18, 18, 18, 19, 20, 20, 20, 21, 22, 22, 22, 23, 24, 24, 24, 25, 26,
    26, 26, 27, 28, 28, 28, 29, 30, 30, 30, 31, 32, 32, 32, 33, 34, 34, 34, 35, 36, 36, 36, 37,
];

/// The footnote to Theorem 1.1: n_< is OEIS A004524 for n ≥ 3 (the paper sets 2_< = 1).
pub(super) fn n_less_is_a004524() -> Check {
    let from = 3;
    let ours: Vec<u64> = (from..A004524.len() as u64).map(cushing_n_less).collect();
    let same = ours.as_slice() == &A004524[from as usize..];
    Claim {
        item: "n_< = A004524(n), n = 3..75 (the terms the entry lists)",
        source: "OEIS A004524",
        published: "a(3..75) = 1, 2, 2, 2, 3, …, 36, 37",
        computed: &if same {
            format!("n_< = a(n) at all {} n", ours.len())
        } else {
            "differs".to_string()
        },
        note: "Cushing et al.'s footnote to Theorem 1.1; at n = 2 the paper's 2_< = 1, A004524(2) = 0",
    }
    .judged(Status::of(same))
}

/// The first values of n_< printed after Theorem 1.1, and n_< + n_> = n.
pub(super) fn first_values_of_n_less(max: u64) -> Vec<Check> {
    let values: Vec<String> = (3..=10).map(|n| cushing_n_less(n).to_string()).collect();
    let sum_fails: Vec<u64> = (3..=max)
        .filter(|&n| cushing_n_less(n) + cushing_n_greater(n) != n)
        .collect();
    vec![
        Claim {
            item: "n_< for n = 3..10",
            source: &format!("{PAPER}, Theorem 1.1"),
            published: "1, 2, 2, 2, 3, 4, 4, 4",
            computed: &values.join(", "),
            note: "n_< = ⌊n/4⌋ + ⌊(n + 1)/4⌋",
        }
        .compared(),
        Claim {
            item: &format!("n_< + n_> = n, all 3 ≤ n ≤ {max}"),
            source: &format!("{PAPER}, Theorem 1.1"),
            published: "holds",
            computed: if sum_fails.is_empty() {
                "holds"
            } else {
                "fails"
            },
            note: "n_> = ⌊(n + 2)/4⌋ + ⌊(n + 3)/4⌋",
        }
        .judged(Status::of(sum_fails.is_empty())),
    ]
}

/// One row of Table 1: which pairs (n, k) it covers, and (n − k)_< and (n − k)_> as
/// (n_< − k_x + a, n_> − k_y + b): `less_of_k` says whether k_x is k_<.
struct Row {
    printed: &'static str,
    covers: fn(u64, u64) -> bool,
    less_of_k: bool,
    offsets: (i64, i64),
}

/// Table 1 as printed: the rows by n and k mod 4 hold for k ≥ 3, the last three for k = 2.
const TABLE_1: &[Row] = &[
    Row {
        printed: "n ≡ 0, any k: n_< − k_>, n_> − k_<",
        covers: |n, k| k > 2 && n % 4 == 0,
        less_of_k: false,
        offsets: (0, 0),
    },
    Row {
        printed: "n ≡ 1, k ≡ 0, 1: n_< − k_<, n_> − k_>",
        covers: |n, k| k > 2 && n % 4 == 1 && k % 4 < 2,
        less_of_k: true,
        offsets: (0, 0),
    },
    Row {
        printed: "n ≡ 1, k ≡ 2, 3: n_< − k_< − 1, n_> − k_> + 1",
        covers: |n, k| k > 2 && n % 4 == 1 && k % 4 >= 2,
        less_of_k: true,
        offsets: (-1, 1),
    },
    Row {
        printed: "n ≡ 2, any k: n_< − k_<, n_> − k_>",
        covers: |n, k| k > 2 && n % 4 == 2,
        less_of_k: true,
        offsets: (0, 0),
    },
    Row {
        printed: "n ≡ 3, k ≡ 0, 1: n_< − k_>, n_> − k_<",
        covers: |n, k| k > 2 && n % 4 == 3 && k % 4 < 2,
        less_of_k: false,
        offsets: (0, 0),
    },
    Row {
        printed: "n ≡ 3, k ≡ 2, 3: n_< − k_> + 1, n_> − k_< − 1",
        covers: |n, k| k > 2 && n % 4 == 3 && k % 4 >= 2,
        less_of_k: false,
        offsets: (1, -1),
    },
    Row {
        printed: "n = 4, k = 2: n_< − k_>, n_> − k_<",
        covers: |n, k| k == 2 && n == 4,
        less_of_k: false,
        offsets: (0, 0),
    },
    Row {
        printed: "n ≡ 0, 2, k = 2: n_< − k_< − 1, n_> − k_> + 1",
        covers: |n, k| k == 2 && n != 4 && n % 2 == 0,
        less_of_k: true,
        offsets: (-1, 1),
    },
    Row {
        printed: "n ≡ 1, 3, k = 2: n_< − k_>, n_> − k_<",
        covers: |n, k| k == 2 && n % 2 == 1,
        less_of_k: false,
        offsets: (0, 0),
    },
];

/// A pair (n, k) where a row of Table 1 fails, with the offsets that would make it hold.
type Failure = (u64, u64, (i64, i64));

/// Lemma 1.2: every row of Table 1 against (n − k)_< and (n − k)_> computed, for
/// 2 ≤ k ≤ n/2 and 4 ≤ n ≤ `max`; one item for the rows that hold, one per row that fails.
pub(super) fn lemma_1_2(max: u64) -> Vec<Check> {
    let mut failed: Vec<(usize, Vec<Failure>)> = Vec::new();
    let mut pairs = 0u64;
    let mut covered = vec![0u64; TABLE_1.len()];
    for n in 4..=max {
        for k in 2..=n / 2 {
            pairs += 1;
            let Some(r) = TABLE_1.iter().position(|row| (row.covers)(n, k)) else {
                continue;
            };
            covered[r] += 1;
            let row = &TABLE_1[r];
            let ((nl, ng), (kl, kg), actual) = (parts(n), parts(k), parts(n - k));
            let (kx, ky) = if row.less_of_k { (kl, kg) } else { (kg, kl) };
            let printed = (nl - kx + row.offsets.0, ng - ky + row.offsets.1);
            if printed != actual {
                // The offsets that would make the row hold at this pair.
                let needed = (actual.0 - nl + kx, actual.1 - ng + ky);
                match failed.iter_mut().find(|(i, _)| *i == r) {
                    Some((_, list)) => list.push((n, k, needed)),
                    None => failed.push((r, vec![(n, k, needed)])),
                }
            }
        }
    }
    let holding = TABLE_1.len() - failed.len();
    let mut checks = vec![Claim {
        item: &format!("Lemma 1.2, Table 1: (n − k)_< and (n − k)_>, all 2 ≤ k ≤ n/2, 4 ≤ n ≤ {max}"),
        source: &format!("{PAPER}, Lemma 1.2, Table 1"),
        published: "as printed",
        computed: &format!("{holding} rows hold at all {pairs} pairs, {} fail (listed below)", failed.len()),
        note: "the rows by residues mod 4 read for k ≥ 3, the last three for k = 2, with 2_< = 2_> = 1",
    }
    .judged(Status::of(failed.is_empty()))];
    for (r, list) in &failed {
        let row = &TABLE_1[*r];
        let (n, k, needed) = list[0];
        let same = list.iter().all(|&(_, _, x)| x == needed);
        let sign = |x: i64| match x {
            0 => String::new(),
            x if x > 0 => format!(" + {x}"),
            x => format!(" − {}", -x),
        };
        let (kx, ky) = if row.less_of_k {
            ("k_<", "k_>")
        } else {
            ("k_>", "k_<")
        };
        let fix = if same {
            format!(
                "n_< − {kx}{}, n_> − {ky}{} at each of them",
                sign(needed.0),
                sign(needed.1)
            )
        } else {
            "no single correction".to_string()
        };
        let residues: Vec<u64> = {
            let mut r: Vec<u64> = list.iter().map(|&(n, _, _)| n % 4).collect();
            r.sort_unstable();
            r.dedup();
            r
        };
        checks.push(
            Claim {
                item: &format!("Lemma 1.2, Table 1, row {}", row.printed),
                source: &format!("{PAPER}, Lemma 1.2, Table 1"),
                published: row.printed,
                computed: &format!(
                    "fails at {} pairs, all with n ≡ {} mod 4, from (n, k) = ({n}, {k}): {fix}",
                    list.len(),
                    residues
                        .iter()
                        .map(u64::to_string)
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
                note: &format!(
                    "{} of the row's {} pairs hold",
                    covered[*r] - list.len() as u64,
                    covered[*r]
                ),
            }
            .judged(Status::Differs),
        );
    }
    checks
}

/// The introduction: three-way questions "improve our chances of winning significantly",
/// read at the game's 24 faces a side, with `off3` the official table with three-way
/// questions.
pub(super) fn three_way_questions_help(off3: &Table) -> Check {
    const FACES: u64 = 24;
    let two = Table::solve(FACES, Rules::Official, Questions::Two)
        .ok()
        .and_then(|t| t.probability(FACES, FACES).ok());
    let three = off3.probability(FACES, FACES).ok();
    let (computed, better) = match (two, three) {
        (Some(two), Some(three)) => (
            format!(
                "P(24, 24) = {two} ≈ {:.3} with yes/no questions, {three} ≈ {:.3} with three-way ones",
                two.to_f64(),
                three.to_f64()
            ),
            three.to_f64() > two.to_f64(),
        ),
        _ => ("the tables do not reach 24 faces".to_string(), false),
    };
    Claim {
        item: "three-way questions improve the first player's chances, 24 faces each",
        source: &format!("{PAPER}, introduction"),
        published: "improve our chances of winning significantly",
        computed: &computed,
        note: "the first player's chance at the start, both playing optimally; \"significantly\" is not quantified, so the item checks only that it is larger",
    }
    .judged(Status::of(better))
}
