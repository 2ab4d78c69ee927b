//! Building the report: the chosen sections run at once, one thread each (their heavy loops
//! share rayon's pool), and tell a [`Progress`] what they have done. The library prints
//! nothing: the caller's `Progress` decides what to show.

use std::cell::RefCell;
use std::sync::Arc;
use std::time::{Duration, Instant};

use crate::{check_only, Report, ReportOptions, Section, UnknownSection, SECTIONS};

/// What the report tells its caller while it is built. Every method has an empty default;
/// the calls come from the sections' threads, hence `Send + Sync`.
pub trait Progress: Send + Sync {
    /// Section `id` starts; it will report `steps` steps.
    fn section_started(&self, _id: &str, _steps: u64) {}
    /// Section `id` finished the step named `what`.
    fn step(&self, _id: &str, _what: &str) {}
    /// Section `id` is done, after `wall` (its own wall-clock time).
    fn section_finished(&self, _id: &str, _wall: Duration) {}
    /// A section is built (its `seconds` set): where the caller keeps it, e.g. its file in
    /// the report's folder, so that an interrupted report keeps the sections it finished.
    fn section_built(&self, _section: &Section) {}
}

/// A [`Progress`] that ignores everything.
pub struct Silent;

impl Progress for Silent {}

/// The steps each section reports through [`step`], in the order of [`SECTIONS`] (a test
/// builds the quick report and counts them).
pub const STEPS: &[(&str, u64)] = &[
    ("guesswho", 6),
    ("liar", 4),
    ("bidding", 6),
    ("games", 7),
    ("search", 5),
    ("families", 2),
];

/// The steps section `id` reports (0 for an unknown one).
pub fn steps_of(id: &str) -> u64 {
    STEPS.iter().find(|(s, _)| *s == id).map_or(0, |(_, n)| *n)
}

thread_local! {
    /// The section this thread builds and where its steps go; unset outside [`build_with`].
    static CURRENT: RefCell<Option<(String, Arc<dyn Progress>)>> = const { RefCell::new(None) };
}

/// Tells the caller of [`build_with`] that the section built on this thread finished the step
/// `what` (a few words naming the item, e.g. "Theorem 1.6"). Does nothing when the section is
/// built directly (its `report_section`, as the tests do).
pub fn step(what: &str) {
    CURRENT.with(|c| {
        if let Some((id, progress)) = c.borrow().as_ref() {
            progress.step(id, what);
        }
    });
}

/// The address space, in MB, each section needed alone, quick and by default: the least
/// `ulimit -v` under which `duel report [--quick] --check REF --only S` found the values of
/// REF (a report built without a limit) on the development machine (2 cores; bisected to
/// 2 %). With less, a section does not fail: its exact searches stop at the memory they are
/// given and the report says so in place of the value. Search trees under time budgets grow
/// with the machine's speed, so [`memory_needed`] adds a quarter.
const SECTION_NEEDS_MB: &[(&str, u64, u64)] = &[
    ("guesswho", 40, 166),
    ("liar", 40, 341),
    ("bidding", 69, 1497),
    ("games", 165, 164),
    ("search", 490, 879),
    ("families", 501, 1069),
];

/// The same for the whole report, quick and by default: less than the sum of its sections',
/// which do not all peak at once.
const WHOLE_NEEDS_MB: (u64, u64) = (601, 2575);

/// What the report needs with `--full` where it holds the bidding or games section, margin
/// included: the whole report's peak of resident memory (3.2 GB, most of it the bidding
/// section's periodic rows of hex:4 and connect:5x4:4), and its threads' stacks.
const FULL_MB: u64 = 3600;

/// The address space the report needs: the sum of the needs of the sections chosen (they run
/// at once), at most the whole report's, and a quarter more. With `--full` a part that holds
/// the bidding or games section is taken to need [`FULL_MB`].
pub fn memory_needed(options: &ReportOptions, only: &[String]) -> u64 {
    const MB: u64 = 1_000_000;
    let chosen = |id: &str| only.is_empty() || only.iter().any(|o| o == id);
    let need = |pick: fn(&(&str, u64, u64)) -> u64| -> u64 {
        SECTION_NEEDS_MB
            .iter()
            .filter(|s| chosen(s.0))
            .map(pick)
            .sum()
    };
    if options.quick {
        need(|s| s.1).min(WHOLE_NEEDS_MB.0) * MB / 4 * 5
    } else if options.full && (chosen("bidding") || chosen("games")) {
        FULL_MB * MB
    } else {
        need(|s| s.2).min(WHOLE_NEEDS_MB.1) * MB / 4 * 5
    }
}

/// Refuses the report ([`memory_needed`]) where the memory available to the process
/// (`ulimit -v` included) is less; `Ok` where it cannot be read.
pub fn check_memory(
    options: &ReportOptions,
    only: &[String],
) -> Result<(), duel_core::limits::TooLarge> {
    let Some(available) = duel_core::limits::available_memory() else {
        return Ok(());
    };
    let mode = if options.quick {
        "the quick report"
    } else if options.full {
        "the report with --full"
    } else {
        "the report"
    };
    let every = crate::SECTIONS
        .iter()
        .all(|(id, _)| only.iter().any(|o| o == id));
    let what = if only.is_empty() || every {
        mode.to_string()
    } else {
        format!("{mode} of {}", only.join(", "))
    };
    duel_core::limits::check_memory(&what, u128::from(memory_needed(options, only)), available)
}

/// Builds the sections named in `only` (every section when it is empty) without progress;
/// see [`build_with`].
pub fn build(options: &ReportOptions, only: &[String]) -> Result<Report, UnknownSection> {
    build_with(options, only, Arc::new(Silent))
}

/// Builds the sections named in `only` (every section when it is empty), all at once, one
/// thread each, and returns them in the report's order with the wall time of each. Unknown
/// names are refused before any work. Every section is deterministic on its own (its random
/// draws are seeded), so running them together changes no value.
pub fn build_with(
    options: &ReportOptions,
    only: &[String],
    progress: Arc<dyn Progress>,
) -> Result<Report, UnknownSection> {
    check_only(only)?;
    let chosen: Vec<_> = SECTIONS
        .iter()
        .filter(|(id, _)| only.is_empty() || only.iter().any(|o| o == id))
        .collect();
    let sections = std::thread::scope(|scope| {
        let handles: Vec<_> = chosen
            .iter()
            .map(|&&(id, builder)| {
                let progress = Arc::clone(&progress);
                scope.spawn(move || run_section(id, builder, options, progress))
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().unwrap_or_else(|e| std::panic::resume_unwind(e)))
            .collect()
    });
    Ok(Report {
        sections,
        quick: options.quick,
        full: options.full && !options.quick,
        run: crate::run_info::RunInfo::collect(),
    })
}

/// Builds one section on this thread, with [`step`] wired to `progress`.
fn run_section(
    id: &str,
    builder: crate::SectionBuilder,
    options: &ReportOptions,
    progress: Arc<dyn Progress>,
) -> Section {
    progress.section_started(id, steps_of(id));
    CURRENT.with(|c| *c.borrow_mut() = Some((id.to_string(), Arc::clone(&progress))));
    let start = Instant::now();
    let mut section = builder(options);
    let wall = start.elapsed();
    CURRENT.with(|c| *c.borrow_mut() = None);
    section.seconds = wall.as_secs_f64();
    progress.section_finished(id, wall);
    progress.section_built(&section);
    section
}

#[cfg(test)]
mod tests {
    use super::*;

    fn need(quick: bool, full: bool, only: &[&str]) -> u64 {
        let only: Vec<String> = only.iter().map(|s| s.to_string()).collect();
        memory_needed(&ReportOptions { quick, full }, &only)
    }

    #[test]
    fn every_section_has_a_measured_need() {
        let ids: Vec<&str> = SECTION_NEEDS_MB.iter().map(|s| s.0).collect();
        let sections: Vec<&str> = crate::SECTIONS.iter().map(|s| s.0).collect();
        assert_eq!(ids, sections);
    }

    #[test]
    fn a_part_needs_the_sum_of_its_sections_and_never_more_than_the_whole() {
        for (quick, full) in [(true, false), (false, false), (false, true)] {
            let whole = need(quick, full, &[]);
            let mut parts = 0;
            for (id, ..) in SECTION_NEEDS_MB {
                let one = need(quick, full, &[id]);
                assert!(one > 0 && one <= whole, "{id}: {one} of {whole}");
                parts += one;
            }
            // The sections do not all peak at once: the whole is less than their sum.
            assert!(
                whole < parts,
                "quick {quick}, full {full}: {whole} against {parts}"
            );
        }
        let two = need(true, false, &["liar", "games"]);
        assert_eq!(
            two,
            need(true, false, &["liar"]) + need(true, false, &["games"])
        );
    }

    #[test]
    fn the_full_report_needs_more_only_where_its_longest_rows_are() {
        assert_eq!(need(false, true, &["liar"]), need(false, false, &["liar"]));
        assert_eq!(need(false, true, &["bidding"]), FULL_MB * 1_000_000);
        assert!(need(false, true, &[]) >= need(false, false, &[]));
    }
}
