//! Exact numbers shared by all domains: big rationals and chip counts in N ∪ N*.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use thiserror::Error;

/// An exact fraction of arbitrary size. Displays as `a/b` (or `a` when the denominator is 1).
pub type Rational = num_rational::BigRational;

/// A chip count in N ∪ N* (Develin & Payne, section 3.4), ordered
/// 0 < 0* < 1 < 1* < 2 < … . `k*` means k chips together with the tie-breaking advantage.
///
/// Stored as `2k + star`, so the derived order is the order of the paper.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Default)]
pub struct Chips(u64);

/// Why a chip count could not be read or built.
#[derive(Debug, Error, PartialEq, Eq)]
pub enum ChipsError {
    /// The text is not `K` or `K*` with K a non-negative integer.
    #[error("{} is not a chip count: expected a non-negative integer, optionally followed by '*' (e.g. 12 or 12*)", crate::text::quote(.0))]
    Parse(String),
    /// The count does not fit in the representation.
    #[error("chip count {0} is too large (at most {max})", max = Chips::MAX_COUNT)]
    TooLarge(u64),
}

impl Chips {
    /// The largest chip count representable (with or without the star).
    pub const MAX_COUNT: u64 = u64::MAX / 2 - 1;

    /// `count` chips, with the tie-breaking advantage when `star`.
    pub fn new(count: u64, star: bool) -> Result<Self, ChipsError> {
        if count > Self::MAX_COUNT {
            return Err(ChipsError::TooLarge(count));
        }
        Ok(Chips(2 * count + u64::from(star)))
    }

    /// `count` chips without the advantage.
    pub fn plain(count: u64) -> Result<Self, ChipsError> {
        Self::new(count, false)
    }

    /// `count` chips with the advantage.
    pub fn starred(count: u64) -> Result<Self, ChipsError> {
        Self::new(count, true)
    }

    /// The number of chips, without the star.
    pub fn count(self) -> u64 {
        self.0 / 2
    }

    /// Whether this count carries the tie-breaking advantage.
    pub fn star(self) -> bool {
        self.0 % 2 == 1
    }

    /// The position in the order 0, 0*, 1, 1*, … (0 for 0, 1 for 0*, 2 for 1, …).
    pub fn rank(self) -> u64 {
        self.0
    }

    /// The chip count at position `rank` of the order 0, 0*, 1, 1*, … .
    pub fn from_rank(rank: u64) -> Self {
        Chips(rank)
    }

    /// The next element of N ∪ N* (k → k*, k* → k+1), or `None` at the top of the range.
    pub fn succ(self) -> Option<Self> {
        self.0
            .checked_add(1)
            .filter(|&r| r / 2 <= Self::MAX_COUNT)
            .map(Chips)
    }

    /// The previous element of N ∪ N*, or `None` at 0.
    pub fn pred(self) -> Option<Self> {
        self.0.checked_sub(1).map(Chips)
    }
}

impl fmt::Display for Chips {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.count(), if self.star() { "*" } else { "" })
    }
}

impl FromStr for Chips {
    type Err = ChipsError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let t = s.trim();
        let (digits, star) = match t.strip_suffix('*') {
            Some(d) => (d, true),
            None => (t, false),
        };
        if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return Err(ChipsError::Parse(s.to_string()));
        }
        let count: u64 = digits
            .parse()
            .map_err(|_| ChipsError::Parse(s.to_string()))?;
        Chips::new(count, star)
    }
}

impl Serialize for Chips {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Chips {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let s = String::deserialize(deserializer)?;
        s.parse().map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn order_is_the_papers() {
        // Develin & Payne, section 3.4: 0 < 0* < 1 < 1* < 2 < ...
        let seq: Vec<Chips> = ["0", "0*", "1", "1*", "2"]
            .iter()
            .map(|s| s.parse().unwrap())
            .collect();
        assert!(seq.windows(2).all(|w| w[0] < w[1]));
        assert_eq!(seq[1].succ(), Some(seq[2]));
        assert_eq!(seq[2].pred(), Some(seq[1]));
        assert_eq!(seq[0].pred(), None);
    }

    #[test]
    fn display_and_parse_round_trip() {
        for rank in 0..50 {
            let c = Chips::from_rank(rank);
            assert_eq!(c.to_string().parse::<Chips>(), Ok(c));
        }
        assert_eq!(Chips::starred(12).unwrap().to_string(), "12*");
    }

    #[test]
    fn bad_text_is_an_error() {
        for s in ["", "*", "-1", "1.5", "a", "1**", "18446744073709551615"] {
            assert!(s.parse::<Chips>().is_err(), "{s}");
        }
    }
}
