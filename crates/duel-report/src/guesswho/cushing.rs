//! Cushing et al.'s items, official rules: Theorem 1.1 with the values of Lemma 1.5, the
//! misprints of Lemma 1.5's proof, and Theorem 1.6 (headbusting questions) as printed and
//! corrected; with the official tables' figures.

use std::time::Instant;

use duel_guesswho::closed_form::{cushing_tripartite_printed, split};
use duel_guesswho::plot;
use duel_guesswho::rules::{Questions, Rules};
use duel_guesswho::table::Table;
use duel_guesswho::verify::{
    cushing_theorem_1_1, cushing_theorem_1_6_corrected, cushing_theorem_1_6_printed,
};

use super::cushing_lemma_1_5 as proof;
use super::cushing_lemmas;
use super::nica::equal_pool_extremes;
use super::part::r;
use super::part::{holds_text, verification_json, Part};
use super::positions::TableRows;
use crate::{Check, Claim, Figure, Status};

/// The items of the official table with yes/no questions up to `max2`, and its figure.
pub(super) fn official_rules(max2: u64) -> Part {
    let t0 = Instant::now();
    let off = Table::solve(max2, Rules::Official, Questions::Two).expect("report sizes fit");
    let (theorem, verification) = theorem_1_1(&off, t0);
    let mut checks = vec![theorem];
    checks.extend(lemma_1_5(&off));
    checks.extend(lemma_1_5_proof(&off, max2));
    checks.extend(proof::items(&off, max2));
    checks.push(cushing_lemmas::base_cases(&off, max2));
    checks.extend(cushing_lemmas::first_values_of_n_less(max2));
    checks.push(cushing_lemmas::n_less_is_a004524());
    checks.push(super::cushing_proof::equation_3(&off, max2.min(96)));
    checks.extend(cushing_lemmas::lemma_1_2(max2));
    checks.push(equal_pools(&off, max2));
    Part {
        checks,
        figures: vec![figure(
            &off,
            "guesswho-official-2way.svg",
            "P(n, m), official rules, yes/no questions, 1 ≤ n, m ≤ 32",
        )],
        verifications: vec![verification],
        rows: TableRows::of(&off, max2),
    }
}

/// Theorem 1.1 at every position of `off` (solved from `t0`): its item and its verification.
fn theorem_1_1(off: &Table, t0: Instant) -> (Check, serde_json::Value) {
    let v = cushing_theorem_1_1(off);
    let secs = t0.elapsed().as_secs_f64();
    let check = Claim {
        item: &format!(
            "Theorem 1.1: S(n, m) optimal (exceptions (4,4), (6,4), (10,4)), with eq. (6) P(n,4) = 4/n for n ≥ 10, all 1 ≤ n, m ≤ {}",
            v.max
        ),
        source: "Cushing et al., Theorem 1.1, Lemma 1.5",
        published: "holds",
        computed: &holds_text(&v),
        note: &format!("The authors checked n ≤ 11, m ≤ 4 by computer. Table and check took {secs:.1} s."),
    }
    .judged(Status::of(v.holds));
    (check, verification_json(&v, "official", 2, Some(secs)))
}

/// `P(n, m)` under `off`, as text (empty outside the table).
fn probability(off: &Table, n: u64, m: u64) -> String {
    off.probability(n, m)
        .map(|p| p.to_string())
        .unwrap_or_default()
}

/// Lemma 1.5 (iii): the values at the three exceptions of Theorem 1.1.
fn lemma_1_5(off: &Table) -> Vec<Check> {
    [(4, 4, "9/16"), (6, 4, "1/2"), (10, 4, "2/5")]
        .into_iter()
        .map(|(n, m, published)| {
            Claim {
                item: &format!("P({n},{m}), official rules"),
                source: "Cushing et al., Lemma 1.5 (iii)",
                published,
                computed: &probability(off, n, m),
                ..Claim::default()
            }
            .compared()
        })
        .collect()
}

/// The proof of Lemma 1.5: four values misprinted, the conclusions unaffected. Each printed
/// form and its correction are compared with the table at every 11 ≤ n ≤ N.
fn lemma_1_5_proof(off: &Table, max2: u64) -> Vec<Check> {
    let n = 11u64;
    let mp = |m: u64, k: u64| {
        off.move_probability(n, m, &split(&[k, n - k]))
            .map(|p| p.to_string())
            .unwrap_or_default()
    };
    let q = proof::n_over;
    let joe = |m: u64| move |t: &Table, n: u64, k: u64| proof::joe(t, n, m, k);
    let from =
        |lo: u64, skip: u64| move |n: u64| (lo..=n / 2).filter(|&k| k != skip).collect::<Vec<_>>();
    // Each item: the printed form's failures, the correction's failures.
    let p3_1 = (
        proof::failures(off, max2, |_| vec![1], joe(3), q(3, -7, 1)),
        proof::failures(off, max2, |_| vec![1], joe(3), q(3, -7, 3)),
    );
    let p3_k = (
        proof::failures(off, max2, from(2, 0), joe(3), q(3, -10, 3)),
        proof::failures(off, max2, from(2, 0), joe(3), |n, k| match k {
            2 => q(3, -8, 3)(n, k),
            3 => q(1, -3, 1)(n, k),
            _ => q(3, -10, 3)(n, k),
        }),
    );
    let p4_k = (
        proof::failures(off, max2, from(2, 4), joe(4), q(1, -4, 1)),
        proof::failures(off, max2, from(2, 4), joe(4), |n, k| match k {
            2 => q(1, -3, 1)(n, k),
            3 => q(2, -7, 2)(n, k),
            _ => q(1, -4, 1)(n, k),
        }),
    );
    // Eq. (6) gives P(n − k, 4) = 4/(n − k) only for n − k ≥ 10.
    let eight = |n: u64| (8..=n.saturating_sub(10)).collect::<Vec<_>>();
    let mean = |t: &Table, n: u64, k: u64| proof::mean_after(t, n, k, 4);
    let pk_4 = (
        proof::failures(off, max2, eight, mean, |n, _| r(8, n as i64)),
        proof::failures(off, max2, eight, mean, |n, k| match k {
            8 => r(15, 2 * n as i64),
            9 => r(31, 4 * n as i64),
            _ => r(8, n as i64),
        }),
    );
    let source = "Cushing et al., proof of Lemma 1.5";
    vec![
        judged(
            Claim {
                item: "P(3,[1:n−1]) (Joe's chance after our question 1 at (n, 3))",
                source,
                published: "(3n−7)/n",
                computed: &format!("(3n−7)/(3n) (at n = 11 our side gets {})", mp(3, 1)),
                note: "As printed the value exceeds 1: a misprint for (3n−7)/(3n). The proof's comparison is unaffected.",
            },
            p3_1,
        ),
        judged(
            Claim {
                item: "P(3,[k:n−k]) for every k ≥ 2",
                source,
                published: "(3n−10)/(3n)",
                computed: &format!("(3n−8)/(3n) at k = 2, (n−3)/n at k = 3, (3n−10)/(3n) for k ≥ 4 (n = 11, k = 2: ours {})", mp(3, 2)),
                note: "The step P(3,[k:n−k]) = 1 − P([k:n−k],[1:2]) uses P(x,2) = 2/x, false for x = 2, 3 (P(2,2) = P(3,2) = 1/2). The values for k = 2, 3 are still worse for us, so the conclusion stands.",
            },
            p3_k,
        ),
        judged(
            Claim {
                item: "P(4,[k:n−k]) for every k ≥ 2, k ≠ 4",
                source,
                published: "(n−4)/n",
                computed: &format!("(n−3)/n at k = 2, (2n−7)/(2n) at k = 3, (n−4)/n for k ≥ 5 (n = 11, k = 3: ours {})", mp(4, 3)),
                note: "Same cause (P(x,2) = 1/2 at x = 2, 3). The conclusion stands: k = 1 and 4 are still worse than n_<.",
            },
            p4_k,
        ),
        judged(
            Claim {
                item: "P([k:n−k],4) for k ≥ 8",
                source: "Cushing et al., proof of Lemma 1.5 (iii)",
                published: "8/n",
                computed: &format!(
                    "15/(2n) at k = 8, 31/(4n) at k = 9 (P(8,4) = {}, P(9,4) = {}), 8/n for k ≥ 10 (where n − k ≥ 10)",
                    probability(off, 8, 4),
                    probability(off, 9, 4)
                ),
                note: "Eq. (6) P(k,4) = 4/k needs k ≥ 10. The contradiction argued for k = 4, 6, 10 is unaffected (Theorem 1.1 holds above).",
            },
            pk_4,
        ),
    ]
}

/// A printed form of the proof judged over the range: `matches` where it holds at every n,
/// else `differs`, with where the printed form and its correction fail.
fn judged(
    claim: Claim<'_>,
    ((printed, top), (corrected, _)): ((Vec<u64>, u64), (Vec<u64>, u64)),
) -> Check {
    let computed = format!(
        "{}; as printed {}, corrected {}",
        claim.computed,
        proof::range_text(&printed, top),
        proof::range_text(&corrected, top)
    );
    Claim {
        computed: &computed,
        ..claim
    }
    .judged(Status::of(printed.is_empty()))
}

/// Beyond the papers: the range of P(n, n) under official rules.
fn equal_pools(off: &Table, max2: u64) -> Check {
    let ((omin, onmin), (omax, onmax)) = equal_pool_extremes(off, 8, max2);
    Claim {
        item: &format!("equal pools, official rules: range of P(n, n) over 8 ≤ n ≤ {max2}"),
        source: "beyond the papers",
        published: "-",
        computed: &format!("min {omin} at n = {onmin}, max {omax} at n = {onmax}"),
        ..Claim::default()
    }
    .judged(Status::New)
}

/// Theorem 1.6 on the official table with headbusting questions, checked as far as the
/// yes/no theorems (`max2`: the solver is fast enough), and its figure.
pub(super) fn headbusting(max2: u64) -> Part {
    let t0 = Instant::now();
    let off3 = Table::solve(max2, Rules::Official, Questions::Three).expect("report sizes fit");
    let printed = cushing_theorem_1_6_printed(&off3);
    let corrected = cushing_theorem_1_6_corrected(&off3);
    let secs = t0.elapsed().as_secs_f64();
    Part {
        checks: vec![
            cushing_lemmas::three_way_questions_help(&off3),
            theorem_1_6_printed(&printed, max2),
            theorem_1_6_corrected(&corrected, max2, secs),
        ],
        figures: vec![figure(
            &off3,
            "guesswho-official-3way.svg",
            "P(n, m), official rules, headbusting (3-way) questions, 1 ≤ n, m ≤ 32",
        )],
        verifications: vec![
            verification_json(&printed, "official", 3, None),
            verification_json(&corrected, "official", 3, Some(secs)),
        ],
        rows: TableRows::of(&off3, max2),
    }
}

/// Theorem 1.6 as printed, with its two misprints counted over `1 ≤ n, m ≤ max`.
fn theorem_1_6_printed(printed: &duel_guesswho::verify::Verification, max: u64) -> Check {
    let positions = || (1..=max).flat_map(move |n| (1..=max).map(move |m| (n, m)));
    let no_case = positions()
        .filter(|&(n, m)| cushing_tripartite_printed(n, m).is_none())
        .count();
    let not_a_move = positions()
        .filter(|&(n, m)| {
            cushing_tripartite_printed(n, m)
                .is_some_and(|p| !p.is_empty() && p.iter().sum::<u64>() != n)
        })
        .count();
    Claim {
        item: &format!("Theorem 1.6 as printed, all 1 ≤ n, m ≤ {max}"),
        source: "Cushing et al., Theorem 1.6",
        published: "S(n, m) optimal",
        computed: &holds_text(printed),
        note: &format!(
            "Two misprints. (a) n_<, n_∘, n_> sum ⌊(n+i)/3^(k−1)⌋ over i < 3^k, 3^k ≤ i < 2·3^k, 2·3^k ≤ i < 3^(k+1): about 3n each, e.g. (10, 2) gives {:?}, not a question. \
             (b) The third case reads n = 3^k + 2·3^k + 1, impossible since n < 3^(k+1); no case covers n = 3^k + 2·3^(k−1) + 1 when m ≥ 3^k + 3^(k−1). In this range (a) gives no question at {not_a_move} positions and (b) no decision at {no_case}; the n ≤ 9 table is right.",
            cushing_tripartite_printed(10, 2).unwrap_or_default()
        ),
    }
    .judged(Status::of(printed.holds))
}

/// Theorem 1.6 corrected here: new where it holds.
fn theorem_1_6_corrected(
    corrected: &duel_guesswho::verify::Verification,
    max: u64,
    secs: f64,
) -> Check {
    Claim {
        item: &format!("Theorem 1.6 corrected, all 1 ≤ n, m ≤ {max}"),
        source: "Cushing et al., Theorem 1.6 (corrected here)",
        published: "S(n, m) optimal",
        computed: &holds_text(corrected),
        note: &format!(
            "Corrected: with d = 3^(k−1), e = 3^(k−2): n_< = Σ_{{i<e}} ⌊(n+i)/d⌋, n_∘ = Σ_{{e≤i<2e}} ⌊(n+i)/d⌋, n_> = Σ_{{2e≤i<d}} ⌊(n+i)/d⌋ (they add up to n), and the third case at n = 3^k + 2·3^(k−1) + 1 (whose parts 3^(k−1) + (3^(k−1)+2) + (3^k−1) add up to exactly that). Table and both checks took {secs:.1} s."
        ),
    }
    .judged(if corrected.holds {
        Status::New
    } else {
        Status::Differs
    })
}

/// A heatmap of the official table `t`.
fn figure(t: &Table, file_name: &str, caption: &str) -> Figure {
    Figure {
        file_name: file_name.into(),
        caption: caption.into(),
        svg: plot::figure_1(t, 32).unwrap_or_default(),
    }
}
