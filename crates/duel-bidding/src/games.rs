//! The games of the paper and beyond, and their names on the command line.
//!
//! Names: `tictactoe` (TTT: ties go to Bob), `tictactoe:center` and `tictactoe:corner` (Alice's
//! first move, if she makes it, is forced: the f′ and f″ of Figures 3 and 4), `tug:N`,
//! `ultimatum:N`, `A`, `B`, `E`, `A:N`, `B:N`, `example3.3:N` (Bob wins if he makes any of the
//! next N moves), `example3.5` (the second move wins), `prop4.8:J` (the wedge of Ult^1, Ult^3,
//! …, Ult^(2J−1)), `connect:WxH:K`, `hex:N`, and wedge sums `G^H` with parentheses, e.g.
//! `(A^B:2)^B` for (A ∧ B²) ∧ B; `^` groups from the left (`A^B:2^B` is the same game). These are the families that `duel_games::registry` lists as
//! played by the bidding commands.

use super::boards::{Hex, LineGame};
use super::graph::{BiddingGame, GameGraph, GraphBuilder};
use super::{BiddingError, GameNameError, PositionError};
use duel_core::cancel::Cancel;
use duel_core::game::{Outcome, Player};

/// The most positions a game graph may have.
pub const MAX_POSITIONS: usize = 3_000_000;

/// The largest `N` accepted in `A:N`, `B:N`, `tug:N`, `ultimatum:N` and similar.
pub const MAX_PARAMETER: u64 = 60;

/// A parsed game name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GameSpec {
    /// Tic-Tac-Toe with ties counted for Bob; `first` forces Alice's first move.
    TicTacToe {
        /// `None`, `Some("center")` or `Some("corner")`.
        first: Option<FirstMove>,
    },
    /// Connect-K with gravity on a W×H board.
    Connect {
        /// Columns.
        width: usize,
        /// Rows.
        height: usize,
        /// Line length.
        k: usize,
    },
    /// Hex on an N×N board.
    Hex(usize),
    /// Tug o' War of length N (section 4.1).
    Tug(u64),
    /// Ultimatum of degree N (section 4.2).
    Ultimatum(u64),
    /// Alice always wins.
    AliceWins,
    /// Bob always wins.
    BobWins,
    /// A^N: Alice wins if she makes any of the first N moves (Example 5.2); E = A^1.
    SuddenDeathAlice(u64),
    /// B^N: Bob wins if he makes any of the first N moves (Example 3.3, Example 5.2).
    SuddenDeathBob(u64),
    /// Example 3.5: the player who makes the second move wins.
    SecondMoveWins,
    /// Proposition 4.8, truncated: the wedge of Ult^1, Ult^3, …, Ult^(2J−1).
    Prop48(u64),
    /// The wedge sum G ∧ H: the first mover chooses the start of G or of H.
    Wedge(Box<GameSpec>, Box<GameSpec>),
}

/// Alice's forced first move in `tictactoe:center` and `tictactoe:corner`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FirstMove {
    /// The center cell.
    Center,
    /// The top-left corner.
    Corner,
}

/// A game ready to solve: its graph, and the board it came from when it is one board game.
pub struct BuiltGame {
    /// The explicit graph.
    pub graph: GameGraph,
    /// The board game, when the graph is built from one (for reading and writing positions).
    pub board: Option<Box<dyn BiddingGame + Send + Sync>>,
}

impl BuiltGame {
    /// The position of vertex `v` in words: a board, or the vertex's name.
    pub fn label(&self, v: u32) -> String {
        match &self.board {
            Some(b) if self.graph.code(v) != u64::MAX => b.label(self.graph.code(v)),
            Some(_) => "start".to_string(),
            None => self.graph.name(v),
        }
    }

    /// The moves of `who` from the position written `text`, each as (the new position in the
    /// orientation of `text`, its vertex). `None` for games that are not boards.
    pub fn moves_from(&self, text: &str, who: Player) -> Option<Vec<(String, u32)>> {
        let b = self.board.as_ref()?;
        let code = b.parse(text).ok()?;
        b.moves(code, who)
            .into_iter()
            .map(|c| {
                let v = self.graph.vertex_of(b.canonical(c))?;
                Some((b.label(c), v))
            })
            .collect()
    }

    /// Reads a position: a board for board games, a vertex name otherwise.
    pub fn parse_position(&self, text: &str) -> Result<u32, BiddingError> {
        match &self.board {
            Some(b) => {
                let code = b.parse(text)?;
                self.graph.vertex_of(b.canonical(code)).ok_or_else(|| {
                    PositionError::Unreachable {
                        text: text.to_string(),
                    }
                    .into()
                })
            }
            None => (0..self.graph.len() as u32)
                .find(|&v| self.graph.name(v) == text)
                .ok_or_else(|| {
                    let examples: Vec<String> = (0..self.graph.len().min(12) as u32)
                        .map(|v| self.graph.name(v))
                        .collect();
                    PositionError::NotAPosition {
                        text: text.to_string(),
                        examples,
                    }
                    .into()
                }),
        }
    }
}

fn parse_number(text: &str, what: &'static str) -> Result<u64, BiddingError> {
    let n: u64 = text.parse().map_err(|_| GameNameError::NotANumber {
        what,
        text: text.to_string(),
    })?;
    if n == 0 || n > MAX_PARAMETER {
        return Err(GameNameError::ParameterOutOfRange {
            what,
            got: n,
            max: MAX_PARAMETER,
        }
        .into());
    }
    Ok(n)
}

fn parse_atom(text: &str) -> Result<GameSpec, BiddingError> {
    let parts: Vec<&str> = text.split(':').collect();
    let unknown = || {
        BiddingError::from(GameNameError::Unknown {
            name: text.to_string(),
        })
    };
    Ok(match parts.as_slice() {
        ["tictactoe"] | ["ttt"] => GameSpec::TicTacToe { first: None },
        ["tictactoe", "center"] => GameSpec::TicTacToe {
            first: Some(FirstMove::Center),
        },
        ["tictactoe", "corner"] => GameSpec::TicTacToe {
            first: Some(FirstMove::Corner),
        },
        ["A"] => GameSpec::AliceWins,
        ["B"] => GameSpec::BobWins,
        ["E"] => GameSpec::SuddenDeathAlice(1),
        ["A", n] => GameSpec::SuddenDeathAlice(parse_number(n, "N of A:N")?),
        ["B", n] => GameSpec::SuddenDeathBob(parse_number(n, "N of B:N")?),
        ["example3.3", n] => GameSpec::SuddenDeathBob(parse_number(n, "n of example3.3:n")?),
        ["example3.5"] => GameSpec::SecondMoveWins,
        ["tug", n] => GameSpec::Tug(parse_number(n, "N of tug:N")?),
        ["ultimatum", n] | ["ult", n] => GameSpec::Ultimatum(parse_number(n, "N of ultimatum:N")?),
        ["prop4.8", j] => {
            let j = parse_number(j, "J of prop4.8:J")?;
            if j > 8 {
                return Err(GameNameError::Prop48TooLarge { got: j, max: 8 }.into());
            }
            GameSpec::Prop48(j)
        }
        ["hex", n] => {
            let n = parse_number(n, "N of hex:N")? as usize;
            GameSpec::Hex(n)
        }
        ["connect", size, k] => {
            let (w, h) = size.split_once(['x', 'X']).ok_or_else(unknown)?;
            let width = parse_number(w, "board width")? as usize;
            let height = parse_number(h, "board height")? as usize;
            let k = parse_number(k, "line length")? as usize;
            GameSpec::Connect { width, height, k }
        }
        _ => return Err(unknown()),
    })
}

/// The most games a game name may combine by wedge sums.
pub const MAX_GAMES: usize = 1024;
/// The deepest nesting of parentheses in a game name.
pub const MAX_NESTING: usize = 64;

/// Reads a game name (see the module documentation).
pub fn parse_game(text: &str) -> Result<GameSpec, BiddingError> {
    let tokens: Vec<char> = text.chars().filter(|c| !c.is_whitespace()).collect();
    // The parser, the game's name and its graph recurse once a level of wedge sums: bounded,
    // so that no name overflows the stack (10,000 games in a chain of wedges did).
    let depth = tokens
        .iter()
        .scan(0i64, |d, &c| {
            *d += i64::from(c == '(') - i64::from(c == ')');
            Some(*d)
        })
        .max()
        .unwrap_or(0);
    let games = tokens.iter().filter(|&&c| c == '^').count() + 1;
    let head = || tokens.iter().take(20).collect::<String>();
    if depth > MAX_NESTING as i64 {
        return Err(GameNameError::TooDeep {
            head: head(),
            depth: depth as u64,
            limit: MAX_NESTING as u64,
        }
        .into());
    }
    if games > MAX_GAMES {
        return Err(GameNameError::TooManyGames {
            head: head(),
            games: games as u64,
            limit: MAX_GAMES as u64,
        }
        .into());
    }
    let mut pos = 0;
    let spec = parse_expr(&tokens, &mut pos, text)?;
    if pos != tokens.len() {
        return Err(GameNameError::Unexpected {
            rest: tokens[pos..].iter().collect(),
            name: text.to_string(),
        }
        .into());
    }
    Ok(spec)
}

fn parse_expr(tokens: &[char], pos: &mut usize, text: &str) -> Result<GameSpec, BiddingError> {
    let mut left = parse_term(tokens, pos, text)?;
    while *pos < tokens.len() && tokens[*pos] == '^' {
        *pos += 1;
        let right = parse_term(tokens, pos, text)?;
        left = GameSpec::Wedge(Box::new(left), Box::new(right));
    }
    Ok(left)
}

fn parse_term(tokens: &[char], pos: &mut usize, text: &str) -> Result<GameSpec, BiddingError> {
    if *pos < tokens.len() && tokens[*pos] == '(' {
        *pos += 1;
        let inner = parse_expr(tokens, pos, text)?;
        if *pos >= tokens.len() || tokens[*pos] != ')' {
            return Err(GameNameError::MissingParen {
                name: text.to_string(),
            }
            .into());
        }
        *pos += 1;
        return Ok(inner);
    }
    let start = *pos;
    while *pos < tokens.len() && !matches!(tokens[*pos], '^' | '(' | ')') {
        *pos += 1;
    }
    if start == *pos {
        return Err(GameNameError::MissingGame {
            name: text.to_string(),
        }
        .into());
    }
    parse_atom(&tokens[start..*pos].iter().collect::<String>())
}

impl GameSpec {
    /// The canonical name of the game, read back by [`parse_game`] as the same game
    /// (`(A^B:2)^B` is written `A^B:2^B`).
    pub fn name(&self) -> String {
        match self {
            GameSpec::TicTacToe { first: None } => "tictactoe".into(),
            GameSpec::TicTacToe {
                first: Some(FirstMove::Center),
            } => "tictactoe:center".into(),
            GameSpec::TicTacToe {
                first: Some(FirstMove::Corner),
            } => "tictactoe:corner".into(),
            GameSpec::Connect { width, height, k } => format!("connect:{width}x{height}:{k}"),
            GameSpec::Hex(n) => format!("hex:{n}"),
            GameSpec::Tug(n) => format!("tug:{n}"),
            GameSpec::Ultimatum(n) => format!("ultimatum:{n}"),
            GameSpec::AliceWins => "A".into(),
            GameSpec::BobWins => "B".into(),
            GameSpec::SuddenDeathAlice(1) => "E".into(),
            GameSpec::SuddenDeathAlice(n) => format!("A:{n}"),
            GameSpec::SuddenDeathBob(n) => format!("B:{n}"),
            GameSpec::SecondMoveWins => "example3.5".into(),
            GameSpec::Prop48(j) => format!("prop4.8:{j}"),
            // `^` reads from the left, so only a wedge on the right needs parentheses; a
            // chain of wedges (up to MAX_GAMES) then reads back within MAX_NESTING.
            GameSpec::Wedge(l, r) => match **r {
                GameSpec::Wedge(..) => format!("{}^({})", l.name(), r.name()),
                _ => format!("{}^{}", l.name(), r.name()),
            },
        }
    }

    /// An upper bound on the number of positions, before building anything; `u128::MAX` when
    /// the bound does not fit in 128 bits (print it with [`super::bound_text`]).
    pub fn position_bound(&self) -> u128 {
        match self {
            GameSpec::TicTacToe { .. } => 19_684,
            GameSpec::Connect { width, height, .. } => {
                let per_column = 1u128
                    .checked_shl(*height as u32 + 1)
                    .map_or(u128::MAX, |p| p - 1);
                per_column.saturating_pow(*width as u32)
            }
            GameSpec::Hex(n) => 3u128.saturating_pow((*n * *n) as u32),
            GameSpec::Tug(n) | GameSpec::Ultimatum(n) => 2 * u128::from(*n) + 3,
            GameSpec::AliceWins | GameSpec::BobWins => 1,
            GameSpec::SuddenDeathAlice(n) | GameSpec::SuddenDeathBob(n) => u128::from(*n) + 2,
            GameSpec::SecondMoveWins => 5,
            GameSpec::Prop48(j) => 1 + (1..=*j).map(|i| 4 * u128::from(i) + 3).sum::<u128>(),
            GameSpec::Wedge(l, r) => l
                .position_bound()
                .saturating_add(r.position_bound())
                .saturating_add(1),
        }
    }

    /// Builds the graph (refusing games that would need more than [`MAX_POSITIONS`]).
    pub fn build(&self) -> Result<BuiltGame, BiddingError> {
        self.build_until(&Cancel::never())
    }

    /// [`GameSpec::build`], stopped with [`BiddingError::Cancelled`] once `cancel` is.
    pub fn build_until(&self, cancel: &Cancel) -> Result<BuiltGame, BiddingError> {
        let bound = self.position_bound();
        if bound > MAX_POSITIONS as u128 {
            return Err(BiddingError::GraphTooLarge {
                game: self.name(),
                needed: bound,
                limit: MAX_POSITIONS as u64,
            });
        }
        // Wedges recurse (a chain of MAX_GAMES games nests as deep): each level's frames are
        // this function's and `wedge_graph`'s, kept small.
        let graph = match self {
            GameSpec::TicTacToe { .. } | GameSpec::Connect { .. } | GameSpec::Hex(_) => {
                return self.board_graph(cancel)
            }
            GameSpec::Wedge(l, r) => wedge_graph(l, r, cancel)?,
            _ => self.small_graph()?,
        };
        Ok(BuiltGame { graph, board: None })
    }

    /// The graph of a board game, with the board.
    fn board_graph(&self, cancel: &Cancel) -> Result<BuiltGame, BiddingError> {
        match self {
            GameSpec::TicTacToe { first } => {
                let game = LineGame::tictactoe();
                let graph = GameGraph::from_game_until(&game, MAX_POSITIONS, cancel)?;
                let graph = match first {
                    None => graph,
                    Some(m) => {
                        let cell = match m {
                            FirstMove::Center => 4,
                            FirstMove::Corner => 0,
                        };
                        let mut cells = [0u8; 9];
                        cells[cell] = 1;
                        let code = game.canonical(game.code_of(&cells));
                        let target = graph.vertex_of(code).ok_or(BiddingError::Internal {
                            what: "first move not in the graph",
                        })?;
                        let bob: Vec<u32> = graph.moves(graph.start(), Player::BOB).to_vec();
                        graph.with_new_start(&[target], &bob)?
                    }
                };
                Ok(BuiltGame {
                    graph,
                    board: Some(Box::new(game)),
                })
            }
            GameSpec::Connect { width, height, k } => {
                let game = LineGame::new(*width, *height, *k, true)?;
                let graph = GameGraph::from_game_until(&game, MAX_POSITIONS, cancel)?;
                Ok(BuiltGame {
                    graph,
                    board: Some(Box::new(game)),
                })
            }
            GameSpec::Hex(n) => {
                let game = Hex::new(*n)?;
                let graph = GameGraph::from_game_until(&game, MAX_POSITIONS, cancel)?;
                Ok(BuiltGame {
                    graph,
                    board: Some(Box::new(game)),
                })
            }
            _ => Err(BiddingError::NotABoardGame { game: self.name() }),
        }
    }

    fn small_graph(&self) -> Result<GameGraph, BiddingError> {
        let mut b = GraphBuilder::new();
        let start = match self {
            GameSpec::AliceWins => b.vertex("A", Some(Outcome::Win(Player::ALICE))),
            GameSpec::BobWins => b.vertex("B", Some(Outcome::Win(Player::BOB))),
            GameSpec::SuddenDeathAlice(n) | GameSpec::SuddenDeathBob(n) => {
                let alice_sudden = matches!(self, GameSpec::SuddenDeathAlice(_));
                let wa = b.vertex("A", Some(Outcome::Win(Player::ALICE)));
                let wb = b.vertex("B", Some(Outcome::Win(Player::BOB)));
                let vs: Vec<u32> = (0..*n).map(|i| b.vertex(i.to_string(), None)).collect();
                for (i, &v) in vs.iter().enumerate() {
                    let next = vs.get(i + 1).copied();
                    if alice_sudden {
                        b.edge(Player::ALICE, v, wa);
                        b.edge(Player::BOB, v, next.unwrap_or(wb));
                    } else {
                        b.edge(Player::BOB, v, wb);
                        b.edge(Player::ALICE, v, next.unwrap_or(wa));
                    }
                }
                vs[0]
            }
            GameSpec::SecondMoveWins => {
                let wa = b.vertex("A", Some(Outcome::Win(Player::ALICE)));
                let wb = b.vertex("B", Some(Outcome::Win(Player::BOB)));
                let s = b.vertex("start", None);
                let e = b.vertex("1", None);
                b.both(s, e);
                b.edge(Player::ALICE, e, wa);
                b.edge(Player::BOB, e, wb);
                s
            }
            GameSpec::Tug(n) => tug(&mut b, *n as i64),
            GameSpec::Ultimatum(n) => ultimatum(&mut b, *n as i64, ""),
            GameSpec::Prop48(j) => {
                let s = b.vertex("start", None);
                for i in 0..*j {
                    let n = 2 * i as i64 + 1;
                    let u = ultimatum(&mut b, n, &format!("U{n}."));
                    b.both(s, u);
                }
                s
            }
            _ => return Err(BiddingError::NotASmallGame { game: self.name() }),
        };
        b.finish(start)
    }
}

fn tug(b: &mut GraphBuilder, n: i64) -> u32 {
    let ids: Vec<u32> = (-n..=n)
        .map(|k| {
            let outcome = if k == n {
                Some(Outcome::Win(Player::ALICE))
            } else if k == -n {
                Some(Outcome::Win(Player::BOB))
            } else {
                None
            };
            b.vertex(k.to_string(), outcome)
        })
        .collect();
    for i in 1..ids.len() - 1 {
        b.both(ids[i], ids[i + 1]);
        b.both(ids[i], ids[i - 1]);
    }
    ids[n as usize]
}

fn ultimatum(b: &mut GraphBuilder, n: i64, prefix: &str) -> u32 {
    let wa = b.vertex(format!("{prefix}A"), Some(Outcome::Win(Player::ALICE)));
    let wb = b.vertex(format!("{prefix}B"), Some(Outcome::Win(Player::BOB)));
    let ids: Vec<u32> = (-n..=n)
        .map(|k| b.vertex(format!("{prefix}{k}"), None))
        .collect();
    let id = |k: i64| ids[(k + n) as usize];
    for k in -n..=n {
        let v = id(k);
        if k == 0 {
            b.edge(Player::ALICE, v, id(n));
            b.edge(Player::BOB, v, id(-n));
        } else if k > 0 {
            b.edge(Player::ALICE, v, wa);
            b.edge(Player::BOB, v, id(k - 1));
        } else {
            b.edge(Player::ALICE, v, id(k + 1));
            b.edge(Player::BOB, v, wb);
        }
    }
    id(0)
}

/// The wedge sum `l ∧ r`: a new start whose moves, for either player, are the starts of `l`
/// and of `r`.
fn wedge_graph(l: &GameSpec, r: &GameSpec, cancel: &Cancel) -> Result<GameGraph, BiddingError> {
    let gl = l.build_until(cancel)?.graph;
    let gr = r.build_until(cancel)?.graph;
    cancel.check()?;
    let mut b = GraphBuilder::new();
    let s = b.vertex("start", None);
    let sl = b.embed_prefixed(&gl, "1.");
    let sr = b.embed_prefixed(&gr, "2.");
    b.both(s, sl);
    b.both(s, sr);
    b.finish(s)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::BIDDING_NAMES;
    use duel_games::registry::{family_of, Engine, Family, FAMILIES};

    /// Names of every family the bidding commands play, by the family's registry name (its
    /// aliases and forms with and without parameters included).
    const EXAMPLES: &[(&str, &[&str])] = &[
        (
            "tictactoe",
            &["tictactoe", "ttt", "tictactoe:center", "tictactoe:corner"],
        ),
        ("connect", &["connect:4x4:3", "connect:5x4:4"]),
        ("tug", &["tug:3"]),
        ("ultimatum", &["ultimatum:2", "ult:2"]),
        ("A", &["A", "A:2"]),
        ("B", &["B", "B:2"]),
        ("E", &["E"]),
        ("example3.3", &["example3.3:2"]),
        ("example3.5", &["example3.5"]),
        ("prop4.8", &["prop4.8:2"]),
        ("hex", &["hex:3"]),
    ];

    fn plays_bidding(family: &Family) -> bool {
        family.engines.contains(&Engine::Bidding)
    }

    #[test]
    fn bidding_parses_exactly_the_registrys_bidding_families() {
        let families: Vec<&str> = FAMILIES
            .iter()
            .filter(|f| plays_bidding(f))
            .map(|f| f.name)
            .collect();
        let examples: Vec<&str> = EXAMPLES.iter().map(|&(family, _)| family).collect();
        assert_eq!(examples, families, "one example per bidding family");
        for &(family, names) in EXAMPLES {
            for name in names {
                assert!(parse_game(name).is_ok(), "{name} does not parse");
                assert_eq!(family_of(name).map(|f| f.name), Some(family), "{name}");
            }
        }
        for family in FAMILIES.iter().filter(|f| !plays_bidding(f)) {
            let names = [
                family.name,
                family.syntax,
                &format!("{}:4x4:3", family.name),
            ];
            for name in names.into_iter().chain(family.aliases.iter().copied()) {
                assert!(
                    matches!(
                        parse_game(name),
                        Err(BiddingError::GameName(GameNameError::Unknown { .. }))
                    ),
                    "{name} is not a bidding game"
                );
            }
        }
    }

    #[test]
    fn the_unknown_game_message_lists_the_registrys_bidding_names() {
        let listed: Vec<&str> = BIDDING_NAMES.split(", ").collect();
        for name in &listed {
            let family = family_of(name).unwrap_or_else(|| panic!("{name} is not registered"));
            assert!(plays_bidding(family), "{name}");
            let example = name
                .replace("WxH", "4x4")
                .replace(":K", ":3")
                .replace(":N", ":3")
                .replace(":J", ":2");
            assert!(parse_game(&example).is_ok(), "{example} does not parse");
        }
        for family in FAMILIES.iter().filter(|f| plays_bidding(f)) {
            assert!(
                listed
                    .iter()
                    .any(|name| family_of(name).is_some_and(|f| f.name == family.name)),
                "the message does not list {}",
                family.name
            );
        }
        assert_eq!(
            parse_game("chess").unwrap_err().to_string(),
            format!("unknown game 'chess': expected {BIDDING_NAMES}, or wedge sums like (A^B:2)^B")
        );
    }

    #[test]
    fn a_name_reads_back_as_the_same_game() {
        // Found by the fuzz target game_names: a chain of 73 games was written with 72 nested
        // parentheses, past MAX_NESTING, so its own name was refused.
        let chain = ["A:1"; 73].join("^");
        let long = parse_game(&chain).unwrap();
        assert_eq!(long.name(), ["E"; 73].join("^"));
        for name in ["(A^B:2)^B", "A^(B^E)", "(A^B)^(B^(E^A:2))", &chain] {
            let spec = parse_game(name).unwrap();
            assert_eq!(parse_game(&spec.name()).unwrap(), spec, "{name}");
        }
        assert_eq!(parse_game("(A^B:2)^B").unwrap().name(), "A^B:2^B");
        assert_eq!(parse_game("A^(B^E)").unwrap().name(), "A^(B^E)");
    }
}
