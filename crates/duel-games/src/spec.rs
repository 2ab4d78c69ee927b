//! Game names (`tictactoe`, `connect:7x6:4`, `connect-misere:15x6:5`, `pearl:2:32`,
//! `galton-watson:8:0.2/0/0.8`, ...) parsed into a game.
//!
//! [`parse_game`] returns an [`AnyGame`]: one variant per concrete game type. Code that works
//! for any game writes its body once inside [`with_game!`](crate::with_game), which binds the
//! concrete game (or implements [`GameVisitor`] and calls [`AnyGame::visit`], where the work
//! needs a named generic function), so every algorithm runs monomorphised (no dynamic
//! dispatch per move).
//!
//! Adding a game takes one line in the `any_game!` list (its variant) and one line in
//! [`PARSERS`] (its name and parse function).

use crate::connect::{Connect, ConnectRules, U256};
use crate::galton_watson::GaltonWatson;
use crate::pearl::Pearl;
use crate::tictactoe::TicTacToe;
use duel_core::game::{Game, GameError};
use duel_core::text::quote;

/// Something to do with a game of any concrete type; see [`AnyGame::visit`].
pub trait GameVisitor {
    /// What the visit returns.
    type Output;
    /// Does the work on the concrete game `game`.
    fn visit<G: Game + 'static>(self, game: G) -> Self::Output;
}

macro_rules! any_game {
    ($($(#[$doc:meta])* $variant:ident($ty:ty)),* $(,)?) => {
        /// A game of any known type, as built by [`parse_game`].
        #[derive(Clone)]
        pub enum AnyGame {
            $($(#[$doc])* $variant($ty),)*
        }

        impl AnyGame {
            /// Calls `visitor` with the concrete game.
            pub fn visit<V: GameVisitor>(self, visitor: V) -> V::Output {
                match self {
                    $(AnyGame::$variant(g) => visitor.visit(g),)*
                }
            }

            /// The game's name, e.g. `connect:7x6:4`.
            pub fn spec(&self) -> String {
                match self {
                    $(AnyGame::$variant(g) => g.spec(),)*
                }
            }
        }
    };
}

any_game! {
    /// `tictactoe`.
    TicTacToe(TicTacToe),
    /// `connect:WxH:K` or `connect-misere:WxH:K` with W·(H+1) ≤ 64.
    Connect64(Connect<u64>),
    /// Connect-K with 64 < W·(H+1) ≤ 128.
    Connect128(Connect<u128>),
    /// Connect-K with 128 < W·(H+1) ≤ 256 (up to 15×15).
    Connect256(Connect<U256>),
    /// `pearl:D:K[:P][:seed=S]`: Pearl's game, the D-regular tree of depth K with
    /// Bernoulli(P) leaves.
    Pearl(Pearl),
    /// `galton-watson:K:W0/W1/...[:Q][:seed=S]`: the Galton–Watson tree of Example 23.
    GaltonWatson(GaltonWatson),
}

/// The dispatch on the game, written once: `with_game!(any, g => body)` evaluates `body` with
/// `g` bound to the concrete game inside the [`AnyGame`] `any` (taken by value; pass
/// `any.clone()` or `&any` to match on a reference and bind `g` to `&G`). The body is compiled
/// once per game type, so it may call generic functions of `G: Game`; every arm must give the
/// same type.
///
/// ```
/// use duel_core::game::Game;
/// use duel_games::{parse_game, with_game};
///
/// fn first_moves<G: Game>(game: &G) -> usize {
///     let mut moves = Vec::new();
///     game.legal_moves(&mut moves);
///     moves.len()
/// }
///
/// let any = parse_game("connect:7x6:4").unwrap();
/// assert_eq!(with_game!(&any, g => first_moves(g)), 7);
/// assert_eq!(with_game!(any, g => g.spec()), "connect:7x6:4");
/// ```
#[macro_export]
macro_rules! with_game {
    ($any:expr, $g:ident => $body:expr) => {
        match $any {
            $crate::AnyGame::TicTacToe($g) => $body,
            $crate::AnyGame::Connect64($g) => $body,
            $crate::AnyGame::Connect128($g) => $body,
            $crate::AnyGame::Connect256($g) => $body,
            $crate::AnyGame::Pearl($g) => $body,
            $crate::AnyGame::GaltonWatson($g) => $body,
        }
    };
}

impl std::fmt::Debug for AnyGame {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "AnyGame({})", self.spec())
    }
}

impl std::str::FromStr for AnyGame {
    type Err = GameError;
    fn from_str(s: &str) -> Result<Self, GameError> {
        parse_game(s)
    }
}

/// Builds a game from the parameters after its name: `(name, params, whole spec)`.
pub type SpecParser = fn(&str, &str, &str) -> Result<AnyGame, GameError>;

/// Every game name with its parser; the parameters are the text after the first `:`.
pub const PARSERS: &[(&str, SpecParser)] = &[
    ("tictactoe", parse_tictactoe),
    ("connect", parse_connect),
    ("connect-misere", parse_connect),
    ("pearl", parse_pearl),
    ("galton-watson", parse_galton_watson),
];

/// Parses a game name such as `tictactoe`, `connect:7x6:4`, `connect-misere:15x6:5`,
/// `pearl:2:32` or `galton-watson:8:0.2/0/0.8`.
pub fn parse_game(spec: &str) -> Result<AnyGame, GameError> {
    let spec = spec.trim();
    let (name, params) = spec.split_once(':').unwrap_or((spec, ""));
    let name_lower = name.to_ascii_lowercase();
    PARSERS
        .iter()
        .find(|(n, _)| *n == name_lower)
        .ok_or_else(|| GameError::UnknownGame(spec.to_string()))
        .and_then(|(n, parse)| parse(n, params, spec))
}

fn parse_tictactoe(_name: &str, params: &str, spec: &str) -> Result<AnyGame, GameError> {
    if !params.is_empty() || spec.contains(':') {
        return Err(GameError::BadSpec {
            spec: spec.to_string(),
            why: "tictactoe takes no parameters".to_string(),
        });
    }
    Ok(AnyGame::TicTacToe(TicTacToe::new()))
}

/// `WxH:K` after `connect` or `connect-misere`.
fn parse_connect(name: &str, params: &str, spec: &str) -> Result<AnyGame, GameError> {
    let bad = |why: &str| GameError::BadSpec {
        spec: spec.to_string(),
        why: why.to_string(),
    };
    let shape = "expected connect:WxH:K, e.g. connect:7x6:4 (W columns, H rows, K in a row)";
    let (size, k) = params.split_once(':').ok_or_else(|| bad(shape))?;
    if let Some((_, extra)) = k.split_once(':') {
        return Err(bad(&format!(
            "{} is a part too many; {shape}",
            quote(extra)
        )));
    }
    let (w, h) = size.split_once(['x', 'X']).ok_or_else(|| bad(shape))?;
    let num = |t: &str| -> Result<u32, GameError> {
        t.trim()
            .parse::<u32>()
            .map_err(|_| bad(&format!("{} is not a whole number; {shape}", quote(t))))
    };
    let rules = ConnectRules::new(num(w)?, num(h)?, num(k)?, name == "connect-misere", spec)?;
    Ok(if rules.bits() <= 64 {
        AnyGame::Connect64(Connect::new(rules)?)
    } else if rules.bits() <= 128 {
        AnyGame::Connect128(Connect::new(rules)?)
    } else {
        AnyGame::Connect256(Connect::new(rules)?)
    })
}

/// `D:K[:P][:seed=S]` after `pearl`.
fn parse_pearl(name: &str, params: &str, _spec: &str) -> Result<AnyGame, GameError> {
    Ok(AnyGame::Pearl(Pearl::from_spec(&format!(
        "{name}:{params}"
    ))?))
}

/// `K:W0/W1/...[:Q][:seed=S]` after `galton-watson`.
fn parse_galton_watson(name: &str, params: &str, _spec: &str) -> Result<AnyGame, GameError> {
    Ok(AnyGame::GaltonWatson(GaltonWatson::from_spec(&format!(
        "{name}:{params}"
    ))?))
}
