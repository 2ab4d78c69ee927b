//! The `solver` agent: the exact minimax value of every move ([`super::minimax::solve`]),
//! a winning move if there is one, else a drawing one (on Connect Four, in a lost position,
//! the move that loses latest where the exact scores are found within the budget). Its budget is a number of positions, or
//! milliseconds (a deadline). Connect Four (K = 4, not misère) on the boards of
//! [`duel_games::connect4`] goes to that module's solver instead, weakly (win, draw or
//! loss), with its table kept from move to move: positions of 7×6 that the generic search
//! cannot finish in 50 million positions take it about a second from the fourth stone on,
//! and the opening book of [`duel_games::connect4::move_book`] answers on 7×6 within its plies.
//!
//! The `auto` agent ([`Auto`]) is the solver where it finishes within half the budget, and
//! MCTS with the rest where it does not: a perfect opponent as soon as one is affordable.

use std::any::Any;
use std::marker::PhantomData;
use std::time::{Duration, Instant};

use duel_core::game::{Game, Outcome, Value};
use duel_games::connect::{Connect, ConnectRules};
use duel_games::connect4::move_book::standard_answer;
use duel_games::connect4::{with_board_size, Shape, ShapeBoard, ShapeSolver, SizeVisitor};

use super::agent::{
    num, Agent, Budget, OutOfBudget, SearchError, SearchResult, StopReason, Unsupported, Work,
};
use super::mcts::{Mcts, MctsKind, Selection};
use super::minimax::{solve, MinimaxError, MinimaxOptions};

/// The exact agent.
pub struct Solver<G: Game> {
    /// The Connect Four solver of the game's board size, built at the first Connect Four
    /// position (`None` before, and for every other game).
    four: Option<Box<dyn FourValues>>,
    /// Where every search gives up, whatever its budget ([`Agent::set_deadline`]).
    deadline: Option<Instant>,
    _game: PhantomData<fn(G)>,
}

impl<G: Game> Solver<G> {
    /// A new solver agent.
    pub fn new() -> Self {
        Solver {
            four: None,
            deadline: None,
            _game: PhantomData,
        }
    }
}

impl<G: Game> Default for Solver<G> {
    fn default() -> Self {
        Self::new()
    }
}

fn rank(v: Value) -> u8 {
    match v {
        Value::Loss => 0,
        Value::Draw => 1,
        Value::Win => 2,
    }
}

/// The limits of one move's search: positions, and a deadline.
#[derive(Clone, Copy)]
struct Limits {
    max_nodes: u64,
    deadline: Option<Instant>,
    millis: Option<u64>,
}

impl Limits {
    /// The error of a search stopped after `nodes` positions.
    fn stopped(&self, nodes: u64) -> SearchError {
        SearchError::OutOfBudget(match self.millis {
            Some(millis) => OutOfBudget::Millis { millis, nodes },
            None => OutOfBudget::Positions {
                max_nodes: self.max_nodes,
            },
        })
    }
}

/// Values of moves for the side to move, each with the index of its move among the legal
/// moves, and the positions explored to find them.
type MoveValues = (Vec<(usize, Value)>, u64);

/// A Connect Four position of the generic game, in either of the words whose boards the
/// solver takes (9×7 and 8×8 are `u128` games).
#[derive(Clone, Copy)]
enum FourPosition<'a> {
    Narrow(&'a Connect<u64>),
    Wide(&'a Connect<u128>),
}

impl<'a> FourPosition<'a> {
    /// `position` as a Connect game, when it is one.
    fn of<G: Game + 'static>(position: &'a G) -> Option<Self> {
        let any = position as &dyn Any;
        any.downcast_ref::<Connect<u64>>()
            .map(FourPosition::Narrow)
            .or_else(|| any.downcast_ref::<Connect<u128>>().map(FourPosition::Wide))
    }

    fn rules(self) -> ConnectRules {
        match self {
            FourPosition::Narrow(c) => c.rules(),
            FourPosition::Wide(c) => c.rules(),
        }
    }

    fn legal_moves(self, moves: &mut Vec<u8>) {
        match self {
            FourPosition::Narrow(c) => c.legal_moves(moves),
            FourPosition::Wide(c) => c.legal_moves(moves),
        }
    }

    /// The solver's board of this position if it has the shape `shape` (see
    /// [`ShapeBoard::from_connect`]).
    fn board<S: Shape>(self, shape: S) -> Option<ShapeBoard<S>> {
        let board = match self {
            FourPosition::Narrow(c) => ShapeBoard::from_connect(c),
            FourPosition::Wide(c) => ShapeBoard::from_connect(c),
        };
        board.filter(|b| b.shape() == shape)
    }
}

/// The values of the moves of a Connect Four position, for one board size.
trait FourValues: Send {
    /// The values for the side to move of the moves of `c` (by their index among its legal
    /// moves), up to the first win (a win at once if there is one, alone); and the positions
    /// explored. `None` when `c` is not of this solver's size.
    fn values(
        &mut self,
        c: FourPosition<'_>,
        limits: Limits,
    ) -> Option<Result<MoveValues, SearchError>>;

    /// The value of `c` for the side to move, and the positions explored; `None` when `c` is
    /// not of this solver's size.
    fn value(
        &mut self,
        c: FourPosition<'_>,
        limits: Limits,
    ) -> Option<Result<(Value, u64), SearchError>>;
}

/// In a lost position (`values` all losses, in the order of `moves`), puts first the move
/// that loses latest (the highest exact score; the earlier move among equals) if `solver`
/// finds the exact scores within what is left of `limits` after `spent` positions; else leaves
/// `values` as they are. Returns the positions explored.
fn latest_loss_first<S: Shape>(
    solver: &mut ShapeSolver<S>,
    board: &ShapeBoard<S>,
    moves: &[u8],
    values: &mut [(usize, Value)],
    limits: Limits,
    spent: u64,
) -> u64 {
    let mut nodes = 0u64;
    let mut scores = Vec::with_capacity(values.len());
    for &(i, _) in values.iter() {
        let mut child = *board;
        child.play_col(u32::from(moves[i]));
        let left = limits.max_nodes.saturating_sub(spent + nodes);
        match solver.try_solve(&child, left, limits.deadline) {
            Ok(s) => {
                nodes += s.nodes;
                scores.push(-s.score);
            }
            Err(stop) => return nodes + stop.nodes,
        }
    }
    if let Some(best) = (0..values.len()).max_by_key(|&k| (scores[k], std::cmp::Reverse(k))) {
        values[..=best].rotate_right(1);
    }
    nodes
}

impl<S: Shape> FourValues for ShapeSolver<S> {
    fn values(
        &mut self,
        c: FourPosition<'_>,
        limits: Limits,
    ) -> Option<Result<MoveValues, SearchError>> {
        let board = c.board(self.shape())?;
        let mut moves = Vec::new();
        c.legal_moves(&mut moves);
        // A win at once first: any winning move keeps the win, but a person expects this one.
        if let Some(i) = moves
            .iter()
            .position(|&col| board.is_winning_move(u32::from(col)))
        {
            return Some(Ok((vec![(i, Value::Win)], 0)));
        }
        let mut values = Vec::with_capacity(moves.len());
        let mut nodes = 0u64;
        for (i, &col) in moves.iter().enumerate() {
            let col = u32::from(col);
            let mut child = board;
            child.play_col(col);
            let v = if child.moves_played() as i32 == board.shape().cells() {
                Value::Draw
            } else {
                let left = limits.max_nodes.saturating_sub(nodes);
                match self.try_solve_weak(&child, left, limits.deadline) {
                    Ok(s) => {
                        nodes += s.nodes;
                        weak_value(s.score).negate()
                    }
                    Err(stop) => return Some(Err(limits.stopped(nodes + stop.nodes))),
                }
            };
            values.push((i, v));
            if v == Value::Win {
                break;
            }
        }
        if values.iter().all(|&(_, v)| v == Value::Loss) {
            nodes += latest_loss_first(self, &board, &moves, &mut values, limits, nodes);
        }
        Some(Ok((values, nodes)))
    }

    fn value(
        &mut self,
        c: FourPosition<'_>,
        limits: Limits,
    ) -> Option<Result<(Value, u64), SearchError>> {
        let board = c.board(self.shape())?;
        Some(
            match self.try_solve_weak(&board, limits.max_nodes, limits.deadline) {
                Ok(s) => Ok((weak_value(s.score), s.nodes)),
                Err(stop) => Err(limits.stopped(stop.nodes)),
            },
        )
    }
}

/// The value of a weak score (1, 0 or −1) for the side to move.
fn weak_value(score: i32) -> Value {
    match score.signum() {
        1 => Value::Win,
        0 => Value::Draw,
        _ => Value::Loss,
    }
}

/// A value found by [`connect_four_value`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FourValue {
    /// The value for the side to move.
    pub value: Value,
    /// Positions explored (0 from the book).
    pub nodes: u64,
    /// Whether the opening book gave it.
    pub from_book: bool,
}

/// The exact value of `position` for the side to move by the Connect Four solver (weakly),
/// within `max_nodes` positions, or from the opening book on 7×6: `None` when `position` is
/// not an unfinished Connect Four game (K = 4, not misère) of a size that solver has; an
/// [`SearchError::OutOfBudget`] when it does not finish.
pub fn connect_four_value<G: Game + 'static>(
    position: &G,
    max_nodes: u64,
) -> Option<Result<FourValue, SearchError>> {
    connect_four_value_until(position, max_nodes, None)
}

/// [`connect_four_value`], giving up (out of budget) at `deadline` where one is given.
pub fn connect_four_value_until<G: Game + 'static>(
    position: &G,
    max_nodes: u64,
    deadline: Option<Instant>,
) -> Option<Result<FourValue, SearchError>> {
    let c = FourPosition::of(position)?;
    if let Some((_, v)) = match c {
        FourPosition::Narrow(c) => standard_answer(c),
        FourPosition::Wide(_) => None,
    } {
        return Some(Ok(FourValue {
            value: weak_value(v),
            nodes: 0,
            from_book: true,
        }));
    }
    let limits = Limits {
        max_nodes,
        deadline,
        millis: None,
    };
    let r = four_solver(c)?.value(c, limits)?;
    Some(r.map(|(value, nodes)| FourValue {
        value,
        nodes,
        from_book: false,
    }))
}

/// The opening book's move among `moves` and its value for the side to move, when `position`
/// is a Connect Four 7×6 position of the book.
fn book_answer<G: Game + 'static>(position: &G, moves: &[G::Move]) -> Option<(G::Move, Value)> {
    let c = (position as &dyn Any).downcast_ref::<Connect<u64>>()?;
    let (col, v) = standard_answer(c)?;
    let v = weak_value(v);
    let mut legal = Vec::new();
    c.legal_moves(&mut legal);
    let i = legal.iter().position(|&m| m == col)?;
    Some((*moves.get(i)?, v))
}

/// The Connect Four solver for the board of `c`, if [`duel_games::connect4`] has its size
/// ([`with_board_size`]) and the rules are Connect Four's.
fn four_solver(c: FourPosition<'_>) -> Option<Box<dyn FourValues>> {
    let rules = c.rules();
    if rules.k() != 4 || rules.misere() {
        return None;
    }
    struct Build;
    impl SizeVisitor for Build {
        type Output = Box<dyn FourValues>;
        fn visit<S: Shape>(self, shape: S) -> Box<dyn FourValues> {
            // A table of 32 MiB: the agent keeps it between moves.
            Box::new(ShapeSolver::with_table_bytes_on(shape, 32 << 20))
        }
    }
    with_board_size(rules.width(), rules.height(), Build)
}

impl<G: Game + 'static> Solver<G> {
    /// The values of the moves of `position` (as [`FourValues::values`]) by the Connect Four
    /// solver, where it applies.
    fn four_values(
        &mut self,
        position: &G,
        limits: Limits,
    ) -> Option<Result<MoveValues, SearchError>> {
        let c = FourPosition::of(position)?;
        if self.four.is_none() {
            self.four = four_solver(c);
        }
        self.four.as_mut()?.values(c, limits)
    }

    /// The values of the moves of `position` by the generic exact search.
    fn generic_values(
        &mut self,
        position: &G,
        moves: &[G::Move],
        limits: Limits,
    ) -> Result<MoveValues, SearchError> {
        let opts = MinimaxOptions {
            max_nodes: limits.max_nodes,
            deadline: limits.deadline,
            ..MinimaxOptions::default()
        };
        let me = position.to_move();
        let mut values = Vec::with_capacity(moves.len());
        let mut nodes = 0u64;
        // A win at once first: any winning move keeps the win, but a person expects this one.
        for (i, &mv) in moves.iter().enumerate() {
            let mut child = position.clone();
            child.play(mv);
            if child.outcome() == Some(Outcome::Win(me)) {
                return Ok((vec![(i, Value::Win)], 0));
            }
        }
        for (i, &mv) in moves.iter().enumerate() {
            let mut child = position.clone();
            child.play(mv);
            let v = match child.outcome() {
                Some(Outcome::Draw) => Value::Draw,
                Some(Outcome::Win(p)) if p == me => Value::Win,
                Some(Outcome::Win(_)) => Value::Loss,
                None => match solve(&child, &opts) {
                    Ok(s) => {
                        nodes += s.nodes;
                        s.value.negate()
                    }
                    Err(MinimaxError::OutOfTime { nodes: n }) => {
                        return Err(limits.stopped(nodes + n))
                    }
                    Err(MinimaxError::TooLarge { .. }) => return Err(limits.stopped(nodes)),
                    Err(e) => return Err(SearchError::Unsupported(Unsupported::Solver(e))),
                },
            };
            values.push((i, v));
            if v == Value::Win {
                break;
            }
        }
        Ok((values, nodes))
    }
}

/// The result of an exact answer: `best`, of value `v` for the side to move, after `positions`
/// positions searched since `t0`.
fn proven<M>(
    best: M,
    v: Value,
    positions: u64,
    t0: Instant,
    stopped: StopReason,
) -> SearchResult<M> {
    SearchResult {
        best,
        estimate: rank(v) as f64 / 2.0,
        iterations: positions,
        millis: t0.elapsed().as_secs_f64() * 1000.0,
        stopped,
        tree_nodes: 0,
        reused_tree: false,
    }
}

impl<G: Game + 'static> Agent<G> for Solver<G> {
    fn name(&self) -> String {
        "solver".to_string()
    }

    fn search(
        &mut self,
        position: &G,
        budget: Budget,
    ) -> Result<SearchResult<G::Move>, SearchError> {
        let budget = budget.validate_for(position)?;
        let t0 = Instant::now();
        // A budget in milliseconds is a deadline for all the moves' searches together; one
        // of work counts a position searched as a unit, as one of iterations does.
        let limits = match budget {
            Budget::Iterations(n) | Budget::Work(n) => Limits {
                max_nodes: n,
                deadline: None,
                millis: None,
            },
            Budget::Millis(t) => Limits {
                max_nodes: u64::MAX,
                deadline: Some(t0 + Duration::from_millis(t)),
                millis: Some(t),
            },
        };
        let limits = match self.deadline {
            Some(d) if limits.deadline.map_or(true, |l| d < l) => Limits {
                deadline: Some(d),
                millis: Some(d.saturating_duration_since(t0).as_millis() as u64),
                ..limits
            },
            _ => limits,
        };
        let mut moves = Vec::new();
        position.legal_moves(&mut moves);
        // The opening book's answer is the one this agent would compute, without the minutes.
        if let Some((mv, v)) = book_answer(position, &moves) {
            return Ok(proven(mv, v, 0, t0, StopReason::Book));
        }
        let (values, nodes) = match self.four_values(position, limits) {
            Some(r) => r?,
            None => self.generic_values(position, &moves, limits)?,
        };
        let mut best: Option<(G::Move, Value)> = None;
        for (i, v) in values {
            let mv = moves[i];
            if best.map_or(true, |(_, b)| rank(v) > rank(b)) {
                best = Some((mv, v));
            }
        }
        let (mv, v) = best.ok_or(SearchError::Finished)?;
        Ok(proven(mv, v, nodes, t0, StopReason::Solved))
    }

    fn node_bytes(&self) -> usize {
        0
    }

    fn set_deadline(&mut self, deadline: Option<Instant>) {
        self.deadline = deadline;
    }
}

/// The `auto` agent: the exact solver when it finishes within half the budget (a budget of N
/// iterations gives it N positions), else MCTS (Algorithm 31 with φ(w,c) = (w+a)/(c+b)) with
/// the rest of the time (or N iterations), keeping its tree between moves.
pub struct Auto<G: Game> {
    solver: Solver<G>,
    mcts: Mcts<G>,
    a: f64,
    b: f64,
}

impl<G: Game> Auto<G> {
    /// The agent, with MCTS(a, b) seeded with `seed` for the positions the solver cannot
    /// finish.
    pub fn new(a: f64, b: f64, seed: u64) -> Self {
        Auto {
            solver: Solver::new(),
            mcts: Mcts::new(MctsKind::Mcts, Selection::Ratio { a, b }, seed),
            a,
            b,
        }
    }
}

/// The spec of `auto` with MCTS(a, b): `auto:a=..,b=..`.
pub(crate) fn auto_text(a: f64, b: f64) -> String {
    format!("auto:a={},b={}", num(a), num(b))
}

impl<G: Game + 'static> Agent<G> for Auto<G> {
    fn name(&self) -> String {
        auto_text(self.a, self.b)
    }

    fn search(
        &mut self,
        position: &G,
        budget: Budget,
    ) -> Result<SearchResult<G::Move>, SearchError> {
        let budget = budget.validate_for(position)?;
        let t0 = Instant::now();
        let exact = match budget {
            Budget::Millis(t) => Budget::Millis((t / 2).max(1)),
            b => b,
        };
        match self.solver.search(position, exact) {
            Ok(r) => return Ok(r),
            Err(SearchError::OutOfBudget(_)) => {}
            Err(e) => return Err(e),
        }
        let rest = match budget {
            Budget::Millis(t) => {
                let spent = t0.elapsed().as_millis() as u64;
                Budget::Millis(t.saturating_sub(spent).max(1))
            }
            b => b,
        };
        let mut r = self.mcts.search(position, rest)?;
        r.millis = t0.elapsed().as_secs_f64() * 1000.0;
        Ok(r)
    }

    fn node_bytes(&self) -> usize {
        Agent::<G>::node_bytes(&self.mcts)
    }

    fn set_history(&mut self, start: &G, moves: &[G::Move]) {
        self.mcts.set_history(start, moves);
    }

    fn work(&self) -> Work {
        Agent::<G>::work(&self.mcts)
    }

    fn forget(&mut self) {
        Agent::<G>::forget(&mut self.mcts);
    }

    fn set_deadline(&mut self, deadline: Option<Instant>) {
        Agent::<G>::set_deadline(&mut self.solver, deadline);
        Agent::<G>::set_deadline(&mut self.mcts, deadline);
    }
}
