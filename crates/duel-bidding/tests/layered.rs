//! The per-position periodic solver (`bidding::layered::periodic_rows`) against the all-totals
//! tables (`allk`), the graph's periodicity (Theorems 3.13, 3.14), the dense per-total
//! searches and the dense `M` of Theorem 3.13.

use duel_bidding::allk::{all_totals, DEFAULT_MEMORY_LIMIT};
use duel_bidding::boards::{
    connect_richman_dense, connect_threshold_dense, hex_dense, hex_richman_dense, Hex, LineGame,
};
use duel_bidding::games::parse_game;
use duel_bidding::graph::BiddingGame;
use duel_bidding::layered::{periodic_rows, PeriodicSolution};
use duel_bidding::periodicity::Periodicity;

fn solve<G: BiddingGame + Sync>(game: &G, cells: u32) -> PeriodicSolution {
    periodic_rows(game, cells, 0).unwrap()
}

/// The periodic description of the start against the all-totals table for k = 0..=max_k.
fn assert_rows_agree<G: BiddingGame + Sync>(
    name: &str,
    game: &G,
    cells: u32,
    bound: u128,
    max_k: u64,
) {
    let p = solve(game, cells);
    let table = all_totals(game, bound, max_k, DEFAULT_MEMORY_LIMIT)
        .unwrap()
        .table;
    for (k, c) in table.iter().enumerate() {
        assert_eq!(p.root.rank(k as u64), c.rank(), "{name}, k = {k}");
    }
    // The description's own relation, from its offset on.
    let (o, d, s) = (
        u64::from(p.root.offset),
        u64::from(p.root.period),
        u64::from(p.root.shift),
    );
    for k in o..o + 3 * d {
        assert_eq!(p.root.rank(k + d), p.root.rank(k) + s, "{name}, k = {k}");
    }
    // The offset is the least: the relation fails just before it (checked on the table).
    if o > 0 && o - 1 + d <= max_k {
        assert_ne!(
            table[(o - 1 + d) as usize].rank(),
            table[(o - 1) as usize].rank() + s,
            "{name}"
        );
    }
    // The period is the least: half of it (a power of two) is no period, either because its
    // shift would not be a whole number of chips (s/2 ranks odd) or because the relation
    // fails somewhere past the offset.
    if d > 1 && (s / 2) % 2 == 0 && o + 2 * d <= max_k {
        let h = d / 2;
        assert!(
            (o..=max_k - h)
                .any(|k| table[(k + h) as usize].rank() != table[k as usize].rank() + s / 2),
            "{name}"
        );
    }
}

#[test]
fn rows_agree_with_the_all_totals_tables() {
    for (w, h, k, max_k) in [
        (2usize, 2usize, 2usize, 200u64),
        (3, 3, 3, 2047),
        (4, 3, 3, 1023),
        (3, 4, 3, 1023),
        (4, 4, 3, 300),
    ] {
        let board = LineGame::new(w, h, k, true).unwrap();
        let name = format!("connect:{w}x{h}:{k}");
        assert_rows_agree(&name, &board, (w * h) as u32, board.position_bound(), max_k);
    }
    for n in 1..=3usize {
        let hex = Hex::new(n).unwrap();
        assert_rows_agree(
            &format!("hex:{n}"),
            &hex,
            (n * n) as u32,
            hex.position_bound(),
            700,
        );
    }
    let ttt = LineGame::tictactoe();
    assert_rows_agree("tictactoe", &ttt, 9, ttt.position_bound(), 1100);
}

#[test]
fn tic_tac_toe_period_is_the_graphs() {
    // Develin & Payne, Theorem 6.1: R(TTT) = 133/256, so the period is a multiple of 256 with
    // shift 133 chips per 256 (Figures 3 and 4 have periods 256/133 and 256/137 for the two
    // first moves); the graph-based analysis verifies the same period and offset.
    let p = solve(&LineGame::tictactoe(), 9);
    assert_eq!(p.scaled, 133 << 1); // 133/256 scaled by 2^9
    let g = parse_game("tictactoe").unwrap().build().unwrap().graph;
    let q = Periodicity::analyse(&g, g.start()).unwrap();
    assert_eq!(
        (p.root.period, p.root.shift, p.root.offset),
        (q.period as u32, 2 * q.shift as u32, q.offset as u32)
    );
    assert_eq!((p.root.period, p.root.shift), (256, 2 * 133));
    assert_eq!(1u64 << p.log2_m, q.big_m);
}

#[test]
fn connect_4x4_4_period_and_offset() {
    // The all-totals table to K = 49999 (report, full mode) verifies f(k + 16384) =
    // f(k) + 10088 from k = 317 over two periods; the periodic rows find the same in a
    // fraction of the work, and agree with the table's start.
    let board = LineGame::new(4, 4, 4, true).unwrap();
    let p = solve(&board, 16);
    assert_eq!(
        (p.root.period, p.root.shift, p.root.offset),
        (16384, 2 * 10088, 317)
    );
    // M of the start = the dense table's (Theorem 3.13).
    let dense = connect_richman_dense(&board).unwrap();
    assert_eq!(1u64 << p.log2_m, dense.big_m());
    assert_eq!(p.scaled, dense.scaled);
    let table = all_totals(&board, board.position_bound(), 400, DEFAULT_MEMORY_LIMIT)
        .unwrap()
        .table;
    for (k, c) in table.iter().enumerate() {
        assert_eq!(p.root.rank(k as u64), c.rank(), "k = {k}");
    }
    // Far beyond the rows computed: the dense search for one total.
    for k in [316u64, 317 + 16384 - 1, 5 * 16384 + 7] {
        assert_eq!(
            p.root.rank(k),
            connect_threshold_dense(&board, k).unwrap().rank(),
            "k = {k}"
        );
    }
    assert!(p
        .layers
        .iter()
        .all(|l| l.by_log2_m.iter().sum::<u64>() == l.open));
}

#[test]
fn root_m_is_the_dense_m() {
    for n in 2..=3usize {
        let hex = Hex::new(n).unwrap();
        let p = solve(&hex, (n * n) as u32);
        let dense = hex_richman_dense(&hex).unwrap();
        assert_eq!((1u64 << p.log2_m, p.scaled), (dense.big_m(), dense.scaled));
    }
}

/// connect:5x4:4 and hex:4 (about 40 and 140 s of CPU: run with `--ignored`; `duel report
/// --full` runs the same).
#[test]
#[ignore]
fn large_boards_periods() {
    // connect:5x4:4: R = 578797/2^20, M = 2^20; the start's row is periodic with period
    // 2^20 and shift 578797 chips from k = 1494, each row's period checked over two of its
    // periods. The dense search for single totals confirms points far apart, and that the
    // relation fails at k = 1493 (so the offset is the least).
    let board = LineGame::new(5, 4, 4, true).unwrap();
    let p = solve(&board, 20);
    assert_eq!(
        (p.root.period, p.root.shift, p.root.offset),
        (1 << 20, 2 * 578_797, 1494)
    );
    for k in [
        1493u64,
        1494,
        1493 + (1 << 20),
        3 * (1 << 20) - 1,
        999_999_937,
    ] {
        assert_eq!(
            p.root.rank(k),
            connect_threshold_dense(&board, k).unwrap().rank(),
            "k = {k}"
        );
    }
    assert_ne!(
        connect_threshold_dense(&board, 1493 + (1 << 20))
            .unwrap()
            .rank(),
        connect_threshold_dense(&board, 1493).unwrap().rank() + 2 * 578_797
    );
    // hex:4: f(k) = k/2 with the advantage for even k, (k+1)/2 for odd k (rank k + 1).
    let hex = Hex::new(4).unwrap();
    let p = solve(&hex, 16);
    assert_eq!((p.root.period, p.root.shift, p.root.offset), (2, 2, 0));
    for k in [0u64, 31, 98_305, 999_999_999] {
        assert_eq!(hex_dense(&hex, Some(k)).unwrap().0, k + 1);
        assert_eq!(p.root.rank(k), k + 1);
    }
}

#[test]
fn too_large_boards_are_refused() {
    use duel_bidding::{BiddingError, Solver, TooMany};
    // 30 cells: rows of 3·2^30 totals.
    let big = LineGame::new(6, 5, 4, true).unwrap();
    let err = periodic_rows(&big, 30, big.position_bound()).unwrap_err();
    assert_eq!(
        err,
        BiddingError::TooMany(TooMany {
            what: "cells",
            count: 30,
            limit: 23,
            solver: Solver::PeriodicRows
        })
    );
    assert!(err.to_string().contains("at most 23 cells"), "{err}");
    // 20 cells but more positions than the enumeration takes.
    let wide = LineGame::new(5, 4, 4, true).unwrap();
    let err = periodic_rows(&wide, 20, 1 << 40).unwrap_err();
    assert!(matches!(
        err,
        BiddingError::TooMany(TooMany {
            what: "positions",
            count: 1_099_511_627_776,
            solver: Solver::PeriodicRows,
            ..
        })
    ));
    assert!(err.to_string().contains("positions"), "{err}");
}
