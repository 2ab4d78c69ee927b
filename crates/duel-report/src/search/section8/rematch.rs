//! The families against duel's own fits (`duel report --full`): where a family's
//! championship ([`super::fits`]) crowns another player than the paper's, the paper's agent
//! (Sym or SymP) plays both, on the same games (the same Pearl realizations), at the paper's
//! first-move iteration counts of the family's smallest budget. The families' tables play the
//! paper's players, as the paper did; this says whether their result would change against
//! the player duel's own championship fits.

use std::fmt::Write as _;

use rayon::prelude::*;
use serde_json::json;

use super::families::{play_against, BudgetKind, Opponent, PlayError};
use super::fits::FamilyFit;
use super::paper::FAMILIES;
use crate::{Check, Claim, Status};
use duel_search::arena::championship::ChampionshipAnswer;
use duel_search::arena::{ArenaError, GameRecord, Summary};

/// Games of each rematch (half with each agent first).
pub const REMATCH_GAMES: u64 = 200;

/// Why a rematch was not played.
#[derive(Debug, thiserror::Error)]
pub enum RematchError {
    /// The family's first cell prints no iteration count to play at.
    #[error("section {section}: no iteration count printed")]
    NoIterations {
        /// The family's subsection.
        section: &'static str,
    },
    /// A game failed.
    #[error("{0}")]
    Play(#[from] PlayError),
    /// No game was played.
    #[error("no game played")]
    NoGame,
}

/// The paper's agent's summary against `opponent` in family `f`'s first cell, `games` games.
fn against(f: usize, opponent: &str, kind: Opponent, games: u64) -> Result<Summary, RematchError> {
    let family = &FAMILIES[f];
    let cell = &family.cells[0];
    let budgets = BudgetKind::Iterations
        .budgets(cell, kind)
        .ok_or(RematchError::NoIterations {
            section: family.section,
        })?;
    let records: Vec<GameRecord> = (0..games)
        .into_par_iter()
        .map(|i| play_against(f, 0, opponent, budgets, i))
        .collect::<Result<_, _>>()?;
    Summary::of(family.game, family.ours, opponent, &records).ok_or(RematchError::NoGame)
}

/// Where the paper's agent stands against an opponent, by its score's 95 % interval.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Side {
    /// The interval lies above 1/2.
    Wins,
    /// The interval lies below 1/2.
    Loses,
    /// The interval holds 1/2.
    Level,
}

impl Side {
    fn of(s: &Summary) -> Side {
        if s.a_score_ci95[0] > 0.5 {
            Side::Wins
        } else if s.a_score_ci95[1] < 0.5 {
            Side::Loses
        } else {
            Side::Level
        }
    }

    /// The words of the verdict.
    fn words(self) -> &'static str {
        match self {
            Side::Wins => "wins",
            Side::Loses => "loses",
            Side::Level => "is level",
        }
    }
}

fn shown(s: &Summary) -> String {
    format!(
        "{:.3} ({:.3}–{:.3}; {}/{}/{} of {})",
        s.a_score, s.a_score_ci95[0], s.a_score_ci95[1], s.a_wins, s.b_wins, s.draws, s.games
    )
}

/// One rematch: its line, its item and its row.
struct Rematch {
    line: String,
    check: Check,
    row: serde_json::Value,
}

/// The rematches of the championships of `played` whose winner is not the paper's player,
/// `games` games each: a table into `md`, the rows' JSON and an item per rematch.
pub fn rematches(
    played: &[(FamilyFit, Result<ChampionshipAnswer, ArenaError>)],
    games: u64,
    md: &mut String,
) -> (serde_json::Value, Vec<Check>) {
    let mut rows = Vec::new();
    let mut checks = Vec::new();
    let mut lines = String::new();
    for (p, c) in played {
        let Ok(c) = c else { continue };
        let ours = &c.winner.player.spec;
        if *ours == p.paper {
            continue;
        }
        let Some(f) = FAMILIES.iter().position(|f| f.section == p.section) else {
            continue;
        };
        match rematch(p, f, ours, games) {
            Ok(r) => {
                lines.push_str(&r.line);
                checks.push(r.check);
                rows.push(r.row);
            }
            Err(e) => {
                let _ = writeln!(
                    lines,
                    "{} {} | {ours} | not played: {e} | |",
                    head(p, f),
                    p.paper
                );
            }
        }
    }
    if !rows.is_empty() {
        let _ = write!(
            md,
            "\n**The families against duel's own fits.** Where duel's championship crowned another player than the paper's, the paper's agent plays both, on the same games ({games} each, half with each agent first; on Pearl the same realizations), each agent at the paper's first-move iteration count of the family's smallest budget. Scores are the paper's agent's (wins plus half the draws, per game; 95 % interval; its wins/losses/draws); the result is the same when the agent wins against both (its interval above 1/2), loses against both, or is level against both (its interval holds 1/2).\n\n| family | agent | opponent's iterations a move | the paper's player: score | duel's winner: score | result |\n| --- | --- | --- | --- | --- | --- |\n{lines}"
        );
    }
    (json!(rows), checks)
}

/// The first cells of a rematch's line: the family, its agent, the iterations.
fn head(p: &FamilyFit, f: usize) -> String {
    format!(
        "| {} `{}` | {} | {} |",
        p.section, p.game, FAMILIES[f].ours, p.iterations
    )
}

/// The paper's agent of family `f` against the paper's player of `p` and against duel's
/// winner `ours`, on the same games.
fn rematch(p: &FamilyFit, f: usize, ours: &str, games: u64) -> Result<Rematch, RematchError> {
    let kind = p.agent;
    let agent = FAMILIES[f].ours;
    let theirs = against(f, &p.paper, kind, games);
    let mine = against(f, ours, kind, games);
    let (theirs, mine) = (theirs?, mine?);
    // The same result: the agent wins, loses or is level (its interval holding 1/2)
    // against both.
    let (side_theirs, side_mine) = (Side::of(&theirs), Side::of(&mine));
    let same = side_theirs == side_mine;
    let overlap = theirs.a_score_ci95[0] <= mine.a_score_ci95[1]
        && mine.a_score_ci95[0] <= theirs.a_score_ci95[1];
    let verdict = if same {
        format!(
            "the same result: {agent} {} against either",
            side_theirs.words()
        )
    } else {
        format!(
            "another result: {agent} {} against the paper's player and {} against duel's{}",
            side_theirs.words(),
            side_mine.words(),
            if overlap {
                " (the two intervals overlap: these games do not separate the scores)"
            } else {
                ""
            }
        )
    };
    let line = format!(
        "{} {}: {} | {ours}: {} | {verdict} |\n",
        head(p, f),
        p.paper,
        shown(&theirs),
        shown(&mine)
    );
    let check = Claim {
        item: &format!(
            "{agent} against duel's fitted {} on {} (section {}), the paper's 1 ms iteration counts as budgets",
            p.agent, p.game, p.section
        ),
        source: &format!("Delattre & Fournier, section {} (beyond the paper: its opponent refitted)", p.section),
        published: "",
        computed: &format!(
            "{agent} scores {} against the paper's {} and {} against duel's {ours}",
            shown(&theirs),
            p.paper,
            shown(&mine)
        ),
        note: &verdict,
    }
    .judged(Status::New);
    let row = json!({
        "section": p.section, "game": p.game, "agent": agent, "opponent": p.agent,
        "iterations": p.iterations, "paper": p.paper, "duel": ours,
        "against_paper": theirs, "against_duel": mine, "same_result": same,
    });
    Ok(Rematch { line, check, row })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::section8::fits::fit;

    /// A small championship on 8.4's game whose grid leaves out the paper's player: the
    /// rematch plays the paper's agent against both on the same games, and says so.
    #[test]
    fn a_championship_won_by_another_player_is_rematched() {
        let p = FamilyFit {
            section: "8.4",
            game: "pearl:2:32",
            agent: Opponent::Mcts,
            paper: "mcts:a=1.5,b=3".to_string(),
            iterations: 10,
            grid: (1, 2),
            games: 2,
            seed: 7,
        };
        let c = fit(p.game, p.agent, p.iterations, p.grid, p.games, p.seed).unwrap();
        assert_ne!(c.winner.player.spec, p.paper);
        let winner = c.winner.player.spec.clone();
        let mut md = String::new();
        let (rows, checks) = rematches(&[(p, Ok(c))], 6, &mut md);
        assert_eq!(checks.len(), 1);
        assert_eq!(rows[0]["duel"], winner.as_str());
        for side in ["against_paper", "against_duel"] {
            assert_eq!(rows[0][side]["games"], 6, "{side}");
            assert_eq!(rows[0][side]["a"], "symp", "{side}");
        }
        assert_eq!(rows[0]["against_paper"]["b"], "mcts:a=1.5,b=3");
        assert!(md.contains("The families against duel's own fits"), "{md}");
        // The same games: the paper's player again gives the same summary.
        let again = against(0, "mcts:a=1.5,b=3", Opponent::Mcts, 6).unwrap();
        assert_eq!(json!(again), rows[0]["against_paper"]);
    }

    /// A championship won by the paper's player has nothing to rematch.
    #[test]
    fn the_paper_s_own_winner_is_not_rematched() {
        let p = FamilyFit {
            section: "8.4",
            game: "pearl:2:32",
            agent: Opponent::Mcts,
            paper: String::new(),
            iterations: 10,
            grid: (1, 2),
            games: 2,
            seed: 7,
        };
        let c = fit(p.game, p.agent, p.iterations, p.grid, p.games, p.seed).unwrap();
        let p = FamilyFit {
            paper: c.winner.player.spec.clone(),
            ..p
        };
        let mut md = String::new();
        let (rows, checks) = rematches(&[(p, Ok(c))], 6, &mut md);
        assert!(checks.is_empty() && rows.as_array().is_some_and(Vec::is_empty));
        assert!(md.is_empty());
    }
}
