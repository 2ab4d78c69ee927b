//! `duel play bidding:GAME`: a discrete bidding game (Develin & Payne) on a terminal against the
//! optimal bidder, one line of stdin a bid or a move. It replays the library's session
//! ([`duel::bidding::session`]), as the web app does: each turn shows the chips, the person's
//! threshold against their chips and the critical bid.

use std::process::ExitCode;

use duel::bidding::answer::{parse_chip_pair, parse_player};
use duel::bidding::graph::player_key;
use duel::bidding::session::{
    bid_round, user_move, view, Bid, BiddingState, BiddingView, Round, UserMove, Verdict,
};
use serde::Serialize;

use crate::output::{out, print_json};
use crate::play_input::{read_line, say, Line, MAX_LINE};
use crate::play_setup::Setup;

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
    if setup.n.is_some()
        || setup.m.is_some()
        || setup.rules.is_some()
        || setup.questions.is_some()
        || setup.secret.is_some()
        || setup.lies.is_some()
    {
        anyhow::bail!("bidding games take --chips, --tie, --tie-break and --role (alice or bob)");
    }
    let (alice, bob) = parse_chip_pair(setup.chips.as_deref().unwrap_or("4,4"))?;
    let tie = setup.tie.clone().unwrap_or_else(|| "alice".into());
    let user = setup.role.clone().unwrap_or_else(|| "alice".into());
    parse_player(&tie)?;
    parse_player(&user)?;
    let mut state = BiddingState {
        game: game.to_string(),
        position: None,
        alice,
        bob,
        tie,
        tie_rule: setup.tie_break.clone(),
        user,
        to_move: None,
        may_pass: false,
    };
    let mut v = view(&state)?;
    let text = !json;
    let rule = state.tie_rule.clone().unwrap_or_else(|| "advantage".into());
    if text {
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
    }
    let mut log = Vec::new();
    let mut history: Vec<BiddingState> = Vec::new();
    let mut input = std::io::stdin().lock();
    while v.outcome.is_none() {
        if text {
            show(&v)?;
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
            "help" | "?" => say(text, HELP)?,
            "hint" => say(text, &hint(&v))?,
            "undo" => match history.pop() {
                None => say(text, "nothing to take back")?,
                Some(before) => {
                    state = before;
                    log.pop();
                    v = view(&state)?;
                    say(
                        text,
                        "took back your last bid or move (and what duel did after)",
                    )?;
                }
            },
            _ if state.to_move.is_none() => match parse_bid(&line, &v) {
                Err(e) => say(text, &e)?,
                Ok(bid) => {
                    let (round, next) = bid_round(&state, bid)?;
                    if text {
                        out!("{}", round_text(&round, &state.user));
                    }
                    history.push(state.clone());
                    log.push(Event::Bid(round));
                    state = next.state.clone();
                    v = next;
                }
            },
            _ => match parse_move(&line, &v) {
                Err(e) => say(text, &e)?,
                Ok(mv) => {
                    let (opponent_moves, next) = user_move(&state, &mv)?;
                    if text && !opponent_moves.is_empty() {
                        out!("duel moves to {}", opponent_moves.join(", "));
                    }
                    history.push(state.clone());
                    log.push(Event::Move {
                        to: mv.to,
                        pass: mv.pass,
                        opponent_moves,
                    });
                    state = next.state.clone();
                    v = next;
                }
            },
        }
    }
    if json {
        print_json(&Played { log, view: v })?;
    } else {
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
    }
    Ok(ExitCode::SUCCESS)
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

fn parse_bid(line: &str, v: &BiddingView) -> Result<Bid, String> {
    let (digits, use_tie) = match line.strip_suffix('*') {
        Some(d) => (d.trim(), true),
        None => (line, false),
    };
    let chips: u64 = digits.parse().map_err(|_| {
        format!(
            "{line:?} is not a bid: a number from 0 to {} (or help)",
            v.max_bid
        )
    })?;
    if chips > v.max_bid {
        return Err(format!(
            "a bid of {chips} is more than your {} chips",
            v.max_bid
        ));
    }
    Ok(Bid { chips, use_tie })
}

fn parse_move(line: &str, v: &BiddingView) -> Result<UserMove, String> {
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
        None => Err(format!(
            "{line:?} is not one of your moves{}",
            if v.board {
                " (an empty cell's number)"
            } else {
                " (a move's number or position)"
            }
        )),
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
