"""duel's games as state objects: ``tictactoe``, ``connect:WxH:K``, ``connect-misere:WxH:K``,
``pearl:D:K[:P]``, ... Moves are text in the game's notation (a column ``"4"``, a cell).

>>> from duel.games import State
>>> s = State("tictactoe")
>>> s.play("5"); s.legal_moves()[:3]
['1', '2', '3']
"""

from duel._native import State

__all__ = ["State", "new"]


def new(game: str, position: str = "") -> State:
    """The position of ``game`` after the moves ``position`` (default: the start)."""
    return State(game, position)
