//! `duel guess-who` subcommands: exact values, tables, theorem checks and plots.

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{bail, Context};
use duel::duel_core::table::Format;
use duel::guesswho::closed_form::split;
use duel::guesswho::value::{BestOmitted, Method, Theorem, ValueAnswer, MAX_LISTED_MOVES};
use duel::guesswho::{
    plot, value, verify_up_to, Move, Questions, Rules, Table, ValueQuery, VerifyAnswer,
};
use duel::report::png::svg_to_png;
use duel::text::quote;
use indicatif::ProgressBar;

use crate::output::{out, print_json, progress, write_table_stdout};
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
    Value(ValueArgs),
    /// P(n, m) for all 1 ≤ n, m ≤ MAX.
    Table(TableArgs),
    /// Check the theorem of the chosen rules over 1 ≤ n, m ≤ MAX: race + 2: Nica Thm 1.1;
    /// official + 2: Cushing et al. Thm 1.1; official + 3: Cushing et al. Thm 1.6 as
    /// corrected; otherwise the recurrence, move by move. Exit 0 iff it holds, 1 otherwise.
    Verify(VerifyArgs),
    /// A heatmap of P(n, m) (Nica's Figure 1) as SVG or PNG; `--continuous`: Nica's Figure 2.
    Plot(PlotArgs),
}

/// Arguments of `guess-who value`.
#[derive(clap::Args)]
pub struct ValueArgs {
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
}

/// Arguments of `guess-who table`.
#[derive(clap::Args)]
pub struct TableArgs {
    /// The largest pool.
    #[arg(long, allow_negative_numbers = true)]
    max: String,
    #[command(flatten)]
    variant: Variant,
    /// text, csv, json or markdown: one row per position, columns n, m, p, p_float.
    #[arg(long, default_value = "text")]
    format: String,
    /// The same as --format json.
    #[arg(long, conflicts_with = "format")]
    json: bool,
}

/// Arguments of `guess-who verify`.
#[derive(clap::Args)]
pub struct VerifyArgs {
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
}

/// Arguments of `guess-who plot`.
#[derive(clap::Args)]
pub struct PlotArgs {
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
}

fn parse_pool(what: &str, s: &str) -> anyhow::Result<u64> {
    let v: u64 = s
        .trim()
        .parse()
        .map_err(|_| anyhow::anyhow!("{what} must be a positive integer, got {}", quote(s)))?;
    if v == 0 {
        bail!("{what} must be at least 1, got 0");
    }
    Ok(v)
}

/// `--max-steps`: a positive number, `1e12` or `1000000000000`.
fn parse_steps(s: &str) -> anyhow::Result<f64> {
    match s.trim().parse::<f64>() {
        Ok(v) if v.is_finite() && v > 0.0 => Ok(v),
        _ => bail!(
            "--max-steps must be a positive number like 1e12, got {}",
            quote(s)
        ),
    }
}

/// Runs `work` with a progress callback drawn as a bar on stderr (from its first report).
fn with_progress<T>(ctx: &Ctx, work: impl FnOnce(&mut dyn FnMut(u64, u64)) -> T) -> T {
    let mut bar: Option<ProgressBar> = None;
    let result = work(&mut |done, total| {
        let bar = bar.get_or_insert_with(|| progress(ctx, total, "solving"));
        bar.set_length(total);
        bar.set_position(done);
    });
    if let Some(bar) = bar {
        bar.finish_and_clear();
    }
    result
}

pub fn run(cmd: Cmd, ctx: &Ctx) -> anyhow::Result<ExitCode> {
    match cmd {
        Cmd::Value(a) => value_cmd(a, ctx),
        Cmd::Table(a) => table_cmd(a, ctx),
        Cmd::Verify(a) => verify_cmd(a, ctx),
        Cmd::Plot(a) => plot_cmd(ctx, &a.max, &a.out, &a.variant, a.continuous),
    }
}

/// `guess-who value`: P(N, M), every optimal move, and the move asked about.
fn value_cmd(a: ValueArgs, ctx: &Ctx) -> anyhow::Result<ExitCode> {
    let (rules, questions) = a.variant.parse()?;
    let query = ValueQuery {
        mv: a.mv.as_deref().map(str::parse).transpose()?,
        max_steps: parse_steps(&a.max_steps)?,
        max_listed: if a.json { MAX_LISTED_MOVES } else { SHOWN },
        ..ValueQuery::new(
            parse_pool("N", &a.n)?,
            parse_pool("M", &a.m)?,
            rules,
            questions,
        )
    };
    let answer = with_progress(ctx, |progress| value(&query, progress))?;
    if a.json {
        print_json(&answer)?;
    } else {
        print_value(&answer)?;
    }
    Ok(ExitCode::SUCCESS)
}

/// `guess-who table`: P(n, m) for all 1 ≤ n, m ≤ MAX.
fn table_cmd(a: TableArgs, ctx: &Ctx) -> anyhow::Result<ExitCode> {
    let max = parse_pool("--max", &a.max)?;
    let (rules, questions) = a.variant.parse()?;
    let format = if a.json {
        Format::Json
    } else {
        a.format.parse()?
    };
    let table = with_progress(ctx, |progress| {
        Table::solve_with_progress(max, rules, questions, progress)
    })?;
    write_table_stdout(&table, format)?;
    Ok(ExitCode::SUCCESS)
}

/// `guess-who verify`: the rules' theorem checked up to MAX; exit 0 iff it holds.
fn verify_cmd(a: VerifyArgs, ctx: &Ctx) -> anyhow::Result<ExitCode> {
    let max = parse_pool("--max", &a.max)?;
    let (rules, questions) = a.variant.parse()?;
    let answer = with_progress(ctx, |progress| {
        verify_up_to(max, rules, questions, a.printed, progress)
    })?;
    if a.json {
        print_json(&answer)?;
    } else {
        print_verify(&answer)?;
    }
    Ok(if answer.verification.holds {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

/// The optimal moves the text output of `value` shows (three-way questions can have over a
/// million).
const SHOWN: usize = 24;

/// How a theorem answers, for the text output.
fn how(theorem: Theorem) -> String {
    let how = match theorem {
        Theorem::Nica => " and the closed forms of the positions each question leads to",
        Theorem::Cushing => ", its optimal decision played at every position each move leads to",
    };
    format!("by {}{how}", theorem.name())
}

fn print_value(a: &ValueAnswer) -> anyhow::Result<()> {
    let (n, m, p) = (a.n, a.m, a.p);
    out!(
        "P({n}, {m}) = {p} ≈ {:.6}  ({} rules, {}-way questions)",
        p.to_f64(),
        a.rules,
        a.questions.parts()
    );
    let unlisted = match a.best_omitted {
        Some(why @ BestOmitted::ListingTooLong { .. }) => Some(why),
        _ => None,
    };
    if let Method::ClosedForm {
        theorem,
        table_steps,
    } = a.method
    {
        if !a.best.is_empty() || unlisted.is_some() {
            out!(
                "{} (a table would take about {table_steps:.0e} steps)",
                how(theorem)
            );
        }
    }
    if let Some(why) = unlisted {
        out!("optimal moves: not listed: {why} (--move gives the value of one)");
    } else if a.best.is_empty() {
        out!("the game is already decided: no move to make");
    } else {
        let count = a.best_count.unwrap_or(a.best.len() as u64);
        let list: Vec<String> = a.best.iter().take(SHOWN).map(Move::to_string).collect();
        let more = if count > SHOWN as u64 {
            let json = if count > MAX_LISTED_MOVES as u64 {
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
    if let Some(e) = &a.evaluated {
        let shown = match &e.mv {
            Move::Split(parts) => split(parts),
            g => g.clone(),
        };
        out!(
            "{shown}: {} ≈ {:.6} ({})",
            e.p,
            e.p.to_f64(),
            if e.optimal { "optimal" } else { "not optimal" }
        );
    }
    Ok(())
}

fn print_verify(a: &VerifyAnswer) -> anyhow::Result<()> {
    let v = &a.verification;
    let max = v.max;
    if v.holds {
        out!(
            "{} holds for all 1 ≤ n, m ≤ {max} ({} positions checked; {} rules, {}-way questions)",
            v.theorem,
            v.checked,
            v.rules,
            v.questions
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
    if let Some(p) = &a.printed {
        out!(
            "(as printed, Theorem 1.6 fails at {} of these positions: its sums for n_<, n_∘, n_> \
             and its third case are misprinted)",
            p.counterexample_count
        );
    }
    Ok(())
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
            quote(&out.display().to_string())
        ),
    };
    let svg = with_progress(ctx, |progress| {
        plot::figure(max, rules, questions, continuous, progress)
    })?;
    let bytes = if png {
        svg_to_png(&svg, PNG_WIDTH_PX)?
    } else {
        svg.into_bytes()
    };
    std::fs::write(out, bytes).with_context(|| format!("cannot write {}", out.display()))?;
    out!("wrote {}", crate::output::shown(out));
    Ok(ExitCode::SUCCESS)
}
