"""Typed errors of the suite.

Two kinds of wrong input, as in python-chess:

* :class:`InvalidAction` -- the action itself is malformed (unknown milepost, negative amount,
  wrong type). Nothing about the game position is consulted.
* :class:`IllegalAction` -- a well-formed action that the rulebook forbids in the current position.
  It carries ``.rule`` (the rulebook section it breaks, e.g. ``"Build Phase Rules > Right of Way"``)
  and ``.reason`` (a sentence a new player understands).

Both subclass :class:`ValueError`. A rejected action never changes the game state.
:class:`UnknownName` (an :class:`InvalidAction` and a :class:`KeyError`) is a name the suite does not know:
a board, deck, ruleset, variant, city, milepost, ferry or card.

:class:`BoardFileError` and :class:`DeckFileError` report a malformed data file, naming the file and
the field.
"""
from __future__ import annotations

__all__ = ["EbError", "InvalidAction", "UnknownName", "IllegalAction", "DataFileError", "BoardFileError",
           "DeckFileError"]


class EbError(ValueError):
    """Base class of every error raised by ``eb_core`` for bad input."""


class InvalidAction(EbError):
    """A malformed action: wrong type, unknown milepost or city, impossible amount."""

    def __init__(self, message: str, *, field: str | None = None):
        self.field = field
        super().__init__(message)


class UnknownName(InvalidAction, KeyError):
    """A name the suite does not know -- a board, deck, ruleset or variant, a city, milepost, ferry or card --
    with the names it does know or the closest one. An :class:`InvalidAction` (``except eb.EbError``
    catches it) and a :class:`KeyError` (a lookup that failed), printed without ``KeyError``'s quotes.

    >>> import eb_core as eb
    >>> try:
    ...     eb.load_board("tutorial").city("Lodnon")
    ... except eb.EbError as err:
    ...     print(type(err).__name__, isinstance(err, KeyError), "|", err)
    UnknownName True | no city 'Lodnon' on board 'tutorial' (did you mean London?)
    """

    def __str__(self) -> str:
        return str(self.args[0]) if self.args else ""


class IllegalAction(EbError):
    """A well-formed action that the rules forbid now.

    ``rule`` names the rulebook section (``"Build Phase Rules > Right of Way"``); ``reason`` explains
    why in plain English. ``str(err)`` gives both.
    """

    def __init__(self, rule: str, reason: str):
        self.rule = rule
        self.reason = reason
        super().__init__(f"{reason} (rulebook: {rule})")

    def __repr__(self) -> str:  # pragma: no cover - cosmetic
        return f"IllegalAction(rule={self.rule!r}, reason={self.reason!r})"


class DataFileError(EbError):
    """A malformed data file. ``path`` is the file, ``field`` the JSON path of the bad value."""

    def __init__(self, path: str, field: str, problem: str):
        self.path = str(path)
        self.field = field
        self.problem = problem
        super().__init__(f"{self.path}: field {field!r}: {problem}")


class BoardFileError(DataFileError):
    """A malformed board file (schema ``eb-board/1``)."""


class DeckFileError(DataFileError):
    """A malformed deck file (schema ``eb-deck/1``)."""
