//! The conclusions of Delattre & Fournier (sections 8.4–8.12) as checks on the cells of the
//! families played: each one pools the cells it speaks of, takes the 95 % interval of the
//! paper's agent's score, and says `matches` when the interval lies on the paper's side of
//! 1/2, `differs` with the reason otherwise.

use std::fmt::Write as _;

use super::cells::{BudgetKind, Opponent, Played};
use super::paper::FAMILIES;
use crate::{Check, Claim, Status};
use duel_search::arena::score_ci95;

/// The score of the paper's agent over `cells` pooled: (score, 95 % interval, games).
fn pooled(cells: &[&Played]) -> Option<(f64, [f64; 2], u64)> {
    let (mut wins, mut draws, mut games) = (0, 0, 0);
    for p in cells {
        wins += p.summary.a_wins;
        draws += p.summary.draws;
        games += p.summary.games;
    }
    (games > 0).then(|| {
        let (m, ci) = score_ci95(wins, draws, games);
        (m, ci, games)
    })
}

fn kind_words(kind: BudgetKind) -> &'static str {
    match kind {
        BudgetKind::Iterations => "under the paper's first-move iterations",
        BudgetKind::Millis => "under the paper's time per move on this machine",
        BudgetKind::Paper => "under the paper-equivalent clock",
    }
}

/// Where the conclusions are.
const SOURCE: &str = "Delattre & Fournier, sections 8.4–8.12";

/// The item of conclusion `item` under `kind`.
fn item_under(item: &str, kind: BudgetKind) -> String {
    format!("{item}, {}", kind_words(kind))
}

/// The cells of family `section` under `kind`, against `opponent` (both when `None`).
fn cells<'a>(
    played: &'a [Played],
    section: &str,
    kind: BudgetKind,
    opponent: Option<Opponent>,
) -> Vec<&'a Played> {
    played
        .iter()
        .filter(|p| {
            FAMILIES[p.family].section == section
                && p.kind == kind
                && opponent.map_or(true, |o| o == p.opponent)
        })
        .collect()
}

/// Budgets of `cells` in ms, as a list.
fn budgets(cells: &[&Played]) -> String {
    let mut ms: Vec<u64> = cells.iter().map(|p| p.place().1.millis).collect();
    ms.sort_unstable();
    ms.dedup();
    let list: Vec<String> = ms.iter().map(|m| format!("{m}")).collect();
    format!("{} ms", list.join(", "))
}

/// `score (lo–hi), N games`.
fn shown((m, ci, games): (f64, [f64; 2], u64)) -> String {
    format!("{m:.3} ({:.3}–{:.3}), {games} games", ci[0], ci[1])
}

/// A check that the paper's agent wins (`wins`) or loses over `cells`.
fn side_check(item: &str, kind: BudgetKind, cells: &[&Played], wins: bool) -> Option<Check> {
    let pool = pooled(cells)?;
    let paper: Vec<String> = cells
        .iter()
        .map(|p| format!("{:.3}", p.paper_score()))
        .collect();
    let (lo, hi) = (pool.1[0], pool.1[1]);
    let (ok, note) = if (wins && lo > 0.5) || (!wins && hi < 0.5) {
        (
            true,
            "the 95 % interval lies on the paper's side of 1/2".to_string(),
        )
    } else if (wins && hi < 0.5) || (!wins && lo > 0.5) {
        (
            false,
            "the 95 % interval lies on the other side of 1/2: duel finds the opposite".to_string(),
        )
    } else {
        (
            false,
            format!(
                "not established: the 95 % interval contains 1/2 at {} games (more games, or --from-records with the full grid, decide it)",
                pool.2
            ),
        )
    };
    Some(
        Claim {
            item: &item_under(item, kind),
            source: SOURCE,
            published: &format!("scores {}", paper.join(", ")),
            computed: &format!("{}: {}", budgets(cells), shown(pool)),
            note: &note,
        }
        .judged(Status::of(ok)),
    )
}

/// The conclusions, checked on the cells played under `kind`.
pub fn conclusions(played: &[Played], kind: BudgetKind) -> Vec<Check> {
    let mut out = Vec::new();
    let mut pearl = cells(played, "8.4", kind, Some(Opponent::Mcts));
    pearl.extend(cells(played, "8.5", kind, Some(Opponent::Mcts)));
    out.extend(side_check(
        "SymP beats MCTS on Pearl's games (8.4, 8.5)",
        kind,
        &pearl,
        true,
    ));
    let c4 = cells(played, "8.6", kind, None);
    out.extend(side_check(
        "Sym loses on standard Connect Four (8.6)",
        kind,
        &c4,
        false,
    ));
    out.extend(more_so(kind, &c4));
    out.extend(side_check(
        "Sym wins on 15 × 15, connect 3 (8.8)",
        kind,
        &cells(played, "8.8", kind, None),
        true,
    ));
    let c9 = cells(played, "8.9", kind, None);
    let smallest = c9.iter().map(|p| p.place().1.millis).min();
    let small: Vec<&Played> = c9
        .into_iter()
        .filter(|p| Some(p.place().1.millis) == smallest)
        .collect();
    out.extend(side_check(
        "Sym wins at small budgets on 15 × 6, connect 5 (8.9)",
        kind,
        &small,
        true,
    ));
    out.extend(solved_first_move(kind, &cells(played, "8.7", kind, None)));
    out.extend(later_conclusions(played, kind));
    out
}

/// The conclusions of 8.4, 8.5, 8.6 (1024 ms), 8.9 and 8.10 that speak of one end of the
/// times, or of the first player.
fn later_conclusions(played: &[Played], kind: BudgetKind) -> Vec<Check> {
    let mut out = Vec::new();
    let mut prime = cells(played, "8.4", kind, Some(Opponent::Prime));
    out.extend(only_high_enough(
        "SymP beats MCTS′ only when the time per move is high enough (8.4)",
        kind,
        &prime,
    ));
    prime = cells(played, "8.5", kind, Some(Opponent::Prime));
    out.extend(only_high_enough(
        "SymP beats MCTS′ only when the time per move is high enough (8.5)",
        kind,
        &prime,
    ));
    let small_pearl: Vec<&Played> = cells(played, "8.5", kind, None)
        .into_iter()
        .filter(|p| p.place().1.millis <= 8)
        .collect();
    out.extend(second_player(kind, &small_pearl));
    let at = |section: &str, largest: bool| -> Vec<&Played> {
        let cs = cells(played, section, kind, None);
        let ms = cs.iter().map(|p| p.place().1.millis);
        let end = if largest { ms.max() } else { ms.min() };
        cs.into_iter()
            .filter(|p| Some(p.place().1.millis) == end)
            .collect()
    };
    out.extend(side_check(
        "Sym is beaten once the time per move grows on 15 × 6, connect 5 (8.9)",
        kind,
        &at("8.9", true),
        false,
    ));
    out.extend(side_check(
        "Sym wins when the time per move is very small on misère 15 × 6, connect 5 (8.10)",
        kind,
        &at("8.10", false),
        true,
    ));
    let destroyed: Vec<&Played> = cells(played, "8.6", kind, None)
        .into_iter()
        .filter(|p| p.place().1.millis == 1024)
        .collect();
    if let Some(pool) = pooled(&destroyed) {
        let ok = pool.1[1] < 0.1;
        out.push(
            Claim {
                item: &item_under("Sym is destroyed at 1024 ms on Connect Four (8.6)", kind),
                source: SOURCE,
                published: "scores 0.044 against MCTS(10, 10) and 0.045 against MCTS′(10, 10)",
                computed: &format!("1024 ms: {}", shown(pool)),
                note: if ok {
                    "the 95 % interval lies below 0.1"
                } else {
                    "the 95 % interval reaches 0.1: not destroyed"
                },
            }
            .judged(Status::of(ok)),
        );
    }
    out
}

/// "SymP beats MCTS′ only when the time per move is high enough": below 1/2 at the smallest
/// time of `prime`, above at the largest.
fn only_high_enough(item: &str, kind: BudgetKind, prime: &[&Played]) -> Option<Check> {
    let ms: Vec<u64> = prime.iter().map(|p| p.place().1.millis).collect();
    let (lo, hi) = (*ms.iter().min()?, *ms.iter().max()?);
    let at = |t: u64| -> Vec<&Played> {
        prime
            .iter()
            .copied()
            .filter(|p| p.place().1.millis == t)
            .collect()
    };
    let (small, large) = (pooled(&at(lo))?, pooled(&at(hi))?);
    let paper = |t: u64| at(t).first().map_or(0.0, |p| p.paper_score());
    let ok = lo < hi && small.1[1] < 0.5 && large.1[0] > 0.5;
    let note = if lo == hi {
        "not established: one time only".to_string()
    } else if ok {
        "below 1/2 at the smallest time, above at the largest (95 % intervals)".to_string()
    } else {
        format!(
            "not so: at {lo} ms the interval {} 1/2, at {hi} ms it {} 1/2",
            if small.1[1] < 0.5 {
                "lies below"
            } else {
                "reaches"
            },
            if large.1[0] > 0.5 {
                "lies above"
            } else {
                "reaches down to"
            }
        )
    };
    Some(
        Claim {
            item: &item_under(item, kind),
            source: SOURCE,
            published: &format!("{lo} ms: {:.3}; {hi} ms: {:.3}", paper(lo), paper(hi)),
            computed: &format!("{lo} ms: {}; {hi} ms: {}", shown(small), shown(large)),
            note: &note,
        }
        .judged(Status::of(ok)),
    )
}

/// "It seems easier, for all the algorithms, to find the winning strategy when being the
/// second player (until 8 ms)" (8.5): the first player's share of the games below 1/2.
fn second_player(kind: BudgetKind, cells: &[&Played]) -> Option<Check> {
    let (mut first_wins, mut draws, mut games) = (0, 0, 0);
    let mut paper = (0u64, 0u64);
    for p in cells {
        first_wins += p.summary.a_first.a_wins + p.summary.b_first.b_wins;
        draws += p.summary.draws;
        games += p.summary.games;
        let t = match p.opponent {
            Opponent::Mcts => p.place().1.vs_mcts,
            Opponent::Prime => p.place().1.vs_prime,
        };
        paper.0 += t[0][0] + t[1][0];
        paper.1 += t.iter().flatten().sum::<u64>();
    }
    if games == 0 {
        return None;
    }
    let (m, ci) = score_ci95(first_wins, draws, games);
    let ok = ci[1] < 0.5;
    Some(
        Claim {
            item: &item_under(
                "the second player wins more often on the small Pearl game, up to 8 ms (8.5)",
                kind,
            ),
            source: SOURCE,
            published: &format!(
                "first player's share {:.3} over the cells up to 8 ms",
                paper.0 as f64 / paper.1.max(1) as f64
            ),
            computed: &format!(
                "{}: first player's share {m:.3} ({:.3}–{:.3}), {games} games",
                budgets(cells),
                ci[0],
                ci[1]
            ),
            note: if ok {
                "the 95 % interval of the first player's share lies below 1/2"
            } else {
                "not established: the first player's share's interval reaches 1/2"
            },
        }
        .judged(Status::of(ok)),
    )
}

/// "The more so the larger the budget" (8.6): the score at the largest budget played below
/// the score at the smallest, as in the paper.
fn more_so(kind: BudgetKind, c4: &[&Played]) -> Option<Check> {
    let ms: Vec<u64> = c4.iter().map(|p| p.place().1.millis).collect();
    let (lo, hi) = (*ms.iter().min()?, *ms.iter().max()?);
    let at = |t: u64| -> Vec<&Played> {
        c4.iter()
            .copied()
            .filter(|p| p.place().1.millis == t)
            .collect()
    };
    let paper_at = |t: u64| {
        let cs = at(t);
        cs.iter().map(|p| p.paper_score()).sum::<f64>() / cs.len() as f64
    };
    let item = "Sym loses more as the budget grows on Connect Four (8.6)";
    if lo == hi {
        return Some(Claim {
            item: &item_under(item, kind),
            source: SOURCE,
            published: "scores fall from 0.368 (1 ms) to 0.149 (16 ms)",
            computed: &format!("{}: one budget played", budgets(c4)),
            note: "not established: one budget only (the full grid, read with --from-records, has them all)",
        }
        .judged(Status::Differs));
    }
    let (small, large) = (pooled(&at(lo))?, pooled(&at(hi))?);
    let falls = large.1[1] < small.1[0];
    let mut computed = String::new();
    let _ = write!(
        computed,
        "{lo} ms: {}; {hi} ms: {}",
        shown(small),
        shown(large)
    );
    Some(Claim {
            item: &item_under(item, kind),
            source: SOURCE,
            published: &format!("{lo} ms: {:.3}; {hi} ms: {:.3}", paper_at(lo), paper_at(hi)),
            computed: &format!("{}: {}", budgets(c4), computed),
            note: if falls {
            "the intervals do not overlap: the score falls as the budget grows"
        } else if large.0 < small.0 {
            "the score falls but the intervals overlap: not established at these numbers of games"
        } else {
            "the score does not fall as the budget grows"
        },
        }
        .judged(Status::of(falls)))
}

/// The iterations of Sym at the first move from which the paper's Sym wins on 4 × 10,
/// connect 3 (section 8.7, 8 ms).
const SOLVING_ITERATIONS: f64 = 530.0;

/// "Sym wins on 4 × 10, connect 3, once the budget solves the first move" (8.7): the game is
/// a first-player win, so the side that finds the win first wins as first player; the paper's
/// score passes 1/2 from 8 ms on, where Sym did 530 iterations at its first move. Checked on
/// the cells that give Sym as much: the paper's 8 ms count or more as a budget, or a time
/// per move in which duel's Sym did at least 530 iterations at its first move.
fn solved_first_move(kind: BudgetKind, c7: &[&Played]) -> Option<Check> {
    let item = "Sym wins on 4 × 10, connect 3, once the budget solves the first move (8.7)";
    let published = "scores 0.511 (8 ms), 0.502 (16 ms) against MCTS, 0.501, 0.501 against MCTS′; below 1/2 at 1–4 ms";
    if c7.is_empty() {
        return None;
    }
    let large: Vec<&Played> = c7
        .iter()
        .copied()
        .filter(|p| match p.kind {
            BudgetKind::Iterations => p.place().1.iterations[2] as f64 >= SOLVING_ITERATIONS,
            BudgetKind::Millis | BudgetKind::Paper => p
                .summary
                .a_iterations_per_move
                .is_some_and(|c| c.first_move >= SOLVING_ITERATIONS),
        })
        .collect();
    if large.is_empty() {
        return Some(Claim {
            item: &item_under(item, kind),
            source: SOURCE,
            published,
            computed: &format!("{}: no cell gives Sym 530 iterations at its first move", budgets(c7)),
            note: "not established: no cell played with the budget of the paper's 8 ms (the full grid, read with --from-records, has it)",
        }
        .judged(Status::Differs));
    }
    let pool = pooled(&large)?;
    let (w, g) = large.iter().fold((0, 0), |(w, g), p| {
        (w + p.summary.a_first.a_wins, g + p.summary.a_first.games)
    });
    let first = w as f64 / g.max(1) as f64;
    let ok = pool.1[0] > 0.5;
    let note = if ok {
        "Sym's score's 95 % interval lies above 1/2".to_string()
    } else if pool.1[1] < 0.5 {
        "duel finds the opposite: the interval lies below 1/2".to_string()
    } else {
        format!("not established: the interval contains 1/2 at {} games (the paper's margin, 0.01, needs thousands)", pool.2)
    };
    Some(
        Claim {
            item: &item_under(item, kind),
            source: SOURCE,
            published,
            computed: &format!(
                "{}: {}; Sym opening won {:.1} %",
                budgets(&large),
                shown(pool),
                100.0 * first
            ),
            note: &note,
        }
        .judged(Status::of(ok)),
    )
}
