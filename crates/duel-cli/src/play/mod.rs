//! `duel play`: a person plays a whole game, one line of stdin a move or an answer.
//!
//! - `mod.rs`: the arguments, and a game of the registry against a search agent.
//! - `guesswho.rs`: Guess Who against the optimal player.
//! - `liar.rs`: the liar game, as Carole (duel asks) or as Paul (duel answers).
//! - `bidding.rs`: a discrete bidding game against the optimal bidder.
//! - `setup.rs`: the options of the papers' games (`--n`, `--rules`, `--lies`, `--chips`, …).
//! - `input.rs`: the person's lines, read one bounded line at a time, and the answers to lines
//!   that are not moves.

mod bidding;
mod guesswho;
mod input;
mod liar;
mod setup;

use std::io::{BufRead, Write};

use input::{read_line, Line, MAX_LINE};
use std::process::ExitCode;

use duel::game::{Game, Player, Value};
use duel::games::{parse_game, GameVisitor};
use duel::search::answer::budget_of;
use duel::search::session::{Seat, Session, Turn};
use duel::search::{AgentSpec, Budget};
use serde::Serialize;

use crate::output::{out, out_raw, print_json};
use crate::Ctx;

/// Arguments of `duel play`.
#[derive(clap::Args)]
pub struct Args {
    /// The game, e.g. `tictactoe`, `connect:7x6:4` or `pearl:2:8`; or `guess-who`, `liar` or
    /// `bidding:GAME` (e.g. `bidding:tictactoe`, `bidding:tug:3`) with the setup options below.
    game: String,
    /// The agent: auto (exact where the solver finishes within half the budget, MCTS
    /// elsewhere), solver (exact only), mcts, mcts-prime, uct, sym, symp, gw, gw2, with
    /// parameters, e.g. `mcts:a=3.5,b=5`.
    #[arg(long, default_value = "auto")]
    agent: String,
    /// Iterations for each of the agent's moves (positions for the solver; at most
    /// 1000000000).
    #[arg(long, conflicts_with = "millis")]
    iterations: Option<u64>,
    /// Milliseconds for each of the agent's moves (at most 600000) [default: 1000, when
    /// --iterations is not given].
    #[arg(long)]
    millis: Option<u64>,
    /// Seed of the agent's random choices.
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// Who you are: `first` (you move first from the position), `second` (the agent moves
    /// first) or `none` (the agent plays both sides).
    #[arg(long, value_enum, default_value_t = Human::First)]
    human: Human,
    /// Moves played before the game starts, in the game's notation (`4453` for Connect-K).
    #[arg(long, default_value = "", allow_hyphen_values = true)]
    position: String,
    /// No board or prompts: one JSON document on stdout at the end.
    #[arg(long)]
    json: bool,
    #[command(flatten)]
    setup: setup::Setup,
}

/// Which side the person plays, counted from the position where play starts.
#[derive(Clone, Copy, PartialEq, Eq, clap::ValueEnum, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Human {
    /// The person moves first.
    First,
    /// The agent moves first.
    Second,
    /// The agent plays both sides.
    #[value(name = "none")]
    #[serde(rename = "none")]
    Nobody,
}

/// The agent's time a move when no budget is given.
const DEFAULT_MILLIS: u64 = 1000;

pub fn run(args: Args, _ctx: &Ctx) -> anyhow::Result<ExitCode> {
    match args.game.as_str() {
        "guess-who" => {
            let first = (args.human != Human::Nobody).then_some(args.human == Human::First);
            return guesswho::run(&args.setup, args.seed, first, args.json);
        }
        "liar" => return liar::run(&args.setup, args.json),
        g if g.starts_with("bidding:") => {
            return bidding::run(&g["bidding:".len()..], &args.setup, args.json)
        }
        _ => {}
    }
    let spec = AgentSpec::parse(&args.agent)?;
    // A person waits for the agent: by default one second a move, not a number of iterations.
    let millis = args
        .millis
        .or(args.iterations.is_none().then_some(DEFAULT_MILLIS));
    let budget = budget_of(args.iterations, millis)?;
    let game = parse_game(&args.game)?;
    game.visit(Play(args, spec, budget))
}

struct Play(Args, AgentSpec, Budget);

impl GameVisitor for Play {
    type Output = anyhow::Result<ExitCode>;
    fn visit<G: Game + 'static>(self, start: G) -> anyhow::Result<ExitCode> {
        let Play(args, spec, budget) = self;
        let seat = match args.human {
            Human::First => Seat::First,
            Human::Second => Seat::Second,
            Human::Nobody => Seat::Nobody,
        };
        let mut session = Session::new(start, &args.position, &spec, args.seed, budget, seat)?;
        let text = !args.json;
        let mut input = std::io::stdin().lock();
        let has_board = session.board().is_some();
        if text {
            let side = |p: Player| match (p, has_board) {
                (Player::First, true) => format!("{} (X)", player_name(p)),
                (Player::Second, true) => format!("{} (O)", player_name(p)),
                (_, false) => player_name(p).to_string(),
            };
            let game = session.start().spec();
            match session.person() {
                Some(h) => out!(
                    "{game}: you are {}, {} is {}; {} a move",
                    side(h),
                    session.agent_name(),
                    side(h.other()),
                    budget_text(budget)
                ),
                None => out!(
                    "{game}: {} plays both sides; {} a move",
                    session.agent_name(),
                    budget_text(budget)
                ),
            }
            show_position(&session)?;
        }
        loop {
            match session.turn() {
                Turn::Over => break,
                Turn::Person => match person_move(&mut session, &mut input, text)? {
                    Some(notation) if text => out!("you play {notation}"),
                    Some(_) => {}
                    None => {
                        session.resign();
                        continue;
                    }
                },
                Turn::Agent => {
                    let mover = session.position().to_move();
                    let m = session.agent_move()?;
                    if text {
                        let who = match session.person() {
                            Some(_) => session.agent_name(),
                            None => format!("{} ({})", session.agent_name(), player_name(mover)),
                        };
                        out!(
                            "{who} plays {} (estimate {:.4}; {} iterations in {:.1} ms, stopped: {}, {} tree nodes)",
                            m.notation, m.estimate, m.iterations, m.millis, m.stopped, m.tree_nodes
                        );
                    }
                }
            }
            if text {
                show_position(&session)?;
            }
        }
        let result = session.result().expect("the loop ends with the game");
        if args.json {
            print_json(&result)?;
        } else {
            let winner = match result.outcome {
                "first" => Some(Player::First),
                "second" => Some(Player::Second),
                _ => None,
            };
            let line = match (result.winner, winner) {
                (Some("human"), Some(p)) => format!("you won ({} won)", player_name(p)),
                (Some(_), _) if result.resigned => "you resigned: you lost, the agent wins".into(),
                (Some(_), Some(p)) => format!("you lost ({} won)", player_name(p)),
                (_, Some(p)) => format!("{} won", player_name(p)),
                (_, None) => "draw".to_string(),
            };
            out!("game over: {line}");
        }
        Ok(ExitCode::SUCCESS)
    }
}

/// "the first player" or "the second player".
fn player_name(p: Player) -> &'static str {
    match p {
        Player::First => "the first player",
        Player::Second => "the second player",
    }
}

/// "10000 iterations" or "500 ms".
fn budget_text(budget: Budget) -> String {
    match budget {
        Budget::Iterations(n) => format!("{n} iterations"),
        Budget::Millis(ms) => format!("{ms} ms"),
    }
}

/// Prints the board (the last move marked), or for a game without one the moves from the
/// start.
fn show_position<G: Game + 'static>(session: &Session<G>) -> anyhow::Result<()> {
    let moves = session.moves();
    match session.board() {
        Some(b) => out_raw!("{b}"),
        None if moves.is_empty() => out!("moves: none yet"),
        None => out!("moves: {}", session.start().format_moves(moves)),
    }
    Ok(())
}

/// What the person can type besides a move.
const HELP: &str = "type a move (one of the legal moves listed), or: hint (the best move and its value), undo (take back your last move), help, quit (resign)";

/// Asks the person for a move until one is legal, plays it and returns its notation; `None`
/// when they resign (`quit` or `resign`). `help`, `hint` and `undo` are answered and the
/// question asked again. A bad line is answered (on stdout in text mode, on stderr with
/// `--json`) and the question asked again; the end of input is an error.
fn person_move<G: Game + 'static>(
    session: &mut Session<G>,
    input: &mut impl BufRead,
    text: bool,
) -> anyhow::Result<Option<String>> {
    loop {
        if text {
            out!(
                "your move? legal: {} (or help, hint, undo, quit)",
                session.legal_moves().join(" ")
            );
        }
        let command = |line: &str, name: &str| line.eq_ignore_ascii_case(name);
        let answer = match read_line(input)? {
            Line::End => anyhow::bail!("input ended before the game was over"),
            Line::TooLong => format!("a line of more than {MAX_LINE} bytes is not a move"),
            Line::Text(line) if line.is_empty() => continue,
            Line::Text(line) if command(&line, "quit") || command(&line, "resign") => {
                return Ok(None)
            }
            Line::Text(line) if command(&line, "help") || line == "?" => HELP.to_string(),
            Line::Text(line) if command(&line, "hint") => match session.hint(session.budget()) {
                Ok(h) => match h.value {
                    Some(v) => format!("hint: {} ({} for you, by the exact solver)", h.notation, value_word(v)),
                    None => format!(
                        "hint: {} (estimate {:.4} by {}: the solver could not finish within the budget)",
                        h.notation, h.estimate, h.by
                    ),
                },
                Err(e) => format!("no hint: {e}"),
            },
            Line::Text(line) if command(&line, "undo") => match session.undo() {
                Ok(taken) if text => {
                    out!("took back {}", taken.join(" "));
                    show_position(session)?;
                    continue;
                }
                Ok(taken) => format!("took back {}", taken.join(" ")),
                Err(e) => e.to_string(),
            },
            Line::Text(line) => match session.person_move(&line) {
                Ok(notation) => return Ok(Some(notation)),
                Err(e) => e.to_string(),
            },
        };
        if text {
            out!("{answer}");
        } else {
            // Nothing but the JSON document goes to stdout; a person still needs to know.
            let _ = writeln!(std::io::stderr().lock(), "duel: {answer}");
        }
    }
}

/// "a win", "a draw" or "a loss".
fn value_word(v: Value) -> &'static str {
    match v {
        Value::Win => "a win",
        Value::Draw => "a draw",
        Value::Loss => "a loss",
    }
}
