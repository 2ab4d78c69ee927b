import json

import pytest

ray = pytest.importorskip("ray", reason="Ray is not installed (pip install ray failed or was not run)")

import duel
import duel.ray as dray
from duel import arena
from conftest import cli

RUN = dict(game="tictactoe", a="mcts", b="symp", games=12, iterations=50, seed=3)
ARGS = ["tictactoe", "--a", "mcts", "--b", "symp", "--games", "12", "--iterations", "50",
        "--seed", "3"]


@pytest.fixture(scope="module")
def local_ray():
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    yield
    ray.shutdown()


def by_index(text):
    return sorted((json.loads(l) for l in text.splitlines()), key=lambda r: r["game_index"])


def test_shards_on_ray_give_the_games_and_summary_of_one_run(local_ray, tmp_path):
    want = cli("arena", *ARGS, "--threads", "1", "--out", str(tmp_path / "cli.jsonl"))
    for shards in (1, 5):
        out = tmp_path / f"ray{shards}.jsonl"
        done = []
        got = dray.arena(**RUN, shards=shards, out=out, progress=done.append)
        assert got == want
        # One report a shard, naming the node that played it.
        assert sorted(d.index for d in done) == list(range(shards))
        assert sum(d.games for d in done) == RUN["games"]
        assert all(d.count == shards and d.node_id and d.node_ip for d in done)
        assert by_index(out.read_text()) == by_index((tmp_path / "cli.jsonl").read_text())
        assert arena.merge(out) == cli("arena", "merge", str(out))


def test_a_bad_run_raises_the_library_error(local_ray):
    with pytest.raises(duel.InputError) as e:
        dray.arena(**{**RUN, "a": "nosuch"}, shards=2)
    assert "nosuch" in str(e.value)

