//! The arguments of `duel play`: the game, the agent and its budget, the person's side, and
//! the setup of the papers' games.

use serde::Serialize;

use super::setup::Setup;

/// Arguments of `duel play`.
#[derive(clap::Args)]
pub struct Args {
    /// The game, e.g. `tictactoe`, `connect:7x6:4` or `pearl:2:8`; or `guess-who`, `liar` or
    /// `bidding:GAME` (e.g. `bidding:tictactoe`, `bidding:tug:3`) with the setup options below.
    pub game: String,
    /// The agent: auto (exact where the solver finishes within half the budget, MCTS
    /// elsewhere), solver (exact only), mcts, mcts-prime, uct, sym, symp, gw, gw2, with
    /// parameters, e.g. `mcts:a=3.5,b=5`.
    #[arg(long, default_value = "auto")]
    pub agent: String,
    /// Iterations for each of the agent's moves (positions for the solver; at most
    /// 1000000000).
    #[arg(long, conflicts_with = "millis")]
    pub iterations: Option<u64>,
    /// Milliseconds for each of the agent's moves (at most 600000) [default: 1000, when
    /// --iterations is not given].
    #[arg(long)]
    pub millis: Option<u64>,
    /// Seed of the agent's random choices.
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// Who you are: `first` (you move first from the position), `second` (the agent moves
    /// first) or `none` (the agent plays both sides).
    #[arg(long, value_enum, default_value_t = Human::First)]
    pub human: Human,
    /// Moves played before the game starts, in the game's notation (`4453` for Connect-K).
    #[arg(long, default_value = "", allow_hyphen_values = true)]
    pub position: String,
    /// No board or prompts: one JSON document on stdout at the end.
    #[arg(long)]
    pub json: bool,
    #[command(flatten)]
    pub setup: Setup,
}

/// Which side the person plays, counted from the position where play starts.
#[derive(Clone, Copy, PartialEq, Eq, clap::ValueEnum, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Human {
    /// The person moves first.
    First,
    /// The agent moves first.
    Second,
    /// The agent plays both sides.
    #[value(name = "none")]
    #[serde(rename = "none")]
    Nobody,
}
