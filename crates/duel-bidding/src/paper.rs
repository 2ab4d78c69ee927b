//! The chip tables printed in Develin & Payne (Example 3.8, section 6.2, Figures 3 and 4),
//! extracted from the paper's text into `paper_tables.txt`, exactly as printed.

use duel_core::exact::Chips;

/// One printed chip table: `f(k + period) = f(k) + shift`, `values[j] = f(j)`.
#[derive(Clone, Debug)]
pub struct PaperTable {
    /// The paper's name for it (`figure3`, `3a`, `A^B:2`, …).
    pub name: String,
    /// The duel game it is the table of, or `None` for a Tic-Tac-Toe position the paper names
    /// in a figure that is not in the text (to be identified by computation).
    pub game: Option<String>,
    /// The period `d` in the total number of chips.
    pub period: u64,
    /// The shift of `f` per period.
    pub shift: u64,
    /// Where it is printed.
    pub source: String,
    /// `f(j)` for `j = 0..period`.
    pub values: Vec<Chips>,
}

impl PaperTable {
    /// The printed value of `f(k)` for any `k`.
    pub fn value(&self, k: u64) -> Chips {
        let base = self.values[(k % self.period) as usize];
        Chips::from_rank(base.rank() + 2 * (k / self.period) * self.shift)
    }
}

/// Every table of the paper, in the order printed.
pub fn tables() -> Vec<PaperTable> {
    include_str!("paper_tables.txt")
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .filter_map(|l| {
            let f: Vec<&str> = l.split(" | ").collect();
            if f.len() != 6 {
                return None;
            }
            Some(PaperTable {
                name: f[0].to_string(),
                game: (f[1] != "-").then(|| f[1].to_string()),
                period: f[2].parse().ok()?,
                shift: f[3].parse().ok()?,
                source: f[4].to_string(),
                values: f[5].split(' ').filter_map(|c| c.parse().ok()).collect(),
            })
        })
        .collect()
}

/// The table with the given name.
pub fn table(name: &str) -> Option<PaperTable> {
    tables().into_iter().find(|t| t.name == name)
}
