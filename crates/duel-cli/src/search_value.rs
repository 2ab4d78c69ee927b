//! `duel search value`: exact minimax values.

use std::process::ExitCode;

use crate::Ctx;

/// Arguments of `duel search value`.
#[derive(clap::Args)]
pub struct Args {
    /// The game, e.g. `tictactoe` or `connect:4x4:3`.
    game: String,
}

pub fn run(args: Args, _ctx: &Ctx) -> anyhow::Result<ExitCode> {
    anyhow::bail!("search value for {} is not built yet", args.game)
}
