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
from typing import Any, Callable, Dict, List, NamedTuple, Optional, Tuple, Union

import ray as _ray

from duel import arena as _arena
from duel.errors import DuelError, InputError


@_ray.remote
def _shard(params: Dict[str, Any], index: int, count: int) -> Tuple[str, str, str]:
    """The record lines of shard ``index/count`` of a run, played by the library, with the
    id and address of the node that played them."""
    from duel import arena

    text = "".join(arena.records(**params, shard=(index, count)))
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


def main(argv: Optional[List[str]] = None) -> int:
    """``python -m duel.ray``: the options of ``duel arena``, plus ``--shards`` and
    ``--address``; prints the summary as JSON."""
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

    def say(d: ShardDone) -> None:
        print(f"shard {d.index + 1}/{d.count}: {d.games} games on node {d.node_ip} "
              f"({d.node_id[:12]})", file=sys.stderr, flush=True)

    _ray.init(address=args.address, log_to_driver=False)
    try:
        summary = arena(
            args.game, args.a, args.b, args.games, args.iterations, args.millis,
            args.b_iterations, args.b_millis, args.seed, args.shards, args.threads, args.out,
            progress=None if args.quiet else say,
        )
    except DuelError as e:
        print(f"duel: error: {e}", file=sys.stderr)
        return 2
    print(json.dumps(summary, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
