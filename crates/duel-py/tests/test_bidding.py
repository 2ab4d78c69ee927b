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


@pytest.mark.parametrize(
    "game, k, rule",
    [("tictactoe", 40, "advantage"), ("tug:5", 12, "make-it-take-it"), ("tug:5", 8, "ladies-first")],
)
def test_table_equals_the_cli_as_arrays(game, k, rule):
    t = bidding.table(game, k, tie_break=rule)
    want = cli("bidding", "table", game, "--max-chips", str(k), "--tie-break", rule)
    assert t.rows == want["rows"] and t.period == want["period"]
    np = pytest.importorskip("numpy")
    assert t.k.dtype == np.int64 and list(t.k) == list(range(k + 1))
    # Thresholds never fall as chips are added, and `order` keeps their order (a < a* < a+1).
    assert all(np.diff(t.order) >= 0)
    for text, c, o in zip(t.threshold, t.chips, t.order):
        assert str(c) == text.rstrip("*").removesuffix("-e")
        assert o == c + (0.5 if text.endswith("*") else -0.5 if text.endswith("-e") else 0)


def test_table_of_tictactoe_keeps_the_period_of_theorem_3_13():
    # Develin & Payne, Theorem 3.13 with R = 133/256: f(k + 256) = f(k) + 133 from k = 6.
    t = bidding.table("tictactoe", 300)
    assert t.period["period"] == 256 and t.period["shift"] == 133
    for k in range(6, 300 - 256 + 1):
        assert t.chips[k + 256] == t.chips[k] + 133
        assert t.threshold[k + 256].endswith("*") == t.threshold[k].endswith("*")


def test_table_refuses_bad_input():
    with pytest.raises(duel.InputError):
        bidding.table("nosuchgame", 5)
    with pytest.raises(duel.InputError):
        bidding.table("tictactoe", 5, tie_break="coin")
