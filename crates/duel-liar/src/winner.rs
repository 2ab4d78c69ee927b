//! Who wins a liar game, and how that was decided: the words of the `winner` and `method`
//! fields of `duel liar solve` and `duel liar strategy`.

use std::fmt;

use serde::Serialize;

/// Who wins: `paul` or `carole`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Winner {
    /// Paul, who asks.
    Paul,
    /// Carole, who answers (and may lie).
    Carole,
}

impl Winner {
    /// Paul where `paul_wins`, else Carole.
    pub fn paul_if(paul_wins: bool) -> Winner {
        if paul_wins {
            Winner::Paul
        } else {
            Winner::Carole
        }
    }

    /// `paul` or `carole`, as in JSON.
    pub fn name(self) -> &'static str {
        match self {
            Winner::Paul => "paul",
            Winner::Carole => "carole",
        }
    }
}

impl fmt::Display for Winner {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// How a state was decided.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub enum Method {
    /// Berlekamp's volume bound alone: `volume bound`.
    #[serde(rename = "volume bound")]
    VolumeBound,
    /// The exhaustive solver: `exhaustive search`.
    #[serde(rename = "exhaustive search")]
    ExhaustiveSearch,
    /// A strategy found by the solver and certified independently: `certified strategy`.
    #[serde(rename = "certified strategy")]
    CertifiedStrategy,
}

impl Method {
    /// `volume bound`, `exhaustive search` or `certified strategy`, as in JSON.
    pub fn name(self) -> &'static str {
        match self {
            Method::VolumeBound => "volume bound",
            Method::ExhaustiveSearch => "exhaustive search",
            Method::CertifiedStrategy => "certified strategy",
        }
    }
}

impl fmt::Display for Method {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
