//! `duel search value`: exact minimax values.

use std::process::ExitCode;

use duel::game::{Game, Player, Value};
use duel::games::{parse_game, GameVisitor};
use duel::search::minimax::{solve, MinimaxError, MinimaxOptions};
use duel::search::solver::connect_four_value;
use duel::search::SearchError;
use serde::Serialize;

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

#[derive(Serialize)]
struct Answer {
    game: String,
    position: String,
    value: Value,
    to_move: Player,
    nodes: u64,
    /// "opening book" (Connect Four 7×6 positions of the book), "connect four solver" (Connect
    /// Four boards with W·(H+1) ≤ 64) or "alpha-beta".
    method: &'static str,
}

struct ValueOf<'a> {
    position: &'a str,
    opts: MinimaxOptions,
}

impl GameVisitor for ValueOf<'_> {
    type Output = anyhow::Result<Answer>;
    fn visit<G: Game + 'static>(self, mut game: G) -> anyhow::Result<Answer> {
        game.play_moves(self.position)?;
        // Connect Four on the boards of the dedicated solver: its weak search, much faster.
        if game.outcome().is_none() {
            if let Some(r) = connect_four_value(&game, self.opts.max_nodes) {
                let v = r.map_err(|e| match e {
                    SearchError::OutOfBudget(_) => too_large(self.opts.max_nodes, "10"),
                    other => other.into(),
                })?;
                return Ok(Answer {
                    game: game.spec(),
                    position: self.position.to_string(),
                    value: v.value,
                    to_move: game.to_move(),
                    nodes: v.nodes,
                    method: if v.from_book {
                        "opening book"
                    } else {
                        "connect four solver"
                    },
                });
            }
        }
        let solution = solve(&game, &self.opts).map_err(|e| match e {
            MinimaxError::Finished(o) => anyhow::anyhow!(
                "the position '{}' is finished ({o}): there is no value to search",
                self.position
            ),
            MinimaxError::TooLarge { max_nodes } => too_large(max_nodes, "1 to 3"),
            other => other.into(),
        })?;
        Ok(Answer {
            game: game.spec(),
            position: self.position.to_string(),
            value: solution.value,
            to_move: game.to_move(),
            nodes: solution.nodes,
            method: "alpha-beta",
        })
    }
}

/// The error of a search that gave up after `max_nodes` positions, searched at `rate`
/// million positions a second.
fn too_large(max_nodes: u64, rate: &str) -> anyhow::Error {
    anyhow::anyhow!(
        "not solved within {max_nodes} positions: too large for exact search from here \
         (raise --max-nodes, about {rate} million positions per second, or give a later --position)"
    )
}

pub fn run(args: Args, _ctx: &Ctx) -> anyhow::Result<ExitCode> {
    let game = parse_game(&args.game)?;
    if args.max_nodes == 0 {
        anyhow::bail!("--max-nodes must be at least 1");
    }
    let answer = game.visit(ValueOf {
        position: args.position.trim(),
        opts: MinimaxOptions {
            max_nodes: args.max_nodes,
            ..MinimaxOptions::default()
        },
    })?;
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
