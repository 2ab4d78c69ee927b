"""Exact numbers of the library's JSON as Python values: a fraction ``"5/9"`` as
:class:`fractions.Fraction`; a chip count of Develin & Payne (``"12*"``) stays text, as its
star (the tie-breaking advantage) is part of the number."""

import json
from fractions import Fraction
from typing import Any, Callable, Dict, Iterable

from duel.errors import InputError


def fraction(text: Any) -> Any:
    """``"5/9"`` → ``Fraction(5, 9)``; ``None`` stays ``None``."""
    return None if text is None else Fraction(text)


def answer(document: str, exact: Iterable[str] = ()) -> Dict[str, Any]:
    """The JSON ``document`` as a dict, the fields ``exact`` as fractions."""
    d = json.loads(document)
    for key in exact:
        if key in d:
            d[key] = fraction(d[key])
    return d


def quote(text: str) -> str:
    """User text in a message, quoted and escaped as the library quotes it: ``'text'``."""
    from duel import _native

    return _native.quote(text)


def call(native: Callable[..., Any], *args: Any) -> Any:
    """``native(*args)``, a number out of range or of the wrong type (which the native
    module's argument conversion refuses) raised as :class:`~duel.InputError`."""
    try:
        return native(*args)
    except (OverflowError, TypeError) as e:
        raise InputError(f"{native.__name__}: {e}") from None
