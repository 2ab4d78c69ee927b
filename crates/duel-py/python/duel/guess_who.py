"""Guess Who, solved exactly (Nica's race rules, the official rules of Cushing et al., free
guesses; yes/no or three-way questions).

>>> from duel import guess_who
>>> guess_who.value(24, 24, rules="official")["p"]
Fraction(5, 9)
"""

from fractions import Fraction
from typing import Any, Dict, List, Optional, Union

from duel import _native
from duel._exact import answer, call, fraction, quote
from duel.errors import InputError

try:
    import numpy as _np
except ImportError:  # numpy is optional: tables are then lists
    _np = None

Questions = Union[int, str]


def _pool(what: str, x: Any) -> int:
    """A number of candidates, checked as the command line checks its arguments."""
    if isinstance(x, bool) or not isinstance(x, int) or x < 0:
        raise InputError(f"{what} must be a positive integer, got {quote(str(x))}")
    if x == 0:
        raise InputError(f"{what} must be at least 1, got 0")
    return x


def value(
    n: int,
    m: int,
    rules: str = "race",
    questions: Questions = 2,
    move: Optional[str] = None,
    max_steps: float = 1e12,
) -> Dict[str, Any]:
    """The exact probability ``p`` (a :class:`~fractions.Fraction`) that the player to move
    wins from ``(n, m)`` and the optimal moves ``best`` (``{"guess": True}`` or
    ``{"split": [a, b]}``): ``duel guess-who value N M --json``. ``move`` (``"guess"`` or
    ``"8,16"``) is evaluated too (``move_p``, ``move_optimal``). ``rules``: ``race``,
    ``official`` or ``free-guess``; ``questions``: 2 or 3."""
    n, m = _pool("N", n), _pool("M", m)
    doc = call(_native.guess_who_value, n, m, rules, str(questions), move, float(max_steps))
    return answer(doc, exact=("p", "move_p"))


class Table:
    """Every value ``P(n, m)`` for ``1 ≤ n, m ≤ max``: ``duel guess-who table --json``.

    ``rows``: the command line's rows (``n``, ``m``, ``p`` as a Fraction or ``None`` where the
    position cannot occur, ``p_float``). ``p_float``: a ``max × max`` NumPy array (NaN where
    ``p`` is ``None``; a list of lists without NumPy), entry ``[n - 1][m - 1]``."""

    def __init__(self, document: Dict[str, Any]) -> None:
        self.title: str = document["title"]
        self.max: int = document["max"]
        self.rules: str = document["rules"]
        self.questions: int = document["questions"]
        self.notes: List[str] = document.get("notes", [])
        self.rows: List[Dict[str, Any]] = document["rows"]
        for r in self.rows:
            r["p"] = fraction(r["p"])
        self._p = {(r["n"], r["m"]): r["p"] for r in self.rows}
        grid = [[float("nan")] * self.max for _ in range(self.max)]
        for r in self.rows:
            if r["p_float"] is not None:
                grid[r["n"] - 1][r["m"] - 1] = r["p_float"]
        self.p_float = _np.array(grid) if _np is not None else grid

    def p(self, n: int, m: int) -> Optional[Fraction]:
        """The exact ``P(n, m)``; ``None`` for a position the rules never reach."""
        return self._p[(n, m)]

    def __repr__(self) -> str:
        return f"<duel.guess_who.Table {self.rules}, {self.questions}-way, max {self.max}>"


def table(max: int, rules: str = "race", questions: Questions = 2) -> Table:
    """The exact table up to ``max``: ``duel guess-who table --max MAX --json``."""
    import json

    max = _pool("--max", max)
    return Table(json.loads(call(_native.guess_who_table, max, rules, str(questions))))
