//! Tic-Tac-Toe boards drawn as small SVG pictures, for the positions the report names
//! (Develin & Payne's 3a, 2b, …). A board is given as rows from the top separated by `/`,
//! `A` for Alice, `B` for Bob, `.` for an empty square (`..A/B../...`); Alice is drawn as a
//! blue cross, Bob as a red ring.

use std::fmt::Write as _;

/// Side of one square, in pixels.
const CELL: usize = 16;
/// Gap between two boards of a row, in pixels.
const GAP: usize = 12;
/// Boards per row of the picture.
const PER_ROW: usize = 8;

/// The squares of `board` (three rows of three), or `None` if it is not a 3×3 board.
fn squares(board: &str) -> Option<[[char; 3]; 3]> {
    let rows: Vec<&str> = board.split('/').collect();
    if rows.len() != 3 {
        return None;
    }
    let mut out = [['.'; 3]; 3];
    for (r, row) in rows.iter().enumerate() {
        let cells: Vec<char> = row.chars().collect();
        if cells.len() != 3 || cells.iter().any(|c| !matches!(c, 'A' | 'B' | '.')) {
            return None;
        }
        out[r].copy_from_slice(&cells);
    }
    Some(out)
}

/// One board, its top-left corner at (`x`, `y`).
fn draw(out: &mut String, sq: &[[char; 3]; 3], x: usize, y: usize) {
    let side = 3 * CELL;
    let _ = write!(
        out,
        "<rect x=\"{x}\" y=\"{y}\" width=\"{side}\" height=\"{side}\" fill=\"#fff\" stroke=\"#555\"/>"
    );
    for i in 1..3 {
        let (a, b) = (x + i * CELL, y + i * CELL);
        let _ = write!(
            out,
            "<line x1=\"{a}\" y1=\"{y}\" x2=\"{a}\" y2=\"{}\" stroke=\"#999\"/><line x1=\"{x}\" y1=\"{b}\" x2=\"{}\" y2=\"{b}\" stroke=\"#999\"/>",
            y + side,
            x + side
        );
    }
    for (r, row) in sq.iter().enumerate() {
        for (c, &s) in row.iter().enumerate() {
            let (cx, cy) = (x + c * CELL + CELL / 2, y + r * CELL + CELL / 2);
            let d = CELL / 2 - 4;
            match s {
                'A' => {
                    let _ = write!(
                        out,
                        "<path d=\"M{} {}L{} {}M{} {}L{} {}\" stroke=\"#1f5fbf\" stroke-width=\"2.2\"/>",
                        cx - d,
                        cy - d,
                        cx + d,
                        cy + d,
                        cx + d,
                        cy - d,
                        cx - d,
                        cy + d
                    );
                }
                'B' => {
                    let _ = write!(
                        out,
                        "<circle cx=\"{cx}\" cy=\"{cy}\" r=\"{d}\" fill=\"none\" stroke=\"#c0392b\" stroke-width=\"2.2\"/>"
                    );
                }
                _ => {}
            }
        }
    }
}

/// The boards side by side (eight to a row) as one SVG picture titled `title`, or `None` if
/// there is none or one is not a 3×3 board.
pub fn boards_svg(title: &str, boards: &[String]) -> Option<String> {
    let parsed: Option<Vec<_>> = boards.iter().map(|b| squares(b)).collect();
    let parsed = parsed.filter(|p| !p.is_empty())?;
    let side = 3 * CELL;
    let cols = parsed.len().min(PER_ROW);
    let rows = parsed.len().div_ceil(PER_ROW);
    let width = cols * side + (cols - 1) * GAP + 2;
    let height = rows * side + (rows - 1) * GAP + 2;
    let mut out = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{height}\" viewBox=\"0 0 {width} {height}\"><title>{}</title>",
        title.replace('&', "&amp;").replace('<', "&lt;")
    );
    for (i, sq) in parsed.iter().enumerate() {
        draw(
            &mut out,
            sq,
            1 + (i % PER_ROW) * (side + GAP),
            1 + (i / PER_ROW) * (side + GAP),
        );
    }
    out.push_str("</svg>");
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn boards_are_drawn() {
        let svg = boards_svg("3a", &["..A/B../...".into(), ".B./.A./...".into()]).unwrap();
        assert_eq!(svg.matches("<path").count(), 2, "two crosses");
        assert_eq!(svg.matches("<circle").count(), 2, "two rings");
        assert!(svg.contains("width=\"110\""));
        assert!(boards_svg("x", &["..A/B..".into()]).is_none());
        assert!(boards_svg("x", &[]).is_none());
    }
}
