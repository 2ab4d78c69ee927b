//! The binary on generated bad and odd command lines (issue 34): every subcommand with its
//! options, given numbers that are 0, negative, past their type or not numbers, malformed
//! game names, moves, agents, shards, chip counts and states, control characters and very
//! long text, missing, repeated and unknown options. Each run has an address-space limit and
//! a wall-clock limit; it must end with exit 0, or 2 and one line `duel: error: …` on stderr
//! (the `verify` commands also exit 1 when a statement fails, as documented).
//!
//! Seeded and reproducible: `DUEL_FUZZ_SEED` and `DUEL_FUZZ_CASES` change the seed and the
//! number of command lines. Sizes are kept small or invalid so that no valid job runs long.

#![cfg(target_os = "linux")]

use std::io::Read;
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// Address space of each run.
const LIMIT_BYTES: u64 = 1 << 30;
/// Wall-clock limit of each run; one that takes longer is killed and the test fails.
const WALL: Duration = Duration::from_secs(20);

/// splitmix64: a small seeded generator, so that a failing case can be replayed.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    /// True with probability `percent` / 100.
    fn chance(&mut self, percent: u64) -> bool {
        self.next() % 100 < percent
    }

    fn pick<'a>(&mut self, items: &[&'a str]) -> &'a str {
        items[self.below(items.len())]
    }
}

/// What an option or argument takes; each kind has valid small values and near misses.
#[derive(Clone, Copy)]
enum Kind {
    /// A whole number: small, or invalid (negative, past u64, not a number).
    Num,
    /// A game of the search engine.
    Game,
    /// A game of the bidding engine.
    BiddingGame,
    Moves,
    /// Connect Four positions deep enough to solve in milliseconds, or invalid.
    DeepPosition,
    /// Plies of an opening book, always invalid: a valid book takes minutes.
    BadPlies,
    BoardPosition,
    Agent,
    BayesAgent,
    Shard,
    Chips,
    ChipPair,
    Tax,
    Tie,
    TieBreak,
    Format,
    Rules,
    Questions,
    GuessMove,
    State,
    Human,
    /// A file to write.
    OutFile,
    /// A file to read.
    InFile,
    /// Report sections, always invalid so that no report is built.
    BadSection,
    /// A flag without a value.
    Flag,
}

const NUMS: &[&str] = &[
    "0",
    "1",
    "2",
    "3",
    "5",
    "-1",
    "-7",
    "18446744073709551616",
    "99999999999999999999999999",
    "1e3",
    "x",
    "",
    "3.5",
    "0x1f",
    "+2",
    " 4",
    "٣",
    "1_000",
];

const GAMES: &[&str] = &[
    "tictactoe",
    "pearl:2:6",
    "pearl:3:4:0.4:seed=3",
    "connect:4x4:3",
    "connect-misere:4x4:3",
    "galton-watson:4:0.2/0/0.8",
    "connect:7x6",
    "connect:0x0:0",
    "connect:1000000x1000000:4",
    "connect:7x6:-4",
    "pearl:2:99999999999",
    "pearl:0:3",
    "pearl:2:6:1.5",
    "galton-watson:4:0.5/0.6",
    "galton-watson:99999:1",
    "hex:-1",
    "tug:",
    "TicTacToe",
    "tictactoe:",
    ":::",
];

const BIDDING_GAMES: &[&str] = &[
    "tictactoe",
    "tictactoe:center",
    "tug:3",
    "hex:2",
    "connect:3x3:3",
    "ultimatum:3",
    "A",
    "B",
    "E",
    "A:3",
    "(A^B:2)^B",
    "(A^B",
    "A^^B",
    "tug:0",
    "tug:18446744073709551616",
    "hex:0",
    "hex:99",
    "connect:99x99:4",
    "ultimatum:-2",
    "((((((((((A))))))))))",
];

const MOVES: &[&str] = &[
    "1 5 9",
    "4455",
    "1,2,1",
    "121",
    "a1",
    "0",
    "99",
    "-1",
    "1 1 1 1 1 1 1 1 1 1",
    "5,5",
    "guess",
];

const DEEP_POSITIONS: &[&str] = &[
    "2252576253462244111563365343671351441",
    "5554224333234511764415115",
    "52753311433677442422121",
    "44444444",
    "8",
    "0",
    "4455x",
    "1111111111111111111111111111111111111111111111111",
];

const BAD_PLIES: &[&str] = &["13", "-1", "x", "99999999999999999999", "", "1.5"];

const BOARDS: &[&str] = &[
    "A../.B./...",
    "AAA/.../...",
    "..../..../..../....",
    "X../.../...",
    "A./B",
    "3",
    "start",
];

const AGENTS: &[&str] = &[
    "mcts",
    "mcts-prime",
    "uct",
    "sym",
    "symp",
    "gw",
    "gw2",
    "solver",
    "auto",
    "mcts:a=1.5,b=2",
    "uct:c=x",
    "sym:a=-1",
    "symp:a=0.5,fit=2",
    "gw:plain=1",
    "mcts:a=",
    "bogus",
    "mcts:a=1,a=2",
];

const BAYES_AGENTS: &[&str] = &[
    "sym",
    "symp",
    "gw",
    "gw2",
    "symp:a=0.618",
    "mcts",
    "sym:b=1",
];

const SHARDS: &[&str] = &[
    "0/2",
    "1/2",
    "2/2",
    "1/0",
    "a/b",
    "-1/3",
    "0/18446744073709551616",
    "3",
];

const CHIPS: &[&str] = &[
    "0",
    "3",
    "5",
    "4*",
    "0*",
    "*",
    "-2",
    "18446744073709551616",
    "x",
];

const CHIP_PAIRS: &[&str] = &[
    "4,4",
    "0,0",
    "3,5",
    "1,99999999999999999999",
    "a,b",
    "5*",
    "-1,2",
    "4;4",
    ",",
];

const TAXES: &[&str] = &["1", "0", "1/2", "2", "-1/2", "1/0", "x", "0.5"];
const TIES: &[&str] = &["alice", "bob", "carol", "Alice"];
const TIE_BREAKS: &[&str] = &[
    "advantage",
    "make-it-take-it",
    "losers-ball",
    "ladies-first",
    "coin",
];
const FORMATS: &[&str] = &["text", "csv", "json", "markdown", "yaml"];
const RULES: &[&str] = &["race", "official", "free", "house"];
const QUESTIONS: &[&str] = &["2", "3", "4", "two"];
const GUESS_MOVES: &[&str] = &["guess", "8,16", "1,1", "0,3", "5", "1,2,3,4", "x,y"];
const STATES: &[&str] = &[
    "3,0",
    "5,1,0",
    "0,0",
    "99999999999999999999,0",
    "1,,2",
    "x",
    "4",
];
const HUMANS: &[&str] = &["none", "first", "second", "both"];
const SECTIONS: &[&str] = &["nothing", "liar,bogus", "guesswho;liar", "every"];

/// Text no parser expects: control characters, escapes, odd Unicode, very long runs.
fn wild(rng: &mut Rng) -> String {
    match rng.below(8) {
        0 => "x\u{1b}[2J".to_string(),
        1 => "a\nb\rc\td".to_string(),
        2 => "é\u{202e}ﬁ😀".to_string(),
        3 => "9".repeat(100_000),
        4 => "connect:".repeat(5_000),
        5 => "\u{7}\u{8}\u{7f}".to_string(),
        6 => "--".to_string(),
        _ => "-".to_string(),
    }
}

/// A value for `kind`: mostly from its lists, sometimes wild (never for a guard).
fn value(rng: &mut Rng, kind: Kind, dir: &Path, guard: bool) -> String {
    if !guard && rng.chance(8) {
        return wild(rng);
    }
    let list = match kind {
        Kind::Num => NUMS,
        Kind::Game => GAMES,
        Kind::BiddingGame => BIDDING_GAMES,
        Kind::Moves => MOVES,
        Kind::DeepPosition => DEEP_POSITIONS,
        Kind::BadPlies => BAD_PLIES,
        Kind::BoardPosition => BOARDS,
        Kind::Agent => AGENTS,
        Kind::BayesAgent => BAYES_AGENTS,
        Kind::Shard => SHARDS,
        Kind::Chips => CHIPS,
        Kind::ChipPair => CHIP_PAIRS,
        Kind::Tax => TAXES,
        Kind::Tie => TIES,
        Kind::TieBreak => TIE_BREAKS,
        Kind::Format => FORMATS,
        Kind::Rules => RULES,
        Kind::Questions => QUESTIONS,
        Kind::GuessMove => GUESS_MOVES,
        Kind::State => STATES,
        Kind::Human => HUMANS,
        Kind::BadSection => SECTIONS,
        Kind::Flag => &[],
        Kind::OutFile => {
            let names = ["out.jsonl", "out.svg", "out.png", "out.txt", "out.csv"];
            return match rng.below(5) {
                0 => "/nonexistent-dir/x.jsonl".to_string(),
                1 => "/dev/full".to_string(),
                2 => dir.display().to_string(),
                _ => dir
                    .join(names[rng.below(names.len())])
                    .display()
                    .to_string(),
            };
        }
        Kind::InFile => {
            return match rng.below(6) {
                0 => "/nonexistent-dir/x".to_string(),
                1 => "/dev/zero".to_string(),
                2 => "/dev/null".to_string(),
                3 => dir.display().to_string(),
                _ => dir.join("garbage.txt").display().to_string(),
            };
        }
    };
    rng.pick(list).to_string()
}

/// One argument of a subcommand: `flag` is `None` for a positional one.
#[derive(Clone, Copy)]
struct Slot {
    flag: Option<&'static str>,
    kind: Kind,
    required: bool,
    /// Always given and never repeated: it keeps the job small (or invalid).
    guard: bool,
}

const fn opt(flag: &'static str, kind: Kind) -> Slot {
    Slot {
        flag: Some(flag),
        kind,
        required: false,
        guard: false,
    }
}

const fn req(flag: &'static str, kind: Kind) -> Slot {
    Slot {
        flag: Some(flag),
        kind,
        required: true,
        guard: false,
    }
}

const fn pos(kind: Kind) -> Slot {
    Slot {
        flag: None,
        kind,
        required: true,
        guard: false,
    }
}

const fn guard(flag: &'static str, kind: Kind) -> Slot {
    Slot {
        flag: Some(flag),
        kind,
        required: true,
        guard: true,
    }
}

/// A positional argument always given (see [`guard`]).
const fn guard_positional(kind: Kind) -> Slot {
    Slot {
        flag: None,
        kind,
        required: true,
        guard: true,
    }
}

use Kind::*;

/// Every subcommand with its arguments.
fn commands() -> Vec<(&'static [&'static str], Vec<Slot>)> {
    let gw_common = || {
        vec![
            opt("--rules", Rules),
            opt("--questions", Questions),
            opt("--quiet", Flag),
        ]
    };
    let mut gw_value = vec![
        pos(Num),
        pos(Num),
        opt("--move", GuessMove),
        opt("--max-steps", Num),
        opt("--json", Flag),
    ];
    gw_value.extend(gw_common());
    let mut gw_table = vec![
        req("--max", Num),
        opt("--format", Format),
        opt("--json", Flag),
    ];
    gw_table.extend(gw_common());
    let mut gw_verify = vec![
        req("--max", Num),
        opt("--printed", Flag),
        opt("--json", Flag),
    ];
    gw_verify.extend(gw_common());
    let mut gw_plot = vec![
        req("--max", Num),
        req("--out", OutFile),
        opt("--continuous", Flag),
    ];
    gw_plot.extend(gw_common());
    let budgets = || vec![opt("--max-states", Num), opt("--max-steps", Num)];
    let mut liar_solve = vec![
        req("--questions", Num),
        opt("--n", Num),
        opt("--lies", Num),
        opt("--state", State),
        opt("--ask", State),
        opt("--pathological", Flag),
        opt("--json", Flag),
    ];
    liar_solve.extend(budgets());
    let mut liar_min = vec![req("--n", Num), opt("--lies", Num), opt("--json", Flag)];
    liar_min.extend(budgets());
    let liar_max = liar_min.clone();
    let mut liar_table = vec![
        req("--max-n", Num),
        opt("--lies", Num),
        opt("--pathological", Flag),
        opt("--format", Format),
        opt("--json", Flag),
    ];
    liar_table.push(opt("--max-states", Num));
    vec![
        (&["guess-who", "value"][..], gw_value),
        (&["guess-who", "table"], gw_table),
        (&["guess-who", "verify"], gw_verify),
        (&["guess-who", "plot"], gw_plot),
        (&["liar", "solve"], liar_solve),
        (&["liar", "min-questions"], liar_min),
        (&["liar", "max-questions"], liar_max),
        (
            &["liar", "verify"],
            vec![req("--max-q", Num), opt("--json", Flag)],
        ),
        (
            &["liar", "strategy"],
            vec![
                req("--n", Num),
                req("--questions", Num),
                opt("--lies", Num),
                opt("--pathological", Flag),
                opt("--json", Flag),
            ],
        ),
        (&["liar", "table"], liar_table),
        (
            &["bidding", "richman"],
            vec![pos(BiddingGame), opt("--json", Flag), opt("--quiet", Flag)],
        ),
        (
            &["bidding", "threshold"],
            vec![
                pos(BiddingGame),
                req("--chips", Chips),
                opt("--tie-break", TieBreak),
                opt("--json", Flag),
            ],
        ),
        (
            &["bidding", "table"],
            vec![
                pos(BiddingGame),
                req("--max-chips", Num),
                opt("--format", Format),
                opt("--tie-break", TieBreak),
                opt("--json", Flag),
            ],
        ),
        (
            &["bidding", "period"],
            vec![pos(BiddingGame), opt("--chips", Chips), opt("--json", Flag)],
        ),
        (
            &["bidding", "moves"],
            vec![
                pos(BiddingGame),
                req("--chips", ChipPair),
                opt("--position", BoardPosition),
                opt("--tie", Tie),
                opt("--tie-break", TieBreak),
                opt("--json", Flag),
            ],
        ),
        (
            &["bidding", "taxman"],
            vec![pos(BiddingGame), opt("--tax", Tax), opt("--json", Flag)],
        ),
        (
            &["search", "value"],
            vec![
                pos(Game),
                opt("--position", Moves),
                opt("--max-nodes", Num),
                opt("--json", Flag),
            ],
        ),
        (
            &["search", "best"],
            vec![
                pos(Game),
                req("--agent", Agent),
                opt("--position", Moves),
                opt("--iterations", Num),
                opt("--millis", Num),
                opt("--seed", Num),
                opt("--json", Flag),
            ],
        ),
        (
            &["search", "leaves"],
            vec![
                pos(Game),
                req("--agent", BayesAgent),
                req("--trials", Num),
                opt("--seed", Num),
                opt("--json", Flag),
            ],
        ),
        (
            &["connect", "solve"],
            vec![
                guard_positional(DeepPosition),
                opt("--file", InFile),
                opt("--weak", Flag),
                opt("--json", Flag),
                opt("--quiet", Flag),
            ],
        ),
        (
            &["connect", "book"],
            vec![
                guard("--plies", BadPlies),
                opt("--out", OutFile),
                opt("--extend", InFile),
            ],
        ),
        (
            &["arena"],
            vec![
                pos(Game),
                req("--a", Agent),
                req("--b", Agent),
                req("--games", Num),
                opt("--iterations", Num),
                opt("--millis", Num),
                opt("--b-iterations", Num),
                opt("--b-millis", Num),
                opt("--seed", Num),
                opt("--threads", Num),
                opt("--shard", Shard),
                opt("--out", OutFile),
                opt("--json", Flag),
                opt("--quiet", Flag),
            ],
        ),
        (
            &["arena", "merge"],
            vec![pos(InFile), opt("--json", Flag), opt("--quiet", Flag)],
        ),
        (
            &["play"],
            vec![
                pos(Game),
                opt("--agent", Agent),
                opt("--iterations", Num),
                opt("--millis", Num),
                opt("--seed", Num),
                opt("--human", Human),
                opt("--position", Moves),
                opt("--json", Flag),
            ],
        ),
        (
            &["report"],
            vec![
                guard("--only", BadSection),
                req("--out", OutFile),
                opt("--quick", Flag),
                opt("--json", Flag),
            ],
        ),
    ]
}

/// Options of other commands, to be given where they do not belong.
const STRAY: &[&str] = &[
    "--chips",
    "--agent",
    "--n",
    "--max",
    "--position",
    "--help",
    "--version",
    "-h",
    "--bogus",
    "-x",
    "--json=1",
    "--quiet=yes",
];

/// One command line: the subcommand's words, then its arguments, some of them dropped,
/// repeated, left without their value or joined by stray ones, in a shuffled order.
fn command_line(rng: &mut Rng, dir: &Path) -> Vec<String> {
    let commands = commands();
    let (words, slots) = &commands[rng.below(commands.len())];
    let mut args: Vec<String> = words.iter().map(|w| w.to_string()).collect();
    let mut parts: Vec<Vec<String>> = Vec::new();
    for slot in slots {
        let keep = slot.guard
            || if slot.required {
                !rng.chance(8)
            } else {
                rng.chance(45)
            };
        if !keep {
            continue;
        }
        let times = if !slot.guard && rng.chance(5) { 2 } else { 1 };
        for _ in 0..times {
            let mut part = Vec::new();
            if let Some(flag) = slot.flag {
                part.push(flag.to_string());
            }
            if !matches!(slot.kind, Flag) && (slot.guard || !rng.chance(4)) {
                part.push(value(rng, slot.kind, dir, slot.guard));
            }
            parts.push(part);
        }
    }
    if rng.chance(15) {
        let mut part = vec![rng.pick(STRAY).to_string()];
        if rng.chance(60) {
            part.push(value(rng, Num, dir, false));
        }
        parts.push(part);
    }
    if rng.chance(10) {
        parts.push(vec![wild(rng)]);
    }
    // Options may come in any order; positional arguments keep theirs among themselves.
    for i in (1..parts.len()).rev() {
        if rng.chance(30) {
            let j = rng.below(i + 1);
            parts.swap(i, j);
        }
    }
    args.extend(parts.into_iter().flatten());
    args
}

/// How one run ended.
struct Run {
    code: Option<i32>,
    stderr: String,
    timed_out: bool,
}

/// Runs `duel args` with the address-space and wall-clock limits, stdin empty.
fn run(args: &[String]) -> Run {
    let mut command = Command::new(env!("CARGO_BIN_EXE_duel"));
    command
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    // SAFETY: setrlimit is async-signal-safe, and the closure touches nothing else of the
    // parent between fork and exec.
    unsafe {
        command.pre_exec(|| {
            let rlimit = libc::rlimit {
                rlim_cur: LIMIT_BYTES as libc::rlim_t,
                rlim_max: LIMIT_BYTES as libc::rlim_t,
            };
            if libc::setrlimit(libc::RLIMIT_AS, &rlimit) == 0 {
                Ok(())
            } else {
                Err(std::io::Error::last_os_error())
            }
        });
    }
    let mut child = command.spawn().expect("the duel binary starts");
    let mut stdout = child.stdout.take().expect("piped stdout");
    let mut stderr = child.stderr.take().expect("piped stderr");
    // Drained on their own threads, so that a full pipe never stalls the child.
    let out_reader = std::thread::spawn(move || {
        let mut sink = Vec::new();
        let _ = stdout.read_to_end(&mut sink);
    });
    let err_reader = std::thread::spawn(move || {
        let mut text = Vec::new();
        let _ = stderr.read_to_end(&mut text);
        text
    });
    let start = Instant::now();
    let mut timed_out = false;
    let status = loop {
        if let Some(status) = child.try_wait().expect("wait on duel") {
            break status;
        }
        if start.elapsed() > WALL {
            timed_out = true;
            let _ = child.kill();
            break child.wait().expect("wait on the killed duel");
        }
        std::thread::sleep(Duration::from_millis(2));
    };
    let _ = out_reader.join();
    let stderr = err_reader.join().unwrap_or_default();
    Run {
        code: status.code(),
        stderr: String::from_utf8_lossy(&stderr).into_owned(),
        timed_out,
    }
}

/// What is wrong with a run, if anything.
fn fault(args: &[String], run: &Run) -> Option<String> {
    if run.timed_out {
        return Some(format!("ran past {WALL:?}"));
    }
    let verify = args.get(1).is_some_and(|a| a == "verify");
    match run.code {
        Some(0) => None,
        Some(1) if verify => None,
        Some(2) => {
            let lines: Vec<&str> = run.stderr.lines().collect();
            let one_line = lines.len() == 1 && run.stderr.ends_with('\n');
            if one_line && lines[0].starts_with("duel: error: ") {
                None
            } else {
                Some(format!("exit 2 without one error line: {:?}", run.stderr))
            }
        }
        Some(code) => Some(format!("exit code {code}, stderr {:?}", run.stderr)),
        None => Some(format!("killed by a signal, stderr {:?}", run.stderr)),
    }
}

/// Shortens an argument list for a failure message.
fn shown(args: &[String]) -> Vec<String> {
    args.iter()
        .map(|a| {
            if a.chars().count() > 60 {
                format!(
                    "{}… ({} chars)",
                    a.chars().take(40).collect::<String>(),
                    a.len()
                )
            } else {
                a.clone()
            }
        })
        .collect()
}

fn env_number(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

#[test]
fn generated_bad_command_lines_end_in_exit_0_or_one_error_line() {
    let seed = env_number("DUEL_FUZZ_SEED", 34);
    let cases = env_number("DUEL_FUZZ_CASES", 400);
    let dir: PathBuf = std::env::temp_dir().join(format!("duel-fuzz-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    std::fs::write(dir.join("garbage.txt"), "4455 x\n{\"game\":1}\n\u{1b}[2J\n")
        .expect("a garbage file");
    let mut rng = Rng(seed);
    let mut faults = Vec::new();
    for case in 0..cases {
        let args = command_line(&mut rng, &dir);
        let run = run(&args);
        if let Some(why) = fault(&args, &run) {
            faults.push(format!("case {case} {:?}: {why}", shown(&args)));
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
    assert!(
        faults.is_empty(),
        "seed {seed}: {} of {cases} command lines failed:\n{}",
        faults.len(),
        faults.join("\n")
    );
}
