//! One check per family of parsers. Each takes any text, must return (a parser's error is a
//! pass) and panics only when a contract is broken: a panic inside a parser, or a round trip
//! `parse(display(x)) == x` that fails. Kept cheap: nothing here builds or solves a game.

use super::{duel_bidding, duel_core, duel_games, duel_guesswho, duel_liar, duel_search};

use std::sync::OnceLock;

use duel_bidding::games::BuiltGame;
use duel_core::game::Game;
use duel_games::{parse_game, AnyGame, GameVisitor};

/// Game names of both engines (`connect:7x6:4`, `hex:3`, `pearl:2:8`, …); a name read back
/// from the spec a game writes is the same game.
pub fn game_names(text: &str) {
    if let Ok(game) = parse_game(text) {
        let spec = game.spec();
        let again = parse_game(&spec).expect("a game's own spec parses");
        assert_eq!(again.spec(), spec, "spec round trip of {text:?}");
    }
    let _ = duel_search::arena::parse_arena_game(text);
    let _ = duel_games::registry::names_bidding_game(text);
    if let Ok(spec) = duel_bidding::games::parse_game(text) {
        let name = spec.name();
        let again = duel_bidding::games::parse_game(&name).expect("a bidding name parses");
        assert_eq!(again.name(), name, "bidding name round trip of {text:?}");
        let _ = spec.position_bound();
    }
}

/// Plays `text` as a move list on a copy of the game and reads it as one move.
struct PlayText<'a>(&'a str);

impl GameVisitor for PlayText<'_> {
    type Output = ();
    fn visit<G: Game + 'static>(self, game: G) {
        let mut g = game.clone();
        let _ = g.play_moves(self.0);
        let _ = game.parse_move(self.0);
        let _ = game.parse_moves(self.0);
    }
}

/// Small games of every kind the move parsers serve, built once.
fn move_games() -> &'static [AnyGame] {
    static GAMES: OnceLock<Vec<AnyGame>> = OnceLock::new();
    GAMES.get_or_init(|| {
        [
            "tictactoe",
            "connect:7x6:4",
            "connect-misere:4x4:3",
            "connect:15x15:5",
            "pearl:3:6",
            "galton-watson:4:0.2/0/0.8",
        ]
        .iter()
        .map(|name| parse_game(name).expect("a valid game"))
        .collect()
    })
}

/// Bidding tictactoe, built once.
fn bidding_tictactoe() -> &'static BuiltGame {
    static GAME: OnceLock<BuiltGame> = OnceLock::new();
    GAME.get_or_init(|| {
        duel_bidding::games::parse_game("tictactoe")
            .and_then(|spec| spec.build())
            .expect("bidding tictactoe builds")
    })
}

/// Move strings of every kind of game, Connect Four positions, Guess Who moves and bidding
/// positions. For the last, a first line naming a small bidding game (at most 4,096
/// positions) chooses it; otherwise the game is tictactoe.
pub fn moves(text: &str) {
    for game in move_games() {
        game.clone().visit(PlayText(text));
    }
    let _ = duel_games::connect4::Position::parse(text);
    let _ = text.parse::<duel_guesswho::Move>();
    let small = text.split_once('\n').and_then(|(first, rest)| {
        let spec = duel_bidding::games::parse_game(first).ok()?;
        let built = (spec.position_bound() <= 1 << 12).then(|| spec.build().ok())??;
        Some((built, rest))
    });
    let (built, rest) = match &small {
        Some((built, rest)) => (built, *rest),
        None => (bidding_tictactoe(), text),
    };
    let _ = built.parse_position(rest);
    let _ = built.moves_from(rest, duel_core::game::Player::ALICE);
}

/// Agent specs and shard specs; an agent's own text reads back as the same agent.
pub fn specs(text: &str) {
    if let Ok(agent) = duel_search::AgentSpec::parse(text) {
        let written = agent.text();
        let again = duel_search::AgentSpec::parse(&written).expect("an agent's text parses");
        assert_eq!(again, agent, "agent round trip of {text:?}");
    }
    if let Ok(shard) = duel_search::arena::Shard::parse(text) {
        assert!(shard.index < shard.count, "shard {shard:?} from {text:?}");
        let again = duel_search::arena::Shard::parse(&format!("{}/{}", shard.index, shard.count))
            .expect("a shard's own text parses");
        assert_eq!(again, shard);
    }
}

/// Reads `X0,X1,…` as the CLI does (`--state`, `--ask`): every part a whole number.
fn counts(text: &str) -> Option<Vec<u64>> {
    text.split(',').map(|p| p.parse().ok()).collect()
}

/// Liar states `X0,X1,…;A0,A1,…;Q` (state, question, questions left) through the checks
/// `duel liar solve` makes; when both pass, the question splits the Berlekamp volume exactly
/// (Ellis, Ponomarenko & Yan: `V_q(x) = V_{q−1}(yes) + V_{q−1}(no)`).
pub fn liar_states(text: &str) {
    let mut parts = text.split(';');
    let Some(state) = parts.next().and_then(counts) else {
        return;
    };
    let question = parts.next().and_then(counts);
    let q: u32 = parts.next().and_then(|p| p.parse().ok()).unwrap_or(1);
    if let Some(&n) = state.first() {
        let _ = duel_liar::state::start(n, state.len().saturating_sub(1));
    }
    let Ok(weights) = duel_liar::state::Weights::new(state.len().saturating_sub(1)) else {
        return;
    };
    if weights.check_state(q, &state).is_err() {
        return;
    }
    let volume = duel_liar::berlekamp_volume(q, &state);
    if let Some(v) = weights.volume(q, &state) {
        assert_eq!(v.to_string(), volume.to_string(), "volume of {state:?}");
    }
    for variant in [
        duel_liar::Variant::Original,
        duel_liar::Variant::Pathological,
    ] {
        let _ = duel_liar::state::settled(variant, &weights, q, &state);
    }
    let Some(question) = question else { return };
    if duel_liar::state::check_question(&state, &question).is_err() || q == 0 {
        return;
    }
    let (yes, no) = duel_liar::state::successors(&state, &question);
    let split = duel_liar::berlekamp_volume(q - 1, &yes) + duel_liar::berlekamp_volume(q - 1, &no);
    assert_eq!(
        split, volume,
        "conservation at {state:?} asking {question:?}"
    );
}

/// Chip counts (`12*`), totals and chip pairs, players, taxes, tie rules, Guess Who's rules and
/// question kinds, table formats; a chip count written back reads as the same count.
pub fn chips_bidding(text: &str) {
    if let Ok(chips) = text.parse::<duel_core::exact::Chips>() {
        let again: duel_core::exact::Chips = chips.to_string().parse().expect("chips parse");
        assert_eq!(again, chips, "chips round trip of {text:?}");
    }
    if let Ok(k) = duel_bidding::answer::parse_total(text, "--chips") {
        assert_eq!(
            duel_bidding::answer::parse_total(&k.to_string(), "--chips").ok(),
            Some(k)
        );
    }
    let _ = duel_bidding::answer::parse_chip_pair(text);
    let _ = duel_bidding::answer::parse_player(text);
    let _ = duel_bidding::answer::parse_tax(text);
    if let Ok(rule) = duel_bidding::brute::TieRule::parse(text) {
        assert_eq!(
            duel_bidding::brute::TieRule::parse(rule.name()).ok(),
            Some(rule)
        );
    }
    let _ = text.parse::<duel_guesswho::Rules>();
    let _ = text.parse::<duel_guesswho::Questions>();
    let _ = text.parse::<duel_core::table::Format>();
}

/// The JSONL records `duel arena merge` reads.
pub fn arena_records(text: &str) {
    let _ = duel_search::arena::parse_records(text, "fuzz.jsonl");
}

/// Connect Four benchmark lines `MOVES [SCORE]` (`connect solve --file`) and opening books
/// (`connect book --extend`); a book written back reads as the same book.
pub fn connect_lines(text: &str) {
    if let Ok(cases) = duel_games::connect4::parse_test_file(text) {
        for case in cases {
            duel_games::connect4::Position::parse(&case.moves).expect("a checked line's moves");
        }
    }
    if let Ok(book) = duel_games::connect4::move_book::Book::parse(text) {
        let written = book.to_text();
        let again =
            duel_games::connect4::move_book::Book::parse(&written).expect("a book's own text");
        assert_eq!(again.to_text(), written, "book round trip");
    }
}
