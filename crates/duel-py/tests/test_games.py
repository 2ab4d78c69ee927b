import copy

import pytest

import duel
from duel.games import State
from conftest import cli_error


def test_a_game_of_tictactoe_is_played_to_its_end():
    s = State("tictactoe")
    assert s.to_move() == "first" and len(s.legal_moves()) == 9
    for mv in ["1", "4", "2", "5"]:
        s.play(mv)
    assert s.outcome() is None and not s.is_terminal()
    before = s.clone()
    s.play("3")  # X completes the top row.
    assert s.outcome() == "first" and s.is_terminal() and s.legal_moves() == []
    assert before.outcome() is None and before.position != s.position
    assert s.plies == 5 and State("tictactoe", s.position).outcome() == "first"


def test_copies_are_independent_and_strings_show_the_board():
    s = State("connect:7x6:4", "4")
    t = copy.deepcopy(s)
    t.play("4")
    assert s.plies == 1 and t.plies == 2
    assert "X" in str(s) and "O" in str(t)
    assert repr(s) == 'State("connect:7x6:4", "4")'
    p = State("pearl:2:4")
    assert p.legal_moves() and "pearl" in str(p)


def test_a_draw_and_a_full_connect_board():
    # A drawn tic-tac-toe: X 1 3 4 8 9 ... as in the game's playthroughs.
    s = State("tictactoe", "1,5,9,2,8,7,3,6,4")
    assert s.outcome() == "draw"


def test_bad_moves_raise_the_cli_message_and_leave_the_state():
    s = State("tictactoe", "1")
    with pytest.raises(duel.InputError) as e:
        s.play("1")
    assert s.plies == 1
    assert str(e.value) in cli_error("search", "value", "tictactoe", "--position", "11")
    with pytest.raises(duel.InputError):
        s.play("ten")
    with pytest.raises(duel.InputError) as e:
        State("nosuchgame")
    assert str(e.value) == cli_error("search", "value", "nosuchgame")
