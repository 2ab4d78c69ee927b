"""The exceptions of duel: every error of the library arrives as one of these, with the
message the command line prints after ``duel: error:``."""


class DuelError(Exception):
    """An error of duel."""


class InputError(DuelError, ValueError):
    """A bad input: a game or agent name, a size, a budget, a move, a limit."""


class DuelIOError(DuelError, OSError):
    """A file that cannot be read or written."""
