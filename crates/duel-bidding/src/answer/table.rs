//! `duel bidding table`: `f(G, k)` for every `k = 0..=K`, with the period of Theorems 3.13 and
//! 3.14 where the table verifies it.

use std::io;
use std::time::Instant;

use serde::Serialize;
use serde_json::{json, Map, Value};

use super::threshold::{ladies_first_threshold, recursion_of, ThresholdValue};
use crate::allk::{all_totals_until, find_period, AllTotals, PeriodFinding, DEFAULT_MEMORY_LIMIT};
use crate::boards::{connect_richman_dense, hex_richman_dense, Hex, LineGame};
use crate::brute::TieRule;
use crate::discrete::{threshold_table_until, Recursion};
use crate::games::{GameSpec, MAX_POSITIONS};
use crate::periodicity::Periodicity;
use crate::richman::Richman;
use crate::BiddingError;
use duel_core::cancel::Cancel;
use duel_core::exact::{Chips, Rational};
use duel_core::table::Tabular;

/// The largest `K` of a table (`K + 1` rows).
pub const MAX_TABLE_CHIPS: u64 = 1_000_000;

/// The most position updates (rows × positions of the graph) of a table on the explicit graph.
pub const TABLE_WORK_LIMIT: u64 = 20_000_000_000;

/// The period search on the explicit graph stops at about this many position updates (it runs
/// past `K` where the table is too short to verify a period).
const PERIOD_SEARCH_WORK: u64 = 200_000_000;

/// The answer of `duel bidding table`: the thresholds and how they were found. Written by
/// [`duel_core::table::write_table`] as text, CSV, JSON or Markdown: columns `k` and
/// `threshold`, the period in the JSON fields and in the notes.
#[derive(Clone, Debug)]
pub struct ThresholdTable {
    /// The game's name.
    pub game: String,
    /// The tie-breaking rule.
    pub tie_break: TieRule,
    /// `f(G, k)` for `k = 0..=K`.
    pub values: Vec<ThresholdValue>,
    /// The solver, and what it found about the period.
    pub source: TableSource,
}

/// How a table was computed.
#[derive(Clone, Debug)]
pub enum TableSource {
    /// One computation per total on the explicit graph; with the advantage rule the period is
    /// looked for by [`Periodicity::analyse_within`].
    Graph {
        /// The period, where verified over two periods.
        period: Option<TablePeriod>,
    },
    /// Connect and Hex boards: every total at once, layer by layer ([`crate::allk::all_totals`]).
    Layers(LayeredTable),
}

/// A period `f(k + d) = f(k) + s` for `k ≥ offset`, with `M`, `m`, `m̄` of Theorem 3.13.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct TablePeriod {
    /// `d`, a divisor of `M`.
    pub period: u64,
    /// `s`.
    pub shift: u64,
    /// Where the relation starts.
    pub offset: u64,
    /// `M` of Theorem 3.13.
    #[serde(rename = "M")]
    pub big_m: u64,
    /// `m = M·R(G)`.
    pub m: u64,
    /// `m̄ = M − m`.
    pub m_bar: u64,
}

/// What the layered solver of boards reports besides the values.
#[derive(Clone, Debug)]
pub struct LayeredTable {
    /// `R(G)`, from which the period's shift follows.
    pub richman: Rational,
    /// What the table says about the period.
    pub finding: PeriodFinding,
    /// Positions enumerated, layers, memory: [`AllTotals`] without its table (which is
    /// [`ThresholdTable::values`]).
    pub run: AllTotals,
    /// Time taken, in seconds.
    pub seconds: f64,
}

/// `f(G, k)` for `k = 0..=max_k` under `rule` (not Loser's Ball, which has no threshold):
/// Connect and Hex boards with the advantage by layers ([`crate::allk::all_totals`]), other games one total
/// at a time on the explicit graph (refused beyond [`TABLE_WORK_LIMIT`] position updates), with
/// the period looked for under the advantage rule. `progress` hears of the totals done.
pub fn table_answer(
    game: &GameSpec,
    max_k: u64,
    rule: TieRule,
    progress: &mut dyn FnMut(u64, u64),
) -> Result<ThresholdTable, BiddingError> {
    table_answer_until(game, max_k, rule, progress, &Cancel::never())
}

/// [`table_answer`], stopped with [`BiddingError::Cancelled`] once `cancel` is: read between
/// the layers of a board's table and between the totals of one on the explicit graph.
pub fn table_answer_until(
    game: &GameSpec,
    max_k: u64,
    rule: TieRule,
    progress: &mut dyn FnMut(u64, u64),
    cancel: &Cancel,
) -> Result<ThresholdTable, BiddingError> {
    if max_k > MAX_TABLE_CHIPS {
        return Err(BiddingError::TooManyRows {
            max_chips: max_k,
            limit: MAX_TABLE_CHIPS,
        });
    }
    let recursion = recursion_of(rule)?;
    if rule == TieRule::Advantage && matches!(game, GameSpec::Connect { .. } | GameSpec::Hex(_)) {
        return board_table(game, max_k, progress, cancel);
    }
    let built = game.build_until(cancel)?;
    let g = &built.graph;
    let s = g.start();
    let totals = max_k + 1;
    let work = totals.saturating_mul(g.len() as u64);
    if work > TABLE_WORK_LIMIT {
        return Err(BiddingError::TableTooLarge {
            totals,
            positions: g.len() as u64,
            updates: work,
            limit: TABLE_WORK_LIMIT,
        });
    }
    progress(0, totals);
    let values: Vec<ThresholdValue> = match recursion {
        Some(Recursion::Advantage) => {
            threshold_table_until(g, s, max_k, Recursion::Advantage, cancel)?
                .into_iter()
                .map(|r| ThresholdValue::Advantage(Chips::from_rank(r)))
                .collect()
        }
        Some(recursion) => threshold_table_until(g, s, max_k, recursion, cancel)?
            .into_iter()
            .map(ThresholdValue::MakeItTakeIt)
            .collect(),
        None => (0..totals)
            .map(|k| {
                cancel.check()?;
                let f = ladies_first_threshold(&built, k)?;
                progress(k + 1, totals);
                Ok(ThresholdValue::Count(f))
            })
            .collect::<Result<_, BiddingError>>()?,
    };
    progress(totals, totals);
    let period = if rule == TieRule::Advantage {
        let limit = totals.max(PERIOD_SEARCH_WORK / g.len().max(1) as u64);
        match Periodicity::analyse_until(g, s, limit, cancel) {
            Err(BiddingError::Cancelled(c)) => return Err(c.into()),
            found => found,
        }
        .ok()
        .map(|p| TablePeriod {
            period: p.period,
            shift: p.shift,
            offset: p.offset,
            big_m: p.big_m,
            m: p.m,
            m_bar: p.m_bar,
        })
    } else {
        None
    };
    Ok(ThresholdTable {
        game: game.name(),
        tie_break: rule,
        values,
        source: TableSource::Graph { period },
    })
}

/// The Richman value of a Connect or Hex board from the start: on the explicit graph where it
/// fits, otherwise on the dense tables.
fn board_richman(game: &GameSpec, cancel: &Cancel) -> Result<Rational, BiddingError> {
    if game.position_bound() <= MAX_POSITIONS as u128 {
        let g = game.build_until(cancel)?.graph;
        cancel.check()?;
        return Ok(Richman::solve(&g)?.value(g.start()).clone());
    }
    match *game {
        GameSpec::Hex(n) => Ok(hex_richman_dense(&Hex::new(n)?)?.value()),
        GameSpec::Connect { width, height, k } => {
            Ok(connect_richman_dense(&LineGame::new(width, height, k, true)?)?.value())
        }
        _ => Err(BiddingError::NotABoardGame { game: game.name() }),
    }
}

/// `table` for Connect and Hex boards: every total at once, layer by layer ([`crate::allk::all_totals`]),
/// and the period looked for from the Richman value ([`find_period`]).
fn board_table(
    game: &GameSpec,
    max_k: u64,
    progress: &mut dyn FnMut(u64, u64),
    cancel: &Cancel,
) -> Result<ThresholdTable, BiddingError> {
    progress(0, 1);
    let start = Instant::now();
    let mut run = match *game {
        GameSpec::Connect { width, height, k } => {
            let board = LineGame::new(width, height, k, true)?;
            all_totals_until(
                &board,
                board.position_bound(),
                max_k,
                DEFAULT_MEMORY_LIMIT,
                cancel,
            )?
        }
        GameSpec::Hex(n) => {
            let hex = Hex::new(n)?;
            all_totals_until(
                &hex,
                hex.position_bound(),
                max_k,
                DEFAULT_MEMORY_LIMIT,
                cancel,
            )?
        }
        _ => return Err(BiddingError::NotABoardGame { game: game.name() }),
    };
    let seconds = start.elapsed().as_secs_f64();
    let richman = board_richman(game, cancel)?;
    progress(1, 1);
    let finding = find_period(&run.table, &richman);
    let values = std::mem::take(&mut run.table)
        .into_iter()
        .map(ThresholdValue::Advantage)
        .collect();
    Ok(ThresholdTable {
        game: game.name(),
        tie_break: TieRule::Advantage,
        values,
        source: TableSource::Layers(LayeredTable {
            richman,
            finding,
            run,
            seconds,
        }),
    })
}

impl ThresholdTable {
    /// The period where one is verified (by two periods of the table or more).
    pub fn verified_period(&self) -> Option<(u64, u64, u64)> {
        match &self.source {
            TableSource::Graph { period } => period.as_ref().map(|p| (p.period, p.shift, p.offset)),
            TableSource::Layers(l) => match l.finding {
                PeriodFinding::Verified {
                    period,
                    shift,
                    offset,
                } => Some((period, shift, offset)),
                _ => None,
            },
        }
    }
}

impl LayeredTable {
    /// What the table says about the period, in one line, for a table of `len` totals.
    fn period_note(&self, len: usize) -> String {
        self.finding.describe(len as u64)
    }

    /// The run in one line: `R`, positions, layers, memory and time.
    fn run_note(&self) -> String {
        let r = &self.run;
        format!(
            "R = {}; {} positions in {} layers (widest {}), rows {} MB ({} bytes a value, {} totals a pass) + codes {} MB, {:.1} s",
            self.richman,
            r.positions,
            r.layers,
            r.widest_layer,
            r.row_bytes / 1_000_000,
            r.bytes_per_value,
            r.block,
            r.code_bytes / 1_000_000,
            self.seconds
        )
    }
}

impl Tabular for ThresholdTable {
    fn title(&self) -> String {
        format!("f({}, k) [{}]", self.game, self.tie_break.name())
    }

    fn columns(&self) -> Vec<String> {
        vec!["k".into(), "threshold".into()]
    }

    fn each_row(&self, row: &mut dyn FnMut(&[Value]) -> io::Result<()>) -> io::Result<()> {
        self.values
            .iter()
            .enumerate()
            .try_for_each(|(k, v)| row(&[json!(k), json!(v.to_string())]))
    }

    fn fields(&self) -> Map<String, Value> {
        let mut fields = Map::new();
        fields.insert("game".into(), json!(self.game));
        fields.insert("tie_break".into(), json!(self.tie_break.name()));
        match &self.source {
            TableSource::Graph { period } => {
                fields.insert("period".into(), json!(period));
            }
            TableSource::Layers(l) => {
                let period = self
                    .verified_period()
                    .map(|(period, shift, offset)| {
                        json!({"period": period, "shift": shift, "offset": offset})
                    });
                fields.insert(
                    "method".into(),
                    json!("Theorem 3.7 for every total at once, by layers"),
                );
                fields.insert("richman".into(), json!(l.richman.to_string()));
                fields.insert("positions".into(), json!(l.run.positions));
                fields.insert(
                    "memory_bytes".into(),
                    json!(l.run.row_bytes + l.run.code_bytes),
                );
                fields.insert("seconds".into(), json!(l.seconds));
                fields.insert("period".into(), json!(period));
                fields.insert(
                    "period_note".into(),
                    json!(l.period_note(self.values.len())),
                );
            }
        }
        fields
    }

    fn notes(&self) -> Vec<String> {
        match &self.source {
            TableSource::Graph { period } => period
                .iter()
                .map(|p| {
                    format!(
                        "f(k + {}) = f(k) + {} for k >= {} (M = {}, m = {}, m̄ = {})",
                        p.period, p.shift, p.offset, p.big_m, p.m, p.m_bar
                    )
                })
                .collect(),
            TableSource::Layers(l) => vec![l.period_note(self.values.len()), l.run_note()],
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::discrete::threshold_table;
    use crate::games::parse_game;

    fn table(name: &str, max_k: u64, rule: TieRule) -> ThresholdTable {
        table_answer(&parse_game(name).unwrap(), max_k, rule, &mut |_, _| {}).unwrap()
    }

    fn texts(t: &ThresholdTable) -> Vec<String> {
        t.values.iter().map(|v| v.to_string()).collect()
    }

    #[test]
    fn example_3_8_and_its_period() {
        // Develin & Payne, Example 3.8: f(E, k) = n + (0*, 1) for k = 2n + (0, 1).
        let t = table("E", 5, TieRule::Advantage);
        assert_eq!(texts(&t), ["0*", "1", "1*", "2", "2*", "3"]);
        assert_eq!(t.verified_period(), Some((2, 1, 0)));
        let TableSource::Graph { period: Some(p) } = &t.source else {
            panic!("E is solved on its graph")
        };
        // R(E) = 1/2: M = 2, m = m̄ = 1.
        assert_eq!((p.big_m, p.m, p.m_bar), (2, 1, 1));
        assert_eq!(
            t.notes(),
            ["f(k + 2) = f(k) + 1 for k >= 0 (M = 2, m = 1, m̄ = 1)"]
        );
    }

    #[test]
    fn boards_by_layers_agree_with_the_graph() {
        // connect:3x3:3 (R = 263/512): the layered table equals the per-total one, and its
        // period 512 is verified over two periods by k = 2047.
        let layered = table("connect:3x3:3", 2047, TieRule::Advantage);
        assert!(matches!(layered.source, TableSource::Layers(_)));
        assert_eq!(layered.verified_period(), Some((512, 263, 13)));
        let graph = parse_game("connect:3x3:3").unwrap().build().unwrap().graph;
        let direct = threshold_table(&graph, graph.start(), 80, Recursion::Advantage).unwrap();
        for (k, &rank) in direct.iter().enumerate() {
            assert_eq!(
                layered.values[k],
                ThresholdValue::Advantage(Chips::from_rank(rank))
            );
        }
        let fields = layered.fields();
        assert_eq!(fields["richman"], "263/512");
        assert_eq!(fields["period"]["period"], 512);
    }

    #[test]
    fn a_cancelled_table_stops_on_every_path() {
        // A board by layers, a board's graph under another rule, and a wedge of small graphs.
        let cancel = Cancel::never();
        cancel.cancel();
        for (name, rule) in [
            ("connect:3x3:3", TieRule::Advantage),
            ("connect:3x3:3", TieRule::MakeItTakeIt),
            ("tictactoe", TieRule::Advantage),
            ("A^B", TieRule::Advantage),
        ] {
            let game = parse_game(name).unwrap();
            let err = table_answer_until(&game, 10, rule, &mut |_, _| {}, &cancel);
            assert_eq!(
                err.unwrap_err(),
                BiddingError::Cancelled(duel_core::cancel::Cancelled),
                "{name}"
            );
        }
        let live = Cancel::until(Instant::now() + std::time::Duration::from_secs(3600));
        let t = table_answer_until(
            &parse_game("E").unwrap(),
            5,
            TieRule::Advantage,
            &mut |_, _| {},
            &live,
        );
        assert_eq!(texts(&t.unwrap()), ["0*", "1", "1*", "2", "2*", "3"]);
    }

    #[test]
    fn limits_are_typed_errors_with_their_numbers() {
        let tic = parse_game("tictactoe").unwrap();
        assert_eq!(
            table_answer(&tic, 2_000_000, TieRule::Advantage, &mut |_, _| {}).unwrap_err(),
            BiddingError::TooManyRows {
                max_chips: 2_000_000,
                limit: MAX_TABLE_CHIPS
            }
        );
        let board = parse_game("connect:4x4:3").unwrap();
        let err = table_answer(&board, 300_000, TieRule::MakeItTakeIt, &mut |_, _| {});
        assert_eq!(
            err.unwrap_err(),
            BiddingError::TableTooLarge {
                totals: 300_001,
                positions: 88_528,
                updates: 300_001 * 88_528,
                limit: TABLE_WORK_LIMIT
            }
        );
        assert_eq!(
            BiddingError::TableTooLarge {
                totals: 100_001,
                positions: 379_423,
                updates: 37_942_679_423,
                limit: TABLE_WORK_LIMIT
            }
            .to_string(),
            "a table of 100001 totals over 379423 positions needs about 37942679423 position updates (limit 2·10^10): ask for fewer totals"
        );
    }
}
