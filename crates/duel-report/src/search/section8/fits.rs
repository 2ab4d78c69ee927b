//! Section 8.3's championships judged against the paper's fitted players: [`fit`] plays one,
//! [`judge`] says whether it agrees with the paper, and with `duel report --full`
//! [`families_table`] fits MCTS and MCTS′ for every family of sections 8.4–8.10 at the
//! iteration count the paper reports for its smallest budget (1 ms a move).

use std::fmt::Write as _;

use serde_json::json;

use super::cells::Opponent;
use super::paper::FAMILIES;
use crate::{Check, Claim, Status};
use duel_search::arena::championship::{run_championship, ChampionshipAnswer, ChampionshipConfig};
use duel_search::arena::standings::Standing;
use duel_search::arena::ArenaError;
use duel_search::Budget;

/// Plays the championship of `agent` (`mcts` or `mcts-prime`) over the grid `from ≤ k ≤ l ≤
/// grid` on `game`, `games` games a pair at `iterations` per move: the winner is the fitted
/// player ([`ChampionshipAnswer::winner`]).
pub fn fit(
    game: &str,
    agent: Opponent,
    iterations: u64,
    (from, grid): (u32, u32),
    games: u64,
    seed: u64,
) -> Result<ChampionshipAnswer, ArenaError> {
    let config = ChampionshipConfig {
        game: game.to_string(),
        agent: agent.name().to_string(),
        grid,
        from,
        games,
        budget: Budget::Iterations(iterations),
        seed,
        threads: None,
        memory: None,
        referee: false,
    };
    run_championship(&config, None, &|_| {})
}

/// How a championship's winner stands against the paper's fitted player.
#[derive(Clone, Debug)]
pub struct Verdict<'a> {
    /// The paper's player's line of the standings (`None`: outside the grid played).
    pub theirs: Option<&'a Standing>,
    /// Whether the winner is the paper's player.
    pub same: bool,
    /// Whether the paper's player's score lies inside the winner's 95 % interval (the
    /// championship cannot separate them).
    pub within: bool,
    /// Why, in a sentence.
    pub note: String,
}

/// Compares championship `c` with the paper's player `paper_spec`; `setting` says in a few
/// words how `c` was played (games a pair, grid, budget) for the note when they differ.
pub fn judge<'a>(c: &'a ChampionshipAnswer, paper_spec: &str, setting: &str) -> Verdict<'a> {
    let w = &c.winner;
    let theirs = c.standings.iter().find(|s| s.player.spec == paper_spec);
    let same = w.player.spec == paper_spec;
    let within = theirs.is_some_and(|s| s.score >= w.score_ci95[0]);
    let note = if same {
        "the championship's winner is the paper's player".to_string()
    } else if within {
        format!(
            "a tight championship, as the paper says of its own (\"the resulting best player is rather unstable … the competition is very tight among a few players\"): the paper's player is ranked {} with a score inside the winner's 95 % interval, so these {} games a pair do not separate them",
            theirs.map_or(0, |s| s.rank),
            c.games_per_pair
        )
    } else {
        format!(
            "the paper's player is ranked {} here, its score below the winner's 95 % interval: in this championship ({setting}) other parameters win",
            theirs.map_or("outside the grid".to_string(), |s| s.rank.to_string())
        )
    };
    Verdict {
        theirs,
        same,
        within,
        note,
    }
}

/// One championship of the families' table: where and how it is played.
#[derive(Clone, Debug, PartialEq)]
pub struct FamilyFit {
    /// The subsection, e.g. `8.5`.
    pub section: &'static str,
    /// The game, as duel names it.
    pub game: &'static str,
    /// `mcts` or `mcts-prime`.
    pub agent: Opponent,
    /// The paper's fitted player at the family's smallest budget, e.g. `mcts:a=5,b=8.5`.
    pub paper: String,
    /// Iterations a move: the paper's mean at the first move of its fitted player.
    pub iterations: u64,
    /// The grid `from ≤ k ≤ l ≤ grid`.
    pub grid: (u32, u32),
    /// Games of each pair of players.
    pub games: u64,
    /// The championship's seed.
    pub seed: u64,
}

impl FamilyFit {
    /// How it is played, in words, for the table and the notes.
    pub fn setting(&self) -> String {
        let (from, grid) = self.grid;
        let paper_grid = if self.section == "8.5" { 20 } else { 10 };
        let reduced = if (from, grid) == (1, paper_grid) {
            String::new()
        } else {
            format!(" (the paper's: 1 ≤ k ≤ l ≤ {paper_grid})")
        };
        format!(
            "{} games a pair where the paper played 40, over {from} ≤ k ≤ l ≤ {grid}{reduced}, the paper's first-move iteration count as a fixed budget where the paper gave 1 ms a move",
            self.games
        )
    }

    /// The item of its line of the families' table.
    fn item(&self) -> String {
        format!(
            "{} fitted by a championship on {} (section {}), the paper's 1 ms iteration count ({}) as budget",
            self.agent, self.game, self.section, self.iterations
        )
    }

    /// Where the paper fits it.
    fn source(&self) -> String {
        format!("Delattre & Fournier, sections 8.3 and {}", self.section)
    }
}

/// The grid and games a pair of the families' championships, sized so that 8.5–8.10 together
/// take about two minutes of CPU on the report's machine: the paper's grid with 10 games a pair
/// (5 with each colour) on the Connect Four families; on the small Pearl game, whose paper's
/// grid is 1 ≤ k ≤ l ≤ 20 (210 players), the players with a ≥ 4 (8 ≤ k, 91 players, which hold
/// every player the paper fitted there) with 4 games a pair.
fn grid_of(section: &str) -> ((u32, u32), u64) {
    if section == "8.5" {
        ((8, 20), 4)
    } else {
        ((1, 10), 10)
    }
}

/// The championships of families 8.5–8.10 (8.4's are played for the default report), MCTS and
/// MCTS′ each, at the paper's first-move iteration counts of its smallest budget.
pub fn family_plan() -> Vec<FamilyFit> {
    let mut out = Vec::new();
    for (f, family) in FAMILIES.iter().enumerate().skip(1) {
        let Some(cell) = family.cells.first() else {
            continue;
        };
        let (grid, games) = grid_of(family.section);
        for (j, (agent, (a, b), iterations)) in [
            (Opponent::Mcts, cell.mcts, cell.iterations[0]),
            (Opponent::Prime, cell.prime, cell.iterations[1]),
        ]
        .into_iter()
        .enumerate()
        {
            out.push(FamilyFit {
                section: family.section,
                game: family.game,
                agent,
                paper: format!("{agent}:a={a},b={b}"),
                iterations,
                grid,
                games,
                seed: 8300 + 10 * f as u64 + j as u64,
            });
        }
    }
    out
}

/// Plays the championships of `plan`, one after the other (each uses every core).
pub fn play_plan(plan: &[FamilyFit]) -> Vec<(FamilyFit, Result<ChampionshipAnswer, ArenaError>)> {
    plan.iter()
        .map(|p| {
            let c = fit(p.game, p.agent, p.iterations, p.grid, p.games, p.seed);
            (p.clone(), c)
        })
        .collect()
}

/// The families' table: a line per championship of `played` with the paper's player, duel's
/// winner, the paper's player's own record and the status (`matches` when the paper's player
/// is the winner or its score lies inside the winner's 95 % interval). Its Markdown goes into
/// `md`; returns the rows' JSON and a check per row.
pub fn families_table(
    played: &[(FamilyFit, Result<ChampionshipAnswer, ArenaError>)],
    md: &mut String,
) -> (serde_json::Value, Vec<Check>) {
    md.push_str("\n**Every family (`duel report --full`).** MCTS(a, b) and MCTS′(a, b) fitted again for each family at the paper's smallest budget, 1 ms a move, played as its mean iteration count at the first move of the paper's fitted player. The 8.4 lines are the championships above; the grid and games a pair of each line are given. Status: `matches` when the paper's player wins or its score (wins plus half the draws, per game) lies inside the winner's 95 % interval (the championship cannot separate them), `differs` otherwise.\n\n");
    md.push_str("| family | agent | iterations a move | grid, games a pair | paper's player | duel's winner: wins/games (score, 95 % CI) | paper's player here: rank, wins/games (score) | status | why |\n| --- | --- | --- | --- | --- | --- | --- | --- | --- |\n");
    let mut rows = Vec::new();
    let mut checks = Vec::new();
    for (p, c) in played {
        let (from, grid) = p.grid;
        let head = format!(
            "| {} `{}` | {} | {} | {from} ≤ k ≤ l ≤ {grid}, {} | {} |",
            p.section, p.game, p.agent, p.iterations, p.games, p.paper
        );
        let c = match c {
            Ok(c) => c,
            Err(e) => {
                let _ = writeln!(md, "{head} failed: {e} | | differs | |");
                checks.push(
                    Claim {
                        item: &p.item(),
                        source: &p.source(),
                        published: &p.paper,
                        computed: &format!("not played: {e}"),
                        note: "",
                    }
                    .judged(Status::Differs),
                );
                continue;
            }
        };
        let w = &c.winner;
        let v = judge(c, &p.paper, &p.setting());
        let status = Status::of(v.same || v.within);
        let theirs = v.theirs.map_or("not in the grid".to_string(), |s| {
            format!("{}, {}/{} ({:.3})", s.rank, s.wins, s.games, s.score)
        });
        let _ = writeln!(
            md,
            "{head} {}: {}/{} ({:.3}, {:.3}–{:.3}) | {theirs} | {} | {} |",
            w.player.spec,
            w.wins,
            w.games,
            w.score,
            w.score_ci95[0],
            w.score_ci95[1],
            status.words(),
            v.note
        );
        let computed = format!(
            "{} ({} wins of {}, score {:.3}, 95 % CI {:.3}–{:.3}); the paper's player: {theirs}",
            w.player.spec, w.wins, w.games, w.score, w.score_ci95[0], w.score_ci95[1]
        );
        checks.push(
            Claim {
                item: &p.item(),
                source: &p.source(),
                published: &p.paper,
                computed: &computed,
                note: &v.note,
            }
            .judged(status),
        );
        rows.push(json!({
            "section": p.section, "game": p.game, "agent": p.agent, "iterations": p.iterations,
            "from": from, "grid": grid, "games_per_pair": p.games, "seed": p.seed,
            "paper": p.paper, "winner": w, "margin": c.margin, "paper_standing": v.theirs,
            "status": status, "note": v.note,
        }));
    }
    (json!(rows), checks)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The plan covers 8.5–8.10, MCTS and MCTS′ each, at the paper's first-move counts of
    /// 1 ms, and every paper's player lies inside its grid.
    #[test]
    fn the_plan_fits_every_family_but_8_4() {
        let plan = family_plan();
        assert_eq!(plan.len(), 12);
        let p = &plan[0];
        // Section 8.5, 1 ms: MCTS(5, 8.5) with 1,100 iterations at its first move.
        assert_eq!(
            (p.section, p.game, p.agent, p.paper.as_str(), p.iterations),
            ("8.5", "pearl:2:16", Opponent::Mcts, "mcts:a=5,b=8.5", 1100)
        );
        // Section 8.10, 1 ms: MCTS′(2, 4) with 9.
        let q = &plan[11];
        assert_eq!(
            (q.section, q.agent, q.paper.as_str(), q.iterations),
            ("8.10", Opponent::Prime, "mcts-prime:a=2,b=4", 9)
        );
        for p in &plan {
            assert!(duel_search::AgentSpec::parse(&p.paper).is_ok());
            let (from, grid) = p.grid;
            let ab: Vec<f64> = p
                .paper
                .split(['=', ','])
                .filter_map(|x| x.parse().ok())
                .collect();
            assert!(
                f64::from(from) <= 2.0 * ab[0] && 2.0 * ab[1] <= f64::from(grid),
                "{p:?}"
            );
            assert_eq!(p.games % 2, 0);
        }
    }

    /// One small family (8.8, 15 × 15 connect 3, 21 iterations a move) on a tiny grid: the
    /// winner is the best record of the standings, the records add up, the line's status
    /// follows the winner's interval, and the same championship played again is the same.
    #[test]
    fn a_family_fit_is_a_round_robin_and_deterministic() {
        let plan = vec![FamilyFit {
            section: "8.8",
            game: "connect:15x15:3",
            agent: Opponent::Mcts,
            paper: "mcts:a=1.5,b=2".to_string(),
            iterations: 21,
            grid: (2, 5),
            games: 4,
            seed: 7,
        }];
        let played = play_plan(&plan);
        let c = played[0].1.as_ref().unwrap();
        // 2 ≤ k ≤ l ≤ 5: 10 players, each meeting the 9 others in 4 games.
        assert_eq!((c.players, c.games_per_pair, c.games), (10, 4, 180));
        assert_eq!(c.standings.len(), 10);
        let most = c.standings.iter().map(|s| s.wins).max().unwrap();
        assert_eq!(c.winner.wins, most);
        assert_eq!(c.winner, c.standings[0]);
        assert_eq!(c.margin, c.winner.wins - c.standings[1].wins);
        for s in &c.standings {
            assert_eq!(s.games, 36);
            assert_eq!(s.wins + s.draws + s.losses, 36);
        }
        let wins: u64 = c.standings.iter().map(|s| s.wins).sum();
        let losses: u64 = c.standings.iter().map(|s| s.losses).sum();
        assert_eq!(wins, losses);
        let (w, lo, hi) = (
            c.winner.score,
            c.winner.score_ci95[0],
            c.winner.score_ci95[1],
        );
        assert!(lo < w && w < hi && 0.5 < w, "{w} {lo} {hi}");

        let mut md = String::new();
        let (rows, checks) = families_table(&played, &mut md);
        assert_eq!(checks.len(), 1);
        let theirs = c
            .standings
            .iter()
            .find(|s| s.player.spec == "mcts:a=1.5,b=2")
            .unwrap();
        let inside = theirs.score >= lo;
        assert_eq!(checks[0].status, Status::of(inside));
        assert_eq!(rows[0]["winner"]["wins"], most);
        assert_eq!(rows[0]["paper_standing"]["rank"], theirs.rank);
        assert!(md.contains("| 8.8 `connect:15x15:3` | mcts | 21 | 2 ≤ k ≤ l ≤ 5, 4 |"));

        let again = play_plan(&plan);
        let (rows_again, _) = families_table(&again, &mut String::new());
        assert_eq!(rows, rows_again);
    }
}
