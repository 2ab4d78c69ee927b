//! The records of the explored tree B_n ∪ D_n (Setting 8): a [`Node`] for every node built, and
//! a [`Chain`] for a match kept below a boundary node without its nodes (`matches.rs`).

use super::val::Val;

pub(super) const BOUNDARY: u8 = 0;
pub(super) const INTERIOR: u8 = 1;
pub(super) const LEAF: u8 = 2;
/// A boundary node from which a match was played, kept as a [`Chain`].
pub(super) const CHAIN: u8 = 3;

/// One node of the explored tree B_n ∪ D_n: its values R_n, √Z_n, the links and the move
/// leading to it, in 32 bytes for games with moves of at most 2 bytes (connect, pearl).
/// Brothers are consecutive, so that choosing among d brothers (their keys U_n √Z_n are
/// computed from their values, see `Bayes::select`) and updating their father read the
/// same few cache lines.
#[derive(Clone, Copy, Debug)]
pub struct Node<M> {
    /// R_n and √Z_n (see [`Val`]); the prior while on the boundary.
    pub(super) val: Val,
    /// The first child of an interior node, [`LEAF_MARK`] for a leaf; on the boundary, the
    /// id of the node's litter in [`Litters`] when known, else 0 (a hint, checked when read:
    /// [`Litters::of_value_hinted`]).
    pub(super) first_child: u32,
    /// The number of children (0 on the boundary and at leaves).
    pub(super) n_children: u16,
    pub(super) mv: M,
}

/// `first_child` of a leaf.
pub(super) const LEAF_MARK: u32 = u32::MAX;

/// The bit of `first_child` that marks the head of a [`Chain`] (the rest is its index).
pub(super) const CHAIN_FLAG: u32 = 1 << 31;

/// A match played from a boundary node (its head) and not materialised yet: the moves (in
/// `chain_moves[start..start + len]`), the values of the first `stored` nodes they lead to
/// (in `chain_vals[vals..vals + stored]`), the outcome of its leaf and the head's prior
/// (`chain_pri[pri]`). See [`Bayes::play_lazy`].
///
/// The priors are kept apart so that the record takes 24 bytes, not 48, and so that the
/// chains of a regular match share them with their values: when `full`, `chain_pri[pri + j]`
/// is the prior of the node whose child has the value `chain_vals[vals + j]`, for every
/// j < `stored` (a block written once and never changed, perhaps shared); otherwise
/// `chain_pri[pri]` is this chain's own, and [`Bayes::unzip`] writes the next head's prior
/// over it.
#[derive(Clone, Copy, Debug)]
pub(super) struct Chain<M> {
    pub(super) pri: u32,
    pub(super) start: u32,
    pub(super) len: u32,
    pub(super) vals: u32,
    pub(super) stored: u32,
    /// `chain_moves[start]`, the move [`Bayes::unzip`] looks for first: here it is read with
    /// the record (in its padding, for moves of at most 2 bytes), not from another cache line.
    /// Except for the chain [`Bayes::unzip`] advanced last (`Bayes::stale_mv`), which reads it
    /// at the end of the iteration ([`Bayes::chain_move`]).
    pub(super) mv: M,
    /// Whether J1 wins at the leaf.
    pub(super) win: bool,
    /// Whether `chain_pri[pri..pri + stored]` holds the priors of the heads of all the stored
    /// values (see above).
    pub(super) full: bool,
}

/// The most nodes a tree may have: indices are below [`CHAIN_FLAG`].
pub(super) const MAX_NODES: usize = CHAIN_FLAG as usize - (1 << 17);

impl<M> Node<M> {
    pub(super) fn boundary(val: Val, mv: M) -> Node<M> {
        Node::in_litter(val, 0, mv)
    }

    /// A boundary node of the litter `litter` ([`Litters`]), whose prior is `val`.
    pub(super) fn in_litter(val: Val, litter: u32, mv: M) -> Node<M> {
        Node {
            val,
            first_child: litter,
            n_children: 0,
            mv,
        }
    }

    /// `BOUNDARY`, `INTERIOR`, `LEAF` or `CHAIN`.
    #[inline]
    pub(super) fn state(&self) -> u8 {
        if self.n_children > 0 {
            INTERIOR
        } else if self.first_child == LEAF_MARK {
            LEAF
        } else if self.first_child & CHAIN_FLAG != 0 {
            CHAIN
        } else {
            BOUNDARY
        }
    }

    /// The indices of the children.
    #[inline]
    pub(super) fn children(&self) -> std::ops::Range<usize> {
        let first = self.first_child as usize;
        if self.n_children == 0 {
            return first..first;
        }
        first..first + self.n_children as usize
    }
}
