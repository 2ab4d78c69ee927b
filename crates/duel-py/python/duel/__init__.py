"""duel: solve and play two-player games of search and strategy, from Python.

The library is duel's Rust library; this package calls it in-process. Submodules, one per
domain: :mod:`duel.guess_who`, :mod:`duel.liar`, :mod:`duel.bidding`, :mod:`duel.games`,
:mod:`duel.search`, :mod:`duel.arena`; with optional dependencies, :mod:`duel.openspiel`
(OpenSpiel bots and games) and :mod:`duel.ray` (matches on a Ray cluster).

Each function answers what the command line answers with ``--json``, as Python values: exact
numbers as :class:`fractions.Fraction`, errors as :class:`DuelError` (bad input:
:class:`InputError`, a :class:`ValueError`).
"""

from duel import arena, bidding, games, guess_who, liar, search
from duel.errors import DuelError, DuelIOError, InputError

__all__ = [
    "DuelError",
    "DuelIOError",
    "InputError",
    "arena",
    "bidding",
    "games",
    "guess_who",
    "liar",
    "search",
]
__version__ = "0.1.0"
