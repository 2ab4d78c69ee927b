//! Room in the tree's arenas, made before each iteration and within the memory limit: an
//! iteration never grows an arena itself, so a tree that cannot get more memory (its limit
//! reached, or the system refusing it) stops the search ([`Bayes::memory_full`]) instead of
//! aborting the process.

use duel_core::game::Game;

use crate::huge_vec::{AllocFailed, HugeVec};

use super::Bayes;

/// Records of spare room each arena keeps beyond twice the most it grew by in one iteration.
const ROOM_MIN: usize = 64;

/// Grows `arena` by `additional` records (doubling as [`HugeVec::reserve`] does) within
/// `left_bytes` more than it holds; with `clip`, to as many of them as fit.
fn grow<T: Copy>(
    arena: &mut HugeVec<T>,
    additional: usize,
    left_bytes: usize,
    clip: bool,
) -> Result<(), AllocFailed> {
    let size = std::mem::size_of::<T>();
    let most = (arena.capacity_bytes().saturating_add(left_bytes)) / size;
    let additional = if clip {
        additional.min(most.saturating_sub(arena.len()))
    } else {
        additional
    };
    arena.try_reserve(additional, most)
}

/// Whether `v` has room for one more element, doubling it fallibly where it has not.
#[inline]
pub(super) fn room_in<T>(v: &mut Vec<T>) -> bool {
    v.len() < v.capacity() || v.try_reserve(v.len().max(16)).is_ok()
}

impl<G: Game> Bayes<G> {
    /// The bytes the arenas of the tree may hold together: the memory limit and a quarter
    /// more, for the room reserved ahead of the records (the tree itself stops at the limit).
    fn arena_budget(&self) -> usize {
        let limit = self.settings.max_nodes * Self::NODE_BYTES;
        limit.saturating_add(limit / 4)
    }

    /// Bytes the arenas of the tree hold (the litters' are bounded apart).
    fn arena_bytes(&self) -> usize {
        self.tree.nodes.capacity_bytes()
            + self.tree.chains.capacity_bytes()
            + self.tree.chain_moves.capacity_bytes()
            + self.tree.chain_vals.capacity_bytes()
            + self.tree.chain_pri.capacity_bytes()
    }

    /// Spare records of the arenas, in the order of [`Bayes::arena_lens`].
    #[inline]
    fn arena_spares(&self) -> [usize; 5] {
        [
            self.tree.nodes.spare(),
            self.tree.chains.spare(),
            self.tree.chain_moves.spare(),
            self.tree.chain_vals.spare(),
            self.tree.chain_pri.spare(),
        ]
    }

    /// Grows arena `k` (the order of [`Bayes::arena_lens`]) by `additional` records within
    /// the budget.
    fn grow_arena(&mut self, k: usize, additional: usize, clip: bool) -> Result<(), AllocFailed> {
        let left = self.arena_budget().saturating_sub(self.arena_bytes());
        match k {
            0 => grow(&mut self.tree.nodes, additional, left, clip),
            1 => grow(&mut self.tree.chains, additional, left, clip),
            2 => grow(&mut self.tree.chain_moves, additional, left, clip),
            3 => grow(&mut self.tree.chain_vals, additional, left, clip),
            _ => grow(&mut self.tree.chain_pri, additional, left, clip),
        }
    }

    /// Makes sure each arena has room for twice what it grew by in any one iteration so far
    /// (and [`ROOM_MIN`] records): false, with the allocation that failed kept
    /// ([`Bayes::short_of_memory`]), where that is past the budget or the system refuses it.
    #[inline]
    pub(super) fn make_room(&mut self) -> bool {
        if self.room.short_of_memory.is_some() {
            return false;
        }
        let lens = self.arena_lens();
        let spares = self.arena_spares();
        let mut short = false;
        for k in 0..5 {
            self.room.most[k] = self.room.most[k].max(lens[k].saturating_sub(self.room.since[k]));
            short |= spares[k] < 2 * self.room.most[k] + ROOM_MIN;
        }
        self.room.since = lens;
        !short || self.grow_for_room()
    }

    #[cold]
    fn grow_for_room(&mut self) -> bool {
        let spares = self.arena_spares();
        for (k, &spare) in spares.iter().enumerate() {
            let want = 2 * self.room.most[k] + ROOM_MIN;
            if spare < want {
                if let Err(e) = self.grow_arena(k, want, false) {
                    self.room.short_of_memory = Some(e);
                    return false;
                }
            }
        }
        true
    }

    /// Makes sure arena `k` (the order of [`Bayes::arena_lens`]) has room for `n` more
    /// records, growing it within the budget where it has not: false, with the allocation
    /// that failed kept ([`Bayes::short_of_memory`]), where that is past the budget or the
    /// system refuses it. For the records an iteration adds past the room [`Bayes::make_room`]
    /// made (a wider position or a longer match than any before).
    #[inline]
    pub(super) fn room_for(&mut self, k: usize, n: usize) -> bool {
        if self.arena_spares()[k] >= n {
            return true;
        }
        self.grow_for(k, n)
    }

    #[cold]
    fn grow_for(&mut self, k: usize, n: usize) -> bool {
        match self.grow_arena(k, n, false) {
            Ok(()) => true,
            Err(e) => {
                self.room.short_of_memory = Some(e);
                false
            }
        }
    }

    /// Reserves `additional[k]` more records in each arena, as many as fit in the budget;
    /// an allocation the system refuses is left to [`Bayes::make_room`].
    pub(super) fn reserve_within_budget(&mut self, additional: [usize; 5]) {
        for (k, &n) in additional.iter().enumerate() {
            let _ = self.grow_arena(k, n, true);
        }
    }

    /// Where the tree could not grow: the bytes the allocation would have needed, and
    /// whether the system refused them (else the tree reached its limit).
    pub fn short_of_memory(&self) -> Option<(u64, bool)> {
        self.room
            .short_of_memory
            .map(|e| (u64::try_from(e.bytes).unwrap_or(u64::MAX), e.refused))
    }
}
