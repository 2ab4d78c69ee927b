"""Richman and discrete bidding games (Develin & Payne): values, thresholds, the optimal bid
and move. Richman values are exact :class:`~fractions.Fraction`; chip thresholds are text in
the paper's notation (``"12*"``: 12 chips and the tie-breaking advantage).

>>> from duel import bidding
>>> bidding.threshold("tictactoe", chips=10)["threshold"]
'5*'
"""

from typing import Any, Dict, Optional

from duel import _native
from duel._exact import answer, call

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
