//! The game-name parser: valid names build the right game, bad ones give clear errors.

use duel_core::game::{Game, GameError};
use duel_games::{parse_game, AnyGame};

#[test]
fn names_build_games() {
    for (spec, canonical) in [
        ("tictactoe", "tictactoe"),
        ("connect:7x6:4", "connect:7x6:4"),
        ("Connect:7X6:4", "connect:7x6:4"),
        ("connect-misere:15x6:5", "connect-misere:15x6:5"),
        ("connect:15x15:3", "connect:15x15:3"),
        ("connect:1x1:1", "connect:1x1:1"),
    ] {
        assert_eq!(parse_game(spec).unwrap().spec(), canonical);
    }
    // The narrowest bitboard that holds W·(H+1) bits.
    assert!(matches!(
        parse_game("connect:7x6:4"),
        Ok(AnyGame::Connect64(_))
    ));
    assert!(matches!(
        parse_game("connect:8x7:4"),
        Ok(AnyGame::Connect64(_))
    ));
    assert!(matches!(
        parse_game("connect:9x7:4"),
        Ok(AnyGame::Connect128(_))
    ));
    assert!(matches!(
        parse_game("connect:16x7:4"),
        Ok(AnyGame::Connect128(_))
    ));
    assert!(matches!(
        parse_game("connect:15x15:5"),
        Ok(AnyGame::Connect256(_))
    ));
    assert!(matches!(
        parse_game("connect:16x15:5"),
        Ok(AnyGame::Connect256(_))
    ));
    assert!(matches!(
        parse_game("connect:32x7:4"),
        Ok(AnyGame::Connect256(_))
    ));
}

fn why(spec: &str) -> String {
    match parse_game(spec) {
        Err(e) => e.to_string(),
        Ok(g) => panic!("{spec} was accepted as {}", g.spec()),
    }
}

#[test]
fn bad_names_are_refused_with_the_reason() {
    assert!(matches!(
        parse_game("chess"),
        Err(GameError::UnknownGame(_))
    ));
    assert!(why("chess").contains("known: tictactoe"));
    assert!(why("tictactoe:3").contains("no parameters"));
    assert!(why("connect").contains("expected connect:WxH:K"));
    assert!(why("connect:7x6").contains("expected connect:WxH:K"));
    assert!(why("connect:7by6:4").contains("expected connect:WxH:K"));
    assert!(why("connect:7x6:four").contains("not a whole number"));
    assert!(why("connect:-7x6:4").contains("not a whole number"));
    assert!(why("connect:0x6:4").contains("at least 1"));
    assert!(why("connect:7x6:0").contains("at least 1"));
    assert!(why("connect:7x6:8").contains("longer than the board"));
    assert!(why("connect:17x15:5").contains("272 bits"));
    assert!(why("connect:33x6:4").contains("at most 32 columns"));
    assert!(why("connect:99999999999x6:4").contains("not a whole number"));
    assert!(why("connect:4000000000x4000000000:4").contains("columns"));
}

/// A part given twice, or a part too many, was read as overriding the first
/// (`pearl:2:8:0.3:0.9` was `pearl:2:8:0.9`): each is refused, by name.
#[test]
fn repeated_and_extra_parts_are_refused() {
    assert!(why("pearl:2:8:0.3:0.9").contains("'0.9' is a part too many"));
    assert!(why("pearl:2:8:seed=1:seed=2").contains("'seed=2': the seed is given twice"));
    assert!(why("pearl:2:8:0.3:seed=1:x").contains("'x' is a part too many"));
    assert!(why("galton-watson:4:0.2/0/0.8:0.5:0.4").contains("'0.4' is a part too many"));
    assert!(why("galton-watson:4:0.2/0/0.8:seed=1:seed=1").contains("the seed is given twice"));
    assert!(why("galton-watson:4:0.2/0/0.8:0.5:seed=1:7").contains("'7' is a part too many"));
    assert!(why("connect:7x6:4:5").contains("'5' is a part too many"));
    assert!(why("connect-misere:7x6:4:5:6").contains("'5:6' is a part too many"));
    assert!(why("tictactoe:").contains("no parameters"));
    // One of each, in either order, is still a game.
    assert_eq!(
        parse_game("pearl:2:8:seed=3:0.5").unwrap().spec(),
        parse_game("pearl:2:8:0.5:seed=3").unwrap().spec()
    );
}

#[test]
fn move_strings() {
    let AnyGame::Connect64(mut g) = parse_game("connect:7x6:4").unwrap() else {
        panic!()
    };
    assert_eq!(g.parse_moves("4453").unwrap(), vec![3, 3, 4, 2]);
    assert_eq!(g.parse_moves("4,4,5,3").unwrap(), vec![3, 3, 4, 2]);
    assert_eq!(g.format_moves(&[3, 3, 4, 2]), "4453");
    assert!(g
        .parse_moves("48")
        .unwrap_err()
        .to_string()
        .contains("from 1 to 7"));
    assert!(g.parse_moves("40").is_err());
    assert!(g.parse_moves("4x").is_err());
    let err = g.play_moves("1111111").unwrap_err();
    assert!(matches!(err, GameError::IllegalMove { .. }), "{err}");
    let mut g2 = parse_game("connect:7x6:4").unwrap();
    let AnyGame::Connect64(ref mut g2) = g2 else {
        panic!()
    };
    assert!(matches!(
        g2.play_moves("12121212"),
        Err(GameError::Finished(_))
    ));

    // W > 9: comma-separated column numbers.
    let AnyGame::Connect256(g) = parse_game("connect:15x15:5").unwrap() else {
        panic!()
    };
    assert_eq!(g.parse_moves("8,8,15,1").unwrap(), vec![7, 7, 14, 0]);
    assert_eq!(g.format_moves(&[7, 7, 14, 0]), "8,8,15,1");
    assert_eq!(g.parse_moves("12").unwrap(), vec![11]);
    assert!(g.parse_moves("").unwrap().is_empty());
    assert!(g.parse_moves("16").is_err());
    assert_eq!(g.parse_moves("8, 8 ,15 1").unwrap(), vec![7, 7, 14, 0]);
    // An empty item was skipped: `1,,2` read as `1,2`.
    for bad in ["1,,2", ",1", "1,", "1, ,2", ","] {
        let err = g.parse_moves(bad).unwrap_err();
        assert_eq!(err, GameError::EmptyMove(bad.to_string()));
        assert!(err.to_string().contains(&format!("empty move in '{bad}'")));
    }

    let AnyGame::TicTacToe(mut t) = parse_game("tictactoe").unwrap() else {
        panic!()
    };
    assert_eq!(t.parse_moves("159").unwrap(), vec![0, 4, 8]);
    assert!(t.parse_moves("0").is_err());
    assert_eq!(t.parse_moves("1,5 9").unwrap(), vec![0, 4, 8]);
    assert!(matches!(
        t.parse_moves("1,,5"),
        Err(GameError::EmptyMove(_))
    ));
    assert!(matches!(t.parse_moves(",1"), Err(GameError::EmptyMove(_))));
    let AnyGame::Pearl(p) = parse_game("pearl:2:4").unwrap() else {
        panic!()
    };
    assert_eq!(p.parse_moves("1.2,1 2").unwrap(), vec![0, 1, 0, 1]);
    assert!(matches!(
        p.parse_moves("1..2"),
        Err(GameError::EmptyMove(_))
    ));
    assert!(matches!(
        p.parse_moves("1,2."),
        Err(GameError::EmptyMove(_))
    ));
    assert!(matches!(
        t.play_moves("11"),
        Err(GameError::IllegalMove { .. })
    ));
}
