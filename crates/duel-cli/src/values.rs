//! The bidding options' values, parsed by clap: Alice's and Bob's chips (`--chips 4,4`) and a
//! total of chips (`--chips 23`, `--max-chips 16`). The holder of the advantage (`--tie`), the
//! tie rule (`--tie-break`) and the tax (`--tax`) are parsed by the library's own functions.
//! Every parser is the library's, so a bad value gets the library's message: `parse_error`
//! prints a `BiddingError` as it is.

use duel::bidding::answer::{parse_chip_pair, parse_total};
use duel::bidding::BiddingError;

/// Alice's and Bob's chips, written `A,B`.
#[derive(Clone, Copy, Debug)]
pub struct ChipPair {
    /// Alice's chips.
    pub alice: u64,
    /// Bob's chips.
    pub bob: u64,
}

/// Reads `A,B`: Alice's and Bob's chips.
pub fn chip_pair(text: &str) -> Result<ChipPair, BiddingError> {
    let (alice, bob) = parse_chip_pair(text)?;
    Ok(ChipPair { alice, bob })
}

/// Reads the total of `--chips`.
pub fn chips_total(text: &str) -> Result<u64, BiddingError> {
    parse_total(text, "--chips")
}

/// Reads the total of `--max-chips`.
pub fn max_chips_total(text: &str) -> Result<u64, BiddingError> {
    parse_total(text, "--max-chips")
}
