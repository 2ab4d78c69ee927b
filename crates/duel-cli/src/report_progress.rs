//! What `duel report` shows on stderr while it works: on a terminal, one progress bar per
//! section, advancing item by item with an estimate of the time left; otherwise (a log) one
//! line per finished section with its wall time; nothing with `--quiet`.

use std::collections::HashMap;
use std::sync::Mutex;
use std::time::Duration;

use duel::report::Progress;
use indicatif::{MultiProgress, ProgressBar, ProgressDrawTarget, ProgressStyle};

use crate::Ctx;

/// The report's progress on stderr, as `ctx` asks.
pub enum ReportProgress {
    /// One bar per section (stderr is a terminal).
    Bars {
        /// Where the bars are drawn.
        multi: MultiProgress,
        /// The bar of each section started.
        bars: Mutex<HashMap<String, ProgressBar>>,
    },
    /// One line per finished section (stderr is not a terminal).
    Lines {
        /// Sections to build, and how many are done.
        total: usize,
        /// Sections done so far.
        done: Mutex<usize>,
    },
    /// Nothing (`--quiet`).
    Silent,
}

impl ReportProgress {
    /// The progress for `sections` sections under `ctx`.
    pub fn new(ctx: &Ctx, sections: usize) -> Self {
        if ctx.quiet {
            ReportProgress::Silent
        } else if ctx.progress {
            ReportProgress::Bars {
                multi: MultiProgress::with_draw_target(ProgressDrawTarget::stderr()),
                bars: Mutex::new(HashMap::new()),
            }
        } else {
            ReportProgress::Lines {
                total: sections,
                done: Mutex::new(0),
            }
        }
    }

    /// Removes the bars, once the report is built.
    pub fn finish(&self) {
        if let ReportProgress::Bars { multi, .. } = self {
            let _ = multi.clear();
        }
    }
}

impl Progress for ReportProgress {
    fn section_started(&self, id: &str, steps: u64) {
        if let ReportProgress::Bars { multi, bars } = self {
            let bar = multi.add(ProgressBar::new(steps));
            if let Ok(style) = ProgressStyle::with_template(
                "{prefix:9} [{bar:20}] {pos}/{len} {elapsed:>4}, ETA {eta:>4} {wide_msg}",
            ) {
                bar.set_style(style.progress_chars("=> "));
            }
            bar.set_prefix(id.to_string());
            bar.enable_steady_tick(Duration::from_millis(500));
            if let Ok(mut bars) = bars.lock() {
                bars.insert(id.to_string(), bar);
            }
        }
    }

    fn step(&self, id: &str, what: &str) {
        if let ReportProgress::Bars { bars, .. } = self {
            if let Some(bar) = bars.lock().ok().and_then(|b| b.get(id).cloned()) {
                bar.inc(1);
                bar.set_message(format!("done: {what}"));
            }
        }
    }

    fn section_finished(&self, id: &str, wall: Duration) {
        match self {
            ReportProgress::Bars { bars, .. } => {
                if let Some(bar) = bars.lock().ok().and_then(|b| b.get(id).cloned()) {
                    bar.finish_with_message(format!("done in {:.1} s", wall.as_secs_f64()));
                }
            }
            ReportProgress::Lines { total, done } => {
                let n = done.lock().map_or(0, |mut d| {
                    *d += 1;
                    *d
                });
                eprintln!(
                    "duel report: section {id} done in {:.1} s ({n} of {total} sections)",
                    wall.as_secs_f64()
                );
            }
            ReportProgress::Silent => {}
        }
    }
}
