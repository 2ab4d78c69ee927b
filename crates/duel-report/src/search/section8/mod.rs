//! Section 8 of Delattre & Fournier: the experiments. The families of sections 8.4–8.10
//! (the report's section "families"), the championships of section 8.3 that fit MCTS, and
//! the leaves of section 8.11, with the paper's printed tables they are compared with.
//!
//! - `paper.rs`: the paper's tables of sections 8.4–8.10, transcribed once.
//! - `cells.rs`: a cell of the families' tables: opponent, kind of budget, games summed.
//! - `families.rs`: the families played now, and their section of the report.
//! - `records.rs`: the families' tables read back from arena records instead.
//! - `conclusions.rs`: the paper's conclusions (section 8.12) checked on the cells.
//! - `gap.rs`: why section 8.6's scores differ, with its extra tripled cell.
//! - `championship.rs`: section 8.3, MCTS's parameters fitted by a championship, and the
//!   referee.
//! - `fits.rs`: championships judged against the paper's fitted players, every family.
//! - `rematch.rs`: the families against duel's own fits.
//! - `paper_clock.rs`: the families under the paper's protocol, read from the data set.
//! - `differing.rs`: what the data set shows of why a cell differs from the paper's table.
//! - `paper_fits.rs`: section 8.3's championships under the paper's clock, from their data set.
//! - `protocol.rs`: the paper's protocol: its clock, its MCTS, each cell played until decided.
//! - `roots.rs`: section 8.5's games counted by who wins their tree with perfect play.
//! - `won_starts.rs`: section 8.5's claims on those counts.
//! - `variants.rs`: section 8.2's trials of GW, GW2 and other a and b, from their data set.
//! - `leaves.rs`: section 8.11 and Remark 27, the leaves SymP needs, and its figures.

pub mod cells;
pub mod championship;
pub mod conclusions;
pub mod differing;
pub mod families;
pub mod fits;
pub mod gap;
pub(crate) mod leaves;
pub mod paper;
pub mod paper_clock;
pub mod paper_fits;
pub mod protocol;
pub mod records;
pub mod rematch;
pub mod roots;
pub mod variants;
pub mod won_starts;

pub use families::report_section;
