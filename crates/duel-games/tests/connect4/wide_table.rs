//! The Connect Four solver on 128-bit boards: the `u128` board and its table forced onto
//! boards that fit 64 bits give the `u64` board's scores and node counts exactly (the same
//! search over the same table slots), and positions of 9×7 and 8×8 near the end agree with
//! a plain minimax of the generic game.

use std::collections::HashMap;

use duel_core::game::{Game, Outcome};
use duel_games::connect::{Bitboard, Connect, ConnectRules};
use duel_games::connect4::{parse_test_file, Board, BoardSolver};

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

/// Column digits of a random unfinished game of `stones` stones on W×H, each stone a
/// random one of the moves that neither end the game nor let the opponent win at once (none
/// where no move is such), so that the positions take a search.
fn random_moves(w: u32, h: u32, stones: u32, rng: &mut Rng) -> Option<String> {
    let rules = ConnectRules::new(w, h, 4, false, "t").unwrap();
    let mut g = Connect::<u128>::new(rules).unwrap();
    let mut digits = String::new();
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
        digits.push(char::from(b'1' + mv));
    }
    Some(digits)
}

/// Solves each position with the `u64` board (table of `bytes`) and the `u128` board (a
/// table of twice the bytes: as many buckets, each twice as large); scores, nodes and
/// column scores must agree.
fn same_on_both_words<const W: usize, const H: usize>(positions: &[String], bytes: u64) {
    let mut narrow = BoardSolver::<W, H, u64>::try_with_table_bytes(bytes).unwrap();
    let mut wide = BoardSolver::<W, H, u128>::try_with_table_bytes(2 * bytes).unwrap();
    for moves in positions {
        let p = Board::<W, H, u64>::parse(moves).unwrap();
        let q = Board::<W, H, u128>::parse(moves).unwrap();
        assert_eq!(narrow.solve(&p), wide.solve(&q), "{W}x{H} {moves}");
        assert_eq!(
            narrow.column_scores(&p),
            wide.column_scores(&q),
            "{W}x{H} {moves}"
        );
        assert_eq!(
            narrow.solve_weak(&p),
            wide.solve_weak(&q),
            "{W}x{H} {moves}"
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

/// 30 random positions of W×H (`u128` board) with `stones` to `stones + 3` stones, each
/// solved by the solver (and its mirror image) and by plain minimax of the generic game.
fn near_the_end_agrees_with_plain_minimax<const W: usize, const H: usize>(stones: u32, seed: u64) {
    let name = format!("connect:{W}x{H}:4");
    let rules = ConnectRules::new(W as u32, H as u32, 4, false, &name).unwrap();
    let mut rng = Rng(seed);
    let mut solver = BoardSolver::<W, H, u128>::new();
    let mut checked = 0;
    let mut nodes = 0;
    let mut scores = std::collections::BTreeSet::new();
    for i in 0..400 {
        let Some(moves) = random_moves(W as u32, H as u32, stones + i % 4, &mut rng) else {
            continue;
        };
        let mut g = Connect::<u128>::new(rules).unwrap();
        g.play_moves(&moves).unwrap();
        let expected = minimax(&g, (W * H) as i32, &mut HashMap::new());
        let board = Board::<W, H, u128>::parse(&moves).unwrap();
        assert_eq!(Board::<W, H, u128>::from_connect(&g), Some(board));
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
    // Searches, not only wins at once (18,479 positions on 8×8, 64,768 on 9×7).
    assert!(nodes > 10_000, "{name}: {nodes} positions");
}

#[test]
fn positions_of_9x7_near_the_end_agree_with_plain_minimax() {
    near_the_end_agrees_with_plain_minimax::<9, 7>(42, 0x2545_F491_4F6C_DD1D);
}

#[test]
fn positions_of_8x8_near_the_end_agree_with_plain_minimax() {
    near_the_end_agrees_with_plain_minimax::<8, 8>(43, 0x9E37_79B9_7F4A_7C15);
}

#[test]
fn column_nine_is_a_move_on_9x7() {
    let p = Board::<9, 7, u128>::parse("99999").unwrap();
    assert_eq!(p.moves_played(), 5);
    assert!(Board::<9, 7, u128>::parse("999999999").is_err());
    assert!(Board::<8, 8, u128>::parse("9").is_err());
}
