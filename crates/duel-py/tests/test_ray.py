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
        got = dray.arena(**RUN, shards=shards, out=out)
        assert got == want
        assert by_index(out.read_text()) == by_index((tmp_path / "cli.jsonl").read_text())
        assert arena.merge(out) == cli("arena", "merge", str(out))


def test_a_bad_run_raises_the_library_error(local_ray):
    with pytest.raises(duel.InputError) as e:
        dray.arena(**{**RUN, "a": "nosuch"}, shards=2)
    assert "nosuch" in str(e.value)


def test_a_cluster_of_two_nodes_plays_the_shards_of_one_run(tmp_path):
    # Two raylets on this machine (Ray's own way to test a multi-node cluster), one CPU each:
    # the driver joins by address, as on a real cluster, and both nodes play shards.
    from ray.cluster_utils import Cluster

    if ray.is_initialized():
        ray.shutdown()
    cluster = Cluster(initialize_head=True, head_node_args={"num_cpus": 1})
    try:
        cluster.add_node(num_cpus=1)
        cluster.wait_for_nodes()
        ray.init(address=cluster.address, log_to_driver=False)
        assert len([n for n in ray.nodes() if n["Alive"]]) == 2
        done = []
        out = tmp_path / "cluster.jsonl"
        # Each node has one CPU, so the two shards that run at once run one on each node.
        got = dray.arena(**{**RUN, "iterations": 3000}, shards=6, out=out, progress=done.append)
        want = cli("arena", *ARGS[:-4], "--iterations", "3000", "--seed", "3", "--threads", "1")
        assert got == want
        assert sorted(d.index for d in done) == list(range(6))
        assert sum(d.games for d in done) == 12
        assert len({d.node_id for d in done}) == 2, done
    finally:
        ray.shutdown()
        cluster.shutdown()
