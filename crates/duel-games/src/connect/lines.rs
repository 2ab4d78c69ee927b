//! The lines of K cells of a board, listed cell by cell.

/// Every line of `k` cells on a board `width` columns wide and `height` rows high: the rule
/// of Connect-K and of `k` in a row, written once. A player who owns every cell of one of
/// them has connected `k`.
///
/// A cell is a row-major index from the top-left, `row · width + col` with row 0 at the top
/// (so the bottom row of a Connect-K board, where stones land first, is row `height − 1`).
/// Lines are listed by their first cell in that order, and from each cell in the directions
/// → (along a row), ↓ (down a column), ↘ and ↙, each line's cells from its first one on; a
/// line lies wholly on the board. With `k = 1` every cell is listed once per direction; with
/// `k = 0`, or `k` longer than both sides, there is no line.
pub fn lines(width: usize, height: usize, k: usize) -> Vec<Vec<usize>> {
    let mut lines = Vec::new();
    let Some(reach) = k.checked_sub(1) else {
        return lines;
    };
    let on_board = |r: usize, c: usize, dr: isize, dc: isize| {
        let end_r = r as isize + dr * reach as isize;
        let end_c = c as isize + dc * reach as isize;
        (0..height as isize).contains(&end_r) && (0..width as isize).contains(&end_c)
    };
    for r in 0..height {
        for c in 0..width {
            for (dr, dc) in [(0, 1), (1, 0), (1, 1), (1, -1)] {
                if on_board(r, c, dr, dc) {
                    lines.push(
                        (0..k as isize)
                            .map(|i| {
                                (r as isize + dr * i) as usize * width
                                    + (c as isize + dc * i) as usize
                            })
                            .collect(),
                    );
                }
            }
        }
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_in_their_documented_order() {
        assert_eq!(
            lines(3, 3, 3),
            [
                [0, 1, 2],
                [0, 3, 6],
                [0, 4, 8],
                [1, 4, 7],
                [2, 5, 8],
                [2, 4, 6],
                [3, 4, 5],
                [6, 7, 8]
            ]
        );
        // Connect Four has 69 lines: 24 horizontal, 21 vertical, 12 of each diagonal.
        assert_eq!(lines(7, 6, 4).len(), 69);
        assert_eq!(lines(2, 3, 1).len(), 4 * 6);
        assert!(lines(3, 3, 0).is_empty());
        assert!(lines(3, 2, 4).is_empty());
    }
}
