//! The rule sets, question kinds, moves and errors of Guess Who.

use std::fmt;
use std::str::FromStr;

use duel_core::text::quote;
use serde::Serialize;
use thiserror::Error;

/// The most memory a table may take: 8 GiB.
pub const MAX_TABLE_BYTES: u64 = duel_core::limits::Limits::DEFAULT.guesswho_table_bytes;

/// Table steps a second, measured on the development machine (2 cores; `(100000, 24)` under
/// the official rules: 6·10^10 steps in 5.5 s, three-way squares and bands 0.8–0.9·10^10 with
/// the third counted), for the time a refusal quotes.
pub const STEPS_PER_SECOND: f64 = 1e10;

/// Why a plot could not be drawn.
#[derive(Debug, PartialEq, Error)]
#[error("cannot draw the plot: {0}")]
pub struct PlotError(String);

impl PlotError {
    /// The error of the plotting library, in words.
    pub fn new(e: impl fmt::Display) -> PlotError {
        PlotError(e.to_string())
    }
}

/// How a player wins, and whether a turn may be a guess.
///
/// A position `(n, m)` means: the player to move has `n` candidates left, the opponent `m`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Rules {
    /// Nica's "Mathematician's Guess Who": no guessing; the first player to reduce their
    /// pool to one candidate wins at once (Nica, Definition 2.1, eq. 2.2). `p(1, m) = 1`
    /// for `m ≥ 2`, `p(n, 1) = 0` for `n ≥ 2`; `(1, 1)` cannot occur.
    Race,
    /// The official rules (Cushing et al., section 1): a turn is a question or a guess; a right
    /// guess wins, a wrong guess loses. With one candidate left the player names it on their
    /// turn and wins: `P(1, m) = 1`, `P(n, 1) = 1/n`. Fundamental recurrence (1).
    Official,
    /// Beyond the papers: as the official rules, but a wrong guess only removes the named
    /// candidate from the guesser's pool and passes the turn. From `(n, m)` a guess wins with
    /// probability `1/n` and otherwise leaves the opponent to move from `(m, n − 1)`.
    FreeGuess,
}

impl Rules {
    /// Every rule set, in the order the report lists them.
    pub const ALL: [Rules; 3] = [Rules::Race, Rules::Official, Rules::FreeGuess];

    /// The name used on the command line and in JSON.
    pub fn name(self) -> &'static str {
        match self {
            Rules::Race => "race",
            Rules::Official => "official",
            Rules::FreeGuess => "free-guess",
        }
    }

    /// Whether a turn may be a guess under these rules.
    pub fn allows_guess(self) -> bool {
        !matches!(self, Rules::Race)
    }
}

impl fmt::Display for Rules {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Rules {
    type Err = GuessWhoError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s {
            "race" => Ok(Rules::Race),
            "official" => Ok(Rules::Official),
            "free-guess" => Ok(Rules::FreeGuess),
            other => Err(GuessWhoError::UnknownRules(other.to_string())),
        }
    }
}

/// The questions a player may ask.
///
/// A question splits the `n` candidates into non-empty parts and the answer tells which part
/// holds the secret. With three-way ("headbusting", Cushing et al. section 1.1) questions a
/// player may also ask an ordinary yes/no question: a part may be empty (Cushing's decision
/// `(0, 1, 1)` at `n = 2`), but at least two parts are non-empty, so every question makes
/// progress.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub enum Questions {
    /// Yes/no questions: two parts.
    Two,
    /// Headbusting questions: two or three parts.
    Three,
}

impl Questions {
    /// The largest number of parts of a question.
    pub fn parts(self) -> u32 {
        match self {
            Questions::Two => 2,
            Questions::Three => 3,
        }
    }
}

impl fmt::Display for Questions {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.parts())
    }
}

impl FromStr for Questions {
    type Err = GuessWhoError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s {
            "2" => Ok(Questions::Two),
            "3" => Ok(Questions::Three),
            other => Err(GuessWhoError::UnknownQuestions(other.to_string())),
        }
    }
}

/// A move from a position `(n, m)`.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Move {
    /// Name a candidate.
    Guess,
    /// Ask a question whose answers split the pool into these parts (non-empty, ascending).
    Split(Vec<u64>),
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Move::Guess => f.write_str("guess"),
            Move::Split(parts) => {
                let s: Vec<String> = parts.iter().map(u64::to_string).collect();
                write!(f, "split {}", s.join("+"))
            }
        }
    }
}

impl FromStr for Move {
    type Err = GuessWhoError;

    /// `guess`, or the parts of a question separated by commas (`8,16`, `1,3,6`). The parts
    /// are checked against a position only when the move is played or evaluated.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        if s.trim() == "guess" {
            return Ok(Move::Guess);
        }
        s.split(',')
            .map(|p| p.trim().parse::<u64>())
            .collect::<Result<Vec<u64>, _>>()
            .map(Move::Split)
            .map_err(|_| GuessWhoError::BadMove(s.to_string()))
    }
}

/// Why a Guess Who computation was refused.
#[derive(Debug, Error, PartialEq)]
pub enum GuessWhoError {
    /// A pool size of zero.
    #[error("pool sizes must be at least 1 (got n = {n}, m = {m})")]
    EmptyPool {
        /// Candidates of the player to move.
        n: u64,
        /// Candidates of the opponent.
        m: u64,
    },
    /// `(1, 1)` under the race rules.
    #[error("position (1, 1) cannot occur under the race rules: the player who reached one candidate first has already won")]
    Unreachable,
    /// Pools whose product does not fit the exact fractions (`n·m < 2^63`).
    #[error("pools {n} and {m} are too large: the probabilities are fractions over n·m, which must be below 2^63")]
    PoolsTooLarge {
        /// The player's pool.
        n: u64,
        /// The opponent's pool.
        m: u64,
    },
    /// A table that would not fit in memory.
    #[error("a table for pools up to {max} needs {} ({gib:.1} GiB), more than the limit of 8 GiB; choose a smaller size", bytes_text(*.bytes))]
    TooLarge {
        /// The requested largest pool.
        max: u64,
        /// The bytes it would need (`u128::MAX` when that does not fit in 128 bits).
        bytes: u128,
        /// The same in GiB (a lower bound when `bytes` is saturated).
        gib: f64,
    },
    /// The memory for a table could not be allocated.
    #[error(
        "could not allocate {bytes} bytes for the table: not enough memory; choose a smaller size"
    )]
    OutOfMemory {
        /// The bytes asked for.
        bytes: u128,
    },
    /// A job that would need more memory than the process can get (or than its limit).
    #[error("{0}; choose a smaller size")]
    Memory(duel_core::limits::TooLarge),
    /// A rule name that is not known.
    #[error("unknown rules {}: expected race, official or free-guess", quote(.0))]
    UnknownRules(String),
    /// A question kind that is not known.
    #[error("unknown question kind {}: expected 2 (yes/no) or 3 (three-way)", quote(.0))]
    UnknownQuestions(String),
    /// A question that does not split the pool.
    #[error("split {parts:?} is not a question at n = {n}: {why}")]
    BadSplit {
        /// The parts given.
        parts: Vec<u64>,
        /// The pool it should split.
        n: u64,
        /// What is wrong.
        why: String,
    },
    /// A guess where the rules forbid it.
    #[error("the race rules do not allow guessing")]
    GuessNotAllowed,
    /// A move that is neither `guess` nor comma-separated part sizes.
    #[error("move {} is neither 'guess' nor comma-separated part sizes like 8,16", quote(.0))]
    BadMove(String),
    /// A table with no closed form that would take more steps than allowed
    /// ([`crate::value::ValueQuery::max_steps`]).
    #[error(
        "P({n}, {m}) needs a table of about {steps:.0e} steps, roughly {} at {per_second:.0e} steps a second (no closed form for {rules} rules with {questions}-way questions); raise --max-steps (now {max_steps:.0e}) to run it",
        duration_words(*steps / STEPS_PER_SECOND),
        per_second = STEPS_PER_SECOND
    )]
    TooLong {
        /// Candidates of the player to move.
        n: u64,
        /// Candidates of the opponent.
        m: u64,
        /// The rule set.
        rules: Rules,
        /// The question kind.
        questions: Questions,
        /// The estimated steps of the table.
        steps: f64,
        /// The most steps allowed.
        max_steps: f64,
    },
    /// A move-by-move check too large for its O(n²) questions per position
    /// ([`crate::verify::verify_limit`]).
    #[error("the move-by-move check of {rules} rules with {questions}-way questions enumerates O(n²) questions per position: use --max {limit} or less")]
    CheckTooLarge {
        /// The rule set.
        rules: Rules,
        /// The question kind.
        questions: Questions,
        /// The largest pool asked for.
        max: u64,
        /// The largest pool allowed.
        limit: u64,
    },
    /// Theorem 1.6 as printed asked of rules other than official with three-way questions.
    #[error("--printed applies to Theorem 1.6: use it with --rules official --questions 3")]
    PrintedNeedsTripartite {
        /// The rule set asked for.
        rules: Rules,
        /// The question kind asked for.
        questions: Questions,
    },
    /// Figure 2 asked for a region smaller than its L shape.
    #[error("--max for --continuous is the extent of the L-shaped region: at least 3")]
    ContinuousExtent {
        /// The extent asked for.
        max: u64,
    },
    /// A plot that could not be drawn.
    #[error(transparent)]
    Plot(#[from] PlotError),
    /// A position outside a computed table.
    #[error("position ({n}, {m}) is outside the table (pools up to {max})")]
    OutsideTable {
        /// Candidates of the player to move.
        n: u64,
        /// Candidates of the opponent.
        m: u64,
        /// The largest pool of the table.
        max: u64,
    },
}

/// A duration in words, for [`GuessWhoError::TooLong`]: "a second", "40 seconds",
/// "3 minutes", "2.5 hours", "4 days".
fn duration_words(seconds: f64) -> String {
    if seconds < 1.5 {
        "a second".to_string()
    } else if seconds < 120.0 {
        format!("{seconds:.0} seconds")
    } else if seconds < 7200.0 {
        format!("{:.0} minutes", seconds / 60.0)
    } else if seconds < 172_800.0 {
        format!("{:.1} hours", seconds / 3600.0)
    } else {
        format!("{:.0} days", seconds / 86_400.0)
    }
}

/// A byte count of [`GuessWhoError::TooLarge`], saturated at `u128::MAX`.
fn bytes_text(bytes: u128) -> String {
    if bytes == u128::MAX {
        "more than 2^128 bytes".to_string()
    } else {
        format!("{bytes} bytes")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moves_parse_from_their_command_line_form() {
        assert_eq!("guess".parse(), Ok(Move::Guess));
        assert_eq!(" 8, 16".parse(), Ok(Move::Split(vec![8, 16])));
        assert_eq!("1,3,6".parse(), Ok(Move::Split(vec![1, 3, 6])));
        assert_eq!(
            "two".parse::<Move>().unwrap_err().to_string(),
            "move 'two' is neither 'guess' nor comma-separated part sizes like 8,16"
        );
    }

    #[test]
    fn durations_read_as_words() {
        assert_eq!(duration_words(1.0), "a second");
        assert_eq!(duration_words(40.0), "40 seconds");
        assert_eq!(duration_words(600.0), "10 minutes");
        assert_eq!(duration_words(9000.0), "2.5 hours");
        assert_eq!(duration_words(345_600.0), "4 days");
    }
}
