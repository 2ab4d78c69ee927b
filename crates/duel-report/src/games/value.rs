//! The exact value of a game from its start, by alpha-beta negamax, for the first player.

use duel_core::game::{GameError, Value};
use duel_games::{parse_game, with_game};
use duel_search::minimax::{solve, MinimaxError, MinimaxOptions};

/// Why a game's value was not computed.
#[derive(Clone, Debug, thiserror::Error)]
pub enum ValueError {
    /// The spec names no game.
    #[error(transparent)]
    Game(#[from] GameError),
    /// The search stopped (the node budget).
    #[error(transparent)]
    Search(#[from] MinimaxError),
}

/// The value of the game `spec` and the positions searched, within `max_nodes` positions.
pub(super) fn value_of(spec: &str, max_nodes: u64) -> Result<(Value, u64), ValueError> {
    let opts = MinimaxOptions {
        max_nodes,
        ..MinimaxOptions::default()
    };
    let game = parse_game(spec)?;
    let solved = with_game!(game, g => solve(&g, &opts))?;
    Ok((solved.value, solved.nodes))
}

/// The value in words, for the first player.
pub(super) fn first_player_words(v: Value) -> &'static str {
    match v {
        Value::Win => "first player wins",
        Value::Draw => "draw",
        Value::Loss => "second player wins",
    }
}
