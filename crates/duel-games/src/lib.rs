#![doc = include_str!("../README.md")]
#![warn(missing_docs)]

#[doc(hidden)]
pub mod conformance;
pub mod connect;
pub mod connect4;
pub mod spec;
pub mod tictactoe;

pub use spec::{parse_game, AnyGame, GameVisitor};

pub mod galton_watson;
pub mod pearl;
pub mod registry;

/// The items of a move list: `text` split at `separators` and at whitespace (any amount of
/// it, which may also stand beside a separator), refusing an empty item between two
/// separators or at an end (`1,,2`, `,1`, `1,`), which would otherwise be read silently as a
/// shorter list. Empty text has no items.
pub(crate) fn move_items<'a>(
    text: &'a str,
    separators: &[char],
) -> Result<Vec<&'a str>, duel_core::game::GameError> {
    let text = text.trim();
    if text.is_empty() {
        return Ok(Vec::new());
    }
    let mut items = Vec::new();
    for part in text.split(separators) {
        let len = items.len();
        items.extend(part.split_whitespace());
        if items.len() == len {
            return Err(duel_core::game::GameError::EmptyMove(text.to_string()));
        }
    }
    Ok(items)
}

/// Reads a move list of a tree game, each move a child index: the indices separated by `.`,
/// `,` or spaces, or, without a separator, one digit per move when `digits_are_moves` (trees
/// of degree at most 9) and a single move otherwise. Empty text is the empty list; an empty
/// item (`1,,2`) is refused.
pub fn parse_child_moves<M>(
    text: &str,
    digits_are_moves: bool,
    parse_move: impl Fn(&str) -> Result<M, duel_core::game::GameError>,
) -> Result<Vec<M>, duel_core::game::GameError> {
    let text = text.trim();
    if text.is_empty() {
        Ok(Vec::new())
    } else if text.contains(|c: char| c == '.' || c == ',' || c.is_whitespace()) {
        move_items(text, &['.', ','])?
            .into_iter()
            .map(parse_move)
            .collect()
    } else if digits_are_moves {
        text.chars().map(|c| parse_move(&c.to_string())).collect()
    } else {
        Ok(vec![parse_move(text)?])
    }
}

/// A `BadSpec` error for the game name `spec`.
pub(crate) fn bad_spec(spec: &str, why: impl Into<String>) -> duel_core::game::GameError {
    duel_core::game::GameError::BadSpec {
        spec: spec.to_string(),
        why: why.into(),
    }
}

/// The optional tail `[:P][:seed=S]` of a random tree's name (`pearl:...`, `galton-watson:...`):
/// the leaf probability, if given, and the seed (0 if not). A second probability or seed is
/// refused, not read as overriding the first.
pub(crate) fn parse_leaf_and_seed(
    spec: &str,
    tail: &[&str],
) -> Result<(Option<f64>, u64), duel_core::game::GameError> {
    let mut p = None;
    let mut seed = None;
    for part in tail {
        if let Some(s) = part.strip_prefix("seed=") {
            if seed.is_some() {
                return Err(bad_spec(
                    spec,
                    format!("{}: the seed is given twice", duel_core::text::quote(part)),
                ));
            }
            seed = Some(s.parse().map_err(|_| {
                bad_spec(
                    spec,
                    format!("seed {} is not a whole number", duel_core::text::quote(s)),
                )
            })?);
        } else if p.is_some() {
            return Err(bad_spec(
                spec,
                format!(
                    "{} is a part too many: the leaf probability is already given",
                    duel_core::text::quote(part)
                ),
            ));
        } else {
            let v: f64 = part.parse().map_err(|_| {
                bad_spec(
                    spec,
                    format!(
                        "leaf probability {} is not a number",
                        duel_core::text::quote(part)
                    ),
                )
            })?;
            if !v.is_finite() {
                return Err(bad_spec(spec, "the leaf probability must be in [0, 1]"));
            }
            p = Some(v);
        }
    }
    Ok((p, seed.unwrap_or(0)))
}

/// SplitMix64's finaliser: a bijection of u64 that spreads bits (the hashes of Connect-K
/// positions and of Pearl's paths, and the seeds drawn from them).
#[inline(always)]
pub fn mix64(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}
