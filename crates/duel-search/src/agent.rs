//! Agents: a common interface over MCTS, MCTS′, UCT and the Bayesian searches, their budgets,
//! and the text specs of DESIGN.md (`mcts:a=3.5,b=5`, `symp:a=0.618`, ...).

use std::time::Instant;

use rand::Rng;

use thiserror::Error;

use crate::minimax::MinimaxError;
use duel_core::game::{Game, GameError};
use duel_core::text::quote;

/// How much work an agent may do for one move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Budget {
    /// A number of iterations (simulated matches).
    Iterations(u64),
    /// Wall-clock milliseconds.
    Millis(u64),
    /// Work units ([`Work::units`]): a clock that runs on the steps an agent takes, not on
    /// the machine, so that a seed gives the same games anywhere. Section 8's
    /// paper-equivalent budget is this clock calibrated on each agent's first move
    /// ([`crate::arena::clock`]).
    Work(u64),
}

impl Budget {
    /// The iterations of a budget of iterations.
    pub fn iterations(self) -> Option<u64> {
        match self {
            Budget::Iterations(n) => Some(n),
            _ => None,
        }
    }

    /// The milliseconds of a time budget.
    pub fn millis(self) -> Option<u64> {
        match self {
            Budget::Millis(t) => Some(t),
            _ => None,
        }
    }

    /// The units of a budget of work.
    pub fn work(self) -> Option<u64> {
        match self {
            Budget::Work(u) => Some(u),
            _ => None,
        }
    }

    /// Checks that the budget is positive.
    pub fn validate(self) -> Result<Budget, SearchError> {
        match self {
            Budget::Iterations(0) | Budget::Millis(0) | Budget::Work(0) => {
                Err(SearchError::ZeroBudget)
            }
            b => Ok(b),
        }
    }

    /// Checks a search request: the budget is not zero and `position` is not finished (the
    /// errors every agent's `search` starts with).
    pub fn validate_for<G: Game>(self, position: &G) -> Result<Budget, SearchError> {
        let budget = self.validate()?;
        if position.outcome().is_some() {
            return Err(SearchError::Finished);
        }
        Ok(budget)
    }
}

impl std::fmt::Display for Budget {
    /// "1 iteration", "1000 iterations", "8 ms", "52000 work units": the budget in words.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match *self {
            Budget::Iterations(1) => f.write_str("1 iteration"),
            Budget::Iterations(n) => write!(f, "{n} iterations"),
            Budget::Millis(t) => write!(f, "{t} ms"),
            Budget::Work(1) => f.write_str("1 work unit"),
            Budget::Work(u) => write!(f, "{u} work units"),
        }
    }
}

/// Why a search stopped.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum StopReason {
    /// The budget is spent.
    Budget,
    /// The root value is known exactly (Bayesian searches: R_n(r) ∈ {0, 1}).
    Solved,
    /// The tree reached the memory limit.
    Memory,
    /// The move is the opening book's (a move found by exact search, stored).
    Book,
}

impl std::fmt::Display for StopReason {
    /// "budget spent", "root value proven", "memory limit reached" or "from the opening
    /// book": words for messages.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            StopReason::Budget => "budget spent",
            StopReason::Solved => "root value proven",
            StopReason::Memory => "memory limit reached",
            StopReason::Book => "from the opening book",
        })
    }
}

/// The outcome of one search.
#[derive(Clone, Debug)]
pub struct SearchResult<M> {
    /// The move chosen.
    pub best: M,
    /// The agent's estimate of the root value for the player to move (a probability of
    /// winning for the Bayesian agents, a mean score for MCTS).
    pub estimate: f64,
    /// Iterations done in this search.
    pub iterations: u64,
    /// Time spent, in milliseconds.
    pub millis: f64,
    /// Why the search stopped.
    pub stopped: StopReason,
    /// Nodes in the agent's tree after the search.
    pub tree_nodes: usize,
    /// Whether the tree of the previous search was kept (the position is its root, a child
    /// or a grandchild of it).
    pub reused_tree: bool,
}

/// Why a search or an agent spec failed.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum SearchError {
    /// The position is finished.
    #[error("the game is already over: no move to search")]
    Finished,
    /// A budget of zero.
    #[error("the budget must be at least 1 iteration, 1 millisecond or 1 work unit")]
    ZeroBudget,
    /// The agent spec is not understood.
    #[error("invalid agent {}: {why}", quote(.spec))]
    BadAgent {
        /// The text given.
        spec: String,
        /// What is wrong.
        why: String,
    },
    /// A position has more legal moves than a tree node can hold.
    #[error("a position has {moves} legal moves; the Bayesian search handles at most 65535")]
    TooWide {
        /// The number of legal moves met.
        moves: usize,
    },
    /// The tree would exceed the memory limit.
    #[error("the search tree reached its memory limit of {} ({nodes} nodes of {node_bytes} bytes) before {what}", memory_text(*.limit_bytes))]
    Memory {
        /// What could not be finished.
        what: String,
        /// The limit.
        limit_bytes: u64,
        /// Nodes allocated.
        nodes: usize,
        /// Bytes per node.
        node_bytes: usize,
    },
    /// The tree could not grow: the system refused the memory (`ulimit -v`, or too little
    /// memory available) before the tree reached its limit.
    #[error("the search tree could not grow past {} before {what}: the system refused {} more (it needs more memory than the process may use)", duel_core::limits::Bytes(u128::from(*tree_bytes)), duel_core::limits::Bytes(u128::from(*needed_bytes)))]
    OutOfMemory {
        /// What could not be finished.
        what: String,
        /// Bytes of the tree when it stopped.
        tree_bytes: u64,
        /// Bytes of the allocation refused.
        needed_bytes: u64,
    },
    /// The fit of GW or GW2 from random matches could not get the memory for its tables
    /// (`ulimit -v`, or too little memory available).
    #[error("the fit of the prior from random matches needs {} for its tables, more than the process may use", duel_core::limits::Bytes(u128::from(*needed_bytes)))]
    FitOutOfMemory {
        /// Bytes of the tables with the allocation refused.
        needed_bytes: u64,
    },
    /// A request no agent can serve.
    #[error("{0}")]
    Unsupported(Unsupported),
    /// The exact solver could not finish within its budget.
    #[error("{0}")]
    OutOfBudget(OutOfBudget),
}

/// What a [`SearchError::Unsupported`] refused.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum Unsupported {
    /// A side for the human that is none of `first`, `second`, `none`.
    #[error("human must be first, second or none (got {got:?})")]
    Human {
        /// The text given.
        got: String,
    },
    /// More moves than a position may be replayed from.
    #[error("more than {max} moves")]
    TooManyMoves {
        /// The most moves accepted.
        max: usize,
    },
    /// The exact solver refused the position.
    #[error("{0}")]
    Solver(MinimaxError),
    /// The agent chose a move the game refused.
    #[error("{0}")]
    Move(GameError),
}

/// How far the exact solver got in a [`SearchError::OutOfBudget`].
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum OutOfBudget {
    /// Its time ran out.
    #[error("the solver could not finish within its {millis} ms ({nodes} positions searched): the game is too large for exact search here (use an MCTS or Bayesian agent, or auto)")]
    Millis {
        /// The milliseconds it had.
        millis: u64,
        /// The positions it searched.
        nodes: u64,
    },
    /// It searched as many positions as it may.
    #[error("the solver could not finish within {max_nodes} positions: the game is too large for exact search here (use an MCTS or Bayesian agent, or auto)")]
    Positions {
        /// The most positions it may search.
        max_nodes: u64,
    },
}

/// A searcher that picks a move in a position.
pub trait Agent<G: Game>: Send {
    /// The agent's spec, e.g. `mcts:a=3.5,b=5`.
    fn name(&self) -> String;

    /// Searches `position` within `budget` and returns the chosen move. Agents keep their
    /// tree between calls when `position` follows from the previous root by a few moves
    /// (section 8.2 (i)).
    fn search(
        &mut self,
        position: &G,
        budget: Budget,
    ) -> Result<SearchResult<G::Move>, SearchError>;

    /// Bytes of one tree node.
    fn node_bytes(&self) -> usize;

    /// Tells the agent that the next position searched is `start` followed by `moves`, so
    /// that priors can be taken from the true initial position (section 8.2 (ii)). Agents
    /// without priors ignore it.
    fn set_history(&mut self, _start: &G, _moves: &[G::Move]) {}

    /// What the agent's iterations did since its tree was last started afresh (zero for
    /// agents without a tree).
    fn work(&self) -> Work {
        Work::default()
    }

    /// Stops every later search at `deadline` too, whatever its budget (a server's time
    /// limit on a move given in iterations); `None` lifts it.
    fn set_deadline(&mut self, _deadline: Option<Instant>) {}

    /// Forgets the tree: the next search starts afresh, whatever its position (a new game).
    /// The memory of the tree is kept for it, so that it is not asked from the system again,
    /// page by page.
    fn forget(&mut self) {}
}

/// Counts of the steps of an agent's iterations, to explain their cost.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Work {
    /// Children chosen by the selection rule while descending the tree.
    pub selections: u64,
    /// Levels of a descent skipped because the update proved the same choices would be made
    /// (Algorithm 13's resumed descents).
    pub resumed: u64,
    /// Moves played at random in simulated matches (rollouts).
    pub random_moves: u64,
    /// Levels of an update of Algorithm 13 that took what the brothers of the branch's child
    /// give from the last update instead of reading them again (section 2.12: the last
    /// update went through the same child, so they have not changed).
    pub brothers_reused: u64,
    /// Choices of a descent of Algorithm 13 read off the last update, which knew the children
    /// with the largest selection key, instead of made by select (included in `selections`).
    pub picked: u64,
    /// Nodes added to the tree.
    pub created: u64,
    /// Nodes whose statistics an update (MCTS's backup, Algorithm 13's update of R, U, Z)
    /// wrote.
    pub updated: u64,
}

impl Work {
    /// The work units of [`Budget::Work`]: nodes created, nodes chosen on the way down,
    /// moves of the simulated matches and nodes updated, each one unit. An agent's units per
    /// iteration fall as the game goes on (shorter matches, shallower trees), as its time per
    /// iteration would; the weight of a unit for each agent is set by calibration.
    #[inline]
    pub fn units(&self) -> u64 {
        self.created + self.selections + self.random_moves + self.updated
    }
}

/// The default memory limit of one agent's tree.
pub const DEFAULT_MEMORY_BYTES: u64 = duel_core::limits::Limits::DEFAULT.search_tree_bytes;

/// A memory size for messages: "1 GiB", "512 MiB", or its bytes when not a whole number of MiB.
pub fn memory_text(bytes: u64) -> String {
    const MIB: u64 = 1 << 20;
    const GIB: u64 = 1 << 30;
    if bytes >= GIB && bytes % GIB == 0 {
        format!("{} GiB", bytes / GIB)
    } else if bytes >= MIB && bytes % MIB == 0 {
        format!("{} MiB", bytes / MIB)
    } else {
        format!("{bytes} bytes")
    }
}

/// A parameter as short text: `0.5`, `5`, `1e-300` (what `AgentSpec::parse` reads back).
pub(crate) fn num(x: f64) -> String {
    let plain = format!("{x}");
    let short = format!("{x:e}");
    if plain.len() <= short.len() + 2 {
        plain
    } else {
        short
    }
}

/// A deadline from a budget: `done(iterations, units)` says when to stop.
pub(crate) struct Clock {
    start: Instant,
    budget: Budget,
    /// An instant past which the search stops, whatever its budget ([`Agent::set_deadline`]).
    deadline: Option<Instant>,
}

impl Clock {
    pub(crate) fn new(budget: Budget, deadline: Option<Instant>) -> Clock {
        Clock {
            start: Instant::now(),
            budget,
            deadline,
        }
    }

    /// Whether a run stops after `iterations` that took `units` of work ([`Work::units`]).
    #[inline]
    pub(crate) fn done(&self, iterations: u64, units: u64) -> bool {
        if let Some(d) = self.deadline {
            if iterations % 16 == 0 && Instant::now() >= d {
                return true;
            }
        }
        match self.budget {
            Budget::Iterations(n) => iterations >= n,
            Budget::Millis(ms) => {
                iterations % 16 == 0 && self.start.elapsed().as_secs_f64() * 1000.0 >= ms as f64
            }
            Budget::Work(w) => units >= w,
        }
    }

    pub(crate) fn millis(&self) -> f64 {
        self.start.elapsed().as_secs_f64() * 1000.0
    }

    /// The iterations that fit before the deadline, a quarter more than the rate of the
    /// `iterations` done so far gives: `None` without a deadline. Room made for more would
    /// be paid for (zeroed pages, a copy of the tree) past the deadline.
    pub(crate) fn iterations_before_deadline(&self, iterations: u64) -> Option<u64> {
        let deadline = self.deadline?;
        let now = Instant::now();
        let spent = now.duration_since(self.start).as_secs_f64().max(1e-6);
        let left = deadline.saturating_duration_since(now).as_secs_f64();
        Some((iterations as f64 * left / spent * 1.25).ceil() as u64)
    }
}

/// A uniform integer in 0..n (n ≥ 1), exactly uniform, from one 32-bit draw almost always:
/// Lemire's multiply-and-shift with rejection ("Fast random integer generation in an
/// interval", 2019), which rejects a draw only when its low half falls below 2³² mod n. It
/// replaces `gen_range`, whose zone for small n (rand 0.8's "conservative approximation")
/// rejects up to half the draws, on an unpredictable branch: a random move of Pearl's game
/// cost 19 ns with it, 7 ns with this
/// (`cargo run --release -p duel-games --example walk_floor`).
#[inline]
pub(crate) fn uniform_index<R: Rng + ?Sized>(rng: &mut R, n: usize) -> usize {
    let Ok(n32) = u32::try_from(n) else {
        return rng.gen_range(0..n);
    };
    debug_assert!(n32 > 0);
    let mut m = u64::from(rng.next_u32()) * u64::from(n32);
    if (m as u32) < n32 {
        let t = n32.wrapping_neg() % n32;
        while (m as u32) < t {
            m = u64::from(rng.next_u32()) * u64::from(n32);
        }
    }
    (m >> 32) as usize
}

/// The offset of the largest of `values`, ties broken uniformly at random (the selection rule
/// of every agent): a first pass finds the maximum and counts its ties, and only when there
/// are several is one [`uniform_index`] drawn and the values read again to find the chosen
/// one.
/// 0 when `values` is empty.
///
/// The first pass branches on each comparison, which is right when the same value wins time
/// after time (MCTS, where one child's count makes it stand out: the branches are predicted,
/// and the processor runs ahead of them). Where the winner is as good as random, use
/// [`argmax_random_ties_unpredictable`].
#[inline]
pub(crate) fn argmax_random_ties<R: Rng + ?Sized>(
    values: impl Iterator<Item = f64> + Clone,
    rng: &mut R,
) -> usize {
    argmax::<false, R>(values, rng)
}

/// The same choice as [`argmax_random_ties`] (the same offset for the same values and random
/// state), with a first pass of selects instead of branches (conditional expressions without
/// side effects, which the compiler makes conditional moves): for Algorithm 13, whose
/// brothers' keys are close and whose choice among them is as good as random, so that a
/// branch on it is mispredicted about half the time. Sym on pearl:2:32 is 4 to 7 % faster
/// with it, and MCTS about 30 % slower (each comparison waits for the one before).
#[inline]
pub(crate) fn argmax_random_ties_unpredictable<R: Rng + ?Sized>(
    values: impl Iterator<Item = f64> + Clone,
    rng: &mut R,
) -> usize {
    argmax::<true, R>(values, rng)
}

#[inline(always)]
fn argmax<const SELECTS: bool, R: Rng + ?Sized>(
    values: impl Iterator<Item = f64> + Clone,
    rng: &mut R,
) -> usize {
    let mut best = 0;
    let mut best_value = f64::NEG_INFINITY;
    let mut ties = 0u32;
    for (c, v) in values.clone().enumerate() {
        if SELECTS {
            let above = v > best_value;
            let tie = v == best_value;
            best = if above { c } else { best };
            ties = if above { 1 } else { ties + u32::from(tie) };
            best_value = if above { v } else { best_value };
        } else if v > best_value {
            best_value = v;
            best = c;
            ties = 1;
        } else if v == best_value {
            ties += 1;
        }
    }
    if ties <= 1 {
        return best;
    }
    let mut r = uniform_index(rng, ties as usize) as u32;
    for (c, v) in values.enumerate() {
        if v == best_value {
            if r == 0 {
                return c;
            }
            r -= 1;
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use super::{argmax_random_ties, argmax_random_ties_unpredictable, uniform_index};
    use super::{Budget, Clock};
    use std::time::{Duration, Instant};

    /// Room is made only for the iterations the time left allows: none without a deadline
    /// to bound them, none once it has passed, and at a deadline far ahead more than done.
    #[test]
    fn iterations_before_deadline_follow_the_time_left() {
        let budget = Budget::Iterations(10_000_000);
        assert_eq!(
            Clock::new(budget, None).iterations_before_deadline(1000),
            None
        );
        let past = Clock::new(budget, Some(Instant::now()));
        assert_eq!(past.iterations_before_deadline(1000), Some(0));
        let clock = Clock::new(budget, Some(Instant::now() + Duration::from_secs(3600)));
        std::thread::sleep(Duration::from_millis(2));
        let fit = clock.iterations_before_deadline(1000).unwrap();
        assert!(fit > 1000, "{fit}");
    }
    use proptest::prelude::*;
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    proptest! {
        /// The two first passes (branches, selects) choose the same offset and draw the same
        /// random numbers, on values with many ties, −∞, +∞ and NaN.
        #[test]
        fn argmax_variants_agree(
            picks in proptest::collection::vec(0usize..6, 0..12),
            seed in any::<u64>(),
        ) {
            let table = [0.5, 0.25, 0.5 + f64::EPSILON, f64::NEG_INFINITY, f64::INFINITY, f64::NAN];
            let values: Vec<f64> = picks.iter().map(|&i| table[i]).collect();
            let mut a = ChaCha8Rng::seed_from_u64(seed);
            let mut b = ChaCha8Rng::seed_from_u64(seed);
            for _ in 0..4 {
                let x = argmax_random_ties(values.iter().copied(), &mut a);
                let y = argmax_random_ties_unpredictable(values.iter().copied(), &mut b);
                prop_assert_eq!(x, y);
                prop_assert_eq!(a.gen::<u64>(), b.gen::<u64>());
            }
        }
    }

    /// The maximum is always chosen, and ties are broken uniformly (−∞ included).
    #[test]
    fn argmax_breaks_ties_uniformly() {
        let mut rng = ChaCha8Rng::seed_from_u64(5);
        let values = [1.0, 3.0, 3.0, 2.0, 3.0];
        let mut counts = [0u32; 5];
        let draws = 30_000;
        for _ in 0..draws {
            counts[argmax_random_ties(values.iter().copied(), &mut rng)] += 1;
        }
        assert_eq!((counts[0], counts[3]), (0, 0));
        for i in [1, 2, 4] {
            let freq = counts[i] as f64 / draws as f64;
            assert!((freq - 1.0 / 3.0).abs() < 0.02, "{counts:?}");
        }
        let none: [f64; 0] = [];
        assert_eq!(argmax_random_ties(none.iter().copied(), &mut rng), 0);
        let mut seen = [false; 3];
        for _ in 0..200 {
            seen[argmax_random_ties([f64::NEG_INFINITY; 3].iter().copied(), &mut rng)] = true;
        }
        assert_eq!(seen, [true; 3]);
        assert_eq!(argmax_random_ties([0.5, 0.25].iter().copied(), &mut rng), 0);
    }

    /// A generator that returns the given 32-bit words in turn.
    struct Words(Vec<u32>, usize);

    impl rand::RngCore for Words {
        fn next_u32(&mut self) -> u32 {
            self.1 += 1;
            self.0[self.1 - 1]
        }
        fn next_u64(&mut self) -> u64 {
            u64::from(self.next_u32())
        }
        fn fill_bytes(&mut self, _: &mut [u8]) {
            unimplemented!()
        }
        fn try_fill_bytes(&mut self, _: &mut [u8]) -> Result<(), rand::Error> {
            unimplemented!()
        }
    }

    /// uniform_index is Lemire's method: it rejects exactly the words w whose low product
    /// (w n mod 2³²) is below 2³² mod n (which leaves 2³² − (2³² mod n) words, a multiple of
    /// n, each output taken by as many), returns ⌊w n / 2³²⌋ for the first word kept, and its
    /// frequencies are uniform on a real generator.
    #[test]
    fn uniform_index_is_uniform() {
        for n in [1usize, 2, 3, 5, 6, 7, 1000, 65_537, (1 << 31) + 1] {
            let t = (n as u32).wrapping_neg() % n as u32;
            // Words whose low product is below t are rejected: the next word is used.
            for w in [
                0u32,
                1,
                2,
                3,
                0x8000_0000,
                0xffff_fffe,
                0xffff_ffff,
                0x5555_5555,
            ] {
                let seq = vec![w, 0xdead_beef, 0x1234_5678, 0x9abc_def0, 0x0f0f_0f0f];
                let kept = seq
                    .iter()
                    .map(|&x| u64::from(x) * n as u64)
                    .position(|m| (m as u32) >= t)
                    .expect("one of the words is kept");
                let expected = ((u64::from(seq[kept]) * n as u64) >> 32) as usize;
                let mut words = Words(seq, 0);
                let got = uniform_index(&mut words, n);
                assert_eq!((got, words.1), (expected, kept + 1), "n = {n}, w = {w:#x}");
                assert!(got < n);
            }
        }
        let mut rng = ChaCha8Rng::seed_from_u64(9);
        for n in [2usize, 3, 7] {
            let mut counts = vec![0u32; n];
            let draws = 70_000;
            for _ in 0..draws {
                counts[uniform_index(&mut rng, n)] += 1;
            }
            for &c in &counts {
                let freq = c as f64 / draws as f64;
                assert!((freq - 1.0 / n as f64).abs() < 0.01, "n = {n}: {counts:?}");
            }
        }
        // Beyond 32 bits, gen_range.
        let big = (u32::MAX as usize) * 4;
        assert!(uniform_index(&mut rng, big) < big);
    }
}
