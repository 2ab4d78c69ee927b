//! Where and when a report was made: duel's version, the commit of its source checkout, the
//! date, the machine. Read at run time; whatever cannot be read is said to be unknown.

use std::fmt::Write as _;
use std::process::{Command, Stdio};
use std::time::{SystemTime, UNIX_EPOCH};

use crate::document::duration;
use crate::Report;

/// The facts of the title block.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RunInfo {
    /// duel's version (the workspace's).
    pub version: String,
    /// `git describe --always --dirty` of the checkout duel was built from, if it is a git
    /// checkout still present.
    pub commit: Option<String>,
    /// When the report was started, `YYYY-MM-DD HH:MM UTC`.
    pub date: String,
    /// Operating system and architecture, with the distribution's name where known.
    pub os: String,
    /// Logical cores available to the process.
    pub cores: usize,
    /// Total memory in bytes, where the system says.
    pub memory_bytes: Option<u64>,
}

impl RunInfo {
    /// The facts of this run, now.
    pub fn collect() -> Self {
        let secs = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(0, |d| d.as_secs());
        RunInfo {
            version: env!("CARGO_PKG_VERSION").to_string(),
            commit: git_commit(),
            date: utc_date(secs),
            os: os_name(),
            cores: std::thread::available_parallelism().map_or(1, |n| n.get()),
            memory_bytes: total_memory(),
        }
    }

    /// The title block's lines (Markdown).
    pub fn markdown(&self, report: &Report) -> String {
        let mut out = String::new();
        let commit = self
            .commit
            .clone()
            .map_or("unknown (not built from a git checkout)".to_string(), |c| {
                format!("`{c}`")
            });
        let memory = self.memory_bytes.map_or("unknown memory".to_string(), |b| {
            format!("{:.1} GiB memory", b as f64 / (1u64 << 30) as f64)
        });
        let wall: f64 = report.sections.iter().map(|s| s.seconds).sum();
        let _ = writeln!(out, "- **duel**: version {}, commit {commit}", self.version);
        let _ = writeln!(out, "- **date**: {}", self.date);
        let _ = writeln!(
            out,
            "- **machine**: {}, {} cores, {memory}",
            self.os, self.cores
        );
        let _ = writeln!(
            out,
            "- **run**: {}; the sections' wall times add up to {} (each in the summary)",
            if report.quick {
                "`duel report --quick` (smaller ranges than the full report)"
            } else if report.full {
                "`duel report --full` (full ranges, and the longest rows)"
            } else {
                "`duel report` (full ranges)"
            },
            duration(wall)
        );
        out
    }
}

/// The commit of the checkout this crate was built from, if `git` can say.
fn git_commit() -> Option<String> {
    let out = Command::new("git")
        .args(["-C", env!("CARGO_MANIFEST_DIR")])
        .args(["describe", "--always", "--dirty", "--abbrev=12"])
        .stdin(Stdio::null())
        .stderr(Stdio::null())
        .output()
        .ok()?;
    let text = String::from_utf8(out.stdout).ok()?;
    let text = text.trim();
    (out.status.success() && !text.is_empty()).then(|| text.to_string())
}

fn os_name() -> String {
    let base = format!("{} {}", std::env::consts::OS, std::env::consts::ARCH);
    let pretty = std::fs::read_to_string("/etc/os-release")
        .ok()
        .and_then(|t| {
            t.lines()
                .find_map(|l| l.strip_prefix("PRETTY_NAME="))
                .map(|v| v.trim_matches('"').to_string())
        });
    match pretty {
        Some(p) => format!("{p} ({base})"),
        None => base,
    }
}

fn total_memory() -> Option<u64> {
    let text = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = text.lines().find(|l| l.starts_with("MemTotal:"))?;
    let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib * 1024)
}

/// Seconds since 1970 as `YYYY-MM-DD HH:MM UTC` (the proleptic Gregorian calendar).
pub fn utc_date(secs: u64) -> String {
    let days = (secs / 86_400) as i64;
    let rem = secs % 86_400;
    // Days to civil date (H. Hinnant's algorithm).
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!(
        "{year:04}-{month:02}-{day:02} {:02}:{:02} UTC",
        rem / 3600,
        rem % 3600 / 60
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_are_civil() {
        assert_eq!(utc_date(0), "1970-01-01 00:00 UTC");
        // 2000-02-29 12:34 UTC, a leap day.
        assert_eq!(utc_date(951_827_640), "2000-02-29 12:34 UTC");
        assert_eq!(utc_date(1_798_761_600), "2027-01-01 00:00 UTC");
    }
}
