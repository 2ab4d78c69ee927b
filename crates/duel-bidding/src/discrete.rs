//! Discrete Richman calculus (Develin & Payne, section 3.4, Theorem 3.7) and the analogue for
//! Make-it Take-it tie-breaking (appendix).
//!
//! For a fixed total of `k` ordinary chips, `f(G_v, k) ∈ N ∪ N*` is the least number of chips
//! (the star meaning the tie-breaking advantage) with which Alice wins from `v`. It is `0` at
//! Alice's wins and `k + 1` ("never") at the other ends, and Theorem 3.7 combines
//! `f_A = min over Alice's moves` and `f_B = max over Bob's moves`. Chip counts are handled as
//! ranks in the order 0 < 0* < 1 < 1* < … (`Chips::rank`). Games with cycles are solved by
//! truncations: the thresholds of `G[n]` decrease with `n` and, being integers, stop moving;
//! the first repeated vector is the limit (Theorem 3.7 holds for locally finite games).

use rayon::prelude::*;
use serde::Serialize;

use super::graph::{serialize_player, GameGraph};
use super::{BiddingError, ChipsOutOfRange, Solver};
use duel_core::cancel::{Cancel, Cancelled};
use duel_core::exact::Chips;
use duel_core::game::{Outcome, Player};

/// Which recursion combines `f_A` and `f_B`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Recursion {
    /// The tie-breaking advantage of section 2.3: Theorem 3.7, values in N ∪ N* (with the
    /// parity rule taken from min(f_A, f_B), see [`theorem_3_7`]).
    Advantage,
    /// Theorem 3.7 exactly as printed (parity rule from f_A; wrong in some zugzwangs).
    AdvantageAsPrinted,
    /// Make-it Take-it (appendix): the winner of a bid wins the next tie; values in
    /// N ∪ (N − ε), ranked `a − ε` = `2a`, `a` = `2a + 1` (see [`mitt_label`]).
    MakeItTakeIt,
    /// The Make-it Take-it recursion exactly as printed in the appendix (kept to show where
    /// it fails).
    MakeItTakeItAsPrinted,
}

/// Theorem 3.7 on ranks, with the parity rule read off the threshold after *winning* the bid:
/// `f = ⌊(|lo| + |hi|)/2⌋ + ε`, `lo = min(f_A, f_B)`, `hi = max(f_A, f_B)`, `ε = 0` when the sum
/// is even and `lo ∈ N`, `ε = 1` when it is odd and `lo ∈ N*`, `ε = *` otherwise.
///
/// Without zugzwang (`f_A ≤ f_B`) this is the theorem as printed. In a zugzwang position
/// (`f_B < f_A`) the winner of the bid makes the other player move, so Alice needs `f_B` after
/// winning it; the printed rule (parity of `f_A`) is then wrong: see
/// [`theorem_3_7_as_printed`] and the tests.
pub fn theorem_3_7(fa: u64, fb: u64) -> u64 {
    theorem_3_7_as_printed(fa.min(fb), fa.max(fb))
}

/// Theorem 3.7 exactly as printed: `ε` decided by `f_A` (correct unless `f_B < f_A`).
pub fn theorem_3_7_as_printed(fa: u64, fb: u64) -> u64 {
    let s = fa / 2 + fb / 2;
    let base = s / 2;
    let fa_star = fa % 2 == 1;
    match (s % 2 == 0, fa_star) {
        (true, false) => 2 * base,
        (false, true) => 2 * (base + 1),
        _ => 2 * base + 1,
    }
}

/// The exact Make-it Take-it step on ranks (`a − ε` = `2a`, `a` = `2a + 1`), derived from
/// the bids: the least rank from which Alice has a bid that wins against every answer, when
/// the winner of a bid wins the ties of the next one. `lo`/`hi` are the thresholds Alice needs
/// after winning / losing the bid (`min`/`max` of `f_A`, `f_B`: the bid winner picks who moves).
pub fn make_it_take_it_step(fa: u64, fb: u64, k: u64) -> u64 {
    let (lo, hi) = (fa.min(fb), fa.max(fb));
    let wins = |rank: u64| -> bool {
        let a = rank / 2;
        if a > k {
            return true;
        }
        let b = k - a;
        let need_hi = hi.div_ceil(2);
        if rank % 2 == 1 {
            // Alice wins ties: Bob must bid x + 1 to take the move.
            let x = need_hi.saturating_sub(a + 1).min(b);
            x <= a && 2 * (a - x) + 1 >= lo
        } else {
            // Bob wins ties: he takes the move with x.
            let x = need_hi.saturating_sub(a).min(b + 1);
            x <= a && (x == 0 || 2 * (a - x) + 1 >= lo) && (x > b || 2 * (a + x) >= hi)
        }
    };
    // The winning ranks are upward closed (checked against the search in the tests).
    let (mut low, mut high) = (0u64, 2 * k + 2);
    while low < high {
        let mid = low + (high - low) / 2;
        if wins(mid) {
            high = mid;
        } else {
            low = mid + 1;
        }
    }
    low
}

/// The Make-it Take-it recursion as printed in the appendix, on ranks (`a − ε` = `2a`, `a` = `2a + 1`):
/// `f = ⌊(|f_A| + |f_B|)/2⌋ + δ`, `δ = 0` (sum even, `f_B ∈ N`), `−ε` (sum even,
/// `f_B ∈ N − ε`), `1 − ε` (sum odd, `f_A ∈ N`), `0` (sum odd, `f_A ∈ N − ε`).
/// (It disagrees with the game itself: see the tests and the report.)
pub fn make_it_take_it_paper(fa: u64, fb: u64) -> u64 {
    let s = fa / 2 + fb / 2;
    let base = s / 2;
    let fa_plain = fa % 2 == 1;
    let fb_plain = fb % 2 == 1;
    if s % 2 == 0 {
        if fb_plain {
            2 * base + 1
        } else {
            2 * base
        }
    } else if fa_plain {
        2 * (base + 1)
    } else {
        2 * base + 1
    }
}

/// Writes a Make-it Take-it rank: `a` when Alice wins ties, `a-e` when she holds the −ε chip.
pub fn mitt_label(rank: u64) -> String {
    if rank % 2 == 1 {
        format!("{}", rank / 2)
    } else {
        format!("{}-e", rank / 2)
    }
}

/// The rank Alice needs at an end position: 0 at her wins, "never" (`k + 1`, or
/// `(k + 1) − ε` for Make-it Take-it, both rank `2k + 2`) elsewhere.
fn terminal_rank(outcome: Outcome, k: u64) -> u64 {
    match outcome {
        Outcome::Win(Player::ALICE) => 0,
        _ => 2 * k + 2,
    }
}

/// `f(G_v, k)` as ranks for every vertex, with the given recursion.
pub fn threshold_ranks(graph: &GameGraph, k: u64, recursion: Recursion) -> Vec<u64> {
    match threshold_ranks_until(graph, k, recursion, &Cancel::never()) {
        Ok(f) => f,
        Err(Cancelled) => unreachable!("a computation that is never cancelled finished"),
    }
}

/// [`threshold_ranks`], stopped once `cancel` is (read every [`CHECK_EVERY`] vertices and
/// at each sweep of a graph with cycles).
pub fn threshold_ranks_until(
    graph: &GameGraph,
    k: u64,
    recursion: Recursion,
    cancel: &Cancel,
) -> Result<Vec<u64>, Cancelled> {
    let combine = |fa: u64, fb: u64| match recursion {
        Recursion::Advantage => theorem_3_7(fa, fb),
        Recursion::AdvantageAsPrinted => theorem_3_7_as_printed(fa, fb),
        Recursion::MakeItTakeIt => make_it_take_it_step(fa, fb, k),
        Recursion::MakeItTakeItAsPrinted => make_it_take_it_paper(fa, fb),
    };
    let never = 2 * k + 2;
    let fa_fb = |f: &[u64], v: u32| -> (u64, u64) {
        let fa = graph
            .moves(v, Player::ALICE)
            .iter()
            .map(|&w| f[w as usize])
            .min()
            .unwrap_or(never);
        let fb = graph
            .moves(v, Player::BOB)
            .iter()
            .map(|&w| f[w as usize])
            .max()
            .unwrap_or(never);
        (fa, fb)
    };
    let mut f: Vec<u64> = (0..graph.len() as u32)
        .map(|v| graph.outcome(v).map_or(never, |o| terminal_rank(o, k)))
        .collect();
    match graph.topo() {
        Some(topo) => {
            for (i, &v) in topo.iter().rev().enumerate() {
                if i % CHECK_EVERY == 0 {
                    cancel.check()?;
                }
                if graph.outcome(v).is_none() {
                    let (fa, fb) = fa_fb(&f, v);
                    f[v as usize] = combine(fa, fb);
                }
            }
        }
        None => loop {
            cancel.check()?;
            let next: Vec<u64> = (0..graph.len() as u32)
                .map(|v| match graph.outcome(v) {
                    Some(o) => terminal_rank(o, k),
                    None => {
                        let (fa, fb) = fa_fb(&f, v);
                        combine(fa, fb)
                    }
                })
                .collect();
            if next == f {
                break;
            }
            f = next;
        },
    }
    Ok(f)
}

/// How many vertices a solver's loop handles between two reads of its [`Cancel`].
pub(crate) const CHECK_EVERY: usize = 4096;

/// `f(G_v, k)` (Theorem 3.7) for every vertex.
pub fn thresholds(graph: &GameGraph, k: u64) -> Result<Vec<Chips>, BiddingError> {
    thresholds_until(graph, k, &Cancel::never())
}

/// [`thresholds`], stopped with [`BiddingError::Cancelled`] once `cancel` is.
pub fn thresholds_until(
    graph: &GameGraph,
    k: u64,
    cancel: &Cancel,
) -> Result<Vec<Chips>, BiddingError> {
    check_total(k)?;
    Ok(
        threshold_ranks_until(graph, k, Recursion::Advantage, cancel)?
            .into_iter()
            .map(Chips::from_rank)
            .collect(),
    )
}

/// The largest total the calculus accepts (ranks must fit in 64 bits).
pub const MAX_TOTAL: u64 = Chips::MAX_COUNT - 2;

fn check_total(k: u64) -> Result<(), BiddingError> {
    if k > MAX_TOTAL {
        return Err(ChipsOutOfRange {
            total: k,
            max: MAX_TOTAL,
            solver: Solver::Calculus,
        }
        .into());
    }
    Ok(())
}

/// `f(G_v, k)` for `k = 0..=max_k` at vertex `v` (computed in parallel over `k`).
pub fn threshold_table(
    graph: &GameGraph,
    v: u32,
    max_k: u64,
    recursion: Recursion,
) -> Result<Vec<u64>, BiddingError> {
    threshold_table_until(graph, v, max_k, recursion, &Cancel::never())
}

/// [`threshold_table`], stopped with [`BiddingError::Cancelled`] once `cancel` is (read
/// before each total).
pub fn threshold_table_until(
    graph: &GameGraph,
    v: u32,
    max_k: u64,
    recursion: Recursion,
    cancel: &Cancel,
) -> Result<Vec<u64>, BiddingError> {
    check_total(max_k)?;
    (0..=max_k)
        .into_par_iter()
        .map(|k| {
            cancel.check()?;
            Ok(threshold_ranks(graph, k, recursion)[v as usize])
        })
        .collect()
}

/// `f(G_v, k)` for `k = 0..=max_k` at several vertices at once: `out[i][k]` for `vertices[i]`.
pub fn threshold_tables(graph: &GameGraph, vertices: &[u32], max_k: u64) -> Vec<Vec<Chips>> {
    let per_k: Vec<Vec<u64>> = (0..=max_k)
        .into_par_iter()
        .map(|k| {
            let f = threshold_ranks(graph, k, Recursion::Advantage);
            vertices.iter().map(|&v| f[v as usize]).collect()
        })
        .collect();
    (0..vertices.len())
        .map(|i| per_k.iter().map(|row| Chips::from_rank(row[i])).collect())
        .collect()
}

/// What the winner of a bid should do, and what it costs (tie-breaking advantage rules).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct BidAdvice {
    /// Whether Alice wins from here with these chips.
    pub alice_wins: bool,
    /// The player with a winning (or, for Bob, drawing-or-winning) plan.
    #[serde(serialize_with = "serialize_player")]
    pub winner: Player,
    /// The bid of that player, in ordinary chips.
    pub bid: u64,
    /// Whether that player uses the tie-breaking advantage if the bids are tied (only
    /// meaningful when he holds it).
    pub use_tie: bool,
    /// `f_A`, `f_B` and `f` at the position.
    pub f_alice: Chips,
    /// `f_B(G_v, k)`.
    pub f_bob: Chips,
    /// `f(G_v, k)`.
    pub f: Chips,
    /// Alice's best move (a vertex reaching `f_A`).
    pub alice_move: u32,
    /// Bob's best move (a vertex reaching `f_B`).
    pub bob_move: u32,
    /// If Alice wins the bid, whether she should move herself (rather than force Bob).
    pub alice_moves_herself: bool,
    /// If Bob wins the bid, whether he should move himself (rather than force Alice).
    pub bob_moves_himself: bool,
    /// The bid named in the proof of Theorem 3.7 (see [`proof_bid`]).
    pub proof_bid: u64,
    /// Whether the proof's bid uses the advantage on a tie.
    pub proof_use_tie: bool,
    /// Whether the proof's bid wins for the winning side (checked against every answer).
    pub proof_bid_works: bool,
}

/// The bids at a vertex: Alice holds `a` chips and Bob `b`, Alice holds the advantage where
/// `alice_star`; `lo` and `hi` are the least and the largest of `f_A` and `f_B`, the thresholds
/// after Alice's and after Bob's best move (Theorem 3.7).
struct Bids {
    a: u64,
    b: u64,
    alice_star: bool,
    lo: Chips,
    hi: Chips,
}

impl Bids {
    /// Alice's chips `count`, with the advantage where `star`, as a threshold compares them.
    #[inline]
    fn chips(count: u64, star: bool) -> Chips {
        Chips::from_rank(2 * count + u64::from(star))
    }

    /// Whether Alice still wins after winning the bid paying `x` (keeping or giving the star).
    #[inline]
    fn good_win(&self, x: u64, star: bool) -> bool {
        x <= self.a && Bids::chips(self.a - x, star) >= self.lo
    }

    /// Whether Alice still wins after Bob wins the bid paying her `y`.
    #[inline]
    fn good_loss(&self, y: u64, star: bool) -> bool {
        Bids::chips(self.a + y, star) >= self.hi
    }

    /// Whether Alice's bid `x` works: every answer `y` of Bob leaves her winning.
    fn alice_bid_works(&self, x: u64, use_tie: bool) -> bool {
        let (a, b, alice_star) = (self.a, self.b, self.alice_star);
        if x > a {
            return false;
        }
        // Bob lets her win (any y < x): she pays x.
        let below = x == 0 || self.good_win(x, alice_star);
        // Bob outbids: y = x + 1 is his cheapest winning answer (more only pays her more).
        let above = x + 1 > b || self.good_loss(x + 1, alice_star);
        let tie = if x > b {
            true
        } else if alice_star {
            if use_tie {
                self.good_win(x, false)
            } else {
                self.good_loss(x, true)
            }
        } else {
            // Bob holds the star and chooses.
            self.good_win(x, false) && self.good_loss(x, true)
        };
        below && above && tie
    }

    /// Whether Bob's bid `y` prevents Alice: every answer `x` of hers leaves her short.
    fn bob_bid_works(&self, y: u64, use_tie: bool) -> bool {
        let (a, b, alice_star) = (self.a, self.b, self.alice_star);
        if y > b {
            return false;
        }
        let below = y == 0 || !self.good_loss(y, alice_star);
        let above = y + 1 > a || !self.good_win(y + 1, alice_star);
        let tie = if y > a {
            true
        } else if !alice_star {
            if use_tie {
                !self.good_loss(y, true)
            } else {
                !self.good_win(y, false)
            }
        } else {
            !self.good_win(y, false) && !self.good_loss(y, true)
        };
        below && above && tie
    }

    /// Alice's smallest winning bid, and whether it uses the advantage on a tie.
    fn least_alice_bid(&self) -> Result<(u64, bool), BiddingError> {
        let choices: &[bool] = if self.alice_star {
            &[true, false]
        } else {
            &[false]
        };
        (0..=self.a)
            .find_map(|x| {
                choices
                    .iter()
                    .copied()
                    .find(|&t| self.alice_bid_works(x, t))
                    .map(|t| (x, t))
            })
            .ok_or(BiddingError::Internal {
                what: "no winning bid found for Alice (inconsistent thresholds)",
            })
    }

    /// Bob's smallest bid that prevents Alice, and whether it uses the advantage on a tie.
    fn least_bob_bid(&self) -> Result<(u64, bool), BiddingError> {
        let choices: &[bool] = if self.alice_star {
            &[false]
        } else {
            &[true, false]
        };
        (0..=self.b)
            .find_map(|y| {
                choices
                    .iter()
                    .copied()
                    .find(|&t| self.bob_bid_works(y, t))
                    .map(|t| (y, t))
            })
            .ok_or(BiddingError::Internal {
                what: "no preventing bid found for Bob (inconsistent thresholds)",
            })
    }
}

/// The optimal bid and moves at a non-terminal vertex `v` where Alice holds `alice` and the
/// total of ordinary chips is `k`, from the thresholds `f` of every vertex (Theorem 3.7).
///
/// The bid is found by checking every bid of the player who wins against every answer, with
/// the outcomes read off the thresholds of the next positions: the smallest winning bid, and
/// with it whether to use the advantage on a tie.
pub fn advise(
    graph: &GameGraph,
    f: &[Chips],
    v: u32,
    alice: Chips,
    k: u64,
) -> Result<BidAdvice, BiddingError> {
    if graph.outcome(v).is_some() {
        return Err(BiddingError::NothingToBidFor);
    }
    if alice.count() > k {
        return Err(BiddingError::ChipsOverTotal {
            alice: alice.count(),
            total: k,
        });
    }
    let a_moves = graph.moves(v, Player::ALICE);
    let b_moves = graph.moves(v, Player::BOB);
    let alice_move = *a_moves
        .iter()
        .min_by_key(|&&w| f[w as usize])
        .expect("non-terminal vertices have moves");
    let bob_move = *b_moves
        .iter()
        .max_by_key(|&&w| f[w as usize])
        .expect("non-terminal vertices have moves");
    let fa = f[alice_move as usize];
    let fb = f[bob_move as usize];
    let lo = fa.min(fb);
    let hi = fa.max(fb);
    let fv = Chips::from_rank(theorem_3_7(fa.rank(), fb.rank()));
    let alice_wins = alice >= fv;
    let bids = Bids {
        a: alice.count(),
        b: k - alice.count(),
        alice_star: alice.star(),
        lo,
        hi,
    };
    // The bid of the proof of Theorem 3.7 (with lo/hi for f_A/f_B), for the winning side.
    let (proof_bid, proof_tie) = proof_bid(lo.rank(), hi.rank());
    let holder_is_winner = bids.alice_star == alice_wins;
    let proof_choices: Vec<bool> = if holder_is_winner {
        vec![proof_tie]
    } else {
        vec![false]
    };
    let proof_bid_works = proof_choices.iter().any(|&t| {
        if alice_wins {
            bids.alice_bid_works(proof_bid, t)
        } else {
            bids.bob_bid_works(proof_bid, t)
        }
    });
    let (winner, bid, use_tie) = if alice_wins {
        let (x, t) = bids.least_alice_bid()?;
        (Player::ALICE, x, t)
    } else {
        let (y, t) = bids.least_bob_bid()?;
        (Player::BOB, y, t)
    };
    Ok(BidAdvice {
        alice_wins,
        winner,
        bid,
        use_tie,
        f_alice: fa,
        f_bob: fb,
        f: fv,
        alice_move,
        bob_move,
        alice_moves_herself: fa <= fb,
        bob_moves_himself: fb >= fa,
        proof_bid,
        proof_use_tie: proof_tie,
        proof_bid_works,
    })
}

/// The bid named in the proof of Theorem 3.7, read with `lo = min(f_A, f_B)` and
/// `hi = max(f_A, f_B)` (ranks), `d = |hi| − |lo|`: `d/2` (sum even, `lo ∈ N`); `⌊d/2⌋` (sum odd,
/// `lo ∈ N*`); "the smallest bid strictly greater than" `⌊d/2⌋`, read as `⌊d/2⌋*`: bid `⌊d/2⌋`
/// and use the advantage (sum odd, `lo ∈ N`); likewise `(d/2 − 1)*` (sum even, `lo ∈ N*`). Returns the bid and whether to use the advantage on a tie (Proposition 3.4:
/// always, unless the bid is zero).
pub fn proof_bid(lo: u64, hi: u64) -> (u64, bool) {
    let (l, h) = (lo / 2, hi / 2);
    let d = h.saturating_sub(l);
    let lo_star = lo % 2 == 1;
    match ((l + h) % 2 == 0, lo_star) {
        // A plain bid: use the advantage on a tie unless the bid is zero (Proposition 3.4).
        (true, false) | (false, true) => (d / 2, d / 2 > 0),
        // A starred bid x*: bid x and use the advantage.
        (false, false) => (d / 2, true),
        (true, true) => {
            if d >= 2 {
                (d / 2 - 1, true)
            } else {
                (0, false)
            }
        }
    }
}
