//! The all-totals layered solver (Theorem 3.7 for every k at once) against the per-total
//! solvers: the explicit graph (`discrete::threshold_table`) and the dense memoised searches
//! (`boards::connect_threshold_dense`, `boards::hex_dense`).

use duel_bidding::allk::{all_totals, combine, find_period, PeriodFinding, DEFAULT_MEMORY_LIMIT};
use duel_bidding::boards::{connect_threshold_dense, hex_dense, Hex, LineGame};
use duel_bidding::brute::{BruteForce, TieRule};
use duel_bidding::discrete::{theorem_3_7, threshold_table, Recursion};
use duel_bidding::games::parse_game;
use duel_bidding::graph::BiddingGame;
use duel_bidding::periodicity::Periodicity;
use duel_bidding::richman::Richman;
use duel_bidding::{BiddingError, GameNameError, PositionError, Solver, TooMany};
use duel_core::exact::Chips;

fn per_k(name: &str, max_k: u64) -> Vec<Chips> {
    let g = parse_game(name).unwrap().build().unwrap().graph;
    threshold_table(&g, g.start(), max_k, Recursion::Advantage)
        .unwrap()
        .into_iter()
        .map(Chips::from_rank)
        .collect()
}

fn layered<G: BiddingGame + Sync>(game: &G, bound: u128, max_k: u64) -> Vec<Chips> {
    all_totals(game, bound, max_k, DEFAULT_MEMORY_LIMIT)
        .unwrap()
        .table
}

#[test]
fn branch_free_step_is_theorem_3_7() {
    // Every pair of ranks up to 300, in both widths.
    for fa in 0..300u64 {
        for fb in 0..300u64 {
            let want = theorem_3_7(fa, fb);
            assert_eq!(u64::from(combine(fa as u16, fb as u16)), want, "{fa} {fb}");
            assert_eq!(u64::from(combine(fa as u32, fb as u32)), want, "{fa} {fb}");
        }
    }
}

#[test]
fn agrees_with_the_explicit_graph_on_small_boards() {
    let ttt = LineGame::tictactoe();
    assert_eq!(
        layered(&ttt, ttt.position_bound(), 300),
        per_k("tictactoe", 300)
    );
    for (w, h, k, max_k) in [(3, 3, 3, 40), (4, 3, 3, 40), (3, 4, 3, 20)] {
        let board = LineGame::new(w, h, k, true).unwrap();
        let name = format!("connect:{w}x{h}:{k}");
        assert_eq!(
            layered(&board, board.position_bound(), max_k),
            per_k(&name, max_k),
            "{name}"
        );
    }
    for n in [1, 2, 3] {
        let hex = Hex::new(n).unwrap();
        assert_eq!(
            layered(&hex, hex.position_bound(), 40),
            per_k(&format!("hex:{n}"), 40),
            "hex:{n}"
        );
    }
}

#[test]
fn agrees_with_the_search_with_explicit_bids() {
    // Independent of Theorem 3.7: a game search over (position, Alice's chips, tie holder)
    // with every bid and both tie-break choices.
    for (name, max_k) in [("connect:3x3:3", 5u64), ("hex:2", 8)] {
        let g = parse_game(name).unwrap().build().unwrap().graph;
        let all = match name {
            "hex:2" => {
                let hex = Hex::new(2).unwrap();
                layered(&hex, hex.position_bound(), max_k)
            }
            _ => {
                let board = LineGame::new(3, 3, 3, true).unwrap();
                layered(&board, board.position_bound(), max_k)
            }
        };
        for k in 0..=max_k {
            let search = BruteForce::solve(&g, k, TieRule::Advantage).unwrap();
            let (rank, upward_closed) = search.threshold_rank(g.start());
            assert!(upward_closed);
            assert_eq!(all[k as usize].rank(), rank, "{name}, k = {k}");
        }
    }
}

#[test]
fn agrees_with_the_dense_per_total_searches() {
    let board = LineGame::new(4, 3, 3, true).unwrap();
    let all = layered(&board, board.position_bound(), 12);
    for k in 0..=12u64 {
        assert_eq!(all[k as usize], connect_threshold_dense(&board, k).unwrap());
    }
    let hex = Hex::new(3).unwrap();
    let all = layered(&hex, hex.position_bound(), 12);
    for k in 0..=12u64 {
        let (rank, _) = hex_dense(&hex, Some(k)).unwrap();
        assert_eq!(all[k as usize], Chips::from_rank(rank), "hex:3, k = {k}");
    }
}

#[test]
fn u32_rows_agree_with_u16_rows() {
    // 2K + 2 > 65535 switches to u32 ranks; the common prefix must agree.
    let board = LineGame::new(3, 3, 3, true).unwrap();
    let wide = all_totals(&board, board.position_bound(), 33_000, DEFAULT_MEMORY_LIMIT).unwrap();
    assert_eq!(wide.bytes_per_value, 4);
    let narrow = layered(&board, board.position_bound(), 500);
    assert_eq!(&wide.table[..501], &narrow[..]);
}

#[test]
fn blocks_of_totals_agree_with_one_pass() {
    // Totals beyond the memory limit are done in blocks; the result must not change.
    let board = LineGame::new(4, 3, 3, true).unwrap();
    let whole = all_totals(&board, board.position_bound(), 400, DEFAULT_MEMORY_LIMIT).unwrap();
    assert_eq!(whole.block, 401);
    let per_total = whole.row_bytes / whole.block;
    let blocked = all_totals(&board, board.position_bound(), 400, per_total * 70).unwrap();
    assert_eq!(blocked.block, 70);
    assert_eq!(blocked.table, whole.table);
}

#[test]
fn period_matches_the_graph_periodicity() {
    // Theorem 6.1 (Develin & Payne): R(TTT) = 133/256; the period found from the all-totals
    // table is the one the graph-based analysis (over 4M totals) verifies.
    let ttt = LineGame::tictactoe();
    let g = parse_game("tictactoe").unwrap().build().unwrap().graph;
    let p = Periodicity::analyse(&g, g.start()).unwrap();
    let r = Richman::solve(&g).unwrap().value(g.start()).clone();
    let all = layered(&ttt, ttt.position_bound(), 4 * 256 + 64);
    match find_period(&all, &r) {
        PeriodFinding::Verified {
            period,
            shift,
            offset,
        } => {
            assert_eq!((period, shift), (p.period, p.shift));
            assert_eq!(offset, p.offset);
        }
        other => panic!("expected a verified period, got {other:?}"),
    }
    // Too short a table: only an observation, or out of reach.
    match find_period(&all[..400], &r) {
        PeriodFinding::Observed {
            periods_checked, ..
        } => assert!(periods_checked < 2),
        other => panic!("expected an observation, got {other:?}"),
    }
    assert_eq!(
        find_period(&all[..200], &r),
        PeriodFinding::OutOfReach {
            least_period: 256,
            needed: 768
        }
    );
}

#[test]
fn refuses_what_does_not_fit() {
    let board = LineGame::new(4, 3, 3, true).unwrap();
    let err = all_totals(&board, board.position_bound(), 1000, 1000).unwrap_err();
    match err {
        BiddingError::RowsTooLarge {
            max_k: 1000,
            limit_bytes: 1000,
            ..
        } => assert!(err.to_string().contains("MB"), "{err}"),
        // Refused while the layers are enumerated, before all of them are known.
        BiddingError::Memory(ref m) => {
            assert_eq!(m.limit_bytes, 1000);
            assert!(m.needed_bytes > 1000, "{err}");
        }
        other => panic!("{other:?}"),
    }
    let big = LineGame::new(6, 5, 4, true).unwrap();
    assert!(matches!(
        all_totals(&big, big.position_bound(), 10, DEFAULT_MEMORY_LIMIT),
        Err(BiddingError::TooMany(TooMany {
            what: "positions",
            solver: Solver::AllTotals,
            ..
        }))
    ));
}

/// A two-position loop: Alice's move and Bob's move both go to the other position.
struct Loop;

impl BiddingGame for Loop {
    fn start(&self) -> u64 {
        0
    }
    fn outcome(&self, _pos: u64) -> Option<duel_core::game::Outcome> {
        None
    }
    fn moves(&self, pos: u64, _who: duel_core::game::Player) -> Vec<u64> {
        vec![1 - pos]
    }
    fn label(&self, pos: u64) -> String {
        pos.to_string()
    }
    fn parse(&self, text: &str) -> Result<u64, BiddingError> {
        text.parse().map_err(|_| {
            PositionError::NotAPosition {
                text: text.into(),
                examples: vec!["0".into(), "1".into()],
            }
            .into()
        })
    }
}

#[test]
fn refuses_games_with_cycles() {
    assert!(matches!(
        all_totals(&Loop, 2, 4, DEFAULT_MEMORY_LIMIT),
        Err(BiddingError::TooMany(TooMany {
            what: "moves",
            solver: Solver::AllTotals,
            ..
        }))
    ));
}

/// Game names are bounded (a wedge chain of 10,000 games and deeply nested parentheses
/// overflowed the stack); the largest allowed names are solved in a test thread's stack.
#[test]
fn game_names_are_bounded() {
    use duel_bidding::games::{MAX_GAMES, MAX_NESTING};
    let chain = |n: usize| vec!["A"; n].join("^");
    let nested = |n: usize| format!("{}A^B{}", "(".repeat(n), ")".repeat(n));
    for bad in [
        chain(MAX_GAMES + 1),
        chain(10_000),
        nested(MAX_NESTING + 1),
        nested(100_000),
    ] {
        match parse_game(&bad) {
            Err(
                err @ BiddingError::GameName(
                    GameNameError::TooDeep { .. } | GameNameError::TooManyGames { .. },
                ),
            ) => assert!(err.to_string().contains("at most"), "{err}"),
            other => panic!("{other:?}"),
        }
    }
    // Parentheses and the length of a chain of A do not change the game's values.
    for (good, small) in [(chain(MAX_GAMES), "A^A"), (nested(MAX_NESTING), "A^B")] {
        let value = |name: &str| {
            let built = parse_game(name).unwrap().build().unwrap();
            let r = Richman::solve(&built.graph).unwrap();
            let f = threshold_table(&built.graph, built.graph.start(), 6, Recursion::Advantage)
                .unwrap();
            (r.value(built.graph.start()).clone(), f)
        };
        assert!(!parse_game(&good).unwrap().name().is_empty());
        assert_eq!(value(&good), value(small), "{small}");
    }
}
