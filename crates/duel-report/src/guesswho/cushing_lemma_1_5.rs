//! The closed forms of Cushing et al.'s proof of Lemma 1.5, each compared with the exact
//! official table at every n of a range (the proof takes n ≥ 11). P(m, [k:n−k]) is Joe's
//! chance after our question of k candidates at (n, m): 1 minus the value of that move;
//! P([k:n−k], m) the mean (k·P(k, m) + (n−k)·P(n−k, m))/n.

use duel_core::exact::Rational;
use duel_guesswho::closed_form::split;
use duel_guesswho::table::Table;

use super::part::r;
use crate::{Check, Claim, Status};

/// The largest n the proof's forms are compared at (the table may reach further).
const MAX_N: u64 = 1024;

/// Joe's chance P(m, [k:n−k]) after our question of k at (n, m).
pub(super) fn joe(off: &Table, n: u64, m: u64, k: u64) -> Option<Rational> {
    let ours = off.move_probability(n, m, &split(&[k, n - k])).ok()?;
    Some(r(1, 1) - ours.to_rational())
}

/// P([k:n−k], m): the chance at (·, m) averaged over the two answers.
pub(super) fn mean_after(off: &Table, n: u64, k: u64, m: u64) -> Option<Rational> {
    let a = off.probability(k, m).ok()?.to_rational();
    let b = off.probability(n - k, m).ok()?.to_rational();
    Some((a * r(k as i64, 1) + b * r((n - k) as i64, 1)) / r(n as i64, 1))
}

/// The n in `11..=max` (and every `k` of `ks(n)`) where `value` is not `form`: the failures,
/// and the largest n compared.
pub(super) fn failures(
    off: &Table,
    max: u64,
    ks: impl Fn(u64) -> Vec<u64>,
    value: impl Fn(&Table, u64, u64) -> Option<Rational>,
    form: impl Fn(u64, u64) -> Rational,
) -> (Vec<u64>, u64) {
    let top = max.min(MAX_N);
    let mut bad = Vec::new();
    for n in 11..=top {
        if ks(n)
            .into_iter()
            .any(|k| value(off, n, k) != Some(form(n, k)))
        {
            bad.push(n);
        }
    }
    (bad, top)
}

/// "every n from 11 to N" or the n where it fails.
pub(super) fn range_text(bad: &[u64], top: u64) -> String {
    match bad {
        [] => format!("holds for every 11 ≤ n ≤ {top}"),
        [..] if bad.len() <= 6 => format!("fails at n = {bad:?} of 11..{top}"),
        _ => format!("fails at {} of the n in 11..{top}", bad.len()),
    }
}

/// The form (a·n + b)/(c·n), whatever k.
pub(super) fn n_over(a: i64, b: i64, c: i64) -> impl Fn(u64, u64) -> Rational {
    move |n, _| r(a * n as i64 + b, c * n as i64)
}

/// The proof's cases m = 2 and m = 4 with k = 1 and k = 4, and the means of (iii).
pub(super) fn items(off: &Table, max: u64) -> Vec<Check> {
    let source = "Cushing et al., proof of Lemma 1.5";
    let one = |_| vec![1];
    let from_two = |n: u64| (2..=n / 2).collect::<Vec<_>>();
    let (m2_one, top) = failures(off, max, one, |t, n, k| joe(t, n, 2, k), n_over(2, -3, 2));
    let (m2_more, _) = failures(
        off,
        max,
        from_two,
        |t, n, k| joe(t, n, 2, k),
        n_over(1, -2, 1),
    );
    let (m4_one, _) = failures(off, max, one, |t, n, k| joe(t, n, 4, k), n_over(4, -11, 4));
    let (m4_four, _) = failures(
        off,
        max,
        |_| vec![4],
        |t, n, k| joe(t, n, 4, k),
        n_over(4, -15, 4),
    );
    let (mean4, _) = failures(
        off,
        max,
        |_| vec![4],
        |t, n, k| mean_after(t, n, k, 4),
        |n, _| r(25, 4 * n as i64),
    );
    let (mean6, _) = failures(
        off,
        max,
        |_| vec![6],
        |t, n, k| mean_after(t, n, k, 4),
        |n, _| r(7, n as i64),
    );
    let item = |item: &str, published: &str, parts: &[(&str, &[u64])], note: &str| {
        let ok = parts.iter().all(|(_, bad)| bad.is_empty());
        let computed = parts
            .iter()
            .map(|(what, bad)| format!("{what}: {}", range_text(bad, top)))
            .collect::<Vec<_>>()
            .join("; ");
        Claim {
            item,
            source,
            published,
            computed: &computed,
            note,
        }
        .judged(Status::of(ok))
    };
    vec![
        item(
            "Lemma 1.5's proof, m = 2: P(2,[1:n−1]) and P(2,[k:n−k]) for k ≥ 2",
            "(2n−3)/(2n); (n−2)/n",
            &[("k = 1", &m2_one), ("every 2 ≤ k ≤ n/2", &m2_more)],
            "Joe's chance after each question, from the exact table",
        ),
        item(
            "Lemma 1.5's proof, m = 4: P(4,[1:n−1]) and P(4,[4:n−4])",
            "(4n−11)/(4n); (4n−15)/(4n)",
            &[("k = 1", &m4_one), ("k = 4", &m4_four)],
            "Joe's chance after each question, from the exact table",
        ),
        item(
            "Lemma 1.5 (iii)'s proof: P([4:n−4],4) and P([6:n−6],4)",
            "25/(4n); 7/n",
            &[("k = 4", &mean4), ("k = 6", &mean6)],
            "Eq. (6) gives P(n−k,4) = 4/(n−k) only for n − k ≥ 10, which the proof's n ≥ 10 does not ensure; Theorem 1.1's check covers the n below",
        ),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;
    use duel_guesswho::rules::{Questions, Rules};

    /// Cushing et al., proof of Lemma 1.5: the forms for m = 2 and m = 4 hold at every n ≥ 11;
    /// those of (iii) need eq. (6) at n − k ≥ 10, so they fail exactly below n = 14 (k = 4)
    /// and n = 16 (k = 6).
    #[test]
    fn lemma_1_5_proof_forms() {
        let off = Table::solve(128, Rules::Official, Questions::Two).expect("fits");
        let c = items(&off, 128);
        assert_eq!(c[0].status, Status::Matches, "{}", c[0].computed);
        assert_eq!(c[1].status, Status::Matches, "{}", c[1].computed);
        assert_eq!(c[2].status, Status::Differs);
        let mean = |t: &Table, n: u64, k: u64| mean_after(t, n, k, 4);
        let (bad4, _) = failures(&off, 128, |_| vec![4], mean, |n, _| r(25, 4 * n as i64));
        let (bad6, _) = failures(&off, 128, |_| vec![6], mean, |n, _| r(7, n as i64));
        assert_eq!(bad4, vec![11, 12, 13]);
        assert_eq!(bad6, vec![11, 12, 13, 14, 15]);
    }
}
