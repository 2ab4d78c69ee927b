//! Exact minimax values R(x) (Delattre & Fournier, Remark 1, with draws kept as a third
//! value) for any [`Game`]: negamax with alpha-beta pruning and a transposition table, and a
//! plain minimax without either, as a cross-check on small games.
//!
//! Values are for the side to move: [`Value::Win`], [`Value::Draw`] or [`Value::Loss`]. In the
//! paper's two-valued setting (a draw counted as a win of J0), R(x) = 1 exactly when the
//! maximiser J1 wins.

use std::time::Instant;

use thiserror::Error;

use duel_core::game::{Game, Outcome, Value};

/// Why a value was not computed.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum MinimaxError {
    /// The position is already finished: its outcome is given instead.
    #[error("the game is already over ({0}): nothing to search")]
    Finished(Outcome),
    /// The search visited more positions than allowed without an answer.
    #[error("not solved within {max_nodes} positions (the node budget): the game is too large for exact search from here; raise the budget or start from a later position")]
    TooLarge {
        /// The budget that was exhausted.
        max_nodes: u64,
    },
    /// The deadline ([`MinimaxOptions::deadline`]) passed before the value was known.
    #[error("not solved before the deadline ({nodes} positions searched): the game is too large for exact search in that time")]
    OutOfTime {
        /// Positions searched.
        nodes: u64,
    },
    /// The transposition table asked for would not fit the memory limit (or the memory the
    /// process can get, or the system refused it).
    #[error("a transposition table of {entries} entries needs {bytes} bytes, more than the limit of {limit} bytes")]
    TableTooLarge {
        /// Entries asked for.
        entries: u64,
        /// Bytes needed.
        bytes: u64,
        /// The limit.
        limit: u64,
    },
}

/// Budgets of a search.
#[derive(Clone, Copy, Debug)]
pub struct MinimaxOptions {
    /// Give up after visiting this many positions.
    pub max_nodes: u64,
    /// Transposition table entries (rounded up to a power of two, at least 32; 8 bytes each).
    pub table_entries: u64,
    /// Give up (with [`MinimaxError::OutOfTime`]) once this instant has passed; the clock
    /// is read every 4,096 positions.
    pub deadline: Option<Instant>,
}

/// The most memory a transposition table may take: 1 GiB.
pub const MAX_TABLE_BYTES: u64 = duel_core::limits::Limits::DEFAULT.minimax_table_bytes;

impl Default for MinimaxOptions {
    fn default() -> Self {
        MinimaxOptions {
            max_nodes: 200_000_000,
            table_entries: 1 << 22,
            deadline: None,
        }
    }
}

/// A solved position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Solution {
    /// The value for the side to move.
    pub value: Value,
    /// Positions visited.
    pub nodes: u64,
}

fn value_of(s: i8) -> Value {
    match s.signum() {
        -1 => Value::Loss,
        0 => Value::Draw,
        _ => Value::Win,
    }
}

/// The value of a finished position for `g.to_move()`.
fn terminal_score<G: Game>(g: &G, o: Outcome) -> i8 {
    match o {
        Outcome::Draw => 0,
        Outcome::Win(p) if p == g.to_move() => 1,
        Outcome::Win(_) => -1,
    }
}

/// A table entry in one word: the key's bits above the low 5, then `1 | (lower + 1) << 1 |
/// (upper + 1) << 3` in the low 5 bits (0 when empty). The slot index holds the key's low
/// bits (at least 5 of them), so a match of the high bits is a match of the whole key. A
/// fresh table is zeroed memory, which the system hands out lazily.
type Entry = u64;

const LOW: u32 = 5;

fn pack(key: u64, lower: i8, upper: i8) -> Entry {
    (key >> LOW) << LOW | 1 | ((lower + 1) as u64) << 1 | ((upper + 1) as u64) << 3
}

/// The bounds stored for `key`, if any.
fn unpack(entry: Entry, key: u64) -> Option<(i8, i8)> {
    (entry != 0 && entry >> LOW == key >> LOW)
        .then(|| (((entry >> 1) & 3) as i8 - 1, ((entry >> 3) & 3) as i8 - 1))
}

struct Searcher<G: Game> {
    table: Vec<Entry>,
    mask: usize,
    nodes: u64,
    max_nodes: u64,
    deadline: Option<Instant>,
    /// Whether the search stopped because the deadline passed.
    timed_out: bool,
    /// Reused buffers of children, one per depth (no allocation per node).
    pool: Vec<Vec<G>>,
    moves: Vec<G::Move>,
}

struct OutOfBudget;

impl<G: Game> Searcher<G> {
    /// Counts a position; out of budget past `max_nodes` or, read every 4,096 positions,
    /// past the deadline.
    #[inline]
    fn count(&mut self) -> Result<(), OutOfBudget> {
        self.nodes += 1;
        if self.nodes > self.max_nodes {
            return Err(OutOfBudget);
        }
        if self.nodes & 0xfff == 0 {
            if let Some(deadline) = self.deadline {
                if Instant::now() >= deadline {
                    self.timed_out = true;
                    return Err(OutOfBudget);
                }
            }
        }
        Ok(())
    }

    /// Takes the children buffer of `depth` (empty).
    fn buffer(&mut self, depth: usize) -> Vec<G> {
        if self.pool.len() <= depth {
            self.pool.resize_with(depth + 1, Vec::new);
        }
        std::mem::take(&mut self.pool[depth])
    }

    fn give_back(&mut self, depth: usize, mut buf: Vec<G>) {
        buf.clear();
        self.pool[depth] = buf;
    }

    fn negamax(
        &mut self,
        g: &G,
        depth: usize,
        mut alpha: i8,
        mut beta: i8,
    ) -> Result<i8, OutOfBudget> {
        self.count()?;
        if let Some(o) = g.outcome() {
            return Ok(terminal_score(g, o));
        }
        let key = g.canonical_key();
        let slot = key as usize & self.mask;
        let stored = unpack(self.table[slot], key);
        let (e_lower, e_upper) = stored.unwrap_or((-1, 1));
        if stored.is_some() {
            if e_lower == e_upper || e_lower >= beta {
                return Ok(e_lower);
            }
            if e_upper <= alpha {
                return Ok(e_upper);
            }
            alpha = alpha.max(e_lower);
            beta = beta.min(e_upper);
        }
        let (alpha0, beta0) = (alpha, beta);
        g.legal_moves(&mut self.moves);
        let mut children = self.buffer(depth);
        let me = g.to_move();
        for &mv in &self.moves {
            let mut child = g.clone();
            child.play(mv);
            if child.outcome() == Some(Outcome::Win(me)) {
                self.give_back(depth, children);
                self.store(slot, key, 1, 1);
                return Ok(1);
            }
            children.push(child);
        }
        let mut best = -1i8;
        for child in &children {
            let v = -self.negamax(child, depth + 1, -beta, -alpha)?;
            if v > best {
                best = v;
                if best > alpha {
                    alpha = best;
                }
                if alpha >= beta {
                    break;
                }
            }
        }
        self.give_back(depth, children);
        let (lower, upper) = if best <= alpha0 {
            (-1, best)
        } else if best >= beta0 {
            (best, 1)
        } else {
            (best, best)
        };
        self.store(slot, key, lower.max(e_lower), upper.min(e_upper));
        Ok(best)
    }

    /// Whether the side to move can force a win within `plies` plies (its own moves
    /// included), by a depth-limited AND-OR search without table.
    fn forced_win(&mut self, g: &G, plies: u32) -> Result<bool, OutOfBudget> {
        self.count()?;
        let me = g.to_move();
        let mut moves = Vec::new();
        g.legal_moves(&mut moves);
        let mut children = Vec::with_capacity(moves.len());
        for &mv in &moves {
            let mut child = g.clone();
            child.play(mv);
            match child.outcome() {
                Some(Outcome::Win(p)) if p == me => return Ok(true),
                Some(_) => {}
                None => children.push(child),
            }
        }
        if plies < 3 {
            return Ok(false);
        }
        let mut replies = Vec::new();
        'child: for child in &children {
            child.legal_moves(&mut replies);
            for &r in &replies {
                let mut next = child.clone();
                next.play(r);
                match next.outcome() {
                    Some(Outcome::Win(p)) if p == me => {}
                    Some(_) => continue 'child,
                    None => {
                        if !self.forced_win(&next, plies - 2)? {
                            continue 'child;
                        }
                    }
                }
            }
            return Ok(true);
        }
        Ok(false)
    }

    fn store(&mut self, slot: usize, key: u64, lower: i8, upper: i8) {
        self.table[slot] = pack(key, lower, upper);
    }
}

/// The exact value of `g` for the side to move: first a search for short forced wins
/// (iterative deepening on 1, 3, 5, … plies, each round capped at an eighth of the budget),
/// then alpha-beta negamax with a transposition table keyed by [`Game::canonical_key`] (one
/// entry for a position and its mirror image; a 64-bit key collision, unlikely below billions
/// of positions, could corrupt a value).
///
/// Errors: [`MinimaxError::Finished`] on a finished position, [`MinimaxError::TooLarge`] when
/// the node budget runs out, [`MinimaxError::TableTooLarge`] when the table would exceed
/// [`MAX_TABLE_BYTES`] or the memory available, or the system refuses it.
pub fn solve<G: Game>(g: &G, opts: &MinimaxOptions) -> Result<Solution, MinimaxError> {
    if let Some(o) = g.outcome() {
        return Err(MinimaxError::Finished(o));
    }
    let entries = opts
        .table_entries
        .max(1 << LOW)
        .checked_next_power_of_two()
        .unwrap_or(u64::MAX);
    let bytes = entries.saturating_mul(std::mem::size_of::<Entry>() as u64);
    // The limit, or the memory the process can get (`ulimit -v` included) where less.
    let limit =
        duel_core::limits::available_memory().map_or(MAX_TABLE_BYTES, |m| m.min(MAX_TABLE_BYTES));
    let too_large = MinimaxError::TableTooLarge {
        entries,
        bytes,
        limit,
    };
    if bytes > limit {
        return Err(too_large);
    }
    // Zeroed by the system as its pages are first touched (calloc), not written here: a
    // small search touches few of them.
    let n = entries as usize;
    let layout = std::alloc::Layout::array::<Entry>(n).map_err(|_| too_large.clone())?;
    // SAFETY: the layout has a nonzero size (n ≥ 2^LOW entries of a nonzero size).
    let raw = unsafe { std::alloc::alloc_zeroed(layout) } as *mut Entry;
    if raw.is_null() {
        return Err(too_large);
    }
    // SAFETY: allocated by the global allocator with the layout of n entries, all zero (a
    // valid Entry), so length and capacity are n.
    let table = unsafe { Vec::from_raw_parts(raw, n, n) };
    let mut s = Searcher {
        table,
        mask: entries as usize - 1,
        nodes: 0,
        max_nodes: opts.max_nodes,
        deadline: opts.deadline,
        timed_out: false,
        pool: Vec::new(),
        moves: Vec::new(),
    };
    // Short forced wins first, by iterative deepening (1, 3, 5, ... plies) while each
    // round stays within a small share of the budget: on wide boards (connect:15x15:3)
    // the full search can drown before it meets a win a few moves deep.
    let share = (opts.max_nodes / 8).min(4_000_000);
    let mut plies = 1;
    while plies <= 15 {
        s.max_nodes = s.nodes.saturating_add(share).min(opts.max_nodes);
        match s.forced_win(g, plies) {
            Ok(true) => {
                return Ok(Solution {
                    value: Value::Win,
                    nodes: s.nodes,
                })
            }
            Ok(false) => plies += 2,
            Err(OutOfBudget) if s.timed_out => {
                return Err(MinimaxError::OutOfTime { nodes: s.nodes })
            }
            Err(OutOfBudget) => break,
        }
    }
    s.max_nodes = opts.max_nodes;
    match s.negamax(g, 0, -1, 1) {
        Ok(v) => Ok(Solution {
            value: value_of(v),
            nodes: s.nodes,
        }),
        Err(OutOfBudget) if s.timed_out => Err(MinimaxError::OutOfTime { nodes: s.nodes }),
        Err(OutOfBudget) => Err(MinimaxError::TooLarge {
            max_nodes: opts.max_nodes,
        }),
    }
}

/// The value of every legal move of `g`, for the side to move at `g` (in the order of
/// [`Game::legal_moves`]).
pub fn move_values<G: Game>(
    g: &G,
    opts: &MinimaxOptions,
) -> Result<Vec<(G::Move, Value)>, MinimaxError> {
    if let Some(o) = g.outcome() {
        return Err(MinimaxError::Finished(o));
    }
    let mut moves = Vec::new();
    g.legal_moves(&mut moves);
    let me = g.to_move();
    moves
        .into_iter()
        .map(|mv| {
            let mut child = g.clone();
            child.play(mv);
            let v = match child.outcome() {
                Some(Outcome::Draw) => Value::Draw,
                Some(Outcome::Win(p)) if p == me => Value::Win,
                Some(Outcome::Win(_)) => Value::Loss,
                None => solve(&child, opts)?.value.negate(),
            };
            Ok((mv, v))
        })
        .collect()
}

/// Plain minimax (Remark 1's backward induction): no pruning, no table, every node visited.
/// For cross-checks on small games; `TooLarge` past `max_nodes`.
pub fn plain_minimax<G: Game>(g: &G, max_nodes: u64) -> Result<Solution, MinimaxError> {
    if let Some(o) = g.outcome() {
        return Err(MinimaxError::Finished(o));
    }
    fn rec<G: Game>(g: &G, nodes: &mut u64, max: u64) -> Result<i8, OutOfBudget> {
        *nodes += 1;
        if *nodes > max {
            return Err(OutOfBudget);
        }
        if let Some(o) = g.outcome() {
            return Ok(terminal_score(g, o));
        }
        let mut moves = Vec::new();
        g.legal_moves(&mut moves);
        let mut best = -1;
        for mv in moves {
            let mut child = g.clone();
            child.play(mv);
            best = best.max(-rec(&child, nodes, max)?);
        }
        Ok(best)
    }
    let mut nodes = 0;
    match rec(g, &mut nodes, max_nodes) {
        Ok(v) => Ok(Solution {
            value: value_of(v),
            nodes,
        }),
        Err(OutOfBudget) => Err(MinimaxError::TooLarge { max_nodes }),
    }
}
