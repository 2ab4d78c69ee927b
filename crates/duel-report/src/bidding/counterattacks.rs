//! Lemma 6.3 of Develin & Payne on bidding Tic-Tac-Toe: where a counterattack (a block that
//! also makes a threat) is available, every optimal move is a block, and (the block being
//! unique in Tic-Tac-Toe) counterattacks are optimal. Checked at every position, for each
//! player winning the bid: a move is optimal when its threshold f(G_w, k) is the mover's best
//! (the least for Alice, the greatest for Bob) at every total k up to a bound, as the paper's
//! order on games compares positions for every chip count at once.

use super::part::cited;
use super::solve::graph;
use crate::{Check, Claim, Status};
use duel_bidding::discrete::{threshold_ranks, Recursion};
use duel_bidding::graph::GameGraph;
use duel_bidding::BiddingError;
use duel_core::game::Player;

/// The eight lines of the 3 × 3 board, cells numbered row by row.
pub(super) const LINES: [[usize; 3]; 8] = [
    [0, 1, 2],
    [3, 4, 5],
    [6, 7, 8],
    [0, 3, 6],
    [1, 4, 7],
    [2, 5, 8],
    [0, 4, 8],
    [2, 4, 6],
];

/// The cells of a position's code (base 3, cell i the i-th digit: 1 Alice's, 2 Bob's).
pub(super) fn cells(code: u64) -> [u8; 9] {
    let mut out = [0u8; 9];
    let mut c = code;
    for cell in out.iter_mut() {
        *cell = (c % 3) as u8;
        c /= 3;
    }
    out
}

/// Whether `who` has a threat: a line with two of their marks and an empty cell.
pub(super) fn threat(cells: &[u8; 9], who: Player) -> bool {
    let mine = if who == Player::ALICE { 1 } else { 2 };
    LINES.iter().any(|l| {
        let own = l.iter().filter(|&&i| cells[i] == mine).count();
        let empty = l.iter().filter(|&&i| cells[i] == 0).count();
        own == 2 && empty == 1
    })
}

/// What the check found: positions with a counterattack (for the player moving), those where
/// some optimal move is not a block, those where a counterattack is not optimal.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Found {
    /// (position, mover) pairs with a counterattack available.
    pub with_counterattack: usize,
    /// Of those, the pairs where a move optimal at every total is not a block.
    pub optimal_not_block: usize,
    /// Of those, the pairs where no counterattack is optimal at every total.
    pub counterattack_not_optimal: usize,
    /// Of the pairs with an optimal non-block, those where such a move makes no threat.
    pub optimal_quiet_move: usize,
}

/// Lemma 6.3 over every position of `g` (Tic-Tac-Toe) and every total up to `most`.
pub fn check(g: &GameGraph, most: u64) -> Found {
    let ranks: Vec<Vec<u64>> = (0..=most)
        .map(|k| threshold_ranks(g, k, Recursion::Advantage))
        .collect();
    let mut found = Found::default();
    for v in 0..g.len() as u32 {
        if g.outcome(v).is_some() {
            continue;
        }
        let here = cells(g.code(v));
        for mover in [Player::ALICE, Player::BOB] {
            let other = mover.other();
            // A threat of the opponent's to block, none of the mover's own (which would win at
            // once, better than any block).
            if !threat(&here, other) || threat(&here, mover) {
                continue;
            }
            let moves = g.moves(v, mover);
            let kind: Vec<(bool, bool)> = moves
                .iter()
                .map(|&w| {
                    let after = cells(g.code(w));
                    let block = !threat(&after, other);
                    (block, block && threat(&after, mover))
                })
                .collect();
            if !kind.iter().any(|&(_, counter)| counter) {
                continue;
            }
            found.with_counterattack += 1;
            // Optimal: the mover's best threshold at every total (the paper's order on games).
            let mut optimal = vec![true; moves.len()];
            for f in &ranks {
                let value = |w: u32| f[w as usize];
                let best = if mover == Player::ALICE {
                    moves.iter().map(|&w| value(w)).min()
                } else {
                    moves.iter().map(|&w| value(w)).max()
                };
                for (i, &w) in moves.iter().enumerate() {
                    optimal[i] &= Some(value(w)) == best;
                }
            }
            if (0..moves.len()).any(|i| optimal[i] && !kind[i].0) {
                found.optimal_not_block += 1;
                let quiet = |i: usize| !threat(&cells(g.code(moves[i])), mover);
                if (0..moves.len()).any(|i| optimal[i] && !kind[i].0 && quiet(i)) {
                    found.optimal_quiet_move += 1;
                }
            }
            if !(0..moves.len()).any(|i| optimal[i] && kind[i].1) {
                found.counterattack_not_optimal += 1;
            }
        }
    }
    found
}

/// Lemma 6.3's item.
pub(super) fn lemma_6_3(quick: bool) -> Result<Check, BiddingError> {
    let most = if quick { 32 } else { 128 };
    let g = graph("tictactoe")?;
    let f = check(&g, most);
    let holds = f.optimal_not_block == 0 && f.counterattack_not_optimal == 0;
    let note = if holds {
        "optimal: the best threshold f(G_w, k) at every total".to_string()
    } else {
        format!(
            "counterattacks are optimal at every pair, as the proof shows; but at {} pairs a move that does not block and makes a threat of its own reaches a position equivalent to E, as the counterattack does, so it is optimal too ({} optimal moves neither block nor threaten)",
            f.optimal_not_block, f.optimal_quiet_move
        )
    };
    Ok(Claim {
        item: "Lemma 6.3: where a counterattack is available, every optimal move is a block",
        source: &cited("Lemma 6.3"),
        published: "holds; counterattacks are always optimal in Tic-Tac-Toe",
        computed: &format!(
            "counterattacks optimal at all {} (position, mover) pairs; an optimal move is not a block at {}; totals k ≤ {most}",
            f.with_counterattack, f.optimal_not_block
        ),
        note: &note,
    }
    .judged(Status::of(holds && f.with_counterattack > 0)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counterattacks_are_optimal_and_the_other_optimal_moves_threaten() {
        let f = check(&graph("tictactoe").unwrap(), 32);
        assert_eq!(f.with_counterattack, 240);
        assert_eq!(f.counterattack_not_optimal, 0);
        assert_eq!(f.optimal_not_block, 44);
        assert_eq!(f.optimal_quiet_move, 0);
    }

    #[test]
    fn a_threat_is_two_marks_and_an_empty_cell() {
        // X X . / O . . / O . . : Alice threatens the top row, Bob the left column.
        let mut b = [0u8; 9];
        b[0] = 1;
        b[1] = 1;
        b[3] = 2;
        b[6] = 2;
        assert!(threat(&b, Player::ALICE));
        assert!(!threat(&b, Player::BOB));
        b[0] = 0;
        assert!(threat(&b, Player::BOB));
        assert!(!threat(&b, Player::ALICE));
    }
}
