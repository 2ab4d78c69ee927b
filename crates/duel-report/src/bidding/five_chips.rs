//! Lemmas 6.5 and 6.6 of Develin & Payne: bidding Tic-Tac-Toe at the totals where the center
//! is not an optimal first move for Alice (Theorem 6.7: five chips only). Lemma 6.5: her
//! optimal first two moves are then in adjacent corners. Lemma 6.6: every move of Figure 2 is
//! optimal; the figure is not in the text, so its ten moves are read from the lemma's proof.
//! A move of Figure 2 is checked the strict way: it reaches the mover's best threshold
//! f(G_w, k) (the least for Alice, the greatest for Bob), so forcing it changes no outcome.

use super::part::cited;
use crate::{Check, Claim, Status};
use duel_bidding::boards::LineGame;
use duel_bidding::discrete::theorem_3_7;
use duel_bidding::graph::BiddingGame;
use duel_bidding::ttt::TttAnalysis;
use duel_bidding::BiddingError;
use duel_core::game::Player;

/// The moves of Figure 2 (mover, from, to; rows from the top, `-` the empty board), as the
/// proof of Lemma 6.6 names them. `*` as the target: every move from there.
const FIGURE_2: [(Player, &str, &str); 10] = [
    (Player::ALICE, "-", "A../.../..."),
    (Player::BOB, "-", ".../.B./..."),
    (Player::ALICE, "A../.../...", "A.A/.../..."),
    (Player::BOB, "A../.../...", "A../.B./..."),
    (Player::BOB, "A.A/.../...", "ABA/.../..."),
    (Player::ALICE, "ABA/.../...", "ABA/.A./..."),
    (Player::BOB, "ABA/.../...", "ABA/.B./..."),
    (Player::BOB, "ABA/.A./...", "ABA/.A./..B"),
    (Player::ALICE, "ABA/.B./...", "*"),
    (Player::BOB, "ABA/.A./..B", "ABA/.A./B.B"),
];

/// The positions of bidding Tic-Tac-Toe read from boards.
struct Boards<'a> {
    game: LineGame,
    analysis: &'a TttAnalysis,
}

impl Boards<'_> {
    fn vertex(&self, text: &str) -> Result<u32, BiddingError> {
        if text == "-" {
            return Ok(self.analysis.graph.start());
        }
        let code = self.game.canonical(self.game.parse(text)?);
        self.analysis
            .graph
            .vertex_of(code)
            .ok_or(BiddingError::Internal {
                what: "a board of Figure 2 is not a position",
            })
    }

    /// The mover's optimal moves from `v` at the total `k`.
    fn optimal(&self, v: u32, who: Player, k: usize) -> Vec<u32> {
        let f = &self.analysis.f[k];
        let moves = self.analysis.graph.moves(v, who);
        let value = |w: &u32| f[*w as usize];
        let best = if who == Player::ALICE {
            moves.iter().map(value).min()
        } else {
            moves.iter().map(value).max()
        };
        moves
            .iter()
            .copied()
            .filter(|w| Some(value(w)) == best)
            .collect()
    }

    /// The totals of the analysis where the center is not an optimal first move for Alice,
    /// as Theorem 6.7 reads it: with her first move forced to the center, f(TTT, k) (Theorem
    /// 3.7 on the best of Bob's first moves) would change.
    fn center_not_optimal(&self) -> Result<Vec<usize>, BiddingError> {
        let center = self.vertex(".../.A./...")?;
        let g = &self.analysis.graph;
        let start = g.start();
        Ok((0..self.analysis.f.len())
            .filter(|&k| {
                let f = &self.analysis.f[k];
                let fb = g
                    .moves(start, Player::BOB)
                    .iter()
                    .map(|&w| f[w as usize])
                    .max();
                fb.is_some_and(|fb| theorem_3_7(f[center as usize], fb) != f[start as usize])
            })
            .collect())
    }
}

/// Lemma 6.5 and 6.6 over the totals of `analysis`: the totals where the center is not
/// optimal, Lemma 6.5's failures there (an optimal pair of first moves not in adjacent
/// corners), Lemma 6.6's (moves of Figure 2 not optimal, as "k: mover from → to"), and the
/// totals where all ten moves of Figure 2 are optimal.
pub struct Found {
    /// Totals where the center is not an optimal first move.
    pub totals: Vec<usize>,
    /// Lemma 6.5: optimal first two moves not in adjacent corners, at those totals.
    pub not_adjacent: Vec<String>,
    /// Lemma 6.6: moves of Figure 2 not optimal at those totals.
    pub not_optimal: Vec<String>,
    /// Every total of the analysis at which all moves of Figure 2 are optimal.
    pub all_optimal_at: Vec<usize>,
}

/// The search of both lemmas.
pub fn check(analysis: &TttAnalysis) -> Result<Found, BiddingError> {
    let boards = Boards {
        game: LineGame::tictactoe(),
        analysis,
    };
    let g = &analysis.graph;
    let totals = boards.center_not_optimal()?;
    let adjacent = [boards.vertex("A.A/.../...")?, boards.vertex("A../.../A..")?];
    let start = g.start();
    let mut not_adjacent = Vec::new();
    for &k in &totals {
        for w in boards.optimal(start, Player::ALICE, k) {
            for w2 in boards.optimal(w, Player::ALICE, k) {
                if !adjacent.contains(&w2) {
                    not_adjacent.push(format!("k = {k}: {}", boards.game.label(g.code(w2))));
                }
            }
        }
    }
    let mut not_optimal = Vec::new();
    let mut all_optimal_at = Vec::new();
    for k in 0..analysis.f.len() {
        let mut all = true;
        for &(who, from, to) in &FIGURE_2 {
            let v = boards.vertex(from)?;
            let best = boards.optimal(v, who, k);
            let ok = if to == "*" {
                best.len() == g.moves(v, who).len()
            } else {
                best.contains(&boards.vertex(to)?)
            };
            all &= ok;
            if !ok && totals.contains(&k) {
                let name = if who == Player::ALICE { "Alice" } else { "Bob" };
                not_optimal.push(format!("k = {k}: {name} {from} → {to}"));
            }
        }
        if all {
            all_optimal_at.push(k);
        }
    }
    Ok(Found {
        totals,
        not_adjacent,
        not_optimal,
        all_optimal_at,
    })
}

/// The items of Lemmas 6.5 and 6.6.
pub(super) fn lemmas_6_5_6_6(analysis: &TttAnalysis) -> Result<Vec<Check>, BiddingError> {
    let max_k = analysis.f.len() - 1;
    let f = check(analysis)?;
    let totals = f
        .totals
        .iter()
        .map(|k| k.to_string())
        .collect::<Vec<_>>()
        .join(", ");
    let listed = |v: &[String]| {
        if v.is_empty() {
            "none".to_string()
        } else {
            v.join("; ")
        }
    };
    let ok_65 = !f.totals.is_empty() && f.not_adjacent.is_empty();
    let ok_66 = !f.totals.is_empty() && f.not_optimal.is_empty();
    let also: Vec<String> = f.all_optimal_at.iter().map(|k| k.to_string()).collect();
    Ok(vec![
        Claim {
            item: &format!("Lemma 6.5: without the center, Alice's optimal first two moves are adjacent corners, k ≤ {max_k}"),
            source: &cited("Lemma 6.5"),
            published: "adjacent corners",
            computed: &format!(
                "center not optimal at k = {totals}; optimal pairs elsewhere: {}",
                listed(&f.not_adjacent)
            ),
            note: "every optimal first move of Alice's, then every optimal second move of hers from it",
        }
        .judged(Status::of(ok_65)),
        Claim {
            item: &format!("Lemma 6.6: the ten moves of Figure 2 optimal where the center is not, k ≤ {max_k}"),
            source: &cited("Lemma 6.6"),
            published: "every move optimal",
            computed: &format!(
                "at k = {totals}: moves not optimal: {}",
                listed(&f.not_optimal)
            ),
            note: &format!(
                "Figure 2 (not in the text) read from the proof: corner, center, adjacent corner, block, center, center, block, counterattack; all ten optimal at {} of the {} totals ({})",
                also.len(),
                max_k + 1,
                if also.len() > 12 { format!("{}, …", also[..12].join(", ")) } else { also.join(", ") }
            ),
        }
        .judged(Status::of(ok_66)),
    ])
}
