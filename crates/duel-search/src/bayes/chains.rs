//! A match kept as a chain (section 2.12: nothing below its head is read or changed until a
//! descent enters it): the values of its nodes, computed from its moves and its outcome as the
//! update of its branch built as nodes would ([`Bayes::chain_value`]), and its nodes built one
//! litter at a time when a descent enters it ([`Bayes::unzip`]).

use duel_core::game::Game;

use super::litters::Litter;
use super::node::{Chain, Node, CHAIN_FLAG, LEAF_MARK};
use super::select::litter_top;
use super::update::{full_value, zero_child_value};
use super::val::Val;
use super::{j1_moves_at, Bayes};

impl<G: Game> Bayes<G> {
    /// Sets the `mv` of the chain `id` from `chain_moves`.
    pub(super) fn settle_move(&mut self, id: u32) {
        let ch = &mut self.tree.chains[id as usize];
        ch.mv = self.tree.chain_moves[ch.start as usize];
    }

    /// `chain_moves[start]` of the chain `id`: its `mv`, unless it is the one whose `mv` is
    /// not set yet.
    #[inline]
    pub(super) fn chain_move(&self, id: usize) -> G::Move {
        let ch = &self.tree.chains[id];
        if self.tree.stale_mv == Some(id as u32) {
            self.tree.chain_moves[ch.start as usize]
        } else {
            ch.mv
        }
    }

    /// The number of moves and the index of the move played at each position of the match
    /// `chain_moves[start..start + len]` played from `pos`, into `self.scratch.drawn`.
    pub(super) fn draws_of(&mut self, pos: &G, start: usize, len: usize) {
        let mut pos = pos.clone();
        self.scratch.drawn.clear();
        for j in 0..len {
            pos.legal_moves(&mut self.scratch.moves);
            let mv = self.tree.chain_moves[start + j];
            let i = self
                .scratch
                .moves
                .iter()
                .position(|&m| m == mv)
                .unwrap_or(0);
            self.scratch
                .drawn
                .push((self.scratch.moves.len() as u32, i as u32));
            pos.play(mv);
        }
    }

    /// Appends to `chain_pri` the priors (with their litters) of the first `count` heads of
    /// the chain whose head has the prior `head` and whose litters are in `self.scratch.levels` (the
    /// head's, then those of the nodes on its branch), and returns where they start.
    pub(super) fn push_priors(&mut self, head: (Val, u32), count: usize) -> u32 {
        let pri = self.tree.chain_pri.len() as u32;
        self.tree.chain_pri.push(head);
        for &id in self.scratch.levels.iter().take(count.saturating_sub(1)) {
            self.tree
                .chain_pri
                .push((self.memo.litters.list[id as usize].val, id));
        }
        pri
    }

    /// The litters along the chain `self.scratch.drawn` below a head of prior `head.0` at `depth` (in
    /// the litter `head.1`, if still known), ending in a leaf won by J1 or not, into
    /// `self.scratch.levels`: those [`Bayes::chain_value`] reads ([`Bayes::litters_needed`]), each
    /// found below the last ([`Litters::below`]). Returns the head's litter.
    pub(super) fn chain_priors(&mut self, head: (Val, u32), depth: usize, win: bool) -> u32 {
        self.scratch.levels.clear();
        let needed = self.litters_needed(depth, win);
        self.memo.litters.make_room(needed + 1);
        let top = self.memo.litters.of_value_hinted(head.0, depth, head.1);
        let mut id = top;
        for k in 0..needed {
            id = self
                .memo
                .litters
                .below(id, depth + k, self.scratch.drawn[k].0 as usize);
            self.scratch.levels.push(id);
        }
        top
    }

    /// The levels of the chain `self.scratch.drawn` below a head at `depth`, ending in a leaf won by J1
    /// or not, whose litter's prior [`Bayes::chain_value`] reads: all but the last when the
    /// last move wins for the side that plays it (as every last move of Connect-K but a
    /// draw's does). The leaf's father then has the leaf's value, R ∈ {0, 1} and Z = 0,
    /// whatever its other children are: the player to move there takes the leaf (eq. (2);
    /// [`Brothers::with_child`] gives up on such a child, and [`zero_child_value`] or
    /// [`full_value`] give the leaf's bits, (1, 0, 0) or (0, 1, 0)). Its litter is built,
    /// with its prior, only if a descent ever enters it ([`Bayes::unzip`]).
    #[inline]
    pub(super) fn litters_needed(&self, depth: usize, win: bool) -> usize {
        let len = self.scratch.drawn.len();
        match len.checked_sub(1) {
            Some(last) if j1_moves_at(depth + last) == win => last,
            _ => len,
        }
    }

    /// The value of the head (at `depth`) of the branch described by `self.scratch.drawn` (degree and
    /// index of the move played) and `self.scratch.levels` (prior of the litter, at the levels
    /// [`Bayes::litters_needed`] gives), ending in a leaf won by J1 or not: the updates of the
    /// materialised branch, bottom-up, on a scratch litter of the same values (`mv` fills its
    /// moves). The values of the first `store` nodes of the branch below the head are appended
    /// to `chain_vals`, from the top.
    pub(super) fn chain_value(
        &mut self,
        depth: usize,
        win: bool,
        store: usize,
        mv: G::Move,
    ) -> Val {
        let mut val = if win { Val::ONE } else { Val::ZERO };
        let top = self.tree.chain_vals.len();
        let len = self.scratch.drawn.len();
        debug_assert_eq!(self.scratch.levels.len(), self.litters_needed(depth, win));
        if len <= store {
            self.tree.chain_vals.push(val);
        }
        // The leaf's father when it has the leaf's value (no prior read).
        if self.scratch.levels.len() < len && len > 1 && len - 1 <= store {
            self.tree.chain_vals.push(val);
        }
        for k in (0..self.scratch.levels.len()).rev() {
            let (d, i) = self.scratch.drawn[k];
            let Litter {
                val: v, brothers, ..
            } = self.memo.litters.list[self.scratch.levels[k] as usize];
            let j1_moves = j1_moves_at(depth + k);
            // Brothers::on_branch for a litter whose brothers of the child all have the value v
            // (the same operations in the same order, so the same bits, without building the
            // litter; the brothers' part is remembered with the litter, and the result does
            // not depend on which child is on the branch).
            // Taken apart into numbers, so that the two ways meet in registers.
            let (a, b, w) = match brothers.and_then(|b| b.with_child(val, j1_moves)) {
                Some(x) => (x.a, x.b, x.w),
                None => {
                    let x = self.chain_level_apart(v, val, (d, i), j1_moves, mv);
                    (x.a, x.b, x.w)
                }
            };
            val = Val { a, b, w };
            if k > 0 && k <= store {
                self.tree.chain_vals.push(val);
            }
        }
        self.tree.chain_vals[top..].reverse();
        val
    }

    /// The value of a node of a chain whose child on the branch has the value `val` and its
    /// d − 1 brothers the prior `v` when [`Brothers::with_child`] gives up (a certain child,
    /// about once a chain on Connect-K, or brothers that gave up): [`zero_child_value`], else
    /// [`full_value`] of the litter built in `self.scratch.litter` (`mv` fills its moves). Out of line,
    /// and its result taken apart into numbers by the caller, so that its results and
    /// with_child's meet in registers: inlined into [`Bayes::chain_value`], they would meet on
    /// the stack, where each level's value is stored as three words and read back as wider
    /// ones (a stall of store forwarding) three times.
    #[cold]
    #[inline(never)]
    pub(super) fn chain_level_apart(
        &mut self,
        v: Val,
        val: Val,
        (d, i): (u32, u32),
        j1_moves: bool,
        mv: G::Move,
    ) -> Val {
        if let Some(x) = zero_child_value(v, val, i as usize, d as usize, j1_moves) {
            return x;
        }
        self.scratch.litter.clear();
        self.scratch
            .litter
            .extend(std::iter::repeat(Node::boundary(v, mv)).take(d as usize));
        self.scratch.litter[i as usize].val = val;
        full_value(
            &self.scratch.litter,
            j1_moves,
            &mut self.scratch.terms,
            &mut self.memo.log1mexp,
            None,
        )
    }

    /// Computes again, from the head's position `pos` at `depth`, the values of every node of
    /// the chain `id` (the same functions of the same bits as when its match was played) and
    /// stores them: the values kept by [`Bayes::play_lazy`] are used up.
    #[cold]
    pub(super) fn refill(&mut self, id: usize, pos: &G, depth: usize) {
        let ch = self.tree.chains[id];
        self.draws_of(pos, ch.start as usize, ch.len as usize);
        let head = self.tree.chain_pri[ch.pri as usize];
        let head = (head.0, self.chain_priors(head, depth, ch.win));
        let vals = self.tree.chain_vals.len();
        let filler = self.chain_move(id);
        self.chain_value(depth, ch.win, ch.len as usize, filler);
        let stored = self.tree.chain_vals.len() - vals;
        let pri = self.push_priors(head, stored);
        let c = &mut self.tree.chains[id];
        c.vals = vals as u32;
        c.stored = stored as u32;
        c.pri = pri;
        c.full = true;
    }

    /// Whether the arenas have room for what [`Bayes::unzip`] adds at the chain head `h`
    /// (position `pos`): its litter, and the values and priors of every level of the chain
    /// when it is refilled; growing them within the budget where they have not: false, with
    /// the allocation that failed kept, where the tree cannot grow. A descent checks it
    /// first, so that a long search stops there instead of aborting.
    pub(super) fn room_to_unzip(&mut self, h: u32, pos: &G) -> bool {
        pos.legal_moves(&mut self.scratch.moves);
        let d = self.scratch.moves.len();
        let id = (self.tree.nodes[h as usize].first_child & !CHAIN_FLAG) as usize;
        let ch = self.tree.chains[id];
        let refilled = if ch.stored == 0 {
            ch.len as usize + 2
        } else {
            0
        };
        self.room_for(0, d) && self.room_for(3, refilled) && self.room_for(4, refilled + 1)
    }

    /// Builds the children of the chain head `h` (position `pos` at `depth`): its litter of
    /// boundary nodes, the first node of the branch being the leaf or the head of the rest of
    /// the chain, with the value it got when the match was played. Returns the children
    /// among which select would choose there ([`litter_top`]).
    pub(super) fn unzip(&mut self, h: u32, pos: &G, depth: usize) -> u32 {
        let id = (self.tree.nodes[h as usize].first_child & !CHAIN_FLAG) as usize;
        if self.tree.chains[id].stored == 0 {
            self.refill(id, pos, depth);
        }
        let ch = self.tree.chains[id];
        pos.legal_moves(&mut self.scratch.moves);
        let d = self.scratch.moves.len();
        let (head, hint) = self.tree.chain_pri[ch.pri as usize];
        let (v, litter) = self.memo.litters.below_value(head, hint, depth, d);
        let mv = self.chain_move(id);
        let i = self
            .scratch
            .moves
            .iter()
            .position(|&m| m == mv)
            .unwrap_or(0);
        let first = self.push_litter(v, litter);
        let c = &mut self.tree.nodes[first + i];
        c.val = self.tree.chain_vals[ch.vals as usize];
        let top = litter_top(v, c.val, i, d, j1_moves_at(depth));
        if ch.len == 1 {
            c.first_child = LEAF_MARK;
        } else {
            c.first_child = CHAIN_FLAG | id as u32;
            // The prior of the new head, v: the next of a full block (the same bits), else
            // written over this chain's own or, past the end of a block, apart.
            let (pri, full) = if ch.full && ch.stored > 1 {
                debug_assert_eq!(self.tree.chain_pri[ch.pri as usize + 1].0.bits(), v.bits());
                (ch.pri + 1, true)
            } else if !ch.full {
                self.tree.chain_pri[ch.pri as usize] = (v, litter);
                (ch.pri, false)
            } else {
                self.tree.chain_pri.push((v, litter));
                (self.tree.chain_pri.len() as u32 - 1, false)
            };
            self.tree.chains[id] = Chain {
                pri,
                // Set at the end of the iteration: the load of chain_moves would hold up the
                // descent here.
                mv: ch.mv,
                start: ch.start + 1,
                len: ch.len - 1,
                vals: ch.vals + 1,
                stored: ch.stored - 1,
                win: ch.win,
                full,
            };
            self.tree.chain_moves.prefetch(ch.start as usize + 1);
            if let Some(other) = self.tree.stale_mv.replace(id as u32) {
                if other != id as u32 {
                    self.settle_move(other);
                }
            }
        }
        let n = &mut self.tree.nodes[h as usize];
        n.first_child = first as u32;
        n.n_children = d as u16;
        top
    }
}
