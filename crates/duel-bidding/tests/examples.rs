//! Examples and propositions of Develin & Payne, sections 3 and 4: Examples 3.3 and 3.5,
//! Tug o' War (Proposition 4.1, Corollary 4.2, the Richman values of section 4.1), Ultimatum
//! (Propositions 4.5, 4.6, Corollary 4.7), Proposition 4.8, and the random-turn connection.

use duel_bidding::discrete::{advise, thresholds};
use duel_bidding::games::parse_game;
use duel_bidding::graph::GameGraph;
use duel_bidding::periodicity::Periodicity;
use duel_bidding::richman::{random_turn_values, Richman};
use duel_core::exact::{Chips, Rational};
use duel_core::game::Player;
use num_traits::One;

fn graph(name: &str) -> GameGraph {
    parse_game(name).unwrap().build().unwrap().graph
}

/// Whether Alice wins from the start with `a` chips against `b`, the star with Alice when
/// `alice_star`, with Bob otherwise.
fn alice_wins(g: &GameGraph, a: u64, b: u64, alice_star: bool) -> bool {
    let f = thresholds(g, a + b).unwrap()[g.start() as usize];
    Chips::new(a, alice_star).unwrap() >= f
}

#[test]
fn example_3_3() {
    // Develin & Payne, Example 3.3: Bob wins if he gets any of the next n moves. (k*, 0) is
    // an Alice win iff k >= 2^(n-1) - 1; (k, 0*) iff k >= 2^n - 1.
    for n in 1..=6u64 {
        let g = graph(&format!("example3.3:{n}"));
        for k in 0..=70u64 {
            assert_eq!(
                alice_wins(&g, k, 0, true),
                k + 1 >= 1 << (n - 1),
                "n={n} k={k}*"
            );
            assert_eq!(alice_wins(&g, k, 0, false), k + 1 >= 1 << n, "n={n} k={k}");
        }
    }
}

#[test]
fn example_3_5() {
    // Develin & Payne, Example 3.5: the second move wins. With equal chips the holder of the
    // advantage wins, and her winning strategy is to bid zero and decline the tie.
    let g = graph("example3.5");
    let r = Richman::solve(&g).unwrap();
    // Whoever moves first, the position after it is the same: the Richman bid is zero.
    assert_eq!(
        r.optimal_bid(&g, g.start()).unwrap(),
        Rational::from_integer(0.into())
    );
    for a in 0..=20u64 {
        assert!(alice_wins(&g, a, a, true));
        assert!(!alice_wins(&g, a, a, false));
        let f = thresholds(&g, 2 * a).unwrap();
        let advice = advise(&g, &f, g.start(), Chips::starred(a).unwrap(), 2 * a).unwrap();
        assert!(advice.alice_wins);
        assert_eq!((advice.bid, advice.use_tie), (0, false), "a = {a}");
    }
}

#[test]
fn tug_o_war_richman_values_with_the_orientation_misprint() {
    // Develin & Payne, section 4.1 quotes R = (k + n)/2n for vertex k; with Alice winning at
    // +n it is (n - k)/2n (the paper's orientation is reversed). Periodicity: M = 2n,
    // m = m-bar = n.
    // (n = 30 converges too slowly for the truncations alone; the exact value comes from the
    // linear equations of the strategies they settle on, checked as a fixed point.)
    for n in (1..=5i64).chain([12, 30]) {
        let built = parse_game(&format!("tug:{n}")).unwrap().build().unwrap();
        let r = Richman::solve(&built.graph).unwrap();
        assert!(r.exact, "tug:{n}");
        for k in -n..=n {
            let v = built.parse_position(&k.to_string()).unwrap();
            assert_eq!(
                r.value(v),
                &Rational::new((n - k).into(), (2 * n).into()),
                "tug:{n} vertex {k}"
            );
        }
        let p = Periodicity::analyse(&built.graph, built.graph.start()).unwrap();
        assert_eq!((p.big_m, p.m, p.m_bar), (2 * n as u64, n as u64, n as u64));
    }
}

#[test]
fn tug_o_war_proposition_4_1_and_corollary_4_2() {
    for n in 1..=4u64 {
        let g = graph(&format!("tug:{n}"));
        // Proposition 4.1: if Bob has fewer than n chips, Alice wins iff she has at least
        // (n-1)* (in N ∪ N*).
        for b in 0..n {
            for a in 0..=12 {
                for alice_star in [true, false] {
                    let alice = Chips::new(a, alice_star).unwrap();
                    let expected = alice >= Chips::starred(n - 1).unwrap();
                    assert_eq!(
                        alice_wins(&g, a, b, alice_star),
                        expected,
                        "n={n} {alice} vs {b}"
                    );
                }
            }
        }
        // Corollary 4.2: Alice wins Tug(kn + a, (k'n + b)*) iff k > k'; she wins
        // Tug(kn + a*, k'n + b) iff k > k', or k = k' and a = n - 1 (a, b < n).
        for k in 0..4 {
            for kp in 0..4 {
                for a in 0..n {
                    for b in 0..n {
                        let (x, y) = (k * n + a, kp * n + b);
                        assert_eq!(alice_wins(&g, x, y, false), k > kp, "n={n} {x} {y}*");
                        assert_eq!(
                            alice_wins(&g, x, y, true),
                            k > kp || (k == kp && a == n - 1),
                            "n={n} {x}* {y}"
                        );
                    }
                }
            }
        }
    }
}

#[test]
fn ultimatum_propositions_4_5_4_6_and_corollary_4_7() {
    for n in 1..=4u32 {
        let g = graph(&format!("ultimatum:{n}"));
        let r = Richman::solve(&g).unwrap();
        // Section 4.2: Ult^n is symmetric, R = 1/2.
        assert_eq!(r.value(g.start()), &Rational::new(1.into(), 2.into()));
        let p = 1u64 << n;
        let half = 1u64 << (n - 1);
        for a in 0..=2 * p + 3 {
            for b in 0..=2 * p + 3 {
                // Corollary 4.7 (Proposition 4.5 for b < 2^n): Alice wins Ult^n(a*, b) iff
                // a > b, or a = b not congruent to 2^(n-1) - 1 mod 2^n.
                let star_alice = a > b || (a == b && a % p != half - 1);
                assert_eq!(alice_wins(&g, a, b, true), star_alice, "n={n} {a}* {b}");
                // Corollary 4.7 (Proposition 4.6): Alice wins Ult^n(a, b*) iff a > b + 1, or
                // a = b + 1 not congruent to 2^(n-1) mod 2^n.
                let star_bob = a > b + 1 || (a == b + 1 && a % p != half);
                assert_eq!(alice_wins(&g, a, b, false), star_bob, "n={n} {a} {b}*");
            }
        }
    }
}

#[test]
fn proposition_4_8_aperiodic_draws() {
    // Develin & Payne, Proposition 4.8: G = Ult^1 ∧ Ult^3 ∧ Ult^5 ∧ ...; R(G) = 1/2, and Alice
    // fails to win G(k*, k) exactly when k ≡ 2^(n-1) - 1 mod 2^n for some odd n. With
    // Ult^1, Ult^3, Ult^5, Ult^7 (prop4.8:4) this is exact for k < 2^8 - 1; checked k <= 130.
    let g = graph("prop4.8:4");
    let r = Richman::solve(&g).unwrap();
    assert_eq!(r.value(g.start()), &Rational::new(1.into(), 2.into()));
    for k in 0..=130u64 {
        let draw = [1u32, 3, 5, 7]
            .iter()
            .any(|&n| k % (1 << n) == (1 << (n - 1)) - 1);
        assert_eq!(alice_wins(&g, k, k, true), !draw, "k = {k}");
    }
}

#[test]
fn random_turn_connection_on_every_finite_game() {
    // Develin & Payne, introduction, property 2: R(G) = 1 - P(G), P the value of random-turn
    // play; property 1: R(G) = 1 - R(Ḡ) for finite games (ties count against the mover's
    // opponent in both, so checked on games without ties).
    for name in [
        "tictactoe",
        "E",
        "A:3",
        "B:4",
        "example3.5",
        "(A^B:2)^B:3",
        "connect:3x3:3",
        "connect:4x3:3",
        "hex:2",
        "hex:3",
    ] {
        let g = graph(name);
        let r = Richman::solve(&g).unwrap();
        let p = random_turn_values(&g).unwrap();
        for (v, (rv, pv)) in r.values.iter().zip(&p).enumerate() {
            assert_eq!(rv.clone() + pv.clone(), Rational::one(), "{name} {v}");
        }
    }
    for name in [
        "E",
        "A:3",
        "B:4",
        "example3.5",
        "hex:3",
        "tug:3",
        "ultimatum:2",
    ] {
        let g = graph(name);
        let r = Richman::solve(&g).unwrap();
        let rbar = Richman::solve(&g.swapped()).unwrap();
        assert_eq!(
            r.value(g.start()).clone() + rbar.value(g.start()).clone(),
            Rational::one(),
            "{name}"
        );
    }
}

#[test]
fn hex_on_small_boards_is_even() {
    // Beyond the paper: a transposition swaps the players' goals, so R(Hex) = 1/2.
    for n in 1..=3 {
        let g = graph(&format!("hex:{n}"));
        let r = Richman::solve(&g).unwrap();
        assert_eq!(
            r.value(g.start()),
            &Rational::new(1.into(), 2.into()),
            "hex:{n}"
        );
    }
}

#[test]
fn optimal_bids_agree_with_theorem_3_7() {
    // The advice (smallest bid that wins against every answer, read off the next positions'
    // thresholds) exists exactly on the side Theorem 3.7 says wins, at every position of
    // tictactoe with k = 0..6 and every chip split.
    let g = graph("tictactoe");
    for k in 0..=6u64 {
        let f = thresholds(&g, k).unwrap();
        for v in (0..g.len() as u32).filter(|&v| g.outcome(v).is_none()) {
            for rank in 0..=2 * k + 1 {
                let alice = Chips::from_rank(rank);
                let advice = advise(&g, &f, v, alice, k).unwrap();
                assert_eq!(advice.alice_wins, alice >= f[v as usize]);
                assert_eq!(
                    advice.winner,
                    if advice.alice_wins {
                        Player::ALICE
                    } else {
                        Player::BOB
                    }
                );
            }
        }
    }
}

#[test]
fn ladies_first_truncated_product() {
    // Appendix, Ladies First: G is won by Alice if she makes the first move, or both of the
    // next two, or all of the next three, ...; truncated after n(n+1)/2 moves its Richman
    // value is the product of (1 - 1/2^j) for j = 1..n.
    use duel_bidding::graph::GraphBuilder;
    use duel_core::game::Outcome;
    for n in 1..=6u32 {
        let mut b = GraphBuilder::new();
        let win = b.vertex("A", Some(Outcome::Win(Player::ALICE)));
        let tie = b.vertex("tie", Some(Outcome::Draw));
        // Vertex (j, i, clean): block j (1-based), i moves of it made, all by Alice if clean.
        let mut next_block_start = tie;
        for j in (1..=n).rev() {
            let mut ids = std::collections::HashMap::new();
            for i in (0..j).rev() {
                for clean in [true, false] {
                    if i == 0 && !clean {
                        continue;
                    }
                    let v = b.vertex(format!("{j}.{i}.{clean}"), None);
                    ids.insert((i, clean), v);
                }
            }
            for i in 0..j {
                for clean in [true, false] {
                    let Some(&v) = ids.get(&(i, clean)) else {
                        continue;
                    };
                    let after = |c: bool| {
                        if i + 1 == j {
                            if c {
                                win
                            } else {
                                next_block_start
                            }
                        } else {
                            ids[&(i + 1, c)]
                        }
                    };
                    b.edge(Player::ALICE, v, after(clean));
                    b.edge(Player::BOB, v, after(false));
                }
            }
            next_block_start = ids[&(0, true)];
        }
        let g = b.finish(next_block_start).unwrap();
        let r = Richman::solve(&g).unwrap();
        let mut expected = Rational::one();
        for j in 1..=n {
            expected *= Rational::one() - Rational::new(1.into(), (1u64 << j).into());
        }
        assert_eq!(r.value(g.start()), &expected, "n = {n}");
    }
}

#[test]
fn poorman_recursion_against_discrete_search() {
    // Beyond the paper: the poorman threshold hi/(1 + hi - lo) against discrete poorman play
    // (winner pays the bank): the least winning share a/(a+b) against b = 120 chips is within
    // 1.5/120 of the threshold (the error shrinks like 1/b).
    use duel_bidding::realvalued::{taxman_values, PoormanSearch};
    for name in ["E", "A:2", "B:2", "A:3", "(A^B:2)^B", "example3.5"] {
        let g = graph(name);
        let t = taxman_values(&g, &Rational::one()).unwrap();
        let threshold = duel_bidding::approx(&t[g.start() as usize]);
        let mut search = PoormanSearch::new(&g);
        let b = 120u64;
        let a = search.least_winning(g.start(), b, 5000).unwrap();
        let share = a as f64 / (a + b) as f64;
        assert!(
            (share - threshold).abs() <= 1.5 / b as f64,
            "{name}: {share} vs {threshold}"
        );
    }
    // Taxman with tax 0 is Richman.
    let g = graph("tictactoe");
    let t = taxman_values(&g, &Rational::from_integer(0.into())).unwrap();
    assert_eq!(t[g.start() as usize], Rational::new(133.into(), 256.into()));
}

#[test]
fn cycles_without_an_end_report_a_bracket() {
    // R(G) = lim R(G[n]); when play can cycle forever from the start without any end, the
    // truncations never close the bracket [1 - R(Ḡ[n]), R(G[n])] = [0, 1] and the value is
    // reported as not exact.
    use duel_bidding::graph::GraphBuilder;
    use duel_core::game::Outcome;
    let mut b = GraphBuilder::new();
    let x = b.vertex("x", None);
    let y = b.vertex("y", None);
    b.both(x, y);
    b.both(y, x);
    let g = b.finish(x).unwrap();
    let r = Richman::solve(&g).unwrap();
    assert!(!r.exact);
    assert_eq!(r.value(x), &Rational::one());
    assert_eq!(r.lower[x as usize], Rational::from_integer(0.into()));
    // With an exit to a win for Alice (her move from x), and Bob only able to go around the
    // cycle, the bracket closes on the exact value 0 (a verified fixed point).
    let mut b = GraphBuilder::new();
    let win = b.vertex("A", Some(Outcome::Win(Player::ALICE)));
    let x = b.vertex("x", None);
    let y = b.vertex("y", None);
    b.edge(Player::ALICE, x, win);
    b.edge(Player::BOB, x, y);
    b.edge(Player::ALICE, y, x);
    b.edge(Player::BOB, y, x);
    let g = b.finish(x).unwrap();
    let r = Richman::solve(&g).unwrap();
    assert!(r.exact);
    // R(x) = (0 + R(y))/2 and R(y) = R(x), so R(x) = 0: Alice wins with any positive share.
    assert_eq!(r.value(x), &Rational::from_integer(0.into()));
}

#[test]
fn taxman_recursion_against_discrete_search() {
    // Beyond the paper: taxman with tax 1/2 (bids in steps of 2 units, one to the bank, one to
    // the other player) against the recursion, on small games: within 1.5/b of the threshold
    // for b = 120 units.
    use duel_bidding::realvalued::{taxman_values, TaxmanSearch};
    for name in ["E", "A:2", "B:2", "A:3", "(A^B:2)^B", "example3.5"] {
        let g = graph(name);
        let t = taxman_values(&g, &Rational::new(1.into(), 2.into())).unwrap();
        let threshold = duel_bidding::approx(&t[g.start() as usize]);
        let mut search = TaxmanSearch::with_tax(&g, 1, 2);
        let b = 120u64;
        let a = search.least_winning(g.start(), b, 5000).unwrap();
        let share = a as f64 / (a + b) as f64;
        assert!(
            (share - threshold).abs() <= 1.5 / b as f64,
            "{name}: {share} vs {threshold}"
        );
    }
}

#[test]
fn the_bids_of_the_proof_of_theorem_3_7_win() {
    // Proof of Theorem 3.7: the winning side bids d/2, ⌊d/2⌋, ⌊d/2⌋* or (d/2 - 1)* by the four
    // cases (d = |hi| - |lo|, x* = bid x and use the advantage). Checked at every position and
    // chip split of these games against every answer.
    for (name, max_k) in [
        ("tictactoe", 8u64),
        ("E", 12),
        ("A:2", 12),
        ("B:3", 12),
        ("(A^B:2)^B:3", 12),
        ("example3.5", 12),
        ("tug:3", 12),
        ("ultimatum:2", 12),
    ] {
        let g = graph(name);
        for k in 0..=max_k {
            let f = thresholds(&g, k).unwrap();
            for v in (0..g.len() as u32).filter(|&v| g.outcome(v).is_none()) {
                for rank in 0..=2 * k + 1 {
                    let adv = advise(&g, &f, v, Chips::from_rank(rank), k).unwrap();
                    assert!(adv.proof_bid_works, "{name} k={k} v={v} {adv:?}");
                }
            }
        }
    }
}
