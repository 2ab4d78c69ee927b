//! Example 6.2 of Develin & Payne: threats in Tic-Tac-Toe against the sudden-death games of
//! section 5. Bob's triple threat `.B./.B./BA.` (Alice's one open line, the right column,
//! needs three moves) is equivalent to B³; a double threat of Alice's (two lines each one move
//! from her win, Bob without a threat) can be strictly better for her than A², since Bob's two
//! moves in a row block both lines without winning. Compared on the thresholds of every
//! position for every total the analysis holds, as the order of section 5 compares games.

use super::counterattacks::{cells, threat, LINES};
use super::part::cited;
use super::solve::table_of;
use crate::{Check, Claim, Status};
use duel_bidding::boards::LineGame;
use duel_bidding::graph::BiddingGame;
use duel_bidding::ttt::TttAnalysis;
use duel_bidding::BiddingError;
use duel_core::game::Player;

/// The triple threat of Example 6.2, rows from the top.
const TRIPLE_THREAT: &str = ".B./.B./BA.";

/// The cells where Alice completes a line with her next move.
fn winning_cells(c: &[u8; 9]) -> Vec<usize> {
    let mut out: Vec<usize> = LINES
        .iter()
        .filter(|l| l.iter().filter(|&&i| c[i] == 1).count() == 2)
        .filter_map(|l| l.iter().copied().find(|&i| c[i] == 0))
        .collect();
    out.sort_unstable();
    out.dedup();
    out
}

/// How Alice's double threats compare with A²: (equivalent, strictly better for Alice,
/// neither) over the positions (up to symmetry, not finished) with two or more winning cells
/// for Alice and no threat for Bob.
pub fn double_threats(analysis: &TttAnalysis) -> Result<(usize, usize, usize), BiddingError> {
    let max_k = analysis.f.len() as u64 - 1;
    let a2: Vec<u64> = table_of("A:2", max_k)?.iter().map(|c| c.rank()).collect();
    let g = &analysis.graph;
    let (mut same, mut better, mut other) = (0, 0, 0);
    for v in 0..g.len() as u32 {
        let c = cells(g.code(v));
        if g.outcome(v).is_some() || winning_cells(&c).len() < 2 || threat(&c, Player::BOB) {
            continue;
        }
        let f: Vec<u64> = analysis.f.iter().map(|row| row[v as usize]).collect();
        if f == a2 {
            same += 1;
        } else if f.iter().zip(&a2).all(|(x, y)| x <= y) {
            better += 1;
        } else {
            other += 1;
        }
    }
    Ok((same, better, other))
}

/// Whether the triple threat's thresholds are B³'s at every total of the analysis.
pub fn triple_threat_is_b3(analysis: &TttAnalysis) -> Result<bool, BiddingError> {
    let max_k = analysis.f.len() as u64 - 1;
    let game = LineGame::tictactoe();
    let code = game.canonical(game.parse(TRIPLE_THREAT)?);
    let v = analysis
        .graph
        .vertex_of(code)
        .ok_or(BiddingError::Internal {
            what: "the triple threat is not a position",
        })?;
    let b3: Vec<u64> = table_of("B:3", max_k)?.iter().map(|c| c.rank()).collect();
    Ok(analysis
        .f
        .iter()
        .zip(&b3)
        .all(|(row, &t)| row[v as usize] == t))
}

/// Example 6.2's two items.
pub(super) fn example_6_2(analysis: &TttAnalysis) -> Result<Vec<Check>, BiddingError> {
    let max_k = analysis.f.len() - 1;
    let b3 = triple_threat_is_b3(analysis)?;
    let (same, better, other) = double_threats(analysis)?;
    let double_ok = better > 0 && other == 0;
    Ok(vec![
        Claim {
            item: &format!("Example 6.2: Bob's triple threat {TRIPLE_THREAT} is equivalent to B^3, k ≤ {max_k}"),
            source: &cited("Example 6.2"),
            published: "equivalent to B^3",
            computed: if b3 { "equivalent to B^3" } else { "not B^3's table" },
            note: "f(TTT_v, k) = f(B^3, k) at every total; Alice's one open line is the right column",
        }
        .judged(Status::of(b3)),
        Claim {
            item: &format!("Example 6.2: a double threat of Alice's strictly better than A^2, k ≤ {max_k}"),
            source: &cited("Example 6.2"),
            published: "a position strictly better than A^2 (drawn, not in the text)",
            computed: &format!(
                "{} positions with a double threat of Alice's and no threat of Bob's: {same} equivalent to A^2, {better} strictly better, {other} neither",
                same + better + other
            ),
            note: "strictly better: f(TTT_v, k) ≤ f(A^2, k) at every total, < at one at least",
        }
        .judged(Status::of(double_ok)),
    ])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn alice_completes_a_line_where_she_holds_two_of_its_cells() {
        // A A . / . A . / . . . : the top row at 2, the diagonal at 8, the center column at 7.
        let mut c = [0u8; 9];
        c[0] = 1;
        c[1] = 1;
        c[4] = 1;
        assert_eq!(winning_cells(&c), [2, 7, 8]);
        c[8] = 2;
        assert_eq!(winning_cells(&c), [2, 7]);
    }
}
