from fractions import Fraction

import pytest

import duel
from duel import bidding
from conftest import cli, cli_error, exact_text


def untimed(d):
    """`d` without the fields that time the work (they differ from run to run)."""
    return {k: v for k, v in d.items() if k not in ("seconds", "millis")}


@pytest.mark.parametrize("game", ["tug:4", "tug:7", "ultimatum:5", "tictactoe"])
def test_richman_equals_the_cli(game):
    got = exact_text(bidding.richman(game), ["value", "lower", "upper", "bid"])
    assert untimed(got) == untimed(cli("bidding", "richman", game))


def test_richman_tictactoe_is_133_256():
    # Develin & Payne, Theorem 6.1: the Richman value of tic-tac-toe is 133/256.
    v = bidding.richman("tictactoe")["value"]
    assert v == Fraction(133, 256) and isinstance(v, Fraction)


@pytest.mark.parametrize(
    "game, chips, rule", [("tictactoe", 10, "advantage"), ("tug:6", 17, "ladies-first"), ("tug:5", 8, "advantage")]
)
def test_threshold_equals_the_cli(game, chips, rule):
    got = bidding.threshold(game, chips, tie_break=rule)
    assert got == cli("bidding", "threshold", game, "--chips", str(chips), "--tie-break", rule)


def test_moves_and_period_equal_the_cli():
    assert bidding.moves("tug:4", chips="3,2") == cli("bidding", "moves", "tug:4", "--chips", "3,2")
    got = bidding.period("tictactoe", chips=20)
    want = cli("bidding", "period", "tictactoe", "--chips", "20")
    assert untimed(got) == untimed(want)


@pytest.mark.parametrize(
    "call, args",
    [
        (lambda: bidding.richman("nosuch"), ("richman", "nosuch")),
        (lambda: bidding.threshold("tictactoe", -1), ("threshold", "tictactoe", "--chips", "-1")),
        (lambda: bidding.threshold("tictactoe", 5, tie_break="coin"),
         ("threshold", "tictactoe", "--chips", "5", "--tie-break", "coin")),
        (lambda: bidding.period("tug:4"), ("period", "tug:4")),
    ],
)
def test_bad_input_raises_the_cli_message(call, args):
    with pytest.raises(duel.InputError) as e:
        call()
    assert str(e.value) == cli_error("bidding", *args)
