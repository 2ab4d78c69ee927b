"""Matches between two search agents (``duel arena``): the same games, records and summary
as the command line.

Game ``i`` of a run depends only on the game, the agents, the budget, the seed and ``i``: A
moves first in even games, and each agent's seed comes from ``(seed, i, agent)``. A run is
played in chunks (each a shard of the shard, so the same games); Ctrl-C stops it between
chunks, and each chunk's records are written to ``out`` as it ends.

>>> from duel import arena
>>> arena.run("tictactoe", a="mcts", b="symp", games=4, iterations=200)["a_score"]  # doctest: +SKIP
"""

import os
from typing import Any, Dict, Iterator, Optional, Sequence, Tuple, Union

from duel import _native
from duel._exact import answer, call
from duel.errors import InputError

ShardSpec = Union[str, Tuple[int, int]]


def parse_shard(shard: ShardSpec) -> Tuple[int, int]:
    """``"I/N"`` or ``(I, N)`` as ``(I, N)``; a bad text is an :class:`~duel.InputError` with
    the command line's message."""
    if isinstance(shard, str):
        return call(_native.arena_shard, shard)
    i, n = shard
    return int(i), int(n)


def _chunks(i: int, n: int, games: int, chunk: int) -> Sequence[Tuple[int, int]]:
    """Shards of shard ``i/n`` whose union is its games, each of about ``chunk`` games:
    ``(i + j·n) / (n·m)`` for ``j < m``. An invalid shard is left whole for the library to
    refuse with its message."""
    if n <= 0 or not 0 <= i < n or games <= 0 or i >= games:
        return [(i, n)]
    in_shard = len(range(i, games, n))
    m = max(1, -(-in_shard // max(1, chunk)))
    return [(i + j * n, n * m) for j in range(m) if i + j * n < games]


def _record_chunks(game, a, b, games, iterations, millis, b_iterations, b_millis, seed,
                   threads, shard, chunk) -> Iterator[str]:
    """The record lines of each chunk of ``shard``, one text a chunk."""
    i, n = parse_shard(shard)
    if chunk is None:
        chunk = 4 * (threads or os.cpu_count() or 1)
    for si, sn in _chunks(i, n, games, chunk):
        yield call(
            _native.arena_records,
            game, a, b, games, iterations, millis, b_iterations, b_millis, seed,
            threads, si, sn,
        )


def records(
    game: str,
    a: str,
    b: str,
    games: int,
    iterations: Optional[int] = None,
    millis: Optional[int] = None,
    b_iterations: Optional[int] = None,
    b_millis: Optional[int] = None,
    seed: int = 0,
    threads: Optional[int] = None,
    shard: ShardSpec = (0, 1),
    chunk: Optional[int] = None,
) -> Iterator[str]:
    """The records of the games of ``shard`` (one JSON line each, as ``duel arena --out``
    writes them), played a chunk of about ``chunk`` games at a time (default: 4 a thread)."""
    for text in _record_chunks(game, a, b, games, iterations, millis, b_iterations,
                               b_millis, seed, threads, shard, chunk):
        yield from text.splitlines(keepends=True)


def summary(lines: Sequence[str], shard: ShardSpec = (0, 1)) -> Dict[str, Any]:
    """The answer of ``duel arena --json`` for the record lines of one run's shard."""
    i, n = parse_shard(shard)
    return answer(call(_native.arena_answer, "".join(lines), i, n))


def run(
    game: str,
    a: str,
    b: str,
    games: int,
    iterations: Optional[int] = None,
    millis: Optional[int] = None,
    b_iterations: Optional[int] = None,
    b_millis: Optional[int] = None,
    seed: int = 0,
    threads: Optional[int] = None,
    shard: ShardSpec = (0, 1),
    out: Optional[Union[str, os.PathLike]] = None,
    chunk: Optional[int] = None,
) -> Dict[str, Any]:
    """Plays ``games`` games of ``game`` between agents ``a`` and ``b`` (or the games of
    ``shard``) and returns the summary of ``duel arena --json``: ``a_wins``, ``b_wins``,
    ``draws``, ``a_score`` with ``a_score_ci95``, by who moved first, the budget and seed.
    Budget per move: ``iterations`` or ``millis`` (default 1000 iterations), B's own with
    ``b_iterations``/``b_millis``. ``out``: a new or empty file that gets each game's
    record line (``duel arena merge`` reads it); unlike the command line it is not resumed
    from."""
    i, n = parse_shard(shard)
    sink = None
    if out is not None:
        if os.path.exists(out) and os.path.getsize(out) > 0:
            raise InputError(
                f"{os.fspath(out)} is not empty: duel.arena.run does not resume runs; "
                "write to a new file, or resume with `duel arena --out`"
            )
        sink = open(out, "a", encoding="utf-8")
    lines = []
    try:
        for text in _record_chunks(game, a, b, games, iterations, millis, b_iterations,
                                   b_millis, seed, threads, (i, n), chunk):
            lines.extend(text.splitlines(keepends=True))
            if sink is not None:
                sink.write(text)
                sink.flush()
    finally:
        if sink is not None:
            sink.close()
    return summary(lines, (i, n))


def merge(*files: Union[str, os.PathLike]) -> Dict[str, Any]:
    """The records of several runs or shards (files written by ``duel arena --out`` or
    :func:`run`) as one run: ``duel arena merge FILE... --json``."""
    return answer(call(_native.arena_merge, [os.fspath(f) for f in files]))


def championship_params(
    game: str,
    agent: str,
    grid: int,
    games: int = 40,
    from_: int = 1,
    iterations: Optional[int] = None,
    millis: Optional[int] = None,
    work: Optional[int] = None,
    seed: int = 0,
    threads: Optional[int] = None,
) -> Dict[str, Any]:
    """The parameters of :func:`championship` as the native calls take them."""
    return dict(game=game, agent=agent, grid=grid, from_=from_, games=games,
                iterations=iterations, millis=millis, work=work, seed=seed, threads=threads)


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
    threads: Optional[int] = None,
    out: Optional[Union[str, os.PathLike]] = None,
) -> Dict[str, Any]:
    """``duel arena championship GAME --agent AGENT --grid K ... --json`` (Delattre &
    Fournier, section 8.3): the round robin of MCTS(k/2, l/2) for ``from_ <= k <= l <= grid``
    (``agent``: ``mcts`` or ``mcts-prime``, ``:draw=0`` for the paper's count of draws),
    ``games`` games a pair; budget ``iterations``, ``millis`` or ``work`` units per move.
    ``out``: the records file, resumed from and written to as each game ends, as the command
    line's ``--out``."""
    params = championship_params(game, agent, grid, games, from_, iterations, millis, work,
                                 seed, threads)
    path = None if out is None else os.fspath(out)
    return answer(call(_native.championship, params, path))
