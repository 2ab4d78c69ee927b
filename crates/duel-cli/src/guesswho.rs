//! `duel guess-who` subcommands: exact values, tables, theorem checks and plots.

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{bail, Context};
use duel::guesswho::closed_form::{split, NicaPosition};
use duel::guesswho::verify::{cushing_theorem_1_6_printed, verify, verify_limit, Verification};
use duel::guesswho::{plot, Move, Questions, Rules, Table};
use duel::report::png::svg_to_png;
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

fn move_json(mv: &Move) -> serde_json::Value {
    match mv {
        Move::Guess => json!({"guess": true}),
        Move::Split(parts) => json!({ "split": parts }),
    }
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
            json,
        } => value(ctx, &n, &m, &variant, mv.as_deref(), json),
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

/// Table steps beyond which `value` answers a race position with yes/no questions by Nica's
/// closed form (checked against the tables by `guess-who verify` and the tests) instead:
/// about ten seconds of table.
const CLOSED_FORM_STEPS: f64 = 2e10;
/// The largest pool whose optimal questions the closed form lists (n/2 evaluations: 8 s at
/// 2·10^9 on the development machine).
const MAX_LISTED: u64 = 2_000_000_000;

fn value(
    ctx: &Ctx,
    n: &str,
    m: &str,
    variant: &Variant,
    mv: Option<&str>,
    as_json: bool,
) -> anyhow::Result<ExitCode> {
    let (n, m) = (parse_pool("N", n)?, parse_pool("M", m)?);
    let (rules, questions) = variant.parse()?;
    let mv = mv.map(parse_move).transpose()?;
    // A thin position only reaches a band of positions: solve that, not the whole square.
    let band = n.min(m).saturating_mul(4) <= n.max(m);
    // Steps of the table: each position (a, b) scans a/2 questions (a third of them more
    // with three-way ones), over a ≤ L and b ≤ S (band) or b ≤ L (square).
    let (big, small) = (n.max(m) as f64, n.min(m) as f64);
    let steps = big * big / 4.0 * if band { small } else { big };
    let (p, best, evaluated, closed_form) = if rules == Rules::Race
        && questions == Questions::Two
        && steps > CLOSED_FORM_STEPS
    {
        if n > MAX_LISTED {
            bail!(
                "P({n}, {m}) has a closed form, but listing every optimal question takes {} steps (n/2); at most n = {MAX_LISTED} here",
                n / 2
            );
        }
        let position = NicaPosition::new(n, m)?;
        let evaluated = match &mv {
            Some(mv) => Some((mv.clone(), position.move_probability(mv)?)),
            None => None,
        };
        (
            position.probability(),
            position.best_moves(),
            evaluated,
            true,
        )
    } else {
        let table = if band {
            Table::solve_band(n, m, rules, questions)?
        } else {
            solve(ctx, n.max(m), rules, questions)?
        };
        let evaluated = match &mv {
            Some(mv) => Some((mv.clone(), table.move_probability(n, m, mv)?)),
            None => None,
        };
        (
            table.probability(n, m)?,
            table.best_moves(n, m)?,
            evaluated,
            false,
        )
    };
    if as_json {
        let mut doc = json!({
            "n": n,
            "m": m,
            "rules": rules.name(),
            "questions": questions.parts(),
            "p": p.to_string(),
            "p_float": p.to_f64(),
            "best": best.iter().map(move_json).collect::<Vec<_>>(),
            "method": if closed_form { "closed form" } else { "table" },
        });
        if let Some((mv, q)) = &evaluated {
            doc["move"] = move_json(mv);
            doc["move_p"] = json!(q.to_string());
            doc["move_optimal"] = json!(*q == p);
        }
        print_json(&doc)?;
    } else {
        out!(
            "P({n}, {m}) = {p} ≈ {:.6}  ({} rules, {}-way questions)",
            p.to_f64(),
            rules,
            questions.parts()
        );
        if closed_form && !best.is_empty() {
            out!(
                "by Nica's Theorem 1.1 and the closed forms of the positions each question leads to (a table would take about {steps:.0e} steps)"
            );
        }
        if best.is_empty() {
            out!("the game is already decided: no move to make");
        } else {
            const SHOWN: usize = 24;
            let list: Vec<String> = best.iter().take(SHOWN).map(Move::to_string).collect();
            let more = if best.len() > SHOWN {
                format!(
                    ", … ({} optimal moves in all; --json lists them)",
                    best.len()
                )
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
