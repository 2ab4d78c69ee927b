//! `duel bidding moves`: who wins from a position with given chips, the optimal bid and where
//! each player moves after winning it.

use serde::Serialize;

use super::threshold::SEARCH_LIMIT;
use crate::brute::{BruteForce, TieRule};
use crate::discrete::{advise, thresholds};
use crate::games::{BuiltGame, GameSpec};
use crate::graph::serialize_player;
use crate::BiddingError;
use duel_core::exact::Chips;
use duel_core::game::Player;

/// The most chips in all (Alice's and Bob's) the advisor takes.
pub const MOVES_CHIPS_LIMIT: u64 = 1_000_000;

/// The answer of `duel bidding moves`: the full advice under the tie-breaking advantage, or
/// who wins and Alice's smallest winning bid under the rules decided by search.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(untagged)]
pub enum MovesAnswer {
    /// The advantage rule (Theorem 3.7).
    Advice(AdviceAnswer),
    /// Make-it Take-it, Ladies First, Loser's Ball: decided by search.
    Search(SearchMovesAnswer),
}

/// The optimal bid and moves under the tie-breaking advantage ([`advise`]).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct AdviceAnswer {
    /// The game's name.
    pub game: String,
    /// The position as given (or the start's label).
    pub position: String,
    /// Alice's and Bob's chips.
    pub chips: [u64; 2],
    /// Who holds the advantage (wins ties now).
    #[serde(serialize_with = "serialize_player")]
    pub tie: Player,
    /// Always [`TieRule::Advantage`].
    pub tie_break: TieRule,
    /// `f(G_v, k)` at the position.
    pub threshold: Chips,
    /// `f_A(G_v, k)`: Alice's need after she moves.
    pub f_alice: Chips,
    /// `f_B(G_v, k)`: Alice's need after Bob moves.
    pub f_bob: Chips,
    /// Whether Alice wins.
    pub alice_wins: bool,
    /// The player whose bid is given: the winner (for Bob, winning or preventing Alice's win).
    #[serde(serialize_with = "serialize_player")]
    pub bidder: Player,
    /// That player's smallest bid that works against every answer.
    pub bid: u64,
    /// Whether to use the advantage if the bids are tied.
    pub use_tie: bool,
    /// The bid named in the proof of Theorem 3.7.
    pub proof_bid: u64,
    /// Whether the proof's bid uses the advantage on a tie.
    pub proof_use_tie: bool,
    /// Alice's best move, in the orientation of the position given.
    pub alice_move: String,
    /// Bob's best move, in the orientation of the position given.
    pub bob_move: String,
    /// If Alice wins the bid, whether she moves herself (otherwise she makes Bob move).
    pub alice_moves_herself: bool,
    /// If Bob wins the bid, whether he moves himself (otherwise he makes Alice move).
    pub bob_moves_himself: bool,
}

/// Who wins under a rule decided by search ([`BruteForce`]).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SearchMovesAnswer {
    /// The game's name.
    pub game: String,
    /// The position as given (or the start's label).
    pub position: String,
    /// Alice's and Bob's chips.
    pub chips: [u64; 2],
    /// Who wins ties now.
    #[serde(serialize_with = "serialize_player")]
    pub tie: Player,
    /// The tie-breaking rule.
    pub tie_break: TieRule,
    /// Whether Alice wins.
    pub alice_wins: bool,
    /// Alice's smallest winning bid, when she wins.
    pub bid: Option<u64>,
}

/// The optimal bid and moves from `position` (the start when `None`; a board or a vertex
/// name, see [`BuiltGame::parse_position`]) with Alice holding `alice` chips and Bob `bob`,
/// `tie` winning ties now, under `rule`: Theorem 3.7 for the advantage (at most
/// [`MOVES_CHIPS_LIMIT`] chips), search for the other rules (at most [`SEARCH_LIMIT`]).
pub fn moves_answer(
    game: &GameSpec,
    position: Option<&str>,
    alice: u64,
    bob: u64,
    tie: Player,
    rule: TieRule,
) -> Result<MovesAnswer, BiddingError> {
    let k = alice
        .checked_add(bob)
        .filter(|&k| k <= MOVES_CHIPS_LIMIT)
        .ok_or(BiddingError::TooManyChips {
            alice,
            bob,
            limit: MOVES_CHIPS_LIMIT,
        })?;
    let built = game.build()?;
    let g = &built.graph;
    let v = match position {
        Some(p) => built.parse_position(p)?,
        None => g.start(),
    };
    if let Some(o) = g.outcome(v) {
        return Err(BiddingError::Finished(o));
    }
    let here = position.map_or_else(|| built.label(v), str::to_string);
    if rule == TieRule::Advantage {
        let f = thresholds(g, k)?;
        let holder_chips = Chips::new(alice, tie == Player::ALICE)?;
        let adv = advise(g, &f, v, holder_chips, k)?;
        let alice_move = oriented(&built, &f, position, Player::ALICE, adv.alice_move);
        let bob_move = oriented(&built, &f, position, Player::BOB, adv.bob_move);
        return Ok(MovesAnswer::Advice(AdviceAnswer {
            game: game.name(),
            position: here,
            chips: [alice, bob],
            tie,
            tie_break: rule,
            threshold: adv.f,
            f_alice: adv.f_alice,
            f_bob: adv.f_bob,
            alice_wins: adv.alice_wins,
            bidder: adv.winner,
            bid: adv.bid,
            use_tie: adv.use_tie,
            proof_bid: adv.proof_bid,
            proof_use_tie: adv.proof_use_tie,
            alice_move,
            bob_move,
            alice_moves_herself: adv.alice_moves_herself,
            bob_moves_himself: adv.bob_moves_himself,
        }));
    }
    if k > SEARCH_LIMIT {
        return Err(BiddingError::SearchTooLarge {
            rule,
            total: k,
            limit: SEARCH_LIMIT,
        });
    }
    // Under Ladies First Alice wins every tie, whatever `tie` says.
    let tie = if rule == TieRule::LadiesFirst {
        Player::ALICE
    } else {
        tie
    };
    let search = BruteForce::solve(g, k, rule)?;
    let bid = search.first_winning_bid(g, v, alice, tie, rule);
    Ok(MovesAnswer::Search(SearchMovesAnswer {
        game: game.name(),
        position: here,
        chips: [alice, bob],
        tie,
        tie_break: rule,
        alice_wins: bid.is_some(),
        bid: bid.map(|(x, _)| x),
    }))
}

/// The move of `who` to `target` named in the orientation the position was given in: the
/// board reached from the text given whose threshold is `target`'s (symmetric boards share a
/// vertex); the vertex's own label otherwise.
fn oriented(
    built: &BuiltGame,
    f: &[Chips],
    position: Option<&str>,
    who: Player,
    target: u32,
) -> String {
    position
        .and_then(|p| built.moves_from(p, who))
        .and_then(|list| {
            list.into_iter()
                .find(|(_, w)| f[*w as usize] == f[target as usize])
                .map(|(label, _)| label)
        })
        .unwrap_or_else(|| built.label(target))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::parse_game;
    use duel_core::game::Outcome;

    #[test]
    fn the_papers_opening() {
        // Section 1.1: four chips each, Alice with the advantage: both bid one and Alice uses
        // the advantage to play the center.
        let game = parse_game("tictactoe").unwrap();
        let MovesAnswer::Advice(a) =
            moves_answer(&game, None, 4, 4, Player::ALICE, TieRule::Advantage).unwrap()
        else {
            panic!("the advantage rule gives advice")
        };
        assert_eq!(
            (a.alice_wins, a.bidder, a.bid, a.use_tie),
            (true, Player::ALICE, 1, true)
        );
        assert_eq!(a.threshold.to_string(), "4*");
        assert_eq!(a.alice_move, ".../.A./...");
        // A position given by the user is answered in its own orientation.
        let MovesAnswer::Advice(a) = moves_answer(
            &game,
            Some("A../.A./..."),
            3,
            5,
            Player::BOB,
            TieRule::Advantage,
        )
        .unwrap() else {
            panic!("advice")
        };
        assert_eq!(a.alice_move, "A../.A./..A");
    }

    #[test]
    fn other_rules_by_search_and_the_limits() {
        // With Ladies First, Alice wins E on a tie.
        let e = parse_game("E").unwrap();
        let answer = moves_answer(&e, None, 2, 2, Player::ALICE, TieRule::LadiesFirst).unwrap();
        assert!(matches!(
            answer,
            MovesAnswer::Search(SearchMovesAnswer {
                alice_wins: true,
                ..
            })
        ));
        assert_eq!(
            moves_answer(&e, None, 150, 100, Player::ALICE, TieRule::LadiesFirst),
            Err(BiddingError::SearchTooLarge {
                rule: TieRule::LadiesFirst,
                total: 250,
                limit: SEARCH_LIMIT
            })
        );
        assert_eq!(
            moves_answer(
                &e,
                None,
                600_000,
                600_000,
                Player::ALICE,
                TieRule::Advantage
            ),
            Err(BiddingError::TooManyChips {
                alice: 600_000,
                bob: 600_000,
                limit: MOVES_CHIPS_LIMIT
            })
        );
        let tug = parse_game("tug:3").unwrap();
        assert_eq!(
            moves_answer(&tug, Some("3"), 4, 4, Player::ALICE, TieRule::Advantage),
            Err(BiddingError::Finished(Outcome::Win(Player::ALICE)))
        );
    }
}
