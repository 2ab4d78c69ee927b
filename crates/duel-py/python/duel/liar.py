"""The Rényi–Ulam liar game with any number of lies (Ellis, Ponomarenko & Yan).

>>> from duel import liar
>>> liar.solve(questions=6, n=5)["winner"]
'paul'
"""

from typing import Any, Dict, List, Optional

from duel import _native
from duel._exact import answer, call


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
