//! Section 2.12 of Delattre & Fournier: Algorithm 13's update is quick, of order K·d an
//! iteration, not of the explored tree's size (which would make n iterations cost K·d·n²).
//! Checked on the algorithm as the paper writes it (`Bayes::reference`: every match built as
//! nodes, every update reading every brother) by its work per iteration, counted in the
//! machine-independent units of the paper-equivalent clock, early and late in a search; and
//! duel's optimised search against it: the same move, estimate and leaves, bit for bit.

use duel_core::game::Game;
use duel_games::pearl::Pearl;
use duel_search::agent::{Agent, Budget};
use duel_search::bayes::Bayes;
use duel_search::priors::PriorKind;

use crate::{Check, Claim, Status};

/// Iterations of the early and of the whole search.
const EARLY: u64 = 1_000;
const LATE: u64 = 20_000;

/// One game's figures: units an iteration over the first `EARLY` iterations and over the
/// rest, and whether the optimised search agreed with the plain one.
struct Figures {
    game: String,
    early: f64,
    late: f64,
    same: bool,
}

fn kind() -> PriorKind {
    PriorKind::Symmetric {
        a: 0.5,
        b: 0.0,
        name: "sym",
    }
}

fn figures<G: Game>(game: &G, seed: u64) -> Option<Figures> {
    let run = |plain: bool, n: u64| {
        let mut agent: Bayes<G> = if plain {
            Bayes::reference(kind(), seed)
        } else {
            Bayes::new(kind(), seed)
        };
        let r = agent.search(game, Budget::Iterations(n)).ok()?;
        Some((r, agent.work().units(), agent.visited_leaf_paths()))
    };
    let (early, early_units, _) = run(true, EARLY)?;
    let (late, late_units, leaves) = run(true, LATE)?;
    let (fast, _, fast_leaves) = run(false, LATE)?;
    let rest = late.iterations.saturating_sub(early.iterations).max(1);
    Some(Figures {
        game: game.spec(),
        early: early_units as f64 / early.iterations.max(1) as f64,
        late: late_units.saturating_sub(early_units) as f64 / rest as f64,
        same: (late.best, late.estimate.to_bits(), late.iterations, leaves)
            == (
                fast.best,
                fast.estimate.to_bits(),
                fast.iterations,
                fast_leaves,
            ),
    })
}

/// Section 2.12's item.
pub(super) fn section_2_12() -> Check {
    let mut all = Vec::new();
    for (d, k) in [(2, 32), (3, 16), (5, 8)] {
        if let Some(f) = Pearl::new(d, k, None, 12)
            .ok()
            .and_then(|g| figures(&g, 12))
        {
            all.push(f);
        }
    }
    let flat = all.len() == 3 && all.iter().all(|f| f.late <= 1.5 * f.early);
    let same = all.iter().all(|f| f.same);
    let computed = all
        .iter()
        .map(|f| format!("{} {:.1} then {:.1}", f.game, f.early, f.late))
        .collect::<Vec<_>>()
        .join("; ");
    Claim {
        item: "Section 2.12: Algorithm 13's work per iteration does not grow with n",
        source: "Delattre & Fournier, section 2.12",
        published: "order K·d an iteration",
        computed: &format!(
            "work units an iteration, iterations 1–{EARLY} then to {LATE}: {computed}; the optimised search {}",
            if same { "the same bit for bit" } else { "differs from it" }
        ),
        note: "Algorithm 13 as written (sym:plain=1); units of the paper-equivalent clock",
    }
    .judged(Status::of(flat && same))
}
