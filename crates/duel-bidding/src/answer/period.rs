//! `duel bidding period`: the proved period of `f(G, k)` on a board where every move adds a
//! stone, from every position's row kept as a periodic description ([`periodic_rows`]).

use std::time::Instant;

use serde::Serialize;

use super::as_text;
use crate::boards::{Hex, LineGame};
use crate::games::GameSpec;
use crate::layered::{periodic_rows, LayerStats, RECORD_BYTES, ROW_BYTES};
use crate::rows_estimate::{check_periodic_rows, periodic_rows_bytes};
use crate::BiddingError;
use duel_core::exact::{Chips, Rational};

/// Why the period found is proved (see [`periodic_rows`]).
pub const PERIOD_PROOF: &str = "proved: every position's row is periodic from its offset, by induction from the ends (past a point found in the children's rows the best children and the order of f_A, f_B are settled for ever, so one window of the period decides it)";

/// The answer of `duel bidding period`: `f(G, k + period) = f(G, k) + shift` for every
/// `k ≥ offset`, with `R`, `M`, `m`, `m̄` and the work per layer.
#[derive(Clone, Debug, Serialize)]
pub struct PeriodAnswer {
    /// The game's name.
    pub game: String,
    /// `R(G)`.
    #[serde(serialize_with = "as_text")]
    pub richman: Rational,
    /// `M` of Theorem 3.13 (a power of two).
    #[serde(rename = "M")]
    pub big_m: u64,
    /// `log2 M`.
    #[serde(skip)]
    pub log2_big_m: u32,
    /// `m = M·R(G)`.
    pub m: u64,
    /// `m̄ = M − m`.
    pub m_bar: u64,
    /// The least period `d`.
    pub period: u32,
    /// The shift `s` over one period, in chips.
    pub shift: u32,
    /// The least offset.
    pub offset: u32,
    /// `f(G, k)` for `k < offset + period`.
    pub table: Vec<Chips>,
    /// The total asked for, if any.
    pub chips: Option<u64>,
    /// `f(G, chips)`.
    pub threshold: Option<Chips>,
    /// Positions solved.
    pub positions: u64,
    /// Child-row entries combined.
    #[serde(serialize_with = "as_text")]
    pub updates: u128,
    /// The most bytes the descriptions of two adjacent layers took.
    pub peak_table_bytes: u64,
    /// The largest offset of any position's row.
    pub max_offset: u32,
    /// Time taken, in seconds.
    pub seconds: f64,
    /// Why the period is proved ([`PERIOD_PROOF`]).
    pub proof: &'static str,
    /// One entry per number of stones.
    pub layers: Vec<LayerStats>,
}

/// The period of `f(G, k)` on `tictactoe`, `connect:WxH:K` or `hex:N`, proved by periodic rows,
/// and `f(G, chips)` when asked. `progress` hears of the start and the end.
pub fn period_answer(
    game: &GameSpec,
    chips: Option<u64>,
    progress: &mut dyn FnMut(u64, u64),
) -> Result<PeriodAnswer, BiddingError> {
    let start = Instant::now();
    // The memory the job will need, estimated from the board's size before any work.
    let fits = |layers: Vec<f64>| {
        let need = periodic_rows_bytes(&layers, ROW_BYTES, RECORD_BYTES);
        check_periodic_rows(&game.name(), need)
    };
    let solution = match *game {
        GameSpec::TicTacToe { first: None } => {
            progress(0, 1);
            let ttt = LineGame::tictactoe();
            periodic_rows(&ttt, 9, ttt.position_bound())?
        }
        GameSpec::Connect { width, height, k } => {
            let board = LineGame::new(width, height, k, true)?;
            fits(board.layer_estimates())?;
            progress(0, 1);
            periodic_rows(&board, board.cells() as u32, board.position_bound())?
        }
        GameSpec::Hex(n) => {
            let hex = Hex::new(n)?;
            fits(hex.layer_estimates())?;
            progress(0, 1);
            periodic_rows(&hex, (n * n) as u32, hex.position_bound())?
        }
        _ => return Err(BiddingError::NotALayeredBoard(game.name())),
    };
    let seconds = start.elapsed().as_secs_f64();
    progress(1, 1);
    let root = &solution.root;
    let big_m = 1u64 << solution.log2_m;
    let m = solution.scaled >> (solution.cells - solution.log2_m);
    Ok(PeriodAnswer {
        game: game.name(),
        richman: Rational::new(solution.scaled.into(), (1u64 << solution.cells).into()),
        big_m,
        log2_big_m: solution.log2_m,
        m,
        m_bar: big_m - m,
        period: root.period,
        shift: root.shift / 2,
        offset: root.offset,
        table: root
            .table
            .iter()
            .map(|&r| Chips::from_rank(u64::from(r)))
            .collect(),
        chips,
        threshold: chips.map(|k| Chips::from_rank(root.rank(k))),
        positions: solution.positions,
        updates: solution.updates,
        peak_table_bytes: solution.peak_table_bytes,
        max_offset: solution.max_offset,
        seconds,
        proof: PERIOD_PROOF,
        layers: solution.layers,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::answer::threshold_answer;
    use crate::brute::TieRule;
    use crate::games::parse_game;

    #[test]
    fn tic_tac_toe_has_period_256_and_agrees_with_theorem_3_7() {
        // Develin & Payne, Theorem 6.1 and Figure 3: period 256, shift 133, M = 256.
        let game = parse_game("tictactoe").unwrap();
        let k = 1_000_000_000_000_000_000;
        let p = period_answer(&game, Some(k), &mut |_, _| {}).unwrap();
        assert_eq!(
            (p.period, p.shift, p.big_m, p.m, p.m_bar),
            (256, 133, 256, 133, 123)
        );
        assert_eq!(p.richman.to_string(), "133/256");
        assert_eq!(p.table.len(), p.offset as usize + 256);
        let direct = threshold_answer(&game, k, TieRule::Advantage).unwrap();
        assert_eq!(
            p.threshold.map(|c| c.to_string()),
            Some(direct.threshold.to_string())
        );
    }

    #[test]
    fn games_that_are_not_layered_boards_are_refused_by_name() {
        let err = period_answer(&parse_game("tug:3").unwrap(), None, &mut |_, _| {});
        assert_eq!(
            err.unwrap_err(),
            BiddingError::NotALayeredBoard("tug:3".into())
        );
    }
}
