//! The liar report section (quick mode).

use duel_report::liar::report_section;
use duel_report::{ReportOptions, Status};

#[test]
fn quick_report_matches_the_papers_except_the_known_differences() {
    let s = report_section(&ReportOptions {
        quick: true,
        ..Default::default()
    });
    assert!(s.checks.len() >= 20);
    let differs: Vec<&str> = s
        .checks
        .iter()
        .filter(|c| c.status == Status::Differs)
        .map(|c| c.item.as_str())
        .collect();
    // The abstract's swapped winning conditions, the y′/y″ slip in the proof of Theorem 1, and
    // Lemma 1 at q = 0 (degenerate: the splitting question is not ≤ x there).
    assert_eq!(differs.len(), 3, "{differs:?}");
    assert!(differs.iter().any(|d| d.contains("Lemma 1 at q = 0")));
    assert!(differs
        .iter()
        .any(|d| d.contains("abstract") || d.contains("who wins")));
    // No source states the fewest questions for 4 and 8 lies: duel's values are new.
    for lies in ["4 lies", "8 lies"] {
        let items: Vec<_> = s.checks.iter().filter(|c| c.item.contains(lies)).collect();
        assert_eq!(items.len(), 2, "{lies}");
        assert!(items
            .iter()
            .all(|c| c.status == Status::New && c.published == "-"));
    }
    for c in &s.checks {
        if c.status == Status::Matches {
            assert_eq!(c.status, Status::of(!c.computed.starts_with("fails")));
        }
    }
    let pelc = s
        .checks
        .iter()
        .find(|c| c.source == "Pelc 1987")
        .expect("Pelc check");
    assert_eq!(pelc.computed, "25");
    assert!(s.json["tables"]["original"].is_array());
    let fig = &s.figures[0];
    assert!(fig.svg.starts_with("<svg") && fig.svg.contains("e = 2"));
    assert!(s
        .markdown
        .contains("| 4 | 36 | 36 | 36 | true | 37 | 37 | 37 | true |"));
}
