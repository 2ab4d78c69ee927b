//! A sequential test of a cell of section 8 against the paper's score: play games until the
//! comparison is decided, and stop.
//!
//! A game's score for the agent is 1, 1/2 or 0, a value in [0, 1], hence 1/2-sub-Gaussian
//! about its mean (Hoeffding's lemma). For such games the normal-mixture boundary
//!
//! ```text
//! |S_n − n μ| < sqrt((n/4 + ρ) · ln((n/4 + ρ) / (ρ α²)))
//! ```
//!
//! holds for every n at once with probability at least 1 − α (the mixture over λ ~ N(0, 1/ρ)
//! of the supermartingales exp(λ(S_n − nμ) − λ² n / 8), and Ville's inequality): a confidence
//! sequence, valid however often it is looked at, which is what lets a cell stop as soon as it
//! is decided. The paper's own score comes from a fixed number of games, so it gets a fixed
//! Hoeffding interval; the two errors add up to the test's α.
//!
//! The cell is judged on the difference of the two means, μ_duel − μ_paper:
//! `differs` once its interval leaves out 0, `matches` once it lies inside
//! [−tolerance, tolerance], `undecided` otherwise.

use serde::{Deserialize, Serialize};

/// Wins, losses and draws of the agent in some games; its score is (wins + draws/2) / games.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Score {
    /// Games won by the agent.
    pub wins: u64,
    /// Games lost.
    pub losses: u64,
    /// Games drawn.
    pub draws: u64,
}

impl Score {
    /// Games counted.
    pub fn games(self) -> u64 {
        self.wins + self.losses + self.draws
    }

    /// The mean score, (wins + draws/2) / games; `None` without games.
    pub fn mean(self) -> Option<f64> {
        let n = self.games();
        (n > 0).then(|| (self.wins as f64 + self.draws as f64 / 2.0) / n as f64)
    }

    /// Both scores' games together.
    pub fn plus(self, other: Score) -> Score {
        Score {
            wins: self.wins + other.wins,
            losses: self.losses + other.losses,
            draws: self.draws + other.draws,
        }
    }
}

/// What a sequential test says of a cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Verdict {
    /// duel's score and the paper's are within the tolerance of each other.
    Matches,
    /// duel's score and the paper's differ.
    Differs,
    /// Neither yet: more games are needed.
    Undecided,
}

impl Verdict {
    /// `matches`, `differs` or `undecided`, as its JSON writes it.
    pub fn words(self) -> &'static str {
        match self {
            Verdict::Matches => "matches",
            Verdict::Differs => "differs",
            Verdict::Undecided => "undecided",
        }
    }
}

/// A judgement of a cell: the verdict and the interval it rests on.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Judgement {
    /// The verdict.
    pub verdict: Verdict,
    /// duel's mean score.
    pub score: f64,
    /// The paper's mean score.
    pub paper_score: f64,
    /// The interval for μ_duel − μ_paper, valid at every stopping time.
    pub difference: [f64; 2],
}

/// A sequential test: its total error α, how near counts as the same score, and the number
/// of games at which its boundary is tuned to be tightest.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct SequentialTest {
    /// The probability, at most, that the test ever says `differs` of a cell whose true score
    /// is the paper's, or `matches` of one whose score is more than `tolerance` away.
    pub alpha: f64,
    /// Scores closer than this are the same score (`matches`).
    pub tolerance: f64,
    /// The number of games at which the confidence sequence is tuned to be narrowest.
    pub tuned_for: u64,
}

impl Default for SequentialTest {
    /// α = 0.05, scores within 0.03 of each other match, tuned for 2,000 games (the protocol's
    /// first stage). The paper's own 20,000 games leave its score ±0.0105 (Hoeffding at
    /// α/2), so a tolerance much below 0.03 could not be reached by any number of games here.
    fn default() -> Self {
        SequentialTest {
            alpha: 0.05,
            tolerance: 0.03,
            tuned_for: 2_000,
        }
    }
}

/// The variance proxy of one game's score in [0, 1] (Hoeffding's lemma: (1 − 0)² / 4).
const SCORE_VARIANCE: f64 = 0.25;

impl SequentialTest {
    /// The error left for duel's confidence sequence; the paper's interval gets the other half.
    fn alpha_each(&self) -> f64 {
        self.alpha / 2.0
    }

    /// The mixture's ρ: with α' the sequence's error and V* = `tuned_for`/4, ρ = V* / (2 ln(1/α')
    /// + ln(1 + 2 ln(1/α'))), which puts the boundary near its smallest at V*.
    fn rho(&self) -> f64 {
        let l = 2.0 * (1.0 / self.alpha_each()).ln();
        let v = self.tuned_for.max(1) as f64 * SCORE_VARIANCE;
        v / (l + (1.0 + l).ln())
    }

    /// The half-width of the confidence sequence for duel's mean score after `games` games.
    pub fn radius(&self, games: u64) -> f64 {
        radius_with(games, self.rho(), self.alpha_each())
    }

    /// The half-width of the fixed-sample Hoeffding interval of the paper's mean after `games`.
    pub fn paper_radius(&self, games: u64) -> f64 {
        if games == 0 {
            return f64::INFINITY;
        }
        ((2.0 / self.alpha_each()).ln() / (2.0 * games as f64)).sqrt()
    }

    /// Judges duel's games `duel` against the paper's `paper`.
    pub fn judge(&self, duel: Score, paper: Score) -> Judgement {
        let (score, paper_score) = (duel.mean().unwrap_or(0.5), paper.mean().unwrap_or(0.5));
        let d = score - paper_score;
        let r = self.radius(duel.games()) + self.paper_radius(paper.games());
        let difference = [d - r, d + r];
        let verdict = if difference[0] > 0.0 || difference[1] < 0.0 {
            Verdict::Differs
        } else if -self.tolerance <= difference[0] && difference[1] <= self.tolerance {
            Verdict::Matches
        } else {
            Verdict::Undecided
        };
        Judgement {
            verdict,
            score,
            paper_score,
            difference,
        }
    }
}

/// The normal-mixture radius for the mean of `games` scores, with mixture `rho`, at error
/// `alpha`: sqrt((V + ρ) ln((V + ρ) / (ρ α²))) / n with V = n/4.
fn radius_with(games: u64, rho: f64, alpha: f64) -> f64 {
    if games == 0 {
        return f64::INFINITY;
    }
    let v = games as f64 * SCORE_VARIANCE + rho;
    (v * (v / (rho * alpha * alpha)).ln()).sqrt() / games as f64
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    /// Plays games of win probability `p` (no draws) until the test decides or `max` games,
    /// looking after every `every` games; the verdict and the games played.
    fn run(test: &SequentialTest, p: f64, paper: Score, max: u64, seed: u64) -> (Verdict, u64) {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut s = Score::default();
        while s.games() < max {
            for _ in 0..100 {
                if rng.gen_bool(p) {
                    s.wins += 1
                } else {
                    s.losses += 1
                }
            }
            let v = test.judge(s, paper).verdict;
            if v != Verdict::Undecided {
                return (v, s.games());
            }
        }
        (Verdict::Undecided, s.games())
    }

    /// The paper's 20,000 games of score `p` exactly.
    fn paper(p: f64) -> Score {
        let wins = (p * 20_000.0).round() as u64;
        Score {
            wins,
            losses: 20_000 - wins,
            draws: 0,
        }
    }

    #[test]
    fn a_cell_at_the_papers_score_rarely_differs_and_ends_matching() {
        let test = SequentialTest::default();
        let (mut differs, mut matches) = (0, 0);
        for seed in 0..200 {
            match run(&test, 0.5882, paper(0.5882), 40_000, seed).0 {
                Verdict::Differs => differs += 1,
                Verdict::Matches => matches += 1,
                Verdict::Undecided => {}
            }
        }
        // α = 0.05 bounds the rate of a false `differs`, looking every 100 games; observed
        // rates of a confidence sequence are far below α.
        assert!(differs <= 4, "{differs} false differs in 200");
        assert!(
            matches >= 190,
            "only {matches} of 200 matched within 40,000 games"
        );
    }

    #[test]
    fn a_cell_far_from_the_papers_score_differs_within_a_few_thousand_games() {
        let test = SequentialTest::default();
        for seed in 0..50 {
            let (v, games) = run(&test, 0.45, paper(0.5242), 20_000, seed);
            assert_eq!(v, Verdict::Differs, "seed {seed}");
            assert!(games <= 3_000, "seed {seed}: {games} games");
        }
    }

    #[test]
    fn a_cell_just_beyond_the_tolerance_never_matches() {
        // μ − μ_paper = 0.035 > tolerance 0.03: `matches` would be an error.
        let test = SequentialTest::default();
        let wrong = (0..100)
            .filter(|&seed| run(&test, 0.535, paper(0.5), 100_000, seed).0 == Verdict::Matches)
            .count();
        assert!(wrong <= 2, "{wrong} false matches in 100");
    }

    #[test]
    fn the_radius_shrinks_and_is_near_its_smallest_where_tuned() {
        let test = SequentialTest::default();
        let at = |n| test.radius(n);
        assert!(at(100) > at(1_000) && at(1_000) > at(10_000) && at(10_000) > at(100_000));
        // No ρ on a wide grid gives a radius at 2,000 games more than 2 % below the tuned one.
        let best = (1..400)
            .map(|k| radius_with(2_000, k as f64 * 2.5, test.alpha_each()))
            .fold(f64::INFINITY, f64::min);
        assert!(at(2_000) <= best * 1.02, "{} against {best}", at(2_000));
        // Wider than the fixed-sample Hoeffding interval at the same error, as it must be.
        assert!(at(2_000) > test.paper_radius(2_000));
    }

    #[test]
    fn scores_count_draws_as_halves() {
        let s = Score {
            wins: 4174,
            losses: 5809,
            draws: 17,
        };
        assert_eq!(s.games(), 10_000);
        assert_eq!(s.mean(), Some((4174.0 + 8.5) / 10_000.0));
        assert_eq!(Score::default().mean(), None);
        let both = s.plus(Score {
            wins: 3146,
            losses: 6806,
            draws: 48,
        });
        assert_eq!(both.games(), 20_000);
    }
}
