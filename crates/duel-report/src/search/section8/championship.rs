//! Section 8.3 of Delattre & Fournier in the report: the parameters of MCTS and MCTS′ fitted
//! by a championship instead of copied from the paper, and the referee on the small games.
//!
//! [`paper_fits`] are the paper's fitted players and first-move iteration counts for every
//! family and budget (sections 8.4 to 8.10), read from the transcription of its tables in
//! [`super::paper`]. [`super::fits::fit`] plays the championship that fits them again; the
//! report plays a reduced one (every pair of players meets in two games, one per colour, on a
//! fresh Pearl tree) at the iteration counts the paper reports for 1 ms on the large Pearl
//! game.

use std::fmt::Write as _;

use serde_json::json;

use super::cells::Opponent;
use super::fits::{families_table, family_plan, fit, judge, play_plan, FamilyFit};
use super::paper::FAMILIES;
use super::rematch::{rematches, REMATCH_GAMES};
use crate::search::part::Part;
use crate::{Claim, ReportOptions, Status};
use duel_search::arena::championship::ChampionshipAnswer;
use duel_search::arena::ArenaError;
use duel_search::arena::{run_arena, ArenaConfig, Shard};
use duel_search::Budget;

/// One budget of one family of section 8: the players the paper's championships picked, with
/// their mean iterations at the first move, and its own agent's.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PaperFit {
    /// The subsection, e.g. `8.4`.
    pub section: &'static str,
    /// The game, as duel names it.
    pub game: &'static str,
    /// Milliseconds per move.
    pub t_ms: u32,
    /// MCTS(a, b): a, b, mean iterations at the first move.
    pub mcts: (f64, f64, u64),
    /// MCTS′(a, b): a, b, mean iterations at the first move.
    pub mcts_prime: (f64, f64, u64),
    /// The paper's agent (`sym` or `symp`) and its mean iterations at the first move.
    pub ours: (&'static str, u64),
}

impl PaperFit {
    /// The spec of the fitted MCTS, e.g. `mcts:a=3.5,b=5`.
    pub fn mcts_spec(&self) -> String {
        format!("mcts:a={},b={}", self.mcts.0, self.mcts.1)
    }

    /// The spec of the fitted MCTS′.
    pub fn mcts_prime_spec(&self) -> String {
        format!("mcts-prime:a={},b={}", self.mcts_prime.0, self.mcts_prime.1)
    }
}

/// The paper's fitted players of every family and budget (sections 8.4 to 8.10), read from
/// the one transcription of its tables ([`FAMILIES`]). The 1024 ms cell of section 8.6 names
/// MCTS(10, 10) and MCTS′(10, 10) and prints no iteration counts (0 here).
pub fn paper_fits() -> impl Iterator<Item = PaperFit> {
    FAMILIES.iter().flat_map(|f| {
        f.cells.iter().map(move |c| PaperFit {
            section: f.section,
            game: f.game,
            t_ms: c.millis as u32,
            mcts: (c.mcts.0, c.mcts.1, c.iterations[0]),
            mcts_prime: (c.prime.0, c.prime.1, c.iterations[1]),
            ours: (f.ours, c.iterations[2]),
        })
    })
}

/// The paper's fitted players for `game` at `t_ms` milliseconds per move, if it has them.
pub fn paper_fit(game: &str, t_ms: u32) -> Option<PaperFit> {
    paper_fits().find(|f| f.game == game && f.t_ms == t_ms)
}

/// What a championship was played with, for its line and its item.
type Played = (FamilyFit, Result<ChampionshipAnswer, ArenaError>);

/// The subsection "Section 8.3: fitting MCTS's parameters" and the referee's table: their
/// Markdown, checks and numbers (under `championship`).
pub(crate) fn section_8_3(opts: &ReportOptions) -> Part {
    let mut part = Part::default();
    let Some(paper) = paper_fit("pearl:2:32", 1) else {
        part.data.push(("championship".into(), json!(null)));
        return part;
    };
    let (out, mut played) = paper_championships(opts, &paper, &mut part);
    // Every family with `--full`: the lines of 8.4 are the championships above, whose items
    // are already counted.
    let families = opts.longest_rows().then(|| {
        played.extend(play_plan(&family_plan()));
        let (rows, items) = families_table(&played, &mut part.markdown);
        for ((p, _), item) in played.iter().zip(items) {
            if p.section != paper.section {
                part.checks.push(item);
            }
        }
        let (again, items) = rematches(&played, REMATCH_GAMES, &mut part.markdown);
        part.checks.extend(items);
        (rows, again)
    });
    let referee = referee_table(opts, &mut part);
    let mut doc = json!({"championships": out, "referee": referee});
    if let Some((rows, again)) = families {
        doc["families"] = rows;
        doc["rematches"] = again;
    }
    part.data.push(("championship".into(), doc));
    part
}

/// The championships of MCTS and MCTS′ on pearl:2:32 at the paper's 1 ms iteration counts:
/// their table into `part`, their rows, and what was played.
fn paper_championships(
    opts: &ReportOptions,
    paper: &PaperFit,
    part: &mut Part,
) -> (Vec<serde_json::Value>, Vec<Played>) {
    // The full grid of the paper, or k ≥ 4 (a ≥ 2, which holds both of the paper's players).
    let (from, grid) = if opts.quick { (4, 10) } else { (1, 10) };
    let games = 2;
    let md = &mut part.markdown;
    md.push_str("\n### Section 8.3: fitting MCTS's parameters\n\n");
    let _ = writeln!(
        md,
        "The paper fits MCTS(a, b) and MCTS′(a, b) for each game and time per move by a championship of the players a = k/2, b = l/2, 1 ≤ k ≤ l ≤ 10, each pair meeting in 40 games (20 with each colour), the winner the player with the most wins. Here the championship of the large Pearl game (pearl:2:32) at 1 ms is played with the paper's first-move iteration counts at 1 ms as budgets ({} for MCTS, {} for MCTS′), over {from} ≤ k ≤ l ≤ {grid}, each pair of players meeting in {games} games (one with each colour, on a fresh realization of the tree): `duel arena championship pearl:2:32 --agent mcts --grid 10 --iterations {} --games 40` plays the paper's. Ties are broken by fewer losses, then by the smaller (a, b).\n",
        paper.mcts.2, paper.mcts_prime.2, paper.mcts.2
    );
    md.push_str("| championship | players | games | winner: wins/draws/losses (score, 95 % CI) | margin over the runner-up | paper's player: rank, wins | top five |\n| --- | --- | --- | --- | --- | --- | --- |\n");
    let mut out = Vec::new();
    let mut played = Vec::new();
    for (agent, (a, b, iterations), seed) in [
        (Opponent::Mcts, paper.mcts, 831),
        (Opponent::Prime, paper.mcts_prime, 832),
    ] {
        let plan = FamilyFit {
            section: paper.section,
            game: paper.game,
            agent,
            paper: format!("{agent}:a={a},b={b}"),
            iterations,
            grid: (from, grid),
            games,
            seed,
        };
        match fit(paper.game, agent, iterations, (from, grid), games, seed) {
            Ok(c) => {
                out.push(championship_line(&plan, &c, part));
                played.push((plan, Ok(c)));
            }
            Err(e) => {
                let _ = writeln!(part.markdown, "| {agent} | | | failed: {e} | | | |");
                played.push((plan, Err(e)));
            }
        }
    }
    (out, played)
}

/// One championship of the paper's: its line and item into `part`, its row returned.
fn championship_line(
    plan: &FamilyFit,
    c: &ChampionshipAnswer,
    part: &mut Part,
) -> serde_json::Value {
    let (agent, iterations, games) = (plan.agent, plan.iterations, plan.games);
    let paper_spec = &plan.paper;
    let w = &c.winner;
    let setting = format!("{games} games a pair, the paper's first-move iteration count as a fixed budget where the paper gave 1 ms a move");
    let verdict = judge(c, paper_spec, &setting);
    let theirs = verdict.theirs;
    let top: Vec<String> = c
        .standings
        .iter()
        .take(5)
        .map(|s| format!("({}, {}) {}", s.player.a, s.player.b, s.wins))
        .collect();
    let _ = writeln!(
        part.markdown,
        "| {agent}, {iterations} iterations a move | {} | {} | {}: {}/{}/{} ({:.3}, {:.3}–{:.3}) | {} | {} | {} |",
        c.players,
        c.games,
        w.player.spec,
        w.wins,
        w.draws,
        w.losses,
        w.score,
        w.score_ci95[0],
        w.score_ci95[1],
        c.margin,
        theirs.map_or("not in the grid".to_string(), |s| format!(
            "{}, {} wins (score {:.3})",
            s.rank, s.wins, s.score
        )),
        top.join("; ")
    );
    part.checks.push(
        Claim {
            item: &format!("{agent} fitted by a championship on pearl:2:32, the paper's 1 ms iteration count ({iterations}) as budget"),
            source: "Delattre & Fournier, sections 8.3 and 8.4",
            published: paper_spec,
            computed: &format!("{} ({} wins of {}, margin {})", w.player.spec, w.wins, w.games, c.margin),
            note: &verdict.note,
        }
        .judged(Status::of(verdict.same)),
    );
    let (from, grid) = plan.grid;
    json!({
        "agent": agent, "game": plan.game, "iterations": iterations, "from": from, "grid": grid,
        "games_per_pair": games, "seed": plan.seed, "paper": paper_spec, "winner": w,
        "margin": c.margin, "top": c.standings.iter().take(10).collect::<Vec<_>>(),
    })
}

/// The referee on the small games: each agent's share of moves that kept the exact value.
fn referee_table(opts: &ReportOptions, part: &mut Part) -> serde_json::Value {
    let md = &mut part.markdown;
    let games = if opts.quick { 20 } else { 100 };
    let small = paper_fit("pearl:2:16", 1);
    let four = paper_fit("connect:4x10:3", 1);
    let mut cells: Vec<(String, String, String, u64, u64)> = vec![(
        "tictactoe".into(),
        "solver".into(),
        "mcts:a=3.5,b=5".into(),
        100_000,
        100,
    )];
    for f in [small, four].into_iter().flatten() {
        cells.push((
            f.game.into(),
            f.ours.0.into(),
            f.mcts_spec(),
            f.ours.1,
            f.mcts.2,
        ));
        cells.push((
            f.game.into(),
            f.ours.0.into(),
            f.mcts_prime_spec(),
            f.ours.1,
            f.mcts_prime.2,
        ));
    }
    md.push_str("\n### The referee: moves that kept the exact value\n\n");
    let _ = writeln!(
        md,
        "`duel arena --referee` solves every position of every game exactly (alpha-beta, at most 2 million positions a position) and counts, for each agent, the moves after which the position's value for the side that moved was unchanged (in a won position, a winning move; in a lost one every move). {games} games a line, colours alternating, at the paper's 1 ms first-move iteration counts as budgets (section 8.5 for pearl:2:16, 8.7 for connect:4x10:3); the solver's line checks the referee itself.\n"
    );
    md.push_str("| game | A | B | iterations A / B | A: kept / moves | B: kept / moves | A's score (95 % CI) |\n| --- | --- | --- | --- | --- | --- | --- |\n");
    let mut out = Vec::new();
    for (game, a, b, ia, ib) in cells {
        let config = ArenaConfig {
            game: game.clone(),
            a: a.clone(),
            b: b.clone(),
            games,
            budget: Budget::Iterations(ia),
            b_budget: Some(Budget::Iterations(ib)),
            seed: 833,
            threads: None,
            memory: None,
            shard: Shard::ALL,
            referee: true,
        };
        let run = match run_arena(&config, &|| {}) {
            Ok(r) => r,
            Err(e) => {
                let _ = writeln!(md, "| {game} | {a} | {b} | {ia} / {ib} | failed: {e} | | |");
                continue;
            }
        };
        let s = &run.summary;
        let Some(r) = s.referee else { continue };
        let _ = writeln!(
            md,
            "| {game} | {} | {} | {ia} / {ib} | {}/{} ({:.3}) | {}/{} ({:.3}) | {:.3} ({:.3}–{:.3}) |",
            s.a, s.b, r.a.kept, r.a.moves, r.a_kept_fraction, r.b.kept, r.b.moves, r.b_kept_fraction,
            s.a_score, s.a_score_ci95[0], s.a_score_ci95[1]
        );
        if a == "solver" {
            let status = if r.a.kept == r.a.moves {
                Status::New
            } else {
                Status::Differs
            };
            part.checks.push(
                Claim {
                    item: "the referee: the exact agent keeps the value of every position (tic-tac-toe)",
                    source: "duel (beyond the paper)",
                    published: "",
                    computed: &format!("{}/{} moves", r.a.kept, r.a.moves),
                    note: "a check of the referee itself: solver's moves are exact, so all keep the value",
                }
                .judged(status),
            );
        }
        out.push(json!({"game": game, "a": s.a, "b": s.b, "iterations": [ia, ib], "referee": r, "a_score": s.a_score, "a_score_ci95": s.a_score_ci95}));
    }
    json!(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every fitted player is on the paper's grid (a = k/2 ≤ b = l/2, l ≤ 10, or 20 in section
    /// 8.5), every game is one duel plays, and the cells are found by game and budget.
    #[test]
    fn the_papers_fits_are_on_its_grid() {
        for f in paper_fits() {
            // The grids: l ≤ 10, l ≤ 20 in section 8.5, and MCTS(10, 10) at 1024 ms.
            let max = if f.section == "8.5" || f.t_ms == 1024 {
                10.0
            } else {
                5.0
            };
            if f.t_ms == 1024 {
                assert_eq!(
                    (f.mcts, f.mcts_prime, f.ours.1),
                    ((10.0, 10.0, 0), (10.0, 10.0, 0), 0)
                );
                continue;
            }
            for (a, b, iterations) in [f.mcts, f.mcts_prime] {
                assert!(
                    (a * 2.0).fract() == 0.0 && (b * 2.0).fract() == 0.0,
                    "{f:?}"
                );
                assert!(0.5 <= a && a <= b && b <= max, "{f:?}");
                assert!(iterations > f.ours.1, "{f:?}");
            }
            assert!(duel_games::parse_game(f.game).is_ok(), "{}", f.game);
            assert!(duel_search::AgentSpec::parse(&f.mcts_spec()).is_ok());
            assert!(duel_search::AgentSpec::parse(&f.mcts_prime_spec()).is_ok());
        }
        let f = paper_fit("pearl:2:32", 1).unwrap();
        assert_eq!(f.mcts_spec(), "mcts:a=3.5,b=5");
        assert_eq!(f.mcts_prime_spec(), "mcts-prime:a=2,b=3");
        assert_eq!((f.mcts.2, f.mcts_prime.2, f.ours.1), (498, 442, 163));
        assert_eq!(
            paper_fit("connect:7x6:4", 16).unwrap().mcts_spec(),
            "mcts:a=4,b=4.5"
        );
        assert!(paper_fit("connect:7x6:4", 3).is_none());
    }

    /// The reduced championship of the report names a winner with its record.
    #[test]
    fn a_small_fit_names_a_winner() {
        use crate::search::section8::fits::fit;
        let c = fit("pearl:2:8", Opponent::Mcts, 50, (3, 5), 2, 1).unwrap();
        assert_eq!(c.players, 6);
        assert_eq!(c.winner.games, 10);
        assert!(c.winner.wins >= c.standings[1].wins);
    }
}
