//! `duel search section8`: Delattre & Fournier's section 8 by the paper's protocol, cell by
//! cell, into a data set that `duel report` reads.

use std::path::PathBuf;
use std::process::ExitCode;

use duel::arena::run_arena_prefix;
use duel::report::search::section8::paper::FAMILIES;
use duel::report::search::section8::protocol::{
    arena_config, cell_clocks, run_cell, CellKey, DataSet, Protocol, RUN_GAMES, SAMPLES,
};

use duel::report::search::section8::variants::{play, Variants, PLAN};

use crate::output::{out, shown};
use crate::Ctx;

/// Arguments of `duel search section8`.
#[derive(clap::Args)]
pub struct Args {
    /// Only the families given, e.g. `8.4,8.6` [default: all seven].
    #[arg(long, value_delimiter = ',')]
    only: Vec<String>,
    /// Only the cells of these times per move, in ms [default: every time of the paper].
    #[arg(long, value_delimiter = ',')]
    millis: Vec<u64>,
    /// Only this opponent: `mcts` or `mcts-prime` [default: both].
    #[arg(long)]
    opponent: Option<String>,
    /// Games every cell plays (half each way; even, at least 2).
    #[arg(long, default_value_t = 2_000)]
    min_games: u64,
    /// Games at most, while the sequential test is undecided (the paper: 20000).
    #[arg(long, default_value_t = 20_000)]
    max_games: u64,
    /// Folder of the cells' arena records (resumed from).
    #[arg(long, default_value = "records/section8")]
    records: PathBuf,
    /// The data set: read, each cell's line replaced as it finishes.
    #[arg(long, default_value = "data/section8/paper-clock.json")]
    data: PathBuf,
    /// Only calibrate the clocks and print them.
    #[arg(long)]
    clocks_only: bool,
    /// Only measure the cost: play this many games of each cell on one thread, without
    /// records, and print the seconds a game, and the core-hours of the grid at 2,000 and
    /// 20,000 games a cell and at the data set's games.
    #[arg(long, conflicts_with = "clocks_only")]
    cost: Option<u64>,
    /// Instead of the cells, play section 8.2's trials (GW, GW2, other a and b against the
    /// paper's agent on the data set's clock), `--min-games` games each, into `--variants-out`.
    #[arg(long, conflicts_with_all = ["clocks_only", "cost"])]
    variants: bool,
    /// The trials' data set: read, each match's line replaced as it finishes.
    #[arg(long, default_value = "data/section8/variants.json")]
    variants_out: PathBuf,
}

/// The cells the arguments select, refusing a family, time or opponent the paper lacks.
fn selected(args: &Args) -> anyhow::Result<Vec<CellKey>> {
    for s in &args.only {
        if !FAMILIES.iter().any(|f| f.section == s) {
            anyhow::bail!("--only {:?}: not a family of section 8 (8.4 to 8.10)", s);
        }
    }
    for t in &args.millis {
        if !FAMILIES
            .iter()
            .any(|f| f.cells.iter().any(|c| c.millis == *t))
        {
            anyhow::bail!("--millis {t}: no cell of section 8 has this time per move");
        }
    }
    if let Some(o) = &args.opponent {
        if o != "mcts" && o != "mcts-prime" {
            anyhow::bail!("--opponent must be mcts or mcts-prime (got {:?})", o);
        }
    }
    if args.min_games < 2 || args.min_games % 2 == 1 || args.max_games < args.min_games {
        anyhow::bail!(
            "--min-games must be even and at least 2, and --max-games at least --min-games"
        );
    }
    Ok(CellKey::all()
        .into_iter()
        .filter(|k| {
            let (f, c) = k.place();
            (args.only.is_empty() || args.only.iter().any(|s| s == f.section))
                && (args.millis.is_empty() || args.millis.contains(&c.millis))
                && args
                    .opponent
                    .as_ref()
                    .map_or(true, |o| o == k.opponent.name())
        })
        .collect())
}

pub fn run(args: Args, ctx: &Ctx) -> anyhow::Result<ExitCode> {
    let cells = selected(&args)?;
    let protocol = Protocol {
        min_games: args.min_games,
        max_games: args.max_games,
        ..Protocol::default()
    };
    let mut data = match std::fs::read_to_string(&args.data) {
        Ok(text) => DataSet::parse(&text, &args.data.display().to_string())?,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => DataSet::new(protocol, SAMPLES),
        Err(e) => anyhow::bail!("cannot read {}: {e}", shown(&args.data)),
    };
    if !args.clocks_only {
        std::fs::create_dir_all(&args.records)?;
        if let Some(dir) = args.data.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir)?;
        }
    }
    if let Some(games) = args.cost {
        return cost(&cells, games, &data);
    }
    if args.variants {
        return variants(&args, &data, ctx);
    }
    for key in cells {
        let (f, c) = key.place();
        let clocks = cell_clocks(key, SAMPLES)?;
        let name = format!("{} {} ms vs {}", f.section, c.millis, key.opponent.name());
        let clock_text = |i: usize| {
            let k = &clocks[i];
            format!(
                "{} units, {:.1} iterations at the first move (paper {})",
                k.units, k.first_move, k.paper_first_move
            )
        };
        if args.clocks_only {
            out!("{name}: {} | {}", clock_text(0), clock_text(1));
            continue;
        }
        let quiet = ctx.quiet;
        let cell = run_cell(key, clocks, &protocol, &args.records, &|games| {
            if !quiet {
                eprintln!("{name}: {games} games");
            }
        })?;
        let j = cell.judgement;
        out!(
            "{name}: {} games, score {:.4} (paper {:.4}), difference in [{:+.4}, {:+.4}]: {:?}",
            cell.games,
            j.score,
            j.paper_score,
            j.difference[0],
            j.difference[1],
            j.verdict
        );
        // Read again before writing, so that another run writing the same data set since
        // (other cells) keeps its lines.
        if let Ok(text) = std::fs::read_to_string(&args.data) {
            data = DataSet::parse(&text, &args.data.display().to_string())?;
        }
        data.insert(cell);
        // The protocol the data set states: this run's, with the most games any run allowed
        // (each cell keeps its own).
        let most = data.protocol.max_games.max(protocol.max_games);
        data.protocol = Protocol {
            max_games: most,
            ..protocol
        };
        duel::duel_core::whole_file::write_whole(&args.data, data.to_json().as_bytes())?;
    }
    Ok(ExitCode::SUCCESS)
}

/// Plays the trials of section 8.2 selected by `--only` and `--millis`, each written to the
/// variants' data set as it finishes.
fn variants(args: &Args, data: &DataSet, ctx: &Ctx) -> anyhow::Result<ExitCode> {
    let path = &args.variants_out;
    for (i, &(section, millis, variant, _)) in PLAN.iter().enumerate() {
        if !(args.only.is_empty() || args.only.iter().any(|s| s == section))
            || !(args.millis.is_empty() || args.millis.contains(&millis))
        {
            continue;
        }
        let Some(m) = play(i, data, args.min_games, &args.records)? else {
            anyhow::bail!(
                "section {section} at {millis} ms is not in {}: play its cells first",
                shown(&args.data)
            );
        };
        let (lo, hi) = m.interval();
        out!(
            "{section} at {millis} ms, {} vs {variant}: score {:.4} in [{lo:.4}, {hi:.4}] over {} games",
            m.ours,
            m.score().mean().unwrap_or(0.0),
            m.score().games()
        );
        if !ctx.quiet {
            eprintln!("{section} at {millis} ms vs {variant}: done");
        }
        let mut all = match std::fs::read_to_string(path) {
            Ok(text) => Variants::parse(&text)
                .map_err(|e| anyhow::anyhow!("{} is not the trials' data set: {e}", shown(path)))?,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Variants::default(),
            Err(e) => anyhow::bail!("cannot read {}: {e}", shown(path)),
        };
        all.matches.retain(|x| {
            !(x.section == m.section && x.millis == m.millis && x.variant == m.variant)
        });
        all.matches.push(m);
        all.matches.sort_by_key(|x| {
            PLAN.iter()
                .position(|p| p.0 == x.section && p.1 == x.millis && p.2 == x.variant)
        });
        let text = serde_json::to_string_pretty(&all)? + "\n";
        duel::duel_core::whole_file::write_whole(path, text.as_bytes())?;
    }
    Ok(ExitCode::SUCCESS)
}

/// The CPU time of the process so far (user and system, all threads): unlike the wall
/// clock, not lengthened by other work on the machine.
fn cpu_seconds() -> f64 {
    // SAFETY: getrusage writes the struct it is given, which lives on this stack.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    if unsafe { libc::getrusage(libc::RUSAGE_SELF, &mut usage) } != 0 {
        return 0.0;
    }
    let secs = |t: libc::timeval| t.tv_sec as f64 + t.tv_usec as f64 / 1e6;
    secs(usage.ru_utime) + secs(usage.ru_stime)
}

/// `--cost N`: each cell's seconds a game on one core, from `games` games, and the grid's
/// core-hours at 2,000 and 20,000 games a cell and at the games of `data`.
fn cost(cells: &[CellKey], games: u64, data: &DataSet) -> anyhow::Result<ExitCode> {
    if games == 0 || games % 2 == 1 {
        anyhow::bail!("--cost must be even and at least 2 (got {games})");
    }
    let mut totals = [0.0f64; 3];
    for &key in cells {
        let (f, c) = key.place();
        let clocks = cell_clocks(key, SAMPLES)?;
        let config = arena_config(key, &clocks, RUN_GAMES);
        let t0 = cpu_seconds();
        run_arena_prefix(&config, None, games, &|_| {})?;
        let per_game = (cpu_seconds() - t0) / games as f64;
        let played = data.cell(key).map_or(0, |d| d.games);
        for (t, n) in totals.iter_mut().zip([2_000, RUN_GAMES, played]) {
            *t += per_game * n as f64 / 3600.0;
        }
        out!(
            "{} {} ms vs {}: {:.4} CPU s a game ({} games played in the data set)",
            f.section,
            c.millis,
            key.opponent.name(),
            per_game,
            played
        );
    }
    out!(
        "core-hours: {:.2} at 2,000 games a cell, {:.2} at 20,000, {:.2} at the data set's games",
        totals[0],
        totals[1],
        totals[2]
    );
    Ok(ExitCode::SUCCESS)
}
