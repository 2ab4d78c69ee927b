//! Section 1.1 of Develin & Payne: the sample game of bidding Tic-Tac-Toe, four chips each and
//! the advantage to Alice, replayed position by position with the search with explicit bids,
//! to answer the paper's question "What did Bob do wrong?": Alice wins from the start, so
//! nothing Bob did lost the game; the tie-breaking advantage is worth the chip Alice lacks.

use super::part::cited;
use crate::{Check, Claim, Status};
use duel_bidding::brute::{BruteForce, TieRule};
use duel_bidding::games::{parse_game, BuiltGame};
use duel_bidding::BiddingError;
use duel_core::game::Player;

/// A state of the game between moves: the board, Alice's chips and who holds the advantage.
struct State {
    board: &'static str,
    alice: u64,
    holder: Player,
}

/// The game as section 1.1 tells it, before each move and at the end: 8 chips in all.
const STATES: [State; 6] = [
    State {
        board: ".../.../...",
        alice: 4,
        holder: Player::ALICE,
    },
    // Both bid 1, Alice uses the advantage: A in the center.
    State {
        board: ".../.A./...",
        alice: 3,
        holder: Player::BOB,
    },
    // Both bid 1, Bob uses the advantage: B in the upper-left corner.
    State {
        board: "B../.A./...",
        alice: 4,
        holder: Player::ALICE,
    },
    // Both bid 2, Alice keeps the advantage and lets Bob move: B in the upper-right corner.
    State {
        board: "B.B/.A./...",
        alice: 6,
        holder: Player::ALICE,
    },
    // Bob bids 2, Alice 2 and the advantage: A top center.
    State {
        board: "BAB/.A./...",
        alice: 4,
        holder: Player::BOB,
    },
    // Alice bids 4, Bob 4 and the advantage: B bottom center; Alice then wins the middle row.
    State {
        board: "BAB/.A./.B.",
        alice: 8,
        holder: Player::ALICE,
    },
];

/// The vertex of a board of the game.
fn vertex(game: &BuiltGame, board: &str) -> Result<u32, BiddingError> {
    let b = game.board.as_ref().ok_or(BiddingError::Internal {
        what: "a board game",
    })?;
    let code = b.canonical(b.parse(board)?);
    game.graph.vertex_of(code).ok_or(BiddingError::Internal {
        what: "a reachable position",
    })
}

/// Whether Alice wins each state of the game, by the search with explicit bids.
pub fn alice_wins_each_state() -> Result<Vec<bool>, BiddingError> {
    let game = parse_game("tictactoe")?.build()?;
    let search = BruteForce::solve(&game.graph, 8, TieRule::Advantage)?;
    STATES
        .iter()
        .map(|s| Ok(search.wins(vertex(&game, s.board)?, s.alice, s.holder)))
        .collect()
}

/// The sample game's item.
pub(super) fn section_1_1() -> Result<Check, BiddingError> {
    let wins = alice_wins_each_state()?;
    let all = wins.iter().all(|&w| w);
    let computed = if all {
        "nothing: Alice wins from the start (4 chips and the advantage of 8: f(TTT, 8) = 4*), and every later state of the game is still hers".to_string()
    } else {
        let lost: Vec<String> = (0..wins.len())
            .filter(|&i| !wins[i])
            .map(|i| format!("before move {}", i + 1))
            .collect();
        format!("Alice does not win {}", lost.join(", "))
    };
    Ok(Claim {
        item: "Section 1.1, the sample game: what Bob did wrong",
        source: &cited("section 1.1"),
        published: "Alice won decisively from equal chips: what did Bob do wrong?",
        computed: &computed,
        note: "each state of the game (board, chips, advantage) by the search with explicit bids",
    }
    .judged(Status::New))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn alice_wins_every_state_of_the_sample_game() {
        assert_eq!(alice_wins_each_state().unwrap(), [true; 6]);
        // Without the advantage at the start, 4 of 8 chips do not win.
        let game = parse_game("tictactoe").unwrap().build().unwrap();
        let search = BruteForce::solve(&game.graph, 8, TieRule::Advantage).unwrap();
        let start = vertex(&game, ".../.../...").unwrap();
        assert!(!search.wins(start, 4, Player::BOB));
    }
}
