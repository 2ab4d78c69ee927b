//! Poorman and taxman bidding (beyond the paper), real-valued and exact.
//!
//! Taxman bidding with tax `τ ∈ [0, 1]`: the winner of a bid of `Δ` pays `τΔ` to the bank and
//! `(1 − τ)Δ` to the other player (`τ = 0` is Richman bidding, `τ = 1` poorman bidding: the
//! winner pays the bank). Thresholds are shares of the money in play. With `lo` and `hi` the
//! thresholds Alice needs after winning and after losing the bid (the winner chooses who
//! moves: `lo = min(R_A, R_B)`, `hi = max(R_A, R_B)`), Alice's bid `Δ` must satisfy
//! `(x − Δ)/(1 − τΔ) ≥ lo` and `(x + (1 − τ)Δ)/(1 − τΔ) ≥ hi`. The first bound rises and the
//! second falls with `Δ`; equating them gives the threshold
//!
//! `Δ = (hi − lo) / (2 − τ + τ(hi − lo))`, `T(v) = lo + Δ(1 − τ·lo)`,
//!
//! which is `(lo + hi)/2` for `τ = 0` and `hi / (1 + hi − lo)` for `τ = 1`.

use std::collections::HashMap;

use num_traits::{One, Zero};

use super::graph::GameGraph;
use super::BiddingError;
use duel_core::exact::Rational;
use duel_core::game::{Outcome, Player};

/// The taxman threshold of every vertex of a bounded game, for a tax `tau` in `[0, 1]`.
pub fn taxman_values(graph: &GameGraph, tau: &Rational) -> Result<Vec<Rational>, BiddingError> {
    if *tau < Rational::zero() || *tau > Rational::one() {
        return Err(BiddingError::TaxOutOfRange(tau.clone()));
    }
    let topo = graph.topo().ok_or(BiddingError::TaxmanNeedsBoundedGame)?;
    let one = Rational::one();
    let two = Rational::from_integer(2.into());
    let mut t = vec![Rational::zero(); graph.len()];
    for &v in topo.iter().rev() {
        t[v as usize] = match graph.outcome(v) {
            Some(Outcome::Win(Player::ALICE)) => Rational::zero(),
            Some(_) => one.clone(),
            None => {
                let ra = graph
                    .moves(v, Player::ALICE)
                    .iter()
                    .map(|&w| &t[w as usize])
                    .min()
                    .cloned()
                    .unwrap_or_else(|| one.clone());
                let rb = graph
                    .moves(v, Player::BOB)
                    .iter()
                    .map(|&w| &t[w as usize])
                    .max()
                    .cloned()
                    .unwrap_or_else(|| one.clone());
                let (lo, hi) = if ra <= rb { (ra, rb) } else { (rb, ra) };
                let gap = &hi - &lo;
                let delta = &gap / (&two - tau + tau * &gap);
                &lo + delta * (&one - tau * &lo)
            }
        };
    }
    Ok(t)
}

/// Discrete taxman bidding, by search: whether Alice wins from `v` with `a` units against
/// Bob's `b` when the tax is `p/q`: bids are multiples of `q` units, the winner of a bid `x`
/// pays `x·p/q` to the bank and `x·(q−p)/q` to the other player, and ties go to Bob (`p = q`:
/// poorman). Used to check the taxman recursion: the least winning share `a/(a+b)` tends to the
/// threshold as the number of units grows.
pub struct TaxmanSearch<'g> {
    graph: &'g GameGraph,
    p: u64,
    q: u64,
    memo: HashMap<(u32, u64, u64), bool>,
}

/// Poorman bidding (the winner pays the bank): [`TaxmanSearch`] with tax 1.
pub type PoormanSearch<'g> = TaxmanSearch<'g>;

impl<'g> TaxmanSearch<'g> {
    /// A poorman search over the bounded game `graph`.
    pub fn new(graph: &'g GameGraph) -> Self {
        Self::with_tax(graph, 1, 1)
    }

    /// A search with tax `p/q` (`0 <= p <= q`, `q >= 1`).
    pub fn with_tax(graph: &'g GameGraph, p: u64, q: u64) -> Self {
        let q = q.max(1);
        TaxmanSearch {
            graph,
            p: p.min(q),
            q,
            memo: HashMap::new(),
        }
    }

    /// Whether Alice wins from `v` holding `a` units, Bob `b`.
    pub fn wins(&mut self, v: u32, a: u64, b: u64) -> bool {
        if let Some(o) = self.graph.outcome(v) {
            return o == Outcome::Win(Player::ALICE);
        }
        if let Some(&w) = self.memo.get(&(v, a, b)) {
            return w;
        }
        let am: Vec<u32> = self.graph.moves(v, Player::ALICE).to_vec();
        let bm: Vec<u32> = self.graph.moves(v, Player::BOB).to_vec();
        // After a bid won by Alice (she chooses the mover) or by Bob (he chooses).
        let after = |s: &mut Self, a: u64, b: u64, alice_won: bool| -> bool {
            let mine = am.iter().any(|&w| s.wins(w, a, b));
            let theirs = bm.iter().all(|&w| s.wins(w, a, b));
            if alice_won {
                mine || theirs
            } else {
                mine && theirs
            }
        };
        let (p, q) = (self.p, self.q);
        let mut result = false;
        let mut x = 0;
        while x <= a {
            let to_other = x / q * (q - p);
            // Bob answers below x (Alice wins, pays x) or matches x (Bob wins the tie).
            let below_ok = x == 0 || after(self, a - x, b + to_other, true);
            if below_ok {
                let tie_ok = x > b || after(self, a + to_other, b - x, false);
                if tie_ok {
                    result = true;
                    break;
                }
            }
            x += q;
        }
        self.memo.insert((v, a, b), result);
        result
    }

    /// The least number of units with which Alice wins from `v` against `b` (at most `limit`).
    pub fn least_winning(&mut self, v: u32, b: u64, limit: u64) -> Option<u64> {
        (0..=limit).find(|&a| self.wins(v, a, b))
    }
}
