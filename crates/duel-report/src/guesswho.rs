//! The Guess Who section of the reproduction report.

use std::fmt::Write as _;
use std::time::Instant;

use serde_json::json;

use crate::{Check, Figure, ReportOptions, Section, Status};
use duel_core::exact::Rational;
use duel_guesswho::closed_form::{
    bold_bid, cushing_tripartite_printed, nica_region, safe_bid, NicaRegion,
};
use duel_guesswho::continuous::{
    equal_pools_limit, fair_handicap_limit, p_infinity_exact, p_infinity_times_3nm,
    remark_3_10_difference,
};
use duel_guesswho::plot;
use duel_guesswho::rules::{Move, Questions, Rules};
use duel_guesswho::table::{Prob, Table};
use duel_guesswho::verify::{
    cushing_theorem_1_1, cushing_theorem_1_6_corrected, cushing_theorem_1_6_printed,
    even_split_not_optimal, nica_theorem_1_1, recurrence_check, Verification,
};

/// Ranges of the report: (2-way tables, 3-way tables).
fn ranges(opts: &ReportOptions) -> (u64, u64) {
    if opts.quick {
        (256, 96)
    } else {
        (4096, 1024)
    }
}

fn to_f64(x: &Rational) -> f64 {
    use num_traits::ToPrimitive;
    x.to_f64().unwrap_or(f64::NAN)
}

fn r(a: i64, b: i64) -> Rational {
    Rational::new(a.into(), b.into())
}

fn holds_text(v: &Verification) -> String {
    if v.holds {
        format!("holds at all {} positions", v.checked)
    } else {
        format!(
            "fails at {} of {} positions",
            v.counterexample_count, v.checked
        )
    }
}

fn new_check(item: &str, source: &str, published: &str, computed: &str, note: &str) -> Check {
    Check {
        item: item.into(),
        source: source.into(),
        published: published.into(),
        computed: computed.into(),
        status: Status::New,
        note: note.into(),
    }
}

fn differs(item: &str, source: &str, published: &str, computed: &str, note: &str) -> Check {
    Check {
        item: item.into(),
        source: source.into(),
        published: published.into(),
        computed: computed.into(),
        status: Status::Differs,
        note: note.into(),
    }
}

fn theorem_check(item: &str, source: &str, v: &Verification, secs: f64, note: &str) -> Check {
    Check {
        item: format!("{item}, all 1 ≤ n, m ≤ {}", v.max),
        source: source.into(),
        published: "holds".into(),
        computed: holds_text(v),
        status: Status::of(v.holds),
        note: format!("{note} Table and check took {secs:.1} s."),
    }
}

fn moves_text(t: &Table, n: u64, m: u64) -> String {
    let best = t.best_moves(n, m).unwrap_or_default();
    let mut s: Vec<String> = best.iter().take(4).map(Move::to_string).collect();
    if best.len() > 4 {
        s.push(format!("… ({} in all)", best.len()));
    }
    s.join(", ")
}

/// The classic starting positions under one table.
const CLASSIC: [(u64, u64); 6] = [(24, 24), (23, 23), (24, 23), (23, 24), (20, 20), (32, 32)];

struct Tally {
    md: String,
    json: Vec<serde_json::Value>,
}

fn classic_rows(t: &Table, out: &mut Tally) {
    for (n, m) in CLASSIC {
        if let Ok(p) = t.probability(n, m) {
            let _ = writeln!(
                out.md,
                "| {} | {} | ({n}, {m}) | {p} | {:.6} | {} |",
                t.rules(),
                t.questions().parts(),
                p.to_f64(),
                moves_text(t, n, m)
            );
            out.json.push(json!({
                "rules": t.rules().name(), "questions": t.questions().parts(),
                "n": n, "m": m, "p": p.to_string(), "p_float": p.to_f64(),
            }));
        }
    }
}

/// Extremes of `P(n, n)` over `lo ≤ n ≤ hi`: ((min, at), (max, at)).
fn equal_pool_extremes(t: &Table, lo: u64, hi: u64) -> ((Prob, u64), (Prob, u64)) {
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

/// The report section of this domain.
pub fn report_section(opts: &ReportOptions) -> Section {
    let mut s = Section::new("guesswho", "Guess Who");
    let (max2, max3) = ranges(opts);
    let mut md = String::new();
    let mut classic = Tally {
        md: String::from(
            "| rules | questions | position | P exact | P ≈ | optimal first moves |\n| --- | --- | --- | --- | --- | --- |\n",
        ),
        json: Vec::new(),
    };
    let mut halving = Vec::new();
    let mut verifications = Vec::new();

    // ---- Race rules, yes/no questions: Nica.
    let t0 = Instant::now();
    let race = Table::solve(max2, Rules::Race, Questions::Two).expect("report sizes fit");
    let v = nica_theorem_1_1(&race);
    let secs = t0.elapsed().as_secs_f64();
    s.checks.push(theorem_check(
        "Theorem 1.1: p* = eq. (1.1)/(1.2) and b* (bold 2^k / safe ⌊n/2⌋) optimal",
        "Nica, Theorem 1.1",
        &v,
        secs,
        "Exact integer table N = n·m·p* against the closed form, and the stated bid's value against the optimum.",
    ));
    verifications.push(json!({"theorem": v.theorem, "rules": "race", "questions": 2, "max": v.max, "checked": v.checked, "counterexamples": v.counterexample_count, "holds": v.holds, "seconds": secs}));

    // Remark 3.10 and Lemma 3.5 over the whole range, in integers: 3nm·(p* − p∞) = 3N − 3nm·p∞
    // must be −2 in the weeds and 4 with the upper hand; p∞(2n, 2m) = p∞(n, m) iff
    // 3(2n)(2m)·p∞(2n, 2m) = 4·3nm·p∞(n, m). Spot-checked against exact rationals.
    let mut remark_ok = true;
    let mut lemma_ok = true;
    for n in 2..=max2 {
        for m in 2..=max2 {
            let p3 = p_infinity_times_3nm(n, m).expect("n, m ≥ 2");
            let diff = 3 * i128::from(race.numerator(n, m).expect("inside")) - p3;
            let claimed = match nica_region(n, m) {
                NicaRegion::InTheWeeds { .. } => -2,
                _ => 4,
            };
            remark_ok &= diff == claimed;
            lemma_ok &= p_infinity_times_3nm(2 * n, 2 * m) == Some(4 * p3);
        }
    }
    for (n, m) in [(3, 2), (24, 24), (40, 10), (100, 7), (7, 100)] {
        let d = race.probability(n, m).expect("inside").to_rational()
            - p_infinity_exact(n, m).expect("n, m ≥ 2");
        remark_ok &= Some(d) == remark_3_10_difference(n, m);
    }
    s.checks.push(Check {
        item: format!("Remark 3.10: p* − p∞ exactly, all 2 ≤ n, m ≤ {max2}"),
        source: "Nica, Remark 3.10 (eq. 3.8)".into(),
        published: "−2/(3nm) in the weeds, 4/(3nm) with the upper hand".into(),
        computed: if remark_ok {
            "−2/(3nm) in the weeds, 4/(3nm) with the upper hand".into()
        } else {
            "differs somewhere".into()
        },
        status: Status::of(remark_ok),
        note: "p* from the exact table, p∞ from Props. 3.8/3.9: 3nm(p* − p∞) compared in exact integers (and as rationals at a few points).".into(),
    });
    s.checks.push(Check {
        item: format!("Lemma 3.5: p∞(2x, 2y) = p∞(x, y), all 2 ≤ x, y ≤ {max2}"),
        source: "Nica, Lemma 3.5".into(),
        published: "holds".into(),
        computed: if lemma_ok {
            "holds".into()
        } else {
            "fails".into()
        },
        status: Status::of(lemma_ok),
        note: "Exact, at integer points (3nm·p∞ is an integer).".into(),
    });
    let lose = r(1, 1) - p_infinity_exact(8, 4).expect("(8,4)");
    s.checks.push(Check::compare(
        "Lemma 3.7: P(Player 1 loses) from α = 4, β = 2",
        "Nica, Lemma 3.7",
        "2/3",
        &lose.to_string(),
        "1 − p∞(8, 4).",
    ));
    // Section 1.1: bold bid strictly below ⌊n/2⌋?
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
    s.checks.push(differs(
        "the bold bid is always strictly < ⌊n/2⌋",
        "Nica, section 1.1",
        "2^k < ⌊n/2⌋",
        &format!("2^k ≤ ⌊n/2⌋, equal at n = 2^(k+1) + 1 (n ∈ {equal_at:?} up to 64)"),
        "Weeds need n ≥ 2^(k+1) + 1, where ⌊n/2⌋ = 2^k. Both bids are optimal there, so Theorem 1.1 is unaffected; the success chance 2^k/n < 1/2 is right.",
    ));

    // Section 1.2: equal pools and the fair handicap.
    let eq_lo = equal_pools_limit(&r(4, 3));
    let eq_hi = equal_pools_limit(&r(2, 1));
    s.checks.push(Check::compare(
        "equal pools, continuous limit: range of p∞(x, x)",
        "Nica, section 1.2",
        "5/8 .. 2/3",
        &format!("{eq_lo} .. {eq_hi}"),
        "p∞(x, x) = 1 − 1/α + 2/(3α²), α ∈ (1, 2]: minimum 5/8 at α = 4/3, supremum 2/3 at α = 2 (and α → 1).",
    ));
    let ((pmin, nmin), (pmax, nmax)) = equal_pool_extremes(&race, 8, max2);
    let above = (8..=max2)
        .filter(|&n| race.probability(n, n).expect("inside").to_rational() > r(2, 3))
        .collect::<Vec<_>>();
    s.checks.push(differs(
        &format!("equal pools, exact: range of p*(n, n) over 8 ≤ n ≤ {max2}"),
        "Nica, section 1.2",
        "between 5/8 and 2/3, no matter how large",
        &format!("min {pmin} at n = {nmin}, max {pmax} at n = {nmax}; above 2/3 at n ∈ {above:?}"),
        "p*(n, n) = p∞(n, n) + 4/(3n²) > 5/8 always, but at every power of two p*(n, n) = 2/3 + 4/(3n²) > 2/3: the bounds hold for p∞, for p* only in the limit.",
    ));
    let h_lo = fair_handicap_limit(&r(2, 1));
    let h_hi = fair_handicap_limit(&r(4, 3));
    s.checks.push(Check::compare(
        "fair handicap factor, continuous limit",
        "Nica, section 1.2",
        "4/3 .. 3/2",
        &format!("{h_lo} .. {h_hi}"),
        "The c with p∞(c·y, y) = 1/2: c = 4/(3β(2−β)) for β ≤ 4/3, 4/β − 8/(3β²) above; 4/3 at β = 2, 3/2 at β = 4/3.",
    ));
    let mut lows = vec![16, max2 / 16];
    lows.dedup();
    for lo in lows {
        let hi = max2 / 2;
        if let Some(((cmin, mmin), (cmax, mmax))) = handicap_extremes(&race, lo, hi) {
            s.checks.push(new_check(
                &format!("fair handicap, exact: n_fair(m)/m over {lo} ≤ m ≤ {hi}"),
                "Nica, section 1.2",
                "4/3 .. 3/2",
                &format!(
                    "min {cmin} ≈ {:.4} at m = {mmin}, max {cmax} ≈ {:.4} at m = {mmax}",
                    to_f64(&cmin),
                    to_f64(&cmax)
                ),
                "n_fair(m) = the smallest first pool n with p*(n, m) ≤ 1/2; compare the two ranges: the extremes approach 4/3 and 3/2 as m grows.",
            ));
        }
    }
    classic_rows(&race, &mut classic);
    let (bad, all) = even_split_not_optimal(&race);
    halving.push(
        json!({"rules": "race", "questions": 2, "max": max2, "not_optimal": bad, "positions": all}),
    );
    s.figures.push(Figure {
        file_name: "guesswho-race-2way.svg".into(),
        caption: "Nica Figure 1: p*(n, m), race rules, yes/no questions, 1 ≤ n, m ≤ 32".into(),
        svg: plot::figure_1(&race, 32).unwrap_or_default(),
    });
    drop(race);
    crate::step("race rules (Nica)");
    s.figures.push(Figure {
        file_name: "guesswho-continuous.svg".into(),
        caption: "Nica Figure 2: p∞ on the L-shaped region (2, 8] × (1, 2] ∪ (1, 2] × (1, 8]"
            .into(),
        svg: plot::figure_2(8.0, 20).unwrap_or_default(),
    });

    // ---- Official rules, yes/no questions: Cushing et al.
    let t0 = Instant::now();
    let off = Table::solve(max2, Rules::Official, Questions::Two).expect("report sizes fit");
    let v = cushing_theorem_1_1(&off);
    let secs = t0.elapsed().as_secs_f64();
    s.checks.push(theorem_check(
        "Theorem 1.1: S(n, m) optimal (exceptions (4,4), (6,4), (10,4)), with eq. (6) P(n,4) = 4/n for n ≥ 10",
        "Cushing et al., Theorem 1.1, Lemma 1.5",
        &v,
        secs,
        "The authors checked n ≤ 11, m ≤ 4 by computer.",
    ));
    verifications.push(json!({"theorem": v.theorem, "rules": "official", "questions": 2, "max": v.max, "checked": v.checked, "counterexamples": v.counterexample_count, "holds": v.holds, "seconds": secs}));
    for (n, m, published) in [(4, 4, "9/16"), (6, 4, "1/2"), (10, 4, "2/5")] {
        s.checks.push(Check::compare(
            &format!("P({n},{m}), official rules"),
            "Cushing et al., Lemma 1.5 (iii)",
            published,
            &off.probability(n, m)
                .map(|p| p.to_string())
                .unwrap_or_default(),
            "",
        ));
    }
    let n = 11u64;
    let mp = |m: u64, k: u64| {
        off.move_probability(n, m, &duel_guesswho::closed_form::split(&[k, n - k]))
            .map(|p| p.to_string())
            .unwrap_or_default()
    };
    s.checks.push(differs(
        "P(3,[1:n−1]) (Joe's chance after our question 1 at (n, 3))",
        "Cushing et al., proof of Lemma 1.5",
        "(3n−7)/n",
        &format!("(3n−7)/(3n) (at n = 11 our side gets {})", mp(3, 1)),
        "As printed the value exceeds 1: a misprint for (3n−7)/(3n). The proof's comparison is unaffected.",
    ));
    s.checks.push(differs(
        "P(3,[k:n−k]) for every k ≥ 2",
        "Cushing et al., proof of Lemma 1.5",
        "(3n−10)/(3n)",
        &format!("(3n−8)/(3n) at k = 2, (n−3)/n at k = 3, (3n−10)/(3n) for k ≥ 4 (n = 11, k = 2: ours {})", mp(3, 2)),
        "The step P(3,[k:n−k]) = 1 − P([k:n−k],[1:2]) uses P(x,2) = 2/x, false for x = 2, 3 (P(2,2) = P(3,2) = 1/2). The values for k = 2, 3 are still worse for us, so the conclusion stands.",
    ));
    s.checks.push(differs(
        "P(4,[k:n−k]) for every k ≥ 2, k ≠ 4",
        "Cushing et al., proof of Lemma 1.5",
        "(n−4)/n",
        &format!("(n−3)/n at k = 2, (2n−7)/(2n) at k = 3, (n−4)/n for k ≥ 5 (n = 11, k = 3: ours {})", mp(4, 3)),
        "Same cause (P(x,2) = 1/2 at x = 2, 3). The conclusion stands: k = 1 and 4 are still worse than n_<.",
    ));
    s.checks.push(differs(
        "P([k:n−k],4) for k ≥ 8",
        "Cushing et al., proof of Lemma 1.5 (iii)",
        "8/n",
        &format!(
            "15/(2n) at k = 8, 31/(4n) at k = 9 (P(8,4) = {}, P(9,4) = {}), 8/n for k ≥ 10",
            off.probability(8, 4).map(|p| p.to_string()).unwrap_or_default(),
            off.probability(9, 4).map(|p| p.to_string()).unwrap_or_default()
        ),
        "Eq. (6) P(k,4) = 4/k needs k ≥ 10. The contradiction argued for k = 4, 6, 10 is unaffected (Theorem 1.1 holds above).",
    ));
    let ((omin, onmin), (omax, onmax)) = equal_pool_extremes(&off, 8, max2);
    s.checks.push(new_check(
        &format!("equal pools, official rules: range of P(n, n) over 8 ≤ n ≤ {max2}"),
        "beyond the papers",
        "-",
        &format!("min {omin} at n = {onmin}, max {omax} at n = {onmax}"),
        "",
    ));
    classic_rows(&off, &mut classic);
    let (bad, all) = even_split_not_optimal(&off);
    halving.push(json!({"rules": "official", "questions": 2, "max": max2, "not_optimal": bad, "positions": all}));
    s.figures.push(Figure {
        file_name: "guesswho-official-2way.svg".into(),
        caption: "P(n, m), official rules, yes/no questions, 1 ≤ n, m ≤ 32".into(),
        svg: plot::figure_1(&off, 32).unwrap_or_default(),
    });
    drop(off);
    crate::step("official rules, Theorem 1.1");

    // ---- Official rules, headbusting questions: Cushing et al. Theorem 1.6.
    let t0 = Instant::now();
    // Theorem 1.6 is checked as far as the yes/no theorems (the solver is fast enough).
    let max_thm = max2;
    let off3 = Table::solve(max_thm, Rules::Official, Questions::Three).expect("report sizes fit");
    let printed = cushing_theorem_1_6_printed(&off3);
    let corrected = cushing_theorem_1_6_corrected(&off3);
    let secs = t0.elapsed().as_secs_f64();
    let no_case = (1..=max_thm)
        .flat_map(|n| (1..=max_thm).map(move |m| (n, m)))
        .filter(|&(n, m)| cushing_tripartite_printed(n, m).is_none())
        .count();
    let not_a_move = (1..=max_thm)
        .flat_map(|n| (1..=max_thm).map(move |m| (n, m)))
        .filter(|&(n, m)| {
            cushing_tripartite_printed(n, m)
                .is_some_and(|p| !p.is_empty() && p.iter().sum::<u64>() != n)
        })
        .count();
    s.checks.push(Check {
        item: format!("Theorem 1.6 as printed, all 1 ≤ n, m ≤ {max_thm}"),
        source: "Cushing et al., Theorem 1.6".into(),
        published: "S(n, m) optimal".into(),
        computed: holds_text(&printed),
        status: Status::of(printed.holds),
        note: format!(
            "Two misprints. (a) n_<, n_∘, n_> sum ⌊(n+i)/3^(k−1)⌋ over i < 3^k, 3^k ≤ i < 2·3^k, 2·3^k ≤ i < 3^(k+1): about 3n each, e.g. (10, 2) gives {:?}, not a question. \
             (b) The third case reads n = 3^k + 2·3^k + 1, impossible since n < 3^(k+1); no case covers n = 3^k + 2·3^(k−1) + 1 when m ≥ 3^k + 3^(k−1). In this range (a) gives no question at {not_a_move} positions and (b) no decision at {no_case}; the n ≤ 9 table is right.",
            cushing_tripartite_printed(10, 2).unwrap_or_default()
        ),
    });
    s.checks.push(Check {
        item: format!("Theorem 1.6 corrected, all 1 ≤ n, m ≤ {max_thm}"),
        source: "Cushing et al., Theorem 1.6 (corrected here)".into(),
        published: "S(n, m) optimal".into(),
        computed: holds_text(&corrected),
        status: if corrected.holds { Status::New } else { Status::Differs },
        note: format!(
            "Corrected: with d = 3^(k−1), e = 3^(k−2): n_< = Σ_{{i<e}} ⌊(n+i)/d⌋, n_∘ = Σ_{{e≤i<2e}} ⌊(n+i)/d⌋, n_> = Σ_{{2e≤i<d}} ⌊(n+i)/d⌋ (they add up to n), and the third case at n = 3^k + 2·3^(k−1) + 1 (whose parts 3^(k−1) + (3^(k−1)+2) + (3^k−1) add up to exactly that). Table and both checks took {secs:.1} s."
        ),
    });
    verifications.push(json!({"theorem": printed.theorem, "rules": "official", "questions": 3, "max": max_thm, "checked": printed.checked, "counterexamples": printed.counterexample_count, "holds": printed.holds}));
    verifications.push(json!({"theorem": corrected.theorem, "rules": "official", "questions": 3, "max": max_thm, "checked": corrected.checked, "counterexamples": corrected.counterexample_count, "holds": corrected.holds, "seconds": secs}));
    classic_rows(&off3, &mut classic);
    let (bad, all) = even_split_not_optimal(&off3);
    halving.push(json!({"rules": "official", "questions": 3, "max": max_thm, "not_optimal": bad, "positions": all}));
    s.figures.push(Figure {
        file_name: "guesswho-official-3way.svg".into(),
        caption: "P(n, m), official rules, headbusting (3-way) questions, 1 ≤ n, m ≤ 32".into(),
        svg: plot::figure_1(&off3, 32).unwrap_or_default(),
    });
    drop(off3);
    crate::step("official rules, Theorem 1.6");

    // ---- The rest: no published theorem; the recurrence check and the counts.
    for (rules, questions) in [
        (Rules::Race, Questions::Three),
        (Rules::FreeGuess, Questions::Two),
        (Rules::FreeGuess, Questions::Three),
    ] {
        let max = if questions == Questions::Two {
            max2
        } else {
            max3
        };
        let t0 = Instant::now();
        let t = Table::solve(max, rules, questions).expect("report sizes fit");
        let check_max = max.min(if questions == Questions::Two {
            1024
        } else {
            256
        });
        let small = Table::solve(check_max, rules, questions).expect("fits");
        let v = recurrence_check(&small);
        let secs = t0.elapsed().as_secs_f64();
        s.checks.push(new_check(
            &format!(
                "{rules} rules, {}-way: table = best move, all 1 ≤ n, m ≤ {check_max}",
                questions.parts()
            ),
            "beyond the papers",
            "-",
            &holds_text(&v),
            &format!("Every move enumerated one by one against the min-plus table ({secs:.1} s)."),
        ));
        classic_rows(&t, &mut classic);
        let (bad, all) = even_split_not_optimal(&t);
        halving.push(json!({"rules": rules.name(), "questions": questions.parts(), "max": max, "not_optimal": bad, "positions": all}));
        crate::step(&format!("{rules} rules, {}-way", questions.parts()));
    }

    // ---- Markdown.
    let _ = writeln!(
        md,
        "Exact values: every probability is the integer N(n, m) = n·m·P(n, m) of an exact table (u32, 4 bytes per position); \
         yes/no tables and the official three-way table up to {max2}, the other three-way tables up to {max3}. Rules: `race` (Nica), `official` (Cushing et al.), \
         `free-guess` (a wrong guess only removes the candidate; beyond the papers).\n"
    );
    md.push_str("### Classic starting positions\n\n");
    md.push_str(&classic.md);
    md.push_str("\n### Positions where splitting evenly is not optimal\n\n");
    md.push_str("Even split: halves ⌊n/2⌋ + ⌈n/2⌉ for yes/no questions, thirds ⌊n/3⌋ + ⌊(n+1)/3⌋ + ⌊(n+2)/3⌋ for three-way questions; positions 2 ≤ n, m ≤ max.\n\n");
    md.push_str("| rules | questions | max | not optimal | positions | share |\n| --- | --- | --- | --- | --- | --- |\n");
    for h in &halving {
        let bad = h["not_optimal"].as_u64().unwrap_or(0);
        let all = h["positions"].as_u64().unwrap_or(1).max(1);
        let _ = writeln!(
            md,
            "| {} | {} | {} | {bad} | {all} | {:.1} % |",
            h["rules"].as_str().unwrap_or(""),
            h["questions"],
            h["max"],
            100.0 * bad as f64 / all as f64
        );
    }
    s.markdown = md;
    s.json = json!({
        "ranges": {"two_way": max2, "three_way": max3},
        "verifications": verifications,
        "classic_positions": classic.json,
        "even_split_not_optimal": halving,
        "equal_pools_limit": [eq_lo.to_string(), eq_hi.to_string()],
        "fair_handicap_limit": [h_lo.to_string(), h_hi.to_string()],
    });
    s
}
