//! Every parser of user text gives a value or an error, never a panic (issue 34): game names
//! of both engines, move strings of each kind of game, agent specs, shard specs, chip counts,
//! Guess Who's rules, question kinds and moves, table formats, and arena record files. The
//! text is drawn at random, both as any characters and as near misses of valid input (the
//! right words and separators in the wrong amounts).

use duel::game::Game;
use duel::games::{parse_game, AnyGame, GameVisitor};
use proptest::prelude::*;

/// Fragments of valid input, so that random strings come near the grammars.
const WORDS: &[&str] = &[
    "tictactoe",
    "connect",
    "connect-misere",
    "pearl",
    "galton-watson",
    "tug",
    "ultimatum",
    "hex",
    "A",
    "B",
    "E",
    "ttt",
    "mcts",
    "mcts-prime",
    "uct",
    "sym",
    "symp",
    "gw",
    "gw2",
    "solver",
    "auto",
    "a=",
    "b=",
    "c=",
    "fit=",
    "plain=",
    "seed=",
    ":",
    ",",
    "/",
    "x",
    "^",
    "(",
    ")",
    "*",
    "tug:",
    "connect:7x6:",
    "pearl:2:",
    "galton-watson:3:",
    "mcts:a=",
    "symp:a=",
    "hex:",
    "12*",
    "A:",
    "B:",
    "1/2",
    "0",
    "1",
    "7",
    "6",
    "4",
    "-1",
    "0.5",
    "1e9",
    "99999999999999999999",
    "",
    " ",
    "\n",
    "\u{1b}[2J",
    "é",
    "NaN",
    "inf",
    "split:",
    "guess",
    "{",
    "}",
    "\"",
];

fn near_miss() -> impl Strategy<Value = String> {
    prop::collection::vec(prop::sample::select(WORDS), 0..12).prop_map(|w| w.concat())
}

fn any_text() -> impl Strategy<Value = String> {
    prop_oneof![near_miss(), ".{0,40}", "[0-9:x,./ ]{0,30}"]
}

/// Plays `text` as a move list on a copy of the game: an error or a position, never a panic.
struct PlayText<'a>(&'a str);

impl GameVisitor for PlayText<'_> {
    type Output = ();
    fn visit<G: Game + 'static>(self, game: G) {
        let mut g = game.clone();
        let _ = g.play_moves(self.0);
        let _ = game.parse_move(self.0);
    }
}

fn small_games() -> Vec<AnyGame> {
    [
        "tictactoe",
        "connect:7x6:4",
        "connect-misere:4x4:3",
        "connect:15x15:5",
        "pearl:3:6",
    ]
    .iter()
    .map(|g| parse_game(g).expect("a valid game"))
    .collect()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 400, ..ProptestConfig::default() })]

    #[test]
    fn game_names_of_both_engines(text in any_text()) {
        let _ = parse_game(&text);
        let _ = duel::bidding::games::parse_game(&text);
        let _ = duel::arena::parse_arena_game(&text);
        let _ = duel::games::registry::names_bidding_game(&text);
    }

    #[test]
    fn move_strings_of_every_kind_of_game(text in any_text()) {
        for g in small_games() {
            g.visit(PlayText(&text));
        }
        let _ = duel::games::connect4::Position::parse(&text);
    }

    #[test]
    fn agent_and_shard_specs(text in any_text()) {
        let _ = duel::search::AgentSpec::parse(&text);
        let _ = duel::arena::Shard::parse(&text);
    }

    #[test]
    fn chip_counts_rules_and_formats(text in any_text()) {
        let _ = text.parse::<duel::exact::Chips>();
        let _ = text.parse::<duel::guesswho::Rules>();
        let _ = text.parse::<duel::guesswho::Questions>();
        let _ = text.parse::<duel::guesswho::Move>();
        let _ = text.parse::<duel::table::Format>();
    }

    #[test]
    fn arena_record_files(lines in prop::collection::vec(any_text(), 0..5)) {
        let _ = duel::arena::parse_records(&lines.join("\n"), "fuzz.jsonl");
    }
}
