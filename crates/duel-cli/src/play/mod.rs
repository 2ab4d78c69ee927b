//! `duel play`: a person plays a whole game, one line of stdin a move or an answer.
//!
//! - `agent.rs`: a game of the registry (tic-tac-toe, Connect-K, Pearl's game, …) against a
//!   search agent.
//! - `guesswho.rs`: Guess Who against the optimal player.
//! - `liar.rs`: the liar game, as Carole (duel asks) or as Paul (duel answers).
//! - `bidding.rs`: a discrete bidding game against the optimal bidder.
//! - `setup.rs`: the options of the papers' games (`--n`, `--rules`, `--lies`, `--chips`, …).
//! - `input.rs`: the person's lines, read one bounded line at a time, and the answers to lines
//!   that are not moves.

mod agent;
mod bidding;
mod guesswho;
mod input;
mod liar;
mod setup;

use std::process::ExitCode;

use serde::Serialize;

use crate::Ctx;

/// Arguments of `duel play`.
#[derive(clap::Args)]
pub struct Args {
    /// The game, e.g. `tictactoe`, `connect:7x6:4` or `pearl:2:8`; or `guess-who`, `liar` or
    /// `bidding:GAME` (e.g. `bidding:tictactoe`, `bidding:tug:3`) with the setup options below.
    game: String,
    /// The agent: auto (exact where the solver finishes within half the budget, MCTS
    /// elsewhere), solver (exact only), mcts, mcts-prime, uct, sym, symp, gw, gw2, with
    /// parameters, e.g. `mcts:a=3.5,b=5`.
    #[arg(long, default_value = "auto")]
    agent: String,
    /// Iterations for each of the agent's moves (positions for the solver; at most
    /// 1000000000).
    #[arg(long, conflicts_with = "millis")]
    iterations: Option<u64>,
    /// Milliseconds for each of the agent's moves (at most 600000) [default: 1000, when
    /// --iterations is not given].
    #[arg(long)]
    millis: Option<u64>,
    /// Seed of the agent's random choices.
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// Who you are: `first` (you move first from the position), `second` (the agent moves
    /// first) or `none` (the agent plays both sides).
    #[arg(long, value_enum, default_value_t = Human::First)]
    human: Human,
    /// Moves played before the game starts, in the game's notation (`4453` for Connect-K).
    #[arg(long, default_value = "", allow_hyphen_values = true)]
    position: String,
    /// No board or prompts: one JSON document on stdout at the end.
    #[arg(long)]
    json: bool,
    #[command(flatten)]
    setup: setup::Setup,
}

/// Which side the person plays, counted from the position where play starts.
#[derive(Clone, Copy, PartialEq, Eq, clap::ValueEnum, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Human {
    /// The person moves first.
    First,
    /// The agent moves first.
    Second,
    /// The agent plays both sides.
    #[value(name = "none")]
    #[serde(rename = "none")]
    Nobody,
}

/// Plays the game `args` names: a game of the papers with its setup, or a game of the registry
/// against a search agent.
pub fn run(args: Args, _ctx: &Ctx) -> anyhow::Result<ExitCode> {
    match args.game.as_str() {
        "guess-who" => {
            let first = (args.human != Human::Nobody).then_some(args.human == Human::First);
            guesswho::run(&args.setup, args.seed, first, args.json)
        }
        "liar" => liar::run(&args.setup, args.json),
        g if g.starts_with("bidding:") => {
            bidding::run(&g["bidding:".len()..], &args.setup, args.json)
        }
        _ => agent::run(&args),
    }
}
