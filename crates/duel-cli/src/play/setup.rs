//! The options of `duel play guess-who`, `duel play liar` and `duel play bidding:GAME`: the
//! setup of a game of the papers (the other options of `duel play` are the search agents').

use duel::bidding::answer::parse_player;
use duel::bidding::brute::TieRule;
use duel::game::Player;

use crate::values::{chip_pair, ChipPair};

/// The setup of Guess Who, the liar game or a bidding game.
#[derive(clap::Args, Clone, Debug)]
pub struct Setup {
    /// Guess Who: your candidates at the start; liar: the numbers are 1 to N.
    #[arg(long)]
    pub n: Option<u64>,
    /// Guess Who: duel's candidates at the start [default: 24].
    #[arg(long)]
    pub m: Option<u64>,
    /// Guess Who: race, official or free-guess [default: official].
    #[arg(long)]
    pub rules: Option<String>,
    /// Guess Who: 2 (yes/no) or 3 (three-way questions) [default: 2]; liar as Paul: how many
    /// questions you may ask [default: the fewest with which Paul can win].
    #[arg(long)]
    pub questions: Option<u32>,
    /// Guess Who: your secret face, below --m [default: drawn by --seed].
    #[arg(long)]
    pub secret: Option<u32>,
    /// Liar: the most lies Carole may tell [default: 1].
    #[arg(long)]
    pub lies: Option<usize>,
    /// Liar: you are paul (you ask, duel answers as the worst adversary) or carole (you
    /// think of a number and answer, duel asks) [default: carole]; bidding: alice or bob
    /// [default: alice].
    #[arg(long)]
    pub role: Option<String>,
    /// Bidding: Alice's and Bob's chips, e.g. 4,4 [default: 4,4].
    #[arg(long, value_parser = chip_pair)]
    pub chips: Option<ChipPair>,
    /// Bidding: who holds the tie-breaking advantage (wins the first tie): alice or bob
    /// [default: alice].
    #[arg(long, value_parser = parse_player)]
    pub tie: Option<Player>,
    /// Bidding: the tie rule: advantage, make-it-take-it, losers-ball or ladies-first
    /// [default: advantage].
    #[arg(long, value_parser = TieRule::parse)]
    pub tie_break: Option<TieRule>,
}
