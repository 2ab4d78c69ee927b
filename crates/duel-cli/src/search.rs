//! `duel search` subcommands.

use std::process::ExitCode;

use crate::search_value;
use crate::Ctx;

#[derive(clap::Subcommand)]
pub enum Cmd {
    /// The exact minimax value of a position (win, draw or loss for the side to move).
    Value(search_value::Args),
}

pub fn run(cmd: Cmd, ctx: &Ctx) -> anyhow::Result<ExitCode> {
    match cmd {
        Cmd::Value(args) => search_value::run(args, ctx),
    }
}
