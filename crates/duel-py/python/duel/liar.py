"""The Rényi–Ulam liar game with any number of lies (Ellis, Ponomarenko & Yan).

>>> from duel import liar
>>> liar.solve(questions=6, n=5)["winner"]
'paul'
"""

import json
from typing import Any, Dict, List, Optional

from duel import _native
from duel._exact import answer, call

try:
    import numpy as _np
except ImportError:  # numpy is optional: tables are then lists
    _np = None


def solve(
    questions: int,
    n: Optional[int] = None,
    lies: Optional[int] = None,
    state: Optional[List[int]] = None,
    ask: Optional[List[int]] = None,
    pathological: bool = False,
    max_states: int = 4_000_000,
    max_steps: int = 40_000_000,
) -> Dict[str, Any]:
    """Who wins with ``questions`` questions from ``n`` objects (or the state ``state``, the
    objects of each lie class), the Berlekamp ``volume`` against ``bound`` = 2^q, Paul's
    first ``question``; ``ask`` evaluates a question: ``duel liar solve --json``."""
    doc = call(
        _native.liar_solve,
        questions, n, state, lies, ask, pathological, max_states, max_steps
    )
    return answer(doc)


def min_questions(
    n: int, lies: int = 1, max_states: int = 4_000_000, max_steps: int = 40_000_000
) -> Dict[str, Any]:
    """The fewest questions that find one of ``n`` objects against ``lies`` lies, with the
    bounds and whether it is ``certified``: ``duel liar min-questions --json``."""
    return answer(call(_native.liar_min_questions, n, lies, max_states, max_steps))


class Table:
    """For every ``n`` from 1 to ``max_n``, the extreme number of questions with which Paul
    wins (the fewest in the original game, the most in the pathological one) and the one
    the Berlekamp volume bound allows: ``duel liar table --json``.

    ``n``, ``questions``, ``volume_bound``: NumPy integer arrays (lists without NumPy);
    ``rows``: the command line's rows."""

    def __init__(self, document: Dict[str, Any]) -> None:
        self.title: str = document["title"]
        self.lies: int = document["lies"]
        self.variant: str = document["variant"]
        self.rows: List[Dict[str, int]] = document["rows"]
        cols = {c: [r[c] for r in self.rows] for c in ("n", "questions", "volume_bound")}
        if _np is not None:
            cols = {c: _np.array(v, dtype=_np.int64) for c, v in cols.items()}
        self.n: Any = cols["n"]
        self.questions: Any = cols["questions"]
        self.volume_bound: Any = cols["volume_bound"]

    def __repr__(self) -> str:
        return f"<duel.liar.Table {self.variant}, {self.lies} lie(s), n <= {len(self.rows)}>"


def table(
    max_n: int, lies: int = 1, pathological: bool = False, max_states: int = 30_000_000
) -> Table:
    """The fewest (original game) or most (``pathological=True``) questions with which Paul
    wins for ``n = 1..=max_n`` objects and ``lies`` lies, as a :class:`Table`: ``duel liar
    table --max-n N --json``."""
    return Table(json.loads(call(_native.liar_table, max_n, lies, pathological, max_states)))
