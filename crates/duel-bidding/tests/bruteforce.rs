//! Theorem 3.7 against a direct game search with explicit bids and both tie-break choices, on
//! every small game; Lemmas 3.1 and 3.2 as properties of the searched win sets.

use duel_bidding::brute::{BruteForce, TieRule};
use duel_bidding::discrete::{threshold_ranks, thresholds, Recursion};
use duel_bidding::games::parse_game;
use duel_core::exact::Chips;
use duel_core::game::Player;

/// Small games and the largest total searched for each.
const GAMES: &[(&str, u64)] = &[
    ("A", 12),
    ("B", 12),
    ("E", 16),
    ("A:2", 16),
    ("A:3", 16),
    ("B:2", 16),
    ("B:3", 16),
    ("example3.3:4", 20),
    ("example3.5", 16),
    ("tug:1", 10),
    ("tug:2", 10),
    ("tug:3", 10),
    ("ultimatum:1", 10),
    ("ultimatum:2", 10),
    ("ultimatum:3", 10),
    ("A^B:2", 16),
    ("(A^B:2)^B", 16),
    ("(A^B:2)^B:2", 16),
    ("(A^B:2)^B:3", 16),
    ("((A^B:2)^B:2)^B", 16),
    ("prop4.8:2", 8),
    ("tictactoe", 8),
    ("tictactoe:corner", 6),
    ("connect:3x3:3", 6),
    ("connect:4x3:3", 4),
    ("hex:2", 8),
    ("hex:3", 4),
];

#[test]
fn theorem_3_7_agrees_with_search_at_every_vertex() {
    for &(name, max_k) in GAMES {
        let g = parse_game(name).unwrap().build().unwrap().graph;
        for k in 0..=max_k {
            let f = thresholds(&g, k).unwrap();
            let search = BruteForce::solve(&g, k, TieRule::Advantage).unwrap();
            for v in 0..g.len() as u32 {
                let (rank, upward_closed) = search.threshold_rank(v);
                // Lemmas 3.1 and 3.2: the winning chip counts are all those above a threshold
                // in the order 0 < 0* < 1 < 1* < ...
                assert!(
                    upward_closed,
                    "{name}, k = {k}, vertex {v}: not a threshold"
                );
                assert_eq!(
                    f[v as usize],
                    Chips::from_rank(rank),
                    "{name}, k = {k}, vertex {v}"
                );
            }
        }
    }
}

#[test]
fn thresholds_grow_by_at_most_one_chip_per_chip() {
    // f(G, k) <= f(G, k + 1) <= f(G, k) + 1 (one more chip in play, given to Bob or to Alice).
    for &(name, max_k) in GAMES {
        let g = parse_game(name).unwrap().build().unwrap().graph;
        let mut prev = threshold_ranks(&g, 0, Recursion::Advantage);
        for k in 1..=max_k + 8 {
            let f = threshold_ranks(&g, k, Recursion::Advantage);
            for v in 0..g.len() {
                assert!(
                    prev[v] <= f[v] && f[v] <= prev[v] + 2,
                    "{name} k = {k} v = {v}"
                );
            }
            prev = f;
        }
    }
}

#[test]
fn make_it_take_it_recursion_agrees_with_search() {
    // Appendix: the Make-it Take-it analogue of Theorem 3.7. Ranks: a - e (Alice loses ties)
    // is 2a, a (Alice wins ties) is 2a + 1.
    for &(name, max_k) in GAMES {
        let g = parse_game(name).unwrap().build().unwrap().graph;
        for k in 0..=max_k.min(10) {
            let f = threshold_ranks(&g, k, Recursion::MakeItTakeIt);
            let search = BruteForce::solve(&g, k, TieRule::MakeItTakeIt).unwrap();
            for v in 0..g.len() as u32 {
                let (rank, upward_closed) = search.threshold_rank(v);
                assert!(
                    upward_closed,
                    "{name}, k = {k}, vertex {v}: not a threshold"
                );
                assert_eq!(f[v as usize], rank, "{name}, k = {k}, vertex {v}");
            }
        }
    }
}

#[test]
fn make_it_take_it_as_printed_fails_on_a_squared() {
    // Appendix, Make-it Take-it recursion as printed: in A^2 with 2 chips in all it gives
    // f = 0 (Alice with no chip but winning ties). The search says Alice needs 1 - e: with 0
    // chips, Bob wins the first bid for 1, then holds the ties and wins the second bid 1-1.
    let g = parse_game("A:2").unwrap().build().unwrap().graph;
    let printed = threshold_ranks(&g, 2, Recursion::MakeItTakeItAsPrinted)[g.start() as usize];
    let exact = threshold_ranks(&g, 2, Recursion::MakeItTakeIt)[g.start() as usize];
    let search = BruteForce::solve(&g, 2, TieRule::MakeItTakeIt).unwrap();
    assert_eq!(duel_bidding::discrete::mitt_label(printed), "0");
    assert_eq!(duel_bidding::discrete::mitt_label(exact), "1-e");
    assert!(!search.wins(g.start(), 0, Player::ALICE));
    assert!(search.wins(g.start(), 1, Player::BOB));
}

#[test]
fn losers_ball_second_move_wins() {
    // Appendix, Loser's Ball: in the game where the second player to move wins, with equal
    // chips the player who starts without the ε-chip (who does not win ties) wins.
    let g = parse_game("example3.5").unwrap().build().unwrap().graph;
    for a in 0..=10u64 {
        let search = BruteForce::solve(&g, 2 * a, TieRule::LosersBall).unwrap();
        assert!(search.wins(g.start(), a, Player::BOB), "a = {a}");
        assert!(!search.wins(g.start(), a, Player::ALICE), "a = {a}");
    }
}

#[test]
fn periodicity_predicts_totals_beyond_its_table() {
    // Theorems 3.13 and 3.14: the periodic description answers f(G, k) for k past the
    // computed table; checked against Theorem 3.7 computed directly for two more periods.
    use duel_bidding::periodicity::Periodicity;
    for name in [
        "E",
        "A:2",
        "B:3",
        "(A^B:2)^B:3",
        "example3.5",
        "tug:2",
        "tug:3",
        "ultimatum:2",
        "hex:2",
        "connect:3x3:3",
    ] {
        let g = parse_game(name).unwrap().build().unwrap().graph;
        let p = Periodicity::analyse(&g, g.start()).unwrap();
        assert_eq!(p.m + p.m_bar, p.big_m, "{name}");
        let from = p.table.len() as u64;
        for k in from..from + 2 * p.period {
            let direct = thresholds(&g, k).unwrap()[g.start() as usize];
            assert_eq!(p.threshold(k).unwrap(), direct, "{name} k = {k}");
        }
    }
}

#[test]
fn dense_connect_solver_agrees_with_the_graph() {
    // The dense column-state solver (used for boards too large for a graph) against Theorem
    // 3.7 and the Richman calculus on the explicit graph.
    use duel_bidding::boards::{connect_richman_dense, connect_threshold_dense, LineGame};
    use duel_bidding::richman::Richman;
    for (w, h, k) in [(3usize, 3usize, 3usize), (4, 3, 3), (4, 4, 4)] {
        let name = format!("connect:{w}x{h}:{k}");
        let game = LineGame::new(w, h, k, true).unwrap();
        let g = parse_game(&name).unwrap().build().unwrap().graph;
        let dense = connect_richman_dense(&game).unwrap();
        let r = Richman::solve(&g).unwrap();
        assert_eq!(r.value(g.start()), &dense.value(), "{name}");
        for total in 0..=6 {
            assert_eq!(
                connect_threshold_dense(&game, total).unwrap(),
                thresholds(&g, total).unwrap()[g.start() as usize],
                "{name} k = {total}"
            );
        }
    }
}

mod random_graphs {
    //! Theorem 3.7 and the Make-it Take-it step against the search on random game graphs
    //! (with cycles, zugzwang and ties), and Lemmas 3.1 / 3.2 as properties.

    use duel_bidding::brute::{BruteForce, TieRule};
    use duel_bidding::discrete::{threshold_ranks, Recursion};
    use duel_bidding::graph::{GameGraph, GraphBuilder};
    use duel_core::game::{Outcome, Player};
    use proptest::prelude::*;

    /// `n` inner vertices, three ends (Alice, Bob, tie); each inner vertex gets 1-3 moves per
    /// player to any vertex (so cycles happen).
    fn graph_strategy() -> impl Strategy<Value = GameGraph> {
        (2usize..6).prop_flat_map(|n| {
            let targets = n + 3;
            proptest::collection::vec(
                (
                    proptest::collection::vec(0..targets, 1..4),
                    proptest::collection::vec(0..targets, 1..4),
                ),
                n,
            )
            .prop_map(move |moves| {
                let mut b = GraphBuilder::new();
                let ends = [
                    b.vertex("A", Some(Outcome::Win(Player::ALICE))),
                    b.vertex("B", Some(Outcome::Win(Player::BOB))),
                    b.vertex("T", Some(Outcome::Draw)),
                ];
                let inner: Vec<u32> = (0..n).map(|i| b.vertex(i.to_string(), None)).collect();
                let id = |t: usize| if t < 3 { ends[t] } else { inner[t - 3] };
                for (i, (am, bm)) in moves.iter().enumerate() {
                    for &t in am {
                        b.edge(Player::ALICE, inner[i], id(t));
                    }
                    for &t in bm {
                        b.edge(Player::BOB, inner[i], id(t));
                    }
                }
                b.finish(inner[0]).unwrap()
            })
        })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]

        #[test]
        fn theorem_3_7_on_random_graphs(g in graph_strategy(), k in 0u64..7) {
            let f = threshold_ranks(&g, k, Recursion::Advantage);
            let search = BruteForce::solve(&g, k, TieRule::Advantage).unwrap();
            for v in 0..g.len() as u32 {
                let (rank, upward_closed) = search.threshold_rank(v);
                // Lemmas 3.1 and 3.2.
                prop_assert!(upward_closed);
                prop_assert_eq!(f[v as usize], rank);
            }
            // The bids of the proof of Theorem 3.7 win for the winning side, zugzwang included.
            let chips: Vec<duel_core::exact::Chips> = threshold_ranks(&g, k, Recursion::Advantage)
                .into_iter()
                .map(duel_core::exact::Chips::from_rank)
                .collect();
            for v in (0..g.len() as u32).filter(|&v| g.outcome(v).is_none()) {
                for rank in 0..=2 * k + 1 {
                    let adv = duel_bidding::discrete::advise(
                        &g,
                        &chips,
                        v,
                        duel_core::exact::Chips::from_rank(rank),
                        k,
                    )
                    .unwrap();
                    prop_assert!(adv.proof_bid_works, "{:?}", adv);
                }
            }
            // The bids of the proof of Theorem 3.7 win for the winning side, zugzwang included.
            let chips: Vec<duel_core::exact::Chips> = threshold_ranks(&g, k, Recursion::Advantage)
                .into_iter()
                .map(duel_core::exact::Chips::from_rank)
                .collect();
            for v in (0..g.len() as u32).filter(|&v| g.outcome(v).is_none()) {
                for rank in 0..=2 * k + 1 {
                    let adv = duel_bidding::discrete::advise(
                        &g,
                        &chips,
                        v,
                        duel_core::exact::Chips::from_rank(rank),
                        k,
                    )
                    .unwrap();
                    prop_assert!(adv.proof_bid_works, "{:?}", adv);
                }
            }
            let f = threshold_ranks(&g, k, Recursion::MakeItTakeIt);
            let search = BruteForce::solve(&g, k, TieRule::MakeItTakeIt).unwrap();
            for v in 0..g.len() as u32 {
                let (rank, upward_closed) = search.threshold_rank(v);
                prop_assert!(upward_closed);
                prop_assert_eq!(f[v as usize], rank);
            }
        }
    }
}

#[test]
fn theorem_3_7_as_printed_fails_in_a_zugzwang() {
    // Develin & Payne, Theorem 3.7 takes ε from f_A. In a zugzwang position (f_B < f_A) the
    // winner of the bid makes the other player move, and the rule must use min(f_A, f_B).
    // Counterexample: Alice's only move leads to E, Bob's only move hands Alice the win; with
    // k = 0, f_A = f(E, 0) = 0* and f_B = 0. As printed: f = 0*. But Alice wins with 0 (Bob
    // holding the advantage): if Bob takes the tie he hands her the advantage and either moves
    // (losing) or makes her move into E with 0*, which she wins; if he declines, she wins the
    // bid and makes him move.
    use duel_bidding::discrete::theorem_3_7_as_printed;
    use duel_bidding::graph::GraphBuilder;
    use duel_core::game::{Outcome, Player};
    let mut b = GraphBuilder::new();
    let wa = b.vertex("A", Some(Outcome::Win(Player::ALICE)));
    let wb = b.vertex("B", Some(Outcome::Win(Player::BOB)));
    let e = b.vertex("E", None);
    b.edge(Player::ALICE, e, wa);
    b.edge(Player::BOB, e, wb);
    let start = b.vertex("start", None);
    b.edge(Player::ALICE, start, e);
    b.edge(Player::BOB, start, wa);
    let g = b.finish(start).unwrap();
    assert_eq!(
        Chips::from_rank(theorem_3_7_as_printed(1, 0)).to_string(),
        "0*"
    );
    let printed = threshold_ranks(&g, 0, Recursion::AdvantageAsPrinted)[start as usize];
    let corrected = threshold_ranks(&g, 0, Recursion::Advantage)[start as usize];
    let search = BruteForce::solve(&g, 0, TieRule::Advantage).unwrap();
    assert_eq!(Chips::from_rank(printed).to_string(), "0*");
    assert_eq!(Chips::from_rank(corrected).to_string(), "0");
    assert_eq!(search.threshold_rank(start), (0, true));
}

#[test]
fn dense_hex_solver_agrees_with_the_graph() {
    use duel_bidding::boards::{hex_dense, Hex};
    use duel_bidding::richman::Richman;
    use duel_core::exact::Rational;
    for n in 1..=3usize {
        let hex = Hex::new(n).unwrap();
        let g = parse_game(&format!("hex:{n}"))
            .unwrap()
            .build()
            .unwrap()
            .graph;
        let (scaled, _) = hex_dense(&hex, None).unwrap();
        let r = Richman::solve(&g).unwrap();
        let one = 1u64 << (n * n);
        assert_eq!(
            r.value(g.start()),
            &Rational::new(scaled.into(), one.into()),
            "hex:{n}"
        );
        for total in 0..=5 {
            let (rank, _) = hex_dense(&hex, Some(total)).unwrap();
            assert_eq!(
                Chips::from_rank(rank),
                thresholds(&g, total).unwrap()[g.start() as usize],
                "hex:{n} k = {total}"
            );
        }
    }
}
