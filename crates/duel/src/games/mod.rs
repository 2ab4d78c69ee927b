//! Concrete games implementing [`crate::game::Game`], and the game-name parser.

#[doc(hidden)]
pub mod conformance;
pub mod connect;
pub mod connect4;
pub mod spec;
pub mod tictactoe;

pub use spec::{parse_game, AnyGame, GameVisitor};

mod report;

pub use report::report_section;

pub mod galton_watson;
pub mod pearl;

/// Reads a move list of a tree game, each move a child index: the indices separated by `.`,
/// `,` or spaces, or, without a separator, one digit per move when `digits_are_moves` (trees
/// of degree at most 9) and a single move otherwise. Empty text is the empty list.
pub(crate) fn parse_child_moves<M>(
    text: &str,
    digits_are_moves: bool,
    parse_move: impl Fn(&str) -> Result<M, crate::game::GameError>,
) -> Result<Vec<M>, crate::game::GameError> {
    let text = text.trim();
    if text.is_empty() {
        Ok(Vec::new())
    } else if text.contains(['.', ',', ' ']) {
        text.split(['.', ',', ' '])
            .filter(|s| !s.is_empty())
            .map(parse_move)
            .collect()
    } else if digits_are_moves {
        text.chars().map(|c| parse_move(&c.to_string())).collect()
    } else {
        Ok(vec![parse_move(text)?])
    }
}

/// A `BadSpec` error for the game name `spec`.
pub(crate) fn bad_spec(spec: &str, why: impl Into<String>) -> crate::game::GameError {
    crate::game::GameError::BadSpec {
        spec: spec.to_string(),
        why: why.into(),
    }
}

/// The optional tail `[:P][:seed=S]` of a random tree's name (`pearl:...`, `galton-watson:...`):
/// the leaf probability, if given, and the seed (0 if not).
pub(crate) fn parse_leaf_and_seed(
    spec: &str,
    tail: &[&str],
) -> Result<(Option<f64>, u64), crate::game::GameError> {
    let mut p = None;
    let mut seed = 0;
    for part in tail {
        if let Some(s) = part.strip_prefix("seed=") {
            seed = s
                .parse()
                .map_err(|_| bad_spec(spec, format!("seed '{s}' is not a whole number")))?;
        } else {
            let v: f64 = part.parse().map_err(|_| {
                bad_spec(spec, format!("leaf probability '{part}' is not a number"))
            })?;
            if !v.is_finite() {
                return Err(bad_spec(spec, "the leaf probability must be in [0, 1]"));
            }
            p = Some(v);
        }
    }
    Ok((p, seed))
}
