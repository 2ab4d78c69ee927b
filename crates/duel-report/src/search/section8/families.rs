//! The experiment families of Delattre & Fournier, sections 8.4–8.10: Sym or SymP against the
//! fitted MCTS and MCTS′, each playing first and second, under two kinds of budget per move:
//! the paper's mean first-move iteration counts (the same on any machine) and its times per
//! move (which buy what this machine can do). One table per family: the budget, the paper's
//! score, duel's score with its 95 % interval, the iterations at the first move beside the
//! paper's, and whether the paper's score lies in duel's interval.

use std::fmt::Write as _;

use rayon::prelude::*;
use serde_json::json;

pub use super::cells::{profile, BudgetKind, Opponent, Played};
use super::paper::{PaperCell, FAMILIES};
use crate::{Claim, ReportOptions, Section, Status};
use duel_core::game::GameError;
use duel_games::{mix64, parse_game, with_game, AnyGame};
use duel_search::agent::Budget;
use duel_search::arena::{play_game, GameRecord, Summary};
use duel_search::spec::AgentSpec;
use duel_search::SearchError;

/// The seed of the families' games.
const SEED: u64 = 84;

/// Why a game of a cell could not be played: the cell, the game, and what failed.
#[derive(Debug, thiserror::Error)]
#[error("section {section} at {millis} ms, game {index}: {why}")]
pub struct PlayError {
    /// The family's subsection, e.g. `8.4`.
    pub section: &'static str,
    /// The cell's time per move.
    pub millis: u64,
    /// The game of the cell.
    pub index: u64,
    /// What failed.
    pub why: PlayFailure,
}

/// What failed in a game of a cell.
#[derive(Debug, thiserror::Error)]
pub enum PlayFailure {
    /// Iteration budgets asked of a cell whose iterations the paper did not print.
    #[error("no iteration count printed")]
    NoIterations,
    /// An agent that cannot be built, or a game that failed while played.
    #[error("{0}")]
    Search(#[from] SearchError),
    /// The family's game cannot be built.
    #[error("{0}")]
    Game(#[from] GameError),
}

/// What the report plays: the first cells of each family, so many games a cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Plan {
    /// Cells per family under iteration budgets (the smallest budgets first).
    pub iteration_cells: usize,
    /// Games per cell under iteration budgets (half with each agent first).
    pub iteration_games: u64,
    /// Cells per family under time budgets.
    pub time_cells: usize,
    /// Games per cell under time budgets.
    pub time_games: u64,
    /// The most iterations per move a cell may give an agent (larger cells are left to the
    /// full grid).
    pub max_iterations: u64,
}

impl Plan {
    /// The plan of the report: with `quick` a first look in seconds; without, about a minute
    /// of CPU on two cores.
    pub fn of(opts: &ReportOptions) -> Plan {
        if opts.quick {
            Plan {
                iteration_cells: 1,
                iteration_games: 8,
                time_cells: 1,
                time_games: 4,
                max_iterations: 1_200,
            }
        } else {
            Plan {
                iteration_cells: 8,
                iteration_games: 100,
                time_cells: 1,
                time_games: 60,
                max_iterations: 3_000,
            }
        }
    }

    /// The cells of the plan: (family, cell, opponent, kind, games).
    pub fn cells(&self) -> Vec<(usize, usize, Opponent, BudgetKind, u64)> {
        let mut out = Vec::new();
        for (f, family) in FAMILIES.iter().enumerate() {
            for (kind, count, games) in [
                (
                    BudgetKind::Iterations,
                    self.iteration_cells,
                    self.iteration_games,
                ),
                (BudgetKind::Millis, self.time_cells, self.time_games),
            ] {
                let fits = |c: &PaperCell| match kind {
                    BudgetKind::Iterations => c
                        .iterations
                        .iter()
                        .all(|&n| n > 0 && n <= self.max_iterations),
                    BudgetKind::Millis => c.millis <= 64,
                    BudgetKind::Paper => false,
                };
                let chosen = family.cells.iter().enumerate().filter(|(_, c)| fits(c));
                for (c, _) in chosen.take(count) {
                    for o in Opponent::BOTH {
                        out.push((f, c, o, kind, games));
                    }
                }
            }
        }
        out
    }
}

/// Plays the cells of `plan`, all their games in parallel; `Err` names a game that failed.
pub fn play(plan: &Plan) -> Result<Vec<Played>, PlayError> {
    let cells = plan.cells();
    let jobs: Vec<(usize, u64)> = cells
        .iter()
        .enumerate()
        .flat_map(|(j, c)| (0..c.4).map(move |i| (j, i)))
        .collect();
    let records: Vec<(usize, GameRecord)> = jobs
        .par_iter()
        .map(|&(j, i)| {
            let (f, c, o, kind, _) = cells[j];
            play_one(f, c, o, kind, i).map(|r| (j, r))
        })
        .collect::<Result<_, _>>()?;
    let mut out = Vec::new();
    for (j, &(f, c, o, kind, _)) in cells.iter().enumerate() {
        let mine: Vec<GameRecord> = records
            .iter()
            .filter(|(k, _)| *k == j)
            .map(|(_, r)| r.clone())
            .collect();
        let family = &FAMILIES[f];
        let b = o.spec(family, &family.cells[c]);
        if let Some(summary) = Summary::of(family.game, family.ours, &b, &mine) {
            out.push(Played {
                family: f,
                cell: c,
                opponent: o,
                kind,
                summary,
                profile: profile(&mine),
            });
        }
    }
    Ok(out)
}

/// Game `index` of a cell: the paper's agent is A (first in even games). Pearl's games are
/// played on a fresh realization per pair of games, both senses on the same one (section
/// 8.4).
pub fn play_one(
    family: usize,
    cell: usize,
    opponent: Opponent,
    kind: BudgetKind,
    index: u64,
) -> Result<GameRecord, PlayError> {
    let f = &FAMILIES[family];
    let c = &f.cells[cell];
    let budgets = kind.budgets(c, opponent).ok_or(PlayError {
        section: f.section,
        millis: c.millis,
        index,
        why: PlayFailure::NoIterations,
    })?;
    play_against(family, cell, &opponent.spec(f, c), budgets, index)
}

/// Game `index` of the paper's agent (A, first in even games) against `opponent` (an agent
/// spec) on the game of `family`, with `budgets` (A's, then the opponent's); the realizations
/// of Pearl's games are those of [`play_one`] at `cell`, whoever the opponent.
pub fn play_against(
    family: usize,
    cell: usize,
    opponent: &str,
    budgets: [Budget; 2],
    index: u64,
) -> Result<GameRecord, PlayError> {
    let f = &FAMILIES[family];
    let c = &f.cells[cell];
    game_of(family, cell, opponent, budgets, index).map_err(|why| PlayError {
        section: f.section,
        millis: c.millis,
        index,
        why,
    })
}

/// The game of [`play_against`], its failure not yet placed in its cell.
fn game_of(
    family: usize,
    cell: usize,
    opponent: &str,
    budgets: [Budget; 2],
    index: u64,
) -> Result<GameRecord, PlayFailure> {
    let f = &FAMILIES[family];
    let a = AgentSpec::parse(f.ours)?;
    let b = AgentSpec::parse(opponent)?;
    let mut game = parse_game(f.game)?;
    let seed = mix64(SEED ^ mix64(family as u64) ^ mix64(cell as u64 + 100));
    if let AnyGame::Pearl(p) = &game {
        game = AnyGame::Pearl(p.with_seed(mix64(seed ^ (index / 2))));
    }
    Ok(with_game!(game, g => play_game(&g, &a, &b, budgets, seed, index))?)
}

/// The commands that play the paper's whole grid, 10,000 games each way per cell, writing
/// records that `duel report --from-records DIR` reads: `duel arena` on one machine, or
/// with `ray` the Python package's Ray runner (`python -m duel.ray`) on a cluster.
pub fn grid_commands(ray: bool, dir: &str) -> Vec<String> {
    let mut out = Vec::new();
    for family in &FAMILIES {
        for cell in family.cells {
            for o in Opponent::BOTH {
                for kind in [BudgetKind::Iterations, BudgetKind::Millis] {
                    let Some([ours, theirs]) = kind.budgets(cell, o) else {
                        continue;
                    };
                    let flag = |b: Budget, prefix: &str| match b {
                        Budget::Iterations(n) => format!("--{prefix}iterations {n}"),
                        Budget::Millis(t) => format!("--{prefix}millis {t}"),
                        Budget::Work(u) => format!("--{prefix}work {u}"),
                    };
                    let budget = match kind {
                        BudgetKind::Millis | BudgetKind::Paper => flag(ours, ""),
                        BudgetKind::Iterations => {
                            format!("{} {}", flag(ours, ""), flag(theirs, "b-"))
                        }
                    };
                    let name = format!(
                        "{dir}/{}-{}ms-{}-{}.jsonl",
                        family.section,
                        cell.millis,
                        o.name(),
                        kind.name()
                    );
                    let run = if ray {
                        "python -m duel.ray"
                    } else {
                        "duel arena"
                    };
                    let tail = if ray {
                        " --shards 256 --address auto"
                    } else {
                        ""
                    };
                    out.push(format!(
                        "{run} {} --a {} --b {} --games 20000 {budget} --seed {SEED} --out {name}{tail}",
                        family.game,
                        family.ours,
                        o.spec(family, cell)
                    ));
                }
            }
        }
    }
    out
}

/// The section built from cells played or read back; `source` says which, in a sentence;
/// `tripled` is the extra cell of section 8.6 (see [`super::gap`]) when played.
pub fn section_of(played: &[Played], source: &str, tripled: Option<&Summary>) -> Section {
    let mut s = Section::new(
        "families",
        "Delattre & Fournier, sections 8.4–8.10: Sym and SymP against the fitted MCTS and MCTS′",
    );
    let mut md = String::new();
    md.push_str(source);
    md.push_str("\n\nEach cell plays the paper's agent (Sym or SymP, a = 1/2) against the championship winner MCTS(a, b) or MCTS′(a, b) the paper names for that time per move, half of the games with each agent first. **Iterations**: each agent gets, on every move, the paper's mean iteration count at its first move (a budget the same on any machine). **Time**: each agent gets the paper's milliseconds per move on this machine. The score is that of the paper's agent, wins plus half the draws, per game; a cell matches when the paper's score lies in duel's 95 % interval. The iteration columns give the mean iterations at each agent's first move, paper against duel (ours / opponent).\n");
    // Rows under iteration budgets, then under time budgets (timings: `--check` skips them).
    let mut rows = [Vec::new(), Vec::new()];
    for (f, family) in FAMILIES.iter().enumerate() {
        let mine: Vec<&Played> = played.iter().filter(|p| p.family == f).collect();
        if mine.is_empty() {
            continue;
        }
        let _ = writeln!(
            md,
            "\n**Section {}: {} (`{}`), {} against MCTS and MCTS′.**\n",
            family.section,
            family.title,
            family.game,
            if family.ours == "symp" { "SymP" } else { "Sym" }
        );
        md.push_str("| budget | opponent | paper's score | duel's score (95 % CI) | games | first-move iterations, paper | duel | |\n| --- | --- | --- | --- | --- | --- | --- | --- |\n");
        for p in mine {
            let (_, cell) = p.place();
            let budget = match p.kind {
                BudgetKind::Iterations => format!("iterations of {} ms", cell.millis),
                BudgetKind::Millis => format!("{} ms", cell.millis),
                BudgetKind::Paper => format!("{} ms, paper clock", cell.millis),
            };
            let [theirs, ours] = p.opponent.paper_iterations(cell);
            let mean = |c: &Option<duel_search::arena::IterationCounts>| {
                c.map_or("–".to_string(), |c| format!("{:.0}", c.first_move))
            };
            let sum = &p.summary;
            let label = Status::of(p.agrees()).words();
            let _ = writeln!(
                md,
                "| {budget} | {} | {:.3} | {:.3} ({:.3}–{:.3}) | {} | {ours} / {theirs} | {} / {} | {label} |",
                sum.b,
                p.paper_score(),
                sum.a_score,
                sum.a_score_ci95[0],
                sum.a_score_ci95[1],
                sum.games,
                mean(&sum.a_iterations_per_move),
                mean(&sum.b_iterations_per_move),
            );
            rows[usize::from(p.kind == BudgetKind::Millis)].push(json!({
                "section": family.section, "game": family.game, "millis": cell.millis,
                "budget": p.kind.name(),
                "a": sum.a, "b": sum.b, "paper_score": p.paper_score(),
                "paper_first_move_iterations": {"a": ours, "b": theirs},
                "summary": sum, "matches": p.agrees(),
            }));
        }
    }
    // Under iteration budgets the games are the same on any machine: the conclusions are the
    // section's checks. Under time budgets they are measurements of this machine, shown.
    s.checks = super::conclusions::conclusions(played, BudgetKind::Iterations);
    let timed = super::conclusions::conclusions(played, BudgetKind::Millis);
    md.push_str("\n**The paper's conclusions (section 8.12), checked on the cells above** (under time budgets the games depend on this machine's speed and load: shown, not counted as items).\n\n| conclusion | paper | duel (budgets: score, 95 % CI) | | why |\n| --- | --- | --- | --- | --- |\n");
    for c in s.checks.iter().chain(&timed) {
        let _ = writeln!(
            md,
            "| {} | {} | {} | {} | {} |",
            c.item,
            c.published,
            c.computed,
            c.status.words(),
            c.note
        );
    }
    md.push_str(&super::gap::explanation(played, tripled));
    s.markdown = md;
    let [cells, timed_cells] = rows;
    s.json = json!({
        "cells": cells,
        "millis": {"cells": timed_cells, "conclusions": timed},
        "seed": SEED,
        "grid": grid_commands(false, "records"),
        "grid_ray": grid_commands(true, "records"),
    });
    s
}

/// The families section of the report, played now.
pub fn report_section(opts: &ReportOptions) -> Section {
    let plan = Plan::of(opts);
    let source = format!(
        "Played now: under iteration budgets the first {} cells of each family whose counts are at most {} iterations, {} games a cell; under time budgets the first {} cell(s), {} games a cell. The full grid (every cell, 10,000 games each way, as the paper) is played by the commands of docs/search.md and read back with `duel report --from-records DIR`.",
        plan.iteration_cells, plan.max_iterations, plan.iteration_games, plan.time_cells, plan.time_games
    );
    let played = play(&plan);
    let tripled = super::gap::play_tripled(plan.iteration_games);
    crate::step("families played");
    match played {
        Ok(played) => {
            let mut s = section_of(&played, &source, tripled.as_ref());
            // The paper's protocol is what the section counts; the proxies' conclusions stay
            // in the text beside it.
            let (checks, md, json) = super::paper_clock::part(&played, opts);
            s.checks = checks;
            s.markdown = format!(
                "{md}\n**Under the proxy budgets, played now** (shown, not counted).\n\n{}",
                s.markdown
            );
            s.json["paper_clock"] = json;
            s
        }
        Err(why) => {
            let mut s = section_of(&[], &source, None);
            s.checks.push(
                Claim {
                    item: "the families of section 8",
                    source: "Delattre & Fournier, sections 8.4–8.10",
                    published: "tables of section 8",
                    computed: &format!("not played: {why}"),
                    note: "a game failed",
                }
                .judged(Status::Differs),
            );
            s
        }
    }
}
