//! `duel liar` subcommands: who wins, fewest questions, the paper's checks, a play.

use std::process::ExitCode;

use duel::duel_core::table::Format;
use duel::liar::answer::{self, SolveRequest, Start};
use duel::liar::{
    max_questions_pathological_with, min_questions_with, Answer, Budget, Variant, Winner,
};

use crate::output::{print_json, progress, write_table_stdout};
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
    /// How to write the table: text, csv, json or markdown.
    #[arg(long, default_value_t = Format::Text)]
    format: Format,
    /// The same as `--format json`.
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
    /// exhaustive search and the strategy search (roughly 10^7 a second). The scan tries at
    /// most 121 numbers of questions, so it takes at most 242 × this many steps; a bar on
    /// stderr counts them and states the most for this N and E.
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

/// "yes" or "no".
fn answer_text(a: Answer) -> &'static str {
    match a {
        Answer::Yes => "yes",
        Answer::No => "no",
    }
}

/// "Paul" or "Carole", from the `winner` field.
fn winner_name(winner: Winner) -> &'static str {
    match winner {
        Winner::Paul => "Paul",
        Winner::Carole => "Carole",
    }
}

pub fn run(cmd: Cmd, ctx: &Ctx) -> anyhow::Result<ExitCode> {
    match cmd {
        Cmd::Solve(a) => solve(a),
        Cmd::MinQuestions(a) => min_questions(a, ctx),
        Cmd::MaxQuestions(a) => max_questions(a, ctx),
        Cmd::Verify(a) => verify(a, ctx),
        Cmd::Table(a) => table(a),
        Cmd::Strategy(a) => strategy(a),
    }
}

/// `liar solve`: who wins from N objects or a state, and the verdict on a question.
fn solve(a: SolveArgs) -> anyhow::Result<ExitCode> {
    let start = match (a.state, a.n) {
        (Some(x), _) => Start::State(x),
        (None, Some(n)) => Start::Objects(n),
        (None, None) => anyhow::bail!("give --n or --state"),
    };
    let r = answer::solve(&SolveRequest {
        start,
        lies: a.lies,
        questions: a.questions,
        ask: a.ask,
        variant: variant(a.pathological),
        budget: Budget::uniform(a.max_states, a.max_steps),
    })?;
    if a.json {
        print_json(&r)?;
        return Ok(ExitCode::SUCCESS);
    }
    say(format!(
        "{} game, state {:?} (n = {}), q = {}, {} lie(s): {} wins ({}; volume {} vs 2^q = {})",
        r.variant.name(),
        r.state,
        r.n,
        r.questions,
        r.lies,
        winner_name(r.winner),
        r.method,
        r.volume,
        r.bound
    ))?;
    if let Some(q) = &r.question {
        say(format!(
            "Paul's first question: {q:?} (objects of each lie class in the set)"
        ))?;
    }
    if let (Some(ask), Some(yes), Some(no), Some(carole)) =
        (&r.ask, &r.after_yes, &r.after_no, r.carole_answer)
    {
        say(match carole {
            Some(ans) => format!(
                "after asking {ask:?}: Carole wins by answering {} (yes → {yes:?}, no → {no:?})",
                answer_text(ans)
            ),
            None => format!(
                "after asking {ask:?}: Paul wins whatever she answers (yes → {yes:?}, no → {no:?})"
            ),
        })?;
    }
    Ok(ExitCode::SUCCESS)
}

/// `liar min-questions`: the fewest questions of the original game, with its bounds.
fn min_questions(a: MinArgs, ctx: &Ctx) -> anyhow::Result<ExitCode> {
    let budget = Budget::uniform(a.max_states, a.max_steps);
    let r = with_scan_bar(ctx, "liar min-questions", a.max_steps, |p| {
        min_questions_with(a.n, a.lies, budget, p)
    })?;
    if a.json {
        print_json(&r)?;
        return Ok(ExitCode::SUCCESS);
    }
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
    Ok(ExitCode::SUCCESS)
}

/// `liar max-questions`: the most questions Paul survives in the pathological game.
fn max_questions(a: MinArgs, ctx: &Ctx) -> anyhow::Result<ExitCode> {
    let budget = Budget::uniform(a.max_states, a.max_steps);
    let r = with_scan_bar(ctx, "liar max-questions", a.max_steps, |p| {
        max_questions_pathological_with(a.n, a.lies, budget, p)
    })?;
    if a.json {
        print_json(&r)?;
        return Ok(ExitCode::SUCCESS);
    }
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
    Ok(ExitCode::SUCCESS)
}

/// `liar verify`: the paper's statements checked; exit 0 iff all hold.
fn verify(a: VerifyArgs, ctx: &Ctx) -> anyhow::Result<ExitCode> {
    let bar = progress(ctx, 1, "liar verify");
    let r = answer::verify(a.max_q, &mut |done, _| bar.set_position(done))?;
    bar.finish_and_clear();
    let code = if r.holds {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    };
    if a.json {
        print_json(&r)?;
        return Ok(code);
    }
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
    Ok(code)
}

/// `liar table`: the exhaustive table for n = 1..=N.
fn table(a: TableArgs) -> anyhow::Result<ExitCode> {
    let t = answer::table(variant(a.pathological), a.lies, a.max_n, a.max_states)?;
    let format = if a.json { Format::Json } else { a.format };
    write_table_stdout(&t, format)?;
    Ok(ExitCode::SUCCESS)
}

/// `liar strategy`: one play of the splitting strategy against volume-greedy answers.
fn strategy(a: StrategyArgs) -> anyhow::Result<ExitCode> {
    let p = answer::strategy(a.n, a.questions, a.lies, variant(a.pathological))?;
    if a.json {
        print_json(&p)?;
        return Ok(ExitCode::SUCCESS);
    }
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
            answer_text(r.answer)
        ))?;
    }
    say(format!(
        "end: state {:?}, {} wins",
        p.last,
        winner_name(p.winner)
    ))?;
    Ok(ExitCode::SUCCESS)
}

/// Prints one line on stdout (see `out!`).
fn say(line: String) -> anyhow::Result<()> {
    crate::output::write_stdout(format_args!("{line}"), true)
}

/// Runs a scan over numbers of questions with a bar on stderr counting them, its message
/// stating the most the scan may take: `total` numbers of questions, each two searches of at
/// most `max_steps` steps (roughly 10^7 a second).
fn with_scan_bar<T>(
    ctx: &Ctx,
    what: &str,
    max_steps: u64,
    scan: impl FnOnce(&mut dyn FnMut(u64, u64)) -> T,
) -> T {
    let mut bar: Option<indicatif::ProgressBar> = None;
    let result = scan(&mut |done, total| {
        let bar = bar.get_or_insert_with(|| {
            let worst = total as f64 * 2.0 * max_steps as f64 / 1e7;
            let message = format!("{what}: q tried (at most {total}, ~{worst:.0} s)");
            progress(ctx, total, &message)
        });
        bar.set_position(done);
    });
    if let Some(bar) = bar {
        bar.finish_and_clear();
    }
    result
}
