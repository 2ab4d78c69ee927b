//! The search section of the reproduction report: Remark 17 exactly, the τ̄_K table of
//! section 8.11 beside the paper's, the convergence figures and the corrected s of SymP (the
//! matches of sections 8.4–8.10 are in [`section8::families`]).
//!
//! - `section8/`: section 8, the experiments (see its `mod.rs`).

pub mod section8;

use std::fmt::Write as _;

use plotters::prelude::*;
use rand::SeedableRng;
use serde_json::json;

use crate::{Check, Figure, ReportOptions, Section, Status};
use duel_games::pearl::{self, Pearl};

use duel_search::experiments::{
    alpha_beta_expected_leaves, convergence, golden, leaves_experiment, remark17, solve_root,
};
use duel_search::priors::PriorKind;
use duel_search::tree::ExplicitTree;

const MEMORY: u64 = 512 << 20;

fn frac(x: &num_rational::BigRational) -> String {
    format!("{}/{}", x.numer(), x.denom())
}

/// x written over 256, as the paper prints R_n(r).
fn over256(x: &num_rational::BigRational) -> String {
    let scaled = x * num_rational::BigRational::from_integer(256.into());
    if scaled.is_integer() {
        format!("{}/256", scaled.numer())
    } else {
        frac(x)
    }
}

fn check(item: &str, source: &str, published: &str, computed: &str, ok: bool, note: &str) -> Check {
    Check::new(item, source, published, computed, Status::of(ok), note)
}

/// The report section of this domain.
pub fn report_section(opts: &ReportOptions) -> Section {
    let mut s = Section::new(
        "search",
        "Tree search: MCTS and the Bayesian search of Delattre & Fournier",
    );
    let mut md = String::new();
    let mut data = serde_json::Map::new();

    // Remark 17, exactly.
    let r = remark17();
    let src17 = "Delattre & Fournier, proof of Remark 17";
    let pubs_m = ["207/256", "9/16", "3/4", "1/2"];
    for (k, p) in pubs_m.iter().enumerate() {
        s.checks.push(Check::compare(
            &format!("𝔪({k}), binary tree of depth 3, Bernoulli(1/2) leaves"),
            src17,
            p,
            &frac(&r.m[k]),
            "Example 23 recursion in exact rationals",
        ));
    }
    for (k, p) in ["9/256", "1/16", "1/4"].iter().enumerate() {
        s.checks.push(Check::compare(
            &format!("𝔰({})", k + 1),
            src17,
            p,
            &frac(&r.s[k + 1]),
            "Example 23 recursion in exact rationals",
        ));
    }
    s.checks.push(Check::compare(
        "R_1(r) after R(111) = 1 / = 0",
        src17,
        "228/256, 186/256",
        &format!("{}, {}", over256(&r.r1.0), over256(&r.r1.1)),
        "duel's Algorithm 13 picks the leaves; R_n evaluated exactly",
    ));
    for (n, p) in ["4851/32768", "2107/16384", "859/8192"].iter().enumerate() {
        s.checks.push(Check::compare(
            &format!("E[(R_{}(r) − R(r))²], Algorithm 13", n + 1),
            src17,
            p,
            &frac(&r.algorithm13[n]),
            "all 256 outcomes enumerated; leaves chosen by duel's implementation",
        ));
    }
    for (n, p) in ["4851/32768", "2215/16384", "847/8192"].iter().enumerate() {
        s.checks.push(Check::compare(
            &format!("E[(R̃_{}(r) − R(r))²], the alternative strategy", n + 1),
            src17,
            p,
            &frac(&r.alternative[n]),
            "worse than Algorithm 13 after 2 steps, better after 3",
        ));
    }

    // Section 8.11: alpha-beta optimum and τ̄_K.
    let src811 = "Delattre & Fournier, section 8.11";
    let ks: Vec<u32> = if opts.quick {
        vec![4, 8]
    } else {
        vec![4, 8, 12, 16]
    };
    let trials_for = |k: u32| -> u64 {
        match (opts.quick, k) {
            (true, 4) => 4000,
            (true, _) => 1000,
            (false, _) => 10_000,
        }
    };
    let paper_tau = [
        (4, "6.84", "6.8541"),
        (8, "47.14", "46.9787"),
        (12, "323.51", "321.9969"),
        (16, "2207.89", "2206.9995"),
    ];
    let symp = PriorKind::Symmetric {
        a: golden(),
        b: 0.0,
        name: "symp",
    };
    let printed_27 = PriorKind::Symmetric {
        a: golden(),
        b: 2.0,
        name: "sym",
    };
    md.push_str("### Section 8.11: leaves SymP needs to determine R(r) (Pearl's game, d = 2, p = a = (√5−1)/2)\n\n");
    let _ = writeln!(
        md,
        "{} realizations per K (the paper: 10,000).\n",
        if opts.quick {
            "4000 (K = 4) and 1000 (K = 8)"
        } else {
            "10,000"
        }
    );
    md.push_str("| K | τ̄_K paper | τ̄_K duel (± s.e.) | (2/(√5−1))^K | duel / optimum |\n| --- | --- | --- | --- | --- |\n");
    let mut tau_json = Vec::new();
    for &(k, tau_pub, ab_pub) in &paper_tau {
        let ab = alpha_beta_expected_leaves(2, k, golden());
        s.checks.push(Check::compare(
            &format!("alpha-beta expected leaves, K = {k}"),
            src811,
            ab_pub,
            &format!("{ab:.4}"),
            "SOLVE recursion with random child order; equals (2/(√5−1))^K",
        ));
        if !ks.contains(&k) {
            continue;
        }
        let trials = trials_for(k);
        let base = Pearl::new(2, k, Some(golden()), 0).expect("valid Pearl game");
        match leaves_experiment(
            |sd| base.with_seed(sd),
            &symp,
            trials,
            8110 + k as u64,
            MEMORY,
            &|| {},
        ) {
            Ok((sum, _)) => {
                let ratio = sum.mean / ab;
                let ok = (ratio - 1.0).abs() <= 0.02;
                s.checks.push(check(
                    &format!("τ̄_{k}, SymP, {trials} trials"),
                    src811,
                    tau_pub,
                    &format!("{:.2} ± {:.2}", sum.mean, sum.stderr),
                    ok,
                    &format!("must be within 2 % of (2/(√5−1))^K = {ab:.4}: ratio {ratio:.4}"),
                ));
                let _ = writeln!(
                    md,
                    "| {k} | {tau_pub} | {:.2} ± {:.2} | {ab:.4} | {ratio:.4} |",
                    sum.mean, sum.stderr
                );
                tau_json.push(json!({"k": k, "paper": tau_pub, "mean": sum.mean, "stderr": sum.stderr, "sd": sum.sd, "trials": sum.trials, "alpha_beta": ab}));
            }
            Err(e) => {
                let _ = writeln!(md, "| {k} | {tau_pub} | failed: {e} | {ab:.4} | |");
            }
        }
    }
    data.insert("tau".into(), json!(tau_json));
    crate::step("section 8.11, τ̄_K");

    // Remark 27: the printed s against the one Remark 24 implies.
    let base4 = Pearl::new(2, 4, Some(golden()), 0).expect("valid Pearl game");
    let t27 = if opts.quick { 300 } else { 4000 };
    let printed = leaves_experiment(
        |sd| base4.with_seed(sd),
        &printed_27,
        t27,
        27,
        MEMORY,
        &|| {},
    );
    let fixed = leaves_experiment(|sd| base4.with_seed(sd), &symp, t27, 27, MEMORY, &|| {});
    if let (Ok((p, _)), Ok((f, _))) = (printed, fixed) {
        s.checks.push(check(
            "SymP's s (Remark 27, also §2.14 with b = 2)",
            "Delattre & Fournier, Remark 27",
            "s(x) = m(v)^{2(d−1)} s(v) (side of the mover at v)",
            "s(x) = s(v) / m(x)^{2(d−1)} = s(v) m(v)^{−2(d−1)/d}",
            false,
            &format!(
                "Remark 24 gives 𝔰(k) = 𝔪(k+1)^{{2d−2}} 𝔰(k+1), the inverse relation. On Pearl d=2 K=4 with p = a = (√5−1)/2, the printed rule needs τ̄ = {:.2} leaves, the corrected one {:.2} (alpha-beta: 6.8541), and the corrected SymP coincides with GW as section 8.2 says it should",
                p.mean, f.mean
            ),
        ));
    }

    crate::step("Remark 27");

    // Section 8.4: the fair p.
    let p32 = pearl::fair_leaf_probability(2, 32);
    s.checks.push(Check::new(
        "p with E[R(r)] = 1/2, d = 2, K = 32",
        "Delattre & Fournier, section 8.4",
        "computed numerically (not printed)",
        &format!("{p32:.12}"),
        Status::New,
        "bisection on Remark 24's recursion; (√5−1)/2 = 0.618034 is its limit for even K",
    ));

    // Proposition 15 on random trees.
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(15);
    let n_trees = if opts.quick { 100 } else { 2000 };
    let mut agree = 0;
    let priors = [
        PriorKind::Symmetric {
            a: 0.5,
            b: 0.0,
            name: "sym",
        },
        PriorKind::Symmetric {
            a: 0.3,
            b: 0.0,
            name: "symp",
        },
        PriorKind::Symmetric {
            a: 0.8,
            b: 3.0,
            name: "sym",
        },
        PriorKind::GaltonWatson { fit: 50 },
        PriorKind::GaltonWatson2 { fit: 50 },
    ];
    for i in 0..n_trees {
        let t = ExplicitTree::random(&mut rng, 6, 4, 0.25);
        let prior = &priors[i % priors.len()];
        if let Ok(run) = solve_root(&t, prior, i as u64, false, MEMORY) {
            if run.value == t.minimax()
                && run.leaves as usize <= t.leaf_count()
                && run.leaves == run.iterations
            {
                agree += 1;
            }
        }
    }
    s.checks.push(check(
        "Algorithm 13 reaches the exact minimax value, any admissible m, s",
        "Delattre & Fournier, Proposition 15",
        "R_n(r) ∈ {0,1} after finitely many steps, = R(r)",
        &format!("{agree}/{n_trees} random trees (depth ≤ 6, degree ≤ 4), Sym/SymP/GW/GW2"),
        agree == n_trees,
        "value checked against plain recursion; one new leaf per iteration (15 (i))",
    ));

    crate::step("Proposition 15");
    md.push_str("\nThe speed of the agents (iterations per second, cost per iteration against MCTS, and as the tree grows, section 2.12) is measured by `cargo bench -p duel-search --bench search`, not here: timings are not reproductions.\n");

    // Section 8.3: the championships that fit MCTS's parameters, and the referee.
    let fit = section8::championship::report_part(opts, &mut md, &mut s.checks);
    data.insert("championship".into(), fit);

    md.push_str("\nThe matches of sections 8.4–8.10 are the section \"families\".\n");

    // Figures: E[(R_n(r) − R(r))²] for K = 8 and 16, and one trajectory for K = 16.
    let mut figs = Vec::new();
    for (k, n_max, tr) in [
        (8u32, 120usize, if opts.quick { 300 } else { 10_000 }),
        (16, 6000, if opts.quick { 30 } else { 10_000 }),
    ] {
        let base = Pearl::new(2, k, Some(golden()), 0).expect("valid Pearl game");
        if let Ok((mse, traj)) = convergence(
            |sd| base.with_seed(sd),
            &symp,
            tr,
            n_max,
            1100 + k as u64,
            MEMORY,
        ) {
            let pts: Vec<(f64, f64)> = mse
                .iter()
                .enumerate()
                .map(|(i, &v)| ((i + 1) as f64, v))
                .collect();
            if let Some(svg) = line_chart(
                &format!("E[(R_n(r) − R(r))²], SymP, Pearl d=2 K={k}, {tr} trials"),
                "n (iterations)",
                "mean squared error E[(R_n(r) − R(r))²]",
                &pts,
            ) {
                figs.push(Figure {
                    file_name: format!("search-mse-k{k}.svg"),
                    caption: format!(
                        "Section 8.11: E[(R_n(r) − R(r))²] against n, K = {k}, {tr} trials"
                    ),
                    svg,
                });
            }
            data.insert(
                format!("mse_k{k}"),
                json!(mse.iter().step_by((n_max / 200).max(1)).collect::<Vec<_>>()),
            );
            if k == 16 {
                let pts: Vec<(f64, f64)> = traj
                    .iter()
                    .enumerate()
                    .map(|(i, &v)| ((i + 1) as f64, v))
                    .collect();
                if let Some(svg) = line_chart(
                    "One trajectory n ↦ R_n(r), SymP, Pearl d=2 K=16",
                    "n (iterations)",
                    "estimate R_n(r) of the root's value",
                    &pts,
                ) {
                    figs.push(Figure {
                        file_name: "search-trajectory-k16.svg".to_string(),
                        caption: "Section 8.11: one trajectory of R_n(r), K = 16".to_string(),
                        svg,
                    });
                }
            }
        }
    }
    crate::step("section 8.11 figures");
    s.figures = figs;
    md.push_str("\nNotes. Draws count as losses of the player to move at the root (the paper's convention, section 1). Sym and SymP use a = 1/2 unless given (`symp:a=0.618`). GW and GW2 fit μ_k, q_k from uniformly random matches played from the position they first search (section 8.2), 10,000 by default (`gw:fit=N`).\n");
    s.markdown = md;
    s.json = serde_json::Value::Object(data);
    s
}

/// A line chart as an SVG string; x counts iterations, so its ticks are integers.
fn line_chart(title: &str, x_label: &str, y_label: &str, pts: &[(f64, f64)]) -> Option<String> {
    if pts.is_empty() {
        return None;
    }
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (720, 420)).into_drawing_area();
        root.fill(&WHITE).ok()?;
        let x_max = pts.iter().map(|p| p.0).fold(1.0, f64::max);
        let y_max = pts.iter().map(|p| p.1).fold(0.0, f64::max).max(1e-9) * 1.05;
        let mut chart = ChartBuilder::on(&root)
            .caption(title, ("sans-serif", 16))
            .margin(10)
            .margin_right(30)
            .x_label_area_size(40)
            .y_label_area_size(60)
            .build_cartesian_2d(0.0..x_max, 0.0..y_max)
            .ok()?;
        chart
            .configure_mesh()
            .x_desc(x_label)
            .y_desc(y_label)
            .x_label_formatter(&|x| format!("{x:.0}"))
            .draw()
            .ok()?;
        chart
            .draw_series(LineSeries::new(pts.iter().copied(), &BLUE))
            .ok()?;
        root.present().ok()?;
    }
    Some(svg)
}
