//! Section 8.5's claims on the starts each agent could win, judged on the data set's counts
//! ([`super::roots`]): MCTS′ won all 5083 starts it could win at 32 ms, MCTS missed 24 of 5034,
//! SymP almost always finds the winning strategy at the first move from 16 ms on.

use super::protocol::{CellData, DataSet};
use super::roots::{difference_interval, RootCounts};
use crate::{Check, Claim, Status};

const SOURCE: &str = "Delattre & Fournier, section 8.5 (data/section8/paper-clock.json)";

/// The cell of 8.5 at `millis` ms against `opponent`, with its counts.
fn cell<'a>(data: &'a DataSet, millis: u64, opponent: &str) -> Option<(&'a CellData, RootCounts)> {
    let c = data
        .cells
        .iter()
        .find(|c| c.section == "8.5" && c.millis == millis && c.opponent == opponent)?;
    Some((c, c.roots?))
}

/// An opponent's misses from the won starts it began, against the paper's `misses` of `of`.
fn opponent_item(data: &DataSet, opponent: &str, name: &str, misses: u64, of: u64) -> Check {
    let item = format!(
        "{name} as first player wins every start it can win but {misses} of {of} at 32 ms (8.5)"
    );
    let published = format!("{} of {of} won, {misses} missed", of - misses);
    let Some((c, roots)) = cell(data, 32, opponent) else {
        return Claim {
            item: &item,
            source: SOURCE,
            published: &published,
            computed: "not in the data set: the cell has no counts of its starts",
            note: "`duel search section8 --only 8.5 --millis 32` plays it with them",
        }
        .judged(Status::Undecided);
    };
    // B first: the opponent moves first.
    let r = roots[1];
    let missed = r.first_can_win - r.first_won;
    let (lo, hi) = difference_interval(missed, r.first_can_win, misses, of);
    let status = if lo <= 0.0 && 0.0 <= hi {
        Status::Matches
    } else {
        Status::Differs
    };
    Claim {
        item: &item,
        source: SOURCE,
        published: &published,
        computed: &format!(
            "{} of {} won, {missed} missed ({} games against {})",
            r.first_won, r.first_can_win, c.games, c.ours
        ),
        note: &format!(
            "the miss rates' difference is in [{:+.4}, {:+.4}] (Newcombe, 95 %): {}",
            lo,
            hi,
            if status == Status::Matches {
                "0 is inside"
            } else {
                "0 is outside"
            }
        ),
    }
    .judged(status)
}

/// SymP's wins from the won starts it began, at 16 and 32 ms, both opponents pooled.
fn symp_item(data: &DataSet) -> Check {
    let item =
        "SymP almost always finds the winning strategy at the first move from 16 ms on (8.5)";
    let published = "almost always at 16 ms; at 32 ms all 5034 and 5083 starts it could win, as the counts imply";
    let mut parts = Vec::new();
    let mut worst: Option<f64> = None;
    for millis in [16, 32] {
        let (mut won, mut of) = (0, 0);
        for opponent in ["mcts", "mcts-prime"] {
            if let Some((_, roots)) = cell(data, millis, opponent) {
                won += roots[0].first_won;
                of += roots[0].first_can_win;
            }
        }
        if of > 0 {
            let share = won as f64 / of as f64;
            worst = Some(worst.map_or(share, |w: f64| w.min(share)));
            parts.push(format!("{millis} ms: {won} of {of}"));
        }
    }
    let Some(worst) = worst else {
        return Claim {
            item,
            source: SOURCE,
            published,
            computed: "not in the data set: the cells have no counts of their starts",
            note: "`duel search section8 --only 8.5 --millis 16,32` plays them with them",
        }
        .judged(Status::Undecided);
    };
    Claim {
        item,
        source: SOURCE,
        published,
        computed: &parts.join("; "),
        note: "\"almost always\" read as at least 99 % of the starts SymP can win, at each time",
    }
    .judged(Status::of(worst >= 0.99))
}

/// The claims of section 8.5 on won starts, from the data set's counts.
pub fn items(data: &DataSet) -> Vec<Check> {
    vec![
        symp_item(data),
        opponent_item(data, "mcts-prime", "MCTS′", 0, 5083),
        opponent_item(data, "mcts", "MCTS", 24, 5034),
    ]
}
