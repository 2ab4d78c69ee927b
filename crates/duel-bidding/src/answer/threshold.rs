//! `duel bidding threshold`: `f(G, K)`, the fewest chips Alice needs with `K` in all, under the
//! tie-breaking rules whose chip counts are totally ordered.

use std::fmt;

use serde::{Serialize, Serializer};

use super::check_total;
use crate::boards::{connect_threshold_dense, hex_dense, Hex, LineGame, DENSE_LIMIT};
use crate::brute::{BruteForce, TieRule};
use crate::discrete::{mitt_label, threshold_ranks, thresholds, Recursion};
use crate::games::{BuiltGame, GameSpec, MAX_POSITIONS};
use crate::periodicity::Periodicity;
use crate::BiddingError;
use duel_core::exact::Chips;
use duel_core::game::Player;

/// The largest total for the rules decided by search ([`BruteForce`]).
pub const SEARCH_LIMIT: u64 = 200;

/// Above this total, games with cycles take `f(G, K)` from the period (Theorems 3.13, 3.14)
/// instead of iterating truncations with `K` chips; Make-it Take-it has no such shortcut and
/// stops here.
pub const CYCLIC_DIRECT_LIMIT: u64 = 10_000;

/// A threshold under one tie-breaking rule.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ThresholdValue {
    /// In N ∪ N* (the tie-breaking advantage, Theorem 3.7): written `12` or `12*`.
    Advantage(Chips),
    /// In N ∪ (N − ε) (Make-it Take-it), as a rank (`a − ε` = `2a`, `a` = `2a + 1`): written
    /// `3` (Alice wins ties) or `3-e` (see [`mitt_label`]).
    MakeItTakeIt(u64),
    /// A number of chips (Ladies First, where Alice wins every tie).
    Count(u64),
}

impl fmt::Display for ThresholdValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ThresholdValue::Advantage(c) => c.fmt(f),
            ThresholdValue::MakeItTakeIt(rank) => f.write_str(&mitt_label(*rank)),
            ThresholdValue::Count(n) => n.fmt(f),
        }
    }
}

impl Serialize for ThresholdValue {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

/// How a threshold was computed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ThresholdMethod {
    /// Theorem 3.7 on the explicit graph.
    Theorem37,
    /// The period of Theorems 3.13 and 3.14 (games with cycles, large totals).
    Periodicity,
    /// Theorem 3.7 on a dense table of Connect column states.
    DenseColumnStates,
    /// Theorem 3.7 on a dense table of every Hex board.
    DenseAllBoards,
    /// The Make-it Take-it recursion ([`Recursion::MakeItTakeIt`]).
    MakeItTakeIt,
    /// Search with explicit bids ([`BruteForce`]).
    Search,
}

impl ThresholdMethod {
    /// Whether a dense table (not the explicit graph) was searched.
    pub fn is_dense(self) -> bool {
        matches!(
            self,
            ThresholdMethod::DenseColumnStates | ThresholdMethod::DenseAllBoards
        )
    }
}

impl fmt::Display for ThresholdMethod {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            ThresholdMethod::Theorem37 => "Theorem 3.7",
            ThresholdMethod::Periodicity => "Theorems 3.13-3.14 (periodicity)",
            ThresholdMethod::DenseColumnStates => "Theorem 3.7 on a dense table of column states",
            ThresholdMethod::DenseAllBoards => "Theorem 3.7 on a dense table of all boards",
            ThresholdMethod::MakeItTakeIt => "make-it-take-it recursion",
            ThresholdMethod::Search => "search",
        })
    }
}

impl Serialize for ThresholdMethod {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

/// The answer of `duel bidding threshold`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ThresholdAnswer {
    /// The game's name.
    pub game: String,
    /// The total of ordinary chips `K`.
    pub chips: u64,
    /// `f(G, K)`.
    pub threshold: ThresholdValue,
    /// The tie-breaking rule.
    pub tie_break: TieRule,
    /// How it was computed.
    pub method: ThresholdMethod,
}

/// The recursion of a rule whose chip counts are totally ordered; `None` for Ladies First
/// (decided by search). Loser's Ball has no threshold.
pub(super) fn recursion_of(rule: TieRule) -> Result<Option<Recursion>, BiddingError> {
    match rule {
        TieRule::Advantage => Ok(Some(Recursion::Advantage)),
        TieRule::MakeItTakeIt => Ok(Some(Recursion::MakeItTakeIt)),
        TieRule::LadiesFirst => Ok(None),
        TieRule::LosersBall => Err(BiddingError::NoThreshold(rule)),
    }
}

/// The fewest chips with which Alice wins from the start with `k` in all when she wins every
/// tie (Ladies First), by search; `k + 1` when she never does.
pub(super) fn ladies_first_threshold(built: &BuiltGame, k: u64) -> Result<u64, BiddingError> {
    if k > SEARCH_LIMIT {
        return Err(BiddingError::LadiesFirstTooLarge {
            total: k,
            limit: SEARCH_LIMIT,
        });
    }
    let search = BruteForce::solve(&built.graph, k, TieRule::LadiesFirst)?;
    let s = built.graph.start();
    Ok((0..=k)
        .find(|&a| search.wins(s, a, Player::ALICE))
        .unwrap_or(k + 1))
}

/// `f(G, k)` from the start under `rule`: Theorem 3.7 (advantage; boards beyond the explicit
/// graph on a dense table, games with cycles above [`CYCLIC_DIRECT_LIMIT`] chips by their
/// period), the Make-it Take-it recursion, or search (Ladies First, `k ≤` [`SEARCH_LIMIT`]).
/// Loser's Ball has no threshold ([`BiddingError::NoThreshold`]).
pub fn threshold_answer(
    game: &GameSpec,
    k: u64,
    rule: TieRule,
) -> Result<ThresholdAnswer, BiddingError> {
    check_total(k, "the total")?;
    let recursion = recursion_of(rule)?;
    let answer = |threshold, method| ThresholdAnswer {
        game: game.name(),
        chips: k,
        threshold,
        tie_break: rule,
        method,
    };
    let bound = game.position_bound();
    if bound > MAX_POSITIONS as u128 && bound <= DENSE_LIMIT as u128 && rule == TieRule::Advantage {
        match *game {
            GameSpec::Connect {
                width,
                height,
                k: line,
            } => {
                let board = LineGame::new(width, height, line, true)?;
                let f = connect_threshold_dense(&board, k)?;
                return Ok(answer(
                    ThresholdValue::Advantage(f),
                    ThresholdMethod::DenseColumnStates,
                ));
            }
            GameSpec::Hex(n) => {
                let f = Chips::from_rank(hex_dense(&Hex::new(n)?, Some(k))?.0);
                return Ok(answer(
                    ThresholdValue::Advantage(f),
                    ThresholdMethod::DenseAllBoards,
                ));
            }
            _ => {}
        }
    }
    let built = game.build()?;
    let g = &built.graph;
    let s = g.start();
    Ok(match recursion {
        Some(Recursion::Advantage) => {
            if g.is_acyclic() || k <= CYCLIC_DIRECT_LIMIT {
                let f = thresholds(g, k)?[s as usize];
                answer(ThresholdValue::Advantage(f), ThresholdMethod::Theorem37)
            } else {
                let f = Periodicity::analyse(g, s)?.threshold(k)?;
                answer(ThresholdValue::Advantage(f), ThresholdMethod::Periodicity)
            }
        }
        Some(recursion) => {
            if !g.is_acyclic() && k > CYCLIC_DIRECT_LIMIT {
                return Err(BiddingError::CyclicMakeItTakeIt {
                    total: k,
                    limit: CYCLIC_DIRECT_LIMIT,
                });
            }
            let rank = threshold_ranks(g, k, recursion)[s as usize];
            answer(
                ThresholdValue::MakeItTakeIt(rank),
                ThresholdMethod::MakeItTakeIt,
            )
        }
        None => answer(
            ThresholdValue::Count(ladies_first_threshold(&built, k)?),
            ThresholdMethod::Search,
        ),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::answer::table_answer;
    use crate::games::parse_game;

    fn threshold(name: &str, k: u64, rule: TieRule) -> ThresholdAnswer {
        threshold_answer(&parse_game(name).unwrap(), k, rule).unwrap()
    }

    #[test]
    fn one_total_agrees_with_the_table_of_all_totals() {
        for name in ["tictactoe", "tug:3"] {
            for rule in [TieRule::Advantage, TieRule::MakeItTakeIt] {
                let table =
                    table_answer(&parse_game(name).unwrap(), 64, rule, &mut |_, _| {}).unwrap();
                for (k, v) in table.values.iter().enumerate() {
                    assert_eq!(threshold(name, k as u64, rule).threshold, *v, "{name} {k}");
                }
            }
        }
        let table = table_answer(
            &parse_game("tug:2").unwrap(),
            12,
            TieRule::LadiesFirst,
            &mut |_, _| {},
        )
        .unwrap();
        for (k, v) in table.values.iter().enumerate() {
            assert_eq!(
                threshold("tug:2", k as u64, TieRule::LadiesFirst).threshold,
                *v
            );
        }
    }

    #[test]
    fn the_periodic_shortcut_agrees_with_theorem_3_7_beyond_the_offset() {
        let game = parse_game("tug:3").unwrap();
        let g = game.build().unwrap().graph;
        let offset = Periodicity::analyse(&g, g.start()).unwrap().offset;
        assert!(offset < CYCLIC_DIRECT_LIMIT);
        for k in (CYCLIC_DIRECT_LIMIT + 1..=CYCLIC_DIRECT_LIMIT + 13).chain([123_457]) {
            let a = threshold("tug:3", k, TieRule::Advantage);
            assert_eq!(a.method, ThresholdMethod::Periodicity);
            let direct = thresholds(&g, k).unwrap()[g.start() as usize];
            assert_eq!(a.threshold, ThresholdValue::Advantage(direct), "{k}");
        }
        // Develin & Payne, Corollary 4.2 (n = 3, k = 10^6): Alice needs 500000*.
        let a = threshold("tug:3", 1_000_000, TieRule::Advantage);
        assert_eq!(a.threshold.to_string(), "500000*");
    }

    #[test]
    fn rules_without_a_threshold_or_beyond_their_limits_are_typed_errors() {
        let e = parse_game("E").unwrap();
        assert_eq!(
            threshold_answer(&e, 3, TieRule::LosersBall),
            Err(BiddingError::NoThreshold(TieRule::LosersBall))
        );
        assert_eq!(
            threshold_answer(&e, 201, TieRule::LadiesFirst),
            Err(BiddingError::LadiesFirstTooLarge {
                total: 201,
                limit: SEARCH_LIMIT
            })
        );
        let tug = parse_game("tug:3").unwrap();
        assert_eq!(
            threshold_answer(&tug, 20_000, TieRule::MakeItTakeIt),
            Err(BiddingError::CyclicMakeItTakeIt {
                total: 20_000,
                limit: CYCLIC_DIRECT_LIMIT
            })
        );
    }

    #[test]
    fn tic_tac_toe_at_23_and_at_ten_to_the_eighteen() {
        // Develin & Payne, Figure 3: f(TTT, 23) = 12*.
        let a = threshold("tictactoe", 23, TieRule::Advantage);
        assert_eq!(a.threshold.to_string(), "12*");
        assert_eq!(a.method, ThresholdMethod::Theorem37);
        // Figure 3: f'(256n + 255) = 133n + 133.
        let n = 1_000_000_000_000_000u64;
        let a = threshold("tictactoe", 256 * n + 255, TieRule::Advantage);
        assert_eq!(a.threshold.to_string(), (133 * n + 133).to_string());
    }
}
