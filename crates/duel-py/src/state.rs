//! `duel.games.State`: a position of one of duel's games (the names of `duel_games`), with
//! the moves played from the start, behind one object-safe face so that Python holds any game.

use duel_core::game::{Game, GameError, Outcome, Player};
use duel_games::{parse_game, GameVisitor};
use pyo3::prelude::*;

use crate::errors::input;

/// What Python asks of a position, for every game.
trait Position: Send + Sync {
    fn spec(&self) -> String;
    fn history(&self) -> String;
    fn plies(&self) -> usize;
    fn to_move(&self) -> Player;
    fn outcome(&self) -> Option<Outcome>;
    fn legal_moves(&self) -> Vec<String>;
    fn play(&mut self, mv: &str) -> Result<(), GameError>;
    fn board(&self) -> Option<String>;
    fn boxed(&self) -> Box<dyn Position>;
}

/// A game's start, its position now and the moves between.
struct Typed<G: Game> {
    start: G,
    now: G,
    moves: Vec<G::Move>,
}

impl<G: Game + 'static> Position for Typed<G> {
    fn spec(&self) -> String {
        self.start.spec()
    }
    fn history(&self) -> String {
        self.start.format_moves(&self.moves)
    }
    fn plies(&self) -> usize {
        self.moves.len()
    }
    fn to_move(&self) -> Player {
        self.now.to_move()
    }
    fn outcome(&self) -> Option<Outcome> {
        self.now.outcome()
    }
    fn legal_moves(&self) -> Vec<String> {
        let mut moves = Vec::new();
        self.now.legal_moves(&mut moves);
        moves.into_iter().map(|m| self.now.format_move(m)).collect()
    }
    fn play(&mut self, text: &str) -> Result<(), GameError> {
        let mv = self.now.parse_move(text)?;
        self.now.try_play(mv)?;
        self.moves.push(mv);
        Ok(())
    }
    fn board(&self) -> Option<String> {
        self.now.board(None)
    }
    fn boxed(&self) -> Box<dyn Position> {
        Box::new(Typed {
            start: self.start.clone(),
            now: self.now.clone(),
            moves: self.moves.clone(),
        })
    }
}

/// Builds the position `position` (moves in the game's notation) of a game.
struct Build<'a>(&'a str);

impl GameVisitor for Build<'_> {
    type Output = Result<Box<dyn Position>, GameError>;
    fn visit<G: Game + 'static>(self, start: G) -> Self::Output {
        let moves = start.parse_moves(self.0)?;
        let mut now = start.clone();
        now.try_play_all(&moves)?;
        Ok(Box::new(Typed { start, now, moves }))
    }
}

fn player_name(p: Player) -> &'static str {
    match p {
        Player::First => "first",
        Player::Second => "second",
    }
}

/// A position of one of duel's games.
#[pyclass(module = "duel._native")]
pub struct State {
    inner: Box<dyn Position>,
}

#[pymethods]
impl State {
    /// The position reached by `position` (moves in the game's notation) from the start of
    /// `game` (`tictactoe`, `connect:7x6:4`, `pearl:2:16`, ...).
    #[new]
    #[pyo3(signature = (game, position = ""))]
    fn new(game: &str, position: &str) -> PyResult<State> {
        let g = parse_game(game).map_err(input)?;
        let inner = g.visit(Build(position.trim())).map_err(input)?;
        Ok(State { inner })
    }

    /// The game's name, e.g. `connect:7x6:4`.
    #[getter]
    fn game(&self) -> String {
        self.inner.spec()
    }

    /// The moves played from the start, in the game's notation.
    #[getter]
    fn position(&self) -> String {
        self.inner.history()
    }

    /// The number of moves played.
    #[getter]
    fn plies(&self) -> usize {
        self.inner.plies()
    }

    /// `"first"` or `"second"`: the player to move.
    fn to_move(&self) -> &'static str {
        player_name(self.inner.to_move())
    }

    /// The legal moves, in the game's notation; none when the game is over.
    fn legal_moves(&self) -> Vec<String> {
        self.inner.legal_moves()
    }

    /// Plays a legal move (in the game's notation); `duel.InputError` for a bad or illegal
    /// move, or a finished game, and the position is unchanged.
    fn play(&mut self, mv: &str) -> PyResult<()> {
        self.inner.play(mv.trim()).map_err(input)
    }

    /// `None` while the game goes on; then `"first"` or `"second"` (the winner) or `"draw"`.
    fn outcome(&self) -> Option<&'static str> {
        self.inner.outcome().map(|o| match o {
            Outcome::Win(p) => player_name(p),
            Outcome::Draw => "draw",
        })
    }

    /// Whether the game is over.
    fn is_terminal(&self) -> bool {
        self.inner.outcome().is_some()
    }

    /// An independent copy.
    fn clone(&self) -> State {
        State {
            inner: self.inner.boxed(),
        }
    }

    fn __copy__(&self) -> State {
        self.clone()
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> State {
        self.clone()
    }

    /// The board (`X` the first player, `O` the second), or the game and moves for games
    /// without a board.
    fn __str__(&self) -> String {
        match self.inner.board() {
            Some(b) => b,
            None => format!("{} after [{}]", self.inner.spec(), self.inner.history()),
        }
    }

    fn __repr__(&self) -> String {
        format!("State({:?}, {:?})", self.inner.spec(), self.inner.history())
    }
}
