//! The board-size table (`duel connect sizes`): the empty board of every W×H the solver
//! has, solved from scratch (no book), its winner under perfect play and the ply on which
//! the game then ends, as Tromp and Steininger publish them.

use std::time::Instant;

use serde::{Deserialize, Serialize};

use super::board::ShapeBoard;
use super::shape::Shape;
use super::sizes::{with_board_size, SizeVisitor};
use super::solver::{ShapeSolver, TableError};

/// Who wins a game under perfect play.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Winner {
    /// The player who moves first.
    First,
    /// The player who moves second.
    Second,
    /// Neither: the board fills up.
    Draw,
}

/// The ply (1-based: the first stone is ply 1) on which a game ends under perfect play, from
/// the score `score` of a position of `stones` stones on a W×H board, seen from the side to
/// move. A win with the stone of ply p scores ⌊(W·H − p)/2⌋ + 1, so p is W·H + 1 − 2s or
/// one more, whichever the winner plays (the side to move plays the plies of the parity of
/// `stones + 1`); a draw ends on the last cell, W·H.
pub fn end_ply(width: u32, height: u32, stones: u32, score: i32) -> u32 {
    let cells = width * height;
    if score == 0 {
        return cells;
    }
    // The winner's plies: the side to move's (stones + 1, stones + 3, ...) or the other's.
    let parity = (if score > 0 { stones + 1 } else { stones }) % 2;
    let p = (cells + 1).saturating_sub(2 * score.unsigned_abs());
    if p % 2 == parity {
        p
    } else {
        p + 1
    }
}

/// The winner of the empty board whose score (for the first player, who moves) is `score`.
pub fn winner_of(score: i32) -> Winner {
    match score.signum() {
        1 => Winner::First,
        -1 => Winner::Second,
        _ => Winner::Draw,
    }
}

/// One row of the board-size table: the empty W×H board solved.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct EmptyBoard {
    /// Columns.
    pub width: u32,
    /// Rows.
    pub height: u32,
    /// Who wins under perfect play.
    pub winner: Winner,
    /// The ply on which the game ends under perfect play ([`end_ply`]).
    pub end_ply: u32,
    /// The solver's score of the empty board, for the first player.
    pub score: i32,
    /// Positions explored.
    pub nodes: u64,
    /// The time of the search, seconds (the table's allocation excluded, the faults of its
    /// pages as the search first writes them included).
    pub seconds: f64,
}

/// The boards of the table, W + H from `min_sum` to `max_sum`, 4 ≤ W, H and W·(H+1) ≤ 128,
/// by W + H, then by width.
pub fn table_boards(min_sum: u32, max_sum: u32) -> Vec<(u32, u32)> {
    let mut out = Vec::new();
    for sum in min_sum.max(8)..=max_sum {
        for width in 4..=sum - 4 {
            let height = sum - width;
            if width * (height + 1) <= 128 {
                out.push((width, height));
            }
        }
    }
    out
}

/// The empty `width`×`height` board solved without a book, with a table of `table_bytes`
/// (at least the board's least) and `threads` threads; `None` for a size the solver does not
/// have, an error where the table cannot be had.
pub fn solve_empty(
    width: u32,
    height: u32,
    table_bytes: u64,
    threads: usize,
) -> Option<Result<EmptyBoard, TableError>> {
    struct Empty {
        table_bytes: u64,
        threads: usize,
    }
    impl SizeVisitor for Empty {
        type Output = Result<EmptyBoard, TableError>;
        fn visit<S: Shape>(self, shape: S) -> Self::Output {
            let bytes = self.table_bytes.max(ShapeSolver::min_table_bytes_on(shape));
            let mut solver =
                ShapeSolver::try_with_table_bytes_on(shape, bytes)?.with_threads(self.threads);
            let start = Instant::now();
            let solved = solver.solve(&ShapeBoard::empty(shape));
            let (width, height) = (shape.width(), shape.height());
            Ok(EmptyBoard {
                width,
                height,
                winner: winner_of(solved.score),
                end_ply: end_ply(width, height, 0, solved.score),
                score: solved.score,
                nodes: solved.nodes,
                seconds: start.elapsed().as_secs_f64(),
            })
        }
    }
    with_board_size(
        width,
        height,
        Empty {
            table_bytes,
            threads,
        },
    )
}

#[cfg(test)]
mod tests {
    use super::super::bits::Bits;
    use super::super::shape::Dims;
    use super::*;
    use std::collections::HashMap;

    /// The perfect-play outcome of `p` by plain minimax, for the side to move: (+1 win, 0
    /// draw, −1 loss, the ply on which the game ends), the winner ending it as soon as it
    /// can, the loser as late. Memoised on the position's key.
    fn minimax<S: Shape>(p: &ShapeBoard<S>, memo: &mut HashMap<u128, (i32, u32)>) -> (i32, u32) {
        let key = p.key().to_u128();
        if let Some(&v) = memo.get(&key) {
            return v;
        }
        let cells = p.shape().cells() as u32;
        let ply = p.moves_played() + 1;
        let better = |a: (i32, u32), b: (i32, u32)| {
            // Win sooner, lose later.
            let rank = |(r, e): (i32, u32)| (r, if r > 0 { -(e as i64) } else { e as i64 });
            if rank(a) > rank(b) {
                a
            } else {
                b
            }
        };
        let mut best = (-2, 0);
        for col in 0..p.shape().width() {
            if !p.can_play(col) {
                continue;
            }
            let v = if p.is_winning_move(col) {
                (1, ply)
            } else if ply == cells {
                (0, cells)
            } else {
                let mut child = *p;
                child.play_col(col);
                let (r, e) = minimax(&child, memo);
                (-r, e)
            };
            best = better(best, v);
        }
        memo.insert(key, best);
        best
    }

    #[test]
    fn the_end_ply_of_the_score_is_plain_minimaxs() {
        // Every position reachable on 4×4 and 5×4 (the key of the memo) against the solver.
        for (w, h) in [(4, 4), (5, 4), (4, 5)] {
            let shape = Dims::of(w, h).unwrap();
            let mut memo = HashMap::new();
            let root = ShapeBoard::empty(shape);
            minimax(&root, &mut memo);
            let mut solver = ShapeSolver::with_table_bytes_on(shape, 8 << 20);
            let mut checked = 0;
            let mut stack = vec![root];
            let mut seen = std::collections::HashSet::new();
            while let Some(p) = stack.pop() {
                if !seen.insert(p.key().to_u128()) {
                    continue;
                }
                let (result, end) = memo[&p.key().to_u128()];
                let score = solver.solve(&p).score;
                assert_eq!(score.signum(), result, "{w}x{h}");
                assert_eq!(end_ply(w, h, p.moves_played(), score), end, "{w}x{h}");
                checked += 1;
                // The whole tree on 4×4; on the larger boards the first 8 plies.
                if (w, h) != (4, 4) && p.moves_played() >= 8 {
                    continue;
                }
                for col in 0..w {
                    if p.can_play(col) && !p.is_winning_move(col) {
                        let mut child = p;
                        child.play_col(col);
                        if child.moves_played() < w * h {
                            stack.push(child);
                        }
                    }
                }
            }
            assert!(checked > 1000, "{w}x{h}: {checked}");
        }
    }

    #[test]
    fn the_table_takes_every_board_that_fits() {
        assert_eq!(table_boards(8, 9), vec![(4, 4), (4, 5), (5, 4)]);
        let all = table_boards(0, 40);
        assert!(all.contains(&(16, 7)) && all.contains(&(4, 28)));
        assert!(!all.contains(&(16, 8)) && !all.contains(&(3, 5)));
        assert!(all
            .iter()
            .all(|&(w, h)| w >= 4 && h >= 4 && w * (h + 1) <= 128));
        // Ends on the last cell for a draw; a win at the first player's next stone of an
        // empty 7×6 board scores (42 + 1 − 1)/2 = 21.
        assert_eq!(end_ply(7, 6, 0, 0), 42);
        assert_eq!(end_ply(7, 6, 0, 21), 1);
        assert_eq!(end_ply(7, 6, 0, 1), 41);
        assert_eq!(end_ply(7, 6, 0, -1), 42);
        assert_eq!(end_ply(5, 5, 0, -1), 24);
    }
}
