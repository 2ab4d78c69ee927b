"""Richman and discrete bidding games (Develin & Payne): values, thresholds, the optimal bid
and move. Richman values are exact :class:`~fractions.Fraction`; chip thresholds are text in
the paper's notation (``"12*"``: 12 chips and the tie-breaking advantage).

>>> from duel import bidding
>>> bidding.threshold("tictactoe", chips=10)["threshold"]
'5*'
"""

import json
from typing import Any, Dict, List, Optional, Tuple

from duel import _native
from duel._exact import answer, call

try:
    import numpy as _np
except ImportError:  # numpy is optional: tables are then lists
    _np = None

_RICHMAN_EXACT = ("value", "lower", "upper", "bid")


def richman(game: str) -> Dict[str, Any]:
    """The Richman value of ``game`` (``tictactoe``, ``tug:N``, ``ultimatum:N``, a graph):
    ``duel bidding richman GAME --json``."""
    return answer(call(_native.bidding_richman, game), exact=_RICHMAN_EXACT)


def threshold(game: str, chips: int, tie_break: str = "advantage") -> Dict[str, Any]:
    """The discrete threshold with ``chips`` chips in all: ``duel bidding threshold GAME
    --chips K --json``."""
    return answer(call(_native.bidding_threshold, game, str(chips), tie_break))


def moves(
    game: str,
    chips: str,
    position: Optional[str] = None,
    tie: str = "alice",
    tie_break: str = "advantage",
) -> Dict[str, Any]:
    """The optimal bid and moves at ``position`` with ``chips`` = ``"A,B"`` (Alice's, Bob's):
    ``duel bidding moves GAME --chips A,B --json``."""
    return answer(call(_native.bidding_moves, game, position, chips, tie, tie_break))


def period(game: str, chips: Optional[int] = None) -> Dict[str, Any]:
    """The period of the thresholds of a board game: ``duel bidding period GAME --json``."""
    return answer(call(_native.bidding_period, game, None if chips is None else str(chips)))


def _chips(text: str) -> Tuple[int, float]:
    """A threshold's chip count and its place on the line of thresholds: ``"12*"`` (12 chips
    and the tie-breaking advantage) → ``(12, 12.5)``; ``"3-e"`` (Make-it Take-it's 3 − ε) →
    ``(3, 2.5)``; ``"7"`` → ``(7, 7.0)``. The order of the second number is the order of the
    thresholds (a < a* < a + 1; a − ε < a)."""
    if text.endswith("*"):
        a = int(text[:-1])
        return a, a + 0.5
    if text.endswith("-e"):
        a = int(text[:-2])
        return a, a - 0.5
    a = int(text)
    return a, float(a)


class Table:
    """``f(G, k)`` for every total ``k = 0..=max_chips``: ``duel bidding table --json``.

    ``threshold``: the exact thresholds as the command line writes them (``"12*"``);
    ``k``, ``chips`` (the integer part) and ``order`` (a number whose order is the
    thresholds', ``12*`` → 12.5, ``3-e`` → 2.5): NumPy arrays (lists without NumPy).
    ``period``: ``{"period", "shift", "offset", "M", "m", "m_bar"}`` where one was found."""

    def __init__(self, document: Dict[str, Any]) -> None:
        self.title: str = document["title"]
        self.game: str = document["game"]
        self.tie_break: str = document["tie_break"]
        self.period: Optional[Dict[str, int]] = document.get("period")
        self.notes: List[str] = document.get("notes", [])
        self.rows: List[Dict[str, Any]] = document["rows"]
        self.threshold: List[str] = [r["threshold"] for r in self.rows]
        pairs = [_chips(t) for t in self.threshold]
        k = [r["k"] for r in self.rows]
        chips = [c for c, _ in pairs]
        order = [o for _, o in pairs]
        if _np is not None:
            self.k: Any = _np.array(k, dtype=_np.int64)
            self.chips: Any = _np.array(chips, dtype=_np.int64)
            self.order: Any = _np.array(order, dtype=_np.float64)
        else:
            self.k, self.chips, self.order = k, chips, order

    def __repr__(self) -> str:
        return f"<duel.bidding.Table {self.game}, {self.tie_break}, k <= {len(self.rows) - 1}>"


def table(game: str, max_chips: int, tie_break: str = "advantage") -> Table:
    """``f(game, k)`` for ``k = 0..=max_chips`` under ``tie_break`` (``advantage``,
    ``make-it-take-it`` or ``ladies-first``) as a :class:`Table`: ``duel bidding table GAME
    --max-chips K --tie-break RULE --json``."""
    doc = call(_native.bidding_table, game, str(max_chips), tie_break)
    return Table(json.loads(doc))
