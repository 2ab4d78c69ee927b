"""Matches on a Ray cluster (needs ``pip install ray``): ``duel.ray.arena`` splits a run into
shards (``--shard I/N`` of ``duel arena``), runs each as a Ray task that calls duel's library
in-process, appends each shard's records to one JSONL file (the format of ``duel arena
--out``) as the shard ends, and merges them into the summary one run gives. Game ``i``
depends only on the run's parameters and ``i``, so the same seed gives the same games
whatever the number of shards or workers (under an iteration budget).

Without a cluster, ``duel arena`` (a local thread pool) is the simpler tool; Ray is for runs
that outgrow one machine: call ``ray.init(address="auto")`` on a node of the cluster first,
or pass ``--address``. See docs/python.md for a multi-node cluster and Slurm.

    python -m duel.ray connect:7x6:4 --a symp --b mcts --games 1000 --iterations 20000 \\
        --shards 64 --out run.jsonl --address auto
"""

import argparse
import json
import os
import sys
import tempfile
from typing import Any, Callable, Dict, List, NamedTuple, Optional, Tuple, Union

import ray as _ray

from duel import _native
from duel import arena as _arena
from duel._exact import call
from duel.errors import DuelError, InputError


@_ray.remote
def _shard(params: Dict[str, Any], index: int, count: int) -> Tuple[str, str, str]:
    """The record lines of shard ``index/count`` of a run, played by the library, with the
    id and address of the node that played them."""
    from duel import arena

    text = "".join(arena.records(**params, shard=(index, count)))
    node = _ray.get_runtime_context().get_node_id()
    return text, node, _ray.util.get_node_ip_address()


@_ray.remote
def _championship_shard(
    params: Dict[str, Any], index: int, count: int, held: List[int]
) -> Tuple[str, str, str]:
    """The record lines of the games of championship shard ``index/count`` not in ``held``,
    with the id and address of the node that played them."""
    from duel import _native as native

    text = native.championship_records(params, index, count, held)
    node = _ray.get_runtime_context().get_node_id()
    return text, node, _ray.util.get_node_ip_address()


class ShardDone(NamedTuple):
    """What ``arena``'s ``progress`` is told as each shard ends."""

    index: int
    """The shard's index, from 0."""
    count: int
    """The number of shards."""
    games: int
    """The games it played."""
    node_id: str
    """The Ray node that played it."""
    node_ip: str
    """That node's address."""


def arena(
    game: str,
    a: str,
    b: str,
    games: int,
    iterations: Optional[int] = None,
    millis: Optional[int] = None,
    b_iterations: Optional[int] = None,
    b_millis: Optional[int] = None,
    seed: int = 0,
    shards: Optional[int] = None,
    threads: Optional[int] = 1,
    out: Optional[Union[str, os.PathLike]] = None,
    num_cpus: Optional[float] = None,
    progress: Optional[Callable[[ShardDone], None]] = None,
) -> Dict[str, Any]:
    """Plays the run as ``shards`` Ray tasks (default: the cluster's CPUs, at most
    ``games``), each on ``threads`` threads (one CPU a task unless ``num_cpus`` says
    otherwise); returns the summary of ``duel arena --json``. ``out``: a new or empty file
    that gets each shard's record lines as it ends. ``progress`` is called with a
    :class:`ShardDone` as each shard ends (which node played it, how many games). Ray must be
    initialised (``ray.init(...)``); if it is not, a local instance is started."""
    if not _ray.is_initialized():
        _ray.init()
    if shards is None:
        shards = max(1, int(_ray.cluster_resources().get("CPU", 1)))
    shards = max(1, min(int(shards), max(1, games)))
    params = dict(
        game=game, a=a, b=b, games=games, iterations=iterations, millis=millis,
        b_iterations=b_iterations, b_millis=b_millis, seed=seed, threads=threads,
    )
    sink = None
    if out is not None:
        if os.path.exists(out) and os.path.getsize(out) > 0:
            raise InputError(
                f"{os.fspath(out)} is not empty: write the records of a run to a new file"
            )
        sink = open(out, "a", encoding="utf-8")
    task = _shard.options(num_cpus=num_cpus if num_cpus is not None else (threads or 1))
    index = {}
    for i in range(shards):
        index[task.remote(params, i, shards)] = i
    pending = list(index)
    lines: List[str] = []
    try:
        while pending:
            done, pending = _ray.wait(pending, num_returns=1)
            text, node_id, node_ip = _ray.get(done[0])
            played = text.splitlines(keepends=True)
            lines.extend(played)
            if progress is not None:
                progress(ShardDone(index[done[0]], shards, len(played), node_id, node_ip))
            if sink is not None:
                sink.write(text)
                sink.flush()
    except _ray.exceptions.RayTaskError as e:
        # A task's DuelError (bad input, a failed game) reaches the caller as itself.
        cause = getattr(e, "cause", None)
        if isinstance(cause, DuelError):
            raise cause from None
        raise
    finally:
        if sink is not None:
            sink.close()
        for p in pending:
            _ray.cancel(p, force=True)
    return _arena.summary(lines)


def _championship_games(grid: int, from_: int, games: int) -> int:
    """The games of a championship: its pairs of players MCTS(k/2, l/2), ``from_ <= k <= l
    <= grid``, times ``games``."""
    players = sum(grid - k + 1 for k in range(from_, grid + 1))
    return players * (players - 1) // 2 * games


def championship(
    game: str,
    agent: str,
    grid: int,
    games: int = 40,
    from_: int = 1,
    iterations: Optional[int] = None,
    millis: Optional[int] = None,
    work: Optional[int] = None,
    seed: int = 0,
    shards: Optional[int] = None,
    threads: Optional[int] = 1,
    out: Optional[Union[str, os.PathLike]] = None,
    num_cpus: Optional[float] = None,
    progress: Optional[Callable[[ShardDone], None]] = None,
) -> Dict[str, Any]:
    """Plays the championship of :func:`duel.arena.championship` as ``shards`` Ray tasks
    (default: four a CPU of the cluster, so that the long games of the large parameters
    spread), game ``i`` in shard ``i mod shards``; returns the answer of ``duel arena
    championship --json``. ``out``: its records file, resumed from (the games it holds are
    not played again; ``resumed`` counts them) and appended each shard's lines as the shard
    ends. The answer is ranked from the file by the library, which checks every game."""
    if not _ray.is_initialized():
        _ray.init()
    params = _arena.championship_params(game, agent, grid, games, from_, iterations, millis,
                                        work, seed, threads)
    with tempfile.TemporaryDirectory() as tmp:
        path = os.fspath(out) if out is not None else os.path.join(tmp, "records.jsonl")
        # Checks every parameter and every line the file holds, before any task starts.
        held = call(_native.championship_held_games, params, path)
        total = _championship_games(grid, from_, games)
        if shards is None:
            shards = 4 * max(1, int(_ray.cluster_resources().get("CPU", 1)))
        shards = max(1, min(int(shards), max(1, total)))
        by_shard: Dict[int, List[int]] = {}
        for g in held:
            by_shard.setdefault(g % shards, []).append(g)
        task = _championship_shard.options(
            num_cpus=num_cpus if num_cpus is not None else (threads or 1)
        )
        index = {}
        for i in range(shards):
            if len(by_shard.get(i, ())) < len(range(i, total, shards)):
                index[task.remote(params, i, shards, by_shard.get(i, []))] = i
        pending = list(index)
        try:
            with open(path, "a", encoding="utf-8") as sink:
                while pending:
                    done, pending = _ray.wait(pending, num_returns=1)
                    text, node_id, node_ip = _ray.get(done[0])
                    sink.write(text)
                    sink.flush()
                    if progress is not None:
                        played = text.count("\n")
                        progress(ShardDone(index[done[0]], shards, played, node_id, node_ip))
        except _ray.exceptions.RayTaskError as e:
            cause = getattr(e, "cause", None)
            if isinstance(cause, DuelError):
                raise cause from None
            raise
        finally:
            for p in pending:
                _ray.cancel(p, force=True)
        answer = _arena.championship(**params, out=path)
    if answer["resumed"] != total:
        raise DuelError(
            f"the shards played {answer['resumed'] - len(held)} of the "
            f"{total - len(held)} games the records lacked"
        )
    answer["resumed"] = len(held)
    return answer


def _championship_main(argv: List[str]) -> int:
    """``python -m duel.ray championship``: the options of ``duel arena championship``, plus
    ``--shards`` and ``--address``; prints the answer as JSON."""
    p = argparse.ArgumentParser(prog="python -m duel.ray championship",
                                description=_championship_main.__doc__)
    p.add_argument("game")
    p.add_argument("--agent", required=True, help="mcts or mcts-prime, :draw=0 as the paper")
    p.add_argument("--grid", type=int, required=True, help="K: MCTS(k/2, l/2), k <= l <= K")
    p.add_argument("--from", dest="from_", type=int, default=1, help="the smallest k")
    p.add_argument("--games", type=int, default=40, help="games of each pair (even)")
    p.add_argument("--iterations", type=int)
    p.add_argument("--millis", type=int)
    p.add_argument("--work", type=int, help="work units per move (the paper-equivalent clock)")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--shards", type=int, help="Ray tasks (default: four a CPU of the cluster)")
    p.add_argument("--threads", type=int, default=1, help="threads of each task")
    p.add_argument("--out", help="the records file: resumed from, appended to")
    p.add_argument("--address", help="the Ray cluster (e.g. auto); default: a local instance")
    p.add_argument("--quiet", action="store_true", help="no line on stderr as each shard ends")
    args = p.parse_args(argv)
    params = _arena.championship_params(args.game, args.agent, args.grid, args.games,
                                        args.from_, args.iterations, args.millis, args.work,
                                        args.seed, args.threads)
    try:
        # Bad parameters or a bad records file: one line, before Ray starts.
        with tempfile.TemporaryDirectory() as tmp:
            call(_native.championship_held_games, params,
                 args.out or os.path.join(tmp, "records.jsonl"))
    except DuelError as e:
        print(f"duel: error: {e}", file=sys.stderr)
        return 2
    _ray.init(address=args.address, log_to_driver=False)
    try:
        answer = championship(
            args.game, args.agent, args.grid, args.games, args.from_, args.iterations,
            args.millis, args.work, args.seed, args.shards, args.threads, args.out,
            progress=None if args.quiet else _say,
        )
    except DuelError as e:
        print(f"duel: error: {e}", file=sys.stderr)
        return 2
    print(json.dumps(answer, indent=2, ensure_ascii=False))
    return 0


def _say(d: ShardDone) -> None:
    """The line on stderr as a shard ends."""
    print(f"shard {d.index + 1}/{d.count}: {d.games} games on node {d.node_ip} "
          f"({d.node_id[:12]})", file=sys.stderr, flush=True)


def main(argv: Optional[List[str]] = None) -> int:
    """``python -m duel.ray``: the options of ``duel arena``, plus ``--shards`` and
    ``--address``; prints the summary as JSON. ``python -m duel.ray championship ...``: a
    championship (``duel arena championship``'s options)."""
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["championship"]:
        return _championship_main(argv[1:])
    p = argparse.ArgumentParser(prog="python -m duel.ray", description=main.__doc__)
    p.add_argument("game")
    p.add_argument("--a", required=True)
    p.add_argument("--b", required=True)
    p.add_argument("--games", type=int, required=True)
    p.add_argument("--iterations", type=int)
    p.add_argument("--millis", type=int)
    p.add_argument("--b-iterations", type=int)
    p.add_argument("--b-millis", type=int)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--shards", type=int, help="Ray tasks (default: the cluster's CPUs)")
    p.add_argument("--threads", type=int, default=1, help="threads of each task")
    p.add_argument("--out", help="a new JSONL file for the records (duel arena merge reads it)")
    p.add_argument("--address", help="the Ray cluster (e.g. auto); default: a local instance")
    p.add_argument("--quiet", action="store_true", help="no line on stderr as each shard ends")
    args = p.parse_args(argv)

    _ray.init(address=args.address, log_to_driver=False)
    try:
        summary = arena(
            args.game, args.a, args.b, args.games, args.iterations, args.millis,
            args.b_iterations, args.b_millis, args.seed, args.shards, args.threads, args.out,
            progress=None if args.quiet else _say,
        )
    except DuelError as e:
        print(f"duel: error: {e}", file=sys.stderr)
        return 2
    print(json.dumps(summary, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
