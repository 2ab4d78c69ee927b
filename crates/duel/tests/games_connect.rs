//! Connect-K rules: the three bitboard widths agree with each other and with a naive scan
//! of the cells, on random games of random boards.

use duel::game::{Game, Outcome, Player};
use duel::games::connect::{Bitboard, Connect, ConnectRules, U256};
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
