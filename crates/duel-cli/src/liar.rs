//! `duel liar` subcommands.

use std::process::ExitCode;

use crate::Ctx;

#[derive(clap::Subcommand)]
pub enum Cmd {
    /// Not built yet.
    Pending,
}

pub fn run(cmd: Cmd, _ctx: &Ctx) -> anyhow::Result<ExitCode> {
    match cmd {
        Cmd::Pending => anyhow::bail!("not built yet"),
    }
}
