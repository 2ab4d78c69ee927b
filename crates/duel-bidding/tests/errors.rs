//! Errors carry their data (the numbers, the text given, the solver and its limit), and print
//! the message a person reads.

use duel_bidding::boards::{connect_richman_dense, connect_threshold_dense, LineGame};
use duel_bidding::discrete::{threshold_table, Recursion, MAX_TOTAL};
use duel_bidding::games::parse_game;
use duel_bidding::graph::GraphBuilder;
use duel_bidding::realvalued::taxman_values;
use duel_bidding::{
    BiddingError, ChipsOutOfRange, GameNameError, ModelError, PositionError, Solver, TooMany,
};
use duel_core::exact::Rational;

#[test]
fn boards_too_large_carry_their_sizes() {
    let err = LineGame::new(7, 6, 4, true).unwrap_err();
    assert_eq!(
        err,
        BiddingError::BoardTooLarge {
            width: 7,
            height: 6,
            cells: 42,
            limit: 40
        }
    );
    assert_eq!(err.to_string(), "a 7×6 board has 42 cells (at most 40)");
    // 32 cells: within the boards' limit, past the dense solver's 31.
    let err = connect_richman_dense(&LineGame::new(8, 4, 4, true).unwrap()).unwrap_err();
    assert_eq!(
        err,
        BiddingError::TooMany(TooMany {
            what: "cells",
            count: 32,
            limit: 31,
            solver: Solver::Dense
        })
    );
    assert_eq!(
        err.to_string(),
        "the dense solver handles at most 31 cells, the board has 32"
    );
}

#[test]
fn totals_out_of_range_name_the_solver() {
    let board = LineGame::new(4, 3, 3, true).unwrap();
    let err = connect_threshold_dense(&board, 1_000_000_001).unwrap_err();
    assert_eq!(
        err,
        BiddingError::ChipsOutOfRange(ChipsOutOfRange {
            total: 1_000_000_001,
            max: 1_000_000_000,
            solver: Solver::Dense
        })
    );
    assert_eq!(
        err.to_string(),
        "the dense solver takes at most 10^9 chips, got 1000000001"
    );
    let ttt = parse_game("tictactoe").unwrap().build().unwrap();
    let g = &ttt.graph;
    let err = threshold_table(g, g.start(), MAX_TOTAL + 1, Recursion::Advantage).unwrap_err();
    assert_eq!(
        err,
        BiddingError::ChipsOutOfRange(ChipsOutOfRange {
            total: MAX_TOTAL + 1,
            max: MAX_TOTAL,
            solver: Solver::Calculus
        })
    );
    let two = Rational::from_integer(2.into());
    assert_eq!(
        taxman_values(g, &two).unwrap_err(),
        BiddingError::TaxOutOfRange(two)
    );
}

#[test]
fn game_names_and_positions_keep_the_text_given() {
    assert_eq!(
        parse_game("hex:61").unwrap_err(),
        BiddingError::GameName(GameNameError::ParameterOutOfRange {
            what: "N of hex:N",
            got: 61,
            max: 60
        })
    );
    assert_eq!(
        parse_game("(A^B").unwrap_err(),
        BiddingError::GameName(GameNameError::MissingParen {
            name: "(A^B".into()
        })
    );
    let err = parse_game("chess").unwrap_err();
    assert!(matches!(
        &err,
        BiddingError::GameName(GameNameError::Unknown { name }) if name == "chess"
    ));
    assert!(err
        .to_string()
        .starts_with("unknown game 'chess': expected tictactoe"));
    let ttt = parse_game("tictactoe").unwrap().build().unwrap();
    assert_eq!(
        ttt.parse_position("AB./...").unwrap_err(),
        BiddingError::Position(PositionError::WrongShape {
            text: "AB./...".into(),
            width: 3,
            height: 3
        })
    );
    assert_eq!(
        ttt.parse_position("AxB/.../...").unwrap_err(),
        BiddingError::Position(PositionError::NotACell {
            cell: 'x',
            text: "AxB/.../...".into()
        })
    );
}

#[test]
fn model_defects_name_the_vertex() {
    let mut b = GraphBuilder::new();
    let start = b.vertex("start", None);
    let end = b.vertex("end", None);
    b.edge(duel_core::game::Player::ALICE, start, end);
    b.edge(duel_core::game::Player::BOB, start, end);
    assert_eq!(
        b.finish(start).unwrap_err(),
        BiddingError::Model(ModelError::NoMove {
            vertex: "end".into()
        })
    );
    assert_eq!(
        GraphBuilder::new().finish(3).unwrap_err(),
        BiddingError::Model(ModelError::NoStartVertex { start: 3 })
    );
}
