//! Proposition 3.4 of Develin & Payne: each player has an optimal strategy that uses the
//! tie-breaking advantage whenever the bids are tied and nonzero. Checked by a search with
//! explicit bids in which one player, holding the advantage at a nonzero tie, must use it:
//! that restriction changes the winner of no state. Example 3.5 shows that ties at zero are
//! different; the search counts the states where forcing those too changes the winner.

use super::part::{cited, holds};
use super::solve::graph;
use crate::{Check, Claim, ReportOptions, Status};
use duel_bidding::brute::{BruteForce, TieRule};
use duel_bidding::graph::GameGraph;
use duel_bidding::BiddingError;
use duel_core::game::{Outcome, Player};

/// The games searched, and the largest total of chips for each, quick and by default.
const GAMES: &[(&str, u64, u64)] = &[
    ("tictactoe", 6, 12),
    ("tug:3", 12, 24),
    ("ultimatum:2", 12, 24),
    ("example3.5", 12, 24),
];

/// Whether Alice wins every state `(v, a, holder)` of `g` with `k` chips in all, when
/// `forced`, holding the advantage at a tie, must use it: at nonzero ties, or at every tie
/// when `zero_too`. Indexed `(v * (k + 1) + a) * 2 + [holder is Bob]`, as the search with
/// explicit bids; the least fixed point, so a win is one in finitely many moves.
pub fn wins_forced(g: &GameGraph, k: u64, forced: Player, zero_too: bool) -> Vec<bool> {
    let width = (k as usize + 1) * 2;
    let idx = |v: u32, a: u64, h: Player| {
        v as usize * width + a as usize * 2 + usize::from(h == Player::BOB)
    };
    let mut win = vec![false; g.len() * width];
    for v in 0..g.len() as u32 {
        if g.outcome(v) == Some(Outcome::Win(Player::ALICE)) {
            win[v as usize * width..(v as usize + 1) * width].fill(true);
        }
    }
    let order: Vec<u32> = match g.topo() {
        Some(t) => t.iter().rev().copied().collect(),
        None => (0..g.len() as u32).collect(),
    };
    loop {
        let mut changed = false;
        for &v in &order {
            if g.outcome(v).is_some() {
                continue;
            }
            let (am, bm) = (g.moves(v, Player::ALICE), g.moves(v, Player::BOB));
            for a in 0..=k {
                for holder in [Player::ALICE, Player::BOB] {
                    let w = |x: u32, c: u64, h: Player| win[idx(x, c, h)];
                    // Alice moves / Bob moves, Alice then holding `c` chips, `h` the holder.
                    let alice_moves = |c: u64, h: Player| {
                        am.iter().any(|&x| w(x, c, h)) || bm.iter().all(|&x| w(x, c, h))
                    };
                    let bob_moves = |c: u64, h: Player| {
                        am.iter().any(|&x| w(x, c, h)) && bm.iter().all(|&x| w(x, c, h))
                    };
                    let b = k - a;
                    let must_use = |x: u64| holder == forced && (x > 0 || zero_too);
                    let wins = (0..=a).any(|x| {
                        // Bob bids y < x (Alice moves, paying x) or y > x (Bob moves, paying y).
                        let lower = x == 0 || alice_moves(a - x, holder);
                        let higher = (x + 1..=b).all(|y| bob_moves(a + y, holder));
                        let tie = x > b
                            || match holder {
                                Player::ALICE if must_use(x) => alice_moves(a - x, Player::BOB),
                                Player::ALICE => {
                                    alice_moves(a - x, Player::BOB)
                                        || bob_moves(a + x, Player::ALICE)
                                }
                                _ if must_use(x) => bob_moves(a + x, Player::ALICE),
                                _ => {
                                    bob_moves(a + x, Player::ALICE)
                                        && alice_moves(a - x, Player::BOB)
                                }
                            };
                        lower && higher && tie
                    });
                    let i = idx(v, a, holder);
                    if wins && !win[i] {
                        win[i] = true;
                        changed = true;
                    }
                }
            }
        }
        if !changed || g.topo().is_some() {
            return win;
        }
    }
}

/// What the search found over [`GAMES`]: states compared, states whose winner changes when
/// nonzero ties are forced (Proposition 3.4 says none), and when ties at zero are too.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Found {
    /// States (position, Alice's chips, holder) compared, for each restricted player.
    pub states: u64,
    /// Of those, the ones whose winner changes when nonzero ties are forced.
    pub changed: u64,
    /// Of those, the ones whose winner changes when every tie, zero included, is forced.
    pub changed_at_zero: u64,
}

/// The search over the game `name` for the totals k ≤ `most`.
pub fn check(name: &str, most: u64) -> Result<Found, BiddingError> {
    let g = graph(name)?;
    let mut f = Found::default();
    for k in 0..=most {
        let full = BruteForce::solve(&g, k, TieRule::Advantage)?;
        for forced in [Player::ALICE, Player::BOB] {
            let nonzero = wins_forced(&g, k, forced, false);
            let every = wins_forced(&g, k, forced, true);
            for v in 0..g.len() as u32 {
                for a in 0..=k {
                    for (j, h) in [Player::ALICE, Player::BOB].into_iter().enumerate() {
                        let i = (v as usize * (k as usize + 1) + a as usize) * 2 + j;
                        let w = full.wins(v, a, h);
                        f.states += 1;
                        f.changed += u64::from(nonzero[i] != w);
                        f.changed_at_zero += u64::from(every[i] != w);
                    }
                }
            }
        }
    }
    Ok(f)
}

/// Proposition 3.4's item over [`GAMES`].
pub(super) fn proposition_3_4(opts: &ReportOptions) -> Result<Check, BiddingError> {
    let mut total = Found::default();
    let mut ranges = Vec::new();
    for &(name, quick, default) in GAMES {
        let most = if opts.quick { quick } else { default };
        let f = check(name, most)?;
        total.states += f.states;
        total.changed += f.changed;
        total.changed_at_zero += f.changed_at_zero;
        ranges.push(format!("{name} (k ≤ {most})"));
    }
    let ok = total.changed == 0;
    Ok(Claim {
        item: "Proposition 3.4: using the advantage at every nonzero tie loses nothing",
        source: &cited("Proposition 3.4"),
        published: "holds",
        computed: holds(ok),
        note: &format!(
            "every position and split of {}: {} states, each player in turn made to use the advantage at nonzero ties; the winner changes at {}; made to use it at ties at zero too, at {} (Example 3.5)",
            ranges.join(", "),
            total.states,
            total.changed,
            total.changed_at_zero
        ),
    }
    .judged(Status::of(ok)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nonzero_ties_may_be_forced_but_ties_at_zero_not() {
        // Develin & Payne, Proposition 3.4 and Example 3.5: in "the second move wins" with
        // equal chips the holder must decline the tie at zero to win.
        let f = check("example3.5", 8).unwrap();
        assert!(f.states > 0);
        assert_eq!(f.changed, 0);
        assert!(f.changed_at_zero > 0);
    }
}
