//! Why a bidding computation could not be done, as data (the numbers, the text given, the
//! [`Solver`] and its limit), printed as one sentence.
//!
//! - `mod.rs`: [`BiddingError`], every cause.
//! - `parts`: the causes that group several: a game name, a position, a game graph, a solver's
//!   limit.
//! - `text`: numbers as the messages write them.

mod parts;
mod text;

use num_bigint::BigInt;
use thiserror::Error;

use crate::tie_rule::TieRule;
use duel_core::exact::{ChipsError, Rational};
use duel_core::game::Outcome;
use duel_core::limits::Bytes;
use duel_core::text::quote;

#[cfg(test)]
pub(crate) use parts::BIDDING_NAMES;
pub use parts::{ChipsOutOfRange, GameNameError, ModelError, PositionError, Solver, TooMany};
pub(crate) use text::power_of_ten_text;
pub use text::{bound_text, count_text, megabytes_text, outcome_text};

/// Why a bidding computation could not be done.
#[derive(Debug, Error, PartialEq, Eq)]
pub enum BiddingError {
    /// The game name does not name a bidding game.
    #[error(transparent)]
    GameName(#[from] GameNameError),
    /// A position written as text is not a position of the game.
    #[error(transparent)]
    Position(#[from] PositionError),
    /// The game graph breaks the model.
    #[error(transparent)]
    Model(#[from] ModelError),
    /// A job that would pass one of a solver's limits on a count.
    #[error(transparent)]
    TooMany(#[from] TooMany),
    /// A total of chips beyond what a solver takes.
    #[error(transparent)]
    ChipsOutOfRange(#[from] ChipsOutOfRange),
    /// A table that would need more memory than its limit or than the machine has.
    #[error(transparent)]
    Memory(#[from] duel_core::limits::TooLarge),
    /// A table within its limit whose memory the system refused.
    #[error("{what} would need {}, which the system refused", Bytes(*.needed_bytes))]
    AllocationRefused {
        /// What would be allocated.
        what: String,
        /// The bytes it would need.
        needed_bytes: u128,
    },
    /// A chip count that [`Chips`](duel_core::exact::Chips) does not represent.
    #[error(transparent)]
    Chips(#[from] ChipsError),
    /// A computation stopped by its [`duel_core::cancel::Cancel`] (its deadline passed).
    #[error(transparent)]
    Cancelled(#[from] duel_core::cancel::Cancelled),
    /// A check the solvers' own arithmetic guarantees failed (a bug, not bad input).
    #[error("{what}")]
    Internal {
        /// What went wrong, in words.
        what: &'static str,
    },
    /// The tie-breaking rule is not one of those of section 5.
    #[error("unknown tie-break rule {}: expected advantage, make-it-take-it, losers-ball or ladies-first", quote(.0))]
    NotATieRule(String),
    /// Advice asked for at an end position.
    #[error("the position is an end position: there is nothing to bid for")]
    NothingToBidFor,
    /// Alice holds more chips than the total.
    #[error("Alice has {alice} chips but the total is {total}")]
    ChipsOverTotal {
        /// Alice's chips.
        alice: u64,
        /// The total.
        total: u64,
    },
    /// The tax of taxman bidding is outside `[0, 1]`.
    #[error("the tax must be between 0 and 1, got {0}")]
    TaxOutOfRange(Rational),
    /// Taxman values asked of a game with cycles.
    #[error("taxman values are computed for bounded games only")]
    TaxmanNeedsBoundedGame,
    /// A board with no cells or a line length of 0.
    #[error("board sizes and the line length must be positive")]
    EmptyBoard,
    /// A line longer than the board is wide and high.
    #[error("a line of {k} does not fit on a {width}×{height} board")]
    LineDoesNotFit {
        /// The line length.
        k: usize,
        /// The board's width.
        width: usize,
        /// The board's height.
        height: usize,
    },
    /// A board with more cells than positions are coded for.
    #[error("a {width}×{height} board has {cells} cells (at most {limit})")]
    BoardTooLarge {
        /// The board's width.
        width: usize,
        /// The board's height.
        height: usize,
        /// `width × height` (saturating).
        cells: usize,
        /// The most cells a board may have ([`crate::boards::MAX_CELLS`]).
        limit: usize,
    },
    /// A Hex board of size 0.
    #[error("the Hex board needs at least one cell")]
    EmptyHexBoard,
    /// A Hex board with more cells than positions are coded for.
    #[error("a {n}×{n} Hex board has {cells} cells (at most {limit})")]
    HexTooLarge {
        /// The side of the board.
        n: usize,
        /// `n × n`.
        cells: usize,
        /// The most cells a board may have ([`crate::boards::MAX_CELLS`]).
        limit: usize,
    },
    /// The dense Connect solver asked of a board without gravity.
    #[error("the dense solver is for boards with gravity")]
    DenseNeedsGravity,
    /// A Hex board with more positions than the dense solver's table holds.
    #[error("hex:{n} has {} boards, needing {} MB (limit {limit} boards)", bound_text(*.needed), megabytes_text(.needed.saturating_mul(4)))]
    DenseHexTooLarge {
        /// The side of the board.
        n: usize,
        /// The bound on its positions (`u128::MAX` when it does not fit, see [`count_text`]).
        needed: u128,
        /// The most positions the dense solver takes ([`crate::boards::DENSE_LIMIT`]).
        limit: u64,
    },
    /// A game whose explicit graph may have more positions than a graph is built with.
    #[error("{game} may need {} positions; the explicit graph is limited to {limit} positions (about {} MB)", bound_text(*.needed), .limit * 40 / 1_000_000)]
    GraphTooLarge {
        /// The game's name.
        game: String,
        /// The bound on its positions (`u128::MAX` when it does not fit, see [`count_text`]).
        needed: u128,
        /// The most positions of an explicit graph ([`crate::games::MAX_POSITIONS`]).
        limit: u64,
    },
    /// All totals `0..=max_k` over more position updates than allowed, estimated from the
    /// bound on the positions before enumerating them.
    #[error("f(k) for k = 0..{max_k} over about {positions} positions or more is more than {limit} position updates: ask for fewer totals")]
    WorkEstimateTooLarge {
        /// The largest total asked for.
        max_k: u64,
        /// A lower estimate of the positions (a quarter of their bound).
        positions: u128,
        /// The most position updates allowed ([`crate::allk::WORK_LIMIT`]).
        limit: u128,
    },
    /// All totals `0..=max_k` over more position updates than allowed.
    #[error("f(k) for k = 0..{max_k} over {positions} positions is {updates} position updates (limit {limit}): ask for fewer totals")]
    WorkTooLarge {
        /// The largest total asked for.
        max_k: u64,
        /// The positions of the game.
        positions: u64,
        /// `positions × (max_k + 1)`.
        updates: u128,
        /// The most position updates allowed ([`crate::allk::WORK_LIMIT`]).
        limit: u128,
    },
    /// Two layers of rows of 64 totals need more memory than the limit.
    #[error("f(k) for k = 0..{max_k} needs {} MB for two layers of rows per 64 totals ({positions} positions, widest layer {widest}, {value_bytes} bytes a value; limit {} MB)", .needed_bytes / 1_000_000, .limit_bytes / 1_000_000)]
    RowsTooLarge {
        /// The largest total asked for.
        max_k: u64,
        /// The positions of the game.
        positions: u64,
        /// The positions of its widest layer.
        widest: u64,
        /// Bytes a value of a row takes (2 or 4).
        value_bytes: u64,
        /// The bytes two layers of rows of 64 totals need.
        needed_bytes: u64,
        /// The memory allowed, in bytes.
        limit_bytes: u64,
    },
    /// The period bound `M` of Theorem 3.13 is larger than the tables it sizes may be.
    #[error("the period bound M = {bound} is larger than {limit}")]
    PeriodBoundTooLarge {
        /// `M`, the least common denominator of the Richman values.
        bound: BigInt,
        /// The largest `M` accepted ([`crate::periodicity::MAX_M`]).
        limit: u64,
    },
    /// A total whose threshold, extended by its period, is beyond the largest chip count.
    #[error("{total} chips is too large a total")]
    ThresholdBeyondChips {
        /// The total asked for.
        total: u64,
    },
    /// The Richman values are not exact, so Theorem 3.13 gives no period bound.
    #[error("the Richman values are not known exactly, so no period can be derived")]
    RichmanNotExact,
    /// No period of `f(G, k)` was verified over two periods within the totals computed.
    #[error("no period verified over two periods within k < {within}")]
    NoPeriodVerified {
        /// The totals computed.
        within: u64,
    },
    /// No period of a position's row was proved within the longest row allowed.
    #[error("no period of a position's row proved within {within} totals")]
    NoRowPeriod {
        /// The length of the longest row computed ([`crate::layered::ROW_LIMIT`]).
        within: u64,
    },
    /// A question for boards (Connect, Hex) asked of another game.
    #[error("{game} is not a board game")]
    NotABoardGame {
        /// The game's name.
        game: String,
    },
    /// A question for the small explicit games asked of another game.
    #[error("{game} is not a small game")]
    NotASmallGame {
        /// The game's name.
        game: String,
    },
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
        /// The largest total accepted ([`crate::discrete::MAX_TOTAL`]).
        limit: u64,
    },
    /// Alice's and Bob's chips are not written `A,B`.
    #[error("--chips must be two counts 'A,B' (Alice's, Bob's), got {}", quote(.0))]
    NotAChipPair(String),
    /// The holder of the tie-breaking advantage is neither `alice` nor `bob`.
    #[error("the holder of the tie-breaking advantage must be alice or bob, got {}", quote(.0))]
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
        /// The most positions the dense solver takes ([`crate::boards::DENSE_LIMIT`]).
        limit: u64,
    },
    /// The periodic-rows solver asked of a game that is not a board where every move adds a
    /// stone.
    #[error("'period' works on boards where every move adds a stone (tictactoe, connect:WxH:K, hex:N); for {0} use 'table', which verifies the period of any game")]
    NotALayeredBoard(String),
    /// A bid asked for at a finished position.
    #[error("the position is finished ({}): there is nothing to bid for", text::outcome_text(*.0))]
    Finished(Outcome),
    /// A session under Ladies First whose tie is not Alice's.
    #[error("under ladies-first Alice wins every tie: tie must be alice")]
    SessionLadiesFirstTie,
    /// A session under a rule decided by search on a game too large to search.
    #[error("{game} has {positions} positions: with {total} chips the {} rule's search would weigh more than {limit} bids (ask for fewer chips)", .rule.name())]
    SessionSearchTooLarge {
        /// The most bids the search may weigh ([`crate::session::SEARCH_SESSION_WORK`]).
        limit: u64,
        /// The game's name.
        game: String,
        /// The tie-breaking rule.
        rule: TieRule,
        /// The positions of its graph.
        positions: u64,
        /// The chips in all.
        total: u64,
    },
    /// A bid made while the user is to move.
    #[error("you won the bid (or were made to move): move before the next bid")]
    SessionMoveDue,
    /// A move made while a bid is due.
    #[error("it is time to bid, not to move")]
    SessionBidDue,
    /// Making the other player move without having won the bid.
    #[error("only the winner of the bid may make the other player move")]
    SessionCannotPass,
    /// A move request with neither a position nor a pass.
    #[error("give the position after your move, or pass")]
    SessionNoMove,
    /// A move to a position that is not one of the user's moves.
    #[error("{} is not a move from {}", quote(.to), quote(.position))]
    SessionIllegalMove {
        /// The position.
        position: String,
        /// The position asked for.
        to: String,
    },
    /// The session's user is not the player to move.
    #[error("to_move must be the user ({0})")]
    SessionNotUser(String),
    /// A bid above the bidder's chips.
    #[error("a bid of {bid} is more than your {chips} chips")]
    BidOverChips {
        /// The bid.
        bid: u64,
        /// The bidder's chips.
        chips: u64,
    },
}
