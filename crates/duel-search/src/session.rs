//! A game between a person and a search agent, or the agent against itself, one move at a
//! time: what `duel play` runs, and what any other front end runs to let a person play. The
//! session knows whose turn it is, checks and plays the person's moves, asks the agent for its
//! own, and says how the game ended ([`PlayResult`], the JSON of `duel play --json`).
//!
//! ```
//! use duel_games::tictactoe::TicTacToe;
//! use duel_search::session::{Seat, Session, Turn};
//! use duel_search::{AgentSpec, Budget};
//!
//! let agent = AgentSpec::parse("solver").unwrap();
//! let budget = Budget::Iterations(1_000_000);
//! let mut s = Session::new(TicTacToe::new(), "", &agent, 0, budget, Seat::First).unwrap();
//! assert!(matches!(s.turn(), Turn::Person));
//! s.person_move("5").unwrap(); // the centre
//! let reply = s.agent_move().unwrap();
//! assert!(["1", "3", "7", "9"].contains(&reply.notation.as_str()), "a corner holds the draw");
//! s.resign();
//! let result = s.result().unwrap();
//! assert_eq!((result.winner, result.resigned), (Some("agent"), true));
//! ```

use serde::Serialize;

use duel_core::game::{Game, GameError, Outcome, Player, Value};

use crate::agent::{Agent, Budget, SearchError, StopReason, Unsupported};
use crate::answer::{position_to_search, AnswerError};
use crate::spec::AgentSpec;

/// Which side the person plays, counted from the position where play starts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Seat {
    /// The person moves first.
    First,
    /// The agent moves first.
    Second,
    /// The agent plays both sides.
    #[serde(rename = "none")]
    Nobody,
}

/// Who moves next.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Turn {
    /// The person: call [`Session::person_move`] (or [`Session::resign`]).
    Person,
    /// The agent: call [`Session::agent_move`].
    Agent,
    /// The game is over: [`Session::result`] says how.
    Over,
}

/// A move the agent played, with what its search says of it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct AgentMove {
    /// The move, in the game's notation.
    pub notation: String,
    /// The agent's estimate of its position before the move (a probability of winning for
    /// the Bayesian agents, a mean score for MCTS).
    pub estimate: f64,
    /// Iterations of the search.
    pub iterations: u64,
    /// Its time, in milliseconds.
    pub millis: f64,
    /// Why it stopped.
    pub stopped: StopReason,
    /// Nodes in the agent's tree after it.
    pub tree_nodes: usize,
}

/// How a game ended (`duel play --json`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PlayResult {
    /// The game's name.
    pub game: String,
    /// The moves played before the session, as given.
    pub position: String,
    /// The agent's name.
    pub agent: String,
    /// The side the person played.
    pub human: Seat,
    /// The moves played in the session, in the game's notation.
    pub moves: String,
    /// Which player won: "first", "second" or "draw".
    pub outcome: &'static str,
    /// "human" or "agent"; `None` for a draw and when the agent played both sides.
    pub winner: Option<&'static str>,
    /// Whether the person resigned (the agent's side won).
    pub resigned: bool,
}

/// A suggested move ([`Session::hint`]).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Hint {
    /// The move, in the game's notation.
    pub notation: String,
    /// Its exact value for the side to move, when the solver finished.
    pub value: Option<Value>,
    /// The estimate of the position for the side to move: 1, 1/2 or 0 when exact.
    pub estimate: f64,
    /// Who found it: "solver", or the session's agent.
    pub by: String,
}

/// The exact value the solver's estimate stands for (1 win, 1/2 draw, 0 loss).
fn exact_value(estimate: f64) -> Value {
    if estimate >= 0.75 {
        Value::Win
    } else if estimate >= 0.25 {
        Value::Draw
    } else {
        Value::Loss
    }
}

/// Why a move could not be taken back.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum UndoError {
    /// The agent plays both sides.
    #[error("there is no move of yours to take back: the agent plays both sides")]
    NoPerson,
    /// The person has not moved since the session started.
    #[error("there is no move of yours to take back yet")]
    NothingToUndo,
}

/// A game in progress; see the module documentation.
pub struct Session<G: Game> {
    start: G,
    /// The position where the session started.
    from: G,
    position: G,
    /// The moves from `start`, those before the session first.
    moves: Vec<G::Move>,
    before: usize,
    position_text: String,
    agent: Box<dyn Agent<G>>,
    spec: AgentSpec,
    seed: u64,
    budget: Budget,
    seat: Seat,
    person: Option<Player>,
    resigned: Option<Player>,
}

impl<G: Game + 'static> Session<G> {
    /// A session from `start` after the moves `position` (the game's notation), against the
    /// agent `spec` seeded with `seed`, searching `budget` a move, the person on `seat`. An
    /// error when a move is bad or the position is already over.
    pub fn new(
        start: G,
        position: &str,
        spec: &AgentSpec,
        seed: u64,
        budget: Budget,
        seat: Seat,
    ) -> Result<Self, AnswerError> {
        let (moves, from) = position_to_search(&start, position)?;
        let person = match seat {
            Seat::First => Some(from.to_move()),
            Seat::Second => Some(from.to_move().other()),
            Seat::Nobody => None,
        };
        Ok(Session {
            position: from.clone(),
            from,
            before: moves.len(),
            moves,
            position_text: position.trim().to_string(),
            agent: spec.build::<G>(seed),
            spec: spec.clone(),
            seed,
            budget,
            start,
            seat,
            person,
            resigned: None,
        })
    }

    /// Who moves next.
    pub fn turn(&self) -> Turn {
        if self.resigned.is_some() || self.position.outcome().is_some() {
            Turn::Over
        } else if Some(self.position.to_move()) == self.person {
            Turn::Person
        } else {
            Turn::Agent
        }
    }

    /// The player the person is, `None` when the agent plays both sides.
    pub fn person(&self) -> Option<Player> {
        self.person
    }

    /// The agent's name, as its spec reads.
    pub fn agent_name(&self) -> String {
        self.agent.name()
    }

    /// The budget of each of the agent's moves.
    pub fn budget(&self) -> Budget {
        self.budget
    }

    /// The game's start, before any move.
    pub fn start(&self) -> &G {
        &self.start
    }

    /// The position now.
    pub fn position(&self) -> &G {
        &self.position
    }

    /// Every move from the start, those before the session first.
    pub fn moves(&self) -> &[G::Move] {
        &self.moves
    }

    /// The legal moves in the game's notation, in reading order (shorter first, then
    /// alphabetically: numbers by value).
    pub fn legal_moves(&self) -> Vec<String> {
        let mut moves = Vec::new();
        self.position.legal_moves(&mut moves);
        let mut legal: Vec<String> = moves
            .iter()
            .map(|&m| self.position.format_move(m))
            .collect();
        legal.sort_by(|a, b| (a.len(), a).cmp(&(b.len(), b)));
        legal
    }

    /// Plays the person's move `text` and returns it in the game's notation; an error (and
    /// no move) when it is not a legal move here.
    pub fn person_move(&mut self, text: &str) -> Result<String, GameError> {
        let mv = self.position.parse_move(text)?;
        let notation = self.position.format_move(mv);
        self.position.try_play(mv)?;
        self.moves.push(mv);
        Ok(notation)
    }

    /// Lets the agent search and play its move.
    pub fn agent_move(&mut self) -> Result<AgentMove, SearchError> {
        self.agent.set_history(&self.start, &self.moves);
        let r = self.agent.search(&self.position, self.budget)?;
        let notation = self.position.format_move(r.best);
        self.position
            .try_play(r.best)
            .map_err(|e| SearchError::Unsupported(Unsupported::Move(e)))?;
        self.moves.push(r.best);
        Ok(AgentMove {
            notation,
            estimate: r.estimate,
            iterations: r.iterations,
            millis: r.millis,
            stopped: r.stopped,
            tree_nodes: r.tree_nodes,
        })
    }

    /// The last move played, `None` before any.
    pub fn last_move(&self) -> Option<G::Move> {
        self.moves.last().copied()
    }

    /// The board with the last move marked ([`Game::board`]); `None` for games without one.
    pub fn board(&self) -> Option<String> {
        self.position.board(self.last_move())
    }

    /// Takes back the person's last move and the agent's replies after it, so that it is the
    /// person's move again where they last moved (a resignation is taken back too). Returns
    /// the moves taken back, in the game's notation, last first. The agent starts a fresh
    /// tree, seeded as at the start. An error when the person has played no move in this
    /// session (or plays no side).
    pub fn undo(&mut self) -> Result<Vec<String>, UndoError> {
        let person = self.person.ok_or(UndoError::NoPerson)?;
        // Plies from `from`: the mover of each is known by alternation from the start.
        let mut i = self.moves.len();
        let last_person = loop {
            if i == self.before {
                return Err(UndoError::NothingToUndo);
            }
            i -= 1;
            let mut p = self.from.clone();
            for &m in &self.moves[self.before..i] {
                p.play(m);
            }
            if p.to_move() == person {
                break (i, p);
            }
        };
        let (i, position) = last_person;
        let mut taken = Vec::new();
        let mut p = position.clone();
        let undone: Vec<G::Move> = self.moves.drain(i..).collect();
        for &m in &undone {
            taken.push(p.format_move(m));
            p.play(m);
        }
        taken.reverse();
        self.position = position;
        self.resigned = None;
        self.agent = self.spec.build::<G>(self.seed);
        Ok(taken)
    }

    /// The best move for the side to move and its exact value, by the exact solver within
    /// `budget`; when it cannot finish, the session agent's choice with its estimate (from a
    /// fresh search: the game's own agent is not disturbed). An error when the game is over.
    pub fn hint(&self, budget: Budget) -> Result<Hint, SearchError> {
        if self.turn() == Turn::Over {
            return Err(SearchError::Finished);
        }
        let mut solver = AgentSpec::Solver.build::<G>(self.seed);
        match solver.search(&self.position, budget) {
            Ok(r) => Ok(Hint {
                notation: self.position.format_move(r.best),
                value: Some(exact_value(r.estimate)),
                estimate: r.estimate,
                by: "solver".to_string(),
            }),
            Err(SearchError::OutOfBudget(_)) => {
                let mut agent = self.spec.build::<G>(self.seed);
                agent.set_history(&self.start, &self.moves);
                let r = agent.search(&self.position, budget)?;
                Ok(Hint {
                    notation: self.position.format_move(r.best),
                    value: None,
                    estimate: r.estimate,
                    by: agent.name(),
                })
            }
            Err(e) => Err(e),
        }
    }

    /// The person resigns: the other side wins. Nothing happens once the game is over.
    pub fn resign(&mut self) {
        if self.turn() != Turn::Over {
            self.resigned = Some(self.position.to_move().other());
        }
    }

    /// How the game ended; `None` while it goes on.
    pub fn result(&self) -> Option<PlayResult> {
        let winner = match (self.resigned, self.position.outcome()) {
            (Some(p), _) | (None, Some(Outcome::Win(p))) => Some(p),
            (None, Some(Outcome::Draw)) => None,
            (None, None) => return None,
        };
        Some(PlayResult {
            game: self.start.spec(),
            position: self.position_text.clone(),
            agent: self.agent.name(),
            human: self.seat,
            moves: self.from.format_moves(&self.moves[self.before..]),
            outcome: winner.map_or("draw", |p| match p {
                Player::First => "first",
                Player::Second => "second",
            }),
            winner: winner
                .zip(self.person)
                .map(|(w, h)| if w == h { "human" } else { "agent" }),
            resigned: self.resigned.is_some(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use duel_games::tictactoe::TicTacToe;

    fn session(position: &str, seat: Seat) -> Session<TicTacToe> {
        let spec = AgentSpec::parse("solver").unwrap();
        Session::new(
            TicTacToe::new(),
            position,
            &spec,
            0,
            Budget::Iterations(1 << 20),
            seat,
        )
        .unwrap()
    }

    #[test]
    fn turns_follow_the_seat_and_the_game_ends_in_a_result() {
        let mut s = session("", Seat::Second);
        assert_eq!(s.turn(), Turn::Agent);
        assert_eq!(s.result(), None);
        s.agent_move().unwrap();
        assert_eq!(s.turn(), Turn::Person);
        assert!(s.person_move("0").is_err(), "cells are 1 to 9");
        assert_eq!(s.moves().len(), 1, "a bad move plays nothing");
        // The solver against itself from here: a draw with perfect play.
        let mut both = session("5", Seat::Nobody);
        while both.turn() == Turn::Agent {
            both.agent_move().unwrap();
        }
        let r = both.result().unwrap();
        assert_eq!((r.outcome, r.winner, r.resigned), ("draw", None, false));
        assert_eq!(r.position, "5");
        assert_eq!(r.moves.len(), 8, "{}", r.moves);
    }

    #[test]
    fn a_person_who_blunders_loses_to_the_solver() {
        // The person plays the first legal move each time; the solver never loses.
        let mut s = session("", Seat::First);
        s.person_move("1").unwrap();
        s.agent_move().unwrap();
        let legal = s.legal_moves();
        assert_eq!(legal.len(), 7);
        assert!(legal.windows(2).all(|w| w[0] < w[1]), "{legal:?}");
        while s.turn() != Turn::Over {
            match s.turn() {
                Turn::Person => {
                    let first = s.legal_moves()[0].clone();
                    s.person_move(&first).unwrap();
                }
                _ => {
                    s.agent_move().unwrap();
                }
            }
        }
        let r = s.result().unwrap();
        assert_ne!(r.winner, Some("human"), "the solver never loses: {r:?}");
        assert_eq!(r.human, Seat::First);
        assert_eq!(serde_json::to_value(&r).unwrap()["human"], "first");
    }

    #[test]
    fn a_finished_position_is_refused() {
        let spec = AgentSpec::parse("solver").unwrap();
        let over = Session::new(
            TicTacToe::new(),
            "14253",
            &spec,
            0,
            Budget::Iterations(10),
            Seat::First,
        );
        assert!(matches!(over, Err(AnswerError::Finished { .. })));
    }

    #[test]
    fn undo_takes_back_the_persons_move_and_the_replies() {
        let mut s = session("", Seat::Second);
        assert_eq!(s.undo(), Err(UndoError::NothingToUndo));
        s.agent_move().unwrap();
        assert_eq!(
            s.undo(),
            Err(UndoError::NothingToUndo),
            "only the agent moved"
        );
        let before = *s.position();
        let mine = s.legal_moves()[0].clone();
        s.person_move(&mine).unwrap();
        let reply = s.agent_move().unwrap().notation;
        assert_eq!(s.undo().unwrap(), vec![reply, mine]);
        assert_eq!(s.position(), &before);
        assert_eq!(s.moves().len(), 1);
        assert_eq!(s.turn(), Turn::Person);
        // A resignation is taken back with the move before it.
        s.person_move("5").ok();
        s.resign();
        assert_eq!(s.turn(), Turn::Over);
        s.undo().unwrap();
        assert_eq!(s.turn(), Turn::Person);
        assert_eq!(session("", Seat::Nobody).undo(), Err(UndoError::NoPerson));
        // Moves given before the session are not the person's to take back.
        let mut later = session("15", Seat::First);
        assert_eq!(later.undo(), Err(UndoError::NothingToUndo));
    }

    #[test]
    fn hints_are_exact_where_the_solver_finishes() {
        // After 1 (corner) and 2 (edge), the first player wins: 5 is one winning move.
        let s = session("12", Seat::First);
        let h = s.hint(Budget::Iterations(1 << 20)).unwrap();
        assert_eq!((h.value, h.by.as_str()), (Some(Value::Win), "solver"));
        let mut after = TicTacToe::new();
        after.play_moves("12").unwrap();
        after.play_moves(&h.notation).unwrap();
        let v = crate::minimax::solve(&after, &Default::default()).unwrap();
        assert_eq!(v.value, Value::Loss, "the hinted move keeps the win");
        // The empty board is a draw.
        let h = session("", Seat::First)
            .hint(Budget::Iterations(1 << 20))
            .unwrap();
        assert_eq!(h.value, Some(Value::Draw));
        // Too small a budget for the solver: the agent's choice, not exact.
        let spec = AgentSpec::parse("mcts").unwrap();
        let s = Session::new(
            TicTacToe::new(),
            "",
            &spec,
            0,
            Budget::Iterations(50),
            Seat::First,
        )
        .unwrap();
        let h = s.hint(Budget::Iterations(50)).unwrap();
        assert_eq!(h.value, None);
        assert!(h.by.starts_with("mcts"), "{h:?}");
    }

    #[test]
    fn the_board_marks_the_last_move() {
        let mut s = session("", Seat::First);
        assert_eq!(s.board().unwrap(), " 1  2  3 \n 4  5  6 \n 7  8  9 \n");
        s.person_move("5").unwrap();
        assert_eq!(s.board().unwrap(), " 1  2  3 \n 4 [X] 6 \n 7  8  9 \n");
    }
}
