use duel::game::Game;
use duel::games::connect::Connect;
use duel::games::pearl::Pearl;
use duel::games::{parse_game, AnyGame};
use duel::search::{AgentSpec, Budget};
use std::time::Instant;
// interleaved quotients: fresh agent then fresh MCTS for the same iterations; median and mean quotient
fn cell<G: Game + 'static>(name: &str, pos: &G, mcts: &str, agent: &str, its: u64, n: u64) {
    let sa = AgentSpec::parse(agent).unwrap();
    let sm = AgentSpec::parse(mcts).unwrap();
    let mut q = vec![];
    let (mut ta_s, mut tm_s) = (0.0, 0.0);
    for k in 0..n {
        let mut a = sa.build::<G>(7 + k);
        let mut m = sm.build::<G>(7 + k);
        let t0 = Instant::now();
        let done = a.search(pos, Budget::Iterations(its)).unwrap().iterations;
        let ta = t0.elapsed().as_secs_f64();
        let t1 = Instant::now();
        m.search(pos, Budget::Iterations(done)).unwrap();
        let tm = t1.elapsed().as_secs_f64();
        ta_s += ta / done as f64;
        tm_s += tm / done as f64;
        q.push(ta / tm);
    }
    q.sort_by(|x, y| x.partial_cmp(y).unwrap());
    println!(
        "{name:14} {agent:5} {its:6}: median q {:.3} mean q {:.3}  (agent {:.3} mcts {:.3} us/it)",
        q[q.len() / 2],
        q.iter().sum::<f64>() / n as f64,
        ta_s * 1e6 / n as f64,
        tm_s * 1e6 / n as f64
    );
}
fn main() {
    let n: u64 = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(200);
    let only = std::env::args().nth(2).unwrap_or_default();
    let AnyGame::Connect64(c) = parse_game("connect:7x6:4").unwrap() else {
        panic!()
    };
    let mut cm: Connect<u64> = c;
    cm.play_moves("4453542333").unwrap();
    let root = Pearl::from_spec("pearl:2:32:seed=1").unwrap();
    let mut mid = root.clone();
    mid.play_moves("12121212").unwrap();
    for agent in ["sym", "symp"] {
        for its in [1000u64, 20000] {
            let nn = if its > 1000 { n / 10 } else { n };
            if only.is_empty() || only == "connect" {
                cell("connect mid", &cm, "mcts:a=1.5,b=1.5", agent, its, nn);
                cell("connect root", &c, "mcts:a=1.5,b=1.5", agent, its, nn);
            }
            if only.is_empty() || only == "pearl" {
                cell("pearl mid", &mid, "mcts:a=3.5,b=5", agent, its, nn);
                cell("pearl root", &root, "mcts:a=3.5,b=5", agent, its, nn);
            }
        }
    }
}
