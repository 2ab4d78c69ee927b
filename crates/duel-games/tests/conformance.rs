//! Every game passes the generic conformance checks of `duel_games::conformance`, and its
//! golden playthroughs (tests/data/playthroughs) are reproduced byte for byte. Set
//! `DUEL_BLESS=1` to rewrite the golden files after an intended change of behaviour.

use duel_core::game::Game;
use duel_games::conformance::{check_conformance, playthrough, ConformanceOptions};
use duel_games::{parse_game, with_game, AnyGame};

fn conform(spec: &str, playouts: usize) -> duel_games::conformance::ConformanceSummary {
    let opts = ConformanceOptions {
        playouts,
        seed: 7,
        ..ConformanceOptions::default()
    };
    let game = parse_game(spec).unwrap();
    let summary =
        with_game!(game, g => check_conformance(&g, &opts)).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(summary.playouts, playouts);
    assert_eq!(
        summary.first_wins + summary.second_wins + summary.draws,
        playouts
    );
    summary
}

#[test]
fn tictactoe_conforms() {
    let s = conform("tictactoe", 300);
    assert!(s.transpositions > 0);
    // Random tic-tac-toe: the first player wins most often (about 58 %), draws are rarer.
    assert!(s.first_wins > s.second_wins && s.second_wins > 0 && s.draws > 0);
}

#[test]
fn connect_boards_conform() {
    // One board per bitboard width (u64, u128, 256 bits), misère, degenerate shapes.
    for (spec, playouts) in [
        ("connect:7x6:4", 200),
        ("connect:4x4:3", 200),
        ("connect:4x10:3", 100),
        ("connect:1x1:1", 5),
        ("connect:3x1:2", 20),
        ("connect:1x5:3", 20),
        ("connect:12x9:5", 20),
        ("connect:15x6:5", 20),
        ("connect:10x6:4", 20),
        ("connect:15x15:3", 10),
        ("connect:15x15:5", 5),
        ("connect-misere:15x6:5", 10),
        ("connect-misere:5x4:3", 100),
    ] {
        let s = conform(spec, playouts);
        assert!(
            s.transpositions > 0 || spec.contains("1x") || spec.contains("x1:"),
            "{spec}"
        );
    }
}

#[test]
fn misere_reverses_the_winner() {
    // The same random games under the two rules: whoever connects K first wins in one and
    // loses in the other; draws stay draws.
    // With the same seed the random games are the same move sequences (same legal moves,
    // same end), so the win counts swap.
    let plain = conform("connect:5x4:3", 100);
    let misere = conform("connect-misere:5x4:3", 100);
    assert_eq!(plain.first_wins, misere.second_wins);
    assert_eq!(plain.second_wins, misere.first_wins);
    assert_eq!(plain.draws, misere.draws);
    assert_eq!(plain.positions, misere.positions);
    let g = parse_game("connect:5x4:3").unwrap();
    let m = parse_game("connect-misere:5x4:3").unwrap();
    let (AnyGame::Connect64(mut g), AnyGame::Connect64(mut m)) = (g, m) else {
        panic!("5x4 fits 64 bits")
    };
    g.play_moves("11223").unwrap();
    m.play_moves("11223").unwrap();
    use duel_core::game::{Outcome, Player};
    assert_eq!(g.outcome(), Some(Outcome::Win(Player::First)));
    assert_eq!(m.outcome(), Some(Outcome::Win(Player::Second)));
}

fn render(game: &AnyGame, seed: u64) -> String {
    match game {
        AnyGame::TicTacToe(g) => playthrough(g, seed, |p| p.to_string()),
        AnyGame::Connect64(g) => playthrough(g, seed, |p| p.to_string()),
        AnyGame::Connect128(g) => playthrough(g, seed, |p| p.to_string()),
        AnyGame::Connect256(g) => playthrough(g, seed, |p| p.to_string()),
        #[allow(unreachable_patterns)]
        _ => panic!("no renderer for {}", game.spec()),
    }
}

#[test]
fn golden_playthroughs() {
    let dir = format!("{}/tests/data/playthroughs", env!("CARGO_MANIFEST_DIR"));
    let bless = std::env::var_os("DUEL_BLESS").is_some();
    for (spec, seed, file) in [
        ("tictactoe", 1, "tictactoe-seed1.txt"),
        ("connect:7x6:4", 1, "connect-7x6-4-seed1.txt"),
        ("connect-misere:5x4:3", 2, "connect-misere-5x4-3-seed2.txt"),
        ("connect:10x6:4", 3, "connect-10x6-4-seed3.txt"),
        ("connect:15x15:5", 4, "connect-15x15-5-seed4.txt"),
    ] {
        let text = render(&parse_game(spec).unwrap(), seed);
        let path = format!("{dir}/{file}");
        if bless {
            std::fs::write(&path, &text).unwrap();
        }
        let stored = std::fs::read_to_string(&path)
            .unwrap_or_else(|e| panic!("{path}: {e} (run with DUEL_BLESS=1 to create it)"));
        assert_eq!(text, stored, "{spec}: the playthrough changed");
    }
}

mod random_boards {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

        /// Every valid Connect-K board, misère or not, of any bitboard width, conforms.
        #[test]
        fn any_connect_board_conforms(
            w in 1u32..=16, h in 1u32..=15, k in 1u32..=16, misere: bool, seed: u64,
        ) {
            prop_assume!(k <= w.max(h) && w * (h + 1) <= 256);
            let name = if misere { "connect-misere" } else { "connect" };
            let spec = format!("{name}:{w}x{h}:{k}");
            let opts = ConformanceOptions {
                playouts: 3,
                seed,
                replay_every_position: false,
                ..ConformanceOptions::default()
            };
            let game = parse_game(&spec).unwrap();
            prop_assert_eq!(game.spec(), spec.clone());
            let summary = with_game!(game, g => check_conformance(&g, &opts));
            prop_assert!(summary.is_ok(), "{}: {:?}", spec, summary);
        }
    }
}
