//! The parts of [`crate::BiddingError`] that group several causes: what was wrong with a game
//! name, a position or a game graph, and which solver's limit a job would pass. Each carries
//! the numbers and the text given, so that a program can act on it and a person can read it.

use std::fmt;

use thiserror::Error;

use super::text::{bound_text, count_text, megabytes_text, power_of_ten_text};
use duel_core::text::quote;

/// The names a bidding game may have, as the unknown-game message lists them. Every family
/// they belong to is one that `duel_games::registry::FAMILIES` says the bidding commands play,
/// and every such family is listed (a test in `games` holds the two together).
pub(crate) const BIDDING_NAMES: &str = "tictactoe, tictactoe:center, tictactoe:corner, tug:N, ultimatum:N, A, B, E, A:N, B:N, example3.3:N, example3.5, prop4.8:J, connect:WxH:K, hex:N";

/// A game name that does not name a bidding game.
#[derive(Debug, Error, PartialEq, Eq)]
pub enum GameNameError {
    /// A name that is none of the games.
    #[error("unknown game {}: expected {}, or wedge sums like (A^B:2)^B", quote(.name), BIDDING_NAMES)]
    Unknown {
        /// The name given.
        name: String,
    },
    /// A parameter of a game (`N` of `hex:N`) that is not a number.
    #[error("{} is not a valid {what} (a positive integer)", quote(.text))]
    NotANumber {
        /// Which parameter, e.g. `N of hex:N`.
        what: &'static str,
        /// The text given.
        text: String,
    },
    /// A parameter of a game outside `1..=max`.
    #[error("{what} must be between 1 and {max}, got {got}")]
    ParameterOutOfRange {
        /// Which parameter.
        what: &'static str,
        /// The value given.
        got: u64,
        /// The largest value accepted ([`crate::games::MAX_PARAMETER`]).
        max: u64,
    },
    /// `J` of `prop4.8:J` beyond the largest truncation built.
    #[error("prop4.8:J takes J at most {max} (Ult^15), got {got}")]
    Prop48TooLarge {
        /// The `J` given.
        got: u64,
        /// The largest `J` accepted.
        max: u64,
    },
    /// Text left over after a whole game was read.
    #[error("unexpected {} in game name {}", quote(.rest), quote(.name))]
    Unexpected {
        /// The text left over.
        rest: String,
        /// The whole name given.
        name: String,
    },
    /// A `(` without its `)`.
    #[error("missing ')' in game name {}", quote(.name))]
    MissingParen {
        /// The whole name given.
        name: String,
    },
    /// An operator or parenthesis with no game where one is needed.
    #[error("a game is missing in {}", quote(.name))]
    MissingGame {
        /// The whole name given.
        name: String,
    },
    /// Parentheses nested deeper than the parser recurses.
    #[error("game name '{head}…' nests {depth} parentheses deep; at most {limit}")]
    TooDeep {
        /// The first 20 characters of the name.
        head: String,
        /// The depth of its nesting.
        depth: u64,
        /// The deepest nesting accepted ([`crate::games::MAX_NESTING`]).
        limit: u64,
    },
    /// A wedge sum of more games than a name may combine.
    #[error("game name '{head}…' is a wedge sum of {games} games; at most {limit}")]
    TooManyGames {
        /// The first 20 characters of the name.
        head: String,
        /// The games it combines.
        games: u64,
        /// The most games accepted ([`crate::games::MAX_GAMES`]).
        limit: u64,
    },
}

/// A position written as text that is not a position of the game.
#[derive(Debug, Error, PartialEq, Eq)]
pub enum PositionError {
    /// A character of a board that is not a cell.
    #[error("{} in {} is not a cell: a board is written as {BOARD_NOTATION}", quote(&.cell.to_string()), quote(.text))]
    NotACell {
        /// The character.
        cell: char,
        /// The board given.
        text: String,
    },
    /// A board with the wrong number of rows or cells in a row.
    #[error("{} is not a {width}×{height} board: it should be {height} rows of {width} cells, {BOARD_NOTATION}", quote(.text))]
    WrongShape {
        /// The board given.
        text: String,
        /// The game's width.
        width: usize,
        /// The game's height.
        height: usize,
    },
    /// A stone above an empty cell on a board with gravity.
    #[error("{} has a stone above an empty cell, impossible with gravity", quote(.text))]
    Floating {
        /// The board given.
        text: String,
    },
    /// A board where both players have lines.
    #[error("{} has lines of both players: play stops at the first line", quote(.text))]
    BothLines {
        /// The board given.
        text: String,
    },
    /// A Hex board where both players connect their sides.
    #[error("{} has both players connected: play stops at the first connection", quote(.text))]
    BothConnected {
        /// The board given.
        text: String,
    },
    /// A board no bidding play reaches.
    #[error("{} is not reachable in bidding play of this game", quote(.text))]
    Unreachable {
        /// The board given.
        text: String,
    },
    /// A name that is none of the positions of an explicit game.
    #[error("{} is not a position of this game (positions are named like {})", quote(.text), .examples.join(", "))]
    NotAPosition {
        /// The name given.
        text: String,
        /// The names of the first positions, as examples.
        examples: Vec<String>,
    },
}

/// How a board is written (as `boards` labels positions), for the messages about boards.
const BOARD_NOTATION: &str =
    "rows from the top separated by '/', each cell A (Alice), B (Bob) or . (empty)";

/// A game graph that breaks the model of Develin & Payne (every non-terminal position lets
/// both players move; terminal positions have no moves).
#[derive(Debug, Error, PartialEq, Eq)]
pub enum ModelError {
    /// The start vertex is not a vertex of the graph.
    #[error("start vertex {start} does not exist")]
    NoStartVertex {
        /// The start given.
        start: u32,
    },
    /// A terminal vertex with moves.
    #[error("terminal vertex {vertex} has moves")]
    TerminalWithMoves {
        /// The vertex's name.
        vertex: String,
    },
    /// A non-terminal vertex where a player has no move.
    #[error("vertex {vertex} is not terminal but a player has no move")]
    NoMove {
        /// The vertex's name.
        vertex: String,
    },
    /// A board position where only one player can move (the periodic solver needs both).
    #[error("a position where only one player can move: the periodic solver is for boards where both can")]
    OnePlayerPosition,
    /// A game with no start position.
    #[error("the game has no start position")]
    NoStartPosition,
}

/// The solvers of this crate, as errors name the one that refused a job.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Solver {
    /// Game search with explicit bids under every tie-breaking rule ([`crate::brute`]).
    Search,
    /// The discrete Richman calculus, Theorem 3.7 ([`crate::discrete`]).
    Calculus,
    /// Theorem 3.7 for every total at once, layer by layer ([`crate::allk`]).
    AllTotals,
    /// Periodic rows on boards where every move adds a stone ([`crate::layered`]).
    PeriodicRows,
    /// The dense memoised search on Connect boards with gravity ([`crate::boards`]).
    Dense,
    /// The dense memoised search on Hex boards ([`crate::boards`]).
    DenseHex,
    /// The explicit game graph built from a game ([`crate::graph`]).
    Graph,
}

impl Solver {
    /// The solver in words, as messages name it.
    pub fn name(self) -> &'static str {
        match self {
            Solver::Search => "the search",
            Solver::Calculus => "the discrete calculus",
            Solver::AllTotals => "the all-totals solver",
            Solver::PeriodicRows => "the periodic solver",
            Solver::Dense => "the dense solver",
            Solver::DenseHex => "the dense Hex solver",
            Solver::Graph => "the explicit graph",
        }
    }
}

/// A job that would pass one of a solver's limits on a count.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub struct TooMany {
    /// What is counted: "states", "cells", "positions" or "moves" (of the longest play).
    pub what: &'static str,
    /// The count the job needs, or a bound on it (`u128::MAX` where it does not fit in 128
    /// bits, see [`count_text`]); where the job stops at the limit, `limit + 1`.
    pub count: u128,
    /// The limit it would pass.
    pub limit: u64,
    /// The solver whose limit it is.
    pub solver: Solver,
}

impl fmt::Display for TooMany {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let TooMany {
            what,
            count,
            limit,
            solver,
        } = *self;
        match (solver, what) {
            (Solver::Search, "states") => {
                write!(f, "the search would need {count} states (at most {limit})")
            }
            (Solver::PeriodicRows, "cells") => write!(
                f,
                "the periodic solver handles boards of at most {limit} cells (rows of up to 3·2^cells totals, 4 bytes each), the board has {count}"
            ),
            (Solver::Dense | Solver::DenseHex, "cells") => write!(
                f,
                "{} handles at most {limit} cells, the board has {count}",
                solver.name()
            ),
            (Solver::PeriodicRows | Solver::AllTotals, "positions") => write!(
                f,
                "the game has {} positions; {} enumerates at most {limit}",
                bound_text(count),
                solver.name()
            ),
            (Solver::Dense, "positions") => write!(
                f,
                "the board has {} positions, needing {} MB (limit {limit} positions)",
                bound_text(count),
                megabytes_text(count.saturating_mul(4))
            ),
            (Solver::Graph, "positions") => {
                write!(f, "the game has more than {limit} positions")
            }
            (Solver::AllTotals, "moves") => write!(
                f,
                "the game has plays longer than {limit} moves (cycles?): the all-totals solver is for finite games"
            ),
            _ => write!(
                f,
                "{} takes at most {limit} {what}, the job has {}",
                solver.name(),
                count_text(count)
            ),
        }
    }
}

/// A total of chips beyond what a solver takes.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub struct ChipsOutOfRange {
    /// The total asked for.
    pub total: u64,
    /// The largest total the solver takes.
    pub max: u64,
    /// The solver.
    pub solver: Solver,
}

impl fmt::Display for ChipsOutOfRange {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let ChipsOutOfRange { total, max, solver } = *self;
        match solver {
            Solver::Calculus => write!(f, "{total} chips is more than the largest total {max}"),
            Solver::Dense => write!(
                f,
                "the dense solver takes at most {} chips, got {total}",
                power_of_ten_text(max)
            ),
            Solver::DenseHex => write!(
                f,
                "the dense solver takes at most {} chips",
                power_of_ten_text(max)
            ),
            _ => write!(
                f,
                "{} takes at most {max} chips, got {total}",
                solver.name()
            ),
        }
    }
}
