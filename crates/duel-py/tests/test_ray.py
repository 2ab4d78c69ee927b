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
        ids = [n["NodeID"] for n in ray.nodes() if n["Alive"]]
        assert len(ids) == 2
        # A worker up on each node first, as on a cluster in use: starting one (and importing
        # the package) takes longer than the shards of this short run.
        from ray.util.scheduling_strategies import NodeAffinitySchedulingStrategy

        @ray.remote(num_cpus=1)
        def node_of_a_warm_worker():
            import duel  # noqa: F401

            return ray.get_runtime_context().get_node_id()

        warm = [
            node_of_a_warm_worker.options(
                scheduling_strategy=NodeAffinitySchedulingStrategy(i, soft=False)
            ).remote()
            for i in ids
        ]
        assert sorted(ray.get(warm)) == sorted(ids)
        # Shards of a few tenths of a second, so that both nodes take some (on shards of a
        # few milliseconds, the first leased worker plays them all before a second is leased).
        run = dict(game="connect:7x6:4", a="mcts", b="symp", games=24, iterations=10000, seed=7)
        want = cli("arena", "connect:7x6:4", "--a", "mcts", "--b", "symp", "--games", "24",
                   "--iterations", "10000", "--seed", "7", "--threads", "1")
        done = []
        got = dray.arena(**run, shards=6, out=tmp_path / "cluster.jsonl", progress=done.append)
        assert got == want
        assert sorted(d.index for d in done) == list(range(6))
        assert sum(d.games for d in done) == 24
        assert len({d.node_id for d in done}) == 2, done
    finally:
        ray.shutdown()
        cluster.shutdown()
