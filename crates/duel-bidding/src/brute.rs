//! Direct game search over (position, Alice's chips, who wins ties) with explicit bids, for
//! every tie-breaking rule: the cross-check of Theorem 3.7, the decision procedure for
//! Loser's Ball (whose chip counts are not totally ordered) and the other rules of the
//! appendix.
//!
//! Both players write a bid no larger than their pile; the higher bid wins, pays its amount to
//! the other player and decides who moves (himself, or the opponent: zugzwang). Alice wins a
//! state when she has a bid such that every answer of Bob leaves her in a winning state. For
//! graphs with cycles the least fixed point is computed ("Alice wins in finitely many
//! moves"), which is the meaning of winning a locally finite game.

use super::discrete::CHECK_EVERY;
use super::graph::GameGraph;
use super::{BiddingError, Solver, TooMany};
use duel_core::cancel::Cancel;
use duel_core::game::{Outcome, Player};

pub use crate::tie_rule::TieRule;

impl TieRule {
    /// Reads a rule name.
    pub fn parse(s: &str) -> Result<TieRule, BiddingError> {
        match s {
            "advantage" => Ok(TieRule::Advantage),
            "make-it-take-it" => Ok(TieRule::MakeItTakeIt),
            "losers-ball" => Ok(TieRule::LosersBall),
            "ladies-first" => Ok(TieRule::LadiesFirst),
            _ => Err(BiddingError::NotATieRule(s.to_string())),
        }
    }
}

/// The largest number of states the search accepts.
pub const MAX_STATES: u64 = 50_000_000;

/// Who wins, from every state, with `k` chips in all: `wins(v, a, holder)`, `holder` the
/// player who wins ties (holds the advantage) at that moment.
#[derive(Clone, Debug)]
pub struct BruteForce {
    k: u64,
    win: Vec<bool>,
    /// For graphs with cycles, when asked for ([`BruteForce::solve_ranked`]): the sweep in which
    /// each state was found winning. A state found at (sweep, vertex) rests only on states found
    /// before it in that order, so a player who always goes to earlier states wins in finitely
    /// many moves.
    sweep: Option<Vec<u32>>,
    /// Each vertex's place in the order the search solved them (within a sweep).
    order: Vec<u32>,
}

impl BruteForce {
    /// Searches the game `graph` with `k` chips in all under `rule`.
    pub fn solve(graph: &GameGraph, k: u64, rule: TieRule) -> Result<BruteForce, BiddingError> {
        Self::search(graph, k, rule, false, &Cancel::never())
    }

    /// [`BruteForce::solve`], also keeping for graphs with cycles when each state was found
    /// winning (4 more bytes a state), for [`BruteForce::found_at`].
    pub fn solve_ranked(
        graph: &GameGraph,
        k: u64,
        rule: TieRule,
    ) -> Result<BruteForce, BiddingError> {
        Self::search(graph, k, rule, true, &Cancel::never())
    }

    /// [`BruteForce::solve_ranked`], stopped with [`BiddingError::Cancelled`] once `cancel` is
    /// (read every [`CHECK_EVERY`] vertices and at each sweep of a graph with cycles).
    pub fn solve_ranked_until(
        graph: &GameGraph,
        k: u64,
        rule: TieRule,
        cancel: &Cancel,
    ) -> Result<BruteForce, BiddingError> {
        Self::search(graph, k, rule, true, cancel)
    }

    fn search(
        graph: &GameGraph,
        k: u64,
        rule: TieRule,
        ranked: bool,
        cancel: &Cancel,
    ) -> Result<BruteForce, BiddingError> {
        let states = (graph.len() as u64)
            .saturating_mul(k.saturating_add(1))
            .saturating_mul(2);
        if states > MAX_STATES {
            return Err(TooMany {
                what: "states",
                count: u128::from(states),
                limit: MAX_STATES,
                solver: Solver::Search,
            }
            .into());
        }
        let width = (k as usize + 1) * 2;
        let mut win = vec![false; graph.len() * width];
        for v in 0..graph.len() as u32 {
            if graph.outcome(v) == Some(Outcome::Win(Player::ALICE)) {
                for i in 0..width {
                    win[v as usize * width + i] = true;
                }
            }
        }
        let sweep = (ranked && !graph.is_acyclic()).then(|| vec![0; win.len()]);
        let mut order: Vec<u32> = (0..graph.len() as u32).collect();
        if let Some(topo) = graph.topo() {
            for (i, &v) in topo.iter().rev().enumerate() {
                order[v as usize] = i as u32;
            }
        }
        let mut solver = BruteForce {
            k,
            win,
            sweep,
            order,
        };
        match graph.topo() {
            Some(topo) => {
                for (i, &v) in topo.iter().rev().enumerate() {
                    if i % CHECK_EVERY == 0 {
                        cancel.check()?;
                    }
                    if graph.outcome(v).is_none() {
                        let row = solver.row(graph, v, rule);
                        solver.win[v as usize * width..(v as usize + 1) * width]
                            .copy_from_slice(&row);
                    }
                }
            }
            None => {
                let mut round = 0u32;
                loop {
                    round = round.saturating_add(1);
                    let mut changed = false;
                    for v in 0..graph.len() as u32 {
                        if v as usize % CHECK_EVERY == 0 {
                            cancel.check()?;
                        }
                        if graph.outcome(v).is_none() {
                            let row = solver.row(graph, v, rule);
                            let at = v as usize * width..(v as usize + 1) * width;
                            if solver.win[at.clone()] != row[..] {
                                if let Some(sweep) = solver.sweep.as_mut() {
                                    for (i, (&old, &new)) in
                                        solver.win[at.clone()].iter().zip(&row).enumerate()
                                    {
                                        if new && !old {
                                            sweep[at.start + i] = round;
                                        }
                                    }
                                }
                                solver.win[at].copy_from_slice(&row);
                                changed = true;
                            }
                        }
                    }
                    if !changed {
                        break;
                    }
                }
            }
        }
        Ok(solver)
    }

    fn idx(&self, v: u32, a: u64, holder: Player) -> usize {
        (v as usize * (self.k as usize + 1) + a as usize) * 2 + usize::from(holder == Player::BOB)
    }

    /// Whether Alice wins from `v` holding `a` of the `k` chips, `holder` winning ties.
    pub fn wins(&self, v: u32, a: u64, holder: Player) -> bool {
        a <= self.k && self.win[self.idx(v, a, holder)]
    }

    /// When Alice's win from `(v, a, holder)` was found, as (sweep, the vertex's place in the
    /// order of solving): `None` where she does not win. Going always to a state found earlier than the present one wins in finitely
    /// many moves; the sweep is 0 on graphs without cycles or when the search was not ranked.
    pub fn found_at(&self, v: u32, a: u64, holder: Player) -> Option<(u32, u32)> {
        if !self.wins(v, a, holder) {
            return None;
        }
        let sweep = self.sweep.as_ref().map_or(0, |s| s[self.idx(v, a, holder)]);
        Some((sweep, self.order[v as usize]))
    }

    /// The total number of chips.
    pub fn total(&self) -> u64 {
        self.k
    }

    fn row(&self, graph: &GameGraph, v: u32, rule: TieRule) -> Vec<bool> {
        let k = self.k;
        let mut row = vec![false; (k as usize + 1) * 2];
        for a in 0..=k {
            for holder in [Player::ALICE, Player::BOB] {
                row[a as usize * 2 + usize::from(holder == Player::BOB)] =
                    self.first_winning_bid(graph, v, a, holder, rule).is_some();
            }
        }
        row
    }

    /// Alice's smallest bid that wins from the non-terminal `v` against every answer, holding
    /// `a` chips with `holder` winning ties, and (advantage rule, Alice holding it) whether she
    /// should take a tie; `None` when she cannot win. Reads the solved successor states.
    pub fn first_winning_bid(
        &self,
        graph: &GameGraph,
        v: u32,
        a: u64,
        holder: Player,
        rule: TieRule,
    ) -> Option<(u64, bool)> {
        let k = self.k;
        if a > k || graph.outcome(v).is_some() {
            return None;
        }
        let b = k - a;
        let am = graph.moves(v, Player::ALICE);
        let bm = graph.moves(v, Player::BOB);
        // After the bid, with Alice holding c chips and `h` winning ties next:
        // she chose the mover (win_a) or Bob did (lose_a).
        let win_a = |c: u64, h: Player| -> bool {
            am.iter().any(|&w| self.wins(w, c, h)) || bm.iter().all(|&w| self.wins(w, c, h))
        };
        let lose_a = |c: u64, h: Player| -> bool {
            am.iter().any(|&w| self.wins(w, c, h)) && bm.iter().all(|&w| self.wins(w, c, h))
        };
        // Holder after a bid won by Alice / by Bob without a tie.
        let (h_alice_won, h_bob_won) = match rule {
            TieRule::Advantage => (holder, holder),
            TieRule::MakeItTakeIt => (Player::ALICE, Player::BOB),
            TieRule::LosersBall => (Player::BOB, Player::ALICE),
            TieRule::LadiesFirst => (holder, holder),
        };
        // suffix[y] = Alice still wins for every answer y' >= y of Bob's (Bob wins the bid
        // paying y').
        let mut suffix = vec![true; b as usize + 2];
        for y in (0..=b).rev() {
            suffix[y as usize] = suffix[y as usize + 1] && lose_a(a + y, h_bob_won);
        }
        for x in 0..=a {
            // Bob bids y < x: Alice wins the bid.
            if x > 0 && !win_a(a - x, h_alice_won) {
                continue;
            }
            // Bob bids y > x.
            if x < b && !suffix[x as usize + 1] {
                continue;
            }
            if x > b {
                return Some((x, false));
            }
            match rule {
                TieRule::Advantage => match holder {
                    // Alice either takes the bid (handing the advantage over) or lets Bob
                    // win it (keeping the advantage).
                    Player::ALICE => {
                        if win_a(a - x, Player::BOB) {
                            return Some((x, true));
                        }
                        if lose_a(a + x, Player::ALICE) {
                            return Some((x, false));
                        }
                    }
                    Player::BOB => {
                        if lose_a(a + x, Player::ALICE) && win_a(a - x, Player::BOB) {
                            return Some((x, false));
                        }
                    }
                },
                _ => {
                    let tie_winner = holder;
                    let ok = match tie_winner {
                        Player::ALICE => win_a(a - x, h_alice_won),
                        Player::BOB => lose_a(a + x, h_bob_won),
                    };
                    if ok {
                        return Some((x, tie_winner == Player::ALICE));
                    }
                }
            }
        }
        None
    }

    /// The least rank (in the order 0 < 0* < 1 < … with the star meaning "Alice wins ties")
    /// with which Alice wins from `v`, and whether the winning set is exactly the ranks from
    /// there on (Lemmas 3.1 and 3.2 say it is, for the advantage rule).
    pub fn threshold_rank(&self, v: u32) -> (u64, bool) {
        let ranks: Vec<bool> = (0..=2 * self.k + 1)
            .map(|r| {
                let a = r / 2;
                let h = if r % 2 == 1 {
                    Player::ALICE
                } else {
                    Player::BOB
                };
                self.wins(v, a, h)
            })
            .collect();
        let first = ranks
            .iter()
            .position(|&w| w)
            .map_or(2 * self.k + 2, |p| p as u64);
        let upward_closed = ranks.iter().skip(first as usize).all(|&w| w);
        (first, upward_closed)
    }
}
