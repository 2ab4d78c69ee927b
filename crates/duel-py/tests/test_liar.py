import pytest

import duel
from duel import liar
from conftest import cli, cli_error


@pytest.mark.parametrize(
    "kwargs, args",
    [
        (dict(n=5, questions=6), ("--n", "5", "--questions", "6")),
        (dict(n=1_000_000, questions=25), ("--n", "1000000", "--questions", "25")),
        (dict(n=10, questions=8, lies=2, pathological=True),
         ("--n", "10", "--questions", "8", "--lies", "2", "--pathological")),
        (dict(state=[4, 2], questions=5, ask=[2, 1]),
         ("--state", "4,2", "--questions", "5", "--ask", "2,1")),
    ],
)
def test_solve_equals_the_cli(kwargs, args):
    assert liar.solve(**kwargs) == cli("liar", "solve", *args)


def test_min_questions_equal_the_cli():
    # Ellis, Ponomarenko & Yan: one lie among 10^6 objects needs 25 questions.
    got = liar.min_questions(1_000_000)
    assert got == cli("liar", "min-questions", "--n", "1000000")
    assert got["questions"] == 25 and got["certified"] is True
    assert liar.min_questions(10, lies=2) == cli("liar", "min-questions", "--n", "10", "--lies", "2")


def test_bad_input_raises_the_cli_message():
    with pytest.raises(duel.InputError) as e:
        liar.solve(n=0, questions=3)
    assert str(e.value) == cli_error("liar", "solve", "--n", "0", "--questions", "3")
    with pytest.raises(duel.InputError) as e:
        liar.solve(questions=3)
    assert str(e.value) == cli_error("liar", "solve", "--questions", "3")


@pytest.mark.parametrize("kwargs, args", [
    (dict(max_n=30), ("--max-n", "30")),
    (dict(max_n=12, lies=2), ("--max-n", "12", "--lies", "2")),
    (dict(max_n=10, pathological=True), ("--max-n", "10", "--pathological")),
])
def test_table_equals_the_cli_as_arrays(kwargs, args):
    t = liar.table(**kwargs)
    want = cli("liar", "table", *args)
    assert t.rows == want["rows"] and t.variant == want["variant"] and t.lies == want["lies"]
    np = pytest.importorskip("numpy")
    assert t.questions.dtype == np.int64 and list(t.n) == list(range(1, kwargs["max_n"] + 1))
    # The volume bound is a bound: Paul never needs fewer questions than it allows (original
    # game), never survives more than it allows (pathological game).
    if kwargs.get("pathological"):
        assert all(t.questions <= t.volume_bound)
    else:
        assert all(t.questions >= t.volume_bound)


def test_table_rows_agree_with_min_questions():
    # The exhaustive table and the min-questions answer are computed apart; they must agree.
    t = liar.table(max_n=20)
    for n in (2, 5, 13, 20):
        assert t.questions[n - 1] == liar.min_questions(n)["questions"]
