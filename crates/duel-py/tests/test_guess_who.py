from fractions import Fraction

import pytest

import duel
from duel import guess_who
from conftest import cli, cli_error, exact_text


def test_official_24_24_is_5_9_with_the_cli_moves():
    # Cushing et al., Theorem 1.1: under the official rules P(24, 24) = 5/9.
    v = guess_who.value(24, 24, rules="official")
    assert v["p"] == Fraction(5, 9) and isinstance(v["p"], Fraction)
    assert exact_text(v, ["p"]) == cli("guess-who", "value", "24", "24", "--rules", "official")


@pytest.mark.parametrize(
    "args",
    [
        ("24", "24", "race", "2", None),
        ("7", "3", "free-guess", "3", None),
        ("24", "24", "official", "2", "guess"),
        ("100", "90", "race", "2", "40,60"),
    ],
)
def test_values_equal_the_cli(args):
    n, m, rules, q, mv = args
    v = guess_who.value(int(n), int(m), rules=rules, questions=int(q), move=mv)
    extra = ["--move", mv] if mv else []
    want = cli("guess-who", "value", n, m, "--rules", rules, "--questions", q, *extra)
    assert exact_text(v, ["p", "move_p"]) == want


def test_race_table_equals_the_cli_and_is_exact():
    t = guess_who.table(12)
    want = cli("guess-who", "table", "--max", "12")
    assert [exact_text(r, ["p"]) for r in t.rows] == want["rows"]
    # Nica's race rules: P(3, 3) = 7/9 (the command line's table, row (3, 3)).
    assert t.p(3, 3) == Fraction(7, 9)
    assert t.p(1, 1) is None
    try:
        import numpy as np
    except ImportError:
        assert isinstance(t.p_float, list)
    else:
        assert isinstance(t.p_float, np.ndarray) and t.p_float.shape == (12, 12)
        assert np.isnan(t.p_float[0, 0]) and t.p_float[2, 2] == pytest.approx(7 / 9)


@pytest.mark.parametrize(
    "call, args",
    [
        (lambda: guess_who.value(5, 5, rules="poker"), ("5", "5", "--rules", "poker")),
        (lambda: guess_who.value(5, 5, questions=4), ("5", "5", "--questions", "4")),
        (lambda: guess_who.value(5, 5, move="3,9"), ("5", "5", "--move", "3,9")),
        (lambda: guess_who.value(0, 5), ("0", "5")),
        (lambda: guess_who.value(-3, 5), ("-3", "5")),
    ],
)
def test_bad_input_raises_the_cli_message(call, args):
    with pytest.raises(duel.InputError) as e:
        call()
    assert isinstance(e.value, ValueError)
    assert str(e.value) == cli_error("guess-who", "value", *args)
