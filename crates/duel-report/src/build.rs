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
    ("games", 5),
    ("search", 4),
    ("families", 1),
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

/// The address space the whole report needs, from its measured peaks (resident memory: 171 MB
/// quick, 2.1 GB by default, 3.2 GB with `full`) and the address space its threads reserve
/// beside (the quick report ran to the end under `ulimit -v` 600 000, not under 400 000): a
/// report run with less may fail in any section, so [`check_memory`] refuses it first.
pub fn memory_needed(options: &ReportOptions) -> u64 {
    const MB: u64 = 1_000_000;
    if options.quick {
        600 * MB
    } else if options.full {
        3600 * MB
    } else {
        2500 * MB
    }
}

/// Refuses the whole report ([`memory_needed`]) where the memory available to the process
/// (`ulimit -v` included) is less; `Ok` where it cannot be read.
pub fn check_memory(options: &ReportOptions) -> Result<(), duel_core::limits::TooLarge> {
    let Some(available) = duel_core::limits::available_memory() else {
        return Ok(());
    };
    let what = if options.quick {
        "the quick report"
    } else if options.full {
        "the report with --full"
    } else {
        "the report"
    };
    duel_core::limits::check_memory(what, u128::from(memory_needed(options)), available)
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
    section
}
