//! `duel bidding` subcommands: Richman values, discrete thresholds, chip tables, optimal bids.
//! Each reads its arguments, calls one function of `duel::bidding::answer` and prints the
//! answer (as JSON, or as text).

use std::process::ExitCode;

use duel::bidding::answer::{
    dyadic_text, moves_answer, parse_player, parse_tax, period_answer, richman_answer,
    table_answer, taxman_answer, threshold_answer, AdviceAnswer, MovesAnswer, RichmanAnswer,
};
use duel::bidding::brute::TieRule;
use duel::bidding::games::parse_game;
use duel::bidding::graph::player_name;
use duel::duel_core::table::Format;
use duel::exact::Rational;
use duel::game::Player;
use indicatif::ProgressBar;
use serde::Serialize;

use crate::output::{out, print_json, progress, write_table_stdout};
use crate::values::{chip_pair, chips_total, max_chips_total, ChipPair};
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
        #[arg(long, allow_hyphen_values = true, value_parser = chips_total)]
        chips: u64,
        /// advantage (Theorem 3.7), make-it-take-it, or ladies-first (search, K <= 200).
        #[arg(long, default_value = "advantage", value_parser = TieRule::parse)]
        tie_break: TieRule,
        /// One JSON document on stdout.
        #[arg(long)]
        json: bool,
    },
    /// f(G, k) for every k = 0..=K, with the period of Theorems 3.13 and 3.14 when found.
    Table {
        /// The game.
        game: String,
        /// The largest total K.
        #[arg(long, allow_hyphen_values = true, value_parser = max_chips_total)]
        max_chips: u64,
        /// text, csv, json or markdown.
        #[arg(long, default_value = "text")]
        format: String,
        /// advantage, make-it-take-it, or ladies-first (search, K <= 200).
        #[arg(long, default_value = "advantage", value_parser = TieRule::parse)]
        tie_break: TieRule,
        /// One JSON document on stdout (the same as --format json).
        #[arg(long, conflicts_with = "format")]
        json: bool,
    },
    /// The period of f(G, k) on a board (tictactoe, connect:WxH:K, hex:N), every position's
    /// row kept as a periodic description (Theorems 3.12-3.14); then f(G, k) for any k.
    Period {
        /// The board game.
        game: String,
        /// Also print f(G, K) for this total (any size).
        #[arg(long, allow_hyphen_values = true, value_parser = chips_total)]
        chips: Option<u64>,
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
        #[arg(long, allow_hyphen_values = true, value_parser = chip_pair)]
        chips: ChipPair,
        /// Who wins ties now (holds the advantage): alice or bob.
        #[arg(long, default_value = "alice", value_parser = parse_player)]
        tie: Player,
        /// advantage, make-it-take-it, ladies-first or losers-ball.
        #[arg(long, default_value = "advantage", value_parser = TieRule::parse)]
        tie_break: TieRule,
        /// One JSON document on stdout.
        #[arg(long)]
        json: bool,
    },
    /// Poorman (tax 1) and taxman (tax between 0 and 1) thresholds, exact.
    Taxman {
        /// The game (bounded).
        game: String,
        /// The tax: the share of a winning bid paid to the bank (0 = Richman, 1 = poorman).
        #[arg(long, default_value = "1", allow_hyphen_values = true, value_parser = parse_tax)]
        tax: Rational,
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
        } => threshold(&game, chips, tie_break, json),
        Cmd::Table {
            game,
            max_chips,
            format,
            tie_break,
            json,
        } => {
            let format = if json { "json" } else { &format };
            table(&game, max_chips, format, tie_break, ctx)
        }
        Cmd::Moves {
            game,
            position,
            chips,
            tie,
            tie_break,
            json,
        } => moves(&game, position.as_deref(), chips, tie, tie_break, json),
        Cmd::Taxman { game, tax, json } => taxman(&game, &tax, json),
        Cmd::Period { game, chips, json } => period(&game, chips, json, ctx),
    }?;
    Ok(ExitCode::SUCCESS)
}

/// Prints an answer as one JSON document, its keys in alphabetical order at every level (as a
/// `serde_json::Value` writes them).
fn print_answer(answer: &impl Serialize) -> anyhow::Result<()> {
    print_json(&serde_json::to_value(answer)?)
}

/// Runs `work` with a progress callback that shows `message` and a bar on stderr from the
/// library's first report, and clears it when the work is done.
fn with_progress<T>(
    ctx: &Ctx,
    message: &str,
    work: impl FnOnce(&mut dyn FnMut(u64, u64)) -> T,
) -> T {
    let mut bar: Option<ProgressBar> = None;
    let result = work(&mut |done, total| {
        let bar = bar.get_or_insert_with(|| progress(ctx, total, message));
        bar.set_length(total);
        bar.set_position(done);
    });
    if let Some(bar) = bar {
        bar.finish_and_clear();
    }
    result
}

fn richman(game: &str, json: bool, ctx: &Ctx) -> anyhow::Result<()> {
    let spec = parse_game(game)?;
    let answer = with_progress(ctx, "solving", |p| richman_answer(&spec, p))?;
    if json {
        return print_answer(&answer);
    }
    match answer {
        RichmanAnswer::Dense(a) => {
            out!("R({}) = {}  (≈ {:.6})", a.game, a.value, a.value_float);
            out!(
                "Theorem 3.13: M = {} (= 2^{}), m = {}, m̄ = {}",
                a.big_m,
                a.log2_big_m,
                a.m,
                a.m_bar
            );
            out!(
                "solved over a dense table of {} {} ({} MB) in {} ms",
                a.table_entries,
                a.method.entries_name(),
                a.table_bytes / 1_000_000,
                a.millis
            );
        }
        RichmanAnswer::Graph(a) => {
            if a.exact {
                out!("R({}) = {}  (≈ {:.6})", a.game, a.upper, a.upper_float);
            } else {
                out!(
                    "R({}) lies in [{:.12}, {:.12}] after {} truncation steps (not exact)",
                    a.game,
                    a.lower_float,
                    a.upper_float,
                    a.iterations
                );
                out!("lower end 1 − R(Ḡ[n]) = {}", dyadic_text(&a.lower));
                out!("upper end R(G[n]) = {}", dyadic_text(&a.upper));
            }
            if let (Some(big_m), Some(m), Some(m_bar)) = (&a.big_m, &a.m, &a.m_bar) {
                out!("Theorem 3.13: M = {big_m}, m = {m}, m̄ = {m_bar}");
            }
            out!(
                "positions: {} ({} of them zugzwang)",
                a.positions,
                a.zugzwang_positions
            );
            if let Some(b) = &a.bid {
                out!(
                    "optimal first bid Δ = {}{}{}",
                    dyadic_text(b),
                    if a.zugzwang {
                        " (zugzwang: both prefer the other to move)"
                    } else {
                        ""
                    },
                    if a.exact {
                        ""
                    } else {
                        " (on the upper end's values)"
                    }
                );
            }
            if let (Some(alice), Some(bob)) = (&a.alice_move, &a.bob_move) {
                out!("Alice's best move: {alice}");
                out!("Bob's best move:   {bob}");
            }
        }
    }
    Ok(())
}

fn threshold(game: &str, k: u64, rule: TieRule, json: bool) -> anyhow::Result<()> {
    let spec = parse_game(game)?;
    let a = threshold_answer(&spec, k, rule)?;
    if json {
        print_answer(&a)?;
    } else if a.method.is_dense() {
        out!(
            "f({}, {k}) = {}   [advantage; Theorem 3.7, dense table]",
            a.game,
            a.threshold
        );
    } else {
        out!(
            "f({}, {k}) = {}   [{}; {}]",
            a.game,
            a.threshold,
            rule.name(),
            a.method
        );
    }
    Ok(())
}

fn table(game: &str, max_k: u64, format: &str, rule: TieRule, ctx: &Ctx) -> anyhow::Result<()> {
    let spec = parse_game(game)?;
    let format: Format = format.parse()?;
    let table = with_progress(ctx, "computing thresholds", |p| {
        table_answer(&spec, max_k, rule, p)
    })?;
    write_table_stdout(&table, format)
}

/// `period`: the start's periodic description, `R`, `M`, `m`, `m̄` and the layers.
fn period(game: &str, k: Option<u64>, json: bool, ctx: &Ctx) -> anyhow::Result<()> {
    let spec = parse_game(game)?;
    let a = with_progress(ctx, "periodic rows, layer by layer", |p| {
        period_answer(&spec, k, p)
    })?;
    if json {
        return print_answer(&a);
    }
    let name = &a.game;
    out!(
        "f({name}, k + {}) = f({name}, k) + {} for every k ≥ {}",
        a.period,
        a.shift,
        a.offset
    );
    out!(
        "R = {}; Theorem 3.13: M = {} (= 2^{}), m = {}, m̄ = {}",
        a.richman,
        a.big_m,
        a.log2_big_m,
        a.m,
        a.m_bar
    );
    if let (Some(k), Some(f)) = (a.chips, a.threshold) {
        out!("f({name}, {k}) = {f}");
    }
    out!("{}", a.proof);
    out!(
        "{} positions, {:.3e} child-row entries combined, descriptions of two layers {} MB at most, largest offset {}, {:.1} s",
        a.positions,
        a.updates as f64,
        a.peak_table_bytes / 1_000_000,
        a.max_offset,
        a.seconds
    );
    out!("stones  positions       open  M_v = 2^e (largest e: count)  periods (largest e: count)  Σ M_v·moves  tables MB");
    for l in &a.layers {
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

/// `moves`: the optimal bid and moves, by the calculus (Theorem 3.7) or by search.
fn moves(
    game: &str,
    position: Option<&str>,
    chips: ChipPair,
    holder: Player,
    rule: TieRule,
    json: bool,
) -> anyhow::Result<()> {
    let spec = parse_game(game)?;
    let (a, b) = (chips.alice, chips.bob);
    let answer = moves_answer(&spec, position, a, b, holder, rule)?;
    if json {
        return print_answer(&answer);
    }
    let tie = side(holder);
    match answer {
        MovesAnswer::Advice(adv) => print_advice(&adv, chips, tie)?,
        MovesAnswer::Search(s) => {
            out!(
                "position {}, Alice {a}, Bob {b}, ties to {tie} [{}]",
                s.position,
                rule.name()
            );
            match s.bid {
                Some(x) => out!("Alice wins: her smallest winning bid is {x}"),
                None => out!("Alice does not win"),
            }
        }
    }
    Ok(())
}

/// `alice` or `bob`, as `--tie` names them.
fn side(player: Player) -> &'static str {
    if player == Player::ALICE {
        "alice"
    } else {
        "bob"
    }
}

/// The advice of the calculus: the threshold, the bid and each player's move on winning it.
fn print_advice(adv: &AdviceAnswer, chips: ChipPair, tie: &str) -> anyhow::Result<()> {
    let (a, b) = (chips.alice, chips.bob);
    out!(
        "position {}, Alice {a}, Bob {b}, ties to {tie}",
        adv.position
    );
    out!(
        "f = {} (f_A = {}, f_B = {}): {}",
        adv.threshold,
        adv.f_alice,
        adv.f_bob,
        if adv.alice_wins {
            "Alice wins"
        } else {
            "Alice does not win"
        }
    );
    out!(
        "{} bids {}{}",
        player_name(adv.bidder),
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
            format!("she moves to {}", adv.alice_move)
        } else {
            format!(
                "she makes Bob move (zugzwang); Bob moves to {}",
                adv.bob_move
            )
        }
    );
    out!(
        "if Bob wins the bid: {}",
        if adv.bob_moves_himself {
            format!("he moves to {}", adv.bob_move)
        } else {
            format!(
                "he makes Alice move (zugzwang); Alice moves to {}",
                adv.alice_move
            )
        }
    );
    Ok(())
}

fn taxman(game: &str, tau: &Rational, json: bool) -> anyhow::Result<()> {
    let spec = parse_game(game)?;
    let a = taxman_answer(&spec, tau)?;
    if json {
        print_answer(&a)?;
    } else {
        out!(
            "taxman threshold of {} with tax {}: {}  (≈ {:.6})",
            a.game,
            a.tax,
            a.value,
            a.value_float
        );
    }
    Ok(())
}
