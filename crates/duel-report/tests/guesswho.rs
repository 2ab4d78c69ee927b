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
    // Cushing et al., section 1: P(1, m) = 1, P(n, 1) = 1/n, P(2, m) = (m − 1)/m.
    assert_eq!(status("P(1, m) = 1, P(n, 1) = 1/n"), Status::Matches);
    // Cushing et al., after Theorem 1.1: n_< = 1, 2, 2, 2, 3, 4, 4, 4 for n = 3..10.
    assert_eq!(status("n_< for n = 3..10"), Status::Matches);
    assert_eq!(status("n_< + n_> = n"), Status::Matches);
    // Cushing et al., Lemma 1.2, Table 1: the row for k = 2 and n ≡ 0, 2 mod 4 fails at
    // n ≡ 2 ((6 − 2)_< = 2 where n_< − k_< − 1 = 0); the eight other rows hold.
    let row = s
        .checks
        .iter()
        .find(|c| c.item.starts_with("Lemma 1.2, Table 1, row"))
        .expect("the failing row of Table 1");
    assert_eq!(row.status, Status::Differs);
    assert!(row.item.contains("n ≡ 0, 2, k = 2"), "{}", row.item);
    assert!(
        row.computed
            .contains("all with n ≡ 2 mod 4, from (n, k) = (6, 2): n_< − k_< + 1, n_> − k_> − 1"),
        "{}",
        row.computed
    );
    assert_eq!(
        s.checks
            .iter()
            .filter(|c| c.item.starts_with("Lemma 1.2, Table 1, row"))
            .count(),
        1
    );
    // Cushing et al., introduction: three-way questions improve the chances (24 faces).
    let three = s
        .checks
        .iter()
        .find(|c| c.item.starts_with("three-way questions improve"))
        .expect("the introduction's claim");
    assert_eq!(three.status, Status::Matches);
    assert!(
        three.computed.starts_with("P(24, 24) = 5/9 "),
        "{}",
        three.computed
    );
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
