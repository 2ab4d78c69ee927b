//! Tests of Algorithm 13: the hybrid arithmetic against exact logarithms (section 8.1), the
//! descent's choices against Theorem 11's keys, and the optimised search against the algorithm
//! as written ([`Bayes::reference`]), bit for bit.

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use duel_core::game::Game;
use duel_games::pearl::Pearl;

use crate::agent::{Agent, Budget};
use crate::logit::{Log1mexpMemo, LogProb};
use crate::priors::Prior;

use super::brothers::Brothers;
use super::keys::{log_keys, plain_keys, PICK_UNKNOWN, UPDATE_STACK};
use super::litters::{symmetric_plain, Litters};
use super::node::{Node, BOUNDARY, INTERIOR, LEAF};
use super::select::litter_top;
use super::update::{full_value, zero_child_value};
use super::val::{below_plain, prior_of, Val, PLAIN_MIN};
use super::{j1_moves_at, Bayes, PriorKind};

fn symp(a: f64) -> PriorKind {
    PriorKind::Symmetric {
        a,
        b: 0.0,
        name: "symp",
    }
}

/// |x − y| ≤ tol (1 + |y|) on logarithms: a relative error of the values themselves.
fn close(x: f64, y: f64, tol: f64) -> bool {
    x == y || (x - y).abs() <= tol * (1.0 + y.abs())
}

/// (ln r, ln(1 − r), ln √Z) of every node, recomputed bottom-up with the exact-log
/// arithmetic of section 8.1 only ([`LogProb::product`]), from the priors of the boundary
/// nodes and the leaves.
fn exact_log_values<G: Game>(agent: &Bayes<G>) -> Vec<(f64, f64, f64)> {
    let n = agent.tree.nodes.len();
    let mut logs = vec![(0.0, 0.0, 0.0); n];
    let mut depth = vec![0usize; n];
    for x in 0..n {
        let node = agent.tree.nodes[x];
        for c in node.children() {
            depth[c] = depth[x] + 1;
        }
    }
    for x in (0..n).rev() {
        let node = agent.tree.nodes[x];
        logs[x] = match node.state() {
            BOUNDARY => {
                let (m, ln_s) = prior_of(agent.tree.nodes[x].val);
                (m.ln_p, m.ln_q, 0.5 * ln_s)
            }
            LEAF => {
                let (r, ln_w) = agent.tree.nodes[x].val.to_log();
                (r.ln_p, r.ln_q, ln_w)
            }
            _ => {
                let j1 = j1_moves_at(depth[x]);
                let kids: Vec<usize> = node.children().collect();
                let f: Vec<LogProb> = kids
                    .iter()
                    .map(|&c| {
                        let r = LogProb {
                            ln_p: logs[c].0,
                            ln_q: logs[c].1,
                        };
                        if j1 {
                            r.complement()
                        } else {
                            r
                        }
                    })
                    .collect();
                let prod = LogProb::product(&f);
                let ln_w = (0..kids.len())
                    .map(|k| {
                        let ln_u: f64 =
                            (0..kids.len()).filter(|&j| j != k).map(|j| f[j].ln_p).sum();
                        ln_u + logs[kids[k]].2
                    })
                    .fold(f64::NEG_INFINITY, f64::max);
                let r = if j1 { prod.complement() } else { prod };
                (r.ln_p, r.ln_q, ln_w)
            }
        };
    }
    logs
}

/// SymP (a = 0.6) with every match materialised, after `steps` iterations on
/// `pearl:d:k` with this seed (for the realization and the agent).
fn materialised_symp(d: u32, k: u32, seed: u64, steps: usize) -> Bayes<Pearl> {
    let game = Pearl::new(d, k, None, seed).unwrap();
    let mut agent = Bayes::new(symp(0.6), seed);
    agent.settings.lazy = false;
    agent.start(&game).unwrap();
    for _ in 0..steps {
        agent.step();
    }
    agent
}

#[test]
fn hybrid_agrees_with_exact_logs_on_random_trees() {
    let mut plain = 0usize;
    let mut compared = 0usize;
    for (d, k, seed) in [(2, 12, 1u64), (2, 20, 2), (3, 8, 3), (5, 5, 4), (7, 4, 5)] {
        let agent = materialised_symp(d, k, seed, 300);
        let exact = exact_log_values(&agent);
        for (x, node) in agent.tree.nodes.iter().enumerate() {
            if node.state() != INTERIOR {
                continue;
            }
            plain += agent.tree.nodes[x].val.is_plain() as usize;
            compared += 1;
            let (r, ln_w) = agent.tree.nodes[x].val.to_log();
            let e = exact[x];
            assert!(close(r.ln_p, e.0, 1e-12), "{d} {k} {x}: {} {}", r.ln_p, e.0);
            assert!(close(r.ln_q, e.1, 1e-12), "{d} {k} {x}: {} {}", r.ln_q, e.1);
            assert!(close(ln_w, e.2, 1e-12), "{d} {k} {x}: {ln_w} {}", e.2);
        }
    }
    // The plain arithmetic was exercised.
    assert!(plain > 100 && compared > 100, "{plain} {compared}");
}

/// The child chosen by [`Bayes::select`] (by √Z / f where it can) maximises the keys
/// U √Z of [`plain_keys`] / [`log_keys`] at every interior node, up to rounding.
#[test]
fn selection_maximises_the_keys() {
    let mut checked = 0usize;
    for (d, k, seed) in [(2, 16, 1u64), (3, 8, 2), (7, 5, 3)] {
        let mut agent = materialised_symp(d, k, seed, 400);
        let mut depth = vec![0usize; agent.tree.nodes.len()];
        for x in 0..agent.tree.nodes.len() {
            for c in agent.tree.nodes[x].children() {
                depth[c] = depth[x] + 1;
            }
        }
        for x in 0..agent.tree.nodes.len() {
            if agent.tree.nodes[x].state() != INTERIOR {
                continue;
            }
            let j1 = j1_moves_at(depth[x]);
            let kids = &agent.tree.nodes[agent.tree.nodes[x].children()];
            let mut buf = [0.0; UPDATE_STACK];
            let (keys, log) = if plain_keys(kids, j1, &mut buf).is_some() {
                (buf[..kids.len()].to_vec(), false)
            } else {
                let mut out = Vec::new();
                log_keys(kids, j1, &mut Vec::new(), Some(&mut out));
                (out, true)
            };
            let best = keys.iter().copied().fold(f64::NEG_INFINITY, f64::max);
            let first = agent.tree.nodes[x].first_child as usize;
            let chosen = keys[agent.select(x as u32, j1) as usize - first];
            let ok = if log {
                chosen >= best - 1e-12 * (1.0 + best.abs())
            } else {
                chosen >= best * (1.0 - 1e-12)
            };
            assert!(ok, "node {x}: chosen key {chosen}, best {best}");
            checked += 1;
        }
    }
    assert!(checked > 300, "{checked}");
}

fn bits(v: Val) -> [u64; 3] {
    [v.a.to_bits(), v.b.to_bits(), v.w.to_bits()]
}

/// Keeping matches as chains changes nothing: the same root values, bit for bit, after
/// every step, the same leaves, and the same moves chosen, as materialising every match.
/// Runs Algorithm 13 as written ([`Bayes::reference`]: every match materialised, every descent
/// from the root) and with its shortcuts (chains, resumed descents, brothers taken from the
/// last update, choices read off it) side by side and checks they agree bit for bit. Returns
/// whether the second search reused its tree, the number of descents the shortcut resumed
/// below the root, the levels of its updates that took their brothers from the last, and the
/// choices its descents read off the last update.
fn lazy_matches_eager<G: Game>(
    game: &G,
    kind: PriorKind,
    steps: usize,
    seed: u64,
) -> (bool, u32, u64, u64) {
    let mut eager = Bayes::reference(kind.clone(), seed);
    let mut lazy = Bayes::new(kind, seed);
    assert!(eager.is_reference() && !lazy.is_reference());
    eager.start(game).unwrap();
    lazy.start(game).unwrap();
    let mut resumed = 0;
    for n in 0..steps {
        resumed += (lazy.branch.resume && lazy.branch.keeps.first() == Some(&true)) as u32;
        let (a, b) = (eager.step(), lazy.step());
        assert_eq!(a, b, "step {n}");
        assert_eq!(
            bits(eager.tree.nodes[eager.tree.root as usize].val),
            bits(lazy.tree.nodes[lazy.tree.root as usize].val),
            "root value after step {n}"
        );
        if eager.is_solved() {
            break;
        }
    }
    assert_eq!(eager.leaves_visited(), lazy.leaves_visited());
    assert_eq!((eager.work.brothers_reused, eager.work.picked), (0, 0));
    let (brothers, picked) = (lazy.work.brothers_reused, lazy.work.picked);
    assert_eq!(eager.visited_leaf_paths(), lazy.visited_leaf_paths());
    assert!(lazy.tree_nodes() <= eager.tree_nodes());
    let budget = Budget::Iterations(50);
    let (re, rl) = (eager.search(game, budget), lazy.search(game, budget));
    let (re, rl) = (re.unwrap(), rl.unwrap());
    assert_eq!((re.best, re.estimate), (rl.best, rl.estimate));
    // Two plies later the trees are kept (section 8.2 (i)) and still agree.
    let mut pos = game.clone();
    pos.play(re.best);
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    if let Some(&reply) = moves.last() {
        pos.play(reply);
        if pos.outcome().is_none() {
            let (re, rl) = (eager.search(&pos, budget), lazy.search(&pos, budget));
            let (re, rl) = (re.unwrap(), rl.unwrap());
            assert_eq!(re.reused_tree, rl.reused_tree);
            assert_eq!((re.best, re.estimate), (rl.best, rl.estimate));
            return (rl.reused_tree, resumed, brothers, picked);
        }
    }
    (false, resumed, brothers, picked)
}

/// Chains, resumed descents, brothers reused and choices read off the updates give the
/// search of Algorithm 13 as written, bit for bit.
#[test]
fn shortcuts_change_nothing() {
    let sym = PriorKind::Symmetric {
        a: 0.5,
        b: 0.0,
        name: "sym",
    };
    let (mut reused, mut resumed, mut brothers, mut picked) = (0, 0, 0, 0);
    // Depth 40: regular chains longer than the REGULAR_STORED_VALS values they share,
    // whose heads' priors are then kept apart ([`Bayes::unzip`]).
    for (d, k, seed) in [(2, 40, 9u64), (2, 14, 1), (3, 8, 2), (5, 5, 3)] {
        let game = Pearl::new(d, k, None, seed).unwrap();
        for kind in [symp(0.6), sym.clone()] {
            let (r, n, b, p) = lazy_matches_eager(&game, kind, 1500, seed);
            reused += r as u32;
            resumed += n;
            brothers += b;
            picked += p;
        }
    }
    assert!(reused > 0, "no search reused its tree");
    assert!(resumed > 1000, "only {resumed} descents were resumed");
    assert!(
        brothers > 10_000,
        "only {brothers} levels of the updates reused their brothers"
    );
    assert!(
        picked > 5_000,
        "only {picked} choices of the descents were read off the updates"
    );
    let duel_games::AnyGame::Connect64(board) = duel_games::parse_game("connect:4x4:3").unwrap()
    else {
        panic!("connect:4x4:3 fits in 64 bits");
    };
    lazy_matches_eager(&board, sym, 1500, 4);
    lazy_matches_eager(&board, symp(0.5), 1500, 5);
    lazy_matches_eager(&board, PriorKind::GaltonWatson { fit: 200 }, 800, 6);
    // GW's values on Connect Four are near 0 and 1, so its updates near the root take the
    // logarithmic path, whose resumed descents are checked here.
    let duel_games::AnyGame::Connect64(big) = duel_games::parse_game("connect:7x6:4").unwrap()
    else {
        panic!("connect:7x6:4 fits in 64 bits");
    };
    let (_, resumed, _, _) =
        lazy_matches_eager(&big, PriorKind::GaltonWatson { fit: 200 }, 1500, 7);
    assert!(resumed > 500, "only {resumed} GW descents were resumed");
}

/// The comparison by bits says what `0 < v < PLAIN_MIN` says for every v ≥ +0 and NaN,
/// at the edges (zeros, the subnormals, the neighbours of PLAIN_MIN) and at random.
#[test]
fn below_plain_is_the_comparison() {
    use rand::Rng;
    let m = PLAIN_MIN;
    let mut values = vec![
        0.0,
        -0.0,
        f64::MIN_POSITIVE,
        f64::from_bits(1),
        m,
        f64::from_bits(m.to_bits() - 1),
        f64::from_bits(m.to_bits() + 1),
        1.0,
        f64::MAX,
        f64::INFINITY,
        f64::NAN,
    ];
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    values.extend((0..10_000).map(|_| f64::from_bits(rng.gen_range(0..0x7FF0_0000_0000_0000))));
    for v in values {
        assert_eq!(below_plain(v), v != 0.0 && v < m, "{v:e}");
    }
}

/// The litters found below a litter, by index (fewer children than the stride) or by hash
/// (more), are those computed afresh, the same id each time they are asked for; a full
/// set of litters is forgotten whole, and what is asked for next is computed again.
#[test]
fn litters_are_computed_once_and_forgotten_when_full() {
    let mut litters = Litters::new();
    litters.clear(4);
    litters.prior = Some(Prior::Symmetric {
        a: 0.5,
        b: 0.0,
        pearl: false,
    });
    let root = Val {
        a: 0.5,
        b: 0.5,
        w: 1.0,
    };
    let top = litters.of_value(root, 0);
    assert_eq!(litters.of_value(root, 0), top);
    let mut ids = Vec::new();
    for d in [1, 2, 3, 4, 7] {
        let id = litters.below(top, 0, d);
        let fresh = Litters::compute(litters.prior.as_ref().unwrap(), root, 0, d);
        let got = litters.list[id as usize];
        assert_eq!(bits(got.val), bits(fresh.val), "d = {d}");
        assert_eq!(got.depth, 1);
        assert_eq!(
            got.brothers.map(|b| [b.f, b.q, b.ratio].map(f64::to_bits)),
            fresh
                .brothers
                .map(|b| [b.f, b.q, b.ratio].map(f64::to_bits))
        );
        assert_eq!(litters.below(top, 0, d), id, "d = {d} again");
        ids.push(id);
    }
    // d = 4 and 7 are past the stride: found by hash.
    assert_eq!(litters.wide.len(), 2);
    let distinct: std::collections::HashSet<u32> = ids.iter().copied().collect();
    assert_eq!(distinct.len(), ids.len());
    // A chain of litters down to the limit, then forgotten.
    let mut id = top;
    for depth in 0..litters.max {
        litters.make_room(1);
        if litters.list.len() == 1 {
            // Forgotten: the chain starts again from the root's value.
            assert!(depth > 0);
            id = litters.of_value(root, 0);
            assert_eq!(litters.below(id, 0, 3), 2);
            return;
        }
        id = litters.below(id, depth, 3);
    }
    panic!("the litters were never forgotten");
}

/// The cache of litters answers for the prior of the current start: GW, fitted again from
/// another position, gives other litters, and one remembered under the first fit must not
/// be served under the second.
#[test]
fn restarts_forget_the_litters_of_another_fit() {
    let game = Pearl::new(2, 10, None, 1).unwrap();
    let mut later = game.clone();
    later.play_moves("121").unwrap();
    let mut agent = Bayes::new(PriorKind::GaltonWatson { fit: 500 }, 3);
    let father = Val {
        a: 0.3,
        b: 0.7,
        w: 0.2,
    };
    let j1 = j1_moves_at(2);
    let mut litters = Vec::new();
    for pos in [&game, &later] {
        agent.start(pos).unwrap();
        let (m, ln_s) = prior_of(father);
        let prior = agent.memo.litters.prior.as_ref().unwrap();
        let (cm, cls) = prior.litter(m, ln_s, 2, j1, 2);
        let direct = Val::from_log(cm, 0.5 * cls);
        let cached = agent.memo.litters.below_value(father, 0, 2, 2).0;
        assert_eq!(bits(cached), bits(direct));
        litters.push(direct);
    }
    assert_ne!(
        bits(litters[0]),
        bits(litters[1]),
        "the two fits should differ at this depth"
    );
}

/// An agent whose root (J1 to move when `j1`, else J0) has children with values `kids`.
fn one_level(kids: &[Val]) -> Bayes<Pearl> {
    let game = Pearl::new(2, 4, None, 1).unwrap();
    let mut agent = Bayes::new(symp(0.6), 1);
    agent.start(&game).unwrap();
    let mv = agent.tree.nodes[0].mv;
    agent.tree.nodes[0].first_child = 1;
    agent.tree.nodes[0].n_children = kids.len() as u16;
    for &v in kids {
        agent.tree.nodes.push(Node::boundary(v, mv));
    }
    agent
}

/// The selection keys of the root's children (what [`Bayes::select`] compares).
fn keys_of(agent: &Bayes<Pearl>, j1: bool) -> Vec<f64> {
    let kids = &agent.tree.nodes[agent.tree.nodes[0].children()];
    let mut keys = [0.0; UPDATE_STACK];
    if plain_keys(kids, j1, &mut keys).is_some() {
        return keys[..kids.len()].to_vec();
    }
    let mut out = Vec::new();
    log_keys(kids, j1, &mut Vec::new(), Some(&mut out));
    out
}

/// The root's value after one update, and the exact-log value of the same.
fn both(kids: &[Val], j1: bool) -> (Val, LogProb, f64) {
    let mut agent = one_level(kids);
    agent.update(0, j1);
    let f: Vec<LogProb> = kids
        .iter()
        .map(|v| {
            let r = v.to_log().0;
            if j1 {
                r.complement()
            } else {
                r
            }
        })
        .collect();
    let prod = LogProb::product(&f);
    let ln_w = (0..kids.len())
        .map(|k| {
            (0..kids.len())
                .filter(|&j| j != k)
                .map(|j| f[j].ln_p)
                .sum::<f64>()
                + kids[k].to_log().1
        })
        .fold(f64::NEG_INFINITY, f64::max);
    let r = if j1 { prod.complement() } else { prod };
    (agent.tree.nodes[0].val, r, ln_w)
}

fn plain(r: f64, q: f64, w: f64) -> Val {
    Val { a: r, b: q, w }
}

/// The choices a descent reads off the last update ([`Brothers::top_with`]) or off a chain
/// just unzipped ([`litter_top`]) are select's: the same child after the same draws, on
/// litters whose keys tie in every pattern (values from a pool of five, one of them with
/// f = 0 on one side, one logarithmic), for every child on the branch.
#[test]
fn picks_are_selects() {
    use rand::Rng;
    let pool = [
        plain(0.3, 0.7, 0.2),
        plain(0.6, 0.4, 0.2),
        plain(0.3, 0.7, 0.5),
        plain(0.0, 1.0, 0.5),
        Val {
            a: -800.0,
            b: -1e-300,
            w: -1.0,
        },
    ];
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    let (mut known, mut ties, mut unknown) = (0, 0, 0);
    let same = |kids: &[Val], j1: bool, mask: u32| {
        let (mut a, mut b) = (one_level(kids), one_level(kids));
        // Three choices in a row: the draws among ties stay in step.
        for _ in 0..3 {
            assert_eq!(a.select(0, j1), b.pick(0, mask), "{kids:?} {j1} {mask:b}");
        }
    };
    for trial in 0..600 {
        let d = 1 + trial % 9;
        let kids: Vec<Val> = (0..d)
            .map(|_| pool[rng.gen_range(0..if trial % 3 == 0 { 5 } else { 3 })])
            .collect();
        for j1 in [false, true] {
            for ci in 0..d {
                let agent = one_level(&kids);
                let (b, top) = Brothers::of(&agent.tree.nodes[1..=d], ci, j1)
                    .unwrap_or((Brothers::GAVE_UP, 0));
                let mask = b.top_with(top, ci, kids[ci], j1);
                if mask == PICK_UNKNOWN {
                    unknown += 1;
                    continue;
                }
                known += 1;
                ties += usize::from(mask.count_ones() > 1);
                same(&kids, j1, mask);
            }
            // A chain just unzipped: the litter's value but for one child.
            let (v, c, i) = (kids[0], kids[d - 1], (trial / 9) % d);
            let mut litter = vec![v; d];
            litter[i] = c;
            let mask = litter_top(v, c, i, d, j1);
            if mask != PICK_UNKNOWN {
                known += 1;
                same(&litter, j1, mask);
            }
        }
    }
    assert!(
        known > 4000 && ties > 2000 && unknown > 1000,
        "{known} {ties} {unknown}"
    );
}

fn check(kids: &[Val], j1: bool) -> Val {
    let (v, r, ln_w) = both(kids, j1);
    let (h, hw) = v.to_log();
    assert!(close(h.ln_p, r.ln_p, 1e-13), "{} {}", h.ln_p, r.ln_p);
    assert!(close(h.ln_q, r.ln_q, 1e-13), "{} {}", h.ln_q, r.ln_q);
    assert!(close(hw, ln_w, 1e-13), "{hw} {ln_w}");
    v
}

/// The shortcut for a chain's last level whose child has f = 0 gives full_value's bits,
/// and declines only where full_value leaves plain arithmetic.
#[test]
fn zero_child_value_is_full_value() {
    let mut scratch = Vec::new();
    let mut memo = Log1mexpMemo::default();
    let (mut same, mut declined) = (0, 0);
    for &(a, b) in &[
        (0.5, 0.5),
        (0.3, 0.7),
        (1e-9, 1.0 - 1e-9),
        (0.999, 1e-3),
        (1e-140, 1.0),
    ] {
        for &w in &[1.0, 0.37, 1e-60, 0.0] {
            for &cw in &[0.0, 1.0, 2.5, 1e-30] {
                for d in [1usize, 2, 3, 7, 16, 17] {
                    for i in 0..d {
                        for j1 in [false, true] {
                            let v = Val { a, b, w };
                            // f = 0 for the side: a = 0 where J0 moves, b = 0 where J1 does.
                            let child = if j1 {
                                Val {
                                    a: 1.0,
                                    b: 0.0,
                                    w: cw,
                                }
                            } else {
                                Val {
                                    a: 0.0,
                                    b: 1.0,
                                    w: cw,
                                }
                            };
                            let mut kids = vec![Node::boundary(v, 0u16); d];
                            kids[i].val = child;
                            let full = full_value(&kids, j1, &mut scratch, &mut memo, None);
                            let plain = plain_keys(&kids, j1, &mut [0.0; UPDATE_STACK]).is_some();
                            let ctx = format!("{a} {b} {w} {cw} {d} {i} {j1}");
                            match zero_child_value(v, child, i, d, j1) {
                                Some(got) => {
                                    assert_eq!(got.bits(), full.bits(), "{ctx}");
                                    same += 1;
                                }
                                None => {
                                    assert!(!plain || d > UPDATE_STACK, "{ctx}");
                                    declined += 1;
                                }
                            }
                        }
                    }
                }
            }
        }
    }
    assert!(same > 1000 && declined > 100, "{same} {declined}");
}

/// The symmetric priors computed on plain values agree with the logarithmic computation
/// of [`Prior::litter`] (on accurate logarithms of the father) to a relative 1e-13 (ln r,
/// ln(1 − r) and ln √s), from m near 0, near 1 and in between, for Sym, SymP and b ≠ 0,
/// on both sides.
#[test]
fn symmetric_priors_plain_agree_with_logs() {
    let mut checked = 0;
    for (b, pearl) in [(0.0, false), (0.0, true), (2.0, false)] {
        let prior = Prior::Symmetric { a: 0.5, b, pearl };
        for &m in &[1e-140, 1e-20, 1e-5, 0.1, 0.5, 0.618, 0.9, 1.0 - 1e-9] {
            for &q in &[1.0 - m, 1e-30, 1e-100] {
                // (m, q) with q = 1 − m, or m ≈ 1 with 1 − m = q kept exactly.
                let (pm, qm) = if q == 1.0 - m { (m, q) } else { (1.0 - q, q) };
                for &w in &[1.0, 0.3, 1e-50] {
                    for d in [1usize, 2, 3, 7, 15] {
                        for j1 in [false, true] {
                            let father = Val { a: pm, b: qm, w };
                            let Some(v) = symmetric_plain(father, d, j1, b, pearl) else {
                                continue;
                            };
                            // The reference: Prior::litter on accurate logarithms (to_log
                            // takes ln of a side near 1 directly, losing digits of 1 − it).
                            let ln = |x: f64, y: f64| if x > 0.5 { (-y).ln_1p() } else { x.ln() };
                            let lm = LogProb {
                                ln_p: ln(pm, qm),
                                ln_q: ln(qm, pm),
                            };
                            let (cm, cls) = prior.litter(lm, 2.0 * w.ln(), 0, j1, d);
                            let (got, got_w) = v.to_log();
                            let ctx = format!("m = {pm}, q = {qm}, w = {w}, d = {d}, j1 = {j1}, b = {b}, pearl = {pearl}");
                            assert!(
                                close(got.ln_p, cm.ln_p, 1e-13),
                                "ln p: {} vs {}, {ctx}",
                                got.ln_p,
                                cm.ln_p
                            );
                            assert!(
                                close(got.ln_q, cm.ln_q, 1e-13),
                                "ln q: {} vs {}, {ctx}",
                                got.ln_q,
                                cm.ln_q
                            );
                            assert!(
                                close(got_w, 0.5 * cls, 1e-13),
                                "ln w: {} vs {}, {ctx}",
                                got_w,
                                0.5 * cls
                            );
                            checked += 1;
                        }
                    }
                }
            }
        }
    }
    assert!(checked > 500, "{checked}");
}

#[test]
fn hybrid_at_the_extremes() {
    let two = |e: i32| 2f64.powi(e);
    // Near 1 in plain: 1 − 1e-20 and 1 − 1e-21 both round to 1.0, their complements do not.
    let a = check(&[plain(1.0, 1e-20, 1.0), plain(1.0, 1e-21, 1.0)], false);
    let b = check(&[plain(1.0, 1e-20, 1.0), plain(1.0, 1e-22, 1.0)], false);
    assert!(a.is_plain() && b.is_plain());
    assert_eq!((a.a, b.a), (1.0, 1.0));
    assert!(a.b > b.b && !a.is_certain() && !b.is_certain());
    assert!(close(a.b, 1.1e-20, 1e-14));
    // A product below 2⁻⁵⁰⁰ switches to logarithms: 2⁻³⁰⁰ · 2⁻³⁰⁰, and 2⁻³⁰⁰ · 2⁻³⁰¹.
    let c = check(
        &[plain(two(-300), 1.0, 1.0), plain(two(-300), 1.0, 1.0)],
        false,
    );
    let c2 = check(
        &[plain(two(-300), 1.0, 1.0), plain(two(-301), 1.0, 1.0)],
        false,
    );
    assert!(!c.is_plain() && !c2.is_plain());
    assert!(close(c.a, -600.0 * 2f64.ln(), 1e-15));
    assert!(c.a > c2.a);
    // The same where J1 moves: R = 1 − 2⁻⁶⁰⁰ stays below 1 and above 1 − 2⁻⁵⁹⁹.
    let d = check(
        &[plain(1.0, two(-300), 1.0), plain(1.0, two(-300), 1.0)],
        true,
    );
    let d2 = check(
        &[plain(1.0, two(-299), 1.0), plain(1.0, two(-300), 1.0)],
        true,
    );
    assert!(!d.is_certain() && d.b < d2.b && d.to_log().0.prob() == 1.0);
    // √Z below 2⁻⁵⁰⁰ although R is in range: stored in logarithms, exactly.
    let e = check(
        &[
            plain(two(-200), 1.0, two(-450)),
            plain(two(-200), 1.0, two(-450)),
        ],
        false,
    );
    assert!(!e.is_plain());
    // Logarithmic children (1 − e⁻⁸⁰⁰, 1 − e⁻⁸⁰¹) beside a plain one.
    let lg = |u: f64| {
        let r = LogProb::from_logit(u);
        Val {
            a: r.ln_p,
            b: r.ln_q,
            w: 0.0,
        }
    };
    // Where J1 moves: 1 − R = e⁻⁸⁰⁰ e⁻⁸⁰¹ / 2, against e⁻⁸⁰⁰ e⁻⁸⁰² / 2.
    let f = check(&[lg(800.0), lg(801.0), plain(0.5, 0.5, 0.5)], true);
    let g = check(&[lg(800.0), lg(802.0), plain(0.5, 0.5, 0.5)], true);
    assert!(close(f.b, -1601.0 - 2f64.ln(), 1e-15));
    assert!(!f.is_certain() && f.to_log().0.ln_q > g.to_log().0.ln_q);
    // A losing leaf where J0 moves: R = 0 exactly, the other child keeps its U.
    let mut agent = one_level(&[Val::ZERO, plain(0.3, 0.7, 0.5)]);
    agent.update(0, false);
    let v = agent.tree.nodes[0].val;
    assert!(v.is_plain() && v.is_certain() && v.a == 0.0 && v.b == 1.0);
    assert_eq!(keys_of(&agent, false), [0.3 * 0.0, 0.0]);
    let mut agent = one_level(&[Val::ONE, plain(0.3, 0.7, 0.5)]);
    agent.update(0, false);
    assert!(close(agent.tree.nodes[0].val.a, 0.3, 1e-16) && keys_of(&agent, false)[1] == 0.5);
    // All children won: certain 1.
    assert!(check(&[Val::ONE, Val::ONE], false).is_certain());
}
