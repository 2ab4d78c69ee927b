//! One table type for every `table` command: a title, named columns, rows of cells and notes,
//! written as aligned text, CSV, JSON or Markdown ([`Format`]).
//!
//! A table can be large (Guess Who's hold up to 16 million cells), so rows are produced on
//! demand: anything that implements [`Tabular`] is written by [`write_table`] without being
//! collected first. [`Table`] is the plain, in-memory implementation.
//!
//! ```
//! use duel_core::table::{write_table, Format, Table};
//!
//! let mut t = Table::new("f(tictactoe, k)", &["k", "threshold"]);
//! t.push(vec![0.into(), "0".into()]);
//! t.push(vec![1.into(), "1*".into()]);
//! let mut out = Vec::new();
//! write_table(&mut out, &t, Format::Csv).unwrap();
//! assert_eq!(String::from_utf8(out).unwrap(), "k,threshold\n0,0\n1,1*\n");
//! ```

use std::fmt;
use std::io::{self, Write};
use std::str::FromStr;

use serde_json::{Map, Value};
use thiserror::Error;

/// How a table is written.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Format {
    /// Columns aligned for a terminal, under the title, with the notes after.
    #[default]
    Text,
    /// A header line of the column names, then one line per row.
    Csv,
    /// One JSON document: the title, the table's fields ([`Tabular::fields`]), the columns,
    /// the rows as objects keyed by column name, and the notes.
    Json,
    /// A Markdown table after the title, with the notes after it.
    Markdown,
}

/// A format name that is not one of `text`, `csv`, `json`, `markdown`.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
#[error("unknown format {}: expected text, csv, json or markdown", crate::text::quote(.0))]
pub struct UnknownFormat(pub String);

impl FromStr for Format {
    type Err = UnknownFormat;

    fn from_str(s: &str) -> Result<Self, UnknownFormat> {
        match s {
            "text" => Ok(Format::Text),
            "csv" => Ok(Format::Csv),
            "json" => Ok(Format::Json),
            "markdown" => Ok(Format::Markdown),
            _ => Err(UnknownFormat(s.to_string())),
        }
    }
}

impl fmt::Display for Format {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Format::Text => "text",
            Format::Csv => "csv",
            Format::Json => "json",
            Format::Markdown => "markdown",
        })
    }
}

/// A table whose rows are produced on demand. Cells are JSON values: a string (an exact
/// fraction, a chip count such as `12*`), a number, or `null` for an empty cell.
pub trait Tabular {
    /// One line saying what the table holds.
    fn title(&self) -> String;
    /// The column names, also the keys of each row in JSON.
    fn columns(&self) -> Vec<String>;
    /// Calls `row` with each row in order, as many cells as columns; stops at the first error.
    /// Called once per format, twice for aligned text (widths, then rows).
    fn each_row(&self, row: &mut dyn FnMut(&[Value]) -> io::Result<()>) -> io::Result<()>;
    /// Fields of the JSON document besides the rows (the game, the rules, …).
    fn fields(&self) -> Map<String, Value> {
        Map::new()
    }
    /// Lines written after the table (e.g. a period found in it).
    fn notes(&self) -> Vec<String> {
        Vec::new()
    }
}

/// An in-memory table.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Table {
    /// One line saying what the table holds.
    pub title: String,
    /// The column names.
    pub columns: Vec<String>,
    /// The rows, each with one cell per column.
    pub rows: Vec<Vec<Value>>,
    /// Fields of the JSON document besides the rows.
    pub fields: Map<String, Value>,
    /// Lines after the table.
    pub notes: Vec<String>,
}

impl Table {
    /// An empty table with this title and these columns.
    pub fn new(title: &str, columns: &[&str]) -> Table {
        Table {
            title: title.to_string(),
            columns: columns.iter().map(|c| c.to_string()).collect(),
            ..Table::default()
        }
    }

    /// Appends a row (one cell per column).
    pub fn push(&mut self, row: Vec<Value>) {
        self.rows.push(row);
    }
}

impl Tabular for Table {
    fn title(&self) -> String {
        self.title.clone()
    }
    fn columns(&self) -> Vec<String> {
        self.columns.clone()
    }
    fn each_row(&self, row: &mut dyn FnMut(&[Value]) -> io::Result<()>) -> io::Result<()> {
        self.rows.iter().try_for_each(|r| row(r))
    }
    fn fields(&self) -> Map<String, Value> {
        self.fields.clone()
    }
    fn notes(&self) -> Vec<String> {
        self.notes.clone()
    }
}

/// The text of a cell: a string without its quotes, `null` as nothing.
fn cell_text(v: &Value) -> String {
    match v {
        Value::String(s) => s.clone(),
        Value::Null => String::new(),
        v => v.to_string(),
    }
}

/// A CSV field, quoted where it holds a comma, a quote or a line break.
fn csv_field(s: &str) -> String {
    if s.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s.to_string()
    }
}

/// A Markdown cell: `|` escaped, line breaks as spaces.
fn markdown_cell(s: &str) -> String {
    s.replace('|', "\\|").replace(['\n', '\r'], " ")
}

/// Writes `table` to `out` in `format`, row by row.
pub fn write_table(out: &mut dyn Write, table: &dyn Tabular, format: Format) -> io::Result<()> {
    let columns = table.columns();
    match format {
        Format::Csv => {
            let header: Vec<String> = columns.iter().map(|c| csv_field(c)).collect();
            writeln!(out, "{}", header.join(","))?;
            table.each_row(&mut |row| {
                let cells: Vec<String> = row.iter().map(|v| csv_field(&cell_text(v))).collect();
                writeln!(out, "{}", cells.join(","))
            })?;
        }
        Format::Json => {
            // Written as it goes, keys in the table's order: the title, the fields, the
            // columns, each row (its cells in column order), the notes.
            let key = |k: &str| Value::String(k.to_string());
            write!(out, "{{{}:{}", key("title"), Value::String(table.title()))?;
            for (k, v) in table.fields() {
                write!(out, ",{}:{v}", key(&k))?;
            }
            write!(out, ",{}:{}", key("columns"), Value::from(columns.clone()))?;
            write!(out, ",{}:[", key("rows"))?;
            let mut first = true;
            table.each_row(&mut |row| {
                let cells: Vec<String> = columns
                    .iter()
                    .zip(row)
                    .map(|(c, v)| format!("{}:{v}", key(c)))
                    .collect();
                let sep = if first { "" } else { "," };
                first = false;
                write!(out, "{sep}\n{{{}}}", cells.join(","))
            })?;
            writeln!(out, "\n],{}:{}}}", key("notes"), Value::from(table.notes()))?;
        }
        Format::Markdown => {
            writeln!(out, "{}\n", markdown_cell(&table.title()))?;
            let header: Vec<String> = columns.iter().map(|c| markdown_cell(c)).collect();
            writeln!(out, "| {} |", header.join(" | "))?;
            writeln!(out, "|{}", " --- |".repeat(columns.len()))?;
            table.each_row(&mut |row| {
                let cells: Vec<String> = row.iter().map(|v| markdown_cell(&cell_text(v))).collect();
                writeln!(out, "| {} |", cells.join(" | "))
            })?;
            for note in table.notes() {
                writeln!(out, "\n{note}")?;
            }
        }
        Format::Text => {
            let mut widths: Vec<usize> = columns.iter().map(|c| c.chars().count()).collect();
            table.each_row(&mut |row| {
                for (w, v) in widths.iter_mut().zip(row) {
                    *w = (*w).max(cell_text(v).chars().count());
                }
                Ok(())
            })?;
            let line = |cells: Vec<String>| -> String {
                let padded: Vec<String> = cells
                    .iter()
                    .zip(&widths)
                    .map(|(c, &w)| format!("{c:>w$}"))
                    .collect();
                padded.join("  ").trim_end().to_string()
            };
            writeln!(out, "{}", table.title())?;
            writeln!(out, "{}", line(columns.clone()))?;
            table.each_row(&mut |row| {
                writeln!(out, "{}", line(row.iter().map(cell_text).collect()))
            })?;
            for note in table.notes() {
                writeln!(out, "{note}")?;
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> Table {
        let mut t = Table::new("P(n, m), race rules", &["n", "m", "p"]);
        t.push(vec![1.into(), 2.into(), "1/2".into()]);
        t.push(vec![10.into(), 1.into(), Value::Null]);
        t.fields.insert("rules".into(), "race".into());
        t.notes.push("a note, with a comma".into());
        t
    }

    fn written(format: Format) -> String {
        let mut out = Vec::new();
        write_table(&mut out, &sample(), format).unwrap();
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn every_format_holds_every_cell() {
        assert_eq!(written(Format::Csv), "n,m,p\n1,2,1/2\n10,1,\n");
        assert_eq!(
            written(Format::Text),
            "P(n, m), race rules\n n  m    p\n 1  2  1/2\n10  1\na note, with a comma\n"
        );
        assert_eq!(
            written(Format::Markdown),
            "P(n, m), race rules\n\n| n | m | p |\n| --- | --- | --- |\n| 1 | 2 | 1/2 |\n| 10 | 1 |  |\n\na note, with a comma\n"
        );
    }

    #[test]
    fn json_is_one_document_with_rows_keyed_by_column() {
        let doc: Value = serde_json::from_str(&written(Format::Json)).unwrap();
        assert_eq!(doc["title"], "P(n, m), race rules");
        assert_eq!(doc["rules"], "race");
        assert_eq!(doc["columns"], serde_json::json!(["n", "m", "p"]));
        assert_eq!(
            doc["rows"][0],
            serde_json::json!({"n": 1, "m": 2, "p": "1/2"})
        );
        assert_eq!(doc["rows"][1]["p"], Value::Null);
        assert_eq!(doc["notes"][0], "a note, with a comma");
        let text = written(Format::Json);
        assert!(text.starts_with("{\"title\":"), "{text}");
        assert!(
            text.contains("{\"n\":1,\"m\":2,\"p\":\"1/2\"}"),
            "cells in column order: {text}"
        );
        let mut empty = Table::new("nothing", &["k"]);
        empty.notes.clear();
        let mut out = Vec::new();
        write_table(&mut out, &empty, Format::Json).unwrap();
        let doc: Value = serde_json::from_slice(&out).unwrap();
        assert_eq!(doc["rows"], serde_json::json!([]));
    }

    #[test]
    fn csv_quotes_what_needs_it_and_formats_parse_back() {
        assert_eq!(csv_field("a,b"), "\"a,b\"");
        assert_eq!(csv_field("say \"x\""), "\"say \"\"x\"\"\"");
        for f in [Format::Text, Format::Csv, Format::Json, Format::Markdown] {
            assert_eq!(f.to_string().parse::<Format>(), Ok(f));
        }
        assert_eq!(
            "html".parse::<Format>().unwrap_err().to_string(),
            "unknown format 'html': expected text, csv, json or markdown"
        );
    }
}
