//! How tied bids are broken: the section 2.3 advantage and the rules of the appendix. A leaf
//! module, so that the errors can name a rule without depending on the search.

use serde::Serialize;

/// How tied bids are broken.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum TieRule {
    /// Section 2.3: the holder of the tie-breaking advantage either wins the tie and hands the
    /// advantage over, or lets the other player win and keeps it.
    Advantage,
    /// Appendix: the winner of a bid wins the ties of the next bid.
    MakeItTakeIt,
    /// Appendix: the loser of a bid wins the ties of the next bid.
    LosersBall,
    /// Appendix: Alice wins every tie. The search reads it as "the holder wins every tie and
    /// keeps the advantage", so that on a graph with the players' roles swapped
    /// ([`crate::graph::GameGraph::swapped`]) Alice's ties are those of the holder `Bob`.
    LadiesFirst,
}

impl TieRule {
    /// The rule's name on the command line.
    pub fn name(self) -> &'static str {
        match self {
            TieRule::Advantage => "advantage",
            TieRule::MakeItTakeIt => "make-it-take-it",
            TieRule::LosersBall => "losers-ball",
            TieRule::LadiesFirst => "ladies-first",
        }
    }
}
