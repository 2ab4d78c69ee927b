//! Values the papers or known results state: tic-tac-toe, Connect variants of Delattre &
//! Fournier section 8, and the size of tic-tac-toe's game tree (OEIS A061526).

use serde_json::json;

use duel_core::game::Game;
use duel_games::tictactoe::TicTacToe;
use duel_search::minimax::plain_minimax;

use super::value::{first_player_words, value_of};
use crate::{Check, Claim, Section, Status};

/// A value stated somewhere: the item, its source, the game, the value and how it is checked.
struct Known {
    item: &'static str,
    source: &'static str,
    spec: &'static str,
    published: &'static str,
    note: &'static str,
    /// Whether a paper states it (else it is new here, however well known).
    in_papers: bool,
}

const KNOWN: [Known; 4] = [
    Known {
        item: "tictactoe",
        source: "Develin & Payne, section 1 (\"Normal Tic-Tac-Toe tends to end in a draw\")",
        spec: "tictactoe",
        published: "draw",
        note: "alpha-beta negamax with a transposition table",
        in_papers: true,
    },
    Known {
        item: "connect:4x4:4",
        source: "a known result for small boards, not in the papers",
        spec: "connect:4x4:4",
        published: "draw",
        note: "alpha-beta negamax; agrees with plain minimax on smaller boards",
        in_papers: false,
    },
    Known {
        item: "connect:15x15:3",
        source: "Delattre & Fournier, section 8.8 (\"a human player immediately finds the winning strategy when playing first\")",
        spec: "connect:15x15:3",
        published: "first player wins",
        note: "found by the short forced-win search before alpha-beta",
        in_papers: true,
    },
    Known {
        item: "connect:4x10:3",
        source: "Delattre & Fournier, section 8.7 (with 16 ms Sym \"finds the right move, and thus stops\")",
        spec: "connect:4x10:3",
        published: "first player wins",
        note: "the paper implies the root value is a win for the first player",
        in_papers: true,
    },
];

/// The known values, then the game tree of tic-tac-toe; their values as JSON under
/// `known_values`.
pub(super) fn known_values(s: &mut Section, data: &mut serde_json::Map<String, serde_json::Value>) {
    let mut rows = Vec::new();
    for k in &KNOWN {
        s.checks.push(known_value(k, &mut rows));
    }
    s.checks.push(tictactoe_complete_games());
    data.insert("known_values".into(), json!(rows));
}

/// The value of `k`'s game against the one stated; its row into `rows`.
fn known_value(k: &Known, rows: &mut Vec<serde_json::Value>) -> Check {
    let computed = match value_of(k.spec, 20_000_000) {
        Ok((v, nodes)) => {
            rows.push(json!({"game": k.spec, "value": v, "nodes": nodes}));
            first_player_words(v).to_string()
        }
        Err(e) => format!("not computed: {e}"),
    };
    let status = match Status::of(k.published == computed) {
        Status::Matches if !k.in_papers => Status::New,
        status => status,
    };
    Claim {
        item: k.item,
        source: k.source,
        published: k.published,
        computed: &computed,
        note: k.note,
    }
    .judged(status)
}

/// OEIS A061526, a(3): the complete games of tic-tac-toe.
fn tictactoe_complete_games() -> Check {
    let ttt = TicTacToe::new();
    let plain = plain_minimax(&ttt, 10_000_000);
    let nodes = plain.map_or_else(|e| e.to_string(), |p| p.nodes.to_string());
    let mut budget = 10_000_000;
    let games = complete_games(&ttt, &mut budget).map_or("stopped".into(), |n| n.to_string());
    Claim {
        item: "tic-tac-toe: complete games (leaves of the game tree)",
        source: "OEIS A061526, a(3)",
        published: "255168",
        computed: &games,
        note: &format!("every play to its end counted; plain minimax (Remark 1's backward induction) visits the same tree's {nodes} positions, root included"),
    }
    .compared()
}

/// The complete games from `g` (the plays to an end: the leaves of its game tree), visiting
/// at most `budget` positions; `None` past it.
fn complete_games<G: Game>(g: &G, budget: &mut u64) -> Option<u64> {
    *budget = budget.checked_sub(1)?;
    if g.outcome().is_some() {
        return Some(1);
    }
    let mut moves = Vec::new();
    g.legal_moves(&mut moves);
    let mut total = 0;
    for mv in moves {
        let mut child = g.clone();
        child.play(mv);
        total += complete_games(&child, budget)?;
    }
    Some(total)
}
