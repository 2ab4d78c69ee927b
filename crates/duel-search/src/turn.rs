//! One turn of a board game played by a front end that keeps no state: the request holds the
//! game, every move so far and the agent; [`turn`] replays the moves, lets the agent move when
//! it is its turn, and answers what the page shows (the board, the last move, the winning
//! line, the legal moves, who won).
//!
//! ```
//! use duel_search::turn::{turn, TurnRequest};
//!
//! let answer = turn(&TurnRequest::new("tictactoe", "5", "solver"))?;
//! let reply = answer.agent_move.unwrap();
//! assert!(["1", "3", "7", "9"].contains(&reply.notation.as_str()), "a corner holds the draw");
//! assert_eq!(answer.moves, format!("5{}", reply.notation));
//! # Ok::<(), duel_search::answer::AnswerError>(())
//! ```

use duel_core::game::{Game, Outcome, Player};
use duel_games::{parse_game, with_game};
use serde::{Deserialize, Serialize};

use crate::agent::{Budget, SearchError, SearchResult, Unsupported};
use crate::answer::{budget_of, AnswerError};
use crate::session::AgentMove;
use crate::spec::AgentSpec;

/// The most moves a request may hold: more than any board of the registry has cells.
pub const MAX_MOVES: usize = 1024;

/// What a page asks: the game, the moves so far, the agent and its budget.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize, Serialize)]
pub struct TurnRequest {
    /// The game's name, e.g. `tictactoe`, `connect:7x6:4`.
    pub game: String,
    /// Every move from the start, in the game's notation, separated by commas.
    pub moves: String,
    /// The agent spec, e.g. `solver`, `mcts`, `symp:a=0.618`.
    pub agent: String,
    /// The person's side: `first`, `second`, or `none` (the agent plays the next move
    /// whoever is to move).
    pub human: String,
    /// Iterations of the agent's move.
    pub iterations: Option<u64>,
    /// Milliseconds of the agent's move (wins over `iterations`).
    pub millis: Option<u64>,
    /// Seed of the agent (0 when absent).
    #[serde(default)]
    pub seed: u64,
}

impl TurnRequest {
    /// `moves` of `game` against `agent`, the person first, the default budget, seed 0.
    pub fn new(game: &str, moves: &str, agent: &str) -> TurnRequest {
        TurnRequest {
            game: game.to_string(),
            moves: moves.to_string(),
            agent: agent.to_string(),
            human: "first".to_string(),
            iterations: None,
            millis: None,
            seed: 0,
        }
    }
}

/// What the page shows after the turn.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct TurnAnswer {
    /// The game, as its name writes it.
    pub game: String,
    /// Every move from the start, the agent's included, as the game writes a list of moves.
    pub moves: String,
    /// The agent's move of this turn, if it moved.
    pub agent_move: Option<AgentMove>,
    /// The board, top row first: `X` the first player, `O` the second, `.` empty; empty for
    /// games without a board.
    pub board: Vec<String>,
    /// The cell `[row, column]` of the last move.
    pub last: Option<[usize; 2]>,
    /// The cells of the line that ended the game.
    pub line: Vec<[usize; 2]>,
    /// The side to move.
    pub to_move: Player,
    /// The legal moves, in reading order.
    pub legal: Vec<String>,
    /// "first", "second" or "draw" once the game is over.
    pub outcome: Option<&'static str>,
    /// "human" or "agent" once the game is won.
    pub winner: Option<&'static str>,
    /// Whether the solver proved nothing within its budget, so that its move is MCTS's best
    /// found instead of a proven one.
    pub unproven: bool,
}

/// Why a request names no side.
fn side_of(human: &str) -> Result<Option<Player>, AnswerError> {
    match human {
        "first" => Ok(Some(Player::First)),
        "second" => Ok(Some(Player::Second)),
        "none" => Ok(None),
        other => Err(AnswerError::Search(crate::SearchError::Unsupported(
            Unsupported::Human {
                got: other.to_string(),
            },
        ))),
    }
}

/// Replays `request.moves`, plays the agent's move when it is the agent's turn, and answers
/// the position. The agent, the budget, the side, the game and the moves are checked before
/// any search.
pub fn turn(request: &TurnRequest) -> Result<TurnAnswer, AnswerError> {
    turn_until(request, None)
}

/// [`turn`], the agent's search stopping at `deadline` whatever its budget (a server's time
/// limit; the move is then the best found by then).
pub fn turn_until(
    request: &TurnRequest,
    deadline: Option<std::time::Instant>,
) -> Result<TurnAnswer, AnswerError> {
    let spec = AgentSpec::parse(&request.agent)?;
    let budget = budget_of(request.iterations, request.millis)?;
    let human = side_of(&request.human)?;
    let game = parse_game(&request.game)?;
    with_game!(game, g => turn_in(g, request, &spec, (budget, deadline), human))
}

/// [`turn`] from the start `start` of the request's game.
fn turn_in<G: Game + 'static>(
    start: G,
    request: &TurnRequest,
    spec: &AgentSpec,
    (budget, deadline): (crate::Budget, Option<std::time::Instant>),
    human: Option<Player>,
) -> Result<TurnAnswer, AnswerError> {
    let mut moves = start.parse_moves(&request.moves)?;
    if moves.len() > MAX_MOVES {
        return Err(AnswerError::Search(crate::SearchError::Unsupported(
            Unsupported::TooManyMoves { max: MAX_MOVES },
        )));
    }
    let mut game = start.clone();
    game.try_play_all(&moves)?;
    let mut before = None;
    let mut agent_move = None;
    let mut unproven = false;
    if game.outcome().is_none() && Some(game.to_move()) != human {
        let budget = budget.validate_for(&game)?;
        let r = if *spec == AgentSpec::Solver {
            let (r, not_proven) =
                solver_turn(&start, &moves, &game, budget, deadline, request.seed)?;
            unproven = not_proven;
            r
        } else {
            let mut agent = spec.build::<G>(request.seed);
            agent.set_history(&start, &moves);
            agent.set_deadline(deadline);
            agent.search(&game, budget)?
        };
        before = Some(game.clone());
        let notation = game.format_move(r.best);
        game.try_play(r.best)?;
        moves.push(r.best);
        agent_move = Some(AgentMove {
            notation,
            estimate: r.estimate,
            iterations: r.iterations,
            millis: r.millis,
            stopped: r.stopped,
            tree_nodes: r.tree_nodes,
        });
    }
    if before.is_none() && !moves.is_empty() {
        let mut b = start.clone();
        b.try_play_all(&moves[..moves.len() - 1])?;
        before = Some(b);
    }
    let board = rows(&game);
    let last = before.and_then(|b| changed(&rows(&b), &board));
    let outcome = game.outcome();
    let line = match (outcome, last) {
        (Some(Outcome::Win(_)), Some(cell)) => run_through(&board, cell),
        _ => Vec::new(),
    };
    let mut legal = Vec::new();
    if outcome.is_none() {
        let mut ms = Vec::new();
        game.legal_moves(&mut ms);
        legal = ms.iter().map(|&m| game.format_move(m)).collect();
        legal.sort_by(|a, b| (a.len(), a).cmp(&(b.len(), b)));
    }
    let winner = match (outcome, human) {
        (Some(Outcome::Win(w)), Some(h)) => Some(if w == h { "human" } else { "agent" }),
        _ => None,
    };
    Ok(TurnAnswer {
        game: game.spec(),
        moves: start.format_moves(&moves),
        agent_move,
        board,
        last,
        line,
        to_move: game.to_move(),
        legal,
        outcome: outcome.map(|o| match o {
            Outcome::Win(Player::First) => "first",
            Outcome::Win(Player::Second) => "second",
            Outcome::Draw => "draw",
        }),
        winner,
        unproven,
    })
}

/// The perfect player's move in `game` (`start` followed by `moves`): the opening book's or
/// the solver's within `budget` (three quarters of a budget in milliseconds), else, where the
/// solver proves nothing in time, MCTS's best found with the same budget (the rest of the
/// time); `true` beside the move in that case. A person's game never ends on an error because
/// a position was too hard.
fn solver_turn<G: Game + 'static>(
    start: &G,
    moves: &[G::Move],
    game: &G,
    budget: Budget,
    deadline: Option<std::time::Instant>,
    seed: u64,
) -> Result<(SearchResult<G::Move>, bool), SearchError> {
    let t0 = std::time::Instant::now();
    let exact = match budget {
        Budget::Millis(t) => Budget::Millis((t * 3 / 4).max(1)),
        b => b,
    };
    let mut solver = AgentSpec::Solver.build::<G>(seed);
    solver.set_deadline(deadline);
    match solver.search(game, exact) {
        Err(SearchError::OutOfBudget(_)) => {}
        r => return r.map(|r| (r, false)),
    }
    let rest = match budget {
        Budget::Millis(t) => {
            Budget::Millis(t.saturating_sub(t0.elapsed().as_millis() as u64).max(1))
        }
        b => b,
    };
    let mut mcts = AgentSpec::parse("mcts")?.build::<G>(seed);
    mcts.set_history(start, moves);
    mcts.set_deadline(deadline);
    let mut r = mcts.search(game, rest)?;
    r.millis = t0.elapsed().as_secs_f64() * 1000.0;
    Ok((r, true))
}

/// The board's rows of cells, top row first: `X` the first player, `O` the second, `.` empty.
fn rows<G: Game>(game: &G) -> Vec<String> {
    game.cells()
        .unwrap_or_default()
        .iter()
        .map(|row| {
            row.iter()
                .map(|c| match c {
                    Some(Player::First) => 'X',
                    Some(Player::Second) => 'O',
                    None => '.',
                })
                .collect()
        })
        .collect()
}

/// The one cell that differs between two boards.
fn changed(before: &[String], after: &[String]) -> Option<[usize; 2]> {
    after.iter().enumerate().find_map(|(r, row)| {
        let old = before.get(r)?;
        row.bytes()
            .zip(old.bytes())
            .position(|(a, b)| a != b)
            .map(|c| [r, c])
    })
}

/// The longest straight run of one mark through `cell`: the line the last move completed.
fn run_through(board: &[String], cell: [usize; 2]) -> Vec<[usize; 2]> {
    let at = |r: isize, c: isize| -> Option<u8> {
        let row = board.get(usize::try_from(r).ok()?)?;
        row.as_bytes().get(usize::try_from(c).ok()?).copied()
    };
    let (r0, c0) = (cell[0] as isize, cell[1] as isize);
    let Some(mark) = at(r0, c0) else {
        return Vec::new();
    };
    let mut best = Vec::new();
    for (dr, dc) in [(0, 1), (1, 0), (1, 1), (1, -1)] {
        let mut run = vec![cell];
        for sign in [-1, 1] {
            let (mut r, mut c) = (r0 + sign * dr, c0 + sign * dc);
            while at(r, c) == Some(mark) {
                run.push([r as usize, c as usize]);
                r += sign * dr;
                c += sign * dc;
            }
        }
        if run.len() > best.len() {
            best = run;
        }
    }
    best.sort_unstable();
    best
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_winning_line_and_the_last_move_are_found() {
        // X: 1, 2, 3 along the top row; O: 4, 5.
        let mut r = TurnRequest::new("tictactoe", "1,4,2,5,3", "solver");
        r.human = "first".into();
        let a = turn(&r).unwrap();
        assert_eq!(a.outcome, Some("first"));
        assert_eq!(a.winner, Some("human"));
        assert_eq!(a.last, Some([0, 2]));
        assert_eq!(a.line, vec![[0, 0], [0, 1], [0, 2]]);
        assert!(a.agent_move.is_none() && a.legal.is_empty());
    }

    #[test]
    fn bad_sides_and_moves_are_refused() {
        let mut r = TurnRequest::new("tictactoe", "", "solver");
        r.human = "both".into();
        assert!(turn(&r).is_err());
        let r = TurnRequest::new("tictactoe", "1,1", "solver");
        assert!(turn(&r).is_err());
        let r = TurnRequest::new("connect:7x6:4", "8", "solver");
        assert!(turn(&r).is_err());
    }

    #[test]
    fn the_solver_plays_its_best_found_where_it_proves_nothing() {
        // Connect Four 7×6 after 15 stones (the first line of the benchmark's Test_L2_R2), out
        // of the opening book: one position is not enough to prove a move, so MCTS's best
        // found is played, and the answer says so.
        let position = "274552224131661";
        let mut r = TurnRequest::new("connect:7x6:4", position, "solver");
        r.iterations = Some(1);
        let a = turn(&r).unwrap();
        assert!(a.unproven, "{a:?}");
        let reply = a.agent_move.expect("the solver moves");
        assert!((1..=7).contains(&reply.notation.parse::<u32>().unwrap()));
        assert_eq!(a.moves, format!("{position}{}", reply.notation));
        // Within 2 s the dedicated solver proves its move.
        r.iterations = None;
        r.millis = Some(2000);
        let a = turn(&r).unwrap();
        assert!(!a.unproven, "{a:?}");
        assert_eq!(
            a.agent_move.unwrap().stopped,
            crate::agent::StopReason::Solved
        );
    }
}
