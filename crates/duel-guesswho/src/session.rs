//! A game of Guess Who between a person and the optimal player, on a board of generated
//! faces ([`crate::faces`]): the person asks questions (a feature or any set of faces) or
//! guesses, duel answers truthfully and plays an optimal move of the exact [`Table`] on its
//! turn. The game is replayed from its setup and the person's actions each time, so a front
//! end holds no state but the request: [`play`] answers what the board shows, every move with
//! the exact probabilities of winning before and after it, and the optimal moves.
//!
//! ```
//! use duel_guesswho::session::{play, Action, PlayRequest};
//!
//! let mut request = PlayRequest::new(24, 24, "official", 2, 1);
//! request.actions.push(Action::Feature { feature: "glasses".into() });
//! let answer = play(&request)?;
//! // Cushing et al., Theorem 1.1: the first player wins P(24, 24) = 5/9 of the games.
//! assert_eq!(answer.log[0].p_before.to_string(), "5/9");
//! # Ok::<(), duel_guesswho::session::PlayError>(())
//! ```

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::closed_form::split;
use crate::faces::{below, faces, has_feature, Face, FEATURES};
use crate::rules::{GuessWhoError, Move, Questions, Rules};
use crate::table::{Prob, Table};

/// The largest pool of a game: a table of 64 × 64 is solved in well under a millisecond.
pub const MAX_POOL: u64 = 64;

/// A game: its setup and the person's actions so far.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize, Serialize)]
pub struct PlayRequest {
    /// `race`, `official` or `free-guess`.
    pub rules: String,
    /// 2 (yes/no) or 3 (three-way questions).
    pub questions: u32,
    /// The person's candidates at the start (faces 0 to pool − 1 hold duel's secret).
    pub pool: u64,
    /// duel's candidates at the start (faces 0 to opponent_pool − 1 hold the person's secret).
    pub opponent_pool: u64,
    /// Seed of the board, of duel's secret and of duel's choices among optimal moves.
    pub seed: u64,
    /// The person's secret face, below `opponent_pool`.
    pub secret: u32,
    /// Whether the person moves first.
    pub human_first: bool,
    /// The person's actions, in order.
    pub actions: Vec<Action>,
}

impl PlayRequest {
    /// A new game with no action yet, the person moving first with face 0 as secret.
    pub fn new(pool: u64, opponent_pool: u64, rules: &str, questions: u32, seed: u64) -> Self {
        PlayRequest {
            rules: rules.to_string(),
            questions,
            pool,
            opponent_pool,
            seed,
            secret: 0,
            human_first: true,
            actions: Vec::new(),
        }
    }
}

/// What the person does on a turn.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Action {
    /// Asks which of these sets of faces holds duel's secret (the faces left out form one
    /// more part): one set for a yes/no question, one or two for a three-way one.
    Ask {
        /// The sets of face ids.
        parts: Vec<Vec<u32>>,
    },
    /// Asks whether duel's secret has a feature (one of [`FEATURES`]).
    Feature {
        /// The feature.
        feature: String,
    },
    /// Names a face.
    Guess {
        /// The face's id.
        id: u32,
    },
}

/// Why a game cannot be played as asked.
#[derive(Debug, Error, PartialEq)]
pub enum PlayError {
    /// Bad rules, questions or pool sizes.
    #[error(transparent)]
    GuessWho(#[from] GuessWhoError),
    /// A pool out of range.
    #[error("pool sizes must be between {low} and {MAX_POOL} (got {pool} and {opponent_pool})")]
    Pool {
        /// The least pool of these rules.
        low: u64,
        /// The person's pool.
        pool: u64,
        /// duel's pool.
        opponent_pool: u64,
    },
    /// A secret outside duel's pool.
    #[error("the secret face {0} is not on duel's side of the board")]
    Secret(u32),
    /// A face id outside the board.
    #[error("no face {0} on the board")]
    NoFace(u32),
    /// A face named twice in one question.
    #[error("face {0} is in two parts of the question")]
    Twice(u32),
    /// A question with the wrong number of parts.
    #[error("a question lists {allowed} set(s) of faces here (got {got})")]
    Parts {
        /// Sets allowed: 1 for yes/no, 1 or 2 for three-way questions.
        allowed: &'static str,
        /// Sets given.
        got: usize,
    },
    /// A question whose answer is known.
    #[error("this question does not split your {0} candidates: every one is on the same side")]
    NoSplit(usize),
    /// An unknown feature.
    #[error("unknown feature {0:?}; features: {list}", list = FEATURES.join(", "))]
    Feature(String),
    /// A guess under the race rules.
    #[error("the race rules have no guesses: ask questions until one candidate is left")]
    NoGuess,
    /// A guess of an eliminated face.
    #[error("face {0} is not among your candidates")]
    NotCandidate(u32),
    /// An action after the end.
    #[error("the game is over: action {0} comes after the end")]
    Over(usize),
}

/// Who made a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Side {
    /// The person.
    Human,
    /// The optimal player.
    Duel,
}

impl Side {
    fn other(self) -> Side {
        match self {
            Side::Human => Side::Duel,
            Side::Duel => Side::Human,
        }
    }
}

/// One move of the game, with its exact values for the player who made it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Turn {
    /// Who moved.
    pub by: Side,
    /// The move as the theory sees it: a guess, or the sizes of the parts among the mover's
    /// candidates.
    #[serde(rename = "move")]
    pub mv: Move,
    /// The question's parts as face ids among the mover's candidates, the answered part
    /// included; empty for a guess.
    pub parts: Vec<Vec<u32>>,
    /// The feature asked, where the question was one.
    pub feature: Option<String>,
    /// The part that held the secret (index into `parts`).
    pub answer: Option<usize>,
    /// The face guessed, and whether it was right.
    pub guess: Option<(u32, bool)>,
    /// The mover's candidates and the opponent's before the move.
    pub position: (u64, u64),
    /// The mover's probability of winning before the move, with optimal play: `P(n, m)`.
    pub p_before: Prob,
    /// The probability the move keeps, before its answer is known.
    pub p_move: Prob,
    /// The mover's probability of winning after the answer.
    pub p_after: Prob,
    /// Every optimal move at the position (sizes).
    pub optimal: Vec<Move>,
    /// Whether the move was optimal.
    pub was_optimal: bool,
    /// A bold question: its smallest part is smaller than the most even split's (Nica's bold
    /// bid `2^⌊log₂(m − 1)⌋` of a player in the weeds, rather than the safe `⌊n/2⌋`).
    pub bold: bool,
}

/// The game as the board shows it after the person's actions and duel's replies.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PlayAnswer {
    /// The rules.
    pub rules: Rules,
    /// The most parts of a question.
    pub questions: u32,
    /// The board.
    pub faces: Vec<Face>,
    /// The person's candidates left (faces that may be duel's secret).
    pub candidates: Vec<u32>,
    /// duel's candidates left (faces that may be the person's secret).
    pub opponent_candidates: Vec<u32>,
    /// The person's secret.
    pub secret: u32,
    /// Every move so far.
    pub log: Vec<Turn>,
    /// Who moves next; `None` when the game is over.
    pub to_move: Option<Side>,
    /// The person's probability of winning now, with optimal play from both sides.
    pub p: Prob,
    /// The optimal moves of the person, when the person is to move.
    pub hint: Vec<Move>,
    /// A question (sets of face ids, the last one the faces left out) that plays the first
    /// optimal move, when it is a question.
    pub hint_parts: Vec<Vec<u32>>,
    /// The winner, once the game is over.
    pub winner: Option<Side>,
    /// duel's secret, shown once the game is over.
    pub duel_secret: Option<u32>,
}

struct Game {
    table: Table,
    rules: Rules,
    faces: Vec<Face>,
    /// Candidates of the person and of duel.
    pools: [Vec<u32>; 2],
    secrets: [u32; 2],
    to_move: Side,
    winner: Option<Side>,
    log: Vec<Turn>,
    rng: u64,
}

fn index(side: Side) -> usize {
    match side {
        Side::Human => 0,
        Side::Duel => 1,
    }
}

impl Game {
    fn position(&self, side: Side) -> (u64, u64) {
        let own = self.pools[index(side)].len() as u64;
        (own, self.pools[index(side.other())].len() as u64)
    }

    /// The probability of `side` winning now, with optimal play.
    fn p_of(&self, side: Side) -> Result<Prob, PlayError> {
        if let Some(w) = self.winner {
            return Ok(Prob::new(u64::from(w == side), 1));
        }
        let mover = self.to_move;
        let (n, m) = self.position(mover);
        let p = self.table.probability(n, m)?;
        Ok(if mover == side { p } else { complement(p) })
    }

    /// Plays `mv` realised as `parts` (a question) or `guess` for the side to move, keeping
    /// the part that holds the opponent's secret.
    fn apply(
        &mut self,
        mv: Move,
        parts: Vec<Vec<u32>>,
        feature: Option<String>,
        guess: Option<u32>,
    ) -> Result<(), PlayError> {
        let side = self.to_move;
        let (n, m) = self.position(side);
        let p_before = self.table.probability(n, m)?;
        let p_move = self.table.move_probability(n, m, &mv)?;
        let optimal = self.table.best_moves(n, m)?;
        let was_optimal = self.table.is_optimal(n, m, &mv)?;
        let target = self.secrets[index(side.other())];
        let mut answer = None;
        let mut guessed = None;
        if let Some(id) = guess {
            let right = id == target;
            guessed = Some((id, right));
            if right {
                self.winner = Some(side);
            } else if self.rules == Rules::FreeGuess {
                self.pools[index(side)].retain(|&c| c != id);
            } else {
                self.winner = Some(side.other());
            }
        } else {
            let k = parts.iter().position(|p| p.contains(&target)).unwrap_or(0);
            answer = Some(k);
            self.pools[index(side)] = parts[k].clone();
            if self.rules == Rules::Race && parts[k].len() == 1 {
                self.winner = Some(side);
            }
        }
        self.to_move = side.other();
        let p_after = self.p_of(side)?;
        let bold = match &mv {
            Move::Split(sizes) => sizes[0] < n / sizes.len() as u64,
            Move::Guess => false,
        };
        self.log.push(Turn {
            by: side,
            mv,
            parts,
            feature,
            answer,
            guess: guessed,
            position: (n, m),
            p_before,
            p_move,
            p_after,
            optimal,
            was_optimal,
            bold,
        });
        Ok(())
    }

    /// duel's move: an optimal move of the table, chosen by the seed among the optimal ones.
    fn duel_move(&mut self) -> Result<(), PlayError> {
        let (n, m) = self.position(Side::Duel);
        let best = self.table.best_moves(n, m)?;
        let mv = best[below(&mut self.rng, best.len() as u64) as usize].clone();
        match &mv {
            Move::Guess => {
                let pool = &self.pools[1];
                let id = pool[below(&mut self.rng, pool.len() as u64) as usize];
                self.apply(mv, Vec::new(), None, Some(id))
            }
            Move::Split(sizes) => {
                let (parts, feature) = realise(&self.faces, &self.pools[1], sizes, &mut self.rng);
                self.apply(mv, parts, feature, None)
            }
        }
    }

    /// The person's action, checked.
    fn human_move(&mut self, action: &Action, questions: Questions) -> Result<(), PlayError> {
        let board = self.faces.len() as u32;
        let (listed, feature) = match action {
            Action::Guess { id } => {
                if !self.rules.allows_guess() {
                    return Err(PlayError::NoGuess);
                }
                if !self.pools[0].contains(id) {
                    return Err(PlayError::NotCandidate(*id));
                }
                return self.apply(Move::Guess, Vec::new(), None, Some(*id));
            }
            Action::Feature { feature } => {
                let mut with = Vec::new();
                for f in &self.faces {
                    match has_feature(f, feature) {
                        Some(true) => with.push(f.id),
                        Some(false) => {}
                        None => return Err(PlayError::Feature(feature.clone())),
                    }
                }
                (vec![with], Some(feature.clone()))
            }
            Action::Ask { parts } => (parts.clone(), None),
        };
        let allowed = match questions {
            Questions::Two => (1, "1"),
            Questions::Three => (2, "1 or 2"),
        };
        if listed.is_empty() || listed.len() > allowed.0 {
            return Err(PlayError::Parts {
                allowed: allowed.1,
                got: listed.len(),
            });
        }
        let mut seen = vec![false; board as usize];
        for &id in listed.iter().flatten() {
            let slot = seen.get_mut(id as usize).ok_or(PlayError::NoFace(id))?;
            if *slot {
                return Err(PlayError::Twice(id));
            }
            *slot = true;
        }
        let pool = &self.pools[0];
        let mut parts: Vec<Vec<u32>> = listed
            .iter()
            .map(|p| pool.iter().copied().filter(|c| p.contains(c)).collect())
            .collect();
        parts.push(
            pool.iter()
                .copied()
                .filter(|&c| !seen[c as usize])
                .collect(),
        );
        if parts.iter().filter(|p| !p.is_empty()).count() < 2 {
            return Err(PlayError::NoSplit(pool.len()));
        }
        let sizes: Vec<u64> = parts.iter().map(|p| p.len() as u64).collect();
        self.apply(split(&sizes), parts, feature, None)
    }
}

/// 1 − p.
fn complement(p: Prob) -> Prob {
    Prob::new(p.den - p.num, p.den)
}

/// A question that splits `pool` into parts of `sizes`: a feature whose faces among the pool
/// are one part of a yes/no question where there is one, else faces drawn by the seed.
fn realise(
    faces: &[Face],
    pool: &[u32],
    sizes: &[u64],
    rng: &mut u64,
) -> (Vec<Vec<u32>>, Option<String>) {
    if sizes.len() == 2 {
        for feature in FEATURES {
            let (with, without): (Vec<u32>, Vec<u32>) = pool
                .iter()
                .partition(|&&c| has_feature(&faces[c as usize], feature) == Some(true));
            if sizes.contains(&(with.len() as u64)) {
                return (vec![with, without], Some(feature.to_string()));
            }
        }
    }
    let mut shuffled = pool.to_vec();
    for i in (1..shuffled.len()).rev() {
        let j = below(rng, i as u64 + 1) as usize;
        shuffled.swap(i, j);
    }
    let mut parts = Vec::new();
    let mut at = 0;
    for &s in sizes {
        let mut part = shuffled[at..at + s as usize].to_vec();
        part.sort_unstable();
        parts.push(part);
        at += s as usize;
    }
    (parts, None)
}

/// Replays `request` and answers what the board shows; duel moves whenever it is its turn.
pub fn play(request: &PlayRequest) -> Result<PlayAnswer, PlayError> {
    let rules = request.rules.parse::<Rules>()?;
    let questions = request.questions.to_string().parse::<Questions>()?;
    let low = if rules == Rules::Race { 2 } else { 1 };
    let (n, m) = (request.pool, request.opponent_pool);
    if n < low || m < low || n > MAX_POOL || m > MAX_POOL {
        return Err(PlayError::Pool {
            low,
            pool: n,
            opponent_pool: m,
        });
    }
    if u64::from(request.secret) >= m {
        return Err(PlayError::Secret(request.secret));
    }
    let mut rng = request.seed;
    let board = faces(n.max(m) as u32, request.seed);
    let duel_secret = below(&mut rng, n) as u32;
    let mut game = Game {
        table: Table::solve(n.max(m), rules, questions)?,
        rules,
        faces: board,
        pools: [(0..n as u32).collect(), (0..m as u32).collect()],
        secrets: [request.secret, duel_secret],
        to_move: if request.human_first {
            Side::Human
        } else {
            Side::Duel
        },
        winner: None,
        log: Vec::new(),
        rng,
    };
    for (i, action) in request.actions.iter().enumerate() {
        if game.winner.is_none() && game.to_move == Side::Duel {
            game.duel_move()?;
        }
        if game.winner.is_some() {
            return Err(PlayError::Over(i));
        }
        game.human_move(action, questions)?;
    }
    if game.winner.is_none() && game.to_move == Side::Duel {
        game.duel_move()?;
    }
    let human_turn = game.winner.is_none();
    let (hint, hint_parts) = if human_turn {
        let (n, m) = game.position(Side::Human);
        let best = game.table.best_moves(n, m)?;
        let parts = match best.first() {
            Some(Move::Split(sizes)) => {
                let mut fixed = request.seed;
                realise(&game.faces, &game.pools[0], sizes, &mut fixed).0
            }
            _ => Vec::new(),
        };
        (best, parts)
    } else {
        (Vec::new(), Vec::new())
    };
    let p = game.p_of(Side::Human)?;
    let [candidates, opponent_candidates] = game.pools;
    Ok(PlayAnswer {
        rules,
        questions: questions.parts(),
        faces: game.faces,
        candidates,
        opponent_candidates,
        secret: request.secret,
        log: game.log,
        to_move: game.winner.is_none().then_some(Side::Human),
        p,
        hint,
        hint_parts,
        winner: game.winner,
        duel_secret: game.winner.map(|_| duel_secret),
    })
}
