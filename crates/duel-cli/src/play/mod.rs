//! `duel play`: a person plays a whole game, one line of stdin a move or an answer.
//!
//! - `args.rs`: the arguments of `duel play`.
//! - `agent.rs`: a game of the registry (tic-tac-toe, Connect-K, Pearl's game, …) against a
//!   search agent.
//! - `guesswho.rs`: Guess Who against the optimal player.
//! - `liar.rs`: the liar game, as Carole (duel asks) or as Paul (duel answers).
//! - `bidding.rs`: a discrete bidding game against the optimal bidder.
//! - `setup.rs`: the options of the papers' games (`--n`, `--rules`, `--lies`, `--chips`, …).
//! - `input.rs`: the person's lines, read one bounded line at a time, and the answers to lines
//!   that are not moves.

mod agent;
mod args;
mod bidding;
mod guesswho;
mod input;
mod liar;
mod setup;

use std::process::ExitCode;

pub use args::Args;
use args::Human;

use crate::Ctx;

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
