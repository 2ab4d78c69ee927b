//! Section 8.3's championships under the paper's protocol, read from the committed data set
//! `data/section8/championships.json` (each `duel arena championship --agent mcts:draw=0 --work U
//! --games 40 --json` answer with its family and time): 55 players MCTS(k/2, l/2), 40 games a
//! pair (8.5: 210 players, 20), every player given the calibrated units of the paper's winner at
//! that time. Each is an item: the winner against the paper's, judged as [`super::fits::judge`]
//! does. The cells of the families play the paper's printed winners, whatever these find.

use serde::{Deserialize, Serialize};

use super::cells::Opponent;
use super::paper::FAMILIES;
use crate::{Check, Claim, Status};
use duel_search::arena::championship::ChampionshipAnswer;

/// The data set, as committed.
const DATA: &str = include_str!("../../../../../data/section8/championships.json");

/// Where it is, for messages.
pub const DATA_PATH: &str = "data/section8/championships.json";

/// One championship of the data set.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Fitted {
    /// The family, e.g. `8.8`.
    pub section: String,
    /// The paper's time per move whose clock the players had.
    pub millis: u64,
    /// The championship.
    pub answer: ChampionshipAnswer,
}

/// The committed championships, or why they could not be read.
pub fn committed() -> Result<Vec<Fitted>, serde_json::Error> {
    serde_json::from_str(DATA)
}

/// The item of one championship; `None` where it is no championship of the paper.
fn item(f: &Fitted) -> Option<Check> {
    let family = FAMILIES.iter().find(|x| x.section == f.section)?;
    let cell = family.cells.iter().find(|c| c.millis == f.millis)?;
    let prime = f.answer.championship.starts_with("mcts-prime");
    let (opponent, (a, b)) = if prime {
        (Opponent::Prime, cell.prime)
    } else {
        (Opponent::Mcts, cell.mcts)
    };
    let paper = format!("{}:a={a},b={b},draw=0", opponent.name());
    let setting = format!(
        "{} games a pair, {} players, {} work units a move",
        f.answer.games_per_pair,
        f.answer.players,
        f.answer.work.unwrap_or(0)
    );
    let v = super::fits::judge(&f.answer, &paper, &setting);
    let w = &f.answer.winner;
    Some(
        Claim {
            item: &format!(
                "{} fitted by the championship of section {} at {} ms (paper's clock)",
                if prime { "MCTS′" } else { "MCTS" },
                f.section,
                f.millis
            ),
            source: &format!("Delattre & Fournier, sections 8.3 and {}", f.section),
            published: &format!("{}({a}, {b})", if prime { "MCTS′" } else { "MCTS" }),
            computed: &format!(
                "winner ({}, {}) scoring {:.3} ({:.3}–{:.3}); the paper's player ranked {}{}",
                w.player.a,
                w.player.b,
                w.score,
                w.score_ci95[0],
                w.score_ci95[1],
                v.theirs
                    .map_or("outside the grid".to_string(), |s| s.rank.to_string()),
                v.theirs
                    .map_or(String::new(), |s| format!(" scoring {:.3}", s.score))
            ),
            note: &v.note,
        }
        .judged(Status::of(v.same || v.within)),
    )
}

/// The championships' items, and one saying how many of the paper's 80 are played.
pub fn items() -> Vec<Check> {
    let fitted = match committed() {
        Ok(f) => f,
        Err(why) => {
            return vec![Claim {
                item: "the championships of section 8.3",
                source: "Delattre & Fournier, section 8.3 (data/section8/championships.json)",
                published: "80 championships",
                computed: &format!("not read: {why}"),
                note: "the data set is malformed",
            }
            .judged(Status::Differs)]
        }
    };
    let mut out: Vec<Check> = fitted.iter().filter_map(item).collect();
    let all: usize = FAMILIES.iter().map(|f| 2 * f.cells.len()).sum();
    out.push(
        Claim {
            item: "every championship of section 8.3 under the paper's clock",
            source: "Delattre & Fournier, section 8.3",
            published: &format!("{all} championships (each family, time and kind)"),
            computed: &format!(
                "{} played here; the others are left to a Ray cluster (`python -m duel.ray championship`; docs/search.md gives their cost)",
                out.len()
            ),
            note: "the families' cells play the paper's printed winners",
        }
        .judged(if out.len() == all {
            Status::Matches
        } else {
            Status::Undecided
        }),
    );
    out
}
