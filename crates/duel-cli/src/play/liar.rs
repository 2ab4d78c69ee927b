//! `duel play liar`: the liar game on a terminal, one line of stdin a move. As Carole the
//! person answers duel's questions (`yes`/`no`); as Paul the person asks sets of numbers and
//! duel answers as the worst adversary. Both replay the library's sessions
//! ([`duel::liar::carole`], [`duel::liar::paul`]), as the web app does.

use std::process::ExitCode;

use duel::liar::carole::{
    carole, page_budget, ranges, CaroleAnswer, CaroleRequest, Strategy, Verdict,
};
use duel::liar::paul::{paul, PaulAnswer, PaulRequest, Standing, MAX_N, MAX_PAGE_LIES};
use duel::liar::{min_questions, Answer};

use super::input::{read_line, say, Line, MAX_LINE};
use super::setup::Setup;
use crate::output::{out, print_json};

const CAROLE_HELP: &str = "think of a number and answer each question: yes (y) or no (n), lying at most the lies allowed; or: hint (the numbers still possible and the lies each needs), undo (take back your last answer), help, quit";
const PAUL_HELP: &str = "ask a set of numbers, e.g. 1-8 12 15 (is the number in it?); or: hint (a question that keeps the game winnable where one does), undo (take back your last question), help, quit";

/// Plays the liar game in the role the setup names.
pub fn run(setup: &Setup, json: bool) -> anyhow::Result<ExitCode> {
    let n = setup.n.unwrap_or(16);
    let lies = setup.lies.unwrap_or(1);
    if n == 0 || n > MAX_N || lies > MAX_PAGE_LIES {
        anyhow::bail!("--n must be from 1 to {MAX_N} and --lies at most {MAX_PAGE_LIES}");
    }
    if setup.m.is_some()
        || setup.rules.is_some()
        || setup.secret.is_some()
        || setup.chips.is_some()
        || setup.tie.is_some()
        || setup.tie_break.is_some()
    {
        anyhow::bail!("--m, --rules and --secret are Guess Who's, --chips, --tie and --tie-break the bidding games'; the liar game takes --n, --lies, --role and --questions");
    }
    match setup.role.as_deref().unwrap_or("carole") {
        "carole" if setup.questions.is_some() => {
            anyhow::bail!("--questions is for --role paul: as Carole, duel asks the fewest")
        }
        "carole" => play_carole(n, lies, json),
        "paul" => {
            let questions = match setup.questions {
                Some(q) => q,
                None => min_questions(n, lies, page_budget())?.questions,
            };
            play_paul(n, lies, questions, json)
        }
        other => anyhow::bail!("unknown role {other:?}: paul or carole"),
    }
}

/// The numbers still possible and the lies each needs, e.g. `3 (0), 7 (1)`.
fn possible(charged: &[usize], lies: usize) -> String {
    let alive: Vec<String> = charged
        .iter()
        .enumerate()
        .filter(|(_, &c)| c <= lies)
        .map(|(k, c)| format!("{} ({c})", k + 1))
        .collect();
    alive.join(", ")
}

/// What to do after a line of the person's.
enum Next {
    /// Ask again (the line was answered, or was empty).
    Ask,
    /// The person's answer or question is played.
    Played,
    /// The person quits.
    Quit,
}

/// Plays as Carole: duel asks, the person answers.
fn play_carole(n: u64, lies: usize, json: bool) -> anyhow::Result<ExitCode> {
    let text = !json;
    let mut game = Carole::new(n, lies)?;
    if text {
        out!(
            "liar game: think of a number from 1 to {n}; you may lie {lies} time(s). duel needs at most {} questions ({}).",
            game.answer.questions,
            if game.answer.certified { "the fewest possible" } else { "the fewest its search found" }
        );
    }
    let mut input = std::io::stdin().lock();
    while game.answer.verdict == Verdict::Asking {
        let a = &game.answer;
        let next = a.next_text.clone().unwrap_or_default();
        if text {
            out!(
                "question {} of at most {}: is your number in {{{next}}}? (yes, no, hint, undo, help, quit)",
                a.rounds.len() + 1,
                a.questions
            );
        }
        let line = match read_line(&mut input)? {
            Line::End => anyhow::bail!("input ended before the game was over"),
            Line::TooLong => {
                say(
                    text,
                    &format!("a line of more than {MAX_LINE} bytes is not an answer"),
                )?;
                continue;
            }
            Line::Text(line) => line,
        };
        match game.answer_line(&line.to_ascii_lowercase(), text)? {
            Next::Ask => continue,
            Next::Quit => break,
            Next::Played => {}
        }
        let a = &game.answer;
        if text {
            out!(
                "numbers by lies charged: {}; Berlekamp volume {} vs 2^{} = {}",
                counts_text(&a.counts),
                a.volume,
                a.questions_left,
                a.bound
            );
        }
    }
    if json {
        print_json(&game.answer)?;
    } else {
        out!("game over: {}", carole_verdict(&game.answer));
    }
    Ok(ExitCode::SUCCESS)
}

/// A game with the person as Carole: their answers so far, and the session's reply to them.
struct Carole {
    request: CaroleRequest,
    answer: CaroleAnswer,
}

impl Carole {
    /// The game before any answer.
    fn new(n: u64, lies: usize) -> anyhow::Result<Carole> {
        let request = CaroleRequest {
            n,
            lies,
            answers: vec![],
        };
        let answer = carole(&request)?;
        Ok(Carole { request, answer })
    }

    /// Plays the person's answer, or answers a line that is none (`line` in lower case).
    fn answer_line(&mut self, line: &str, text: bool) -> anyhow::Result<Next> {
        let answer = match line {
            "" => return Ok(Next::Ask),
            "y" | "yes" => Answer::Yes,
            "n" | "no" => Answer::No,
            "quit" | "resign" => return Ok(Next::Quit),
            _ => {
                self.not_an_answer(line, text)?;
                return Ok(Next::Ask);
            }
        };
        self.request.answers.push(answer);
        self.answer = carole(&self.request)?;
        Ok(Next::Played)
    }

    /// Answers `help`, `hint`, `undo` or a line that is not an answer.
    fn not_an_answer(&mut self, line: &str, text: bool) -> anyhow::Result<()> {
        match line {
            "help" | "?" => say(text, CAROLE_HELP),
            "hint" => say(
                text,
                &format!(
                    "still possible (lies each needs): {}",
                    possible(&self.answer.charged, self.request.lies)
                ),
            ),
            "undo" if self.request.answers.pop().is_none() => say(text, "nothing to take back"),
            "undo" => {
                self.answer = carole(&self.request)?;
                say(
                    text,
                    &format!(
                        "took back your answer to question {}",
                        self.answer.rounds.len() + 1
                    ),
                )
            }
            other => say(
                text,
                &format!("{other:?} is not an answer: yes or no (or help)"),
            ),
        }
    }
}

fn counts_text(counts: &[u64]) -> String {
    let parts: Vec<String> = counts.iter().map(u64::to_string).collect();
    parts.join(", ")
}

fn carole_verdict(a: &CaroleAnswer) -> String {
    match (a.verdict, a.number) {
        (Verdict::Found, Some(x)) => {
            format!("your number is {x} (found in {} questions)", a.rounds.len())
        }
        (Verdict::Inconsistent, _) => format!(
            "no number from 1 to {} fits your answers with at most {} lies",
            a.n, a.lies
        ),
        (Verdict::Undecided, _) => "several numbers are left and no question is".to_string(),
        _ => "you quit".to_string(),
    }
}

/// A line that is not a set of numbers, as said back to the person.
#[derive(Debug, thiserror::Error)]
enum SetError {
    /// A token that is neither a number nor a range.
    #[error("{0:?} is not a number or a range a-b (help)")]
    NotANumber(String),
    /// A number outside 1..=n.
    #[error("{number} is not a number from 1 to {n}")]
    OutOfRange {
        /// The number given.
        number: u64,
        /// The largest number of the game.
        n: u64,
    },
    /// A range `a-b` with a > b.
    #[error("the range {0} is empty")]
    EmptyRange(String),
}

/// Reads a set of numbers: `1-8 12, 15` (ranges with `-` or `–`, separated by spaces or
/// commas); `none`, `nothing` or `{}` is the empty set.
fn parse_set(line: &str, n: u64) -> Result<Vec<u64>, SetError> {
    let mut set = Vec::new();
    let line = line.trim_start_matches('{').trim_end_matches('}');
    for token in line.split([' ', ',']).filter(|t| !t.is_empty()) {
        if token == "none" || token == "nothing" {
            continue;
        }
        let number = |s: &str| -> Result<u64, SetError> {
            let x: u64 = s
                .parse()
                .map_err(|_| SetError::NotANumber(token.to_string()))?;
            if x == 0 || x > n {
                return Err(SetError::OutOfRange { number: x, n });
            }
            Ok(x)
        };
        match token.split_once(['-', '–']) {
            Some((lo, hi)) => {
                let (lo, hi) = (number(lo)?, number(hi)?);
                if lo > hi {
                    return Err(SetError::EmptyRange(token.to_string()));
                }
                set.extend(lo..=hi);
            }
            None => set.push(number(token)?),
        }
    }
    set.sort_unstable();
    set.dedup();
    Ok(set)
}

/// Plays as Paul: the person asks, duel answers as the worst adversary.
fn play_paul(n: u64, lies: usize, questions: u32, json: bool) -> anyhow::Result<ExitCode> {
    let text = !json;
    let mut game = Paul::new(n, lies, questions)?;
    if text {
        out!(
            "liar game: you are Paul; duel, as Carole, answers about a number from 1 to {n} as the worst adversary with up to {lies} lie(s); find it with {questions} questions. Berlekamp volume {} vs 2^{questions} = {}",
            game.answer.volume,
            game.answer.bound
        );
    }
    let mut input = std::io::stdin().lock();
    while game.answer.questions_left > 0 && game.answer.verdict != Standing::Paul {
        if text {
            out!(
                "{} question(s) left; still possible (lies charged): {}. Your set? (e.g. 1-8 12; hint, undo, help, quit)",
                game.answer.questions_left,
                possible(&game.answer.charged, lies)
            );
        }
        let line = match read_line(&mut input)? {
            Line::End => anyhow::bail!("input ended before the game was over"),
            Line::TooLong => {
                say(
                    text,
                    &format!("a line of more than {MAX_LINE} bytes is not a question"),
                )?;
                continue;
            }
            Line::Text(line) => line,
        };
        match game.answer_line(&line, text)? {
            Next::Ask => continue,
            Next::Quit => break,
            Next::Played => {}
        }
        if text {
            out!("{}", game.round_text());
        }
    }
    if json {
        print_json(&game.answer)?;
    } else {
        out!("game over: {}", paul_verdict(&game.answer, lies));
    }
    Ok(ExitCode::SUCCESS)
}

/// A game with the person as Paul: their questions so far, the session's reply to them, and
/// the strategy that gives hints.
struct Paul {
    request: PaulRequest,
    answer: PaulAnswer,
    strategy: Strategy,
}

impl Paul {
    /// The game before any question.
    fn new(n: u64, lies: usize, questions: u32) -> anyhow::Result<Paul> {
        let request = PaulRequest {
            n,
            lies,
            questions,
            asked: vec![],
        };
        let answer = paul(&request)?;
        let strategy = Strategy::new(lies, page_budget())?;
        Ok(Paul {
            request,
            answer,
            strategy,
        })
    }

    /// Asks the person's set, or answers a line that is none.
    fn answer_line(&mut self, line: &str, text: bool) -> anyhow::Result<Next> {
        match line.to_ascii_lowercase().as_str() {
            "" => return Ok(Next::Ask),
            "quit" | "resign" => return Ok(Next::Quit),
            "help" | "?" => say(text, PAUL_HELP)?,
            "hint" => say(text, &self.hint()?)?,
            "undo" if self.request.asked.pop().is_none() => say(text, "nothing to take back")?,
            "undo" => {
                self.answer = paul(&self.request)?;
                say(text, "took back your last question")?;
            }
            _ => match parse_set(line, self.request.n) {
                Ok(set) => {
                    self.request.asked.push(set);
                    self.answer = paul(&self.request)?;
                    return Ok(Next::Played);
                }
                Err(e) => say(text, &e.to_string())?,
            },
        }
        Ok(Next::Ask)
    }

    /// A question that keeps the game winnable where one does.
    fn hint(&mut self) -> anyhow::Result<String> {
        let a = &self.answer;
        let set = self.strategy.question(a.questions_left, &a.charged)?;
        let verdict = if a.verdict == Standing::Open {
            ""
        } else {
            " (the game is already lost: the volume is above 2^q)"
        };
        Ok(format!("hint: ask {}{verdict}", ranges(&set)))
    }

    /// The last question, duel's answer, and the volume after it.
    fn round_text(&self) -> String {
        let a = &self.answer;
        let r = a.rounds.last().expect("a question was just asked");
        format!(
            "is it in {{{}}}? duel: {}. Numbers by lies charged: {}; Berlekamp volume {} vs 2^{} = {}: {}",
            ranges(&r.question),
            match r.answer {
                Answer::Yes => "yes",
                Answer::No => "no",
            },
            counts_text(&a.counts),
            a.volume,
            a.questions_left,
            a.bound,
            if a.verdict == Standing::Carole { "you can no longer win" } else { "still winnable" }
        )
    }
}

/// How the game ended, from Paul's side.
fn paul_verdict(a: &PaulAnswer, lies: usize) -> String {
    match a.verdict {
        Standing::Paul => match a.charged.iter().position(|&c| c <= lies) {
            Some(k) => format!("you won: only {} is left", k + 1),
            None => "you won: no number is left".to_string(),
        },
        _ if a.questions_left > 0 => "you quit".to_string(),
        _ => format!(
            "you lost: {} numbers are still possible",
            a.counts.iter().sum::<u64>()
        ),
    }
}
