//! The table of a championship: each player's wins, draws and losses over all its games,
//! ranked, and the winner (section 8.3: "we select the player with the highest number of
//! victories").

use serde::Serialize;

use super::referee::Kept;
use super::summary::score_ci95;
use duel_core::game::Outcome;

/// A player of a championship: MCTS(a, b) or MCTS′(a, b) with a = k/2, b = l/2.
#[derive(Clone, Debug, PartialEq, Serialize, serde::Deserialize)]
pub struct Player {
    /// Its agent spec, e.g. `mcts:a=3.5,b=5`.
    pub spec: String,
    /// a = k/2.
    pub a: f64,
    /// b = l/2.
    pub b: f64,
}

/// One player's line of the table.
#[derive(Clone, Debug, PartialEq, Serialize, serde::Deserialize)]
pub struct Standing {
    /// Its rank, from 1 (see [`rank`] for ties).
    pub rank: u64,
    /// The player.
    #[serde(flatten)]
    pub player: Player,
    /// Games it played.
    pub games: u64,
    /// Games it won.
    pub wins: u64,
    /// Games drawn.
    pub draws: u64,
    /// Games it lost.
    pub losses: u64,
    /// Its mean score, (wins + draws/2) / games.
    pub score: f64,
    /// A 95 % confidence interval for its score ([`score_ci95`]).
    pub score_ci95: [f64; 2],
    /// What the referee found on its moves (`--referee`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub referee: Option<Kept>,
}

/// Adds up the games of a championship: `games` gives, for each game, its two players (indices
/// into `players`, the first one A), whether A moved first, its outcome by colour and the
/// referee's counts of A and B; returns the players ranked by [`rank`].
pub fn rank(
    players: &[Player],
    games: impl IntoIterator<Item = (usize, usize, bool, Outcome, Option<[Kept; 2]>)>,
) -> Vec<Standing> {
    #[derive(Clone, Copy, Default)]
    struct Count {
        wins: u64,
        draws: u64,
        losses: u64,
        referee: Option<Kept>,
        unrefereed: bool,
    }
    let mut counts = vec![Count::default(); players.len()];
    for (a, b, a_first, outcome, referee) in games {
        let a_colour = if a_first {
            duel_core::game::Player::First
        } else {
            duel_core::game::Player::Second
        };
        let (ra, rb) = match outcome {
            Outcome::Draw => (1, 1),
            Outcome::Win(p) if p == a_colour => (2, 0),
            Outcome::Win(_) => (0, 2),
        };
        for (who, r, kept) in [
            (a, ra, referee.map(|k| k[0])),
            (b, rb, referee.map(|k| k[1])),
        ] {
            let c = &mut counts[who];
            match r {
                2 => c.wins += 1,
                1 => c.draws += 1,
                _ => c.losses += 1,
            }
            match kept {
                Some(k) => c.referee = Some(c.referee.unwrap_or_default().plus(k)),
                None => c.unrefereed = true,
            }
        }
    }
    let mut table: Vec<(usize, Count)> = counts.into_iter().enumerate().collect();
    // Most wins first; among equals, fewest losses, then the player listed first (smaller a,
    // then smaller b): a rule that is stated and deterministic.
    table.sort_by(|(i, x), (j, y)| {
        y.wins
            .cmp(&x.wins)
            .then(x.losses.cmp(&y.losses))
            .then(i.cmp(j))
    });
    table
        .into_iter()
        .enumerate()
        .map(|(r, (i, c))| {
            let games = c.wins + c.draws + c.losses;
            let (score, ci) = if games > 0 {
                score_ci95(c.wins, c.draws, games)
            } else {
                (0.0, [0.0, 1.0])
            };
            Standing {
                rank: r as u64 + 1,
                player: players[i].clone(),
                games,
                wins: c.wins,
                draws: c.draws,
                losses: c.losses,
                score,
                score_ci95: ci,
                referee: if c.unrefereed { None } else { c.referee },
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use duel_core::game::Player as Colour;

    fn p(a: f64) -> Player {
        Player {
            spec: format!("mcts:a={a},b=5"),
            a,
            b: 5.0,
        }
    }

    #[test]
    fn wins_rank_then_losses_then_order() {
        let players = [p(1.0), p(2.0), p(3.0)];
        let w = |c| Outcome::Win(c);
        // 0 beats 1 twice; 1 and 2 draw; 2 beats 0 once, loses once.
        let games = vec![
            (0, 1, true, w(Colour::First), None),
            (0, 1, false, w(Colour::Second), None),
            (1, 2, true, Outcome::Draw, None),
            (0, 2, true, w(Colour::Second), None),
            (0, 2, false, w(Colour::Second), None),
        ];
        let t = rank(&players, games);
        let line: Vec<(f64, u64, u64, u64)> = t
            .iter()
            .map(|s| (s.player.a, s.wins, s.draws, s.losses))
            .collect();
        assert_eq!(line, vec![(1.0, 3, 0, 1), (3.0, 1, 1, 1), (2.0, 0, 1, 2)]);
        assert_eq!(t[0].rank, 1);
        assert!(t.iter().all(|s| s.referee.is_none()));
    }
}
