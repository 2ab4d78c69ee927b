//! Bidding Tic-Tac-Toe (Develin & Payne, section 6): the thresholds of every position for a
//! range of totals, the identification of the positions the paper names in its figures (not in
//! the text) by their chip tables, and Theorem 6.7.

use super::boards::LineGame;
use super::discrete::{threshold_ranks, threshold_table, Recursion};
use super::games::parse_game;
use super::graph::{BiddingGame, GameGraph};
use super::paper::PaperTable;
use super::BiddingError;
use duel_core::exact::Chips;
use rayon::prelude::*;

/// Thresholds `f(TTT_v, k)` of every Tic-Tac-Toe position (up to symmetry) for `k ≤ max_k`.
pub struct TttAnalysis {
    game: LineGame,
    /// The graph of bidding Tic-Tac-Toe (positions up to the 8 symmetries of the square).
    pub graph: GameGraph,
    /// `f[k][v]` as ranks.
    pub f: Vec<Vec<u64>>,
}

impl TttAnalysis {
    /// Computes every threshold for `k = 0..=max_k`.
    pub fn new(max_k: u64) -> Result<TttAnalysis, BiddingError> {
        let game = LineGame::tictactoe();
        let graph = GameGraph::from_game(&game, 100_000)?;
        let f = (0..=max_k)
            .into_par_iter()
            .map(|k| threshold_ranks(&graph, k, Recursion::Advantage))
            .collect();
        Ok(TttAnalysis { game, graph, f })
    }

    /// The positions whose thresholds equal the printed table for every computed `k`, as
    /// boards (rows from the top, `A` Alice, `B` Bob), fewest stones first.
    pub fn positions_matching(&self, table: &PaperTable) -> Vec<String> {
        let mut found: Vec<(usize, String)> = (0..self.graph.len() as u32)
            .filter(|&v| self.graph.outcome(v).is_none())
            .filter(|&v| {
                self.f
                    .iter()
                    .enumerate()
                    .all(|(k, row)| row[v as usize] == table.value(k as u64).rank())
            })
            .map(|v| {
                let label = self.game.label(self.graph.code(v));
                (
                    label.chars().filter(|c| *c == 'A' || *c == 'B').count(),
                    label,
                )
            })
            .collect();
        found.sort();
        found.into_iter().map(|(_, l)| l).collect()
    }
}

/// Theorem 6.7 over `k = 0..=max_k`: the totals where center, and where corner, is an optimal
/// first move for Alice (`f′(k) = f(k)`, `f″(k) = f(k)`), with the three tables.
pub struct FirstMoves {
    /// `f(TTT, k)`.
    pub f: Vec<Chips>,
    /// `f′(TTT, k)`: Alice's first move, if she makes it, in the center.
    pub center: Vec<Chips>,
    /// `f″(TTT, k)`: in a corner.
    pub corner: Vec<Chips>,
}

impl FirstMoves {
    /// Computes the three tables for `k = 0..=max_k`.
    pub fn new(max_k: u64) -> Result<FirstMoves, BiddingError> {
        let table = |name: &str| -> Result<Vec<Chips>, BiddingError> {
            let g = parse_game(name)?.build()?.graph;
            Ok(threshold_table(&g, g.start(), max_k, Recursion::Advantage)?
                .into_iter()
                .map(Chips::from_rank)
                .collect())
        };
        Ok(FirstMoves {
            f: table("tictactoe")?,
            center: table("tictactoe:center")?,
            corner: table("tictactoe:corner")?,
        })
    }

    /// The totals where the center is optimal.
    pub fn center_optimal(&self) -> Vec<u64> {
        (0..self.f.len())
            .filter(|&k| self.center[k] == self.f[k])
            .map(|k| k as u64)
            .collect()
    }

    /// The totals where a corner is optimal.
    pub fn corner_optimal(&self) -> Vec<u64> {
        (0..self.f.len())
            .filter(|&k| self.corner[k] == self.f[k])
            .map(|k| k as u64)
            .collect()
    }
}
