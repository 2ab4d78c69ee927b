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

use crate::output::{out, print_json};
use crate::play_input::{read_line, say, Line, MAX_LINE};
use crate::play_setup::Setup;

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

fn play_carole(n: u64, lies: usize, json: bool) -> anyhow::Result<ExitCode> {
    let text = !json;
    let mut request = CaroleRequest {
        n,
        lies,
        answers: vec![],
    };
    let mut a: CaroleAnswer = carole(&request)?;
    if text {
        out!(
            "liar game: think of a number from 1 to {n}; you may lie {lies} time(s). duel needs at most {} questions ({}).",
            a.questions,
            if a.certified { "the fewest possible" } else { "the fewest its search found" }
        );
    }
    let mut input = std::io::stdin().lock();
    while a.verdict == Verdict::Asking {
        let next = a.next_text.clone().unwrap_or_default();
        if text {
            out!(
                "question {} of at most {}: is your number in {{{next}}}? (yes, no, hint, undo, help, quit)",
                a.rounds.len() + 1,
                a.questions
            );
        }
        let answer = match read_line(&mut input)? {
            Line::End => anyhow::bail!("input ended before the game was over"),
            Line::TooLong => {
                say(
                    text,
                    &format!("a line of more than {MAX_LINE} bytes is not an answer"),
                )?;
                continue;
            }
            Line::Text(line) => match line.to_ascii_lowercase().as_str() {
                "" => continue,
                "y" | "yes" => Answer::Yes,
                "n" | "no" => Answer::No,
                "quit" | "resign" => break,
                "help" | "?" => {
                    say(text, CAROLE_HELP)?;
                    continue;
                }
                "hint" => {
                    say(
                        text,
                        &format!(
                            "still possible (lies each needs): {}",
                            possible(&a.charged, lies)
                        ),
                    )?;
                    continue;
                }
                "undo" => {
                    if request.answers.pop().is_none() {
                        say(text, "nothing to take back")?;
                    } else {
                        a = carole(&request)?;
                        say(
                            text,
                            &format!("took back your answer to question {}", a.rounds.len() + 1),
                        )?;
                    }
                    continue;
                }
                other => {
                    say(
                        text,
                        &format!("{other:?} is not an answer: yes or no (or help)"),
                    )?;
                    continue;
                }
            },
        };
        request.answers.push(answer);
        a = carole(&request)?;
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
        print_json(&a)?;
    } else {
        out!("game over: {}", carole_verdict(&a));
    }
    Ok(ExitCode::SUCCESS)
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

/// Reads a set of numbers: `1-8 12, 15` (ranges with `-` or `–`, separated by spaces or
/// commas); `none`, `nothing` or `{}` is the empty set.
fn parse_set(line: &str, n: u64) -> Result<Vec<u64>, String> {
    let mut set = Vec::new();
    let line = line.trim_start_matches('{').trim_end_matches('}');
    for token in line.split([' ', ',']).filter(|t| !t.is_empty()) {
        if token == "none" || token == "nothing" {
            continue;
        }
        let number = |s: &str| -> Result<u64, String> {
            let x: u64 = s
                .parse()
                .map_err(|_| format!("{token:?} is not a number or a range a-b (help)"))?;
            if x == 0 || x > n {
                return Err(format!("{x} is not a number from 1 to {n}"));
            }
            Ok(x)
        };
        match token.split_once(['-', '–']) {
            Some((lo, hi)) => {
                let (lo, hi) = (number(lo)?, number(hi)?);
                if lo > hi {
                    return Err(format!("the range {token} is empty"));
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

fn play_paul(n: u64, lies: usize, questions: u32, json: bool) -> anyhow::Result<ExitCode> {
    let text = !json;
    let mut request = PaulRequest {
        n,
        lies,
        questions,
        asked: vec![],
    };
    let mut a: PaulAnswer = paul(&request)?;
    let mut strategy = Strategy::new(lies, page_budget())?;
    if text {
        out!(
            "liar game: you are Paul; duel, as Carole, answers about a number from 1 to {n} as the worst adversary with up to {lies} lie(s); find it with {questions} questions. Berlekamp volume {} vs 2^{questions} = {}",
            a.volume,
            a.bound
        );
    }
    let mut input = std::io::stdin().lock();
    while a.questions_left > 0 && a.verdict != Standing::Paul {
        if text {
            out!(
                "{} question(s) left; still possible (lies charged): {}. Your set? (e.g. 1-8 12; hint, undo, help, quit)",
                a.questions_left,
                possible(&a.charged, lies)
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
        match line.to_ascii_lowercase().as_str() {
            "" => continue,
            "quit" | "resign" => break,
            "help" | "?" => {
                say(text, PAUL_HELP)?;
                continue;
            }
            "hint" => {
                let set = strategy.question(a.questions_left, &a.charged)?;
                let verdict = if a.verdict == Standing::Open {
                    ""
                } else {
                    " (the game is already lost: the volume is above 2^q)"
                };
                say(text, &format!("hint: ask {}{verdict}", ranges(&set)))?;
                continue;
            }
            "undo" => {
                if request.asked.pop().is_none() {
                    say(text, "nothing to take back")?;
                } else {
                    a = paul(&request)?;
                    say(text, "took back your last question")?;
                }
                continue;
            }
            _ => {}
        }
        let set = match parse_set(&line, n) {
            Ok(set) => set,
            Err(e) => {
                say(text, &e)?;
                continue;
            }
        };
        request.asked.push(set);
        a = paul(&request)?;
        if text {
            let r = a.rounds.last().expect("a question was just asked");
            out!(
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
            );
        }
    }
    if json {
        print_json(&a)?;
    } else {
        let line = match a.verdict {
            Standing::Paul => match a.charged.iter().position(|&c| c <= lies) {
                Some(k) => format!("you won: only {} is left", k + 1),
                None => "you won: no number is left".to_string(),
            },
            _ if a.questions_left > 0 => "you quit".to_string(),
            _ => format!(
                "you lost: {} numbers are still possible",
                a.counts.iter().sum::<u64>()
            ),
        };
        out!("game over: {line}");
    }
    Ok(ExitCode::SUCCESS)
}
