//! The bidding section of the report (quick mode): what matches and what differs.

use duel_report::bidding::report_section;
use duel_report::{ReportOptions, Status};

#[test]
fn quick_report_section() {
    let s = report_section(&ReportOptions {
        quick: true,
        ..Default::default()
    });
    assert!(
        !s.markdown.contains("stopped with an error"),
        "{}",
        s.markdown
    );
    let status = |item: &str| {
        s.checks
            .iter()
            .find(|c| c.item == item)
            .unwrap_or_else(|| panic!("no check '{item}'"))
            .status
    };
    // Theorem 6.1.
    assert_eq!(status("R(TTT)"), Status::Matches);
    assert_eq!(
        status("Figure 3 (center first): entries k = 0..255"),
        Status::Matches
    );
    // Figure 4: the known misprint at k = 155 and four more differences per period.
    let figure4: Vec<&str> = s
        .checks
        .iter()
        .filter(|c| c.item.starts_with("Figure 4 (corner first), k = "))
        .map(|c| c.computed.as_str())
        .collect();
    assert_eq!(figure4, ["30*", "64*", "83*", "99", "133"]);
    // Develin & Payne, Lemmas 3.1 and 3.2: the advantage never hurts and is worth less than a
    // chip, at every position and split the search covers.
    assert_eq!(
        status("the tie-breaking advantage never hurts: G(a, b*) won ⇒ G(a*, b) won"),
        Status::Matches
    );
    assert_eq!(
        status("a chip is worth more than the advantage: G(a*, b + 1) won ⇒ G(a + 1, b*) won"),
        Status::Matches
    );
    let matches = |item: &str| {
        let c = s.checks.iter().find(|c| c.item == item);
        let c = c.unwrap_or_else(|| panic!("no check '{item}'"));
        assert_eq!(
            c.status,
            Status::Matches,
            "{item}: {} ({})",
            c.computed,
            c.note
        );
    };
    // Develin & Payne, Proposition 3.4: the advantage used at every nonzero tie loses nothing.
    matches("Proposition 3.4: using the advantage at every nonzero tie loses nothing");
    // Develin & Payne, Example 6.2: the triple threat is B^3, a double threat beats A^2.
    matches("Example 6.2: Bob's triple threat .B./.B./BA. is equivalent to B^3, k ≤ 127");
    matches("Example 6.2: a double threat of Alice's strictly better than A^2, k ≤ 127");
    // Develin & Payne, Lemmas 6.5 and 6.6: where the center is not optimal (five chips),
    // Alice's first two moves are adjacent corners and Figure 2's moves are optimal.
    matches("Lemma 6.5: without the center, Alice's optimal first two moves are adjacent corners, k ≤ 127");
    matches("Lemma 6.6: the ten moves of Figure 2 optimal where the center is not, k ≤ 127");
    // Develin & Payne, Proposition 4.4: against Bob's stable moves only Alice wins G(3a*, 2a).
    matches("Proposition 4.4: G(3a*, 2a) not stable, G the choice of Tug^1 or Tug^n from -1");
    // Develin & Payne, Theorems 3.10 and 3.11: stable strategies beyond R(G) ± 1/16.
    matches("Theorem 3.10: Alice's stable winning strategy once a/(a + b) > R(G) + ε, ε = 1/16");
    matches("Theorem 3.11: Bob's stable strategy once a/(a + b) < R(G) − ε, ε = 1/16");
    // Develin & Payne, Proposition 6.4: the tree of Richman-optimal moves is optimal.
    matches(
        "Proposition 6.4: the Richman-optimal moves of Figure 1 optimal for every total, k ≤ 127",
    );
    // Develin & Payne, Examples 5.1 and 5.2: A ≤ G ≤ B, and the chain of sudden-death games.
    assert_eq!(
        status("A ≤ G ≤ B for every game of Example 5.2's chain, k ≤ 64"),
        Status::Matches
    );
    assert_eq!(
        status("A < A^4 < A^3 < A^2 < E < B^2 < B^3 < B^4 < B, A^1 ≡ B^1 ≡ E, k ≤ 64"),
        Status::Matches
    );
    // Section 4.1 orientation misprint and the appendix's Make-it Take-it recursion differ.
    assert_eq!(
        status("Richman value of Tug^4 at vertex 1"),
        Status::Differs
    );
    assert_eq!(
        status("Make-it Take-it recursion on A^2 with 2 chips"),
        Status::Differs
    );
    assert_eq!(status("table of position 1a'"), Status::Differs);
    // Theorem 3.13's M on the layered boards by dyadic integers = the least common
    // denominator on the explicit graphs (connect:3x3:3, connect:4x3:3, hex:3 in quick mode).
    assert_eq!(
        status(
            "M, m, m̄ of Theorem 3.13: dyadic dense tables = least common denominator on the graph"
        ),
        Status::Matches
    );
    assert!(s.markdown.contains("M = 512 (2^9), m = 263, m̄ = 249"));
    // Periods by periodic rows = all-totals tables and the graph's periodicity.
    assert_eq!(
        status("periodic rows = all-totals tables, graph periodicity, dense searches"),
        Status::Matches
    );
    assert!(s
        .markdown
        .contains("| connect:4x4:4 | 1261/2048 | 2^14 | 16384 | s = 10088 | 317 |"));
    let (_, differs, new) = s.tally();
    // Ten misprints, Example 3.6's first truncation (R(G[1]) = 1, not 1/2) and Lemma 6.3's
    // "must be a block" (a non-block that threatens is optimal too at 44 positions).
    assert_eq!(differs, 12);
    assert_eq!(
        status("Example 3.6: R(G) = 0 but R(G[n]) = 1/2 for every truncation"),
        Status::Differs
    );
    assert!(new >= 8);
    // Named positions are drawn: 1a is the board with Alice's mark in the center.
    assert!(s
        .markdown
        .contains("| 1a | 64, 23 | ![position 1a: 1 board(s)](bidding-ttt-position-1a.svg) |"));
    let board = |name: &str| s.figures.iter().find(|f| f.file_name == name).unwrap();
    let one_a = &board("bidding-ttt-position-1a.svg").svg;
    assert_eq!(one_a.matches("<path").count(), 1, "one cross");
    assert_eq!(one_a.matches("<circle").count(), 0, "no ring");
    assert!(s
        .figures
        .iter()
        .any(|f| f.file_name == "bidding-ttt-position-3a-prime.svg"));
    let first_moves = board("bidding-ttt-first-moves.svg");
    assert!(first_moves.svg.contains("<svg") && first_moves.svg.contains("133/256"));
}
