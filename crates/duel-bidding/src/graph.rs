//! The game model of Develin & Payne, section 2.1: a coloured directed graph.
//!
//! Vertices are positions, indexed by `u32`. From every non-terminal vertex both players have
//! moves (red edges for Alice, blue edges for Bob); the winner of the bid decides who moves.
//! Terminal vertices are won by Alice, won by Bob, or tied. The graph is built once,
//! explicitly, from any [`BiddingGame`] (a small trait describing positions and both
//! players' moves), or assembled by hand with [`GraphBuilder`]. The players are `duel_core`'s
//! [`Player::ALICE`] and [`Player::BOB`]; a tie is [`Outcome::Draw`].

use std::collections::HashMap;

use duel_core::cancel::Cancel;
use duel_core::game::{Outcome, Player};

use super::{BiddingError, ModelError, Solver, TooMany};

/// "Alice" or "Bob": the name Develin & Payne give `player` ([`Player::ALICE`] is the player
/// whose winning threshold is computed).
pub fn player_name(player: Player) -> &'static str {
    match player {
        Player::ALICE => "Alice",
        Player::BOB => "Bob",
    }
}

/// Serialises `player` as `"alice"` or `"bob"`, the words of the bidding answers' JSON (for
/// `#[serde(serialize_with = "...")]`).
pub fn serialize_player<S: serde::Serializer>(
    player: &Player,
    serializer: S,
) -> Result<S::Ok, S::Error> {
    serializer.serialize_str(player_key(*player))
}

/// Serialises `player` as [`serialize_player`] does, `None` as `null`.
pub fn serialize_optional_player<S: serde::Serializer>(
    player: &Option<Player>,
    serializer: S,
) -> Result<S::Ok, S::Error> {
    match player {
        Some(p) => serializer.serialize_some(player_key(*p)),
        None => serializer.serialize_none(),
    }
}

/// `alice` or `bob`: a player as the bidding answers' JSON and a session's state write it.
pub fn player_key(player: Player) -> &'static str {
    match player {
        Player::ALICE => "alice",
        Player::BOB => "bob",
    }
}

pub use crate::error::outcome_text;

/// A game that can describe its positions and both players' moves.
///
/// Positions are encoded as `u64` codes chosen by the game. [`BiddingGame::canonical`] may map
/// a position to a representative of its symmetry class (a symmetry that keeps both players'
/// roles, so that every threshold is unchanged); the graph is built over representatives.
pub trait BiddingGame {
    /// The starting position.
    fn start(&self) -> u64;
    /// `Some` exactly when the position is terminal.
    fn outcome(&self, pos: u64) -> Option<Outcome>;
    /// The positions `who` can move to from the non-terminal position `pos` (never empty).
    fn moves(&self, pos: u64, who: Player) -> Vec<u64>;
    /// The representative of the symmetry class of `pos` (identity by default).
    fn canonical(&self, pos: u64) -> u64 {
        pos
    }
    /// A human-readable form of the position, accepted back by [`BiddingGame::parse`].
    fn label(&self, pos: u64) -> String;
    /// Reads a position written as [`BiddingGame::label`] writes it.
    fn parse(&self, text: &str) -> Result<u64, BiddingError>;
}

/// An explicit, compact game graph (compressed successor lists).
#[derive(Clone, Debug)]
pub struct GameGraph {
    start: u32,
    terminal: Vec<Option<Outcome>>,
    alice_offsets: Vec<u32>,
    alice_targets: Vec<u32>,
    bob_offsets: Vec<u32>,
    bob_targets: Vec<u32>,
    codes: Vec<u64>,
    names: Vec<String>,
    topo: Option<Vec<u32>>,
}

/// Adds vertices and edges one at a time; [`GraphBuilder::finish`] checks the model.
#[derive(Clone, Debug, Default)]
pub struct GraphBuilder {
    terminal: Vec<Option<Outcome>>,
    alice: Vec<Vec<u32>>,
    bob: Vec<Vec<u32>>,
    names: Vec<String>,
}

impl GraphBuilder {
    /// An empty builder.
    pub fn new() -> Self {
        Self::default()
    }

    /// Adds a vertex (terminal when `outcome` is `Some`) and returns its index.
    pub fn vertex(&mut self, name: impl Into<String>, outcome: Option<Outcome>) -> u32 {
        self.terminal.push(outcome);
        self.alice.push(Vec::new());
        self.bob.push(Vec::new());
        self.names.push(name.into());
        (self.terminal.len() - 1) as u32
    }

    /// Adds a move of `who` from `from` to `to`.
    pub fn edge(&mut self, who: Player, from: u32, to: u32) {
        match who {
            Player::ALICE => self.alice[from as usize].push(to),
            Player::BOB => self.bob[from as usize].push(to),
        }
    }

    /// Adds a move for both players from `from` to `to`.
    pub fn both(&mut self, from: u32, to: u32) {
        self.edge(Player::ALICE, from, to);
        self.edge(Player::BOB, from, to);
    }

    /// Copies `graph` into this builder and returns the index its start vertex received.
    pub fn embed(&mut self, graph: &GameGraph) -> u32 {
        self.embed_prefixed(graph, "")
    }

    /// Like [`GraphBuilder::embed`], prefixing the copied vertices' names with `prefix`.
    pub fn embed_prefixed(&mut self, graph: &GameGraph, prefix: &str) -> u32 {
        let base = self.terminal.len() as u32;
        for v in 0..graph.len() as u32 {
            self.vertex(format!("{prefix}{}", graph.name(v)), graph.outcome(v));
        }
        for v in 0..graph.len() as u32 {
            for &w in graph.moves(v, Player::ALICE) {
                self.edge(Player::ALICE, base + v, base + w);
            }
            for &w in graph.moves(v, Player::BOB) {
                self.edge(Player::BOB, base + v, base + w);
            }
        }
        base + graph.start()
    }

    /// Checks that every non-terminal vertex has moves for both players and that terminal
    /// vertices have none, and builds the graph starting at `start`.
    pub fn finish(self, start: u32) -> Result<GameGraph, BiddingError> {
        let n = self.terminal.len();
        if start as usize >= n {
            return Err(ModelError::NoStartVertex { start }.into());
        }
        for v in 0..n {
            let has_moves = !self.alice[v].is_empty() || !self.bob[v].is_empty();
            let both_move = !self.alice[v].is_empty() && !self.bob[v].is_empty();
            if self.terminal[v].is_some() && has_moves {
                return Err(ModelError::TerminalWithMoves {
                    vertex: self.names[v].clone(),
                }
                .into());
            }
            if self.terminal[v].is_none() && !both_move {
                return Err(ModelError::NoMove {
                    vertex: self.names[v].clone(),
                }
                .into());
            }
        }
        let (alice_offsets, alice_targets) = compress(&self.alice);
        let (bob_offsets, bob_targets) = compress(&self.bob);
        let mut g = GameGraph {
            start,
            terminal: self.terminal,
            alice_offsets,
            alice_targets,
            bob_offsets,
            bob_targets,
            codes: (0..n as u64).collect(),
            names: self.names,
            topo: None,
        };
        g.topo = g.topological_order();
        Ok(g)
    }
}

fn compress(lists: &[Vec<u32>]) -> (Vec<u32>, Vec<u32>) {
    let mut offsets = Vec::with_capacity(lists.len() + 1);
    let mut targets = Vec::new();
    offsets.push(0);
    for l in lists {
        targets.extend_from_slice(l);
        offsets.push(targets.len() as u32);
    }
    (offsets, targets)
}

/// Positions enumerated between two reads of a [`Cancel`] (a few milliseconds).
pub const CANCEL_STEP: usize = 1 << 14;

impl GameGraph {
    /// Builds the graph of every position reachable from the start of `game`, refusing when
    /// more than `max_positions` positions would be needed.
    pub fn from_game<G: BiddingGame + ?Sized>(
        game: &G,
        max_positions: usize,
    ) -> Result<GameGraph, BiddingError> {
        Self::from_game_until(game, max_positions, &Cancel::never())
    }

    /// [`GameGraph::from_game`], stopped with [`BiddingError::Cancelled`] once `cancel` is
    /// (read every [`CANCEL_STEP`] positions).
    pub fn from_game_until<G: BiddingGame + ?Sized>(
        game: &G,
        max_positions: usize,
        cancel: &Cancel,
    ) -> Result<GameGraph, BiddingError> {
        let start_code = game.canonical(game.start());
        let mut index: HashMap<u64, u32> = HashMap::new();
        let mut codes = vec![start_code];
        index.insert(start_code, 0);
        let mut terminal = Vec::new();
        let mut alice: Vec<Vec<u32>> = Vec::new();
        let mut bob: Vec<Vec<u32>> = Vec::new();
        let mut next = 0usize;
        while next < codes.len() {
            if next % CANCEL_STEP == 0 {
                cancel.check()?;
            }
            let code = codes[next];
            let outcome = game.outcome(code);
            terminal.push(outcome);
            let mut lists = [Vec::new(), Vec::new()];
            if outcome.is_none() {
                for (slot, who) in [Player::ALICE, Player::BOB].into_iter().enumerate() {
                    for child in game.moves(code, who) {
                        let c = game.canonical(child);
                        let id = match index.get(&c) {
                            Some(&id) => id,
                            None => {
                                if codes.len() >= max_positions {
                                    return Err(TooMany {
                                        what: "positions",
                                        count: max_positions as u128 + 1,
                                        limit: max_positions as u64,
                                        solver: Solver::Graph,
                                    }
                                    .into());
                                }
                                let id = codes.len() as u32;
                                codes.push(c);
                                index.insert(c, id);
                                id
                            }
                        };
                        if !lists[slot].contains(&id) {
                            lists[slot].push(id);
                        }
                    }
                }
            }
            let [a, b] = lists;
            alice.push(a);
            bob.push(b);
            next += 1;
        }
        let n = codes.len();
        let mut builder = GraphBuilder {
            terminal,
            alice,
            bob,
            names: Vec::new(),
        };
        builder.names = vec![String::new(); n];
        let mut g = builder.finish(0)?;
        g.codes = codes;
        g.names = Vec::new();
        Ok(g)
    }

    /// The number of vertices.
    pub fn len(&self) -> usize {
        self.terminal.len()
    }

    /// Whether the graph has no vertex (never true for a built graph).
    pub fn is_empty(&self) -> bool {
        self.terminal.is_empty()
    }

    /// The starting vertex.
    pub fn start(&self) -> u32 {
        self.start
    }

    /// The outcome of a terminal vertex, `None` for a vertex where play goes on.
    pub fn outcome(&self, v: u32) -> Option<Outcome> {
        self.terminal[v as usize]
    }

    /// The vertices `who` can move to from `v`.
    pub fn moves(&self, v: u32, who: Player) -> &[u32] {
        let (off, tgt) = match who {
            Player::ALICE => (&self.alice_offsets, &self.alice_targets),
            Player::BOB => (&self.bob_offsets, &self.bob_targets),
        };
        &tgt[off[v as usize] as usize..off[v as usize + 1] as usize]
    }

    /// The game's code of vertex `v` (for graphs built by hand, `v` itself).
    pub fn code(&self, v: u32) -> u64 {
        self.codes[v as usize]
    }

    /// The vertex with the given (canonical) code, if it is reachable.
    pub fn vertex_of(&self, code: u64) -> Option<u32> {
        self.codes.iter().position(|&c| c == code).map(|i| i as u32)
    }

    /// The name given to a vertex built by hand (empty for graphs built from a game).
    pub fn name(&self, v: u32) -> String {
        self.names
            .get(v as usize)
            .cloned()
            .unwrap_or_else(|| format!("v{v}"))
    }

    /// Vertices in an order where every move goes forward, or `None` when there is a cycle.
    pub fn topo(&self) -> Option<&[u32]> {
        self.topo.as_deref()
    }

    /// Whether the graph has no directed cycle (the game is bounded).
    pub fn is_acyclic(&self) -> bool {
        self.topo.is_some()
    }

    /// The same graph with a new start vertex from which Alice and Bob may move only to the
    /// given vertices (used for "Alice's first move is in the center" and similar).
    pub fn with_new_start(&self, alice: &[u32], bob: &[u32]) -> Result<GameGraph, BiddingError> {
        let mut b = GraphBuilder::new();
        b.embed(self);
        let s = b.vertex("start", None);
        for &w in alice {
            b.edge(Player::ALICE, s, w);
        }
        for &w in bob {
            b.edge(Player::BOB, s, w);
        }
        let mut g = b.finish(s)?;
        let mut codes = self.codes.clone();
        codes.push(u64::MAX);
        g.codes = codes;
        if self.names.is_empty() {
            g.names = Vec::new();
        }
        Ok(g)
    }

    fn topological_order(&self) -> Option<Vec<u32>> {
        let n = self.len();
        let mut indegree = vec![0u32; n];
        for &w in self.alice_targets.iter().chain(self.bob_targets.iter()) {
            indegree[w as usize] += 1;
        }
        let mut order: Vec<u32> = (0..n as u32)
            .filter(|&v| indegree[v as usize] == 0)
            .collect();
        let mut i = 0;
        while i < order.len() {
            let v = order[i];
            for who in [Player::ALICE, Player::BOB] {
                for &w in self.moves(v, who) {
                    indegree[w as usize] -= 1;
                    if indegree[w as usize] == 0 {
                        order.push(w);
                    }
                }
            }
            i += 1;
        }
        (order.len() == n).then_some(order)
    }

    /// The length of the longest play from `v` (acyclic graphs only; `None` with cycles).
    pub fn heights(&self) -> Option<Vec<u32>> {
        let topo = self.topo.as_ref()?;
        let mut h = vec![0u32; self.len()];
        for &v in topo.iter().rev() {
            let m = [Player::ALICE, Player::BOB]
                .iter()
                .flat_map(|&who| self.moves(v, who).iter())
                .map(|&w| h[w as usize] + 1)
                .max()
                .unwrap_or(0);
            h[v as usize] = m;
        }
        Some(h)
    }

    /// The vertices reachable from the start.
    pub fn reachable(&self) -> Vec<bool> {
        let mut seen = vec![false; self.len()];
        let mut stack = vec![self.start];
        seen[self.start as usize] = true;
        while let Some(v) = stack.pop() {
            for who in [Player::ALICE, Player::BOB] {
                for &w in self.moves(v, who) {
                    if !seen[w as usize] {
                        seen[w as usize] = true;
                        stack.push(w);
                    }
                }
            }
        }
        seen
    }

    /// The game with Alice and Bob exchanging roles (G-bar of section 2.1): the same graph,
    /// colours and outcomes switched.
    pub fn swapped(&self) -> GameGraph {
        let mut g = self.clone();
        std::mem::swap(&mut g.alice_offsets, &mut g.bob_offsets);
        std::mem::swap(&mut g.alice_targets, &mut g.bob_targets);
        for t in g.terminal.iter_mut() {
            *t = t.map(|o| match o {
                Outcome::Win(p) => Outcome::Win(p.other()),
                Outcome::Draw => Outcome::Draw,
            });
        }
        g
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn players_and_outcomes_keep_the_papers_words() {
        #[derive(serde::Serialize)]
        struct Holder {
            #[serde(serialize_with = "serialize_player")]
            tie: Player,
        }
        let json = |tie| serde_json::to_string(&Holder { tie }).unwrap();
        assert_eq!(json(Player::ALICE), r#"{"tie":"alice"}"#);
        assert_eq!(json(Player::BOB), r#"{"tie":"bob"}"#);
        assert_eq!(
            (player_name(Player::ALICE), player_name(Player::BOB)),
            ("Alice", "Bob")
        );
        assert_eq!(outcome_text(Outcome::Win(Player::ALICE)), "Alice has won");
        assert_eq!(outcome_text(Outcome::Win(Player::BOB)), "Bob has won");
        assert_eq!(outcome_text(Outcome::Draw), "nobody has won (a tie)");
    }

    #[test]
    fn swapping_exchanges_the_winners_and_keeps_ties() {
        let mut b = GraphBuilder::new();
        let start = b.vertex("start", None);
        let ends = [
            Outcome::Win(Player::ALICE),
            Outcome::Win(Player::BOB),
            Outcome::Draw,
        ]
        .map(|o| b.vertex("end", Some(o)));
        b.edge(Player::ALICE, start, ends[0]);
        b.edge(Player::BOB, start, ends[1]);
        b.both(start, ends[2]);
        let swapped = b.finish(start).unwrap().swapped();
        assert_eq!(swapped.outcome(ends[0]), Some(Outcome::Win(Player::BOB)));
        assert_eq!(swapped.outcome(ends[1]), Some(Outcome::Win(Player::ALICE)));
        assert_eq!(swapped.outcome(ends[2]), Some(Outcome::Draw));
        assert_eq!(swapped.moves(start, Player::ALICE), &[ends[1], ends[2]]);
    }
}
