//! Example 26 of Delattre & Fournier: on a tree whose leaves are independent
//! Bernoulli(m_a(𝒯, y)), m_a of (11) computed down from m_a(root) = a, the probability that
//! each node's minimax value is 1 is m_a at that node. Checked on random trees at every node:
//! duel's m_a (the prior its Sym agents use) against the probabilities computed up from the
//! leaves.

use rand::SeedableRng;

use crate::{Check, Claim, Status};
use duel_core::game::Game;
use duel_search::priors::symmetric_prior_along;
use duel_search::tree::ExplicitTree;

/// The largest gap, over the nodes below `pos` (reached by `path` from `root`), between m_a
/// and the probability up from the leaves; returns (that probability, the gap, nodes seen).
fn up_from_leaves(
    root: &ExplicitTree,
    pos: &ExplicitTree,
    path: &mut Vec<<ExplicitTree as Game>::Move>,
    a: f64,
) -> (f64, f64, usize) {
    let m = symmetric_prior_along(a, root, path).prob();
    if pos.outcome().is_some() {
        return (m, 0.0, 1);
    }
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    let root_to_move = pos.to_move() == root.to_move();
    // The root player wins at one of their nodes when some child wins, at the other's when all do.
    let mut all_lose = 1.0;
    let mut all_win = 1.0;
    let mut gap = 0.0f64;
    let mut nodes = 1;
    for mv in moves {
        let mut child = pos.clone();
        child.play(mv);
        path.push(mv);
        let (p, g, n) = up_from_leaves(root, &child, path, a);
        path.pop();
        all_lose *= 1.0 - p;
        all_win *= p;
        gap = gap.max(g);
        nodes += n;
    }
    let p = if root_to_move {
        1.0 - all_lose
    } else {
        all_win
    };
    (p, gap.max((p - m).abs()), nodes)
}

/// The largest gap over `trees` random trees (depth ≤ 7, degree ≤ 4) and a in {0.2, 1/2, 0.9},
/// and the nodes compared.
fn largest_gap(trees: usize) -> (f64, usize) {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(26);
    let mut worst = 0.0f64;
    let mut nodes = 0;
    for i in 0..trees {
        let t = ExplicitTree::random(&mut rng, 7, 4, 0.2);
        let a = [0.2, 0.5, 0.9][i % 3];
        let (_, gap, n) = up_from_leaves(&t, &t, &mut Vec::new(), a);
        worst = worst.max(gap);
        nodes += n;
    }
    (worst, nodes)
}

/// Example 26's item.
pub(super) fn example_26(quick: bool) -> Check {
    let trees = if quick { 60 } else { 600 };
    let (gap, nodes) = largest_gap(trees);
    Claim {
        item: "Example 26: m(S, x) = m_a(S, x) when the leaves are Bernoulli(m_a)",
        source: "Delattre & Fournier, Example 26",
        published: "holds",
        computed: &format!(
            "largest gap {gap:.1e} over {nodes} nodes of {trees} random trees, a = 0.2, 1/2, 0.9"
        ),
        note: "m_a down from the root by (11), against the probabilities up from the leaves",
    }
    .judged(Status::of(gap < 1e-12 && nodes > trees))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn on_a_binary_tree_of_depth_two_the_root_keeps_its_a() {
        // Four leaves; the root player moves first: m(children) = 1 − (1 − a)^{1/2}, the leaves
        // m(child)^{1/2}; up again: 1 − (1 − p²)² = a.
        let t = ExplicitTree::complete(2, 2, &[true, false, true, false]);
        let (p, gap, nodes) = up_from_leaves(&t, &t, &mut Vec::new(), 0.3);
        assert!((p - 0.3).abs() < 1e-12);
        assert!(gap < 1e-12);
        assert_eq!(nodes, 7);
    }
}
