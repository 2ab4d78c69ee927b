//! `duel bidding taxman`: poorman (tax 1) and taxman thresholds, exact.

use serde::Serialize;

use super::as_text;
use crate::games::GameSpec;
use crate::realvalued::taxman_values;
use crate::{approx, BiddingError};
use duel_core::exact::Rational;

/// The answer of `duel bidding taxman`.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct TaxmanAnswer {
    /// The game's name.
    pub game: String,
    /// The share of a winning bid paid to the bank (0 = Richman, 1 = poorman).
    #[serde(serialize_with = "as_text")]
    pub tax: Rational,
    /// The least share of the money Alice needs from the start.
    #[serde(serialize_with = "as_text")]
    pub value: Rational,
    /// `value` as a float.
    pub value_float: f64,
}

/// The taxman threshold of a bounded game from the start ([`taxman_values`]).
pub fn taxman_answer(game: &GameSpec, tax: &Rational) -> Result<TaxmanAnswer, BiddingError> {
    let built = game.build()?;
    let values = taxman_values(&built.graph, tax)?;
    let value = values[built.graph.start() as usize].clone();
    Ok(TaxmanAnswer {
        game: game.name(),
        tax: tax.clone(),
        value_float: approx(&value),
        value,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::answer::parse_tax;
    use crate::games::parse_game;

    #[test]
    fn tax_zero_is_richman_and_tax_one_is_poorman() {
        let ttt = parse_game("tictactoe").unwrap();
        let richman = taxman_answer(&ttt, &parse_tax("0").unwrap()).unwrap();
        assert_eq!(richman.value.to_string(), "133/256");
        let poorman = taxman_answer(&ttt, &parse_tax("1").unwrap()).unwrap();
        assert_eq!(poorman.value.to_string(), "396925/786688");
        assert_eq!(parse_tax("1/0"), Err(BiddingError::NotATax("1/0".into())));
    }
}
