//! Generic checks every [`Game`] must pass (the contract of [`duel_core::game`]), and golden
//! playthroughs: a recorded random trajectory printed as text, to diff against a stored copy.
//!
//! Used by the integration tests of every game and by the report.

use std::collections::HashSet;
use std::fmt::Write as _;

use rand::seq::SliceRandom;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use duel_core::game::{Game, GameError, Outcome, Player};

/// How much to check.
#[derive(Clone, Copy, Debug)]
pub struct ConformanceOptions {
    /// Uniformly random playouts from the given position.
    pub playouts: usize,
    /// Seed of the playouts.
    pub seed: u64,
    /// A playout longer than this many plies is an error (the game must end).
    pub max_plies: usize,
    /// Whether distinct moves commute: playing the same distinct moves of each player in
    /// another order reaches the same position (true for Connect-K, where a move is a column,
    /// and tic-tac-toe; false for trees, where the position is the history). When true, the
    /// key, legal moves and outcome of the two orders must agree.
    pub transpositions: bool,
    /// Whether to replay the whole history from the start at every position (the
    /// format/parse round trip); quadratic in the game length.
    pub replay_every_position: bool,
}

impl Default for ConformanceOptions {
    fn default() -> Self {
        ConformanceOptions {
            playouts: 100,
            seed: 1,
            max_plies: 100_000,
            transpositions: true,
            replay_every_position: true,
        }
    }
}

/// What the checks went through.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct ConformanceSummary {
    /// Playouts played.
    pub playouts: usize,
    /// Positions checked.
    pub positions: usize,
    /// Transposed move orders compared.
    pub transpositions: usize,
    /// Playouts won by the first player, by the second, drawn.
    pub first_wins: usize,
    /// Playouts won by the second player.
    pub second_wins: usize,
    /// Drawn playouts.
    pub draws: usize,
}

/// The first violation of the contract found: the game, the move list that reached the
/// position, and what was wrong there.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{game} after moves '{history}': {what}")]
pub struct ConformanceError {
    /// The game's name.
    pub game: String,
    /// The formatted move list from the root.
    pub history: String,
    /// What the position got wrong.
    pub what: String,
}

fn fail(game: &str, history: &str, what: String) -> ConformanceError {
    ConformanceError {
        game: game.to_string(),
        history: history.to_string(),
        what,
    }
}

/// Runs the conformance checks from `root`; `Err` describes the first violation found.
///
/// At every position of every playout: `outcome` is `Some` exactly when there is no legal move;
/// legal moves are distinct, stable between calls, accepted by `is_legal`, and survive
/// `format_move`/`parse_move`; `to_move` alternates; garbage move text is rejected;
/// `try_play` on a finished position fails and leaves it unchanged; replaying the formatted
/// history from `root` gives the same position (key, player, outcome, moves); and with
/// `transpositions`, swapping a player's last two moves gives the same key.
pub fn check_conformance<G: Game>(
    root: &G,
    opts: &ConformanceOptions,
) -> Result<ConformanceSummary, ConformanceError> {
    let mut rng = ChaCha8Rng::seed_from_u64(opts.seed);
    let mut summary = ConformanceSummary::default();
    for _ in 0..opts.playouts {
        check_playout(root, opts, &mut rng, &mut summary)?;
        summary.playouts += 1;
    }
    Ok(summary)
}

/// One uniformly random playout from `root`, every position on the way checked; the
/// positions, transpositions and the outcome are counted in `summary`.
fn check_playout<G: Game>(
    root: &G,
    opts: &ConformanceOptions,
    rng: &mut ChaCha8Rng,
    summary: &mut ConformanceSummary,
) -> Result<(), ConformanceError> {
    let spec = root.spec();
    let mut moves = Vec::new();
    let mut again = Vec::new();
    let mut g = root.clone();
    let mut history: Vec<G::Move> = Vec::new();
    loop {
        let hist = root.format_moves(&history);
        let err = |what: String| fail(&spec, &hist, what);
        summary.positions += 1;
        check_legal_moves(&g, &mut moves, &mut again, err)?;
        check_move_text(&g, &moves, err)?;
        if opts.replay_every_position || g.outcome().is_some() {
            check_replay(root, &g, &history, &hist, &spec)?;
        }
        if opts.transpositions && history.len() >= 3 {
            summary.transpositions += check_transposition(root, &g, &history, &hist, &spec)?;
        }
        if let Some(outcome) = g.outcome() {
            check_finished(&g, outcome, &history, err)?;
            match outcome {
                Outcome::Win(Player::First) => summary.first_wins += 1,
                Outcome::Win(Player::Second) => summary.second_wins += 1,
                Outcome::Draw => summary.draws += 1,
            }
            return Ok(());
        }
        if history.len() >= opts.max_plies {
            return Err(err(format!("no end after {} plies", opts.max_plies)));
        }
        let Some(&mv) = moves.choose(rng) else {
            return Err(err("no legal move on an unfinished position".into()));
        };
        let player = g.to_move();
        g.play(mv);
        history.push(mv);
        if g.to_move() != player.other() {
            return Err(err(format!(
                "to_move did not alternate after {}",
                root.format_moves(&history)
            )));
        }
    }
}

/// The legal moves of `g` (left in `moves`): the same in two calls, distinct, none exactly
/// when the game is over, and each drawn by its index in that order.
fn check_legal_moves<G: Game>(
    g: &G,
    moves: &mut Vec<G::Move>,
    again: &mut Vec<G::Move>,
    err: impl Fn(String) -> ConformanceError,
) -> Result<(), ConformanceError> {
    g.legal_moves(moves);
    g.legal_moves(again);
    if moves != again {
        return Err(err("legal_moves changed between two calls".into()));
    }
    let distinct: HashSet<_> = moves.iter().collect();
    if distinct.len() != moves.len() {
        return Err(err(format!("legal_moves repeats a move: {moves:?}")));
    }
    if g.outcome().is_some() != moves.is_empty() {
        return Err(err(format!(
            "outcome {:?} but {} legal moves",
            g.outcome(),
            moves.len()
        )));
    }
    // A move drawn by index is the move at that index in legal_moves's order.
    for i in 0..moves.len() {
        let mut asked = None;
        let drawn = g.draw_move(again, |d| {
            asked = Some(d);
            i
        });
        if asked != Some(moves.len()) || drawn != (moves.len(), i, moves[i]) {
            return Err(err(format!(
                "draw_move of index {i} gave {drawn:?} (asked with {asked:?}); \
                 legal moves {moves:?}"
            )));
        }
    }
    Ok(())
}

/// Garbage move text is refused, and each legal move is legal and survives
/// `format_move`/`parse_move`.
fn check_move_text<G: Game>(
    g: &G,
    moves: &[G::Move],
    err: impl Fn(String) -> ConformanceError,
) -> Result<(), ConformanceError> {
    for bad in ["", "?", "zz", "-1"] {
        if g.parse_move(bad).is_ok() {
            return Err(err(format!("parse_move accepted '{bad}'")));
        }
    }
    for &mv in moves {
        if !g.is_legal(mv) {
            return Err(err(format!("is_legal rejects legal move {mv:?}")));
        }
        let text = g.format_move(mv);
        match g.parse_move(&text) {
            Ok(back) if back == mv => {}
            other => {
                return Err(err(format!(
                    "move {mv:?} formats as '{text}' which parses as {other:?}"
                )))
            }
        }
    }
    Ok(())
}

/// On the finished position `g`, playing again is refused and leaves it unchanged.
fn check_finished<G: Game>(
    g: &G,
    outcome: Outcome,
    history: &[G::Move],
    err: impl Fn(String) -> ConformanceError,
) -> Result<(), ConformanceError> {
    let before = g.key();
    let mut copy = g.clone();
    if let Some(&last) = history.last() {
        match copy.try_play(last) {
            Err(GameError::Finished(_)) => {}
            other => {
                return Err(err(format!(
                    "try_play on a finished position gave {other:?}"
                )))
            }
        }
        if copy.key() != before || copy.outcome() != Some(outcome) {
            return Err(err("a refused try_play changed the position".into()));
        }
    }
    Ok(())
}

/// Replays `history` from `root` through the text notation and compares with `g`.
fn check_replay<G: Game>(
    root: &G,
    g: &G,
    history: &[G::Move],
    hist: &str,
    spec: &str,
) -> Result<(), ConformanceError> {
    let mut replay = root.clone();
    let parsed = root.parse_moves(hist).map_err(|e| {
        fail(
            spec,
            hist,
            format!("the move list does not parse back: {e}"),
        )
    })?;
    if parsed != history {
        return Err(fail(spec, hist, format!("parsed back as {parsed:?}")));
    }
    replay
        .play_moves(hist)
        .map_err(|e| fail(spec, hist, format!("replaying the move list failed: {e}")))?;
    same_position(g, &replay).map_err(|w| fail(spec, hist, format!("replay differs: {w}")))
}

/// Plays the last three distinct moves `a c b` as `b c a` from three plies back; when legal and no
/// earlier end, the result must be the same position. Returns 1 when compared, 0 when skipped.
fn check_transposition<G: Game>(
    root: &G,
    g: &G,
    history: &[G::Move],
    hist: &str,
    spec: &str,
) -> Result<usize, ConformanceError> {
    let n = history.len();
    let (a, c, b) = (history[n - 3], history[n - 2], history[n - 1]);
    if a == b || a == c || b == c {
        return Ok(0);
    }
    let mut t = root.clone();
    for &mv in &history[..n - 3] {
        t.play(mv);
    }
    for (i, mv) in [b, c, a].into_iter().enumerate() {
        if t.try_play(mv).is_err() || (i < 2 && t.outcome().is_some()) {
            return Ok(0);
        }
    }
    same_position(g, &t).map_err(|w| {
        fail(
            spec,
            hist,
            format!(
                "swapping the moves of plies {} and {} gives another position: {w}",
                n - 2,
                n
            ),
        )
    })?;
    Ok(1)
}

/// How two positions that should be one differ.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
enum Difference {
    #[error("key {0} vs {1}")]
    Key(u64, u64),
    #[error("canonical key")]
    CanonicalKey,
    #[error("player to move")]
    ToMove,
    /// The outcomes, as `{:?}` prints them.
    #[error("outcome {0} vs {1}")]
    Outcome(String, String),
    /// The legal moves, as `{:?}` prints them.
    #[error("legal moves {0} vs {1}")]
    LegalMoves(String, String),
}

fn same_position<G: Game>(x: &G, y: &G) -> Result<(), Difference> {
    if x.key() != y.key() {
        return Err(Difference::Key(x.key(), y.key()));
    }
    if x.canonical_key() != y.canonical_key() {
        return Err(Difference::CanonicalKey);
    }
    if x.to_move() != y.to_move() {
        return Err(Difference::ToMove);
    }
    if x.outcome() != y.outcome() {
        return Err(Difference::Outcome(
            format!("{:?}", x.outcome()),
            format!("{:?}", y.outcome()),
        ));
    }
    let (mut mx, mut my) = (Vec::new(), Vec::new());
    x.legal_moves(&mut mx);
    y.legal_moves(&mut my);
    if mx != my {
        return Err(Difference::LegalMoves(format!("{mx:?}"), format!("{my:?}")));
    }
    Ok(())
}

/// A golden playthrough: one uniformly random game from `root` with `seed`, printed ply by
/// ply (player to move, legal moves, the move played, `render` of each position, the key
/// in hexadecimal, the outcome). Stable across runs and platforms for a given seed.
pub fn playthrough<G: Game>(root: &G, seed: u64, render: impl Fn(&G) -> String) -> String {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut out = String::new();
    let _ = writeln!(out, "game: {}\nseed: {seed}", root.spec());
    let mut g = root.clone();
    let mut history = Vec::new();
    let mut moves = Vec::new();
    loop {
        g.legal_moves(&mut moves);
        let _ = writeln!(out, "\nply {}", history.len());
        out.push_str(&render(&g));
        if !out.ends_with('\n') {
            out.push('\n');
        }
        let _ = writeln!(out, "key: {:016x}", g.key());
        if let Some(o) = g.outcome() {
            let _ = writeln!(out, "outcome: {o:?}");
            break;
        }
        let legal: Vec<String> = moves.iter().map(|&m| g.format_move(m)).collect();
        let _ = writeln!(
            out,
            "to move: {:?}\nlegal: {}",
            g.to_move(),
            legal.join(" ")
        );
        let Some(&mv) = moves.choose(&mut rng) else {
            break;
        };
        let _ = writeln!(out, "plays: {}", g.format_move(mv));
        g.play(mv);
        history.push(mv);
    }
    let _ = writeln!(out, "\nmoves: {}", root.format_moves(&history));
    out
}
