//! The ledgers' counts in a report of some sections: the statements whose items belong to the
//! sections left out are counted apart. (The ledgers against the whole quick report are
//! checked in `presentation.rs`, which builds it once.)

use duel_report::{build, ReportOptions};

#[test]
fn a_section_left_out_leaves_its_statements_absent() {
    let report = build(
        &ReportOptions {
            quick: true,
            ..ReportOptions::default()
        },
        &["liar".to_string()],
    )
    .expect("the liar section");
    let counts = report.paper_counts();
    let ellis = &counts[2];
    assert_eq!(ellis.paper, "Ellis, Ponomarenko & Yan");
    assert!(ellis.checked > 0 && ellis.absent == 0, "{ellis:?}");
    let nica = &counts[0];
    assert_eq!(nica.checked, 0);
    assert!(nica.absent > 0);
}
