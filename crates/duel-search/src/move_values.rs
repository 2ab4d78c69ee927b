//! The exact value of every legal move of a position, as Pons's online solver shows a score
//! above each column: for the side to move, whether the move wins, draws or loses with
//! perfect play afterwards. Each move's position is solved by [`crate::answer::value`] (the
//! Connect Four solver and its book where they apply, alpha-beta elsewhere).
//!
//! ```
//! use duel_core::game::Value;
//! use duel_search::move_values::move_values;
//!
//! // In tic-tac-toe the centre and the corners draw; an edge draws too.
//! let v = move_values("tictactoe", "", 10_000_000)?;
//! assert_eq!(v.moves.len(), 9);
//! assert!(v.moves.iter().all(|m| m.value == Value::Draw));
//! # Ok::<(), duel_search::answer::AnswerError>(())
//! ```

use std::time::Instant;

use duel_core::game::{Game, Outcome, Value};
use duel_games::{parse_game, with_game};
use serde::Serialize;

use crate::answer::{position_to_search, value_until, AnswerError};

/// One legal move and its value.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MoveValue {
    /// The move, in the game's notation.
    #[serde(rename = "move")]
    pub mv: String,
    /// Its value for the side that plays it.
    pub value: Value,
    /// Positions searched for it.
    pub nodes: u64,
}

/// The values of the legal moves of a position.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MoveValues {
    /// The game, as its name writes it.
    pub game: String,
    /// The moves from the start (trimmed).
    pub position: String,
    /// Each legal move, in reading order, with its value.
    pub moves: Vec<MoveValue>,
}

/// The value of every legal move of `position` in `game`, each solved within `max_nodes`
/// positions; an error when one of them is too large to solve.
pub fn move_values(game: &str, position: &str, max_nodes: u64) -> Result<MoveValues, AnswerError> {
    move_values_until(game, position, max_nodes, None)
}

/// [`move_values`], giving up at `deadline` where one is given (an error, as out of positions
/// or out of time).
pub fn move_values_until(
    game: &str,
    position: &str,
    max_nodes: u64,
    deadline: Option<Instant>,
) -> Result<MoveValues, AnswerError> {
    let g = parse_game(game)?;
    if max_nodes == 0 {
        return Err(AnswerError::ZeroNodes);
    }
    with_game!(g, start => values_of_children(start, game, position.trim(), max_nodes, deadline))
}

/// [`move_values`] from the start `start` of the game named `name`.
fn values_of_children<G: Game>(
    start: G,
    name: &str,
    position: &str,
    max_nodes: u64,
    deadline: Option<Instant>,
) -> Result<MoveValues, AnswerError> {
    let (before, game) = position_to_search(&start, position)?;
    let mut legal = Vec::new();
    game.legal_moves(&mut legal);
    let mut named: Vec<(String, G::Move)> =
        legal.iter().map(|&m| (game.format_move(m), m)).collect();
    named.sort_by(|a, b| (a.0.len(), &a.0).cmp(&(b.0.len(), &b.0)));
    let mut moves = Vec::new();
    for (text, mv) in named {
        let mut child = game.clone();
        child.play(mv);
        let (value, nodes) = match child.outcome() {
            Some(Outcome::Win(p)) if p == game.to_move() => (Value::Win, 0),
            Some(Outcome::Win(_)) => (Value::Loss, 0),
            Some(Outcome::Draw) => (Value::Draw, 0),
            None => {
                let mut line = before.clone();
                line.push(mv);
                let after = start.format_moves(&line);
                let v = value_until(name, &after, max_nodes, deadline)?;
                (v.value.negate(), v.nodes)
            }
        };
        moves.push(MoveValue {
            mv: text,
            value,
            nodes,
        });
    }
    Ok(MoveValues {
        game: game.spec(),
        position: position.to_string(),
        moves,
    })
}
