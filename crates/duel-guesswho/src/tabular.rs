//! A solved [`Table`] as rows for [`duel_core::table::write_table`]: one row per position,
//! `n, m, p, p_float`, rows `n` by `m`, produced as they are written (a table up to 4096
//! holds 16 million positions).
//!
//! ```
//! use duel_core::table::{write_table, Format};
//! use duel_guesswho::{Questions, Rules, Table};
//!
//! let table = Table::solve(2, Rules::Official, Questions::Two)?;
//! let mut out = Vec::new();
//! write_table(&mut out, &table, Format::Csv).unwrap();
//! assert_eq!(
//!     String::from_utf8(out).unwrap(),
//!     "n,m,p,p_float\n1,1,1,1.0\n1,2,1,1.0\n2,1,1/2,0.5\n2,2,1/2,0.5\n"
//! );
//! # Ok::<(), duel_guesswho::GuessWhoError>(())
//! ```

use std::io;

use duel_core::table::Tabular;
use serde_json::{Map, Value};

use crate::rules::Rules;
use crate::table::Table;

impl Tabular for Table {
    fn title(&self) -> String {
        format!(
            "P(n, m): the player to move has n candidates, the opponent m; {} rules, {}-way questions",
            self.rules(),
            self.questions().parts()
        )
    }

    fn columns(&self) -> Vec<String> {
        ["n", "m", "p", "p_float"].map(String::from).to_vec()
    }

    /// Every stored position (all of them for a square table); `p` and `p_float` are null
    /// where the position cannot occur.
    fn each_row(&self, row: &mut dyn FnMut(&[Value]) -> io::Result<()>) -> io::Result<()> {
        let max = self.max();
        for n in 1..=max {
            for m in (1..=max).filter(|&m| self.contains(n, m)) {
                let (p, p_float) = match self.probability(n, m) {
                    Ok(p) => (Value::String(p.to_string()), Value::from(p.to_f64())),
                    Err(_) => (Value::Null, Value::Null),
                };
                row(&[n.into(), m.into(), p, p_float])?;
            }
        }
        Ok(())
    }

    /// `rules`, `questions` (2 or 3) and `max`, the largest pool.
    fn fields(&self) -> Map<String, Value> {
        let mut fields = Map::new();
        fields.insert("rules".into(), self.rules().name().into());
        fields.insert("questions".into(), self.questions().parts().into());
        fields.insert("max".into(), self.max().into());
        fields
    }

    fn notes(&self) -> Vec<String> {
        if self.rules() == Rules::Race {
            vec!["(1, 1) cannot occur under the race rules: its p is empty".to_string()]
        } else {
            Vec::new()
        }
    }
}

#[cfg(test)]
mod tests {
    use duel_core::table::{write_table, Format};

    use crate::{Questions, Rules, Table};

    fn written(table: &Table, format: Format) -> String {
        let mut out = Vec::new();
        write_table(&mut out, table, format).unwrap();
        String::from_utf8(out).unwrap()
    }

    /// Every format holds every position's exact value, in rows n by m.
    #[test]
    fn every_format_holds_every_value() {
        let t = Table::solve(4, Rules::Official, Questions::Two).unwrap();
        let doc: serde_json::Value = serde_json::from_str(&written(&t, Format::Json)).unwrap();
        assert_eq!(
            (doc["rules"].as_str(), doc["max"].as_u64()),
            (Some("official"), Some(4))
        );
        assert_eq!(doc["questions"], 2);
        let rows = doc["rows"].as_array().unwrap();
        assert_eq!(rows.len(), 16);
        // Cushing et al., Lemma 1.5 (iii): P(4, 4) = 9/16.
        assert_eq!(
            rows[15],
            serde_json::json!({"n": 4, "m": 4, "p": "9/16", "p_float": 0.5625})
        );
        for format in [Format::Text, Format::Csv, Format::Markdown] {
            let text = written(&t, format);
            for n in 1..=4 {
                for m in 1..=4 {
                    let p = t.probability(n, m).unwrap().to_string();
                    assert!(text.contains(&p), "{format}: {p}");
                }
            }
        }
        assert!(written(&t, Format::Markdown).contains("| 4 | 4 | 9/16 | 0.5625 |"));
    }

    #[test]
    fn the_unreachable_race_position_is_empty() {
        let t = Table::solve(3, Rules::Race, Questions::Two).unwrap();
        let csv = written(&t, Format::Csv);
        assert!(
            csv.starts_with("n,m,p,p_float\n1,1,,\n1,2,1,1.0\n"),
            "{csv}"
        );
        assert!(csv.contains("\n3,3,7/9,"), "{csv}");
        let doc: serde_json::Value = serde_json::from_str(&written(&t, Format::Json)).unwrap();
        assert_eq!(doc["rows"][0]["p"], serde_json::Value::Null);
        assert_eq!(doc["notes"].as_array().unwrap().len(), 1);
    }
}
