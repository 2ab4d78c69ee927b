//! `duel play GAME` for a game of the registry: the person against a search agent, replayed by
//! the library's session ([`duel::search::session`]). After every move the board (or the moves
//! from the start); the agent's moves with what its search says of them.

use std::io::{BufRead, Write};
use std::process::ExitCode;

use duel::game::{Game, Player, Value};
use duel::games::{parse_game, with_game};
use duel::search::answer::budget_of;
use duel::search::session::{PlayResult, Seat, Session, Turn};
use duel::search::{AgentSpec, Budget};

use super::args::{Args, Human};
use super::input::{read_line, Line, MAX_LINE};
use crate::output::{out, out_raw, print_json};

/// The agent's time a move when no budget is given.
const DEFAULT_MILLIS: u64 = 1000;

/// What the person can type besides a move.
const HELP: &str = "type a move (one of the legal moves listed), or: hint (the best move and its value), undo (take back your last move), help, quit (resign)";

/// Plays the game `args` names against the agent it names.
pub fn run(args: &Args) -> anyhow::Result<ExitCode> {
    let spec = AgentSpec::parse(&args.agent)?;
    // A person waits for the agent: by default one second a move, not a number of iterations.
    let millis = args
        .millis
        .or(args.iterations.is_none().then_some(DEFAULT_MILLIS));
    let budget = budget_of(args.iterations, millis)?;
    let game = parse_game(&args.game)?;
    with_game!(game, g => play(g, args, &spec, budget))
}

/// Plays from `start` (after `--position`) to the end of the game, then prints how it ended.
fn play<G: Game + 'static>(
    start: G,
    args: &Args,
    spec: &AgentSpec,
    budget: Budget,
) -> anyhow::Result<ExitCode> {
    let seat = match args.human {
        Human::First => Seat::First,
        Human::Second => Seat::Second,
        Human::Nobody => Seat::Nobody,
    };
    let mut session = Session::new(start, &args.position, spec, args.seed, budget, seat)?;
    let text = !args.json;
    if text {
        announce(&session, budget)?;
        show_position(&session)?;
    }
    play_out(&mut session, text)?;
    let result = session.result().expect("the loop ends with the game");
    if args.json {
        print_json(&result)?;
    } else {
        out!("game over: {}", result_line(&result));
    }
    Ok(ExitCode::SUCCESS)
}

/// The first line: who plays which side, and the agent's budget.
fn announce<G: Game + 'static>(session: &Session<G>, budget: Budget) -> anyhow::Result<()> {
    let has_board = session.board().is_some();
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
            Budget::to_string(&budget)
        ),
        None => out!(
            "{game}: {} plays both sides; {} a move",
            session.agent_name(),
            Budget::to_string(&budget)
        ),
    }
    Ok(())
}

/// Plays the turns until the game is over or the person resigns, showing the position after
/// each move in text mode.
fn play_out<G: Game + 'static>(session: &mut Session<G>, text: bool) -> anyhow::Result<()> {
    let mut input = std::io::stdin().lock();
    loop {
        match session.turn() {
            Turn::Over => return Ok(()),
            Turn::Person => match person_move(session, &mut input, text)? {
                Some(notation) if text => out!("you play {notation}"),
                Some(_) => {}
                None => {
                    session.resign();
                    continue;
                }
            },
            Turn::Agent => agent_move(session, text)?,
        }
        if text {
            show_position(session)?;
        }
    }
}

/// The agent plays its move; in text mode, the move and what its search says of it.
fn agent_move<G: Game + 'static>(session: &mut Session<G>, text: bool) -> anyhow::Result<()> {
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
    Ok(())
}

/// How the game ended, from the person's side.
fn result_line(result: &PlayResult) -> String {
    let winner = match result.outcome {
        "first" => Some(Player::First),
        "second" => Some(Player::Second),
        _ => None,
    };
    match (result.winner, winner) {
        (Some("human"), Some(p)) => format!("you won ({} won)", player_name(p)),
        (Some(_), _) if result.resigned => "you resigned: you lost, the agent wins".into(),
        (Some(_), Some(p)) => format!("you lost ({} won)", player_name(p)),
        (_, Some(p)) => format!("{} won", player_name(p)),
        (_, None) => "draw".to_string(),
    }
}

/// "the first player" or "the second player".
fn player_name(p: Player) -> &'static str {
    match p {
        Player::First => "the first player",
        Player::Second => "the second player",
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
