//! Building the report: every section reports the steps it declares, and the comparison of a
//! report with itself finds nothing while one edited value is found.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use duel_report::build::{steps_of, STEPS};
use duel_report::check::{compare_values, Folder};
use duel_report::{build, build_with, Progress, ReportOptions, SECTIONS};

#[derive(Default)]
struct Count {
    started: Mutex<HashMap<String, u64>>,
    steps: Mutex<HashMap<String, u64>>,
    finished: Mutex<Vec<String>>,
}

impl Progress for Count {
    fn section_started(&self, id: &str, steps: u64) {
        self.started.lock().unwrap().insert(id.to_string(), steps);
    }
    fn step(&self, id: &str, _what: &str) {
        *self
            .steps
            .lock()
            .unwrap()
            .entry(id.to_string())
            .or_default() += 1;
    }
    fn section_finished(&self, id: &str, _wall: Duration) {
        self.finished.lock().unwrap().push(id.to_string());
    }
}

#[test]
fn every_section_reports_the_steps_it_declares() {
    assert_eq!(
        STEPS.iter().map(|(id, _)| *id).collect::<Vec<_>>(),
        SECTIONS.iter().map(|(id, _)| *id).collect::<Vec<_>>()
    );
    let count = Arc::new(Count::default());
    let report = build_with(
        &ReportOptions {
            quick: true,
            ..Default::default()
        },
        &[],
        count.clone(),
    )
    .unwrap();
    let order: Vec<&str> = report.sections.iter().map(|s| s.id.as_str()).collect();
    assert_eq!(
        order,
        SECTIONS.iter().map(|(id, _)| *id).collect::<Vec<_>>()
    );
    let steps = count.steps.lock().unwrap();
    for (id, _) in SECTIONS {
        assert_eq!(count.started.lock().unwrap()[*id], steps_of(id), "{id}");
        assert_eq!(steps.get(*id).copied(), Some(steps_of(id)), "{id}");
    }
    assert_eq!(count.finished.lock().unwrap().len(), SECTIONS.len());
    assert!(report.sections.iter().all(|s| s.seconds > 0.0));
}

#[test]
fn a_report_compared_with_itself_differs_only_where_edited() {
    let opts = ReportOptions {
        quick: true,
        ..Default::default()
    };
    let only = vec!["liar".to_string()];
    let report = build(&opts, &only).unwrap();
    let dir = std::env::temp_dir().join(format!("duel-check-test-{}", std::process::id()));
    report.write_to(&dir).unwrap();
    let folder = Folder::read(&dir).unwrap();
    assert_eq!(folder.ids(), only);
    assert_eq!(folder.quick, Some(true));
    assert_eq!(folder.compare(&report), vec![]);

    // A second run gives the same values (its timings aside).
    let again = build(&opts, &only).unwrap();
    assert_eq!(folder.compare(&again), vec![]);

    // One edited number is the one difference.
    let mut doc = folder.sections[0].1.clone();
    let a286496 = &mut doc["data"]["a286496"][5];
    let old = a286496.clone();
    *a286496 = serde_json::json!(old.as_u64().unwrap() + 1);
    let edited = Folder {
        sections: vec![("liar".into(), doc)],
        quick: Some(true),
        full: false,
    };
    let diffs = edited.compare(&report);
    assert_eq!(diffs.len(), 1, "{diffs:?}");
    assert_eq!(diffs[0].file, "liar.json");
    assert_eq!(diffs[0].path, "/data/a286496[5]");
    assert_eq!(diffs[0].new, old.to_string());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn timings_are_ignored_and_items_are_named() {
    let old = serde_json::json!({
        "seconds": 1.0,
        "checks": [{"item": "R(TTT)", "computed": "133/256", "note": "took 3.5 s"}],
        "data": {"wall": 2, "t_ms": 4, "rows": [1, 2]},
    });
    let new = serde_json::json!({
        "seconds": 9.0,
        "checks": [{"item": "R(TTT)", "computed": "134/256", "note": "took 41 ms"}],
        "data": {"wall": 3, "t_ms": 5, "rows": [1, 2, 3]},
    });
    let diffs = compare_values(&old, &new);
    let shown: Vec<String> = diffs.iter().map(|d| d.to_string()).collect();
    assert_eq!(
        shown,
        [
            "/checks[0]/computed (R(TTT)): \"133/256\" -> \"134/256\"",
            "/data/rows: 2 items -> 3 items",
        ]
    );
}

#[test]
fn a_folder_without_sections_is_refused() {
    let dir = std::env::temp_dir().join(format!("duel-check-empty-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    assert!(Folder::read(&dir).is_err());
    std::fs::write(dir.join("liar.json"), "{").unwrap();
    assert!(Folder::read(&dir).is_err());
    let _ = std::fs::remove_dir_all(&dir);
    assert!(Folder::read(&dir).is_err());
}
