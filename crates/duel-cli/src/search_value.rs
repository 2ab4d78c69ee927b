//! `duel search value`: exact minimax values.

use std::process::ExitCode;

use duel::game::{Player, Value};
use duel::search::answer::value;

use crate::output::{out, print_json};
use crate::Ctx;

/// Arguments of `duel search value`.
#[derive(clap::Args)]
pub struct Args {
    /// The game, e.g. `tictactoe`, `connect:4x4:4` or `connect-misere:4x4:3`.
    game: String,
    /// Moves played from the start, in the game's notation (`4453` for Connect-K, comma
    /// separated for more than 9 columns; cells 1–9 for tic-tac-toe).
    #[arg(long, default_value = "", allow_hyphen_values = true)]
    position: String,
    /// Give up (with an error) after searching this many positions.
    #[arg(long, default_value_t = 50_000_000)]
    max_nodes: u64,
    /// One JSON document on stdout.
    #[arg(long)]
    json: bool,
}

pub fn run(args: Args, _ctx: &Ctx) -> anyhow::Result<ExitCode> {
    let answer = value(&args.game, &args.position, args.max_nodes)?;
    if args.json {
        print_json(&answer)?;
    } else {
        let value = match answer.value {
            Value::Win => "win",
            Value::Draw => "draw",
            Value::Loss => "loss",
        };
        let at = if answer.position.is_empty() {
            "from the start".to_string()
        } else {
            format!("after {}", answer.position)
        };
        out!(
            "{} {at}: {value} for the player to move ({} player); {} positions searched ({})",
            answer.game,
            match answer.to_move {
                Player::First => "first",
                Player::Second => "second",
            },
            answer.nodes,
            answer.method
        );
    }
    Ok(ExitCode::SUCCESS)
}
