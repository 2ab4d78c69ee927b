//! The contract for two-player, alternating, deterministic, perfect-information games.
//!
//! A value of a type implementing [`Game`] is a *position*: the rules (board size, connect
//! length, tree shape, seed) together with the state of play. Every algorithm of
//! `duel_search` is written once against this contract.
//!
//! # Specification
//!
//! - Two players, [`Player::First`] (the maximiser of Delattre & Fournier, who moves at the
//!   root) and [`Player::Second`], move alternately; [`Game::to_move`] says whose turn it is.
//!   On a finished position it returns the player who would move next and means nothing more.
//! - A position is *finished* exactly when [`Game::outcome`] is `Some`. Then
//!   [`Game::legal_moves`] yields no move. On an unfinished position it yields at least one
//!   move, each exactly once, in a fixed order (the same position always gives the same order).
//!   [`Game::draw_move`] gives the move at an index of that order without the caller listing
//!   them (random matches draw their moves so); a game overrides it only to answer faster, and
//!   the conformance checks hold every game to the same move.
//! - [`Game::play`] applies a legal move. Playing an illegal move, or any move on a finished
//!   position, is a logic error of the caller: the implementation may panic (debug) or produce
//!   a meaningless position, but must not cause undefined behaviour. Untrusted input goes
//!   through [`Game::parse_move`] and [`Game::try_play`], which never panic.
//! - [`Game::key`] is a hash of the state of play: equal positions have equal keys. It is for
//!   transposition tables; distinct positions may collide (rarely).
//! - Move text: [`Game::format_move`] and [`Game::parse_move`] are inverse on legal moves.
//!   A move list ([`Game::parse_moves`]) is the game's own notation: for Connect-K the column
//!   digits of the public benchmark (`4453`, columns from 1), for trees the child indices.

use std::fmt;
use std::hash::Hash;

use serde::Serialize;
use thiserror::Error;

use crate::text::quote;

/// One of the two players.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Player {
    /// The player who moves first (the maximiser).
    First,
    /// The player who moves second (the minimiser).
    Second,
}

impl Player {
    /// Alice of Develin & Payne's bidding games: the player whose winning threshold is
    /// computed. There a bid, not the turn order, decides who moves, so "first" only names
    /// her place in the pair.
    pub const ALICE: Player = Player::First;

    /// Bob of Develin & Payne's bidding games: Alice's opponent.
    pub const BOB: Player = Player::Second;

    /// The opponent.
    #[inline]
    pub fn other(self) -> Player {
        match self {
            Player::First => Player::Second,
            Player::Second => Player::First,
        }
    }

    /// The player to move after `plies` moves from the start (moves alternate, the first
    /// player starts).
    #[inline]
    pub fn after_plies(plies: u64) -> Player {
        if plies % 2 == 0 {
            Player::First
        } else {
            Player::Second
        }
    }

    /// 0 for the first player, 1 for the second.
    #[inline]
    pub fn index(self) -> usize {
        match self {
            Player::First => 0,
            Player::Second => 1,
        }
    }
}

/// How a finished game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Outcome {
    /// This player won.
    Win(Player),
    /// Nobody won.
    Draw,
}

impl Outcome {
    /// The score of `player`: 1 for a win, 1/2 for a draw, 0 for a loss.
    pub fn score_for(self, player: Player) -> f64 {
        match self {
            Outcome::Win(p) if p == player => 1.0,
            Outcome::Win(_) => 0.0,
            Outcome::Draw => 0.5,
        }
    }
}

impl fmt::Display for Outcome {
    /// "the first player won", "the second player won" or "a draw".
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Outcome::Win(Player::First) => f.write_str("the first player won"),
            Outcome::Win(Player::Second) => f.write_str("the second player won"),
            Outcome::Draw => f.write_str("a draw"),
        }
    }
}

/// The value of a position for the player to move: win, draw or loss (under perfect play).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Value {
    /// The player to move loses.
    Loss,
    /// Neither player can force a win.
    Draw,
    /// The player to move wins.
    Win,
}

impl Value {
    /// The value for the other player.
    pub fn negate(self) -> Value {
        match self {
            Value::Loss => Value::Win,
            Value::Draw => Value::Draw,
            Value::Win => Value::Loss,
        }
    }
}

/// Why a game could not be built or a move could not be played.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum GameError {
    /// The game name is not known.
    #[error(
        "unknown game {} (known: tictactoe, connect:WxH:K, connect-misere:WxH:K, pearl:D:K[:P], galton-watson:K:W0/W1/...[:Q])", quote(.0)
    )]
    UnknownGame(String),
    /// The game name is known but its parameters are not valid.
    #[error("invalid game {}: {why}", quote(.spec))]
    BadSpec {
        /// The text given.
        spec: String,
        /// What is wrong with it.
        why: String,
    },
    /// The text is not a move of this game.
    #[error("{} is not a move: {why}", quote(.text))]
    BadMove {
        /// The text given.
        text: String,
        /// What a move looks like.
        why: String,
    },
    /// A move list has an empty item: a separator at an end or two in a row (`1,,2`, `,1`).
    #[error("empty move in {} (a separator at an end, or two in a row)", quote(.0))]
    EmptyMove(String),
    /// A line of a file of positions is not one (the line number counts from 1).
    #[error("line {line} ({}): {why}", quote(.text))]
    BadLine {
        /// The line number, from 1.
        line: usize,
        /// The line.
        text: String,
        /// What is wrong with it.
        why: String,
    },
    /// The move is well formed but not legal here.
    #[error("move {mv} is illegal here: {why}")]
    IllegalMove {
        /// The move, as text.
        mv: String,
        /// Why (column full, game over, ...).
        why: String,
    },
    /// The position is finished; no move can be played or searched.
    #[error("the game is already over ({0})")]
    Finished(String),
}

/// A position of a two-player alternating game; see the module documentation for the contract.
pub trait Game: Clone + Send + Sync {
    /// A move. Small and copyable.
    type Move: Copy + Eq + Hash + fmt::Debug + Send + Sync;

    /// The name that builds this game, e.g. `connect:7x6:4`.
    fn spec(&self) -> String;

    /// The player whose turn it is.
    fn to_move(&self) -> Player;

    /// `Some` exactly when the game is over.
    fn outcome(&self) -> Option<Outcome>;

    /// Appends the legal moves to `moves` (after clearing it): none when finished.
    fn legal_moves(&self, moves: &mut Vec<Self::Move>);

    /// A move of an unfinished position chosen by index, as a random match draws it:
    /// `draw` gets the number d of legal moves and returns an index i < d, and the result is
    /// (d, i, the move at i in [`Game::legal_moves`]'s order). `scratch` may hold the list
    /// (the default fills it with [`Game::legal_moves`]); a game whose moves are known without
    /// listing them answers without it (Pearl's game: the moves are 0..d). Called on a
    /// finished position, the default panics (no move has index i < 0).
    #[inline]
    fn draw_move(
        &self,
        scratch: &mut Vec<Self::Move>,
        draw: impl FnOnce(usize) -> usize,
    ) -> (usize, usize, Self::Move) {
        self.legal_moves(scratch);
        let d = scratch.len();
        let i = draw(d);
        (d, i, scratch[i])
    }

    /// Plays a legal move (see the module documentation for illegal ones).
    fn play(&mut self, mv: Self::Move);

    /// A hash of the state of play, for transposition tables.
    fn key(&self) -> u64;

    /// A hash equal for positions that a symmetry of the rules maps onto each other (for
    /// Connect-K, the mirror image), so they have the same value: exact search stores one
    /// entry for both. Equal positions have equal canonical keys. By default [`Game::key`].
    fn canonical_key(&self) -> u64 {
        self.key()
    }

    /// The move as text.
    fn format_move(&self, mv: Self::Move) -> String;

    /// Reads one move; an error when the text is not a move of this game (legality is not
    /// checked here).
    fn parse_move(&self, text: &str) -> Result<Self::Move, GameError>;

    /// Reads a move list in the game's notation. It accepts what [`Game::format_moves`] writes.
    fn parse_moves(&self, text: &str) -> Result<Vec<Self::Move>, GameError>;

    /// Writes a move list played from this position in the game's notation (the inverse of
    /// [`Game::parse_moves`]). By default the moves' texts joined by commas.
    fn format_moves(&self, moves: &[Self::Move]) -> String {
        let parts: Vec<String> = moves.iter().map(|&m| self.format_move(m)).collect();
        parts.join(",")
    }

    /// The board drawn as text for a person, one line a row, each line ending in a newline
    /// (`X` the first player, `O` the second), with the stone of `last` (the move that led
    /// here, if known) marked; `None` for games without a board (trees), the default.
    fn board(&self, _last: Option<Self::Move>) -> Option<String> {
        None
    }

    /// The board as rows of cells, top row first, each the player whose stone or mark is there
    /// (`None`: empty), for front ends that draw it themselves; `None` for games without a
    /// board (trees), the default.
    fn cells(&self) -> Option<Vec<Vec<Option<Player>>>> {
        None
    }

    /// Whether `mv` is legal here.
    fn is_legal(&self, mv: Self::Move) -> bool {
        let mut moves = Vec::new();
        self.legal_moves(&mut moves);
        moves.contains(&mv)
    }

    /// Plays `mv` if it is legal; an error (and no change) otherwise.
    fn try_play(&mut self, mv: Self::Move) -> Result<(), GameError> {
        if let Some(o) = self.outcome() {
            return Err(GameError::Finished(o.to_string()));
        }
        if !self.is_legal(mv) {
            return Err(GameError::IllegalMove {
                mv: self.format_move(mv),
                why: "not among the legal moves".to_string(),
            });
        }
        self.play(mv);
        Ok(())
    }

    /// Plays a whole move list, checking each move; stops at the first bad one.
    fn play_moves(&mut self, text: &str) -> Result<(), GameError> {
        let moves = self.parse_moves(text)?;
        self.try_play_all(&moves)
    }

    /// Plays `moves` in order, checking each; stops at the first bad one (a move after the
    /// end of the game is named in the error).
    fn try_play_all(&mut self, moves: &[Self::Move]) -> Result<(), GameError> {
        for (k, &mv) in moves.iter().enumerate() {
            self.try_play(mv).map_err(|e| match e {
                GameError::Finished(o) => GameError::Finished(format!(
                    "{o}; move {}, {}, comes after the end",
                    k + 1,
                    self.format_move(mv)
                )),
                e => e,
            })?;
        }
        Ok(())
    }
}
