//! Comparing report folders: every value of the sections' JSON files, except what measures
//! time. `duel report --check DIR` compares a folder with a fresh run; `scripts/report-diff`
//! applies the same rules to two folders.
//!
//! ```
//! use duel_report::check::compare_values;
//! use serde_json::json;
//!
//! let old = json!({"checks": [{"item": "P(4, 4)", "computed": "9/16", "seconds": 1.5}]});
//! let new = json!({"checks": [{"item": "P(4, 4)", "computed": "5/9", "seconds": 2.0}]});
//! let diffs = compare_values(&old, &new);
//! assert_eq!(diffs.len(), 1);
//! assert_eq!(diffs[0].path, "/checks[0]/computed");
//! assert_eq!(diffs[0].item.as_deref(), Some("P(4, 4)"));
//! ```

use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use regex::Regex;
use serde_json::Value;

use crate::Report;

/// Keys of timings and rates, skipped with everything under them.
const TIMING_KEY: &str = r"(^|_)(seconds|secs|millis|micros|ms|wall|elapsed|per_second|per_sec)($|_)|^throughput|^cost_per_iteration$";

/// A number followed by a unit of time or a rate, masked inside strings ("3.2 s", "41 ms").
const TIMED_NUMBER: &str = r"[0-9][0-9.,]*\s*(?:[kMG])?\s*(?:s|ms|µs|us|ns|min|minutes?|seconds?|h|hours?|days?|iterations/s|/s)\b";

fn timing_key() -> &'static Regex {
    static RE: OnceLock<Regex> = OnceLock::new();
    RE.get_or_init(|| Regex::new(TIMING_KEY).expect("valid pattern"))
}

fn timed_number() -> &'static Regex {
    static RE: OnceLock<Regex> = OnceLock::new();
    RE.get_or_init(|| Regex::new(TIMED_NUMBER).expect("valid pattern"))
}

/// `text` with every timed number replaced by `<time>`.
pub fn mask_times(text: &str) -> String {
    timed_number().replace_all(text, "<time>").into_owned()
}

/// One value that differs between two reports.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Difference {
    /// The JSON file (`liar.json`), empty when two values were compared directly.
    pub file: String,
    /// Where in the document: `/checks[3]/computed`.
    pub path: String,
    /// The item of the section's checks the path lies in, if any.
    pub item: Option<String>,
    /// The old value, as JSON text (`absent` for a missing key or file).
    pub old: String,
    /// The new value, as JSON text.
    pub new: String,
}

impl std::fmt::Display for Difference {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if !self.file.is_empty() {
            write!(f, "{}: ", self.file)?;
        }
        write!(f, "{}", self.path)?;
        if let Some(item) = &self.item {
            write!(f, " ({item})")?;
        }
        write!(f, ": {} -> {}", self.old, self.new)
    }
}

/// Every difference between `old` and `new`, ignoring timing keys and timed numbers.
pub fn compare_values(old: &Value, new: &Value) -> Vec<Difference> {
    let mut out = Vec::new();
    walk(old, new, "", None, &mut out);
    out
}

fn text(v: &Value) -> String {
    v.to_string()
}

fn walk(old: &Value, new: &Value, path: &str, item: Option<&str>, out: &mut Vec<Difference>) {
    let mut push = |path: String, old: String, new: String| {
        out.push(Difference {
            file: String::new(),
            path,
            item: item.map(str::to_string),
            old,
            new,
        })
    };
    match (old, new) {
        (Value::Object(a), Value::Object(b)) => {
            let mut keys: Vec<&String> = a.keys().chain(b.keys()).collect();
            keys.sort();
            keys.dedup();
            for key in keys {
                if timing_key().is_match(key) {
                    continue;
                }
                let here = format!("{path}/{key}");
                match (a.get(key), b.get(key)) {
                    (Some(x), Some(y)) => walk(x, y, &here, item, out),
                    (x, y) => {
                        let word =
                            |v: Option<&Value>| if v.is_some() { "present" } else { "absent" };
                        out.push(Difference {
                            file: String::new(),
                            path: here,
                            item: item.map(str::to_string),
                            old: word(x).into(),
                            new: word(y).into(),
                        });
                    }
                }
            }
        }
        (Value::Array(a), Value::Array(b)) => {
            if a.len() != b.len() {
                push(
                    path.to_string(),
                    format!("{} items", a.len()),
                    format!("{} items", b.len()),
                );
            }
            for (i, (x, y)) in a.iter().zip(b).enumerate() {
                // An entry of a section's checks is named by its item.
                let named = if path == "/checks" {
                    x.get("item").and_then(Value::as_str)
                } else {
                    item
                };
                walk(x, y, &format!("{path}[{i}]"), named, out);
            }
        }
        (Value::String(a), Value::String(b)) => {
            if mask_times(a) != mask_times(b) {
                push(path.to_string(), text(old), text(new));
            }
        }
        (Value::Number(a), Value::Number(b)) => {
            let same = match (a.as_i64(), b.as_i64(), a.as_u64(), b.as_u64()) {
                (Some(x), Some(y), _, _) => x == y,
                (_, _, Some(x), Some(y)) => x == y,
                _ => same_float(a.as_f64(), b.as_f64()),
            };
            if !same {
                push(path.to_string(), text(old), text(new));
            }
        }
        _ => {
            if old != new {
                push(path.to_string(), text(old), text(new));
            }
        }
    }
}

/// Whether two floats are equal up to the last bits that reading decimal text back may change
/// (serde_json's default parser is not always correctly rounded).
fn same_float(a: Option<f64>, b: Option<f64>) -> bool {
    match (a, b) {
        (Some(x), Some(y)) => x == y || (x - y).abs() <= 4.0 * f64::EPSILON * x.abs().max(y.abs()),
        _ => a == b,
    }
}

/// Why a report folder could not be compared.
#[derive(Debug, thiserror::Error)]
pub enum CheckError {
    /// The folder is missing or cannot be listed.
    #[error("cannot read the report folder {}: {error}", .dir.display())]
    Folder {
        /// The folder.
        dir: PathBuf,
        /// The cause.
        error: std::io::Error,
    },
    /// The folder holds no section's JSON file.
    #[error("{} holds no section of a report (no guesswho.json, liar.json, ...)", .0.display())]
    Empty(PathBuf),
    /// A JSON file cannot be read or parsed.
    #[error("cannot read {}: {message}", .file.display())]
    Json {
        /// The file.
        file: PathBuf,
        /// What went wrong.
        message: String,
    },
}

/// A report folder read back: its sections' JSON documents, in the report's order, and
/// whether it was built with `--quick` (as its files record it, `None` when they do not).
#[derive(Clone, Debug)]
pub struct Folder {
    /// `(id, document)` for every section found.
    pub sections: Vec<(String, Value)>,
    /// The `quick` the files record.
    pub quick: Option<bool>,
    /// Whether the files record `full` (a report of `duel report --full`).
    pub full: bool,
}

impl Folder {
    /// Reads the `<id>.json` of every section of the report found in `dir`.
    pub fn read(dir: &Path) -> Result<Folder, CheckError> {
        std::fs::read_dir(dir).map_err(|error| CheckError::Folder {
            dir: dir.to_path_buf(),
            error,
        })?;
        let mut sections = Vec::new();
        let mut quick = None;
        let mut full = false;
        for (id, _) in crate::SECTIONS {
            let file = dir.join(format!("{id}.json"));
            if !file.exists() {
                continue;
            }
            let json_error = |message: String| CheckError::Json {
                file: file.clone(),
                message,
            };
            let text = std::fs::read_to_string(&file).map_err(|e| json_error(e.to_string()))?;
            let doc: Value = serde_json::from_str(&text).map_err(|e| json_error(e.to_string()))?;
            if !doc.is_object() {
                return Err(json_error("not a JSON object".into()));
            }
            // Refused at once, before the section is built again (minutes) only to differ.
            if doc.get("id").and_then(Value::as_str) != Some(id) {
                return Err(json_error(format!(
                    "not a report section: no \"id\": \"{id}\""
                )));
            }
            if !doc.get("checks").is_some_and(Value::is_array) {
                return Err(json_error(
                    "not a report section: no \"checks\" list".into(),
                ));
            }
            if let Some(q) = doc.get("quick").and_then(Value::as_bool) {
                quick = Some(q);
            }
            full |= doc.get("full").and_then(Value::as_bool) == Some(true);
            sections.push((id.to_string(), doc));
        }
        if sections.is_empty() {
            return Err(CheckError::Empty(dir.to_path_buf()));
        }
        Ok(Folder {
            sections,
            quick,
            full,
        })
    }

    /// The identifiers of the sections found.
    pub fn ids(&self) -> Vec<String> {
        self.sections.iter().map(|(id, _)| id.clone()).collect()
    }

    /// Every difference between this folder and `report` (a fresh run of the same
    /// sections), file by file.
    pub fn compare(&self, report: &Report) -> Vec<Difference> {
        let mut out = Vec::new();
        for (id, old) in &self.sections {
            let file = format!("{id}.json");
            match report.sections.iter().find(|s| &s.id == id) {
                Some(s) => {
                    let new = report.section_json(s);
                    out.extend(compare_values(old, &new).into_iter().map(|mut d| {
                        d.file = file.clone();
                        d
                    }));
                }
                None => out.push(Difference {
                    file,
                    path: String::new(),
                    item: None,
                    old: "present".into(),
                    new: "absent".into(),
                }),
            }
        }
        out
    }
}
