import json

import pytest

import duel
from duel import arena
from conftest import cli, cli_error, duel_bin

RUN = dict(game="tictactoe", a="mcts", b="symp", games=10, iterations=60, seed=7)
ARGS = ["tictactoe", "--a", "mcts", "--b", "symp", "--games", "10", "--iterations", "60",
        "--seed", "7"]


def records_by_index(lines):
    return sorted((json.loads(line) for line in lines), key=lambda r: r["game_index"])


def test_run_equals_the_cli_summary_and_records(tmp_path):
    out = tmp_path / "py.jsonl"
    got = arena.run(**RUN, threads=2, out=out, chunk=3)
    want = cli("arena", *ARGS, "--threads", "2", "--out", str(tmp_path / "cli.jsonl"))
    assert got == want
    assert records_by_index(out.read_text().splitlines()) == records_by_index(
        (tmp_path / "cli.jsonl").read_text().splitlines()
    )
    assert arena.merge(out) == cli("arena", "merge", str(out))


def test_the_same_seed_gives_the_same_games_whatever_the_chunks_and_shards():
    whole = records_by_index(arena.records(**RUN, chunk=1))
    again = records_by_index(arena.records(**RUN, threads=1, chunk=100))
    parts = records_by_index(
        [line for i in range(3) for line in arena.records(**RUN, shard=(i, 3))]
    )
    assert whole == again == parts and len(whole) == 10
    other = records_by_index(arena.records(**{**RUN, "seed": 8}))
    assert [r["moves"] for r in other] != [r["moves"] for r in whole]


def test_a_shard_answers_as_the_cli():
    got = arena.run(**RUN, shard="1/3")
    assert got == cli("arena", *ARGS, "--shard", "1/3")
    assert got["games"] == 3 and got["shard"] == "1/3"


@pytest.mark.parametrize(
    "kwargs, args",
    [
        (dict(shard="5/4"), ["--shard", "5/4"]),
        (dict(shard=(12, 20)), ["--shard", "12/20"]),
        (dict(a="nosuch"), ["--a", "nosuch"]),
        (dict(games=0), ["--games", "0"]),
        (dict(threads=0), ["--threads", "0"]),
        (dict(game="tug:4"), ["--game-placeholder"]),
    ],
)
def test_bad_input_raises_the_cli_message(kwargs, args):
    run = {**RUN, **kwargs}
    cli_args = list(ARGS)
    for key, flag in (("a", "--a"), ("games", "--games")):
        if key in kwargs:
            cli_args[cli_args.index(flag) + 1] = str(kwargs[key])
            args = []
    if "game" in kwargs:
        cli_args[0] = kwargs["game"]
        args = []
    with pytest.raises(duel.InputError) as e:
        arena.run(**run)
    assert str(e.value) == cli_error("arena", *cli_args, *args)


def test_an_existing_records_file_is_not_overwritten(tmp_path):
    out = tmp_path / "old.jsonl"
    out.write_text("keep\n")
    with pytest.raises(duel.InputError):
        arena.run(**RUN, out=out)
    assert out.read_text() == "keep\n"
    with pytest.raises(duel.DuelIOError):
        arena.merge(tmp_path / "missing.jsonl")


def test_a_championship_is_the_command_lines_and_resumes(tmp_path):
    args = ["arena", "championship", "connect:4x4:3", "--agent", "mcts-prime", "--grid", "3",
            "--games", "2", "--work", "3000", "--seed", "4"]
    want = cli(*args, "--out", str(tmp_path / "cli.jsonl"))
    out = tmp_path / "py.jsonl"
    got = arena.championship("connect:4x4:3", "mcts-prime", 3, games=2, work=3000, seed=4,
                             out=out)
    assert got == want
    assert sorted(out.read_text().splitlines()) == sorted(
        (tmp_path / "cli.jsonl").read_text().splitlines())
    again = arena.championship("connect:4x4:3", "mcts-prime", 3, games=2, work=3000, seed=4,
                               out=out)
    assert again == {**want, "resumed": want["games"]}
    with pytest.raises(duel.InputError) as e:
        arena.championship("connect:4x4:3", "mcts", 1)
    assert str(e.value) == cli_error(*args[:4], "mcts", "--grid", "1")
