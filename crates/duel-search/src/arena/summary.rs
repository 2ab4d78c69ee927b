//! The summary of a run's games: wins, draws and losses of each agent, and a confidence
//! interval for A's score.

use serde::Serialize;

use super::referee::RefereeSummary;
use super::GameRecord;
use duel_core::game::Outcome;

/// Wins, losses and draws of some games.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Tally {
    /// Games.
    pub games: u64,
    /// Games won by A.
    pub a_wins: u64,
    /// Games won by B.
    pub b_wins: u64,
    /// Drawn games.
    pub draws: u64,
}

impl Tally {
    fn add(&mut self, r: &GameRecord) {
        self.games += 1;
        match r.outcome {
            Outcome::Draw => self.draws += 1,
            Outcome::Win(p) if p == r.a_plays() => self.a_wins += 1,
            Outcome::Win(_) => self.b_wins += 1,
        }
    }
}

/// The iterations an agent's searches did, over the games whose records keep them.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct IterationCounts {
    /// Mean over the games of the iterations of the agent's first move (whether it opened the
    /// game or replied): the paper's "mean number of iterations at the first move" (section
    /// 8.3).
    pub first_move: f64,
    /// Mean over all the agent's moves.
    pub per_move: f64,
    /// Games counted.
    pub games: u64,
}

impl IterationCounts {
    /// The counts of agent A (`b = false`) or B (`b = true`) in `records`; `None` when no
    /// record keeps them.
    pub fn of(records: &[GameRecord], b: bool) -> Option<IterationCounts> {
        let (mut games, mut first, mut moves, mut all) = (0u64, 0u64, 0u64, 0u64);
        for r in records {
            let mut its = r.agent_iterations(b).peekable();
            let Some(&n) = its.peek() else { continue };
            games += 1;
            first = first.saturating_add(n);
            for n in its {
                moves += 1;
                all = all.saturating_add(n);
            }
        }
        (games > 0).then(|| IterationCounts {
            first_move: first as f64 / games as f64,
            per_move: all as f64 / moves as f64,
            games,
        })
    }
}

/// The result of a run (or of merged runs): the JSON of `duel arena`.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Summary {
    /// The game's canonical name.
    pub game: String,
    /// Agent A's canonical spec.
    pub a: String,
    /// Agent B's canonical spec.
    pub b: String,
    /// Games played.
    pub games: u64,
    /// Games won by A.
    pub a_wins: u64,
    /// Games won by B.
    pub b_wins: u64,
    /// Drawn games.
    pub draws: u64,
    /// A's mean score per game: (wins + draws / 2) / games.
    pub a_score: f64,
    /// A 95 % confidence interval for A's mean score (see [`score_ci95`]).
    pub a_score_ci95: [f64; 2],
    /// The games where A moved first.
    pub a_first: Tally,
    /// The games where B moved first.
    pub b_first: Tally,
    /// What the referee found, when every game was refereed (`--referee`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub referee: Option<RefereeSummary>,
    /// A's iterations per move, when the records keep them.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub a_iterations_per_move: Option<IterationCounts>,
    /// B's iterations per move, when the records keep them.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub b_iterations_per_move: Option<IterationCounts>,
}

impl Summary {
    /// The summary of `records` played between `a` and `b` at `game`; `None` when there is no
    /// record.
    pub fn of(game: &str, a: &str, b: &str, records: &[GameRecord]) -> Option<Summary> {
        if records.is_empty() {
            return None;
        }
        let (mut all, mut a_first, mut b_first) =
            (Tally::default(), Tally::default(), Tally::default());
        for r in records {
            all.add(r);
            if r.a_first {
                a_first.add(r);
            } else {
                b_first.add(r);
            }
        }
        let (score, ci) = score_ci95(all.a_wins, all.draws, all.games);
        Some(Summary {
            game: game.to_string(),
            a: a.to_string(),
            b: b.to_string(),
            games: all.games,
            a_wins: all.a_wins,
            b_wins: all.b_wins,
            draws: all.draws,
            a_score: score,
            a_score_ci95: ci,
            a_first,
            b_first,
            referee: RefereeSummary::of(records.iter().map(|r| &r.referee)),
            a_iterations_per_move: IterationCounts::of(records, false),
            b_iterations_per_move: IterationCounts::of(records, true),
        })
    }
}

/// The mean score per game, (wins + draws/2) / games, and a 95 % confidence interval for it:
/// the normal approximation mean ± 1.96 s / √games, where s² is the sample variance (divisor
/// games − 1) of the per-game scores 1, 1/2 and 0, clamped to [0, 1]. With one game the
/// variance is unknown and the interval is [0, 1].
///
/// `games` must be positive and at least `wins + draws`.
pub fn score_ci95(wins: u64, draws: u64, games: u64) -> (f64, [f64; 2]) {
    let n = games as f64;
    let sum = wins as f64 + draws as f64 / 2.0;
    let mean = sum / n;
    if games < 2 {
        return (mean, [0.0, 1.0]);
    }
    let sum_sq = wins as f64 + draws as f64 / 4.0;
    let var = ((sum_sq - n * mean * mean) / (n - 1.0)).max(0.0);
    let half = 1.959_963_984_540_054 * (var / n).sqrt();
    (
        mean,
        [(mean - half).clamp(0.0, 1.0), (mean + half).clamp(0.0, 1.0)],
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ci_of_known_samples() {
        // 10 wins, 10 losses: mean 1/2, s² = 20·(1/4)/19 = 5/19.
        let (m, [lo, hi]) = score_ci95(10, 0, 20);
        let half = 1.959_963_984_540_054 * (5.0f64 / 19.0 / 20.0).sqrt();
        assert_eq!(m, 0.5);
        assert!((lo - (0.5 - half)).abs() < 1e-12 && (hi - (0.5 + half)).abs() < 1e-12);
        // All draws: no variance, the interval is the point 1/2.
        assert_eq!(score_ci95(0, 7, 7), (0.5, [0.5, 0.5]));
        // All wins: clamped at 1.
        assert_eq!(score_ci95(5, 0, 5), (1.0, [1.0, 1.0]));
        // One game: unknown variance.
        assert_eq!(score_ci95(1, 0, 1), (1.0, [0.0, 1.0]));
        // 1 win, 1 loss: the interval is wide and clamped to [0, 1].
        assert_eq!(score_ci95(1, 0, 2).1, [0.0, 1.0]);
    }
}
