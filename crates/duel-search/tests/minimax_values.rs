//! Exact minimax (Delattre & Fournier, Remark 1): known values, alpha-beta against plain
//! minimax, and errors.

use duel_core::game::{Game, Outcome, Player, Value};
use duel_games::connect::{Connect, ConnectRules};
use duel_games::tictactoe::TicTacToe;
use duel_games::{parse_game, with_game};
use duel_search::minimax::{move_values, plain_minimax, solve, MinimaxError, MinimaxOptions};
use proptest::prelude::*;

fn connect(w: u32, h: u32, k: u32, misere: bool) -> Connect<u64> {
    Connect::new(ConnectRules::new(w, h, k, misere, "test").unwrap()).unwrap()
}

/// The value by alpha-beta and by plain minimax.
fn both<G: Game>(g: &G) -> (Value, Value) {
    let fast = solve(g, &MinimaxOptions::default()).unwrap().value;
    let plain = plain_minimax(g, 50_000_000).unwrap().value;
    (fast, plain)
}

#[test]
fn tictactoe_is_a_draw() {
    // The classical result: tic-tac-toe is a draw under perfect play.
    let g = TicTacToe::new();
    assert_eq!(
        solve(&g, &MinimaxOptions::default()).unwrap().value,
        Value::Draw
    );
    // Plain minimax visits the whole game tree: 549,946 positions (root included) for the
    // 255,168 possible games of tic-tac-toe.
    let plain = plain_minimax(&g, u64::MAX).unwrap();
    assert_eq!(plain.value, Value::Draw);
    assert_eq!(plain.nodes, 549_946);
    // Every opening move draws.
    let values = move_values(&g, &MinimaxOptions::default()).unwrap();
    assert_eq!(values.len(), 9);
    assert!(values.iter().all(|&(_, v)| v == Value::Draw));
    // After X centre, O edge, X wins.
    let mut g = TicTacToe::new();
    g.play_moves("52").unwrap();
    assert_eq!(
        solve(&g, &MinimaxOptions::default()).unwrap().value,
        Value::Win
    );
}

#[test]
fn small_connect_boards_known_values() {
    let opts = MinimaxOptions::default();
    // Connect Four on 4×4 is a draw (known result, e.g. J. Tromp's table of small boards).
    assert_eq!(
        solve(&connect(4, 4, 4, false), &opts).unwrap().value,
        Value::Draw
    );
    // K = 1: the first stone connects, which wins, or loses in the misère version.
    assert_eq!(
        solve(&connect(3, 3, 1, false), &opts).unwrap().value,
        Value::Win
    );
    assert_eq!(
        solve(&connect(3, 3, 1, true), &opts).unwrap().value,
        Value::Loss
    );
    // One column of height 3, K = 2: X O X, never two alike in a row: a draw.
    assert_eq!(
        solve(&connect(1, 3, 2, false), &opts).unwrap().value,
        Value::Draw
    );
    // 2×2, K = 2: after X in column 1, O on top is met by X beside (a row), O beside by X
    // on top (a column): a win.
    assert_eq!(
        solve(&connect(2, 2, 2, false), &opts).unwrap().value,
        Value::Win
    );
}

#[test]
fn alpha_beta_agrees_with_plain_minimax_on_small_games() {
    for spec in [
        "connect:3x3:3",
        "connect:4x3:3",
        "connect:3x4:3",
        "connect:2x4:2",
        "connect:5x2:3",
        "connect-misere:3x3:3",
        "connect-misere:4x3:3",
        "connect-misere:3x4:2",
        "connect:4x4:3",
    ] {
        let (fast, plain) = with_game!(parse_game(spec).unwrap(), g => both(&g));
        assert_eq!(fast, plain, "{spec}");
    }
}

#[test]
fn best_move_values_give_the_position_value() {
    let opts = MinimaxOptions::default();
    for moves in ["", "2", "23", "232", "1111"] {
        let mut g = connect(4, 4, 3, false);
        g.play_moves(moves).unwrap();
        let v = solve(&g, &opts).unwrap().value;
        let best = move_values(&g, &opts)
            .unwrap()
            .into_iter()
            .map(|(_, v)| v)
            .max()
            .unwrap();
        assert_eq!(v, best, "after {moves}");
    }
}

#[test]
fn errors_are_reported() {
    let mut g = connect(7, 6, 4, false);
    g.play_moves("1212121").unwrap();
    assert_eq!(
        solve(&g, &MinimaxOptions::default()),
        Err(MinimaxError::Finished(Outcome::Win(Player::First)))
    );
    let opts = MinimaxOptions {
        max_nodes: 1000,
        ..MinimaxOptions::default()
    };
    let err = solve(&connect(7, 6, 4, false), &opts).unwrap_err();
    assert_eq!(err, MinimaxError::TooLarge { max_nodes: 1000 });
    assert!(err.to_string().contains("1000 positions"));
    let huge = MinimaxOptions {
        table_entries: 1 << 40,
        ..MinimaxOptions::default()
    };
    assert!(matches!(
        solve(&connect(3, 3, 3, false), &huge),
        Err(MinimaxError::TableTooLarge { .. })
    ));
}

/// A deadline stops the search: Connect Four from the start takes minutes, so a deadline
/// 20 ms away gives `OutOfTime`, with no node limit. A deadline already past does not stop
/// a search that ends within its first 4,096 positions (the clock is read that often).
#[test]
fn a_deadline_stops_the_search() {
    let now = std::time::Instant::now();
    let opts = MinimaxOptions {
        max_nodes: u64::MAX,
        deadline: Some(now + std::time::Duration::from_millis(20)),
        ..MinimaxOptions::default()
    };
    match solve(&connect(7, 6, 4, false), &opts) {
        Err(MinimaxError::OutOfTime { nodes }) => assert!(nodes >= 4096, "{nodes}"),
        other => panic!("expected OutOfTime, got {other:?}"),
    }
    let past = MinimaxOptions {
        deadline: Some(now),
        ..MinimaxOptions::default()
    };
    let v = solve(&connect(3, 3, 3, false), &past).unwrap();
    assert!(v.nodes < 4096, "{}", v.nodes);
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    /// From random positions of random small boards, alpha-beta with a table gives the value
    /// of plain minimax, for Connect-K and its misère version.
    #[test]
    fn random_positions_agree(
        w in 1u32..=4, h in 1u32..=4, k in 1u32..=4, misere: bool,
        moves in proptest::collection::vec(0u8..4, 0..6),
    ) {
        prop_assume!(k <= w.max(h));
        let mut g = connect(w, h, k, misere);
        for mv in moves {
            if g.outcome().is_none() && g.is_legal(mv) {
                g.play(mv);
            }
        }
        prop_assume!(g.outcome().is_none());
        let fast = solve(&g, &MinimaxOptions { table_entries: 1 << 12, ..MinimaxOptions::default() }).unwrap();
        let plain = plain_minimax(&g, u64::MAX).unwrap();
        prop_assert_eq!(fast.value, plain.value);
    }
}

#[test]
fn paper_connect_variants_are_first_player_wins() {
    let opts = MinimaxOptions {
        max_nodes: 5_000_000,
        ..MinimaxOptions::default()
    };
    // Delattre & Fournier, section 8.8, connect:15x15:3: "A human player immediately finds
    // the winning strategy when playing first."
    let v =
        with_game!(parse_game("connect:15x15:3").unwrap(), g => solve(&g, &opts).unwrap().value);
    assert_eq!(v, Value::Win);
    // Section 8.7, connect:4x10:3: with 16 ms per move Sym "finds the right move, and thus
    // stops": the root value is determined, a first-player win.
    let v = with_game!(parse_game("connect:4x10:3").unwrap(), g => solve(&g, &opts).unwrap().value);
    assert_eq!(v, Value::Win);
}
