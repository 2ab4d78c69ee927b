//! `duel play`: a person plays a whole game against a search agent, one move a line on stdin.

use std::io::{BufRead, Write};
use std::process::ExitCode;

use duel::game::{Game, Outcome, Player};
use duel::games::{parse_game, GameVisitor};
use duel::search::answer::{budget_of, position_to_search};
use duel::search::{AgentSpec, Budget};
use serde::Serialize;

use crate::output::{out, out_raw, print_json};
use crate::Ctx;

/// Arguments of `duel play`.
#[derive(clap::Args)]
pub struct Args {
    /// The game, e.g. `tictactoe`, `connect:7x6:4` or `pearl:2:8`.
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

#[derive(Serialize)]
struct PlayOut {
    game: String,
    position: String,
    agent: String,
    human: Human,
    /// The moves played from `position`, in the game's notation.
    moves: String,
    /// Which player won: "first", "second" or "draw".
    outcome: &'static str,
    /// "human" or "agent"; null for a draw and with `--human none`.
    winner: Option<&'static str>,
    /// Whether the person resigned (the agent's side won).
    resigned: bool,
}

/// The agent's time a move when no budget is given.
const DEFAULT_MILLIS: u64 = 1000;

pub fn run(args: Args, _ctx: &Ctx) -> anyhow::Result<ExitCode> {
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

/// How the session ended.
enum End {
    Over(Outcome),
    /// The person resigned: the agent's side won.
    Resigned(Player),
}

impl GameVisitor for Play {
    type Output = anyhow::Result<ExitCode>;
    fn visit<G: Game + 'static>(self, start: G) -> anyhow::Result<ExitCode> {
        let Play(args, spec, budget) = self;
        let (mut moves, mut position) = position_to_search(&start, &args.position)?;
        let from = position.clone();
        let human = match args.human {
            Human::First => Some(position.to_move()),
            Human::Second => Some(position.to_move().other()),
            Human::Nobody => None,
        };
        let mut agent = spec.build::<G>(args.seed);
        let text = !args.json;
        let mut input = std::io::stdin().lock();
        let has_board = position.board().is_some();
        if text {
            let side = |p: Player| match (p, has_board) {
                (Player::First, true) => format!("{} (X)", player_name(p)),
                (Player::Second, true) => format!("{} (O)", player_name(p)),
                (_, false) => player_name(p).to_string(),
            };
            match human {
                Some(h) => out!(
                    "{}: you are {}, {} is {}; {} a move",
                    start.spec(),
                    side(h),
                    agent.name(),
                    side(h.other()),
                    budget_text(budget)
                ),
                None => out!(
                    "{}: {} plays both sides; {} a move",
                    start.spec(),
                    agent.name(),
                    budget_text(budget)
                ),
            }
            show_position(&start, &moves, &position)?;
        }
        let before = moves.len();
        let end = loop {
            if let Some(o) = position.outcome() {
                break End::Over(o);
            }
            let mover = position.to_move();
            let mv = if Some(mover) == human {
                match human_move(&mut position, &mut input, text)? {
                    Some((mv, notation)) => {
                        if text {
                            out!("you play {notation}");
                        }
                        mv
                    }
                    None => break End::Resigned(mover.other()),
                }
            } else {
                agent.set_history(&start, &moves);
                let r = agent.search(&position, budget)?;
                let notation = position.format_move(r.best);
                position.try_play(r.best)?;
                if text {
                    let who = match human {
                        Some(_) => agent.name(),
                        None => format!("{} ({})", agent.name(), player_name(mover)),
                    };
                    out!(
                        "{who} plays {notation} (estimate {:.4}; {} iterations in {:.1} ms, stopped: {}, {} tree nodes)",
                        r.estimate, r.iterations, r.millis, r.stopped, r.tree_nodes
                    );
                }
                r.best
            };
            moves.push(mv);
            if text {
                show_position(&start, &moves, &position)?;
            }
        };
        let (winner_player, resigned) = match end {
            End::Over(Outcome::Win(p)) | End::Resigned(p) => {
                (Some(p), matches!(end, End::Resigned(_)))
            }
            End::Over(Outcome::Draw) => (None, false),
        };
        // None for a draw and when the agent played both sides.
        let human_won = winner_player.zip(human).map(|(p, h)| p == h);
        if args.json {
            print_json(&PlayOut {
                game: start.spec(),
                position: args.position.trim().to_string(),
                agent: agent.name(),
                human: args.human,
                moves: from.format_moves(&moves[before..]),
                outcome: winner_player.map_or("draw", |p| match p {
                    Player::First => "first",
                    Player::Second => "second",
                }),
                winner: human_won.map(|won| if won { "human" } else { "agent" }),
                resigned,
            })?;
        } else {
            let result = match (human_won, winner_player) {
                (Some(true), Some(p)) => format!("you won ({} won)", player_name(p)),
                (Some(false), _) if resigned => "you resigned: you lost, the agent wins".into(),
                (Some(false), Some(p)) => format!("you lost ({} won)", player_name(p)),
                (_, Some(p)) => format!("{} won", player_name(p)),
                (_, None) => "draw".to_string(),
            };
            out!("game over: {result}");
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

/// Prints the board, or for a game without one the moves from the start.
fn show_position<G: Game>(start: &G, moves: &[G::Move], position: &G) -> anyhow::Result<()> {
    match position.board() {
        Some(b) => out_raw!("{b}"),
        None if moves.is_empty() => out!("moves: none yet"),
        None => out!("moves: {}", start.format_moves(moves)),
    }
    Ok(())
}

/// The longest line read as a move; a longer one is refused without being kept in memory.
const MAX_LINE: usize = 1024;

/// One line of input.
enum Line {
    Text(String),
    TooLong,
    End,
}

/// Reads a line of at most [`MAX_LINE`] bytes (the rest of a longer one is skipped), trimmed;
/// bytes that are not UTF-8 are replaced (and the line is then no move).
fn read_line(input: &mut impl BufRead) -> anyhow::Result<Line> {
    let mut line = Vec::new();
    let mut too_long = false;
    let mut any = false;
    loop {
        let buf = input
            .fill_buf()
            .map_err(|e| anyhow::anyhow!("cannot read standard input: {e}"))?;
        if buf.is_empty() {
            break;
        }
        any = true;
        let (n, done) = match buf.iter().position(|&b| b == b'\n') {
            Some(i) => (i + 1, true),
            None => (buf.len(), false),
        };
        if line.len() + n <= MAX_LINE + 1 {
            line.extend_from_slice(&buf[..n]);
        } else {
            too_long = true;
        }
        input.consume(n);
        if done {
            break;
        }
    }
    Ok(if !any {
        Line::End
    } else if too_long {
        Line::TooLong
    } else {
        Line::Text(String::from_utf8_lossy(&line).trim().to_string())
    })
}

/// Asks the person for a move until one is legal, plays it and returns it with its notation;
/// `None` when they
/// resign (`quit` or `resign`). A bad line is answered (on stdout in text mode, on stderr with
/// `--json`) and the question asked again; the end of input is an error.
fn human_move<G: Game>(
    position: &mut G,
    input: &mut impl BufRead,
    text: bool,
) -> anyhow::Result<Option<(G::Move, String)>> {
    let mut legal = Vec::new();
    position.legal_moves(&mut legal);
    let mut legal: Vec<String> = legal.iter().map(|&m| position.format_move(m)).collect();
    // In reading order (the game's order is the search's, Connect-K's centre first); numbers
    // by value.
    legal.sort_by(|a, b| (a.len(), a).cmp(&(b.len(), b)));
    loop {
        if text {
            out!("your move? legal: {} (or quit)", legal.join(" "));
        }
        let why = match read_line(input)? {
            Line::End => anyhow::bail!("input ended before the game was over"),
            Line::TooLong => format!("a line of more than {MAX_LINE} bytes is not a move"),
            Line::Text(line) if line.is_empty() => continue,
            Line::Text(line)
                if line.eq_ignore_ascii_case("quit") || line.eq_ignore_ascii_case("resign") =>
            {
                return Ok(None)
            }
            Line::Text(line) => match position.parse_move(&line) {
                Ok(mv) => {
                    let notation = position.format_move(mv);
                    match position.try_play(mv) {
                        Ok(()) => return Ok(Some((mv, notation))),
                        Err(e) => e.to_string(),
                    }
                }
                Err(e) => e.to_string(),
            },
        };
        if text {
            out!("{why}");
        } else {
            // Nothing but the JSON document goes to stdout; a person still needs to know.
            let _ = writeln!(std::io::stderr().lock(), "duel: {why}");
        }
    }
}
