//! `duel liar` subcommands: who wins, fewest questions, the paper's checks, a play.

use std::process::ExitCode;

use duel::liar::verify::{verify, VerifyRanges};
use duel::liar::{judge_question, min_questions, play::play, solve_state, Budget, Variant};
use serde_json::json;

use crate::output::{print_json, progress};
use crate::Ctx;

#[derive(clap::Subcommand)]
pub enum Cmd {
    /// Who wins with N objects, Q questions and E lies.
    Solve(SolveArgs),
    /// The fewest questions Paul needs for N objects and E lies (original game), with proved
    /// lower and upper bounds.
    MinQuestions(MinArgs),
    /// The most questions Paul can face and still win the pathological game, with proved
    /// bounds.
    MaxQuestions(MinArgs),
    /// Checks Lemma 1, Theorem 1 and Corollaries 1 and 2 of Ellis, Ponomarenko & Yan
    /// (exit 0 iff all hold).
    Verify(VerifyArgs),
    /// Plays one game: Paul's question at each state, Carole's volume-greedy answers.
    Strategy(StrategyArgs),
    /// Exhaustive table for n = 1..=N: the fewest questions (original game) or the most
    /// questions Paul survives (pathological game).
    Table(TableArgs),
}

#[derive(clap::Args)]
pub struct TableArgs {
    /// Largest number of objects.
    #[arg(long)]
    max_n: u64,
    /// Number of lies Carole may tell.
    #[arg(long, default_value_t = 1)]
    lies: usize,
    /// Play the pathological game.
    #[arg(long)]
    pathological: bool,
    /// Memo entries the exhaustive search may store (at most about 170 bytes each; refused
    /// above 8 GiB); they also bound its time, 4 search steps an entry.
    #[arg(long, default_value_t = 30_000_000)]
    max_states: usize,
    /// Print one JSON document.
    #[arg(long)]
    json: bool,
}

#[derive(clap::Args)]
pub struct SolveArgs {
    /// Number of objects (the start state (N, 0, …, 0)).
    #[arg(long, required_unless_present = "state", conflicts_with = "state")]
    n: Option<u64>,
    /// Number of questions.
    #[arg(long)]
    questions: u32,
    /// Number of lies Carole may tell (default 1; with --state, the state's length − 1).
    #[arg(long)]
    lies: Option<usize>,
    /// Solve this state instead: X0,X1,… objects with 0, 1, … lies so far.
    #[arg(long, value_delimiter = ',')]
    state: Option<Vec<u64>>,
    /// Also judge this question A0,A1,… (≤ the state componentwise): does Paul win after
    /// asking it, and with which answer does Carole win?
    #[arg(long, value_delimiter = ',')]
    ask: Option<Vec<u64>>,
    /// Play the pathological game (Paul wins if at least one object survives).
    #[arg(long)]
    pathological: bool,
    /// Memo entries each search may store: the exhaustive search, then the strategy search
    /// with its certificate (at most about 170 bytes each; refused above 8 GiB).
    #[arg(long, default_value_t = 4_000_000)]
    max_states: usize,
    /// Search steps each search may take: the exhaustive search, then the strategy search
    /// (roughly 10^7 a second).
    #[arg(long, default_value_t = 40_000_000)]
    max_steps: u64,
    /// Print one JSON document.
    #[arg(long)]
    json: bool,
}

#[derive(clap::Args)]
pub struct MinArgs {
    /// Number of objects.
    #[arg(long)]
    n: u64,
    /// Number of lies Carole may tell.
    #[arg(long, default_value_t = 1)]
    lies: usize,
    /// Memo entries each search may store, for every number of questions tried: the
    /// exhaustive search, and the strategy search with its certificate (at most about 170
    /// bytes each; refused above 8 GiB).
    #[arg(long, default_value_t = 4_000_000)]
    max_states: usize,
    /// Search steps each search may take, for every number of questions tried: the
    /// exhaustive search and the strategy search (roughly 10^7 a second).
    #[arg(long, default_value_t = 40_000_000)]
    max_steps: u64,
    /// Print one JSON document.
    #[arg(long)]
    json: bool,
}

#[derive(clap::Args)]
pub struct VerifyArgs {
    /// Largest number of questions (certification up to it; exhaustive and whole-state checks
    /// up to min(Q, 12)).
    #[arg(long)]
    max_q: u32,
    /// Print one JSON document.
    #[arg(long)]
    json: bool,
}

#[derive(clap::Args)]
pub struct StrategyArgs {
    /// Number of objects.
    #[arg(long)]
    n: u64,
    /// Number of questions.
    #[arg(long)]
    questions: u32,
    /// Number of lies Carole may tell.
    #[arg(long, default_value_t = 1)]
    lies: usize,
    /// Play the pathological game.
    #[arg(long)]
    pathological: bool,
    /// Print one JSON document.
    #[arg(long)]
    json: bool,
}

fn variant(pathological: bool) -> Variant {
    if pathological {
        Variant::Pathological
    } else {
        Variant::Original
    }
}

pub fn run(cmd: Cmd, ctx: &Ctx) -> anyhow::Result<ExitCode> {
    match cmd {
        Cmd::Solve(a) => {
            let budget = Budget::uniform(a.max_states, a.max_steps);
            let v = variant(a.pathological);
            let state = match (&a.state, a.n) {
                (Some(x), _) => {
                    if let Some(e) = a.lies {
                        if e + 1 != x.len() {
                            anyhow::bail!(
                                "--lies {e} needs a state of {} classes, --state has {}",
                                e + 1,
                                x.len()
                            );
                        }
                    }
                    x.clone()
                }
                (None, Some(n)) => duel::liar::state::start(n, a.lies.unwrap_or(1))?,
                (None, None) => anyhow::bail!("give --n or --state"),
            };
            if let Some(ask) = &a.ask {
                // Before the search: a malformed question is refused at once.
                duel::liar::state::check_question(&state, ask)?;
                if a.questions == 0 {
                    anyhow::bail!("no question remains to be asked (--questions 0)");
                }
            }
            let r = solve_state(&state, a.questions, v, budget)?;
            let mut verdict = None;
            if let Some(ask) = &a.ask {
                let (yes, no) = duel::liar::state::successors(&state, ask);
                let carole =
                    judge_question(&state, a.questions, ask, v, budget)?.map(|ans| match ans {
                        duel::liar::Answer::Yes => "yes",
                        duel::liar::Answer::No => "no",
                    });
                verdict = Some((ask.clone(), yes, no, carole));
            }
            if a.json {
                let mut doc = serde_json::to_value(&r)?;
                if let Some((ask, yes, no, carole)) = &verdict {
                    doc["ask"] = json!(ask);
                    doc["after_yes"] = json!(yes);
                    doc["after_no"] = json!(no);
                    doc["paul_wins_after_ask"] = json!(carole.is_none());
                    doc["carole_answer"] = json!(carole);
                }
                print_json(&doc)?;
            } else {
                say(format!(
                    "{} game, state {:?} (n = {}), q = {}, {} lie(s): {} wins ({}; volume {} vs 2^q = {})",
                    r.variant.name(),
                    r.state,
                    r.n,
                    r.questions,
                    r.lies,
                    if r.winner == "paul" { "Paul" } else { "Carole" },
                    r.method,
                    r.volume,
                    r.bound
                ))?;
                if let Some(q) = &r.question {
                    say(format!(
                        "Paul's first question: {q:?} (objects of each lie class in the set)"
                    ))?;
                }
                if let Some((ask, yes, no, carole)) = &verdict {
                    say(match carole {
                        Some(ans) => format!(
                            "after asking {ask:?}: Carole wins by answering {ans} (yes → {yes:?}, no → {no:?})"
                        ),
                        None => format!(
                            "after asking {ask:?}: Paul wins whatever she answers (yes → {yes:?}, no → {no:?})"
                        ),
                    })?;
                }
            }
            Ok(ExitCode::SUCCESS)
        }
        Cmd::MinQuestions(a) => {
            let budget = Budget::uniform(a.max_states, a.max_steps);
            let r = min_questions(a.n, a.lies, budget)?;
            if a.json {
                print_json(&r)?;
            } else {
                if r.certified {
                    say(format!(
                        "n = {}, {} lie(s): {} questions (certified: lower = upper = {})",
                        r.n, r.lies, r.questions, r.upper
                    ))?;
                } else {
                    say(format!(
                        "n = {}, {} lie(s): between {} and {} questions (not certified)",
                        r.n, r.lies, r.lower, r.upper
                    ))?;
                }
                for s in &r.steps {
                    say(format!("  {s}"))?;
                }
            }
            Ok(ExitCode::SUCCESS)
        }
        Cmd::MaxQuestions(a) => {
            let budget = Budget::uniform(a.max_states, a.max_steps);
            let r = duel::liar::max_questions_pathological(a.n, a.lies, budget)?;
            if a.json {
                print_json(&r)?;
            } else {
                if r.certified {
                    say(format!(
                        "n = {}, {} lie(s), pathological game: Paul wins with at most {} questions (certified)",
                        r.n, r.lies, r.questions
                    ))?;
                } else {
                    say(format!(
                        "n = {}, {} lie(s), pathological game: Paul wins with {} questions, Carole with more than {} (not certified in between)",
                        r.n, r.lies, r.lower, r.upper
                    ))?;
                }
                for s in &r.steps {
                    say(format!("  {s}"))?;
                }
            }
            Ok(ExitCode::SUCCESS)
        }
        Cmd::Verify(a) => {
            let bar = progress(ctx, 1, "liar verify");
            let r = verify(VerifyRanges::up_to(a.max_q))?;
            bar.finish_and_clear();
            if a.json {
                print_json(&json!({
                    "max_q": a.max_q,
                    "items": r.items,
                    "holds": r.holds,
                }))?;
            } else {
                for i in &r.items {
                    say(format!(
                        "{} {} ({} cases; {})",
                        if i.holds { "holds:" } else { "FAILS:" },
                        i.name,
                        i.checked,
                        i.range
                    ))?;
                    for c in &i.counterexamples {
                        say(format!("    {c}"))?;
                    }
                }
                say(if r.holds {
                    "all statements hold".to_string()
                } else {
                    "some statements fail".to_string()
                })?;
            }
            Ok(if r.holds {
                ExitCode::SUCCESS
            } else {
                ExitCode::from(1)
            })
        }
        Cmd::Table(a) => {
            let v = variant(a.pathological);
            let rows = duel::liar::tables::extreme_questions(v, a.lies, a.max_n, a.max_states)?;
            if a.json {
                print_json(&json!({
                    "lies": a.lies,
                    "variant": v,
                    "rows": rows,
                }))?;
            } else {
                say(match v {
                    Variant::Original => "n  fewest-q  volume-bound".to_string(),
                    Variant::Pathological => "n  most-q  volume-bound".to_string(),
                })?;
                for r in &rows {
                    say(format!("{} {} {}", r.n, r.questions, r.volume_bound))?;
                }
            }
            Ok(ExitCode::SUCCESS)
        }
        Cmd::Strategy(a) => {
            let p = play(a.n, a.questions, a.lies, variant(a.pathological))?;
            if a.json {
                print_json(&json!({
                    "n": a.n,
                    "questions": a.questions,
                    "lies": a.lies,
                    "variant": variant(a.pathological),
                    "strategy": p.strategy,
                    "rounds": p.rounds,
                    "last": p.last,
                    "winner": p.winner,
                }))?;
            } else {
                say(format!(
                    "Paul plays the {}; Carole answers volume-greedily.",
                    p.strategy
                ))?;
                for r in &p.rounds {
                    say(format!(
                        "q = {:>3}  state {:?}  volume {}  ask {:?}  answer {}",
                        r.q,
                        r.state,
                        r.volume,
                        r.question,
                        match r.answer {
                            duel::liar::Answer::Yes => "yes",
                            duel::liar::Answer::No => "no",
                        }
                    ))?;
                }
                say(format!(
                    "end: state {:?}, {} wins",
                    p.last,
                    if p.winner == "paul" { "Paul" } else { "Carole" }
                ))?;
            }
            Ok(ExitCode::SUCCESS)
        }
    }
}

/// Prints one line on stdout (see `out!`).
fn say(line: String) -> anyhow::Result<()> {
    crate::output::write_stdout(format_args!("{line}"), true)
}
