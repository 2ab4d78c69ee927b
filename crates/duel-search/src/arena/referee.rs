//! The referee of `duel arena --referee`: after every move of a game, whether the move kept
//! the exact value of the position for the side that played it (a win stays a win, a draw a
//! draw; in a lost position every move keeps the value). Each agent's share of value-keeping
//! moves measures how often its search found a best move, where the summary's score only says
//! who won.
//!
//! Values are exact minimax values ([`crate::minimax::solve`]: alpha-beta with a
//! transposition table), each position solved within [`REFEREE_MAX_NODES`] positions and
//! cached for the rest of the game. A run asks for a referee only on a game whose start is
//! solved within that bound ([`check_refereeable`]): tic-tac-toe, the small Connect-K boards,
//! Pearl's game up to depth 24 or so; Connect Four 7×6 and `pearl:2:32` are refused.

use std::collections::HashMap;

use serde::{Deserialize, Serialize};
use thiserror::Error;

use super::realization::game_start;
use crate::minimax::{solve, MinimaxError, MinimaxOptions};
use duel_core::game::{Game, Outcome, Player, Value};
use duel_core::text::quote;
use duel_games::{with_game, AnyGame};

/// The most positions the referee searches to solve one position (about a second of
/// alpha-beta on this machine's slowest game, Pearl's tree; the start of `pearl:2:24` takes
/// 0.3 million, of `pearl:2:32` 10 million, of tic-tac-toe 13,519).
pub const REFEREE_MAX_NODES: u64 = 2_000_000;

/// Transposition table entries of one solve (8 bytes each: 2 MiB).
const TABLE_ENTRIES: u64 = 1 << 18;

/// Moves of one agent that the referee judged, and how many of them kept the value.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Kept {
    /// Moves that kept the position's exact value for the side that played them.
    pub kept: u64,
    /// Moves judged.
    pub moves: u64,
}

impl Kept {
    /// `kept / moves`; `None` with no move.
    pub fn fraction(&self) -> Option<f64> {
        (self.moves > 0).then(|| self.kept as f64 / self.moves as f64)
    }

    /// The sum of two counts.
    pub fn plus(self, other: Kept) -> Kept {
        Kept {
            kept: self.kept + other.kept,
            moves: self.moves + other.moves,
        }
    }
}

/// The referee's counts of one game, by agent.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct RefereeCounts {
    /// Agent A's moves.
    pub a: Kept,
    /// Agent B's moves.
    pub b: Kept,
}

/// The referee's counts of some games, by agent, with each agent's share of moves that kept
/// the value (in a summary).
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct RefereeSummary {
    /// Agent A's moves.
    pub a: Kept,
    /// Agent B's moves.
    pub b: Kept,
    /// A's moves that kept the value, as a fraction of A's moves (0 with none).
    pub a_kept_fraction: f64,
    /// The same for B.
    pub b_kept_fraction: f64,
}

impl RefereeSummary {
    /// The sum of the counts of games; `None` when one of them was not refereed.
    pub fn of<'a>(games: impl IntoIterator<Item = &'a Option<RefereeCounts>>) -> Option<Self> {
        let (mut a, mut b) = (Kept::default(), Kept::default());
        for g in games {
            let g = g.as_ref()?;
            a = a.plus(g.a);
            b = b.plus(g.b);
        }
        Some(RefereeSummary {
            a,
            b,
            a_kept_fraction: a.fraction().unwrap_or(0.0),
            b_kept_fraction: b.fraction().unwrap_or(0.0),
        })
    }
}

/// Why the referee cannot judge a game.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum RefereeError {
    /// The game's start is not solved within [`REFEREE_MAX_NODES`] positions.
    #[error("--referee needs the exact value of every position, and {} is too large: its start is not solved within {max_nodes} positions of alpha-beta (the referee's bound per position); it judges games such as tictactoe, connect:4x4:3, connect:4x10:3, pearl:2:16 (not connect:7x6:4, pearl:2:32)", quote(.game))]
    TooLarge {
        /// The game's name.
        game: String,
        /// The bound.
        max_nodes: u64,
    },
    /// A position met during a game is not solved within the bound.
    #[error("the referee could not solve {} after the moves {} within {max_nodes} positions", quote(.game), quote(.moves))]
    Position {
        /// The game's name.
        game: String,
        /// The moves from the start.
        moves: String,
        /// The bound.
        max_nodes: u64,
    },
}

/// The exact values met in one game, cached by position.
pub struct Referee<G: Game> {
    cache: HashMap<u64, Value>,
    _game: std::marker::PhantomData<fn(G)>,
}

impl<G: Game> Default for Referee<G> {
    fn default() -> Self {
        Referee {
            cache: HashMap::new(),
            _game: std::marker::PhantomData,
        }
    }
}

impl<G: Game> Referee<G> {
    /// The value of `position` for `player`; `None` when it is not solved within the bound.
    fn value_for(&mut self, position: &G, player: Player) -> Option<Value> {
        let for_mover = match position.outcome() {
            Some(Outcome::Draw) => Value::Draw,
            Some(Outcome::Win(p)) if p == position.to_move() => Value::Win,
            Some(Outcome::Win(_)) => Value::Loss,
            None => {
                let key = position.canonical_key();
                match self.cache.get(&key) {
                    Some(&v) => v,
                    None => {
                        let opts = MinimaxOptions {
                            max_nodes: REFEREE_MAX_NODES,
                            table_entries: TABLE_ENTRIES,
                            deadline: None,
                        };
                        let v = solve(position, &opts).ok()?.value;
                        self.cache.insert(key, v);
                        v
                    }
                }
            }
        };
        Some(if position.to_move() == player {
            for_mover
        } else {
            for_mover.negate()
        })
    }

    /// Judges the moves of a game from `start`: for each colour (by [`Player::index`]), the
    /// moves it played and those that kept the value of the position they were played in.
    pub fn judge(&mut self, start: &G, moves: &[G::Move]) -> Result<[Kept; 2], RefereeError> {
        let mut counts = [Kept::default(); 2];
        let mut position = start.clone();
        for (n, &mv) in moves.iter().enumerate() {
            if position.outcome().is_some() {
                break;
            }
            let mover = position.to_move();
            let too_large = || RefereeError::Position {
                game: start.spec(),
                moves: start.format_moves(&moves[..n]),
                max_nodes: REFEREE_MAX_NODES,
            };
            let before = self.value_for(&position, mover).ok_or_else(too_large)?;
            position.play(mv);
            let after = self.value_for(&position, mover).ok_or_else(too_large)?;
            let c = &mut counts[mover.index()];
            c.moves += 1;
            c.kept += u64::from(after == before);
        }
        Ok(counts)
    }
}

/// Refuses `--referee` on a game whose start (the first pair's realization, for a random
/// tree) the referee does not solve within [`REFEREE_MAX_NODES`] positions.
pub fn check_refereeable(game: &AnyGame, seed: u64) -> Result<(), RefereeError> {
    let opts = MinimaxOptions {
        max_nodes: REFEREE_MAX_NODES,
        table_entries: TABLE_ENTRIES,
        deadline: None,
    };
    let solved = with_game!(game_start(game, seed, 0), start => !matches!(
        solve(&start, &opts),
        Err(MinimaxError::TooLarge { .. } | MinimaxError::TableTooLarge { .. })
    ));
    if solved {
        Ok(())
    } else {
        Err(RefereeError::TooLarge {
            game: game.spec(),
            max_nodes: REFEREE_MAX_NODES,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use duel_games::tictactoe::TicTacToe;

    /// On tic-tac-toe (a draw), after X takes a corner only the centre keeps the draw for O:
    /// an adjacent edge loses (X wins with perfect play).
    #[test]
    fn only_the_centre_answers_a_corner() {
        let start = TicTacToe::new();
        let mut r = Referee::default();
        let edge = r.judge(&start, &start.parse_moves("12").unwrap()).unwrap();
        assert_eq!(
            edge,
            [Kept { kept: 1, moves: 1 }, Kept { kept: 0, moves: 1 }]
        );
        let centre = r.judge(&start, &start.parse_moves("15").unwrap()).unwrap();
        assert_eq!(
            centre,
            [Kept { kept: 1, moves: 1 }, Kept { kept: 1, moves: 1 }]
        );
        // X wins on the diagonal 1 5 9; O's second move, in a lost position, keeps the loss.
        let won = r
            .judge(&start, &start.parse_moves("12579").unwrap())
            .unwrap();
        assert_eq!(
            won,
            [Kept { kept: 3, moves: 3 }, Kept { kept: 1, moves: 2 }]
        );
    }
}
