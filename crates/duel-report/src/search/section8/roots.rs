//! Section 8.5's claims on who finds the winning strategy. On the small Pearl game each pair of
//! games starts from a fresh tree, won by the first or by the second player; the paper counts,
//! at 32 ms, the games each agent started from a won tree and how many of them it won (MCTS′ all
//! 5083, MCTS all but 24 of 5034), and says SymP almost always finds the winning strategy at the
//! first move from 16 ms on. Each tree here is solved exactly (alpha-beta, the referee's bound),
//! so the counts are the games', not an estimate. The items that read them are `won_starts.rs`'s.

use serde::{Deserialize, Serialize};

use duel_core::game::{Player, Value};
use duel_games::{with_game, AnyGame};
use duel_search::arena::realization::{game_start, is_random_tree};
use duel_search::arena::referee::REFEREE_MAX_NODES;
use duel_search::arena::GameRecord;
use duel_search::minimax::{solve, MinimaxOptions};

/// Games whose start the player who moves first wins with perfect play, and how many of them
/// it won; the same for the starts the second player wins.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Roots {
    /// Starts won by the first player.
    pub first_can_win: u64,
    /// Of those, games the first player won.
    pub first_won: u64,
    /// Starts won by the second player.
    pub second_can_win: u64,
    /// Of those, games the second player won.
    pub second_won: u64,
}

/// The counts of a cell: with A (the paper's agent) first, then with B first.
pub type RootCounts = [Roots; 2];

/// The counts of `records` of a run of `game` seeded `seed`, where every start is a tree
/// solved within the referee's bound; `None` for a game with one start, or a tree too large.
pub fn root_counts(game: &AnyGame, seed: u64, records: &[GameRecord]) -> Option<RootCounts> {
    if !is_random_tree(game) {
        return None;
    }
    let opts = MinimaxOptions {
        max_nodes: REFEREE_MAX_NODES,
        table_entries: 1 << 18,
        deadline: None,
    };
    let mut out = [Roots::default(); 2];
    // Games 2j and 2j + 1 share their tree: solved once per pair.
    let mut pair: Option<(u64, Value)> = None;
    for r in records {
        let value = match pair {
            Some((p, v)) if p == r.game_index / 2 => v,
            _ => {
                let v = with_game!(game_start(game, seed, r.game_index), start => {
                    solve(&start, &opts).ok()?.value
                });
                pair = Some((r.game_index / 2, v));
                v
            }
        };
        let first_won = r.outcome == duel_core::game::Outcome::Win(Player::First);
        let second_won = r.outcome == duel_core::game::Outcome::Win(Player::Second);
        let c = &mut out[usize::from(!r.a_first)];
        match value {
            Value::Win => {
                c.first_can_win += 1;
                c.first_won += u64::from(first_won);
            }
            Value::Loss => {
                c.second_can_win += 1;
                c.second_won += u64::from(second_won);
            }
            Value::Draw => {}
        }
    }
    Some(out)
}

/// The Wilson score interval (95 %) of `k` successes in `n` trials.
fn wilson(k: u64, n: u64) -> (f64, f64) {
    if n == 0 {
        return (0.0, 1.0);
    }
    let (z, n, p) = (1.959_964, n as f64, k as f64 / n as f64);
    let centre = (p + z * z / (2.0 * n)) / (1.0 + z * z / n);
    let half = z / (1.0 + z * z / n) * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt();
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

/// Newcombe's interval (95 %, from the two Wilson intervals) for the difference of two
/// proportions `k1/n1 − k2/n2`.
pub fn difference_interval(k1: u64, n1: u64, k2: u64, n2: u64) -> (f64, f64) {
    let (p1, p2) = (k1 as f64 / n1.max(1) as f64, k2 as f64 / n2.max(1) as f64);
    let ((l1, u1), (l2, u2)) = (wilson(k1, n1), wilson(k2, n2));
    let d = p1 - p2;
    (
        d - ((p1 - l1).powi(2) + (u2 - p2).powi(2)).sqrt(),
        d + ((u1 - p1).powi(2) + (p2 - l2).powi(2)).sqrt(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wilson_and_newcombe_agree_with_published_examples() {
        // Newcombe (1998), Table II, example (a): 56/70 against 48/80 gives [0.0524, 0.3339].
        let (lo, hi) = difference_interval(56, 70, 48, 80);
        assert!(
            (lo - 0.0524).abs() < 5e-4 && (hi - 0.3339).abs() < 5e-4,
            "{lo} {hi}"
        );
        // Example (h): 0/10 against 0/20 gives [−0.1611, 0.2775].
        let (lo, hi) = difference_interval(0, 10, 0, 20);
        assert!(
            (lo + 0.1611).abs() < 5e-4 && (hi - 0.2775).abs() < 5e-4,
            "{lo} {hi}"
        );
    }
}
