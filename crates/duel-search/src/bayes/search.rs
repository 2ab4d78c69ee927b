//! [`Agent`] for [`Bayes`]: a search runs iterations until its budget, the memory limit or a
//! proven root value (R_n(r) ∈ {0, 1}) stops it, and answers the child of the root with the
//! largest R_n (Algorithm 13, Conclusion). The tree is kept between moves (section 8.2 (i),
//! [`Bayes::reroot`]), and its arenas are reserved in stages as it grows.

use duel_core::game::Game;

use crate::agent::{
    argmax_random_ties, Agent, Budget, Clock, SearchError, SearchResult, StopReason, Work,
};
use crate::priors::symmetric_prior_along;

use super::matches::STORED_VALS;
use super::node::{Chain, BOUNDARY, CHAIN};
use super::val::Val;
use super::{Bayes, PriorKind};

/// Iterations of a search with a budget of iterations that the arenas are first reserved
/// for ([`Bayes::reserve_for`]; the rest of the budget is reserved after them in stages, at the
/// rate they used, [`Bayes::reserve_as_used`]). Sym's arenas
/// for them stay under the size that is given huge pages (see `arena.rs`): about 0.1 MiB of
/// nodes on pearl:2:32, 0.26 MiB on connect:7x6:4.
pub(super) const RESERVE_STAGE: u64 = 1024;

/// Each later stage reserves for at most this many times the iterations done so far, not for
/// the whole budget left: a search that solves its position early (Sym on a mid-game position
/// of connect:7x6:4 stops after about 550 iterations, some after more than 1,024, whatever
/// the budget) does not allocate, and zero, huge pages for iterations it will not do. The
/// copies of a growing tree this costs add up to a third of its final size at most.
pub(super) const STAGE_GROWTH: u64 = 4;

impl<G: Game> Bayes<G> {
    /// Makes room at once for the records of `n` more iterations (a budget of iterations), so
    /// that a search does not copy its growing tree from one allocation to the next: at most
    /// one chain, [`STORED_VALS`] chain values and one prior each, d + 1 nodes (the litter a
    /// descent enters, d being the number of moves at the root, and room to spare) and
    /// `match_moves` chain moves (as many as the first match kept). At most a quarter of the
    /// memory limit is reserved so; the arenas grow past it as they must, within the budget
    /// of [`Bayes::make_room`].
    pub(super) fn reserve_for(&mut self, n: u64, d: usize, match_moves: usize) {
        let per_iteration = (d + 1) * Self::NODE_BYTES
            + std::mem::size_of::<Chain<G::Move>>()
            + (STORED_VALS + 1) * std::mem::size_of::<Val>()
            + match_moves * std::mem::size_of::<G::Move>();
        let most = self.settings.max_nodes * Self::NODE_BYTES / 4 / per_iteration;
        let n = usize::try_from(n).unwrap_or(usize::MAX).min(most);
        self.reserve_within_budget([(d + 1) * n, n, match_moves * n, STORED_VALS * n, n]);
    }

    /// The lengths of the arenas that grow with the iterations: nodes, chains, chain_moves,
    /// chain_vals, chain_pri.
    pub(super) fn arena_lens(&self) -> [usize; 5] {
        [
            self.tree.nodes.len(),
            self.tree.chains.len(),
            self.tree.chain_moves.len(),
            self.tree.chain_vals.len(),
            self.tree.chain_pri.len(),
        ]
    }

    /// Makes room for `left` more iterations at the rate each arena grew over the last `done`
    /// iterations (from the lengths `since`), with a quarter more as margin: an arena a search
    /// barely uses (chain_vals where the chain memo finds the values, as on Pearl's game) is not
    /// given, and does not zero, a huge page for nothing. An arena that needs more grows as
    /// usual, within the budget of [`Bayes::make_room`].
    pub(super) fn reserve_as_used(&mut self, since: [usize; 5], done: u64, left: u64) {
        let now = self.arena_lens();
        let done = done.max(1) as usize;
        let left = usize::try_from(left).unwrap_or(usize::MAX);
        let need = |k: usize| {
            let n = now[k]
                .saturating_sub(since[k])
                .div_ceil(done)
                .saturating_mul(left);
            n.saturating_add(n / 4)
        };
        self.reserve_within_budget([need(0), need(1), need(2), need(3), need(4)]);
    }

    /// Moves the root to a grandchild equal to `position` (the same player to move).
    pub(super) fn reroot(&mut self, position: &G) -> bool {
        let Some(root_pos) = self.tree.root_pos.clone() else {
            return false;
        };
        if root_pos.spec() != position.spec() || position.to_move() != self.tree.j1 {
            return false;
        }
        if root_pos.key() == position.key() {
            return true;
        }
        self.branch.resume = false;
        if !self.materialize_root() {
            return false;
        }
        let root = self.tree.nodes[self.tree.root as usize];
        for c in root.children() {
            let mut p1 = root_pos.clone();
            p1.play(self.tree.nodes[c].mv);
            if self.tree.nodes[c].state() == CHAIN {
                // A tree without room for the child's litter starts afresh instead.
                if !self.room_to_unzip(c as u32, &p1) {
                    return false;
                }
                self.unzip(c as u32, &p1, self.tree.root_depth + 1);
            }
            let child = self.tree.nodes[c];
            for g in child.children() {
                let mut p2 = p1.clone();
                p2.play(self.tree.nodes[g].mv);
                if p2.key() == position.key() {
                    self.tree.root = g as u32;
                    self.tree.root_pos = Some(position.clone());
                    self.tree.root_depth += 2;
                    return true;
                }
            }
        }
        false
    }

    /// Builds the children of the root if a match was played from it and kept as a chain:
    /// false, with the allocation that failed kept ([`Bayes::short_of_memory`]), where the
    /// tree has no room for them.
    pub(super) fn materialize_root(&mut self) -> bool {
        if self.tree.nodes[self.tree.root as usize].state() == CHAIN {
            if let Some(pos) = self.tree.root_pos.clone() {
                if !self.room_to_unzip(self.tree.root, &pos) {
                    return false;
                }
                self.unzip(self.tree.root, &pos, self.tree.root_depth);
            }
        }
        true
    }

    /// The child of the root with the largest R_n (ties at random): an error where the tree
    /// has no room for the root's children.
    pub(super) fn best_child(&mut self) -> Result<u32, SearchError> {
        if !self.materialize_root() {
            return Err(self.no_room_for("the root's moves were expanded"));
        }
        let n = self.tree.nodes[self.tree.root as usize];
        let kids = &self.tree.nodes[n.children()];
        let values = kids.iter().map(|k| k.val.to_log().0.logit());
        Ok(n.first_child + argmax_random_ties(values, &mut self.rng) as u32)
    }

    /// Forgets the tree and makes `position` the root, half of a time budget (or of the time
    /// to the deadline) at most going to fitting GW / GW2.
    fn fresh_root(&mut self, position: &G, budget: Budget) -> Result<(), SearchError> {
        let now = std::time::Instant::now();
        let half_budget = match budget {
            Budget::Millis(ms) => Some(now + std::time::Duration::from_millis(ms / 2)),
            Budget::Iterations(_) | Budget::Work(_) => None,
        };
        let half_deadline = self
            .deadline
            .map(|d| now + d.saturating_duration_since(now) / 2);
        self.start_until(position, half_budget.into_iter().chain(half_deadline).min())
    }

    /// The iterations of a search from the root `position` within `clock`, and why they
    /// stopped.
    fn iterate(&mut self, position: &G, budget: Budget, clock: &Clock) -> (u64, StopReason) {
        // With a budget of iterations, room for the tree they will grow is made in stages:
        // after the first iteration (whose match gives the number of moves a chain keeps) for
        // the next [`RESERVE_STAGE`] ones, and after each stage for [`STAGE_GROWTH`] times
        // the iterations done (or the rest of the budget, if less), at the rate each arena
        // grew over the stage ([`Bayes::reserve_as_used`]). A search cut short (a position
        // solved in a few hundred iterations) does not pay for the huge pages of a budget it
        // will not use, and the arenas of a stage, copied when the next is reserved, are a
        // fraction of the next.
        let budgeted = match budget {
            Budget::Iterations(n) => Some(n),
            Budget::Millis(_) | Budget::Work(_) => None,
        };
        let moves_before = self.tree.chain_moves.len();
        let mut match_moves = 0;
        let mut stage_start = [0; 5];
        let (mut stage_iteration, mut next_stage) = (1, 1 + RESERVE_STAGE);
        let mut iterations = 0u64;
        let mut stopped = StopReason::Budget;
        let start = self.work.units();
        while !clock.done(iterations, self.work.units() - start) {
            if self.is_solved() {
                stopped = StopReason::Solved;
                break;
            }
            if self.memory_full() {
                stopped = StopReason::Memory;
                break;
            }
            if self.too_wide.is_some() {
                break;
            }
            self.step();
            if self.room.short_of_memory.is_some() {
                // No room could be made: the iteration did nothing.
                stopped = StopReason::Memory;
                break;
            }
            iterations += 1;
            if let Some(n) = budgeted {
                if iterations == 1 {
                    match_moves = self.tree.chain_moves.len() - moves_before;
                }
                if iterations == 1 {
                    position.legal_moves(&mut self.scratch.moves);
                    let stage = (n - 1).min(RESERVE_STAGE);
                    self.reserve_for(stage, self.scratch.moves.len(), match_moves);
                    stage_start = self.arena_lens();
                } else if iterations == next_stage {
                    let mut ahead = (n - iterations).min(STAGE_GROWTH * iterations);
                    if let Some(fit) = clock.iterations_before_deadline(iterations) {
                        ahead = ahead.min(fit.max(1));
                    }
                    self.reserve_as_used(stage_start, iterations - stage_iteration, ahead);
                    stage_start = self.arena_lens();
                    stage_iteration = iterations;
                    next_stage = iterations + ahead;
                }
            }
        }
        if stopped == StopReason::Budget && self.is_solved() {
            stopped = StopReason::Solved;
        }
        (iterations, stopped)
    }
}

impl<G: Game> Agent<G> for Bayes<G> {
    fn name(&self) -> String {
        if self.is_reference() {
            format!("{},plain=1", self.settings.kind.text())
        } else {
            self.settings.kind.text()
        }
    }

    fn search(
        &mut self,
        position: &G,
        budget: Budget,
    ) -> Result<SearchResult<G::Move>, SearchError> {
        let budget = budget.validate_for(position)?;
        let clock = Clock::new(budget, self.deadline);
        // A tree past half its memory limit has little room left to grow below the new root:
        // this search starts afresh instead, with the whole limit.
        let mut reused_tree = self.reroot(position) && !self.past_half_its_limit();
        // A tree that could not grow in the last search tries again.
        self.room.short_of_memory = None;
        if !reused_tree {
            self.fresh_root(position, budget)?;
        }
        let (mut iterations, mut stopped) = self.iterate(position, budget, &clock);
        if reused_tree && iterations == 0 && stopped == StopReason::Memory {
            // The kept tree had no room for one iteration below the new root: start afresh.
            reused_tree = false;
            self.room.short_of_memory = None;
            self.fresh_root(position, budget)?;
            (iterations, stopped) = self.iterate(position, budget, &clock);
        }
        if self.tree.nodes[self.tree.root as usize].state() == BOUNDARY {
            // Not even one match was played below the root (cannot happen with a budget ≥ 1
            // unless the root was already solved as a boundary node): expand it plainly.
            self.step();
        }
        if let Some(moves) = self.too_wide.take() {
            return Err(SearchError::TooWide { moves });
        }
        if self.tree.nodes[self.tree.root as usize].state() == BOUNDARY {
            // Not even the root's children found room: there is no move to choose among.
            return Err(self.no_room_for("the root's moves were expanded"));
        }
        let best = self.best_child()?;
        Ok(SearchResult {
            best: self.tree.nodes[best as usize].mv,
            estimate: self.root_value().prob(),
            iterations,
            millis: clock.millis(),
            stopped,
            tree_nodes: self.tree.nodes.len(),
            reused_tree,
        })
    }

    fn node_bytes(&self) -> usize {
        Self::NODE_BYTES
    }

    fn work(&self) -> Work {
        self.work
    }

    fn set_deadline(&mut self, deadline: Option<std::time::Instant>) {
        self.deadline = deadline;
    }

    fn forget(&mut self) {
        // The next search finds no root to keep and starts afresh ([`Bayes::reroot`]).
        self.tree.root_pos = None;
    }

    fn set_history(&mut self, start: &G, moves: &[G::Move]) {
        if let PriorKind::Symmetric { a, .. } = self.settings.kind {
            let mut end = start.clone();
            for &mv in moves {
                end.play(mv);
            }
            // Formula (11) gives the probability that the player to move at `start` wins;
            // the tree's J1 is the player to move at `end`.
            let m = symmetric_prior_along(a, start, moves);
            let m = if end.to_move() == start.to_move() {
                m
            } else {
                m.complement()
            };
            self.history_prior = Some((end.key(), m));
        }
    }
}
