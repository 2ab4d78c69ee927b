//! `duel bidding richman`: the exact Richman value, the optimal first bid and moves, and `M`,
//! `m`, `m̄` of Theorem 3.13.

use std::time::Instant;

use num_bigint::BigInt;
use num_traits::One;
use serde::Serialize;

use super::{as_count, as_optional_text, as_text};
use crate::boards::{
    connect_richman_dense, hex_richman_dense, DenseRichman, Hex, LineGame, DENSE_LIMIT,
};
use crate::games::{GameSpec, MAX_POSITIONS};
use crate::periodicity::period_bound;
use crate::richman::Richman;
use crate::{approx, BiddingError};
use duel_core::exact::Rational;

/// The answer of `duel bidding richman`: from the explicit graph, or from a dense table for
/// boards too large for one.
#[derive(Clone, Debug, Serialize)]
#[serde(untagged)]
pub enum RichmanAnswer {
    /// Solved on the explicit graph: values, bid, moves and zugzwangs.
    Graph(GraphRichmanAnswer),
    /// Solved on a dense table (Connect and Hex boards beyond the graph's limit).
    Dense(DenseRichmanAnswer),
}

/// `R(G)` solved on the explicit game graph ([`Richman::solve`]).
#[derive(Clone, Debug, Serialize)]
pub struct GraphRichmanAnswer {
    /// The game's name.
    pub game: String,
    /// `R(G)` where it is known exactly; `None` when the truncations only bracket it.
    #[serde(serialize_with = "as_optional_text")]
    pub value: Option<Rational>,
    /// The upper end as a float (`R(G)` when exact).
    pub value_float: f64,
    /// Whether `R(G)` is known exactly.
    pub exact: bool,
    /// The lower end of the bracket, `1 − R(Ḡ[n])` (`R(G)` when exact).
    #[serde(serialize_with = "as_text")]
    pub lower: Rational,
    /// The upper end of the bracket, `R(G[n])` (`R(G)` when exact).
    #[serde(serialize_with = "as_text")]
    pub upper: Rational,
    /// `upper` as a float.
    pub upper_float: f64,
    /// `lower` as a float.
    pub lower_float: f64,
    /// `M` of Theorem 3.13 (the least common denominator of every `R(G_v)` and `Δ_v`
    /// reachable), when the values are exact.
    #[serde(rename = "M", serialize_with = "as_count")]
    pub big_m: Option<BigInt>,
    /// `m = M·R(G)`.
    #[serde(serialize_with = "as_count")]
    pub m: Option<BigInt>,
    /// `m̄ = M − m`.
    #[serde(serialize_with = "as_count")]
    pub m_bar: Option<BigInt>,
    /// Truncation steps taken (games with cycles).
    pub iterations: usize,
    /// Positions of the graph.
    pub positions: usize,
    /// The optimal first bid `Δ = |R_B − R_A|/2` (on the upper end's values when not exact).
    #[serde(serialize_with = "as_optional_text")]
    pub bid: Option<Rational>,
    /// Whether the start is a zugzwang (both prefer the other to move).
    pub zugzwang: bool,
    /// How many positions are zugzwangs.
    pub zugzwang_positions: usize,
    /// Alice's best move from the start.
    pub alice_move: Option<String>,
    /// Bob's best move from the start.
    pub bob_move: Option<String>,
}

/// Which dense table solved a board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum DenseTable {
    /// Connect-K with gravity, indexed by column states.
    #[serde(rename = "dense table over column states")]
    ColumnStates,
    /// Hex, indexed by every board.
    #[serde(rename = "dense table of all boards")]
    AllBoards,
}

impl DenseTable {
    /// What one entry of the table is, in words (plural).
    pub fn entries_name(self) -> &'static str {
        match self {
            DenseTable::ColumnStates => "column states",
            DenseTable::AllBoards => "boards",
        }
    }
}

/// `R(G)` of a board solved on a dense table of 4-byte entries (every value dyadic).
#[derive(Clone, Debug, Serialize)]
pub struct DenseRichmanAnswer {
    /// The game's name.
    pub game: String,
    /// `R(G)`, exact.
    #[serde(serialize_with = "as_text")]
    pub value: Rational,
    /// `R(G)` as a float.
    pub value_float: f64,
    /// Always true: the dense tables are exact.
    pub exact: bool,
    /// `R(G)` (the bracket's ends meet).
    #[serde(serialize_with = "as_text")]
    pub lower: Rational,
    /// `R(G)`.
    #[serde(serialize_with = "as_text")]
    pub upper: Rational,
    /// `M` of Theorem 3.13, a power of two.
    #[serde(rename = "M")]
    pub big_m: u64,
    /// `log2 M`.
    #[serde(skip)]
    pub log2_big_m: u32,
    /// `m = M·R(G)`.
    pub m: u64,
    /// `m̄ = M − m`.
    pub m_bar: u64,
    /// The table that solved it.
    pub method: DenseTable,
    /// Entries of the table.
    pub table_entries: usize,
    /// Bytes of the table (4 an entry).
    pub table_bytes: usize,
    /// Time taken, in milliseconds.
    pub millis: u128,
}

impl DenseRichmanAnswer {
    fn new(game: &GameSpec, dense: &DenseRichman, method: DenseTable, start: Instant) -> Self {
        let value = dense.value();
        DenseRichmanAnswer {
            game: game.name(),
            value_float: approx(&value),
            exact: true,
            lower: value.clone(),
            upper: value.clone(),
            value,
            big_m: dense.big_m(),
            log2_big_m: dense.log2_big_m(),
            m: dense.m(),
            m_bar: dense.m_bar(),
            method,
            table_entries: dense.entries,
            table_bytes: dense.entries * 4,
            millis: start.elapsed().as_millis(),
        }
    }
}

/// `R(G)`: on the explicit graph where the game fits in one ([`MAX_POSITIONS`]); Connect
/// boards up to [`DENSE_LIMIT`] column states and Hex boards beyond it on a dense table.
/// `progress` hears of the dense solve (one step), or of the truncation steps on a graph with
/// cycles (at most [`truncation_steps`](crate::richman::truncation_steps) of its positions).
pub fn richman_answer(
    game: &GameSpec,
    progress: &mut dyn FnMut(u64, u64),
) -> Result<RichmanAnswer, BiddingError> {
    let bound = game.position_bound();
    if bound > MAX_POSITIONS as u128 {
        if let GameSpec::Connect { width, height, k } = *game {
            if bound > DENSE_LIMIT as u128 {
                return Err(BiddingError::DenseTooLarge {
                    game: game.name(),
                    needed: bound,
                    limit: DENSE_LIMIT,
                });
            }
            let board = LineGame::new(width, height, k, true)?;
            progress(0, 1);
            let start = Instant::now();
            let dense = connect_richman_dense(&board)?;
            progress(1, 1);
            let answer = DenseRichmanAnswer::new(game, &dense, DenseTable::ColumnStates, start);
            return Ok(RichmanAnswer::Dense(answer));
        }
        if let GameSpec::Hex(n) = *game {
            let hex = Hex::new(n)?;
            progress(0, 1);
            let start = Instant::now();
            let dense = hex_richman_dense(&hex)?;
            progress(1, 1);
            let answer = DenseRichmanAnswer::new(game, &dense, DenseTable::AllBoards, start);
            return Ok(RichmanAnswer::Dense(answer));
        }
    }
    let built = game.build()?;
    let g = &built.graph;
    let r = Richman::solve_with(g, progress)?;
    let s = g.start();
    let value = r.value(s).clone();
    let lower = r.lower[s as usize].clone();
    let (alice_move, bob_move) = match r.best_moves(g, s) {
        Some((a, b)) => (Some(built.label(a)), Some(built.label(b))),
        None => (None, None),
    };
    let (big_m, m, m_bar) = if r.exact {
        let big_m = period_bound(g, &r, s);
        let m = (value.clone() * Rational::from_integer(big_m.clone())).to_integer();
        let m_bar = &big_m - &m;
        (Some(big_m), Some(m), Some(m_bar))
    } else {
        (None, None, None)
    };
    Ok(RichmanAnswer::Graph(GraphRichmanAnswer {
        game: game.name(),
        value: r.exact.then(|| value.clone()),
        value_float: approx(&value),
        exact: r.exact,
        upper_float: approx(&value),
        lower_float: approx(&lower),
        lower,
        big_m,
        m,
        m_bar,
        iterations: r.iterations,
        positions: g.len(),
        bid: r.optimal_bid(g, s),
        zugzwang: r.is_zugzwang(g, s),
        zugzwang_positions: (0..g.len() as u32).filter(|&v| r.is_zugzwang(g, v)).count(),
        alice_move,
        bob_move,
        upper: value,
    }))
}

/// An exact fraction, with a power-of-two denominator beyond `2^64` written `2^e` (the ends of
/// a bracket of truncations have denominators of thousands of digits).
pub fn dyadic_text(x: &Rational) -> String {
    let den = x.denom();
    let e = den.bits() - 1;
    if e > 64 && den == &(BigInt::one() << e) {
        format!("{}/2^{e}", x.numer())
    } else {
        x.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::parse_game;

    fn answer(name: &str) -> RichmanAnswer {
        richman_answer(&parse_game(name).unwrap(), &mut |_, _| {}).unwrap()
    }

    #[test]
    fn the_graph_solver_gives_theorem_3_13s_numbers() {
        // Develin & Payne, Theorem 6.1: R(TTT) = 133/256, so M = 256, m = 133, m̄ = 123.
        let RichmanAnswer::Graph(a) = answer("tictactoe") else {
            panic!("tictactoe fits in a graph")
        };
        assert_eq!(a.value.unwrap().to_string(), "133/256");
        assert_eq!(a.big_m, Some(BigInt::from(256)));
        assert_eq!((a.m, a.m_bar), (Some(133.into()), Some(123.into())));
        assert_eq!(a.alice_move.as_deref(), Some(".../.A./..."));
    }

    #[test]
    fn boards_beyond_the_graph_go_to_the_dense_table() {
        // 21 cells: R = 1048599/2^21 with an odd numerator, so M = 2^21.
        let RichmanAnswer::Dense(a) = answer("connect:3x7:3") else {
            panic!("connect:3x7:3 is beyond the graph's limit")
        };
        assert_eq!(a.method, DenseTable::ColumnStates);
        assert_eq!(a.value.to_string(), "1048599/2097152");
        assert_eq!((a.big_m, a.log2_big_m, a.m), (1 << 21, 21, 1_048_599));
        let refused = richman_answer(&parse_game("connect:7x6:4").unwrap(), &mut |_, _| {});
        assert!(matches!(
            refused,
            Err(BiddingError::DenseTooLarge {
                needed: 532_875_860_165_503,
                ..
            })
        ));
    }

    #[test]
    fn huge_dyadic_denominators_are_written_as_powers() {
        let x = Rational::new(3.into(), BigInt::one() << 70);
        assert_eq!(dyadic_text(&x), "3/2^70");
        let y = Rational::new(3.into(), BigInt::one() << 8);
        assert_eq!(dyadic_text(&y), "3/256");
    }
}
