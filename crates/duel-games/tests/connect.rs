//! Connect-K rules: the three bitboard widths agree with each other and with a naive scan
//! of the cells, on random games of random boards.

use duel_core::game::{Game, Outcome, Player};
use duel_games::connect::{Bitboard, Connect, ConnectRules, U256};
use proptest::prelude::*;

/// The outcome by scanning every cell in the four directions.
fn naive_outcome<B: Bitboard>(g: &Connect<B>, last: Player) -> Option<Outcome> {
    let r = g.rules();
    let (w, h, k) = (r.width() as i32, r.height() as i32, r.k() as i32);
    let mut line = false;
    for c in 0..w {
        for row in 0..h {
            for (dc, dr) in [(0, 1), (1, 0), (1, 1), (1, -1)] {
                let all = (0..k).all(|i| {
                    let (cc, rr) = (c + i * dc, row + i * dr);
                    cc >= 0
                        && cc < w
                        && rr >= 0
                        && rr < h
                        && g.cell(cc as u32, rr as u32) == Some(last)
                });
                line |= all;
            }
        }
    }
    if line {
        Some(Outcome::Win(if r.misere() { last.other() } else { last }))
    } else if g.moves_played() == r.width() * r.height() {
        Some(Outcome::Draw)
    } else {
        None
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

    #[test]
    fn bitboards_agree_with_a_naive_scan(
        w in 1u32..=8, h in 1u32..=7, k in 1u32..=8, misere: bool,
        cols in proptest::collection::vec(0u8..8, 0..60),
    ) {
        prop_assume!(k <= w.max(h));
        let rules = ConnectRules::new(w, h, k, misere, "test").unwrap();
        let mut a = Connect::<u64>::new(rules).unwrap();
        let mut b = Connect::<u128>::new(rules).unwrap();
        let mut c = Connect::<U256>::new(rules).unwrap();
        for col in cols {
            if a.outcome().is_some() {
                break;
            }
            if !a.is_legal(col) {
                continue;
            }
            let me = a.to_move();
            a.play(col);
            b.play(col);
            c.play(col);
            prop_assert_eq!(a.outcome(), naive_outcome(&a, me));
            prop_assert_eq!(b.outcome(), a.outcome());
            prop_assert_eq!(c.outcome(), a.outcome());
            for col in 0..w {
                for row in 0..h {
                    prop_assert_eq!(b.cell(col, row), a.cell(col, row));
                    prop_assert_eq!(c.cell(col, row), a.cell(col, row));
                }
            }
        }
    }

    #[test]
    fn wide_boards_agree_with_a_naive_scan(
        w in 9u32..=15, h in 6u32..=15, k in 3u32..=6,
        cols in proptest::collection::vec(0u8..15, 0..150),
    ) {
        prop_assume!(w * (h + 1) <= 256);
        let rules = ConnectRules::new(w, h, k, false, "test").unwrap();
        let mut g = Connect::<U256>::new(rules).unwrap();
        for col in cols {
            if g.outcome().is_some() {
                break;
            }
            if !g.is_legal(col) {
                continue;
            }
            let me = g.to_move();
            g.play(col);
            prop_assert_eq!(g.outcome(), naive_outcome(&g, me));
        }
    }
}

#[test]
fn display_shows_the_board() {
    let rules = ConnectRules::new(4, 3, 3, false, "connect:4x3:3").unwrap();
    let mut g = Connect::<u64>::new(rules).unwrap();
    g.play_moves("1223").unwrap();
    assert_eq!(g.to_string(), "....\n.X..\nXOO.\n1234\n");
}

#[test]
fn mirror_images_share_the_canonical_key() {
    use duel_games::tictactoe::TicTacToe;
    for (w, h) in [(7, 6), (15, 15), (10, 6), (4, 4)] {
        let rules = ConnectRules::new(w, h, 4, false, "test").unwrap();
        let mut a = Connect::<U256>::new(rules).unwrap();
        let mut b = Connect::<U256>::new(rules).unwrap();
        for col in [0u8, 1, 1, 3, 0, 2] {
            a.play(col);
            b.play(w as u8 - 1 - col);
        }
        assert_ne!(a.key(), b.key(), "{w}x{h}");
        assert_eq!(a.canonical_key(), b.canonical_key(), "{w}x{h}");
        let mut c = Connect::<U256>::new(rules).unwrap();
        for col in [0u8, 1, 1, 3, 0, 3] {
            c.play(col);
        }
        assert_ne!(a.canonical_key(), c.canonical_key(), "{w}x{h}");
    }
    // Tic-tac-toe: the 8 images of a corner-centre-edge position, e.g. 1 5 2 and 9 5 8.
    let (mut x, mut y, mut z) = (TicTacToe::new(), TicTacToe::new(), TicTacToe::new());
    x.play_moves("152").unwrap();
    y.play_moves("958").unwrap();
    z.play_moves("154").unwrap();
    assert_ne!(x.key(), y.key());
    assert_eq!(x.canonical_key(), y.canonical_key());
    assert_eq!(x.canonical_key(), z.canonical_key()); // reflection in the main diagonal
    let mut t = TicTacToe::new();
    t.play_moves("153").unwrap();
    assert_ne!(x.canonical_key(), t.canonical_key());
}

/// Connect-K's bitboards against [`connect::lines`], the list of lines the bidding boards use:
/// after every move of random games, the game is won exactly when one listed line is all the
/// mover's stones (lost in the misère version), and drawn exactly when the board is full
/// without one. The list counts rows from the top, the bitboards from the bottom.
#[test]
fn wins_are_the_listed_lines() {
    use duel_games::connect;
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    fn check<B: Bitboard>(w: u32, h: u32, k: u32, misere: bool, rng: &mut ChaCha8Rng) {
        let lines = connect::lines(w as usize, h as usize, k as usize);
        let rules = ConnectRules::new(w, h, k, misere, "test").unwrap();
        let mut g = Connect::<B>::new(rules).unwrap();
        let mut moves = Vec::new();
        while g.outcome().is_none() {
            g.legal_moves(&mut moves);
            let me = g.to_move();
            g.play(moves[rng.gen_range(0..moves.len())]);
            let owner = |cell: usize| {
                let (row_from_top, col) = (cell / w as usize, cell % w as usize);
                g.cell(col as u32, h - 1 - row_from_top as u32)
            };
            let line = lines
                .iter()
                .any(|l| l.iter().all(|&cell| owner(cell) == Some(me)));
            let full = g.moves_played() == w * h;
            let expected = match (line, full) {
                (true, _) => Some(Outcome::Win(if misere { me.other() } else { me })),
                (false, true) => Some(Outcome::Draw),
                (false, false) => None,
            };
            assert_eq!(g.outcome(), expected, "{}\n{g}", rules.spec());
        }
    }

    let mut rng = ChaCha8Rng::seed_from_u64(33);
    for (w, h, k) in [
        (7, 6, 4),
        (5, 4, 4),
        (4, 4, 3),
        (3, 3, 3),
        (6, 3, 4),
        (1, 5, 3),
        (6, 1, 3),
        (4, 5, 1),
    ] {
        for misere in [false, true] {
            for _ in 0..200 {
                check::<u64>(w, h, k, misere, &mut rng);
            }
        }
    }
    for (w, h, k) in [(15, 15, 5), (10, 6, 4), (9, 12, 3)] {
        for _ in 0..50 {
            check::<U256>(w, h, k, false, &mut rng);
        }
    }
}
