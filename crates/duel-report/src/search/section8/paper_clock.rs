//! The families under the paper's protocol, read from the committed data set
//! (`data/section8/paper-clock.json`, written by `duel search section8`): each cell an item,
//! the paper's conclusions checked on them, a sample of cells replayed to show the data set is
//! what the code plays, and the iterations each agent did by move number.

use std::fmt::Write as _;

use rayon::prelude::*;

use super::cells::{BudgetKind, Played};
use super::paper_fits::Fitted;
use super::protocol::{ways, CellData, CellKey, DataSet, DataSetError, SAMPLE_GAMES};
use crate::{Check, Claim, ReportOptions, Status};
use duel_search::arena::sequential::Verdict;
use duel_search::arena::{run_arena_prefix, score_ci95, IterationCounts, Summary, Tally};

/// The data set, as committed.
const DATA: &str = include_str!("../../../../../data/section8/paper-clock.json");

/// Where the data set is, for messages.
pub const DATA_PATH: &str = "data/section8/paper-clock.json";

/// The committed data set.
pub fn committed() -> Result<DataSet, DataSetError> {
    DataSet::parse(DATA, DATA_PATH)
}

/// A tally of the paper's agent's games as A.
fn tally(s: duel_search::arena::sequential::Score) -> Tally {
    Tally {
        games: s.games(),
        a_wins: s.wins,
        b_wins: s.losses,
        draws: s.draws,
    }
}

/// The mean iterations an agent did, as a summary's counts: its first move's, and the mean of
/// its moves' means.
fn counts(profile: &[f64], games: u64) -> Option<IterationCounts> {
    let first = *profile.first()?;
    Some(IterationCounts {
        first_move: first,
        per_move: profile.iter().sum::<f64>() / profile.len() as f64,
        games,
    })
}

/// A cell of the data set as a played cell, for the tables and the conclusions.
pub fn as_played(c: &CellData, key: CellKey) -> Played {
    let [first, second] = c.ways;
    let all = first.plus(second);
    let (a_score, a_score_ci95) = score_ci95(all.wins, all.draws, all.games().max(1));
    Played {
        family: key.family,
        cell: key.cell,
        opponent: key.opponent,
        kind: BudgetKind::Paper,
        summary: Summary {
            game: c.game.clone(),
            a: c.ours.clone(),
            b: c.theirs.clone(),
            games: all.games(),
            a_wins: all.wins,
            b_wins: all.losses,
            draws: all.draws,
            a_score,
            a_score_ci95,
            a_first: tally(first),
            b_first: tally(second),
            referee: None,
            a_iterations_per_move: counts(&c.iterations_by_move[0], all.games()),
            b_iterations_per_move: counts(&c.iterations_by_move[1], all.games()),
        },
        profile: c.iterations_by_move.clone(),
    }
}

/// The cells of the data set as played cells.
pub fn played(data: &DataSet) -> Vec<Played> {
    data.cells
        .iter()
        .filter_map(|c| DataSet::key_of(c).map(|k| as_played(c, k)))
        .collect()
}

/// `W–L–D` of a score.
fn wld(s: duel_search::arena::sequential::Score) -> String {
    format!("{}–{}–{}", s.wins, s.losses, s.draws)
}

/// The item of one cell: the paper's score against duel's under the paper's protocol, judged
/// by the sequential test.
pub fn cell_item(c: &CellData, key: CellKey, data: &DataSet, fitted: &[Fitted]) -> Check {
    let tolerance = data.protocol.test.tolerance;
    let (f, p) = key.place();
    let j = c.judgement;
    let ours = if f.ours == "symp" { "SymP" } else { "Sym" };
    let paper = key.paper_tallies();
    let (status, why) = match j.verdict {
        Verdict::Matches => (
            Status::Matches,
            format!(
                "the sequential test's interval for the difference lies within ±{tolerance}"
            ),
        ),
        Verdict::Differs => (
            Status::Differs,
            format!(
                "the sequential test's interval for the difference leaves out 0: duel's {ours} scores {} than the paper's; {}",
                if j.score > j.paper_score { "more" } else { "less" },
                super::differing::reason(c, data, fitted)
            ),
        ),
        Verdict::Undecided => (
            Status::Undecided,
            format!(
                "neither decided at {} games (the protocol's most here: {}); more games decide it",
                c.games, c.max_games
            ),
        ),
    };
    Claim {
        item: &format!(
            "section {} at {} ms: {ours} against {} (paper's clock)",
            f.section,
            p.millis,
            c.theirs.trim_end_matches(",draw=0")
        ),
        source: &format!(
            "Delattre & Fournier, section {}, table at t = {} ms",
            f.section, p.millis
        ),
        published: &format!(
            "{:.4} ({} games: {} first, {} second)",
            j.paper_score,
            c.paper.games(),
            wld_of(paper[0]),
            wld_of(paper[1])
        ),
        computed: &format!(
            "{:.4} ({} games: {} first, {} second); difference in [{:+.3}, {:+.3}]",
            j.score,
            c.games,
            wld(c.ways[0]),
            wld(c.ways[1]),
            j.difference[0],
            j.difference[1]
        ),
        note: &why,
    }
    .judged(status)
}

/// `W–L–D` of a paper's tally.
fn wld_of(t: [u64; 3]) -> String {
    format!("{}–{}–{}", t[0], t[1], t[2])
}

/// The cells replayed: with `full` every cell of the data set, else the first cell of each
/// family against MCTS.
fn replayed_cells(data: &DataSet, full: bool) -> Vec<&CellData> {
    let mut seen = Vec::new();
    data.cells
        .iter()
        .filter(|c| {
            if full {
                return true;
            }
            let fresh = c.opponent == "mcts" && !seen.contains(&c.section);
            if fresh {
                seen.push(c.section.clone());
            }
            fresh
        })
        .collect()
}

/// The data set's first [`SAMPLE_GAMES`] games of a sample of cells played again: the same
/// wins, losses and draws each way, or the cells that differ.
pub fn replay(data: &DataSet, opts: &ReportOptions) -> Check {
    let cells = replayed_cells(data, opts.longest_rows());
    let games = if opts.quick { 20 } else { SAMPLE_GAMES };
    let outcomes: Vec<(String, bool)> = cells
        .par_iter()
        .map(|c| {
            let name = format!("{} at {} ms vs {}", c.section, c.millis, c.opponent);
            let Some(key) = DataSet::key_of(c) else {
                return (name, false);
            };
            let config = super::protocol::arena_config(key, &c.clocks, super::protocol::RUN_GAMES);
            let same = run_arena_prefix(&config, None, games, &|_| {}).is_ok_and(|run| {
                let got = ways(&run.records);
                if games == SAMPLE_GAMES {
                    got == c.sample
                } else {
                    // The quick report replays fewer games: they must be a part of the sample.
                    got.iter().zip(&c.sample).all(|(g, s)| {
                        g.wins <= s.wins && g.losses <= s.losses && g.draws <= s.draws
                    })
                }
            });
            (name, same)
        })
        .collect();
    let wrong: Vec<&str> = outcomes
        .iter()
        .filter(|(_, ok)| !ok)
        .map(|(n, _)| n.as_str())
        .collect();
    Claim {
        item: "the data set of section 8 is what the code plays",
        source: "Delattre & Fournier, sections 8.4–8.10 (data/section8/paper-clock.json)",
        published: &format!("the first {SAMPLE_GAMES} games' tallies of each cell"),
        computed: &format!(
            "{} cells replayed at {games} games: {}",
            outcomes.len(),
            if wrong.is_empty() {
                "the same wins, losses and draws each way".to_string()
            } else {
                format!("different in {}", wrong.join(", "))
            }
        ),
        note: "each cell's games replayed from its seed and calibrated clocks (`--full`: every cell); the games are the same on any machine and number of threads",
    }
    .judged(Status::of(wrong.is_empty() && !outcomes.is_empty()))
}

/// The moves whose mean iterations the profile table shows.
const PROFILE_AT: [usize; 8] = [1, 2, 3, 5, 8, 12, 16, 20];

/// Per family, the mean iterations by move number of each agent under the paper's clock, at
/// the family's smallest and largest time against MCTS.
pub fn profile_table(data: &DataSet) -> String {
    let mut md = String::from("| family | time | agent | first move, paper |");
    for m in PROFILE_AT {
        let _ = write!(md, " move {m} |");
    }
    md.push_str("\n| --- | --- | --- | --- |");
    md.push_str(&" --- |".repeat(PROFILE_AT.len()));
    md.push('\n');
    for section in data
        .cells
        .iter()
        .map(|c| &c.section)
        .collect::<std::collections::BTreeSet<_>>()
    {
        let mine: Vec<&CellData> = data
            .cells
            .iter()
            .filter(|c| &c.section == section && c.opponent == "mcts")
            .collect();
        let (Some(lo), Some(hi)) = (
            mine.iter().min_by_key(|c| c.millis),
            mine.iter().max_by_key(|c| c.millis),
        ) else {
            continue;
        };
        let mut chosen = vec![*lo];
        if hi.millis != lo.millis {
            chosen.push(*hi);
        }
        for c in chosen {
            for (i, who) in [&c.ours, &c.theirs].iter().enumerate() {
                let paper = c.clocks[i].paper_first_move;
                let _ = write!(
                    md,
                    "| {section} | {} ms | `{who}` | {} |",
                    c.millis,
                    if paper > 0 {
                        paper.to_string()
                    } else {
                        "–".to_string()
                    }
                );
                for m in PROFILE_AT {
                    let v = c.iterations_by_move[i].get(m - 1);
                    let _ = write!(
                        md,
                        " {} |",
                        v.map_or("–".to_string(), |x| format!("{x:.0}"))
                    );
                }
                md.push('\n');
            }
        }
    }
    md
}

/// The effect of duel's convention for draws (1/2 to each side) against the paper's (a loss
/// for the player at the root): section 8.6 at 4 ms against MCTS, on the paper's clock, once
/// with each convention for MCTS, the same games' seeds.
pub fn draw_convention(data: &DataSet, opts: &ReportOptions) -> Option<Check> {
    let c = data
        .cells
        .iter()
        .find(|c| c.section == "8.6" && c.millis == 4 && c.opponent == "mcts")?;
    let key = DataSet::key_of(c)?;
    let games = if opts.quick { 40 } else { 2_000 };
    let score = |draw: &str| -> Option<(f64, [f64; 2], u64)> {
        let mut config = super::protocol::arena_config(key, &c.clocks, super::protocol::RUN_GAMES);
        config.b = config.b.replace(",draw=0", draw);
        let run = run_arena_prefix(&config, None, games, &|_| {}).ok()?;
        let [a, b] = ways(&run.records);
        let all = a.plus(b);
        let (m, ci) = score_ci95(all.wins, all.draws, all.games());
        Some((m, ci, all.draws))
    };
    let (paper, halves) = (score(",draw=0")?, score("")?);
    Some(
        Claim {
            item: "MCTS counting a draw as 1/2 instead of the paper's loss (8.6, 4 ms, paper's clock)",
            source: "Delattre & Fournier, Algorithms 30 and 31 (W counts J₁'s wins)",
            published: "-",
            computed: &format!(
                "Sym scores {:.3} ({:.3}–{:.3}, {} draws) against the paper's MCTS, {:.3} ({:.3}–{:.3}, {} draws) against MCTS with draws at 1/2, {games} games each",
                paper.0, paper.1[0], paper.1[1], paper.2, halves.0, halves.1[0], halves.1[1], halves.2
            ),
            note: "the same seeds and clocks; the convention changes MCTS's choices only where simulated matches end in draws",
        }
        .judged(Status::New),
    )
}

/// A score for the side-by-side table: `0.512 (100)`, or `–` where the cell was not played
/// under that budget.
fn score_cell(p: Option<&Played>) -> String {
    p.map_or("–".to_string(), |p| {
        format!(
            "{:.3} ({}, {})",
            p.summary.a_score,
            p.summary.games,
            Status::of(p.agrees()).words()
        )
    })
}

/// The part of the families section under the paper's protocol: its checks (each cell, the
/// conclusions, the replay, the draw convention), its text, and its JSON. `proxies` are the
/// cells played now under the iteration and time budgets, set beside each cell.
pub fn part(proxies: &[Played], opts: &ReportOptions) -> (Vec<Check>, String, serde_json::Value) {
    let data = match committed() {
        Ok(d) => d,
        Err(why) => {
            let check = Claim {
                item: "the data set of section 8",
                source: "Delattre & Fournier, sections 8.4–8.10 (data/section8/paper-clock.json)",
                published: "the grid of section 8",
                computed: &format!("not read: {why}"),
                note: "run `duel search section8` to write it",
            }
            .judged(Status::Differs);
            return (vec![check], String::new(), serde_json::Value::Null);
        }
    };
    let played = played(&data);
    let fitted = super::paper_fits::committed().unwrap_or_default();
    let mut checks: Vec<Check> = data
        .cells
        .iter()
        .filter_map(|c| DataSet::key_of(c).map(|k| cell_item(c, k, &data, &fitted)))
        .collect();
    let missing: Vec<String> = CellKey::all()
        .into_iter()
        .filter(|k| data.cell(*k).is_none())
        .map(|k| {
            let (f, c) = k.place();
            format!("{} at {} ms vs {}", f.section, c.millis, k.opponent.name())
        })
        .collect();
    if !missing.is_empty() {
        checks.push(
            Claim {
                item: "every cell of sections 8.4–8.10 played by the paper's protocol",
                source: "Delattre & Fournier, sections 8.4–8.10",
                published: "78 cells",
                computed: &format!(
                    "{} cells; not yet: {}",
                    data.cells.len(),
                    missing.join(", ")
                ),
                note:
                    "the cells not yet played are left to `duel search section8` (docs/search.md)",
            }
            .judged(Status::Undecided),
        );
    }
    checks.extend(super::conclusions::conclusions(&played, BudgetKind::Paper));
    checks.extend(misprint_8_4(&data));
    checks.extend(super::won_starts::items(&data));
    checks.extend(super::variants::committed_items());
    checks.extend(super::paper_fits::items());
    checks.push(replay(&data, opts));
    checks.extend(draw_convention(&data, opts));
    crate::step("paper's protocol replayed");

    let p = data.protocol;
    let mut md = format!(
        "**By the paper's protocol** (the items above): each agent gets the paper's time per move on a clock of work units — nodes created, chosen and updated, and moves of simulated matches — calibrated on {} first moves so that it does the paper's mean iterations at its first move; later moves get more iterations as they get cheaper, as on the paper's machine, and a seed gives the same games on any machine. The opponents are the paper's MCTS and MCTS′ (a draw is a loss for the player at the root, Algorithms 30 and 31), with the paper's championship winners. Each cell plays {} games (half each way), then {} more at a time up to {} while a sequential test (a normal-mixture confidence sequence for duel's score, valid at every stopping time, and a Hoeffding interval for the paper's {} games; α = {}, scores within ±{} match) is undecided. The data set ({DATA_PATH}) holds each cell's clocks, games, iterations by move and its command; `duel search section8` writes it.\n\n",
        data.samples, p.min_games, p.batch, p.max_games, "20,000", p.test.alpha, p.test.tolerance
    );
    md.push_str("**The three budgets side by side** (the paper's agent's score; in brackets the games and whether the paper's score is in duel's 95 % interval): the paper-equivalent clock, the paper's first-move iterations on every move, and the paper's milliseconds on this machine (played now, a few cells only).\n\n| cell | paper | paper's clock | verdict | iterations | this machine's time |\n| --- | --- | --- | --- | --- | --- |\n");
    for (c, q) in data.cells.iter().zip(&played) {
        let find = |kind: BudgetKind| {
            proxies.iter().find(|x| {
                x.kind == kind
                    && x.family == q.family
                    && x.cell == q.cell
                    && x.opponent == q.opponent
            })
        };
        let _ = writeln!(
            md,
            "| {} at {} ms vs {} | {:.3} | {:.3} ({}) | {} | {} | {} |",
            c.section,
            c.millis,
            c.opponent,
            c.judgement.paper_score,
            c.judgement.score,
            c.games,
            c.judgement.verdict.words(),
            score_cell(find(BudgetKind::Iterations)),
            score_cell(find(BudgetKind::Millis)),
        );
    }
    md.push_str("\n**Mean iterations by move number under the paper's clock** (each agent's own moves; the first move is the calibrated one), against MCTS at each family's smallest and largest time:\n\n");
    md.push_str(&profile_table(&data));
    let json = serde_json::to_value(&data).unwrap_or(serde_json::Value::Null);
    (checks, md, json)
}

/// Section 8.4 at 8 ms, SymP first against MCTS′: the table prints 4641 wins and 6359 losses,
/// 11,000 games where every other cell has 10,000 a side; 5359 fits. The cell judged under
/// both readings.
pub fn misprint_8_4(data: &DataSet) -> Option<Check> {
    let c = data
        .cells
        .iter()
        .find(|c| c.section == "8.4" && c.millis == 8 && c.opponent == "mcts-prime")?;
    let key = DataSet::key_of(c)?;
    let printed = key.paper_score();
    let read = duel_search::arena::sequential::Score {
        losses: printed.losses - 1_000,
        ..printed
    };
    let [first, second] = c.ways;
    let duel = first.plus(second);
    let verdict = |paper| {
        let j = data.protocol.test.judge(duel, paper);
        format!(
            "paper's score {:.4}, difference in [{:+.3}, {:+.3}]: {}",
            j.paper_score,
            j.difference[0],
            j.difference[1],
            j.verdict.words()
        )
    };
    Some(
        Claim {
            item: "section 8.4 at 8 ms, SymP first against MCTS′(3.5, 5): 4641 wins and 6359 losses",
            source: "Delattre & Fournier, section 8.4, table at t = 8 ms",
            published: "4641–6359–0: 11,000 games",
            computed: &format!(
                "as printed: {}; reading 5359: {} (duel: {:.4} over {} games)",
                verdict(printed),
                verdict(read),
                duel.mean().unwrap_or(0.0),
                duel.games()
            ),
            note: "a misprint: every other side of every cell has 10,000 games, so 6359 is 5359; the cell's item above uses the table as printed",
        }
        .judged(Status::Differs),
    )
}
