"""Search agents (MCTS, UCT, the Bayesian search of Delattre & Fournier: sym, symp, gw, gw2;
the exact solver) and exact values.

>>> from duel import search
>>> search.best("tictactoe", agent="symp", iterations=1000, seed=1)["move"]  # doctest: +SKIP
"""

from typing import Any, Dict, Optional, Union

from duel import _native
from duel._exact import answer, call
from duel._native import State

Position = Union[str, State]


def _game_and_moves(state: Position, position: str) -> "tuple[str, str]":
    if isinstance(state, State):
        if position:
            raise TypeError("give the moves either in the State or as position=, not both")
        return state.game, state.position
    return state, position


def best(
    state: Position,
    agent: str = "symp",
    iterations: Optional[int] = None,
    millis: Optional[int] = None,
    seed: int = 0,
    position: str = "",
) -> Dict[str, Any]:
    """The move ``agent`` (a spec: ``mcts:a=3.5,b=5``, ``symp``, ``solver``, ...) chooses in
    ``state`` (a :class:`~duel.games.State`, or a game name with ``position``), with its
    statistics (``estimate``, ``iterations``, ``millis``, ``stopped``, ``tree_nodes``):
    ``duel search best --json``. Budget: ``iterations`` or ``millis`` (default 10,000
    iterations). The same seed gives the same move under an iteration budget."""
    game, moves = _game_and_moves(state, position)
    return answer(call(_native.search_best, game, moves, agent, iterations, millis, seed))


def value(state: Position, position: str = "", max_nodes: int = 50_000_000) -> Dict[str, Any]:
    """The exact value (``win``, ``draw``, ``loss``) for the side to move: ``duel search value
    --json``."""
    game, moves = _game_and_moves(state, position)
    return answer(call(_native.search_value, game, moves, max_nodes))
