//! The parts of a game's name shared by the parsers of several games: the error of a bad
//! name, and the tail `[:P][:seed=S]` of the random trees' names.

use duel_core::game::GameError;
use duel_core::text::quote;

/// A `BadSpec` error for the game name `spec`.
pub(crate) fn bad_spec(spec: &str, why: impl Into<String>) -> GameError {
    GameError::BadSpec {
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
) -> Result<(Option<f64>, u64), GameError> {
    let mut p = None;
    let mut seed = None;
    for part in tail {
        if let Some(s) = part.strip_prefix("seed=") {
            if seed.is_some() {
                return Err(bad_spec(
                    spec,
                    format!("{}: the seed is given twice", quote(part)),
                ));
            }
            seed =
                Some(s.parse().map_err(|_| {
                    bad_spec(spec, format!("seed {} is not a whole number", quote(s)))
                })?);
        } else if p.is_some() {
            return Err(bad_spec(
                spec,
                format!(
                    "{} is a part too many: the leaf probability is already given",
                    quote(part)
                ),
            ));
        } else {
            let v: f64 = part.parse().map_err(|_| {
                bad_spec(
                    spec,
                    format!("leaf probability {} is not a number", quote(part)),
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
