//! The Connect Four solver on 128-bit boards: the `u128` board and its table forced onto
//! boards that fit 64 bits give the `u64` board's scores and node counts exactly (the same
//! search over the same table slots), so does the board of runtime size against the
//! compiled one, and positions of 9×7, 8×8 and of the runtime sizes (10×6 … 16×7, 25×4,
//! 4×31) near the end agree with a plain minimax of the generic game.

use std::collections::HashMap;

use duel_core::game::{Game, Outcome};
use duel_games::connect::{Bitboard, Connect, ConnectRules};
use duel_games::connect4::{
    parse_test_file, Board, BoardSolver, Dims, Fixed, Shape, ShapeBoard, ShapeSolver,
};

/// A small deterministic generator (xorshift64*), so that the positions are the same on
/// every run.
struct Rng(u64);
impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_F491_4F6C_DD1D) >> 33) as usize % n
    }
}

/// Columns (digits up to 9 columns, numbers separated by commas beyond) of a random unfinished game of `stones` stones on W×H, each stone a
/// random one of the moves that neither end the game nor let the opponent win at once (none
/// where no move is such), so that the positions take a search.
fn random_moves(w: u32, h: u32, stones: u32, rng: &mut Rng) -> Option<String> {
    let rules = ConnectRules::new(w, h, 4, false, "t").unwrap();
    let mut g = Connect::<u128>::new(rules).unwrap();
    let mut columns = Vec::new();
    for _ in 0..stones {
        let mut moves = Vec::new();
        g.legal_moves(&mut moves);
        moves.retain(|&mv| {
            let mut child = g;
            child.play(mv);
            let mut replies = Vec::new();
            child.legal_moves(&mut replies);
            child.outcome().is_none()
                && replies.iter().all(|&r| {
                    let mut next = child;
                    next.play(r);
                    next.outcome().is_none()
                })
        });
        if moves.is_empty() {
            return None;
        }
        let mv = moves[rng.below(moves.len())];
        g.play(mv);
        columns.push((mv + 1).to_string());
    }
    Some(columns.join(if w > 9 { "," } else { "" }))
}

/// Solves each position with the `u64` board (table of `bytes`) and the `u128` board (a
/// table of three times the bytes: as many buckets, each three times as large); scores,
/// nodes and column scores must agree.
fn same_on_both_words<const W: usize, const H: usize>(positions: &[String], bytes: u64) {
    let narrow = BoardSolver::<W, H, u64>::try_with_table_bytes(bytes).unwrap();
    let wide = BoardSolver::<W, H, u128>::try_with_table_bytes(3 * bytes).unwrap();
    same_search(narrow, wide, positions);
}

/// Solves each position with both solvers; scores, nodes and column scores must agree.
fn same_search<S: Shape, T: Shape>(
    mut narrow: ShapeSolver<S>,
    mut wide: ShapeSolver<T>,
    positions: &[String],
) {
    let (w, h) = (narrow.shape().width(), narrow.shape().height());
    for moves in positions {
        let p = ShapeBoard::parse_on(narrow.shape(), moves).unwrap();
        let q = ShapeBoard::parse_on(wide.shape(), moves).unwrap();
        assert_eq!(narrow.solve(&p), wide.solve(&q), "{w}x{h} {moves}");
        assert_eq!(
            narrow.column_scores(&p),
            wide.column_scores(&q),
            "{w}x{h} {moves}"
        );
        assert_eq!(
            narrow.solve_weak(&p),
            wide.solve_weak(&q),
            "{w}x{h} {moves}"
        );
    }
}

#[test]
fn the_u128_board_searches_7x6_as_the_u64_board() {
    let path = format!("{}/data/connect4/Test_L2_R1", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(path).expect("benchmark file");
    let cases = parse_test_file(&text).expect("well-formed benchmark file");
    let positions: Vec<String> = cases.into_iter().take(60).map(|c| c.moves).collect();
    same_on_both_words::<7, 6>(&positions, 1 << 20);
    // The board of runtime size searches it as the compiled one of the same word.
    let fixed = BoardSolver::<7, 6, u128>::try_with_table_bytes(3 << 20).unwrap();
    let dims = ShapeSolver::try_with_table_bytes_on(Dims::of(7, 6).unwrap(), 3 << 20).unwrap();
    same_search(fixed, dims, &positions);
}

#[test]
fn the_u128_board_searches_9x5_as_the_u64_board() {
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let positions: Vec<String> = (0..200)
        .filter_map(|i| random_moves(9, 5, 20 + i % 12, &mut rng))
        .take(80)
        .collect();
    assert_eq!(positions.len(), 80);
    same_on_both_words::<9, 5>(&positions, 1 << 20);
}

/// The exact score of `g` for the side to move by plain minimax over the generic game: a
/// win with the move of ply p scores ⌊(W·H − p)/2⌋ + 1, a draw 0, a loss the opposite.
fn minimax<C: Bitboard>(g: &Connect<C>, cells: i32, memo: &mut HashMap<u64, i32>) -> i32 {
    if let Some(&v) = memo.get(&g.key()) {
        return v;
    }
    let mut moves = Vec::new();
    g.legal_moves(&mut moves);
    let mut best = i32::MIN;
    for mv in moves {
        let mut child = *g;
        child.play(mv);
        let ply = child.moves_played() as i32;
        let v = match child.outcome() {
            Some(Outcome::Win(_)) => (cells - ply) / 2 + 1,
            Some(Outcome::Draw) => 0,
            None => -minimax(&child, cells, memo),
        };
        best = best.max(v);
    }
    memo.insert(g.key(), best);
    best
}

/// 30 random positions of the board of `shape` (`u128` words) with `stones` to `stones + 3`
/// stones, each solved by the solver (and its mirror image) and by plain minimax of the
/// generic game; the solver explores more than `min_nodes` positions in all.
fn near_the_end_agrees_with_plain_minimax<S: Shape<B = u128>>(
    shape: S,
    stones: u32,
    seed: u64,
    min_nodes: u64,
) {
    let (w, h) = (shape.width(), shape.height());
    let name = format!("connect:{w}x{h}:4");
    let rules = ConnectRules::new(w, h, 4, false, &name).unwrap();
    let mut rng = Rng(seed);
    let mut solver = ShapeSolver::with_table_bytes_on(shape, 4 << 20);
    let mut checked = 0;
    let mut nodes = 0;
    let mut scores = std::collections::BTreeSet::new();
    for i in 0..2000 {
        let Some(moves) = random_moves(w, h, stones + i % 4, &mut rng) else {
            continue;
        };
        let mut g = Connect::<u128>::new(rules).unwrap();
        g.play_moves(&moves).unwrap();
        let expected = minimax(&g, shape.cells(), &mut HashMap::new());
        let board = ShapeBoard::parse_on(shape, &moves).unwrap();
        assert_eq!(ShapeBoard::<S>::from_connect(&g), Some(board));
        let solved = solver.solve(&board);
        assert_eq!(solved.score, expected, "{name} {moves}");
        nodes += solved.nodes;
        let (columns, _) = solver.column_scores(&board);
        assert_eq!(
            columns.into_iter().flatten().max(),
            Some(expected),
            "{name} {moves}"
        );
        // The mirror image: the same score, through the mirrored key.
        let mirror = board.mirror();
        assert_eq!(mirror.key(), board.mirror_key());
        assert_eq!(solver.solve(&mirror).score, expected, "{name} {moves}");
        scores.insert(expected.signum());
        checked += 1;
        if checked == 30 {
            break;
        }
    }
    assert_eq!(checked, 30, "{name}");
    // Wins and losses among them (random play near the end rarely draws).
    assert!(
        scores.contains(&1) && scores.contains(&-1),
        "{name} {scores:?}"
    );
    // Searches, not only wins at once.
    assert!(nodes > min_nodes, "{name}: {nodes} positions");
}

#[test]
fn positions_of_9x7_near_the_end_agree_with_plain_minimax() {
    // 64,768 positions explored.
    let shape = Fixed::<9, 7, u128>::default();
    near_the_end_agrees_with_plain_minimax(shape, 42, 0x2545_F491_4F6C_DD1D, 10_000);
}

#[test]
fn positions_of_8x8_near_the_end_agree_with_plain_minimax() {
    // 18,479 positions explored.
    let shape = Fixed::<8, 8, u128>::default();
    near_the_end_agrees_with_plain_minimax(shape, 43, 0x9E37_79B9_7F4A_7C15, 10_000);
}

#[test]
fn positions_of_runtime_sizes_near_the_end_agree_with_plain_minimax() {
    // Empty cells left: 14 to 17; columns past 15 (the narrow table's) on 16×4 and 25×4.
    for (w, h) in [(10, 6), (12, 5), (16, 4), (25, 4), (4, 31)] {
        let shape = Dims::of(w, h).unwrap();
        let stones = (w * h) - 17;
        near_the_end_agrees_with_plain_minimax(shape, stones, 0x9E37_79B9 ^ u64::from(w), 1_000);
    }
}

#[test]
fn columns_past_nine_are_numbers() {
    let shape = Dims::of(16, 7).unwrap();
    let p = ShapeBoard::parse_on(shape, "16,16,10,1").unwrap();
    assert_eq!(p.moves_played(), 4);
    assert_eq!(ShapeBoard::parse_on(shape, "16").unwrap().moves_played(), 1);
    for bad in ["17", "1,,2", ",1", "1,", "0", "1,x", "+1"] {
        assert!(ShapeBoard::parse_on(shape, bad).is_err(), "{bad}");
    }
    let full = ["3"; 8].join(",");
    assert!(ShapeBoard::parse_on(shape, &full).is_err());
}

#[test]
fn column_nine_is_a_move_on_9x7() {
    let p = Board::<9, 7, u128>::parse("99999").unwrap();
    assert_eq!(p.moves_played(), 5);
    assert!(Board::<9, 7, u128>::parse("999999999").is_err());
    assert!(Board::<8, 8, u128>::parse("9").is_err());
}
