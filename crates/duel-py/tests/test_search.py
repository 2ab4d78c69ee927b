import pytest

import duel
from duel import search
from duel.games import State
from conftest import cli, cli_error

# Fields that depend on the machine's speed, not on the seed.
TIMING = ("millis",)


def without_timing(d):
    return {k: v for k, v in d.items() if k not in TIMING}


@pytest.mark.parametrize(
    "game, position, agent",
    [
        ("tictactoe", "", "symp"),
        ("tictactoe", "15", "mcts:a=3.5,b=5"),
        ("connect:5x4:4", "33", "gw"),
        ("pearl:2:10", "", "sym"),
    ],
)
def test_best_equals_the_cli_under_the_same_seed(game, position, agent):
    got = search.best(game, agent=agent, iterations=2000, seed=11, position=position)
    want = cli("search", "best", game, "--position", position, "--agent", agent,
               "--iterations", "2000", "--seed", "11")
    assert without_timing(got) == without_timing(want)


def test_best_is_deterministic_by_seed_and_takes_a_state():
    s = State("connect:7x6:4", "44")
    a = search.best(s, agent="symp", iterations=3000, seed=5)
    b = search.best(s.clone(), agent="symp", iterations=3000, seed=5)
    assert without_timing(a) == without_timing(b)
    assert a["iterations"] == 3000 and a["position"] == "44"


def test_value_equals_the_cli():
    # Tic-tac-toe is a draw (duel_search::answer's test).
    got = search.value("tictactoe")
    assert got["value"] == "draw"
    assert got == cli("search", "value", "tictactoe")
    assert search.value("connect:4x4:3", "1") == cli("search", "value", "connect:4x4:3", "--position", "1")


@pytest.mark.parametrize(
    "kwargs, args",
    [
        (dict(agent="foo"), ("--agent", "foo")),
        (dict(iterations=0), ("--iterations", "0")),
        (dict(iterations=2_000_000_000), ("--iterations", "2000000000")),
        (dict(millis=700_000), ("--millis", "700000")),
        (dict(position="11"), ("--position", "11")),
        (dict(position="14253"), ("--position", "14253")),
    ],
)
def test_bad_requests_raise_the_cli_message(kwargs, args):
    kwargs = {"agent": "symp", **kwargs}
    with pytest.raises(duel.InputError) as e:
        search.best("tictactoe", **kwargs)
    if "--agent" not in args:
        args = ("--agent", "symp", *args)
    assert str(e.value) == cli_error("search", "best", "tictactoe", *args)


def test_bad_game_raises_the_cli_message():
    with pytest.raises(duel.InputError) as e:
        search.best("chess")
    assert str(e.value) == cli_error("search", "best", "chess", "--agent", "symp")


def test_numbers_out_of_range_are_input_errors():
    from duel import liar

    for call in (
        lambda: search.best("tictactoe", iterations=-5),
        lambda: search.best("tictactoe", seed=2**70),
        lambda: liar.solve(questions=3, n=-1),
        lambda: search.best("tictactoe", iterations="many"),
    ):
        with pytest.raises(duel.InputError):
            call()
