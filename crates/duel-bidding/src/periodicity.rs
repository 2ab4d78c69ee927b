//! Periodicity (Develin & Payne, section 3.6, Theorems 3.13 and 3.14).
//!
//! Choose `M` with `M·R(G_v)` and `M·Δ_v` integers for every position; with `m = M·R(G)` and
//! `m̄ = M·R(Ḡ)`, stable wins and stable defences survive adding `m` chips to Alice and `m̄` to
//! Bob. For large totals the game is stable (Theorem 3.12), so `f(G, k + M) = f(G, k) + m`
//! from some `k₀` on. This module computes `M`, `m`, `m̄`, finds the smallest period `d`
//! dividing `M` and the offset `k₀` by direct computation, checks the relation over at least
//! two whole periods, and then answers `f(G, k)` for any `k` from the finite table.

use num_bigint::BigInt;
use num_integer::Integer;
use num_traits::{One, ToPrimitive};
use serde::Serialize;

use super::discrete::{threshold_table_until, Recursion};
use super::graph::GameGraph;
use super::richman::Richman;
use super::BiddingError;
use duel_core::cancel::Cancel;
use duel_core::exact::Chips;
use duel_core::game::Player;

/// The periodic description of `f(G_v, k)` for all `k`.
#[derive(Clone, Debug, Serialize)]
pub struct Periodicity {
    /// `M`: the least common denominator of every `R(G_w)` and `Δ_w` (Theorem 3.13).
    pub big_m: u64,
    /// `m = M·R(G_v)`.
    pub m: u64,
    /// `m̄ = M·R(Ḡ_v) = M − m` (finite games).
    pub m_bar: u64,
    /// The smallest verified period `d` (a divisor of `M`).
    pub period: u64,
    /// `f(G, k + d) = f(G, k) + shift` for `k ≥ offset`.
    pub shift: u64,
    /// `k₀`: where the periodic relation starts.
    pub offset: u64,
    /// `f(G_v, k)` for `k = 0..table.len()`; the relation is checked on all of it.
    pub table: Vec<Chips>,
}

/// The largest `M` handled (the table has about `4M` entries).
pub const MAX_M: u64 = 1 << 16;

/// `M` of Theorem 3.13 for the game from `v`: the least common denominator of `R(G_w)` and
/// `Δ_w` over every position `w` reachable from `v`.
pub fn period_bound(graph: &GameGraph, richman: &Richman, v: u32) -> BigInt {
    let mut lcd = BigInt::one();
    let mut seen = vec![false; graph.len()];
    let mut stack = vec![v];
    seen[v as usize] = true;
    while let Some(w) = stack.pop() {
        lcd = lcd.lcm(richman.value(w).denom());
        if let Some(d) = richman.optimal_bid(graph, w) {
            lcd = lcd.lcm(d.denom());
        }
        for who in [Player::ALICE, Player::BOB] {
            for &x in graph.moves(w, who) {
                if !seen[x as usize] {
                    seen[x as usize] = true;
                    stack.push(x);
                }
            }
        }
    }
    lcd
}

impl Periodicity {
    /// Computes the periodic description at vertex `v` of a finite game, with a table of
    /// about `4M` totals (so that the relation is checked over at least two periods of `M`).
    pub fn analyse(graph: &GameGraph, v: u32) -> Result<Periodicity, BiddingError> {
        Self::analyse_within(graph, v, u64::MAX)
    }

    /// Like [`Periodicity::analyse`], computing at most `max_table` totals: the period found is
    /// then only checked over that range (`table.len()`), which may be shorter than `4M`.
    pub fn analyse_within(
        graph: &GameGraph,
        v: u32,
        max_table: u64,
    ) -> Result<Periodicity, BiddingError> {
        Self::analyse_until(graph, v, max_table, &Cancel::never())
    }

    /// [`Periodicity::analyse_within`], stopped with [`BiddingError::Cancelled`] once `cancel`
    /// is (read before each total of its tables).
    pub fn analyse_until(
        graph: &GameGraph,
        v: u32,
        max_table: u64,
        cancel: &Cancel,
    ) -> Result<Periodicity, BiddingError> {
        let richman = Richman::solve(graph)?;
        if !richman.exact {
            return Err(BiddingError::RichmanNotExact);
        }
        let lcd = period_bound(graph, &richman, v);
        let big_m = lcd.to_u64().filter(|&m| m <= MAX_M).ok_or_else(|| {
            BiddingError::PeriodBoundTooLarge {
                bound: lcd.clone(),
                limit: MAX_M,
            }
        })?;
        let r = richman.value(v).clone();
        let m = (r.clone() * BigInt::from(big_m))
            .to_integer()
            .to_u64()
            .unwrap_or(0);
        let mut len = (4 * big_m + 32).min(max_table.max(8));
        loop {
            let table: Vec<Chips> =
                threshold_table_until(graph, v, len - 1, Recursion::Advantage, cancel)?
                    .into_iter()
                    .map(Chips::from_rank)
                    .collect();
            for d in (1..=big_m).filter(|d| big_m % d == 0) {
                if 3 * d > len {
                    break;
                }
                let scaled = r.clone() * BigInt::from(d);
                if !scaled.is_integer() {
                    continue;
                }
                let shift = scaled.to_integer().to_u64().unwrap_or(0);
                // The largest k0 where the relation fails, plus one.
                let last = len - d;
                let mut k0 = 0;
                for k in 0..last {
                    if table[(k + d) as usize].rank() != table[k as usize].rank() + 2 * shift {
                        k0 = k + 1;
                    }
                }
                if last >= k0 + 2 * d {
                    return Ok(Periodicity {
                        big_m,
                        m,
                        m_bar: big_m - m,
                        period: d,
                        shift,
                        offset: k0,
                        table,
                    });
                }
            }
            if len > 64 * big_m + 4096 || len >= max_table {
                return Err(BiddingError::NoPeriodVerified { within: len });
            }
            len *= 2;
        }
    }

    /// `f(G, k)` for any total `k`, from the table and the period.
    pub fn threshold(&self, k: u64) -> Result<Chips, BiddingError> {
        if let Some(&c) = self.table.get(k as usize) {
            return Ok(c);
        }
        let steps = (k - self.offset) / self.period;
        let base = self.offset + (k - self.offset) % self.period;
        let rank = self.table[base as usize].rank();
        steps
            .checked_mul(2 * self.shift)
            .and_then(|x| x.checked_add(rank))
            .filter(|&r| r / 2 <= Chips::MAX_COUNT)
            .map(Chips::from_rank)
            .ok_or(BiddingError::ThresholdBeyondChips { total: k })
    }
}
