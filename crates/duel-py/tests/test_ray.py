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



CHAMP = dict(game="tictactoe", agent="mcts:draw=0", grid=3, games=4, iterations=40, seed=2)
CHAMP_ARGS = ["arena", "championship", "tictactoe", "--agent", "mcts:draw=0", "--grid", "3",
              "--games", "4", "--iterations", "40", "--seed", "2", "--threads", "1"]


def test_a_championship_on_ray_is_the_command_lines_and_resumes(local_ray, tmp_path):
    # 6 players, 15 pairs, 60 games: the command line's answer and records, from 7 shards.
    want = cli(*CHAMP_ARGS, "--out", str(tmp_path / "cli.jsonl"))
    assert want["games"] == 60
    out = tmp_path / "ray.jsonl"
    done = []
    got = dray.championship(**CHAMP, shards=7, out=out, progress=done.append)
    assert got == want
    assert sorted(d.index for d in done) == list(range(7))
    assert sum(d.games for d in done) == 60
    assert by_index(out.read_text()) == by_index((tmp_path / "cli.jsonl").read_text())
    # Stopped after 25 games (the last line cut short): the shards play only the 35 lacking,
    # and the answer is the same.
    lines = out.read_text().splitlines(keepends=True)
    out.write_text("".join(lines[:25]) + lines[25][:30])
    done = []
    again = dray.championship(**CHAMP, shards=7, out=out, progress=done.append)
    assert again == {**want, "resumed": 25}
    assert sum(d.games for d in done) == 35
    assert by_index(out.read_text()) == by_index((tmp_path / "cli.jsonl").read_text())
    # Whole: no task, every game read back.
    done = []
    assert dray.championship(**CHAMP, out=out, progress=done.append) == {**want, "resumed": 60}
    assert done == []
    # Without a file, the same answer.
    assert dray.championship(**CHAMP, shards=3) == want


def test_a_bad_championship_raises_the_library_error_before_any_task(local_ray, tmp_path):
    with pytest.raises(duel.InputError) as e:
        dray.championship(**{**CHAMP, "agent": "nosuch"}, shards=2)
    assert "nosuch" in str(e.value)
    # A records file of another championship is refused as the command line refuses it.
    out = tmp_path / "other.jsonl"
    cli(*CHAMP_ARGS, "--out", str(out))
    with pytest.raises(duel.InputError) as e:
        dray.championship(**{**CHAMP, "seed": 3}, out=out)
    assert "another run" in str(e.value)


def test_python_m_duel_ray_championship_prints_the_answer(tmp_path):
    import subprocess
    import sys

    r = subprocess.run(
        [sys.executable, "-m", "duel.ray", "championship", "tictactoe", "--agent", "mcts:draw=0",
         "--grid", "3", "--games", "4", "--iterations", "40", "--seed", "2", "--shards", "2",
         "--out", str(tmp_path / "m.jsonl")],
        capture_output=True, text=True, timeout=600,
    )
    assert r.returncode == 0, r.stderr
    assert json.loads(r.stdout) == cli(*CHAMP_ARGS)
    assert sum(line.startswith("shard ") for line in r.stderr.splitlines()) == 2
    bad = subprocess.run(
        [sys.executable, "-m", "duel.ray", "championship", "tictactoe", "--agent", "nosuch",
         "--grid", "3"],
        capture_output=True, text=True, timeout=600,
    )
    assert bad.returncode == 2
    assert bad.stderr.startswith("duel: error: ") and "nosuch" in bad.stderr


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
