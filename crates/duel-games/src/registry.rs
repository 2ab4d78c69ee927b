//! Every game name duel knows, in one list: what each family is called, its syntax, and which
//! commands play it (the search agents, `duel play` and `duel arena` through [`parse_game`],
//! or the bidding commands of Develin & Payne's games). The parsers and their error messages
//! read this list, so that a name is spelled the same everywhere.
//!
//! [`parse_game`]: crate::parse_game

/// Which commands play a family of games.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Engine {
    /// The game-tree search (`duel search`, `play`, `arena`, `connect`): games of
    /// [`crate::spec`], which implement [`duel_core::game::Game`].
    Search,
    /// The bidding commands (`duel bidding`): explicit game graphs where a bid decides who
    /// moves.
    Bidding,
}

/// A family of games and how its names are written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Family {
    /// The word before the first `:` (`connect`, `pearl`, `tug`, ...).
    pub name: &'static str,
    /// Other words accepted for it.
    pub aliases: &'static [&'static str],
    /// How a name of the family is written, e.g. `connect:WxH:K`.
    pub syntax: &'static str,
    /// What the game is, in a few words.
    pub about: &'static str,
    /// The commands that play it.
    pub engines: &'static [Engine],
}

use Engine::{Bidding, Search};

/// Every family, search games first, in the order error messages list them.
pub const FAMILIES: &[Family] = &[
    Family {
        name: "tictactoe",
        aliases: &["ttt"],
        syntax: "tictactoe",
        about: "Tic-Tac-Toe (bidding also takes tictactoe:center and tictactoe:corner, the game after that first move)",
        engines: &[Search, Bidding],
    },
    Family {
        name: "connect",
        aliases: &[],
        syntax: "connect:WxH:K",
        about: "Connect-K with gravity on W columns of H rows (connect:7x6:4 is Connect Four)",
        engines: &[Search, Bidding],
    },
    Family {
        name: "connect-misere",
        aliases: &[],
        syntax: "connect-misere:WxH:K",
        about: "Connect-K where a line of K loses",
        engines: &[Search],
    },
    Family {
        name: "pearl",
        aliases: &[],
        syntax: "pearl:D:K[:P]",
        about: "Pearl's game: the D-regular tree of depth K with random leaves (Delattre & Fournier, section 8.4)",
        engines: &[Search],
    },
    Family {
        name: "galton-watson",
        aliases: &[],
        syntax: "galton-watson:K:W0/W1/...[:Q]",
        about: "a random tree of depth K whose nodes have i children with weight Wi",
        engines: &[Search],
    },
    Family {
        name: "tug",
        aliases: &[],
        syntax: "tug:N",
        about: "Tug o' War: a token on a line of 2N+1 vertices (Develin & Payne, section 4.1)",
        engines: &[Bidding],
    },
    Family {
        name: "ultimatum",
        aliases: &["ult"],
        syntax: "ultimatum:N",
        about: "Ultimatum (Develin & Payne, section 4.2)",
        engines: &[Bidding],
    },
    Family {
        name: "A",
        aliases: &[],
        syntax: "A, A:N",
        about: "A wins at once (A), or after N moves of hers (A:N)",
        engines: &[Bidding],
    },
    Family {
        name: "B",
        aliases: &[],
        syntax: "B, B:N",
        about: "B wins at once (B), or after N moves of his (B:N)",
        engines: &[Bidding],
    },
    Family {
        name: "E",
        aliases: &[],
        syntax: "E",
        about: "the game where the next move decides (A:1)",
        engines: &[Bidding],
    },
    Family {
        name: "example3.3",
        aliases: &[],
        syntax: "example3.3:N",
        about: "Develin & Payne's Example 3.3",
        engines: &[Bidding],
    },
    Family {
        name: "example3.5",
        aliases: &[],
        syntax: "example3.5",
        about: "Develin & Payne's Example 3.5: the second move wins",
        engines: &[Bidding],
    },
    Family {
        name: "prop4.8",
        aliases: &[],
        syntax: "prop4.8:J",
        about: "the games of Develin & Payne's Proposition 4.8",
        engines: &[Bidding],
    },
    Family {
        name: "hex",
        aliases: &[],
        syntax: "hex:N",
        about: "Hex on an N×N rhombus",
        engines: &[Bidding],
    },
];

/// The family a game name belongs to: the one named by its word before the first `:`.
pub fn family_of(spec: &str) -> Option<&'static Family> {
    let word = spec.trim().split(':').next().unwrap_or_default();
    let lower = word.to_ascii_lowercase();
    FAMILIES.iter().find(|f| {
        f.name == word
            || f.aliases.contains(&word)
            || (f.name == lower && f.engines.contains(&Search))
    })
}

/// Whether `spec` names a game that only the bidding commands play: a bidding-only family or
/// a wedge sum `G^H` of bidding games. Tells a user who gave such a name to a search command
/// where the game is played.
pub fn names_bidding_game(spec: &str) -> bool {
    spec.contains(['^', '('])
        || family_of(spec).is_some_and(|f| !f.engines.contains(&Engine::Search))
}

/// The syntaxes of the families `engine` plays, comma-separated, for messages.
pub fn syntaxes(engine: Engine) -> String {
    FAMILIES
        .iter()
        .filter(|f| f.engines.contains(&engine))
        .map(|f| f.syntax)
        .collect::<Vec<_>>()
        .join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use duel_core::game::GameError;

    #[test]
    fn every_search_family_parses_and_is_listed_in_the_unknown_game_message() {
        let examples = [
            "tictactoe",
            "connect:7x6:4",
            "connect-misere:5x4:3",
            "pearl:2:8",
            "galton-watson:4:0.2/0/0.8",
        ];
        for e in examples {
            assert!(crate::parse_game(e).is_ok(), "{e}");
            assert!(!names_bidding_game(e), "{e}");
        }
        let searchable = FAMILIES
            .iter()
            .filter(|f| f.engines.contains(&Search))
            .count();
        assert_eq!(searchable, examples.len());
        let message = GameError::UnknownGame("x".into()).to_string();
        assert!(
            message.contains(&format!("(known: {})", syntaxes(Search))),
            "{message}"
        );
    }

    #[test]
    fn bidding_names_are_told_apart() {
        for b in [
            "tug:5",
            "ultimatum:3",
            "ult:2",
            "A",
            "B:3",
            "E",
            "hex:3",
            "prop4.8:2",
        ] {
            assert!(names_bidding_game(b), "{b}");
            assert!(
                matches!(crate::parse_game(b), Err(GameError::UnknownGame(_))),
                "{b} parses as a search game"
            );
        }
        assert!(names_bidding_game("(A^B:2)^B"));
        assert!(names_bidding_game("tictactoe^tictactoe"));
        assert!(!names_bidding_game("chess"));
        assert_eq!(family_of("ttt").map(|f| f.name), Some("tictactoe"));
        assert_eq!(family_of("Connect:7x6:4").map(|f| f.name), Some("connect"));
        assert_eq!(family_of("a"), None, "bidding names are case-sensitive");
        assert_eq!(
            syntaxes(Search),
            "tictactoe, connect:WxH:K, connect-misere:WxH:K, pearl:D:K[:P], galton-watson:K:W0/W1/...[:Q]"
        );
    }
}
