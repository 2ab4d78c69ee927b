//! The Guess Who report section in quick mode: every published item present, with the
//! status the computation supports.

use duel_report::guesswho::report_section;
use duel_report::{ReportOptions, Status};

#[test]
fn quick_report_section() {
    let s = report_section(&ReportOptions {
        quick: true,
        ..Default::default()
    });
    let status = |needle: &str| {
        s.checks
            .iter()
            .find(|c| c.item.contains(needle))
            .unwrap_or_else(|| panic!("no check '{needle}'"))
            .status
    };
    // Nica, Theorem 1.1 and Remark 3.10 hold; Cushing et al., Lemma 1.5 values match.
    assert_eq!(status("Theorem 1.1: p* ="), Status::Matches);
    assert_eq!(status("Remark 3.10"), Status::Matches);
    assert_eq!(status("Lemma 3.7"), Status::Matches);
    assert_eq!(status("P(4,4), official"), Status::Matches);
    assert_eq!(status("P(10,4), official"), Status::Matches);
    assert_eq!(status("Theorem 1.1: S(n, m)"), Status::Matches);
    // Cushing et al., Theorem 1.6 as printed is misprinted; the correction holds (new).
    assert_eq!(status("Theorem 1.6 as printed"), Status::Differs);
    assert_eq!(status("Theorem 1.6 corrected"), Status::New);
    assert_eq!(status("P(3,[1:n−1])"), Status::Differs);
    assert_eq!(status("strictly < ⌊n/2⌋"), Status::Differs);
    assert_eq!(s.figures.len(), 4);
    assert!(s.figures.iter().all(|f| f.svg.starts_with("<svg")));
    // The classic starting positions, exact: race 24 vs 24 is 91/144 (Nica eq. 1.2).
    assert!(s.markdown.contains("| race | 2 | (24, 24) | 91/144 |"));
    assert!(s.markdown.contains("| official | 2 | (24, 24) | 5/9 |"));
    assert_eq!(s.json["classic_positions"].as_array().unwrap().len(), 36);
}
