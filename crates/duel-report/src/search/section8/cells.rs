//! The cells of the families' tables: which opponent, which kind of budget, and a cell's
//! games summed (played now or read back from records).

use super::paper::{fitted, paper_score, PaperCell, PaperFamily, Wld, FAMILIES};
use duel_search::agent::Budget;
use duel_search::arena::{GameRecord, Summary};

/// Which MCTS a cell plays against (serialised as its agent's name, `mcts` or `mcts-prime`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Opponent {
    /// Algorithm 31.
    Mcts,
    /// Algorithm 30.
    Prime,
}

impl Opponent {
    /// Both, in the paper's order.
    pub const BOTH: [Opponent; 2] = [Opponent::Mcts, Opponent::Prime];

    /// The agent's name, as specs and commands write it.
    pub fn name(self) -> &'static str {
        match self {
            Opponent::Mcts => "mcts",
            Opponent::Prime => "mcts-prime",
        }
    }

    /// The agent's spec at `cell` of `family`, with the parameters of [`fitted`].
    pub fn spec(self, family: &PaperFamily, cell: &PaperCell) -> String {
        let (mcts, prime, _) = fitted(family, cell);
        match self {
            Opponent::Mcts => format!("mcts:a={},b={}", mcts.0, mcts.1),
            Opponent::Prime => format!("mcts-prime:a={},b={}", prime.0, prime.1),
        }
    }

    /// The paper's tallies against this opponent.
    fn paper(self, cell: &PaperCell) -> [Wld; 2] {
        match self {
            Opponent::Mcts => cell.vs_mcts,
            Opponent::Prime => cell.vs_prime,
        }
    }

    /// The paper's mean iterations at the first move: this opponent's, then the paper's
    /// agent's (0: not printed).
    pub fn paper_iterations(self, cell: &PaperCell) -> [u64; 2] {
        match self {
            Opponent::Mcts => [cell.iterations[0], cell.iterations[2]],
            Opponent::Prime => [cell.iterations[1], cell.iterations[2]],
        }
    }
}

impl std::fmt::Display for Opponent {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

impl serde::Serialize for Opponent {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.name())
    }
}

/// How a cell's budget per move is given.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum BudgetKind {
    /// Each agent gets, on every move, the paper's mean iterations at its first move.
    Iterations,
    /// Each agent gets the paper's time per move.
    Millis,
    /// Each agent gets the paper's time per move on the paper-equivalent clock: work units
    /// calibrated on its first move ([`super::protocol`]).
    Paper,
}

impl BudgetKind {
    /// The kind's name, as the JSON and the records' file names write it.
    pub fn name(self) -> &'static str {
        match self {
            BudgetKind::Iterations => "iterations",
            BudgetKind::Millis => "millis",
            BudgetKind::Paper => "paper-clock",
        }
    }

    /// The budgets of the paper's agent and of `opponent` at `cell` (`None`: the paper
    /// printed no iteration count there).
    pub fn budgets(self, cell: &PaperCell, opponent: Opponent) -> Option<[Budget; 2]> {
        match self {
            BudgetKind::Millis => Some([Budget::Millis(cell.millis); 2]),
            // Calibrated per cell: the data set holds its units.
            BudgetKind::Paper => None,
            BudgetKind::Iterations => {
                let [theirs, ours] = opponent.paper_iterations(cell);
                (ours > 0 && theirs > 0)
                    .then_some([Budget::Iterations(ours), Budget::Iterations(theirs)])
            }
        }
    }
}

/// One cell played (or read back from records): its place in the tables and its summary
/// (agent A is the paper's agent).
#[derive(Clone, Debug)]
pub struct Played {
    /// Index in [`FAMILIES`].
    pub family: usize,
    /// Index in the family's cells.
    pub cell: usize,
    /// The opponent.
    pub opponent: Opponent,
    /// The budget's kind.
    pub kind: BudgetKind,
    /// The games.
    pub summary: Summary,
    /// Mean iterations of A (`[0]`) and B (`[1]`) at their own moves 1, 2, 3, ... (over the
    /// games that reached them).
    pub profile: [Vec<f64>; 2],
}

impl Played {
    /// The family and the cell.
    pub fn place(&self) -> (&'static PaperFamily, &'static PaperCell) {
        let f = &FAMILIES[self.family];
        (f, &f.cells[self.cell])
    }

    /// The paper's score of the paper's agent in this cell.
    pub fn paper_score(&self) -> f64 {
        paper_score(self.opponent.paper(self.place().1))
    }

    /// Whether the paper's score lies in duel's 95 % interval.
    pub fn agrees(&self) -> bool {
        let [lo, hi] = self.summary.a_score_ci95;
        (lo..=hi).contains(&self.paper_score())
    }
}

/// Mean iterations of A and B at their own moves 1, 2, 3, ... in `records`.
pub fn profile(records: &[GameRecord]) -> [Vec<f64>; 2] {
    [false, true].map(|b| {
        let mut sums: Vec<(u64, u64)> = Vec::new();
        for r in records {
            for (k, n) in r.agent_iterations(b).enumerate() {
                if sums.len() <= k {
                    sums.resize(k + 1, (0, 0));
                }
                sums[k].0 = sums[k].0.saturating_add(n);
                sums[k].1 += 1;
            }
        }
        sums.iter().map(|&(s, c)| s as f64 / c as f64).collect()
    })
}
