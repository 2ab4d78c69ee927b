//! `duel bidding` subcommands: Richman values, discrete thresholds, chip tables, optimal bids.

use std::fmt::Write as _;
use std::process::ExitCode;

use anyhow::{anyhow, bail, Context};
use duel::bidding::allk::{all_totals, find_period, PeriodFinding, DEFAULT_MEMORY_LIMIT};
use duel::bidding::boards::{
    connect_richman_dense, hex_dense, hex_richman_dense, DenseRichman, Hex, LineGame, DENSE_LIMIT,
};
use duel::bidding::brute::{BruteForce, TieRule};
use duel::bidding::discrete::{
    advise, mitt_label, threshold_ranks, threshold_table, thresholds, Recursion,
};
use duel::bidding::games::{parse_game, BuiltGame, GameSpec, MAX_POSITIONS};
use duel::bidding::graph::Side;
use duel::bidding::layered::periodic_rows;
use duel::bidding::periodicity::{period_bound, Periodicity};
use duel::bidding::realvalued::taxman_values;
use duel::bidding::richman::Richman;
use duel::bidding::{approx, bound_text, count_text};
use duel::exact::{Chips, Rational};
use num_bigint::BigInt;
use num_traits::{One, ToPrimitive};
use serde_json::json;

use crate::output::{out, out_raw, print_json, progress};
use crate::Ctx;

#[derive(clap::Subcommand)]
pub enum Cmd {
    /// The exact Richman value R(G) (real-valued bidding) and the optimal first bid and moves.
    Richman {
        /// The game (e.g. tictactoe, tug:3, (A^B:2)^B, connect:4x4:3, hex:3).
        game: String,
        /// One JSON document on stdout.
        #[arg(long)]
        json: bool,
    },
    /// The discrete threshold f(G, K): the fewest chips (N ∪ N*) Alice needs with K in all.
    Threshold {
        /// The game.
        game: String,
        /// The total number of ordinary chips K (any size: periodicity is used where needed).
        #[arg(long, allow_hyphen_values = true)]
        chips: String,
        /// advantage (Theorem 3.7), make-it-take-it, or ladies-first (search, K <= 200).
        #[arg(long, default_value = "advantage")]
        tie_break: String,
        /// One JSON document on stdout.
        #[arg(long)]
        json: bool,
    },
    /// f(G, k) for every k = 0..=K, with the period of Theorems 3.13 and 3.14 when found.
    Table {
        /// The game.
        game: String,
        /// The largest total K.
        #[arg(long, allow_hyphen_values = true)]
        max_chips: String,
        /// text, csv, json or markdown.
        #[arg(long, default_value = "text")]
        format: String,
        /// advantage, make-it-take-it, or ladies-first (search, K <= 200).
        #[arg(long, default_value = "advantage")]
        tie_break: String,
    },
    /// The period of f(G, k) on a board (tictactoe, connect:WxH:K, hex:N), every position's
    /// row kept as a periodic description (Theorems 3.12-3.14); then f(G, k) for any k.
    Period {
        /// The board game.
        game: String,
        /// Also print f(G, K) for this total (any size).
        #[arg(long, allow_hyphen_values = true)]
        chips: Option<String>,
        /// One JSON document on stdout.
        #[arg(long)]
        json: bool,
    },
    /// The optimal bid and moves from a position with given chips.
    Moves {
        /// The game.
        game: String,
        /// The position: a board (rows from the top split by '/', A, B and .) or a vertex name.
        #[arg(long, allow_hyphen_values = true)]
        position: Option<String>,
        /// Alice's and Bob's chips, e.g. 4,4.
        #[arg(long, allow_hyphen_values = true)]
        chips: String,
        /// Who wins ties now (holds the advantage): alice or bob.
        #[arg(long, default_value = "alice")]
        tie: String,
        /// advantage, make-it-take-it, ladies-first or losers-ball.
        #[arg(long, default_value = "advantage")]
        tie_break: String,
        /// One JSON document on stdout.
        #[arg(long)]
        json: bool,
    },
    /// Poorman (tax 1) and taxman (tax between 0 and 1) thresholds, exact.
    Taxman {
        /// The game (bounded).
        game: String,
        /// The tax: the share of a winning bid paid to the bank (0 = Richman, 1 = poorman).
        #[arg(long, default_value = "1", allow_hyphen_values = true)]
        tax: String,
        /// One JSON document on stdout.
        #[arg(long)]
        json: bool,
    },
}

pub fn run(cmd: Cmd, ctx: &Ctx) -> anyhow::Result<ExitCode> {
    match cmd {
        Cmd::Richman { game, json } => richman(&game, json, ctx),
        Cmd::Threshold {
            game,
            chips,
            tie_break,
            json,
        } => threshold(&game, &chips, &tie_break, json),
        Cmd::Table {
            game,
            max_chips,
            format,
            tie_break,
        } => table(&game, &max_chips, &format, &tie_break, ctx),
        Cmd::Moves {
            game,
            position,
            chips,
            tie,
            tie_break,
            json,
        } => moves(&game, position.as_deref(), &chips, &tie, &tie_break, json),
        Cmd::Taxman { game, tax, json } => taxman(&game, &tax, json),
        Cmd::Period { game, chips, json } => period(&game, chips.as_deref(), json, ctx),
    }?;
    Ok(ExitCode::SUCCESS)
}

fn parse_total(text: &str, what: &str) -> anyhow::Result<u64> {
    let t = text.trim();
    if t.is_empty() || !t.bytes().all(|b| b.is_ascii_digit()) {
        bail!("{what} must be a non-negative integer, got '{text}'");
    }
    let k: u64 = t
        .parse()
        .map_err(|_| anyhow!("{what} '{text}' is too large"))?;
    if k > duel::bidding::discrete::MAX_TOTAL {
        bail!(
            "{what} {k} is too large (at most {})",
            duel::bidding::discrete::MAX_TOTAL
        );
    }
    Ok(k)
}

fn build(spec: &GameSpec) -> anyhow::Result<BuiltGame> {
    Ok(spec.build()?)
}

fn richman(game: &str, json: bool, ctx: &Ctx) -> anyhow::Result<()> {
    let spec = parse_game(game)?;
    if let GameSpec::Connect { width, height, k } = spec {
        let bound = spec.position_bound();
        if bound > MAX_POSITIONS as u128 {
            if bound > DENSE_LIMIT as u128 {
                bail!(
                    "{} may need {} positions ({} bytes at 4 bytes each); the dense solver is limited to {DENSE_LIMIT} positions",
                    spec.name(),
                    bound_text(bound),
                    count_text(bound.saturating_mul(4))
                );
            }
            let board = LineGame::new(width, height, k, true)?;
            let bar = progress(ctx, 1, "solving (dense table)");
            let start = std::time::Instant::now();
            let dense = connect_richman_dense(&board)?;
            bar.finish_and_clear();
            let what = ("dense table over column states", "column states");
            return print_dense_richman(&spec, &dense, what, start, json);
        }
    }
    if let GameSpec::Hex(n) = spec {
        if spec.position_bound() > MAX_POSITIONS as u128 {
            let hex = Hex::new(n)?;
            let bar = progress(ctx, 1, "solving (dense table)");
            let start = std::time::Instant::now();
            let dense = hex_richman_dense(&hex)?;
            bar.finish_and_clear();
            let what = ("dense table of all boards", "boards");
            return print_dense_richman(&spec, &dense, what, start, json);
        }
    }
    let built = build(&spec)?;
    let g = &built.graph;
    let r = Richman::solve(g)?;
    let s = g.start();
    let value = r.value(s).clone();
    let (alice_move, bob_move) = match r.best_moves(g, s) {
        Some((a, b)) => (Some(built.label(a)), Some(built.label(b))),
        None => (None, None),
    };
    let bid = r.optimal_bid(g, s);
    let zugzwang = r.is_zugzwang(g, s);
    let zugzwangs = (0..g.len() as u32).filter(|&v| r.is_zugzwang(g, v)).count();
    let lower = r.lower[s as usize].clone();
    // Theorem 3.13's M, m, m̄ where the values are exact.
    let periodicity = r.exact.then(|| {
        let big_m = period_bound(g, &r, s);
        let m = (value.clone() * Rational::from_integer(big_m.clone())).to_integer();
        let m_bar = &big_m - &m;
        (big_m, m, m_bar)
    });
    if json {
        let int = |x: &BigInt| {
            x.to_u64()
                .map_or_else(|| json!(x.to_string()), |u| json!(u))
        };
        print_json(&json!({
            "game": spec.name(),
            // Unknown when the iteration stopped at a bracket: then only its exact ends.
            "value": r.exact.then(|| value.to_string()),
            "value_float": approx(&value),
            "exact": r.exact,
            "lower": lower.to_string(),
            "upper": value.to_string(),
            "upper_float": approx(&value),
            "lower_float": approx(&lower),
            "M": periodicity.as_ref().map(|p| int(&p.0)),
            "m": periodicity.as_ref().map(|p| int(&p.1)),
            "m_bar": periodicity.as_ref().map(|p| int(&p.2)),
            "iterations": r.iterations,
            "positions": g.len(),
            "bid": bid.as_ref().map(|b| b.to_string()),
            "zugzwang": zugzwang,
            "zugzwang_positions": zugzwangs,
            "alice_move": alice_move,
            "bob_move": bob_move,
        }))?;
    } else {
        if r.exact {
            out!("R({}) = {value}  (≈ {:.6})", spec.name(), approx(&value));
        } else {
            out!(
                "R({}) lies in [{:.12}, {:.12}] after {} truncation steps (not exact)",
                spec.name(),
                approx(&lower),
                approx(&value),
                r.iterations
            );
            out!("lower end 1 − R(Ḡ[n]) = {}", dyadic_text(&lower));
            out!("upper end R(G[n]) = {}", dyadic_text(&value));
        }
        if let Some((big_m, m, m_bar)) = &periodicity {
            out!("Theorem 3.13: M = {big_m}, m = {m}, m̄ = {m_bar}");
        }
        out!("positions: {} ({zugzwangs} of them zugzwang)", g.len());
        if let Some(b) = bid {
            out!(
                "optimal first bid Δ = {}{}{}",
                dyadic_text(&b),
                if zugzwang {
                    " (zugzwang: both prefer the other to move)"
                } else {
                    ""
                },
                if r.exact {
                    ""
                } else {
                    " (on the upper end's values)"
                }
            );
        }
        if let (Some(a), Some(b)) = (alice_move, bob_move) {
            out!("Alice's best move: {a}");
            out!("Bob's best move:   {b}");
        }
    }
    Ok(())
}

fn recursion_of(tie_break: &str) -> anyhow::Result<Option<Recursion>> {
    Ok(match TieRule::parse(tie_break)? {
        TieRule::Advantage => Some(Recursion::Advantage),
        TieRule::MakeItTakeIt => Some(Recursion::MakeItTakeIt),
        TieRule::LadiesFirst => None,
        TieRule::LosersBall => bail!(
            "with losers-ball tie-breaking chip counts are not totally ordered, so there is no threshold: use 'duel bidding moves' to decide positions"
        ),
    })
}

/// The largest total for rules decided by search.
const SEARCH_LIMIT: u64 = 200;

fn ladies_first_thresholds(built: &BuiltGame, k: u64) -> anyhow::Result<u64> {
    if k > SEARCH_LIMIT {
        bail!("ladies-first is decided by search, for totals up to {SEARCH_LIMIT}");
    }
    let search = BruteForce::solve(&built.graph, k, TieRule::LadiesFirst)?;
    let s = built.graph.start();
    Ok((0..=k)
        .find(|&a| search.wins(s, a, Side::Alice))
        .unwrap_or(k + 1))
}

fn threshold(game: &str, chips: &str, tie_break: &str, json: bool) -> anyhow::Result<()> {
    let spec = parse_game(game)?;
    let k = parse_total(chips, "--chips")?;
    let rule = TieRule::parse(tie_break)?;
    let recursion = recursion_of(tie_break)?;
    // Boards too large for a graph: Theorem 3.7 on a dense table.
    let bound = spec.position_bound();
    if bound > MAX_POSITIONS as u128 && bound <= DENSE_LIMIT as u128 && rule == TieRule::Advantage {
        let dense = match spec {
            GameSpec::Connect {
                width,
                height,
                k: line,
            } => {
                let board = LineGame::new(width, height, line, true)?;
                Some((
                    duel::bidding::boards::connect_threshold_dense(&board, k)?,
                    "Theorem 3.7 on a dense table of column states",
                ))
            }
            GameSpec::Hex(n) => Some((
                Chips::from_rank(hex_dense(&Hex::new(n)?, Some(k))?.0),
                "Theorem 3.7 on a dense table of all boards",
            )),
            _ => None,
        };
        if let Some((f, method)) = dense {
            if json {
                print_json(&json!({
                    "game": spec.name(),
                    "chips": k,
                    "threshold": f.to_string(),
                    "tie_break": rule.name(),
                    "method": method,
                }))?;
            } else {
                out!(
                    "f({}, {k}) = {f}   [advantage; Theorem 3.7, dense table]",
                    spec.name()
                );
            }
            return Ok(());
        }
    }
    let built = build(&spec)?;
    let g = &built.graph;
    let s = g.start();
    let (text, method) = match recursion {
        Some(Recursion::Advantage) => {
            if g.is_acyclic() || k <= 10_000 {
                (thresholds(g, k)?[s as usize].to_string(), "Theorem 3.7")
            } else {
                let p = Periodicity::analyse(g, s)?;
                (
                    p.threshold(k)?.to_string(),
                    "Theorems 3.13-3.14 (periodicity)",
                )
            }
        }
        Some(rec) => {
            if !g.is_acyclic() && k > 10_000 {
                bail!("for games with cycles, make-it-take-it thresholds are computed up to 10000 chips");
            }
            (
                mitt_label(threshold_ranks(g, k, rec)[s as usize]),
                "make-it-take-it recursion",
            )
        }
        None => (ladies_first_thresholds(&built, k)?.to_string(), "search"),
    };
    if json {
        print_json(&json!({
            "game": spec.name(),
            "chips": k,
            "threshold": text,
            "tie_break": rule.name(),
            "method": method,
        }))?;
    } else {
        out!(
            "f({}, {k}) = {text}   [{}; {method}]",
            spec.name(),
            rule.name()
        );
    }
    Ok(())
}

fn table(game: &str, max: &str, format: &str, tie_break: &str, ctx: &Ctx) -> anyhow::Result<()> {
    let spec = parse_game(game)?;
    let max_k = parse_total(max, "--max-chips")?;
    if max_k > 1_000_000 {
        bail!("--max-chips is limited to 1000000 rows (use 'threshold' for a single large total)");
    }
    if !matches!(format, "text" | "csv" | "json" | "markdown") {
        bail!("unknown format '{format}': expected text, csv, json or markdown");
    }
    let rule = TieRule::parse(tie_break)?;
    let recursion = recursion_of(tie_break)?;
    if rule == TieRule::Advantage && matches!(spec, GameSpec::Connect { .. } | GameSpec::Hex(_)) {
        return board_table(&spec, max_k, format, ctx);
    }
    let built = build(&spec)?;
    let g = &built.graph;
    let s = g.start();
    let work = (max_k + 1).saturating_mul(g.len() as u64);
    if work > 20_000_000_000 {
        bail!(
            "a table of {} totals over {} positions needs about {work} position updates (limit 2·10^10): ask for fewer totals",
            max_k + 1,
            g.len()
        );
    }
    let bar = progress(ctx, 1, "computing thresholds");
    let values: Vec<String> = match recursion {
        Some(Recursion::Advantage) => threshold_table(g, s, max_k, Recursion::Advantage)?
            .into_iter()
            .map(|r| Chips::from_rank(r).to_string())
            .collect(),
        Some(rec) => threshold_table(g, s, max_k, rec)?
            .into_iter()
            .map(mitt_label)
            .collect(),
        None => (0..=max_k)
            .map(|k| ladies_first_thresholds(&built, k).map(|a| a.to_string()))
            .collect::<anyhow::Result<_>>()?,
    };
    bar.finish_and_clear();
    let period = if rule == TieRule::Advantage {
        // Keep the period search to about 2·10^8 vertex updates.
        let limit = (max_k + 1).max(200_000_000 / g.len().max(1) as u64);
        Periodicity::analyse_within(g, s, limit).ok()
    } else {
        None
    };
    let period_text = period.as_ref().map(|p| {
        format!(
            "f(k + {}) = f(k) + {} for k >= {} (M = {}, m = {}, m̄ = {})",
            p.period, p.shift, p.offset, p.big_m, p.m, p.m_bar
        )
    });
    match format {
        "json" => print_json(&json!({
            "game": spec.name(),
            "tie_break": rule.name(),
            "rows": values.iter().enumerate().map(|(k, v)| json!({"k": k, "threshold": v})).collect::<Vec<_>>(),
            "period": period.as_ref().map(|p| json!({
                "period": p.period, "shift": p.shift, "offset": p.offset,
                "M": p.big_m, "m": p.m, "m_bar": p.m_bar,
            })),
        }))?,
        "csv" => out_raw!("{}", thresholds_csv(&values)),
        "markdown" => {
            let mut out = thresholds_markdown(&spec.name(), &values);
            if let Some(p) = &period_text {
                let _ = writeln!(out, "\n{p}");
            }
            out_raw!("{out}");
        }
        _ => {
            out!("f({}, k) [{}]", spec.name(), rule.name());
            for (k, v) in values.iter().enumerate() {
                out!("{k:>6}  {v}");
            }
            if let Some(p) = &period_text {
                out!("{p}");
            }
        }
    }
    Ok(())
}

/// The Richman value of a Connect or Hex board from the start: on the explicit graph where it
/// fits, otherwise on the dense tables.
fn board_richman(spec: &GameSpec) -> anyhow::Result<Rational> {
    if spec.position_bound() <= MAX_POSITIONS as u128 {
        let built = build(spec)?;
        let g = &built.graph;
        return Ok(Richman::solve(g)?.value(g.start()).clone());
    }
    match *spec {
        GameSpec::Connect { width, height, k } => {
            Ok(connect_richman_dense(&LineGame::new(width, height, k, true)?)?.value())
        }
        GameSpec::Hex(n) => Ok(hex_richman_dense(&Hex::new(n)?)?.value()),
        _ => bail!("{} is not a board game", spec.name()),
    }
}

/// `table` for Connect and Hex boards: every total at once, layer by layer
/// ([`all_totals`]), and the period looked for from the Richman value.
fn board_table(spec: &GameSpec, max_k: u64, format: &str, ctx: &Ctx) -> anyhow::Result<()> {
    let bar = progress(ctx, 1, "computing thresholds (all totals, by layers)");
    let start = std::time::Instant::now();
    let result = match *spec {
        GameSpec::Connect { width, height, k } => {
            let board = LineGame::new(width, height, k, true)?;
            all_totals(&board, board.position_bound(), max_k, DEFAULT_MEMORY_LIMIT)?
        }
        GameSpec::Hex(n) => {
            let hex = Hex::new(n)?;
            all_totals(&hex, hex.position_bound(), max_k, DEFAULT_MEMORY_LIMIT)?
        }
        _ => bail!("{} is not a board game", spec.name()),
    };
    let secs = start.elapsed().as_secs_f64();
    let value = board_richman(spec)?;
    bar.finish_and_clear();
    let finding = find_period(&result.table, &value);
    let len = result.table.len() as u64;
    let note = finding.describe(len);
    let values: Vec<String> = result.table.iter().map(|c| c.to_string()).collect();
    let info = format!(
        "R = {value}; {} positions in {} layers (widest {}), rows {} MB ({} bytes a value, {} totals a pass) + codes {} MB, {secs:.1} s",
        result.positions,
        result.layers,
        result.widest_layer,
        result.row_bytes / 1_000_000,
        result.bytes_per_value,
        result.block,
        result.code_bytes / 1_000_000
    );
    match format {
        "json" => print_json(&json!({
            "game": spec.name(),
            "tie_break": "advantage",
            "method": "Theorem 3.7 for every total at once, by layers",
            "richman": value.to_string(),
            "positions": result.positions,
            "memory_bytes": result.row_bytes + result.code_bytes,
            "seconds": secs,
            "rows": values.iter().enumerate().map(|(k, v)| json!({"k": k, "threshold": v})).collect::<Vec<_>>(),
            "period": match &finding {
                PeriodFinding::Verified { period, shift, offset } =>
                    json!({"period": period, "shift": shift, "offset": offset}),
                _ => serde_json::Value::Null,
            },
            "period_note": note,
        }))?,
        "csv" => out_raw!("{}", thresholds_csv(&values)),
        "markdown" => {
            let mut out = thresholds_markdown(&spec.name(), &values);
            let _ = writeln!(out, "\n{note}\n\n{info}");
            out_raw!("{out}");
        }
        _ => {
            out!("f({}, k) [advantage]", spec.name());
            for (k, v) in values.iter().enumerate() {
                out!("{k:>6}  {v}");
            }
            out!("{note}");
            out!("{info}");
        }
    }
    Ok(())
}

/// `period`: [`periodic_rows`] on a board, the start's periodic description and the layers.
fn period(game: &str, chips: Option<&str>, json: bool, ctx: &Ctx) -> anyhow::Result<()> {
    let spec = parse_game(game)?;
    let k = chips.map(|c| parse_total(c, "--chips")).transpose()?;
    let bar = progress(ctx, 1, "periodic rows, layer by layer");
    let start = std::time::Instant::now();
    let solution = match spec {
        GameSpec::TicTacToe { first: None } => {
            let ttt = LineGame::tictactoe();
            periodic_rows(&ttt, 9, ttt.position_bound())?
        }
        GameSpec::Connect { width, height, k } => {
            let board = LineGame::new(width, height, k, true)?;
            periodic_rows(&board, board.cells() as u32, board.position_bound())?
        }
        GameSpec::Hex(n) => {
            let hex = Hex::new(n)?;
            periodic_rows(&hex, (n * n) as u32, hex.position_bound())?
        }
        _ => bail!(
            "'period' works on boards where every move adds a stone (tictactoe, connect:WxH:K, hex:N); for {} use 'table', which verifies the period of any game",
            spec.name()
        ),
    };
    let secs = start.elapsed().as_secs_f64();
    bar.finish_and_clear();
    let root = &solution.root;
    let value = Rational::new(solution.scaled.into(), (1u64 << solution.cells).into());
    let big_m = 1u64 << solution.log2_m;
    let m = solution.scaled >> (solution.cells - solution.log2_m);
    let shift = root.shift / 2;
    let at_k = k.map(|k| (k, Chips::from_rank(root.rank(k))));
    let standard = "proved: every position's row is periodic from its offset, by induction from the ends (past a point found in the children's rows the best children and the order of f_A, f_B are settled for ever, so one window of the period decides it)";
    if json {
        print_json(&json!({
            "game": spec.name(),
            "richman": value.to_string(),
            "M": big_m,
            "m": m,
            "m_bar": big_m - m,
            "period": root.period,
            "shift": shift,
            "offset": root.offset,
            "table": root.table.iter().map(|&r| Chips::from_rank(u64::from(r)).to_string()).collect::<Vec<_>>(),
            "chips": at_k.map(|(k, _)| k),
            "threshold": at_k.map(|(_, f)| f.to_string()),
            "positions": solution.positions,
            "updates": solution.updates.to_string(),
            "peak_table_bytes": solution.peak_table_bytes,
            "max_offset": solution.max_offset,
            "seconds": secs,
            "proof": standard,
            "layers": solution.layers,
        }))?;
        return Ok(());
    }
    let name = spec.name();
    out!(
        "f({name}, k + {}) = f({name}, k) + {shift} for every k ≥ {}",
        root.period,
        root.offset
    );
    out!(
        "R = {value}; Theorem 3.13: M = {big_m} (= 2^{}), m = {m}, m̄ = {}",
        solution.log2_m,
        big_m - m
    );
    if let Some((k, f)) = at_k {
        out!("f({name}, {k}) = {f}");
    }
    out!("{standard}");
    out!(
        "{} positions, {:.3e} child-row entries combined, descriptions of two layers {} MB at most, largest offset {}, {secs:.1} s",
        solution.positions,
        solution.updates as f64,
        solution.peak_table_bytes / 1_000_000,
        solution.max_offset
    );
    out!("stones  positions       open  M_v = 2^e (largest e: count)  periods (largest e: count)  Σ M_v·moves  tables MB");
    for l in &solution.layers {
        let top = |h: &[u64]| -> String {
            h.iter()
                .enumerate()
                .rev()
                .find(|(_, &c)| c > 0)
                .map_or_else(|| "-".into(), |(e, c)| format!("{e}: {c}"))
        };
        out!(
            "{:>6} {:>10} {:>10}  {:>28}  {:>26}  {:>11.3e}  {:>9}",
            l.stones,
            l.positions,
            l.open,
            top(&l.by_log2_m),
            top(&l.by_log2_period),
            l.sum_m_moves as f64,
            l.table_bytes / 1_000_000
        );
    }
    Ok(())
}

fn moves(
    game: &str,
    position: Option<&str>,
    chips: &str,
    tie: &str,
    tie_break: &str,
    json: bool,
) -> anyhow::Result<()> {
    let spec = parse_game(game)?;
    let (a_text, b_text) = chips.split_once(',').ok_or_else(|| {
        anyhow!("--chips must be two counts 'A,B' (Alice's, Bob's), got '{chips}'")
    })?;
    let a = parse_total(a_text, "Alice's chips")?;
    let b = parse_total(b_text, "Bob's chips")?;
    let k = a
        .checked_add(b)
        .filter(|&k| k <= 1_000_000)
        .ok_or_else(|| anyhow!("at most 1000000 chips in all for 'moves'"))?;
    let holder = match tie {
        "alice" => Side::Alice,
        "bob" => Side::Bob,
        _ => bail!("--tie must be alice or bob, got '{tie}'"),
    };
    let rule = TieRule::parse(tie_break)?;
    let built = build(&spec)?;
    let g = &built.graph;
    let v = match position {
        Some(p) => built.parse_position(p)?,
        None => g.start(),
    };
    if let Some(o) = g.outcome(v) {
        bail!("the position is finished ({o}): there is nothing to bid for");
    }
    let here = position.map_or_else(|| built.label(v), str::to_string);
    if rule == TieRule::Advantage {
        let f = thresholds(g, k)?;
        let alice = Chips::new(a, holder == Side::Alice)?;
        let adv = advise(g, &f, v, alice, k).context("computing the optimal bid")?;
        // Name the moves in the orientation the position was given in.
        let oriented = |who: Side, target: u32| -> String {
            position
                .and_then(|p| built.moves_from(p, who))
                .and_then(|list| {
                    list.into_iter()
                        .find(|(_, w)| f[*w as usize] == f[target as usize])
                        .map(|(l, _)| l)
                })
                .unwrap_or_else(|| built.label(target))
        };
        let alice_label = oriented(Side::Alice, adv.alice_move);
        let bob_label = oriented(Side::Bob, adv.bob_move);
        let bidder = if adv.winner == Side::Alice {
            "Alice"
        } else {
            "Bob"
        };
        let doc = json!({
            "game": spec.name(),
            "position": here,
            "chips": [a, b],
            "tie": tie,
            "tie_break": rule.name(),
            "threshold": adv.f.to_string(),
            "f_alice": adv.f_alice.to_string(),
            "f_bob": adv.f_bob.to_string(),
            "alice_wins": adv.alice_wins,
            "bidder": bidder.to_lowercase(),
            "bid": adv.bid,
            "use_tie": adv.use_tie,
            "proof_bid": adv.proof_bid,
            "proof_use_tie": adv.proof_use_tie,
            "alice_move": alice_label,
            "bob_move": bob_label,
            "alice_moves_herself": adv.alice_moves_herself,
            "bob_moves_himself": adv.bob_moves_himself,
        });
        if json {
            print_json(&doc)?;
        } else {
            out!("position {here}, Alice {a}, Bob {b}, ties to {tie}");
            out!(
                "f = {} (f_A = {}, f_B = {}): {}",
                adv.f,
                adv.f_alice,
                adv.f_bob,
                if adv.alice_wins {
                    "Alice wins"
                } else {
                    "Alice does not win"
                }
            );
            out!(
                "{bidder} bids {}{}",
                adv.bid,
                if adv.use_tie {
                    " and uses the tie-break if the bids are equal"
                } else {
                    ""
                }
            );
            out!(
                "(the bid of the proof of Theorem 3.7: {}{})",
                adv.proof_bid,
                if adv.proof_use_tie {
                    "*, using the tie-break"
                } else {
                    ""
                }
            );
            out!(
                "if Alice wins the bid: {}",
                if adv.alice_moves_herself {
                    format!("she moves to {alice_label}")
                } else {
                    format!("she makes Bob move (zugzwang); Bob moves to {bob_label}")
                }
            );
            out!(
                "if Bob wins the bid: {}",
                if adv.bob_moves_himself {
                    format!("he moves to {bob_label}")
                } else {
                    format!("he makes Alice move (zugzwang); Alice moves to {alice_label}")
                }
            );
        }
        return Ok(());
    }
    if k > SEARCH_LIMIT {
        bail!(
            "the {} rule is decided by search, for totals up to {SEARCH_LIMIT}",
            rule.name()
        );
    }
    let search = BruteForce::solve(g, k, rule)?;
    let bid = search.first_winning_bid(g, v, a, holder, rule);
    let doc = json!({
        "game": spec.name(),
        "position": here,
        "chips": [a, b],
        "tie": tie,
        "tie_break": rule.name(),
        "alice_wins": bid.is_some(),
        "bid": bid.map(|(x, _)| x),
    });
    if json {
        print_json(&doc)?;
    } else {
        out!(
            "position {here}, Alice {a}, Bob {b}, ties to {tie} [{}]",
            rule.name()
        );
        match bid {
            Some((x, _)) => out!("Alice wins: her smallest winning bid is {x}"),
            None => out!("Alice does not win"),
        }
    }
    Ok(())
}

fn taxman(game: &str, tax: &str, json: bool) -> anyhow::Result<()> {
    let spec = parse_game(game)?;
    let tau: Rational = tax
        .parse()
        .map_err(|_| anyhow!("--tax must be a fraction like 1, 0 or 1/2, got '{tax}'"))?;
    let built = build(&spec)?;
    let values = taxman_values(&built.graph, &tau)?;
    let value = &values[built.graph.start() as usize];
    if json {
        print_json(&json!({
            "game": spec.name(),
            "tax": tau.to_string(),
            "value": value.to_string(),
            "value_float": approx(value),
        }))?;
    } else {
        out!(
            "taxman threshold of {} with tax {tau}: {value}  (≈ {:.6})",
            spec.name(),
            approx(value)
        );
    }
    Ok(())
}

/// Prints a Richman value found on a dense table (4 bytes per entry): `what` is the method's
/// name for JSON and the name of the table's entries for text.
fn print_dense_richman(
    spec: &GameSpec,
    dense: &DenseRichman,
    what: (&str, &str),
    start: std::time::Instant,
    json: bool,
) -> anyhow::Result<()> {
    let millis = start.elapsed().as_millis();
    let (method, entry_name) = what;
    let value = dense.value();
    let entries = dense.entries;
    if json {
        print_json(&json!({
            "game": spec.name(),
            "value": value.to_string(),
            "value_float": approx(&value),
            "exact": true,
            "lower": value.to_string(),
            "upper": value.to_string(),
            "M": dense.big_m(),
            "m": dense.m(),
            "m_bar": dense.m_bar(),
            "method": method,
            "table_entries": entries,
            "table_bytes": entries * 4,
            "millis": millis,
        }))?;
    } else {
        out!("R({}) = {value}  (≈ {:.6})", spec.name(), approx(&value));
        out!(
            "Theorem 3.13: M = {} (= 2^{}), m = {}, m̄ = {}",
            dense.big_m(),
            dense.log2_big_m(),
            dense.m(),
            dense.m_bar()
        );
        out!(
            "solved over a dense table of {entries} {entry_name} ({} MB) in {millis} ms",
            entries * 4 / 1_000_000
        );
    }
    Ok(())
}

/// An exact fraction, with a power-of-two denominator written `2^e` (the ends of a bracket of
/// truncations have denominators of thousands of digits).
fn dyadic_text(x: &Rational) -> String {
    let den = x.denom();
    let e = den.bits() - 1;
    if e > 64 && den == &(BigInt::one() << e) {
        format!("{}/2^{e}", x.numer())
    } else {
        x.to_string()
    }
}

/// The table f(k), k = 0, 1, …, as CSV with a header line.
fn thresholds_csv(values: &[String]) -> String {
    let mut out = String::from("k,threshold\n");
    for (k, v) in values.iter().enumerate() {
        let _ = writeln!(out, "{k},{v}");
    }
    out
}

/// The table f(k), k = 0, 1, …, as a Markdown table headed by the game's name.
fn thresholds_markdown(game: &str, values: &[String]) -> String {
    let mut out = format!("| k | f({game}, k) |\n| --- | --- |\n");
    for (k, v) in values.iter().enumerate() {
        let _ = writeln!(out, "| {k} | {v} |");
    }
    out
}
