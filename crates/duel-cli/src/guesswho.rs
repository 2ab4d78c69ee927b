//! `duel guess-who` subcommands: exact values, tables, theorem checks and plots.

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{bail, Context};
use duel::guesswho::closed_form::{split, NicaPosition, OfficialPosition};
use duel::guesswho::verify::{cushing_theorem_1_6_printed, verify, verify_limit, Verification};
use duel::guesswho::{plot, Move, Prob, Questions, Rules, Table};
use duel::report::png::svg_to_png;
use serde::ser::SerializeMap;
use serde::Serialize;
use serde_json::json;

use crate::output::{out, print_json, progress};
use crate::Ctx;

/// Rule set and question kind, shared by the subcommands. Parsed by hand so that a bad value
/// gives one line and exit code 2.
#[derive(clap::Args)]
pub struct Variant {
    /// Rules: race (Nica: first to one candidate wins), official (Cushing et al.: a wrong
    /// guess loses) or free-guess (a wrong guess only removes the candidate).
    #[arg(long, default_value = "race")]
    rules: String,
    /// Question kind: 2 (yes/no) or 3 (headbusting: two or three answers).
    #[arg(long, default_value = "2")]
    questions: String,
}

impl Variant {
    fn parse(&self) -> anyhow::Result<(Rules, Questions)> {
        Ok((self.rules.parse()?, self.questions.parse()?))
    }
}

#[derive(clap::Subcommand)]
pub enum Cmd {
    /// The exact probability that the player to move wins from (N, M), and every optimal move.
    Value {
        /// Candidates left to the player to move.
        #[arg(allow_negative_numbers = true)]
        n: String,
        /// Candidates left to the opponent.
        #[arg(allow_negative_numbers = true)]
        m: String,
        #[command(flatten)]
        variant: Variant,
        /// Also evaluate this move: `guess` or the parts of a question, e.g. `8,16`.
        #[arg(long = "move", value_name = "MOVE")]
        mv: Option<String>,
        /// Refuse a table that would take more steps than this (about 10^10 a second):
        /// positions without a closed form (3-way questions, free guesses) grow as
        /// min·max²/4.
        #[arg(long, default_value = "1e12", allow_negative_numbers = true)]
        max_steps: String,
        /// One JSON document on stdout.
        #[arg(long)]
        json: bool,
    },
    /// P(n, m) for all 1 ≤ n, m ≤ MAX.
    Table {
        /// The largest pool.
        #[arg(long, allow_negative_numbers = true)]
        max: String,
        #[command(flatten)]
        variant: Variant,
        /// text (a grid), csv (n,m,p,p_float), json or markdown.
        #[arg(long, default_value = "text")]
        format: String,
    },
    /// Check the theorem of the chosen rules over 1 ≤ n, m ≤ MAX: race + 2: Nica Thm 1.1;
    /// official + 2: Cushing et al. Thm 1.1; official + 3: Cushing et al. Thm 1.6 as
    /// corrected; otherwise the recurrence, move by move. Exit 0 iff it holds, 1 otherwise.
    Verify {
        /// The largest pool.
        #[arg(long, allow_negative_numbers = true)]
        max: String,
        #[command(flatten)]
        variant: Variant,
        /// Check Cushing et al.'s Theorem 1.6 exactly as printed instead of as corrected
        /// (official rules, 3-way questions; it fails: exit code 1).
        #[arg(long)]
        printed: bool,
        /// One JSON document on stdout.
        #[arg(long)]
        json: bool,
    },
    /// A heatmap of P(n, m) (Nica's Figure 1) as SVG or PNG; `--continuous`: Nica's Figure 2.
    Plot {
        /// The largest pool (for --continuous: the extent of the L-shaped region, ≥ 3).
        #[arg(long)]
        max: String,
        /// The file to write: .svg, or .png (drawn twice the SVG's size, with an embedded font).
        #[arg(long)]
        out: PathBuf,
        #[command(flatten)]
        variant: Variant,
        /// Plot the continuous game's p∞ on the L-shaped region instead (Figure 2).
        #[arg(long)]
        continuous: bool,
    },
}

fn parse_pool(what: &str, s: &str) -> anyhow::Result<u64> {
    let v: u64 = s
        .trim()
        .parse()
        .map_err(|_| anyhow::anyhow!("{what} must be a positive integer, got '{s}'"))?;
    if v == 0 {
        bail!("{what} must be at least 1, got 0");
    }
    Ok(v)
}

fn parse_move(s: &str) -> anyhow::Result<Move> {
    if s.trim() == "guess" {
        return Ok(Move::Guess);
    }
    let parts: Result<Vec<u64>, _> = s.split(',').map(|p| p.trim().parse::<u64>()).collect();
    match parts {
        Ok(p) => Ok(Move::Split(p)),
        Err(_) => bail!("move '{s}' is neither 'guess' nor comma-separated part sizes like 8,16"),
    }
}

/// A move as the JSON of `value` writes it: `{"guess": true}` or `{"split": [a, b, ...]}`.
struct MoveJson<'a>(&'a Move);

impl Serialize for MoveJson<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut map = s.serialize_map(Some(1))?;
        match self.0 {
            Move::Guess => map.serialize_entry("guess", &true)?,
            Move::Split(parts) => map.serialize_entry("split", parts)?,
        }
        map.end()
    }
}

/// The JSON document of `value`, serialized directly, its fields in the alphabetical order a
/// `serde_json::Value` gave them. A `Value` for each move took about 1.6 KB: 800 MB and 1.5 s
/// for the 499961 optimal questions at `(10^6, 24)` under the official rules, 7.9 GB and
/// 30 s for the 5·10^6 at `(10^7, 24)`.
#[derive(Serialize)]
struct ValueDoc<'a> {
    /// Every optimal move; null when there are too many to list (`best_omitted` says why).
    best: Option<Vec<MoveJson<'a>>>,
    /// The number of optimal moves, where known.
    #[serde(skip_serializing_if = "Option::is_none")]
    best_count: Option<u64>,
    /// Why `best` is null.
    #[serde(skip_serializing_if = "Option::is_none")]
    best_omitted: Option<String>,
    m: u64,
    method: &'static str,
    #[serde(rename = "move", skip_serializing_if = "Option::is_none")]
    mv: Option<MoveJson<'a>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    move_optimal: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    move_p: Option<String>,
    n: u64,
    p: String,
    p_float: f64,
    questions: u32,
    rules: &'static str,
}

fn solve(ctx: &Ctx, max: u64, rules: Rules, questions: Questions) -> anyhow::Result<Table> {
    duel::guesswho::check_size(max, questions)?;
    let bar = progress(ctx, max, "solving");
    let table =
        Table::solve_with_progress(max, rules, questions, &mut |done, _| bar.set_position(done))?;
    bar.finish_and_clear();
    Ok(table)
}

pub fn run(cmd: Cmd, ctx: &Ctx) -> anyhow::Result<ExitCode> {
    match cmd {
        Cmd::Value {
            n,
            m,
            variant,
            mv,
            max_steps,
            json,
        } => value(ctx, &n, &m, &variant, mv.as_deref(), &max_steps, json),
        Cmd::Table {
            max,
            variant,
            format,
        } => table(ctx, &max, &variant, &format),
        Cmd::Verify {
            max,
            variant,
            printed,
            json,
        } => verify_cmd(ctx, &max, &variant, printed, json),
        Cmd::Plot {
            max,
            out,
            variant,
            continuous,
        } => plot_cmd(ctx, &max, &out, &variant, continuous),
    }
}

/// Table steps beyond which `value` answers a position with yes/no questions under the race
/// or official rules by the theorem of those rules (checked against the tables by `guess-who
/// verify` and the tests) instead: about ten seconds of table.
const CLOSED_FORM_STEPS: f64 = 2e10;
/// The optimal moves the text output of `value` shows (three-way questions can have over a
/// million).
const SHOWN: usize = 24;
/// The most optimal moves `value --json` lists: 10^7 took 4.2 s and 1.3 GB (`(2·10^7, 24)`,
/// official rules); the 8·10^8 of `(100000, 20)` with three-way questions ran out of memory.
const MAX_JSON_MOVES: usize = 10_000_000;
/// Table steps a second, measured on the development machine (2 cores; `value 100000 24
/// --rules official`: 6·10^10 steps in 5.5 s, 3-way squares and bands 0.8–0.9·10^10 with
/// the third counted), for the time a refusal quotes.
const STEPS_PER_SECOND: f64 = 1e10;

/// The theorems that answer a position with yes/no questions without a table.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Theorem {
    /// Race rules: Nica's Theorem 1.1, a closed form for every position.
    Nica,
    /// Official rules: Cushing et al.'s Theorem 1.1, an optimal decision at every position.
    Cushing,
}

impl Theorem {
    /// The theorem of these rules and questions, if the papers give one.
    fn of(rules: Rules, questions: Questions) -> Option<Theorem> {
        match (rules, questions) {
            (Rules::Race, Questions::Two) => Some(Theorem::Nica),
            (Rules::Official, Questions::Two) => Some(Theorem::Cushing),
            _ => None,
        }
    }

    /// The largest pool whose optimal questions are listed: `n/2` evaluations, 8 s at
    /// 2·10^9 for Nica's closed form. For Cushing et al.'s, rows of about `n` values, and often
    /// nearly every question is optimal: `(2·10^7, 24)` has 10^7 optimal questions, 1.4 s and
    /// 0.7 GB (with `--json` 4.2 s and 1.3 GB); `(10^8, 24)` took 12 s and 3.5 GB, most of it
    /// the list.
    fn max_listed(self) -> u64 {
        match self {
            Theorem::Nica => 2_000_000_000,
            Theorem::Cushing => 20_000_000,
        }
    }

    /// The theorem, as the text output names it.
    fn name(self) -> &'static str {
        match self {
            Theorem::Nica => "Nica's Theorem 1.1",
            Theorem::Cushing => "Cushing et al.'s Theorem 1.1",
        }
    }

    /// How the answer is found, for the text output.
    fn how(self) -> String {
        let how = match self {
            Theorem::Nica => " and the closed forms of the positions each question leads to",
            Theorem::Cushing => {
                ", its optimal decision played at every position each move leads to"
            }
        };
        format!("by {}{how}", self.name())
    }

    /// The probability of `(n, m)`, every optimal move when `list` (else none), and the value
    /// of `mv`.
    fn answer(
        self,
        n: u64,
        m: u64,
        mv: Option<&Move>,
        list: bool,
    ) -> anyhow::Result<(Prob, Vec<Move>, Option<Prob>)> {
        Ok(match self {
            Theorem::Nica => {
                let p = NicaPosition::new(n, m)?;
                let q = mv.map(|mv| p.move_probability(mv)).transpose()?;
                let best = if list { p.best_moves() } else { Vec::new() };
                (p.probability(), best, q)
            }
            Theorem::Cushing => {
                let p = OfficialPosition::new(n, m)?;
                let q = mv.map(|mv| p.move_probability(mv)).transpose()?;
                let best = if list { p.best_moves() } else { Vec::new() };
                (p.probability(), best, q)
            }
        })
    }
}

/// `--max-steps`: a positive number, `1e12` or `1000000000000`.
fn parse_steps(s: &str) -> anyhow::Result<f64> {
    match s.trim().parse::<f64>() {
        Ok(v) if v.is_finite() && v > 0.0 => Ok(v),
        _ => bail!("--max-steps must be a positive number like 1e12, got '{s}'"),
    }
}

/// A duration in words, for a refusal: "a second", "40 seconds", "3 minutes", "2.5 hours",
/// "4 days".
fn duration_words(seconds: f64) -> String {
    if seconds < 1.5 {
        "a second".to_string()
    } else if seconds < 120.0 {
        format!("{seconds:.0} seconds")
    } else if seconds < 7200.0 {
        format!("{:.0} minutes", seconds / 60.0)
    } else if seconds < 172_800.0 {
        format!("{:.1} hours", seconds / 3600.0)
    } else {
        format!("{:.0} days", seconds / 86_400.0)
    }
}

fn value(
    ctx: &Ctx,
    n: &str,
    m: &str,
    variant: &Variant,
    mv: Option<&str>,
    max_steps: &str,
    as_json: bool,
) -> anyhow::Result<ExitCode> {
    let (n, m) = (parse_pool("N", n)?, parse_pool("M", m)?);
    let (rules, questions) = variant.parse()?;
    let mv = mv.map(parse_move).transpose()?;
    let max_steps = parse_steps(max_steps)?;
    // A thin position only reaches a band of positions: solve that, not the whole square.
    let band = n.min(m).saturating_mul(4) <= n.max(m);
    // Steps of the table: each position (a, b) scans a/2 questions (a/3 more with three-way
    // ones), over a ≤ L and b ≤ S (band) or b ≤ L (square).
    let (big, small) = (n.max(m) as f64, n.min(m) as f64);
    let steps = big * big / 4.0 * if band { small } else { big };
    let theorem = Theorem::of(rules, questions).filter(|_| steps > CLOSED_FORM_STEPS);
    // The optimal moves kept: text shows a few and the count, JSON lists them all.
    let limit = if as_json { MAX_JSON_MOVES } else { SHOWN };
    // Above its limit the theorem's list of optimal questions is not made: the probability
    // (and the value of --move) is given without it (JSON: `best` null, `best_omitted` why).
    let mut unlisted = None;
    let (p, best, count, evaluated) = if let Some(theorem) = theorem {
        // A race position with a pool of one is over: its (empty) list takes no work.
        let list = n <= theorem.max_listed() || (theorem == Theorem::Nica && m == 1);
        if !list {
            let why = format!(
                "listing every optimal question takes {} evaluations (n/2); at most n = {} here",
                n / 2,
                theorem.max_listed()
            );
            unlisted = Some(why);
        }
        let (p, best, q) = theorem.answer(n, m, mv.as_ref(), list)?;
        let count = best.len() as u64;
        (p, best, count, mv.zip(q))
    } else {
        // With three-way questions, a third more for the table and n²/12 for the listing.
        let steps = if questions == Questions::Three {
            let n = n as f64;
            steps * 5.0 / 3.0 + n * n / 12.0
        } else {
            steps
        };
        // What cannot fit in memory is refused as such, before what takes long.
        if band {
            duel::guesswho::check_band_size(n, m, questions)?;
        } else {
            duel::guesswho::check_size(n.max(m), questions)?;
        }
        if steps > max_steps {
            bail!(
                "P({n}, {m}) needs a table of about {steps:.0e} steps, roughly {} at {STEPS_PER_SECOND:.0e} steps a second (no closed form for {rules} rules with {}-way questions); raise --max-steps (now {max_steps:.0e}) to run it",
                duration_words(steps / STEPS_PER_SECOND),
                questions.parts()
            );
        }
        let table = if band {
            Table::solve_band(n, m, rules, questions)?
        } else {
            solve(ctx, n.max(m), rules, questions)?
        };
        let evaluated = match &mv {
            Some(mv) => Some((mv.clone(), table.move_probability(n, m, mv)?)),
            None => None,
        };
        let (best, count) = table.best_moves_upto(n, m, limit)?;
        (table.probability(n, m)?, best, count, evaluated)
    };
    if as_json {
        let (listed, omitted) = if let Some(why) = &unlisted {
            (None, Some(why.clone()))
        } else if count > limit as u64 {
            (
                None,
                Some(format!(
                    "{count} optimal moves: more than --json lists ({limit})"
                )),
            )
        } else {
            (Some(best.iter().map(MoveJson).collect()), None)
        };
        print_json(&ValueDoc {
            best: listed,
            best_count: unlisted.is_none().then_some(count),
            best_omitted: omitted,
            m,
            method: if theorem.is_some() {
                "closed form"
            } else {
                "table"
            },
            mv: evaluated.as_ref().map(|(mv, _)| MoveJson(mv)),
            move_optimal: evaluated.as_ref().map(|(_, q)| *q == p),
            move_p: evaluated.as_ref().map(|(_, q)| q.to_string()),
            n,
            p: p.to_string(),
            p_float: p.to_f64(),
            questions: questions.parts(),
            rules: rules.name(),
        })?;
    } else {
        out!(
            "P({n}, {m}) = {p} ≈ {:.6}  ({} rules, {}-way questions)",
            p.to_f64(),
            rules,
            questions.parts()
        );
        if let Some(theorem) = theorem.filter(|_| !best.is_empty() || unlisted.is_some()) {
            out!(
                "{} (a table would take about {steps:.0e} steps)",
                theorem.how()
            );
        }
        if let Some(why) = &unlisted {
            out!("optimal moves: not listed: {why} (--move gives the value of one)");
        } else if best.is_empty() {
            out!("the game is already decided: no move to make");
        } else {
            let list: Vec<String> = best.iter().take(SHOWN).map(Move::to_string).collect();
            let more = if count > SHOWN as u64 {
                let json = if count > MAX_JSON_MOVES as u64 {
                    "too many for --json"
                } else {
                    "--json lists them"
                };
                format!(", … ({count} optimal moves in all; {json})")
            } else {
                String::new()
            };
            out!("optimal moves: {}{more}", list.join(", "));
        }
        if let Some((mv, q)) = evaluated {
            let shown = match &mv {
                Move::Split(parts) => split(parts),
                g => g.clone(),
            };
            out!(
                "{shown}: {q} ≈ {:.6} ({})",
                q.to_f64(),
                if q == p { "optimal" } else { "not optimal" }
            );
        }
    }
    Ok(ExitCode::SUCCESS)
}

fn table(ctx: &Ctx, max: &str, variant: &Variant, format: &str) -> anyhow::Result<ExitCode> {
    let max = parse_pool("--max", max)?;
    let (rules, questions) = variant.parse()?;
    if !["text", "csv", "json", "markdown"].contains(&format) {
        bail!("unknown format '{format}': expected text, csv, json or markdown");
    }
    let t = solve(ctx, max, rules, questions)?;
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    match write_table(&mut out, &t, format).and_then(|()| out.flush()) {
        // A reader that stops early (`| head`) is not an error.
        Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => Err(e.into()),
        _ => Ok(ExitCode::SUCCESS),
    }
}

/// Streams the table in `format` (the table can hold 16 million positions).
fn write_table(out: &mut impl Write, t: &Table, format: &str) -> std::io::Result<()> {
    let max = t.max();
    let cell = |n: u64, m: u64| match t.probability(n, m) {
        Ok(p) => p.to_string(),
        Err(_) => "-".to_string(),
    };
    match format {
        "csv" => {
            writeln!(out, "n,m,p,p_float")?;
            for n in 1..=max {
                for m in 1..=max {
                    match t.probability(n, m) {
                        Ok(p) => writeln!(out, "{n},{m},{p},{}", p.to_f64())?,
                        Err(_) => writeln!(out, "{n},{m},,")?,
                    }
                }
            }
        }
        "json" => {
            write!(
                out,
                "{{\"rules\": \"{}\", \"questions\": {}, \"max\": {max}, \"p\": [",
                t.rules(),
                t.questions().parts()
            )?;
            for n in 1..=max {
                let row: Vec<String> = (1..=max).map(|m| format!("\"{}\"", cell(n, m))).collect();
                let sep = if n < max { "," } else { "" };
                write!(out, "\n  [{}]{sep}", row.join(", "))?;
            }
            writeln!(out, "\n]}}")?;
        }
        "markdown" => {
            write!(out, "| n \\ m |")?;
            for m in 1..=max {
                write!(out, " {m} |")?;
            }
            write!(out, "\n| --- |")?;
            for _ in 1..=max {
                write!(out, " --- |")?;
            }
            writeln!(out)?;
            for n in 1..=max {
                write!(out, "| **{n}** |")?;
                for m in 1..=max {
                    write!(out, " {} |", cell(n, m))?;
                }
                writeln!(out)?;
            }
        }
        _ => {
            let width = (1..=max)
                .flat_map(|n| (1..=max).map(move |m| (n, m)))
                .map(|(n, m)| cell(n, m).len())
                .max()
                .unwrap_or(1)
                .max(max.to_string().len());
            writeln!(
                out,
                "P(n, m): rows n (player to move), columns m; {} rules, {}-way questions",
                t.rules(),
                t.questions().parts()
            )?;
            write!(out, "{:>w$} |", "n\\m", w = width)?;
            for m in 1..=max {
                write!(out, " {m:>width$}")?;
            }
            writeln!(out)?;
            for n in 1..=max {
                write!(out, "{n:>width$} |")?;
                for m in 1..=max {
                    write!(out, " {:>width$}", cell(n, m))?;
                }
                writeln!(out)?;
            }
        }
    }
    Ok(())
}

fn verify_cmd(
    ctx: &Ctx,
    max: &str,
    variant: &Variant,
    as_printed: bool,
    as_json: bool,
) -> anyhow::Result<ExitCode> {
    let max = parse_pool("--max", max)?;
    let (rules, questions) = variant.parse()?;
    if let Some(limit) = verify_limit(rules, questions) {
        if max > limit {
            bail!(
                "the move-by-move check of {rules} rules with 3-way questions enumerates O(n²) \
                 questions per position: use --max {limit} or less"
            );
        }
    }
    let tripartite = rules == Rules::Official && questions == Questions::Three;
    if as_printed && !tripartite {
        bail!("--printed applies to Theorem 1.6: use it with --rules official --questions 3");
    }
    let t = solve(ctx, max, rules, questions)?;
    let (v, printed): (Verification, _) = if as_printed {
        (cushing_theorem_1_6_printed(&t), None)
    } else {
        (
            verify(&t),
            tripartite.then(|| cushing_theorem_1_6_printed(&t)),
        )
    };
    if as_json {
        let mut doc = serde_json::to_value(&v)?;
        doc["table_bytes"] = json!(t.bytes());
        if let Some(p) = &printed {
            doc["printed"] = json!({
                "theorem": p.theorem,
                "counterexample_count": p.counterexample_count,
                "holds": p.holds,
                "first_counterexamples": p.counterexamples.iter().take(10).collect::<Vec<_>>(),
            });
        }
        print_json(&doc)?;
    } else {
        if v.holds {
            out!(
                "{} holds for all 1 ≤ n, m ≤ {max} ({} positions checked; {} rules, {}-way questions)",
                v.theorem,
                v.checked,
                rules,
                questions.parts()
            );
        } else {
            out!(
                "{} FAILS at {} of {} positions with 1 ≤ n, m ≤ {max}:",
                v.theorem,
                v.counterexample_count,
                v.checked
            );
            for c in v.counterexamples.iter().take(20) {
                out!(
                    "  ({}, {}): {}; stated {}, computed {}",
                    c.n,
                    c.m,
                    c.what,
                    c.stated,
                    c.computed
                );
            }
            if v.counterexample_count > 20 {
                out!("  ... (--json lists up to 1000)");
            }
        }
        if let Some(p) = printed {
            out!(
                "(as printed, Theorem 1.6 fails at {} of these positions: its sums for n_<, n_∘, n_> \
                 and its third case are misprinted)",
                p.counterexample_count
            );
        }
    }
    Ok(if v.holds {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

/// The width of a plot written as PNG: twice the SVG's 760 px, for sharp labels.
const PNG_WIDTH_PX: u32 = 1520;

fn plot_cmd(
    ctx: &Ctx,
    max: &str,
    out: &std::path::Path,
    variant: &Variant,
    continuous: bool,
) -> anyhow::Result<ExitCode> {
    let max = parse_pool("--max", max)?;
    let (rules, questions) = variant.parse()?;
    let ext = out
        .extension()
        .and_then(|e| e.to_str())
        .map(str::to_ascii_lowercase);
    let png = match ext.as_deref() {
        Some("svg") => false,
        Some("png") => true,
        _ => bail!(
            "the output file must end in .svg or .png, got {}",
            out.display()
        ),
    };
    let svg = if continuous {
        if max < 3 {
            bail!("--max for --continuous is the extent of the L-shaped region: at least 3");
        }
        plot::figure_2(max.min(16) as f64, 24)?
    } else {
        let t = solve(ctx, max, rules, questions)?;
        plot::figure_1(&t, max)?
    };
    let bytes = if png {
        svg_to_png(&svg, PNG_WIDTH_PX)?
    } else {
        svg.into_bytes()
    };
    std::fs::write(out, bytes).with_context(|| format!("cannot write {}", out.display()))?;
    out!("wrote {}", out.display());
    Ok(ExitCode::SUCCESS)
}
