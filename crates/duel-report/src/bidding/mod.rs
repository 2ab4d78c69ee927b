//! The bidding section of the reproduction report: every published value of Develin & Payne
//! next to the computed one, and the new results (Connect, Hex, poorman and taxman). Each
//! published item is one function named after it; the section calls them in order.
//!
//! - `sample_game.rs`: section 1.1, the sample game replayed and Bob's mistake found.
//! - `richman.rs`: section 2 and the introduction: Richman values against random-turn play.
//! - `tie_advantage.rs`: section 3.1: Lemmas 3.1 and 3.2, the value of the tie-breaking
//!   advantage.
//! - `tie_use.rs`: section 3.2: Proposition 3.4, using the advantage at nonzero ties.
//! - `discrete.rs`: section 3: Examples 3.3, 3.5 and 3.8, the bids of Theorem 3.7's proof and
//!   the theorem in a zugzwang.
//! - `tug_ultimatum.rs`: section 4: Tug o' War and Ultimatum (section 4.1, Propositions
//!   4.1–4.8).
//! - `order.rs`: section 5: the partial order on games (Examples 5.1 and 5.2).
//! - `wedge.rs`: section 5: the Tic-Tac-Toe positions equivalent to its games (Example 5.3).
//! - `tictactoe.rs`: section 6: Theorems 6.1 and 6.7, Figures 3 and 4, every chip table of
//!   section 6.2 and the positions they name.
//! - `part.rs`: how an item is written: its source and words, what it gives, the section
//!   adding them up.
//! - `solve.rs`: the games solved by name: graphs, threshold tables, who wins.
//! - `counterattacks.rs`: Lemma 6.3, counterattacks and blocks at every position.
//! - `threats.rs`: Example 6.2, triple and double threats against B³ and A².
//! - `stable_tree.rs`: Proposition 6.4, the tree of Richman-optimal moves (Figure 1).
//! - `five_chips.rs`: Lemmas 6.5 and 6.6, the optimal moves where the center is not.
//! - `chart.rs`: the figure of the chips Alice needs for each first move.
//! - `truncations.rs`: Example 3.6, a game won by Alice whose truncations are even, and
//!   Theorems 3.10–3.12, stability from a large total.
//! - `tie_breaks.rs`: the appendix: Make-it Take-it, Loser's Ball and Ladies First.
//! - `beyond.rs`: the new results: the boards' Richman values and tables, poorman and taxman.
//! - `all_totals.rs`: the boards' discrete tables for every total at once.
//! - `periodic_rows.rs`: the boards' periods by periodic rows.

mod all_totals;
mod beyond;
mod chart;
mod counterattacks;
mod discrete;
mod five_chips;
mod order;
mod part;
mod periodic_rows;
mod richman;
mod sample_game;
mod solve;
mod stable_tree;
mod threats;
mod tictactoe;
mod tie_advantage;
mod tie_breaks;
mod tie_use;
mod truncations;
mod tug_ultimatum;
mod wedge;

use std::fmt::Write as _;

use crate::{ReportOptions, Section};
use duel_bidding::ttt::{FirstMoves, TttAnalysis};
use duel_bidding::BiddingError;
use part::Built;
use solve::graph;

/// The report section of this domain.
pub fn report_section(opts: &ReportOptions) -> Section {
    let mut b = Built {
        section: Section::new("bidding", "Richman and discrete bidding games"),
        md: String::new(),
        data: serde_json::Map::new(),
    };
    if let Err(e) = build(opts, &mut b) {
        let _ = writeln!(b.md, "\n**The section stopped with an error:** {e}\n");
    }
    let mut s = b.section;
    s.markdown = b.md;
    s.json = serde_json::Value::Object(b.data);
    s
}

/// The items in the report's order: section 6 first, then the examples of sections 3 and 4
/// and the appendix, then the new results.
fn build(opts: &ReportOptions, b: &mut Built) -> Result<(), BiddingError> {
    let span: u64 = if opts.quick { 1 } else { 2 };
    let ttt = graph("tictactoe")?;
    b.checks(tictactoe::theorem_6_1(&ttt)?);
    b.checks(tictactoe::forced_first_moves()?);
    let max_k = 256 * span - 1;
    let fm = FirstMoves::new(max_k)?;
    b.part(tictactoe::figure_3(opts, &fm, max_k)?);
    b.part(tictactoe::figure_4(opts, &fm, max_k)?);
    b.part(chart::first_moves(&fm));
    b.checks(tictactoe::theorem_6_7(&fm, max_k));
    b.checks(tictactoe::figure_3_period(&ttt)?);
    b.checks(vec![counterattacks::lemma_6_3(opts.quick)?]);
    crate::step("Theorem 6.1, Figures 3 and 4");
    b.checks(tictactoe::section_6_2_tables()?);
    let analysis = TttAnalysis::new(if opts.quick { 127 } else { 255 })?;
    b.part(tictactoe::named_positions(&analysis)?);
    b.part(wedge::example_5_3(&analysis)?);
    b.checks(threats::example_6_2(&analysis)?);
    b.checks(vec![stable_tree::proposition_6_4(&analysis)?]);
    b.checks(five_chips::lemmas_6_5_6_6(&analysis)?);
    crate::step("named Tic-Tac-Toe positions");
    examples(opts, b)?;
    crate::step("examples");
    new_results(opts, b)
}

/// The examples and propositions of sections 3 and 4, and the appendix.
fn examples(opts: &ReportOptions, b: &mut Built) -> Result<(), BiddingError> {
    b.checks(tie_advantage::lemmas_3_1_3_2(opts)?);
    b.checks(vec![tie_use::proposition_3_4(opts)?]);
    b.checks(discrete::example_3_3()?);
    b.checks(discrete::example_3_5()?);
    b.checks(vec![truncations::example_3_6_item()?]);
    b.checks(truncations::theorems_3_10_3_11(opts.quick)?);
    b.checks(vec![truncations::theorem_3_12(opts.quick)?]);
    b.checks(tug_ultimatum::section_4_1()?);
    b.checks(tug_ultimatum::proposition_4_1()?);
    b.checks(tug_ultimatum::proposition_4_3()?);
    b.checks(tug_ultimatum::proposition_4_4()?);
    b.checks(tug_ultimatum::propositions_4_5_4_6(opts)?);
    b.checks(tug_ultimatum::proposition_4_8(opts)?);
    b.checks(order::examples_5_1_5_2(opts)?);
    b.checks(discrete::theorem_3_7_proof(opts)?);
    b.checks(discrete::theorem_3_7_zugzwang()?);
    b.checks(tie_breaks::make_it_take_it()?);
    b.checks(tie_breaks::losers_ball()?);
    b.checks(tie_breaks::ladies_first()?);
    Ok(())
}

/// Beyond the paper: Example 3.8's tables, random-turn play, the boards, poorman and taxman.
fn new_results(opts: &ReportOptions, b: &mut Built) -> Result<(), BiddingError> {
    let _ = writeln!(b.md, "### New results\n");
    b.checks(discrete::example_3_8()?);
    b.checks(richman::random_turn_play()?);
    b.checks(richman::exchanged_roles()?);
    b.checks(vec![sample_game::section_1_1()?]);
    b.part(beyond::boards()?);
    let (part, tables) = all_totals::all_totals_tables(opts)?;
    b.part(part);
    crate::step("all-totals tables");
    b.part(periodic_rows::periodic_rows_tables(opts, &tables)?);
    crate::step("periodic rows");
    b.checks(beyond::taxman()?);
    crate::step("poorman and taxman");
    Ok(())
}
