//! Why a cell under the paper's clock differs from the paper's table: what the data set shows
//! about it. A difference that chance would make points either way and stands alone; one that
//! recurs at every time of a family against one opponent, always in the same direction, is a
//! property of that pairing of duel's agents, and the first suspect is the opponent's
//! parameters (the paper's printed championship winners, which duel's own championship may not
//! pick under duel's agents).

use super::paper_fits::Fitted;
use super::protocol::{CellData, DataSet};
use duel_search::arena::sequential::Verdict;

/// The reason given for `c`, a differing cell of `data`, with `fitted` the championships
/// played.
pub fn reason(c: &CellData, data: &DataSet, fitted: &[Fitted]) -> String {
    let same: Vec<&CellData> = data
        .cells
        .iter()
        .filter(|x| x.section == c.section && x.opponent == c.opponent)
        .collect();
    let up = |x: &CellData| x.judgement.score > x.judgement.paper_score;
    let differing: Vec<&CellData> = same
        .iter()
        .copied()
        .filter(|x| x.judgement.verdict == Verdict::Differs)
        .collect();
    let one_way = differing.iter().all(|x| up(x) == up(c));
    let gaps: Vec<f64> = differing
        .iter()
        .map(|x| x.judgement.score - x.judgement.paper_score)
        .collect();
    let (lo, hi) = gaps
        .iter()
        .fold((f64::MAX, f64::MIN), |(l, h), &g| (l.min(g), h.max(g)));
    let opponent = if c.opponent == "mcts" {
        "MCTS"
    } else {
        "MCTS′"
    };
    let pattern = if differing.len() >= 2 && one_way {
        format!(
            "{} of the {} cells of {} against {opponent} differ, all in the same direction ({:+.3} to {:+.3}): a systematic gap of this pairing, not chance",
            differing.len(),
            same.len(),
            c.section,
            lo,
            hi
        )
    } else {
        format!(
            "{} of the {} cells of {} against {opponent} differ{}",
            differing.len(),
            same.len(),
            c.section,
            if one_way { "" } else { ", in both directions" }
        )
    };
    let prime = c.opponent == "mcts-prime";
    let fit = fitted
        .iter()
        .find(|f| {
            f.section == c.section
                && f.answer.championship.starts_with("mcts-prime") == prime
                && f.millis == 1
        })
        .map(|f| {
            let paper_rank = f
                .answer
                .standings
                .iter()
                .find(|s| s.player.spec == c.theirs)
                .map_or("outside the grid".to_string(), |s| s.rank.to_string());
            format!(
                "; duel's championship at 1 ms ranks the paper's {} {paper_rank} of {}",
                c.theirs.trim_end_matches(",draw=0"),
                f.answer.players
            )
        })
        .unwrap_or_else(|| "; its championship is not yet played here".to_string());
    format!("{pattern}{fit}; the cause is not established beyond this")
}
