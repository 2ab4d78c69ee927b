//! `duel play guess-who`: Guess Who on a terminal against the optimal player, one action a
//! line of stdin, replayed by the library's session ([`duel::guesswho::session`]) as the web
//! app does: after every move the mover's exact probability of winning before it, what the
//! move keeps and after the answer, and the optimal moves.

use std::process::ExitCode;

use duel::guesswho::faces::{Face, FEATURES};
use duel::guesswho::session::{play, Action, PlayAnswer, PlayRequest, Side, Turn};

use super::input::{read_line, say, Line, MAX_LINE};
use super::setup::Setup;
use crate::output::{out, print_json};

const HELP: &str = "ask IDS (is duel's face among these? e.g. ask 0 3 5; three-way: ask 0 3 / 5 7), a feature with ? (e.g. glasses?), guess ID, or: faces (your candidates described), features, hint (the optimal moves and a question that plays one), undo (take back your last move), help, quit";

/// The face in words: `7 Olga (brown hair, blue eyes, tan skin, glasses)`.
fn describe(f: &Face) -> String {
    let mut traits = vec![
        format!("{} hair", f.hair),
        format!("{} eyes", f.eyes),
        format!("{} skin", f.skin),
    ];
    for (on, name) in [
        (f.glasses, "glasses"),
        (f.hat, "hat"),
        (f.beard, "beard"),
        (f.long_hair, "long hair"),
        (f.bald, "bald"),
        (f.smiling, "smiling"),
    ] {
        if on {
            traits.push(name.to_string());
        }
    }
    format!("{} {} ({})", f.id, f.name, traits.join(", "))
}

fn ids(list: &[u32]) -> String {
    let parts: Vec<String> = list.iter().map(u32::to_string).collect();
    parts.join(" ")
}

/// One move in words, with its exact values for the mover.
fn turn_text(t: &Turn) -> String {
    let who = match t.by {
        Side::Human => "you",
        Side::Duel => "duel",
    };
    let what = match (&t.guess, &t.feature, t.answer) {
        (Some((id, right)), _, _) => {
            format!(
                "guess face {id}: {}",
                if *right { "right" } else { "wrong" }
            )
        }
        (None, Some(f), Some(k)) => {
            format!("ask {f}? answer: {}", if k == 0 { "yes" } else { "no" })
        }
        (None, None, Some(k)) => {
            let sets: Vec<String> = t.parts.iter().map(|p| format!("{{{}}}", ids(p))).collect();
            format!(
                "ask which of {} holds the secret: the part {}",
                sets.join(" "),
                k + 1
            )
        }
        _ => String::new(),
    };
    let optimal: Vec<String> = t.optimal.iter().map(ToString::to_string).collect();
    format!(
        "{who}: {what} ({}). P({}, {}) = {} before, {} for the move, {} after; optimal: {}{}{}",
        t.mv,
        t.position.0,
        t.position.1,
        t.p_before,
        t.p_move,
        t.p_after,
        optimal.join(", "),
        if t.was_optimal { "" } else { "; not optimal" },
        if t.bold { "; bold" } else { "" }
    )
}

/// A line that is not one of the person's actions, as said back to them.
#[derive(Debug, thiserror::Error)]
enum ActionError {
    /// A face id that is not a number.
    #[error("{0:?} is not a face id")]
    NotAFaceId(String),
    /// Neither `ask`, `guess` nor a feature.
    #[error("{0:?} is not a move (help)")]
    NotAMove(String),
}

/// Reads one of the person's actions.
fn parse_action(line: &str) -> Result<Action, ActionError> {
    if let Some(feature) = line.strip_suffix('?') {
        return Ok(Action::Feature {
            feature: feature.trim().to_string(),
        });
    }
    let (word, rest) = line.split_once(' ').unwrap_or((line, ""));
    let number = |s: &str| {
        s.parse::<u32>()
            .map_err(|_| ActionError::NotAFaceId(s.to_string()))
    };
    match word {
        "guess" => Ok(Action::Guess {
            id: number(rest.trim())?,
        }),
        "ask" => {
            let parts = rest
                .split('/')
                .map(|p| {
                    p.split([' ', ','])
                        .filter(|s| !s.is_empty())
                        .map(number)
                        .collect()
                })
                .collect::<Result<Vec<Vec<u32>>, ActionError>>()?;
            Ok(Action::Ask { parts })
        }
        _ => Err(ActionError::NotAMove(line.to_string())),
    }
}

/// Plays Guess Who with the setup's rules and pools.
pub fn run(setup: &Setup, seed: u64, first: Option<bool>, json: bool) -> anyhow::Result<ExitCode> {
    let mut game = Game::new(request(setup, seed, first)?)?;
    let text = !json;
    if text {
        let (request, a) = (&game.request, &game.answer);
        out!(
            "Guess Who ({} rules, {}-way questions): you have {} candidates, duel {}; you move {}. Your secret face: {}",
            a.rules,
            a.questions,
            request.pool,
            request.opponent_pool,
            if request.human_first { "first" } else { "second" },
            describe(&a.faces[a.secret as usize])
        );
    }
    let mut input = std::io::stdin().lock();
    loop {
        if text {
            game.show_turns()?;
        }
        game.shown = game.answer.log.len();
        if game.answer.to_move.is_none() {
            break;
        }
        if text {
            let a = &game.answer;
            out!(
                "your {} candidates: {}; duel's: {}. Your probability of winning: {}. Your move? (ask, feature?, guess, hint, undo, faces, help, quit)",
                a.candidates.len(),
                ids(&a.candidates),
                a.opponent_candidates.len(),
                a.p
            );
        }
        let line = match read_line(&mut input)? {
            Line::End => anyhow::bail!("input ended before the game was over"),
            Line::TooLong => {
                say(
                    text,
                    &format!("a line of more than {MAX_LINE} bytes is not a move"),
                )?;
                continue;
            }
            Line::Text(line) => line,
        };
        match line.as_str() {
            "" => continue,
            "quit" | "resign" => break,
            _ => game.answer_line(&line, text)?,
        }
    }
    if json {
        print_json(&game.answer)?;
    } else {
        out!("game over: {}", game_over(&game.answer));
    }
    Ok(ExitCode::SUCCESS)
}

/// The request of a new game: the setup's rules and pools, the person's secret face.
fn request(setup: &Setup, seed: u64, first: Option<bool>) -> anyhow::Result<PlayRequest> {
    if setup.lies.is_some()
        || setup.role.is_some()
        || setup.chips.is_some()
        || setup.tie.is_some()
        || setup.tie_break.is_some()
    {
        anyhow::bail!("--lies and --role are the liar game's, --chips, --tie and --tie-break the bidding games'; Guess Who takes --n, --m, --rules, --questions and --secret");
    }
    let (n, m) = (setup.n.unwrap_or(24), setup.m.unwrap_or(24));
    let Some(human_first) = first else {
        anyhow::bail!("Guess Who is played by you: --human first or second");
    };
    Ok(PlayRequest {
        rules: setup
            .rules
            .clone()
            .unwrap_or_else(|| "official".to_string()),
        questions: setup.questions.unwrap_or(2),
        pool: n,
        opponent_pool: m,
        seed,
        // The secret card dealt to the person, drawn by the seed unless given. A pool beyond
        // u32 is refused by the session; the draw only must not divide by a wrapped zero.
        secret: setup.secret.unwrap_or(
            (seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 33) as u32
                % u32::try_from(m.max(1)).unwrap_or(u32::MAX),
        ),
        human_first,
        actions: vec![],
    })
}

/// A game under way: the person's actions so far, the session's answer to them, and how many
/// of its moves are already shown.
struct Game {
    request: PlayRequest,
    answer: PlayAnswer,
    shown: usize,
}

impl Game {
    /// The game after no action.
    fn new(request: PlayRequest) -> anyhow::Result<Game> {
        let answer = play(&request)?;
        Ok(Game {
            request,
            answer,
            shown: 0,
        })
    }

    /// Prints the moves not yet shown.
    fn show_turns(&self) -> anyhow::Result<()> {
        let log = &self.answer.log;
        for t in &log[self.shown.min(log.len())..] {
            out!("{}", turn_text(t));
        }
        Ok(())
    }

    /// Answers one line of the person's: a question about the game (help, features, faces,
    /// hint), undo, or an action played.
    fn answer_line(&mut self, line: &str, text: bool) -> anyhow::Result<()> {
        let say = |line: &str| say(text, line);
        let a = &self.answer;
        match line {
            "help" => say(HELP)?,
            "features" => say(&format!("features: {}", FEATURES.join(", ")))?,
            "faces" => {
                for &c in &a.candidates {
                    say(&describe(&a.faces[c as usize]))?;
                }
            }
            "hint" => say(&hint(a))?,
            "undo" => {
                if self.request.actions.pop().is_none() {
                    say("nothing to take back")?;
                } else {
                    self.answer = play(&self.request)?;
                    self.shown = self.answer.log.len();
                    say("took back your last move (and duel's reply)")?;
                }
            }
            _ => match parse_action(line) {
                Err(e) => say(&e.to_string())?,
                Ok(action) => {
                    self.request.actions.push(action);
                    match play(&self.request) {
                        Ok(next) => self.answer = next,
                        Err(e) => {
                            self.request.actions.pop();
                            say(&e.to_string())?;
                        }
                    }
                }
            },
        }
        Ok(())
    }
}

/// The optimal moves, the person's probability of winning, and a question that plays one.
fn hint(a: &PlayAnswer) -> String {
    let best: Vec<String> = a.hint.iter().map(ToString::to_string).collect();
    let ask = match a.hint_parts.split_last() {
        Some((_, asked)) if !asked.is_empty() => {
            let sets: Vec<String> = asked.iter().map(|p| ids(p)).collect();
            format!("; e.g. ask {}", sets.join(" / "))
        }
        _ => String::new(),
    };
    format!(
        "hint: optimal: {} (you win with probability {}){ask}",
        best.join(", "),
        a.p
    )
}

/// How the game ended, with duel's face when it is known.
fn game_over(a: &PlayAnswer) -> String {
    let end = match a.winner {
        Some(Side::Human) => "you won".to_string(),
        Some(Side::Duel) => "you lost".to_string(),
        None => "you quit".to_string(),
    };
    match a.duel_secret {
        Some(s) => format!("{end}; duel's face was {}", describe(&a.faces[s as usize])),
        None => end,
    }
}
