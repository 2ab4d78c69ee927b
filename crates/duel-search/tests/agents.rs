//! Agents: determinism, tree reuse, memory limits, MCTS on small trees, conformance of the
//! random-tree games.

use duel_core::game::{Game, Outcome, Player};
use duel_games::galton_watson::GaltonWatson;
use duel_games::pearl::Pearl;
use duel_games::{parse_game, AnyGame};
use duel_search::bayes::Bayes;
use duel_search::experiments::solve_root;
use duel_search::priors::PriorKind;
use duel_search::tree::ExplicitTree;
use duel_search::{Agent, AgentSpec, Budget, OutOfBudget, SearchError, StopReason};
use proptest::prelude::*;
use rand::SeedableRng;

const ALL: [&str; 7] = [
    "mcts",
    "mcts-prime",
    "uct",
    "sym",
    "symp",
    "gw:fit=100",
    "gw2:fit=100",
];

/// `n` searches of `g` for `iterations` iterations, each by a fresh agent `spec` built with
/// `seed`: (move, estimate, tree nodes) of each.
fn same_seed_runs<G: Game + 'static>(
    g: &G,
    spec: &str,
    seed: u64,
    iterations: u64,
    n: usize,
) -> Vec<(G::Move, f64, usize)> {
    let s = AgentSpec::parse(spec).unwrap();
    (0..n)
        .map(|_| {
            let r = s
                .build::<G>(seed)
                .search(g, Budget::Iterations(iterations))
                .unwrap();
            (r.best, r.estimate, r.tree_nodes)
        })
        .collect()
}

#[test]
fn same_seed_same_run() {
    let g = Pearl::from_spec("pearl:2:24:seed=3").unwrap();
    for spec in ALL {
        let runs = same_seed_runs(&g, spec, 11, 2000, 2);
        assert_eq!(runs[0], runs[1], "{spec}");
    }
}

/// The same on a game whose positions have different numbers of moves: GW2's fit groups its
/// statistics by degree, and once summed them in a hash map's order, which changes from run
/// to run (the root value differed in its last bits, and the search with it).
#[test]
fn same_seed_same_run_with_varying_degrees() {
    let AnyGame::Connect64(g) = parse_game("connect:6x5:4").unwrap() else {
        panic!("connect:6x5:4 fits in 64 bits");
    };
    for spec in ["gw:fit=3000", "gw2:fit=3000", "sym", "mcts"] {
        let runs: Vec<_> = same_seed_runs(&g, spec, 5, 3000, 4)
            .into_iter()
            .map(|(best, estimate, nodes)| (best, estimate.to_bits(), nodes))
            .collect();
        assert!(runs.iter().all(|r| *r == runs[0]), "{spec}: {runs:?}");
    }
}

#[test]
fn pearl_leaves_are_a_function_of_seed_and_path() {
    let a = Pearl::from_spec("pearl:3:6:0.5:seed=42").unwrap();
    let mut x = a.clone();
    x.play_moves("123123").unwrap();
    let mut y = a.with_seed(42);
    y.play_moves("1.2.3.1.2.3").unwrap();
    assert_eq!(x.outcome(), y.outcome());
    assert_eq!(x.key(), y.key());
    assert_eq!(a.spec(), "pearl:3:6:0.5:seed=42");
    // Empirical leaf frequency close to p.
    let g = Pearl::from_spec("pearl:2:12:0.3").unwrap();
    let mut wins = 0;
    let n = 4096;
    for i in 0..n {
        let mut p = g.clone();
        for b in 0..12 {
            p.play(((i >> b) & 1) as u16);
        }
        if p.outcome() == Some(Outcome::Win(Player::First)) {
            wins += 1;
        }
    }
    let f = wins as f64 / n as f64;
    assert!((f - 0.3).abs() < 0.03, "{f}");
}

#[test]
fn trees_are_kept_between_moves() {
    // Section 8.2 (i): the agents keep their tree from one search to the next.
    let g = Pearl::from_spec("pearl:2:32:seed=1").unwrap();
    for spec in ["mcts", "mcts-prime", "uct", "sym", "symp"] {
        let mut agent = AgentSpec::parse(spec).unwrap().build::<Pearl>(1);
        let r = agent.search(&g, Budget::Iterations(3000)).unwrap();
        let r2 = agent.search(&g, Budget::Iterations(10)).unwrap();
        assert!(!r.reused_tree && r2.reused_tree, "{spec}: tree not kept");
        assert!(r2.tree_nodes >= r.tree_nodes, "{spec}");
        // `forget` drops the tree: the same position is searched afresh.
        agent.forget();
        let r3 = agent.search(&g, Budget::Iterations(10)).unwrap();
        assert!(!r3.reused_tree, "{spec}: tree not forgotten");
        assert!(
            r3.tree_nodes < r.tree_nodes / 10,
            "{spec}: {}",
            r3.tree_nodes
        );
        // ... and its work is counted from the new start: at most 32 moves per iteration.
        let w = agent.work();
        assert!(
            w.random_moves + w.selections <= 2 * 32 * 10,
            "{spec}: {w:?}"
        );
    }
    // After two moves inside the explored tree, Algorithm 13 continues from the grandchild
    // (its nodes keep the priors computed from the first root, section 8.2 (ii)).
    let mut agent: Bayes<Pearl> = Bayes::new(
        PriorKind::Symmetric {
            a: 0.5,
            b: 0.0,
            name: "symp",
        },
        4,
    );
    let r = agent.search(&g, Budget::Iterations(3000)).unwrap();
    let path = agent.visited_leaf_paths()[0].clone();
    let mut next = g.clone();
    next.play(path[0]);
    next.play(path[1]);
    let r2 = agent.search(&next, Budget::Iterations(10)).unwrap();
    assert!(r2.reused_tree);
    assert!(r2.tree_nodes > r.tree_nodes);
    // An unrelated position starts a new tree.
    let r3 = agent
        .search(&g.with_seed(99), Budget::Iterations(10))
        .unwrap();
    assert!(!r3.reused_tree);
}

#[test]
fn budgets_and_finished_positions() {
    let g = Pearl::from_spec("pearl:2:8").unwrap();
    let mut agent = AgentSpec::parse("mcts").unwrap().build::<Pearl>(0);
    assert_eq!(
        agent.search(&g, Budget::Iterations(0)).unwrap_err(),
        SearchError::ZeroBudget
    );
    let mut done = g.clone();
    done.play_moves("11111111").unwrap();
    assert_eq!(
        agent.search(&done, Budget::Iterations(5)).unwrap_err(),
        SearchError::Finished
    );
    let r = agent.search(&g, Budget::Millis(3)).unwrap();
    assert!(r.iterations > 0);
    // A memory limit stops the search instead of exhausting memory.
    let mut small: Bayes<Pearl> = Bayes::new(
        PriorKind::Symmetric {
            a: 0.5,
            b: 0.0,
            name: "sym",
        },
        0,
    )
    .with_memory_limit(100_000);
    let big = Pearl::from_spec("pearl:2:32").unwrap();
    let r = small.search(&big, Budget::Iterations(1_000_000)).unwrap();
    assert_eq!(r.stopped, StopReason::Memory);
    assert!(solve_root(
        &big,
        &PriorKind::Symmetric {
            a: 0.5,
            b: 0.0,
            name: "sym"
        },
        0,
        false,
        1 << 20
    )
    .is_err());
}

#[test]
fn mcts_agents_find_the_winning_move_of_small_trees() {
    // On Pearl trees of depth 6 where exactly one first move wins, every agent finds it.
    let base = Pearl::from_spec("pearl:2:6").unwrap();
    let mut checked = 0;
    for seed in 0..40u64 {
        let g = base.with_seed(seed);
        let wins: Vec<bool> = (0..2u16)
            .map(|m| {
                let mut c = g.clone();
                c.play(m);
                value(&c)
            })
            .collect();
        if wins[0] == wins[1] {
            continue;
        }
        checked += 1;
        let winning = if wins[0] { 0 } else { 1 };
        for spec in ALL {
            let mut agent = AgentSpec::parse(spec).unwrap().build::<Pearl>(seed);
            let r = agent.search(&g, Budget::Iterations(3000)).unwrap();
            assert_eq!(r.best, winning, "{spec} seed {seed}");
        }
    }
    assert!(checked >= 5);
}

fn value<G: Game>(g: &G) -> bool {
    if let Some(o) = g.outcome() {
        return o == Outcome::Win(Player::First);
    }
    let mut moves = Vec::new();
    g.legal_moves(&mut moves);
    let mut vals = moves.iter().map(|&m| {
        let mut c = g.clone();
        c.play(m);
        value(&c)
    });
    if g.to_move() == Player::First {
        vals.any(|v| v)
    } else {
        vals.all(|v| v)
    }
}

#[test]
fn solver_agent_plays_exact_moves() {
    // On Pearl trees of depth 8: the solver's estimate is the exact value, and its move keeps it.
    let base = Pearl::from_spec("pearl:2:8").unwrap();
    for seed in 0..20u64 {
        let g = base.with_seed(seed);
        let mut agent = AgentSpec::parse("solver").unwrap().build::<Pearl>(0);
        let r = agent.search(&g, Budget::Iterations(1_000_000)).unwrap();
        let v = value(&g);
        assert_eq!(r.estimate, if v { 1.0 } else { 0.0 });
        let mut after = g.clone();
        after.play(r.best);
        assert_eq!(value(&after), v);
    }
    let big = Pearl::from_spec("pearl:2:32").unwrap();
    let mut agent = AgentSpec::parse("solver").unwrap().build::<Pearl>(0);
    // The error carries the budget it ran out of.
    assert_eq!(
        agent.search(&big, Budget::Iterations(1000)).err(),
        Some(SearchError::OutOfBudget(OutOfBudget::Positions {
            max_nodes: 1000
        }))
    );
    // A budget in milliseconds is a deadline: it turned into 200,000,000 positions (minutes
    // on pearl:2:32) and ignored the time asked for.
    match agent.search(&big, Budget::Millis(30)) {
        Err(SearchError::OutOfBudget(why @ OutOfBudget::Millis { millis: 30, nodes })) => {
            assert!(nodes > 0, "{why}");
            assert!(why.to_string().contains("30 ms"), "{why}");
        }
        other => panic!("expected an error, got {:?}", other.map(|r| r.iterations)),
    }
    let small = base.with_seed(3);
    let r = agent.search(&small, Budget::Millis(10_000)).unwrap();
    assert_eq!(r.estimate, if value(&small) { 1.0 } else { 0.0 });
    assert!(AgentSpec::parse("solver:x=1").is_err());
}

#[test]
fn galton_watson_game_is_consistent() {
    let g = GaltonWatson::from_spec("galton-watson:8:0.3/0/0.5/0.2:0.4:seed=5").unwrap();
    assert_eq!(g.spec(), "galton-watson:8:0.3/0/0.5/0.2:0.4:seed=5");
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
    let mut moves = Vec::new();
    for _ in 0..200 {
        let mut p = g.clone();
        let mut depth = 0;
        while p.outcome().is_none() {
            p.legal_moves(&mut moves);
            assert!(moves.len() == 2 || moves.len() == 3, "{}", moves.len());
            p.play(moves[rand::Rng::gen_range(&mut rng, 0..moves.len())]);
            depth += 1;
        }
        assert!(depth <= 8);
        p.legal_moves(&mut moves);
        assert!(moves.is_empty());
    }
    assert!(GaltonWatson::from_spec("galton-watson:0:1/1").is_err());
    assert!(GaltonWatson::from_spec("galton-watson:5:-1/1").is_err());
    assert!(GaltonWatson::from_spec("galton-watson:5:0/0").is_err());
    // Proposition 15 on it, for the GW prior fitted from random matches.
    for seed in 0..10 {
        let t = g.with_seed(seed);
        if t.outcome().is_some() {
            continue;
        }
        let run = solve_root(
            &t,
            &PriorKind::GaltonWatson { fit: 300 },
            seed,
            false,
            1 << 26,
        )
        .unwrap();
        assert_eq!(run.value, value(&t));
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]
    /// Delattre & Fournier, Proposition 15: with any admissible m, s (here Sym with any
    /// a ∈ (0,1) and exponent b, SymP, GW, GW2), Algorithm 13 visits a new leaf at each step
    /// until R_n(r) ∈ {0,1}, and then R_n(r) = R(r), the exact minimax value.
    #[test]
    fn proposition_15(seed in 0u64..1_000_000, a in 0.01f64..0.99, b in -3.0f64..3.0, which in 0usize..4) {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        let t = ExplicitTree::random(&mut rng, 6, 4, 0.2);
        let prior = match which {
            0 => PriorKind::Symmetric { a, b, name: "sym" },
            1 => PriorKind::Symmetric { a, b: 0.0, name: "symp" },
            2 => PriorKind::GaltonWatson { fit: 30 },
            _ => PriorKind::GaltonWatson2 { fit: 30 },
        };
        let run = solve_root(&t, &prior, seed, false, 1 << 26).unwrap();
        prop_assert_eq!(run.value, t.minimax());
        prop_assert_eq!(run.leaves, run.iterations);
        prop_assert!(run.leaves as usize <= t.leaf_count());
    }
}

#[test]
fn random_tree_games_pass_the_game_conformance_checks() {
    use duel_games::conformance::{check_conformance, ConformanceOptions};
    let opts = ConformanceOptions {
        playouts: 50,
        seed: 3,
        max_plies: 10_000,
        transpositions: false,
        replay_every_position: true,
    };
    let pearl = Pearl::from_spec("pearl:3:10:0.4:seed=9").unwrap();
    check_conformance(&pearl, &opts).unwrap();
    let wide = Pearl::from_spec("pearl:12:4").unwrap();
    check_conformance(&wide, &opts).unwrap();
    let gw = GaltonWatson::from_spec("galton-watson:9:0.2/0.3/0.5:seed=2").unwrap();
    check_conformance(&gw, &opts).unwrap();
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(8);
    let t = ExplicitTree::random(&mut rng, 6, 3, 0.2);
    check_conformance(&t, &opts).unwrap();
}

#[test]
fn symmetric_priors_follow_the_path_from_the_initial_position() {
    use duel_search::priors::symmetric_prior_along;
    // Formula (11) on Pearl's binary tree with a = (√5−1)/2: m = 1 − (1 − a)^{1/2} = 1 − a
    // after one move, and back to a after two (the fixed point of section 8.11).
    let a = (5f64.sqrt() - 1.0) / 2.0;
    let g = Pearl::from_spec("pearl:2:10").unwrap();
    let one = symmetric_prior_along(a, &g, &[0]).prob();
    let two = symmetric_prior_along(a, &g, &[0, 1]).prob();
    assert!((one - (1.0 - a)).abs() < 1e-12, "{one}");
    assert!((two - a).abs() < 1e-12, "{two}");
    // The agent uses it for the root of a search that starts mid-game (section 8.2 (ii)).
    let big = Pearl::from_spec("pearl:2:32").unwrap();
    let mut pos = big.clone();
    pos.play_moves("12").unwrap();
    let spec = AgentSpec::parse("sym:a=0.9").unwrap();
    let plain = spec
        .build::<Pearl>(1)
        .search(&pos, Budget::Iterations(1))
        .unwrap();
    let mut agent = spec.build::<Pearl>(1);
    agent.set_history(&big, &[0, 1]);
    let with_history = agent.search(&pos, Budget::Iterations(1)).unwrap();
    assert_ne!(plain.estimate, with_history.estimate);
}

#[test]
fn a_tree_at_its_memory_limit_gives_a_move_or_an_error_on_the_next_search() {
    // The tree kept from the last move was full: the root's grandchild, never expanded, became
    // the root, no iteration found room, and choosing among its (absent) children panicked.
    let AnyGame::Connect128(start) = parse_game("connect:15x6:5").unwrap() else {
        panic!("15×6 is a 128-bit board")
    };
    for (limit, seeds_ok) in [(20_000u64, false), (100_000, false), (1_000_000, true)] {
        for seed in 0..4u64 {
            let mut agent: Bayes<_> = Bayes::new(
                PriorKind::Symmetric {
                    a: 0.5,
                    b: 0.0,
                    name: "symp",
                },
                seed,
            )
            .with_memory_limit(limit);
            let (mut g, mut moves, mut k) = (start, Vec::new(), 0);
            while g.outcome().is_none() {
                match agent.search(&g, Budget::Iterations(3000)) {
                    Ok(r) => g.play(r.best),
                    Err(SearchError::Memory { .. } | SearchError::OutOfMemory { .. })
                        if !seeds_ok =>
                    {
                        break
                    }
                    Err(e) => panic!("limit {limit}, seed {seed}, move {k}: {e}"),
                }
                if g.outcome().is_some() {
                    break;
                }
                g.legal_moves(&mut moves);
                g.play(moves[(k * 7 + seed as usize) % moves.len()]);
                k += 1;
            }
        }
    }
}

/// The paper's MCTS counts a draw as a loss of the player at the root (Algorithms 30 and 31:
/// W_n counts J₁'s wins; J₀ chooses by C_n − W_n). Worked by hand on tic-tac-toe after
/// 1 2 3 5 4 6 8 (X: 1, 3, 4, 8; O: 2, 5, 6), O to move: O at 7 leaves X only 9, a draw; O at
/// 9 lets X complete 1 4 7. So every iteration through 7 ends in a draw and every one
/// through 9 in O's loss: with draws at 1/2, 7 scores exactly 1/2 a visit and is chosen;
/// counted as the paper counts them, no iteration is a win for O, and W = 0 everywhere.
#[test]
fn the_papers_mcts_counts_a_draw_as_the_root_players_loss() {
    use duel_games::tictactoe::TicTacToe;
    let mut g = TicTacToe::new();
    g.play_moves("1235468").unwrap();
    assert_eq!(g.to_move(), Player::Second);
    for kind in ["mcts", "mcts-prime"] {
        let search = |spec: &str| {
            let spec = AgentSpec::parse(spec).unwrap();
            let mut agent = spec.build::<TicTacToe>(7);
            agent.search(&g, Budget::Iterations(200)).unwrap()
        };
        let halves = search(&format!("{kind}:a=1,b=2"));
        assert_eq!(g.format_move(halves.best), "7", "{kind}");
        assert_eq!(halves.estimate, 0.5, "{kind}");
        let paper = search(&format!("{kind}:a=1,b=2,draw=0"));
        assert_eq!(paper.estimate, 0.0, "{kind}");
    }
}

#[test]
fn the_draw_parameter_is_named_and_checked() {
    assert_eq!(
        AgentSpec::parse("mcts:a=3.5,b=5,draw=0").unwrap().text(),
        "mcts:a=3.5,b=5,draw=0"
    );
    // The default, 1/2, keeps today's spec text.
    assert_eq!(
        AgentSpec::parse("mcts-prime:a=2,b=3,draw=0.5")
            .unwrap()
            .text(),
        "mcts-prime:a=2,b=3"
    );
    for bad in ["mcts:draw=2", "mcts:draw=-0.5", "uct:draw=0", "auto:draw=0"] {
        let e = AgentSpec::parse(bad).unwrap_err().to_string();
        assert!(e.contains("draw"), "{bad}: {e}");
    }
}

/// A deadline already past stops every agent's search at once, whatever its budget in
/// iterations or work units (a server's time limit): a move is still chosen.
#[test]
fn a_past_deadline_stops_every_search_whatever_its_budget() {
    let past = Some(std::time::Instant::now());
    let game = parse_game("connect:7x6:4").unwrap();
    for spec in ["mcts", "mcts-prime", "sym", "symp", "auto"] {
        for budget in [
            Budget::Iterations(1_000_000_000),
            Budget::Work(1_000_000_000_000),
        ] {
            let spec = AgentSpec::parse(spec).unwrap();
            let r = duel_games::with_game!(game.clone(), g => {
                let mut agent = spec.build(1);
                agent.set_deadline(past);
                agent.search(&g, budget).map(|r| r.iterations)
            });
            let n = r.unwrap();
            assert!(n <= 1, "{} {budget}: {n} iterations", spec.text());
        }
    }
}
