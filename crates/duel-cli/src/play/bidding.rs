//! `duel play bidding:GAME`: a discrete bidding game (Develin & Payne) on a terminal against the
//! optimal bidder, one line of stdin a bid or a move. It replays the library's session
//! ([`duel::bidding::session`]), as the web app does: each turn shows the chips, the person's
//! threshold against their chips and the critical bid.

use std::process::ExitCode;

use duel::bidding::answer::parse_player;
use duel::bidding::graph::player_key;
use duel::bidding::session::{
    bid_round, user_move, view, Bid, BiddingState, BiddingView, Round, UserMove, Verdict,
};
use duel::game::Player;
use serde::Serialize;

use super::input::{read_line, say, Line, MAX_LINE};
use super::setup::Setup;
use crate::output::{out, print_json};
use crate::values::ChipPair;

const HELP: &str = "when a bid is due, type your bid (0 to your chips; add * to use the tie-breaking advantage on a tie, e.g. 1*); when you move, type a cell number, a position, a move's number from the list, or pass (make duel move, after winning the bid); or: hint (the critical bid and the best move), undo (take back your last bid or move), help, quit";

/// What happened in the game, in order.
#[derive(Serialize)]
#[serde(tag = "kind", rename_all = "lowercase")]
enum Event {
    /// A round of bids.
    Bid(Round),
    /// The person's move (or pass) and duel's moves that followed.
    Move {
        #[serde(rename = "move")]
        to: Option<String>,
        pass: bool,
        opponent_moves: Vec<String>,
    },
}

/// The `--json` document at the end: the rounds and moves, and the last view.
#[derive(Serialize)]
struct Played {
    log: Vec<Event>,
    view: BiddingView,
}

/// Plays `game` (the name after `bidding:`) with the setup's chips, tie, rule and side.
pub fn run(game: &str, setup: &Setup, json: bool) -> anyhow::Result<ExitCode> {
    let mut play = Play::new(start(game, setup)?)?;
    let text = !json;
    if text {
        announce(&play.state, &play.view)?;
    }
    let mut input = std::io::stdin().lock();
    while play.view.outcome.is_none() {
        if text {
            show(&play.view)?;
        }
        let line = match read_line(&mut input)? {
            Line::End => anyhow::bail!("input ended before the game was over"),
            Line::TooLong => {
                say(
                    text,
                    &format!("a line of more than {MAX_LINE} bytes is not a bid or a move"),
                )?;
                continue;
            }
            Line::Text(line) => line.to_ascii_lowercase(),
        };
        match line.as_str() {
            "" => continue,
            "quit" | "resign" => break,
            _ => play.answer_line(&line, text)?,
        }
    }
    if json {
        print_json(&Played {
            log: play.log,
            view: play.view,
        })?;
    } else {
        game_over(&play.state, &play.view)?;
    }
    Ok(ExitCode::SUCCESS)
}

/// The state at the start: the setup's chips, holder of the advantage, tie rule and side.
fn start(game: &str, setup: &Setup) -> anyhow::Result<BiddingState> {
    if setup.n.is_some()
        || setup.m.is_some()
        || setup.rules.is_some()
        || setup.questions.is_some()
        || setup.secret.is_some()
        || setup.lies.is_some()
    {
        anyhow::bail!("bidding games take --chips, --tie, --tie-break and --role (alice or bob)");
    }
    let ChipPair { alice, bob } = setup.chips.unwrap_or(ChipPair { alice: 4, bob: 4 });
    let tie = match setup.tie {
        Some(p) if p == Player::BOB => "bob",
        _ => "alice",
    };
    let user = setup.role.clone().unwrap_or_else(|| "alice".into());
    parse_player(&user)?;
    Ok(BiddingState {
        game: game.to_string(),
        position: None,
        alice,
        bob,
        tie: tie.to_string(),
        tie_rule: setup.tie_break.map(|rule| rule.name().to_string()),
        user,
        to_move: None,
        may_pass: false,
    })
}

/// The first line: who plays which side, the tie rule and what `*` marks.
fn announce(state: &BiddingState, v: &BiddingView) -> anyhow::Result<()> {
    let rule = state.tie_rule.as_deref().unwrap_or("advantage");
    let other = if state.user == "alice" {
        "bob"
    } else {
        "alice"
    };
    out!(
        "bidding {}: you are {} ({}), duel is {} ({}); tie rule {rule}; * marks {}",
        v.game,
        state.user,
        mark(&state.user),
        other,
        mark(other),
        if rule == "advantage" {
            "the tie-breaking advantage"
        } else {
            "who wins the next tie"
        }
    );
    Ok(())
}

/// The last board and who won.
fn game_over(state: &BiddingState, v: &BiddingView) -> anyhow::Result<()> {
    if v.board {
        out!("{}", board_text(&v.position));
    }
    let end = match v.outcome {
        Some(Verdict::Draw) => "a draw".to_string(),
        Some(w) if w.name() == state.user => "you won".to_string(),
        Some(_) => "duel won".to_string(),
        None => "you quit".to_string(),
    };
    out!("game over: {end}");
    Ok(())
}

/// A game under way: the state and its view, the rounds and moves played, and the states
/// before each (for `undo`).
struct Play {
    state: BiddingState,
    view: BiddingView,
    log: Vec<Event>,
    history: Vec<BiddingState>,
}

impl Play {
    /// The game at `state`, nothing played yet.
    fn new(state: BiddingState) -> anyhow::Result<Play> {
        let view = view(&state)?;
        Ok(Play {
            state,
            view,
            log: Vec::new(),
            history: Vec::new(),
        })
    }

    /// Answers one line of the person's (in lower case): help, hint, undo, a bid when one is
    /// due, else a move.
    fn answer_line(&mut self, line: &str, text: bool) -> anyhow::Result<()> {
        match line {
            "help" | "?" => say(text, HELP),
            "hint" => say(text, &hint(&self.view)),
            "undo" => self.undo(text),
            _ if self.state.to_move.is_none() => match parse_bid(line, &self.view) {
                Err(e) => say(text, &e.to_string()),
                Ok(bid) => self.bid(bid, text),
            },
            _ => match parse_move(line, &self.view) {
                Err(e) => say(text, &e.to_string()),
                Ok(mv) => self.play_move(mv, text),
            },
        }
    }

    /// Takes back the person's last bid or move (and what duel did after).
    fn undo(&mut self, text: bool) -> anyhow::Result<()> {
        match self.history.pop() {
            None => say(text, "nothing to take back"),
            Some(before) => {
                self.state = before;
                self.log.pop();
                self.view = view(&self.state)?;
                say(
                    text,
                    "took back your last bid or move (and what duel did after)",
                )
            }
        }
    }

    /// Plays a round of bids: the person's and duel's.
    fn bid(&mut self, bid: Bid, text: bool) -> anyhow::Result<()> {
        let (round, next) = bid_round(&self.state, bid)?;
        if text {
            out!("{}", round_text(&round, &self.state.user));
        }
        self.history.push(self.state.clone());
        self.log.push(Event::Bid(round));
        self.state = next.state.clone();
        self.view = next;
        Ok(())
    }

    /// Plays the person's move (or pass) and duel's moves that follow.
    fn play_move(&mut self, mv: UserMove, text: bool) -> anyhow::Result<()> {
        let (opponent_moves, next) = user_move(&self.state, &mv)?;
        if text && !opponent_moves.is_empty() {
            out!("duel moves to {}", opponent_moves.join(", "));
        }
        self.history.push(self.state.clone());
        self.log.push(Event::Move {
            to: mv.to,
            pass: mv.pass,
            opponent_moves,
        });
        self.state = next.state.clone();
        self.view = next;
        Ok(())
    }
}

/// The letter a player's stones show on a board.
fn mark(player: &str) -> &'static str {
    if player == "alice" {
        "A"
    } else {
        "B"
    }
}

/// A board's rows, its empty cells numbered from 1 (row by row).
fn board_text(position: &str) -> String {
    let mut i = 0;
    let rows: Vec<String> = position
        .split('/')
        .map(|row| {
            let cells: Vec<String> = row
                .chars()
                .map(|c| {
                    i += 1;
                    if c == '.' {
                        format!("{i:>2}")
                    } else {
                        format!("{c:>2}")
                    }
                })
                .collect();
            cells.join(" ")
        })
        .collect();
    rows.join("\n")
}

/// The turn: the position, the chips, the threshold against the chips, the critical bid, and
/// what to type.
fn show(v: &BiddingView) -> anyhow::Result<()> {
    let s = &v.state;
    if v.board {
        out!("{}", board_text(&v.position));
    } else {
        out!("position: {}", v.position);
    }
    let other = if s.user == "alice" { "bob" } else { "alice" };
    let starred = |p: &str| {
        let chips = if p == "alice" { s.alice } else { s.bob };
        format!("{chips}{}", if s.tie == p { "*" } else { "" })
    };
    let threshold = v.user_threshold.map_or(
        "none (chip counts are not ordered under this rule)".into(),
        |t| t.to_string(),
    );
    out!(
        "chips: you {}, duel {} ({} in all). Your threshold {threshold} against your chips {}: with perfect play {}.",
        starred(&s.user),
        starred(other),
        v.total,
        v.user_chips,
        if v.perfect_play.name() == s.user {
            "you win"
        } else if v.perfect_play == Verdict::Draw {
            "nobody wins"
        } else {
            "duel wins"
        }
    );
    if s.to_move.is_none() {
        out!(
            "critical bid: {}. Your bid? (0 to {}{}; hint, undo, help, quit)",
            critical_text(v),
            v.max_bid,
            if s.tie == s.user && s.tie_rule.as_deref().unwrap_or("advantage") == "advantage" {
                ", with * to use the advantage on a tie"
            } else {
                ""
            }
        );
    } else {
        let moves: Vec<String> = v
            .user_moves
            .iter()
            .enumerate()
            .map(|(i, m)| format!("{}) {m}", i + 1))
            .collect();
        out!(
            "{}: your move? ({}{}; hint, undo, help, quit)",
            if s.may_pass {
                "you won the bid"
            } else {
                "duel makes you move"
            },
            if v.board {
                "a cell number".to_string()
            } else {
                moves.join(", ")
            },
            if s.may_pass { ", or pass" } else { "" }
        );
    }
    Ok(())
}

fn critical_text(v: &BiddingView) -> String {
    match (&v.critical_bid, &v.critical_bidder) {
        (Some(b), Some(who)) => format!(
            "{b}{} ({})",
            if v.critical_use_tie {
                " using the advantage on a tie"
            } else {
                ""
            },
            if player_key(*who) == v.state.user {
                "yours"
            } else {
                "duel's"
            }
        ),
        _ => "none (no bid of duel stops all of yours)".to_string(),
    }
}

fn hint(v: &BiddingView) -> String {
    let best = v.best_move.clone().unwrap_or_default();
    let best = match cell_of(v, &best) {
        Some(i) => format!("{best} (cell {i})"),
        None => best,
    };
    if v.state.to_move.is_some() {
        if v.best_is_pass && v.state.may_pass {
            "hint: pass (make duel move)".to_string()
        } else {
            format!("hint: move to {best}")
        }
    } else {
        format!(
            "hint: critical bid {}; on winning the bid, {}",
            critical_text(v),
            if v.best_is_pass {
                "make duel move (pass)".to_string()
            } else {
                format!("move to {best}")
            }
        )
    }
}

/// The cell (numbered from 1) where the board `to` differs from the view's.
fn cell_of(v: &BiddingView, to: &str) -> Option<usize> {
    if !v.board {
        return None;
    }
    let here: Vec<char> = v.position.chars().filter(|&c| c != '/').collect();
    let there: Vec<char> = to.chars().filter(|&c| c != '/').collect();
    (here.len() == there.len())
        .then(|| {
            (0..here.len())
                .find(|&i| here[i] != there[i])
                .map(|i| i + 1)
        })
        .flatten()
}

/// A line that is not the bid or the move due, as said back to the person.
#[derive(Debug, thiserror::Error)]
enum LineError {
    /// Not a number of chips.
    #[error("{line:?} is not a bid: a number from 0 to {max} (or help)")]
    NotABid {
        /// The line.
        line: String,
        /// The person's chips.
        max: u64,
    },
    /// More chips than the person has.
    #[error("a bid of {chips} is more than your {max} chips")]
    TooHigh {
        /// The bid.
        chips: u64,
        /// The person's chips.
        max: u64,
    },
    /// None of the person's moves.
    #[error("{line:?} is not one of your moves{}", if *.board { " (an empty cell's number)" } else { " (a move's number or position)" })]
    NotAMove {
        /// The line.
        line: String,
        /// Whether the game has a board (its moves are cells).
        board: bool,
    },
}

/// Reads a bid: a number of chips, with `*` to use the advantage on a tie.
fn parse_bid(line: &str, v: &BiddingView) -> Result<Bid, LineError> {
    let (digits, use_tie) = match line.strip_suffix('*') {
        Some(d) => (d.trim(), true),
        None => (line, false),
    };
    let max = v.max_bid;
    let chips: u64 = digits.parse().map_err(|_| LineError::NotABid {
        line: line.to_string(),
        max,
    })?;
    if chips > max {
        return Err(LineError::TooHigh { chips, max });
    }
    Ok(Bid { chips, use_tie })
}

/// Reads a move: `pass`, a position's name, a cell's number or a move's number in the list.
fn parse_move(line: &str, v: &BiddingView) -> Result<UserMove, LineError> {
    if line == "pass" {
        return Ok(UserMove {
            to: None,
            pass: true,
        });
    }
    // A position's name first (vertex names may be numbers), then a cell or a move's number.
    let named = v
        .user_moves
        .iter()
        .find(|m| m.eq_ignore_ascii_case(line))
        .cloned();
    let found = named.or_else(|| match line.parse::<usize>() {
        Ok(i) if v.board => v
            .user_moves
            .iter()
            .find(|m| cell_of(v, m) == Some(i))
            .cloned(),
        Ok(i) => i.checked_sub(1).and_then(|i| v.user_moves.get(i)).cloned(),
        Err(_) => None,
    });
    match found {
        Some(to) => Ok(UserMove {
            to: Some(to),
            pass: false,
        }),
        None => Err(LineError::NotAMove {
            line: line.to_string(),
            board: v.board,
        }),
    }
}

/// One round in words, from the person's side.
fn round_text(r: &Round, user: &str) -> String {
    let won = duel::bidding::graph::player_name(r.winner).eq_ignore_ascii_case(user);
    let mut t = format!(
        "you bid {}{}, duel bid {}{}: {} the bid{} and {} {}",
        r.user_bid.chips,
        if r.user_bid.use_tie { "*" } else { "" },
        r.opponent_bid.chips,
        if r.opponent_bid.use_tie { "*" } else { "" },
        if won { "you win" } else { "duel wins" },
        if r.tied { " on the tie" } else { "" },
        if won { "pay" } else { "pays" },
        r.paid
    );
    if !r.opponent_moves.is_empty() {
        t.push_str(&format!("; duel moves to {}", r.opponent_moves.join(", ")));
    }
    t
}
