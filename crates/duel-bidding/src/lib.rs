//! Richman and discrete bidding games (Develin & Payne, *Discrete bidding games*, 2010).
//!
//! - [`graph`]: the game model (a coloured directed graph) and the [`graph::BiddingGame`]
//!   trait from which graphs are built.
//! - [`richman`]: the classical Richman calculus, exact; random-turn values.
//! - [`discrete`]: the discrete Richman calculus (Theorem 3.7) and Make-it Take-it.
//! - [`allk`]: Theorem 3.7 for every total at once, layer by layer (large boards).
//! - [`brute`]: direct game search with explicit bids under every tie-breaking rule.
//! - [`periodicity`]: Theorems 3.13 and 3.14: `f(G, k)` for any `k` from a finite table.
//! - [`realvalued`]: poorman and taxman bidding (real-valued, exact rationals).
//! - [`boards`], [`games`]: Tic-Tac-Toe, Connect-K, Hex, Tug o' War, Ultimatum, A^n, B^n, E,
//!   wedge sums, and their names.
//! - [`answer`]: one function per question a front end asks (`duel bidding richman`,
//!   `threshold`, `table`, `period`, `moves`, `taxman`), each choosing the solver and returning
//!   a serializable answer.
//!
//! ```
//! use duel_bidding::games::parse_game;
//! use duel_bidding::richman::Richman;
//!
//! // Develin & Payne, section 6: the Richman value of Tic-Tac-Toe is 133/256.
//! let built = parse_game("tictactoe")?.build()?;
//! let r = Richman::solve(&built.graph)?;
//! assert_eq!(r.value(built.graph.start()).to_string(), "133/256");
//! # Ok::<(), duel_bidding::BiddingError>(())
//! ```

#![warn(missing_docs)]

pub mod allk;
pub mod answer;
pub mod boards;
pub mod brute;
pub mod discrete;
pub mod games;
pub mod graph;
pub mod layered;
mod memory;
pub mod paper;
pub mod periodicity;
pub mod realvalued;
pub mod richman;
pub mod ttt;

use thiserror::Error;

use brute::TieRule;
use duel_core::game::Outcome;
use duel_core::text::quote;

/// Why a bidding computation could not be done.
#[derive(Debug, Error, PartialEq, Eq)]
pub enum BiddingError {
    /// The game name is not one duel knows.
    #[error("{0}")]
    UnknownGame(String),
    /// A number or option is out of range.
    #[error("{0}")]
    Input(String),
    /// A position string is not a position of the game.
    #[error("{0}")]
    Position(String),
    /// The computation would need too much memory or time.
    #[error("{0}")]
    TooLarge(String),
    /// The game graph breaks the model (a non-terminal vertex without moves, …).
    #[error("{0}")]
    Model(String),
    /// A count given as text (`what` names it) is not a non-negative integer.
    #[error("{what} must be a non-negative integer, got {}", quote(.text))]
    NotACount {
        /// What the count is, e.g. `--chips`.
        what: String,
        /// The text given.
        text: String,
    },
    /// A count given as text has more digits than 64 bits hold.
    #[error("{what} {} is too large", quote(.text))]
    CountOverflow {
        /// What the count is.
        what: String,
        /// The text given.
        text: String,
    },
    /// A total of chips beyond what the calculus represents.
    #[error("{what} {total} is too large (at most {limit})")]
    TotalTooLarge {
        /// What the total is.
        what: String,
        /// The total asked for.
        total: u64,
        /// The largest total accepted ([`discrete::MAX_TOTAL`]).
        limit: u64,
    },
    /// Alice's and Bob's chips are not written `A,B`.
    #[error("--chips must be two counts 'A,B' (Alice's, Bob's), got {}", quote(.0))]
    NotAChipPair(String),
    /// The holder of the tie-breaking advantage is neither `alice` nor `bob`.
    #[error("--tie must be alice or bob, got {}", quote(.0))]
    NotAPlayer(String),
    /// The tax of taxman bidding is not a fraction.
    #[error("--tax must be a fraction like 1, 0 or 1/2, got {}", quote(.0))]
    NotATax(String),
    /// Under this tie-breaking rule chip counts are not totally ordered (Loser's Ball), so no
    /// threshold exists.
    #[error("with {} tie-breaking chip counts are not totally ordered, so there is no threshold: use 'duel bidding moves' to decide positions", .0.name())]
    NoThreshold(TieRule),
    /// A Ladies First threshold (decided by search) for a total beyond the search's limit.
    #[error("ladies-first is decided by search, for totals up to {limit}")]
    LadiesFirstTooLarge {
        /// The total asked for.
        total: u64,
        /// The largest total searched.
        limit: u64,
    },
    /// A position under a rule decided by search, with more chips than the search takes.
    #[error("the {} rule is decided by search, for totals up to {limit}", .rule.name())]
    SearchTooLarge {
        /// The tie-breaking rule.
        rule: TieRule,
        /// The total asked for.
        total: u64,
        /// The largest total searched.
        limit: u64,
    },
    /// A Make-it Take-it threshold of a game with cycles beyond the totals its iteration takes.
    #[error("for games with cycles, make-it-take-it thresholds are computed up to {limit} chips")]
    CyclicMakeItTakeIt {
        /// The total asked for.
        total: u64,
        /// The largest total computed.
        limit: u64,
    },
    /// A table with more rows than a table may have.
    #[error("--max-chips is limited to {limit} rows (use 'threshold' for a single large total)")]
    TooManyRows {
        /// The largest total asked for.
        max_chips: u64,
        /// The largest `max_chips` accepted.
        limit: u64,
    },
    /// A table whose totals × positions exceed the work allowed.
    #[error("a table of {totals} totals over {positions} positions needs about {updates} position updates (limit {}): ask for fewer totals", power_of_ten_text(*.limit))]
    TableTooLarge {
        /// Rows asked for.
        totals: u64,
        /// Positions of the game's graph.
        positions: u64,
        /// `totals × positions` (saturating).
        updates: u64,
        /// The most position updates allowed.
        limit: u64,
    },
    /// More chips in play than the bid advisor takes.
    #[error("at most {limit} chips in all for 'moves'")]
    TooManyChips {
        /// Alice's chips.
        alice: u64,
        /// Bob's chips.
        bob: u64,
        /// The largest total accepted.
        limit: u64,
    },
    /// A board too large for the dense Richman solver (4 bytes a position).
    #[error("{game} may need {} positions ({} bytes at 4 bytes each); the dense solver is limited to {limit} positions", bound_text(*.needed), count_text(.needed.saturating_mul(4)))]
    DenseTooLarge {
        /// The game's name.
        game: String,
        /// The bound on its positions (`u128::MAX` when it does not fit, see [`count_text`]).
        needed: u128,
        /// The most positions the dense solver takes ([`boards::DENSE_LIMIT`]).
        limit: u64,
    },
    /// The periodic-rows solver asked of a game that is not a board where every move adds a
    /// stone.
    #[error("'period' works on boards where every move adds a stone (tictactoe, connect:WxH:K, hex:N); for {0} use 'table', which verifies the period of any game")]
    NotALayeredBoard(String),
    /// A bid asked for at a finished position.
    #[error("the position is finished ({}): there is nothing to bid for", graph::outcome_text(*.0))]
    Finished(Outcome),
}

/// `n` as `a·10^e` (e.g. `2·10^10`) where it ends in at least three zeros, else its digits.
fn power_of_ten_text(n: u64) -> String {
    let mut e = 0;
    let mut a = n;
    while a != 0 && a % 10 == 0 {
        a /= 10;
        e += 1;
    }
    if e < 3 {
        n.to_string()
    } else {
        format!("{a}·10^{e}")
    }
}

/// A count for messages: its digits, or "more than 10^38" where it saturated at `u128::MAX`
/// (the bounds on positions and bytes saturate rather than overflow, so `u128::MAX` stands for
/// a count too large for 128 bits, and printing its digits would claim an exact figure).
pub fn count_text(count: u128) -> String {
    if count == u128::MAX {
        "more than 10^38".to_string()
    } else {
        count.to_string()
    }
}

/// An upper bound for messages: "up to N", or "more than 10^38" where it saturated (see
/// [`count_text`]).
pub fn bound_text(bound: u128) -> String {
    if bound == u128::MAX {
        count_text(bound)
    } else {
        format!("up to {bound}")
    }
}

/// A number of bytes in whole megabytes (10^6) for messages, honest where it saturated (see
/// [`count_text`]).
pub fn megabytes_text(bytes: u128) -> String {
    if bytes == u128::MAX {
        "more than 10^32".to_string()
    } else {
        (bytes / 1_000_000).to_string()
    }
}

/// A float approximation of an exact value, for display next to the fraction.
pub fn approx(value: &duel_core::exact::Rational) -> f64 {
    num_traits::ToPrimitive::to_f64(value).unwrap_or(f64::NAN)
}
