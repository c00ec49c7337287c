"""The one error family of shoal.

Every bad input a player, a program or a file can give ends in one of these
exceptions. All are :class:`ValueError` subclasses, so callers that only care
that "the input was wrong" can catch ``ValueError``; the message always says
what was wrong in words a player understands, and the state it was tried on is
never changed (states are immutable).

>>> try:
...     raise IllegalActionError("c3-e5: e5 is not in the tower's light island")
... except ShoalError as error:
...     print(error)
c3-e5: e5 is not in the tower's light island
"""

from __future__ import annotations

from typing import Self

__all__ = [
    "N_",
    "AmbiguousActionError",
    "GameOverError",
    "IllegalActionError",
    "InvalidNotationError",
    "InvalidOptionError",
    "InvalidPositionError",
    "RecordError",
    "ShoalError",
    "UnknownGameError",
]


def N_(message: str) -> str:
    """``message`` as it is: marks it for ``shoal i18n extract`` (the core imports no i18n;
    :func:`shoal.i18n.N_` is the same marker)."""
    return message


class ShoalError(ValueError):
    """Base of every error shoal raises for bad input.

    One made by :meth:`of` also keeps its English template and values, so that a caller that
    speaks the reader's language (the terminal) can say it there:

    >>> error = InvalidOptionError.of("option {name} is given twice", name="seed")
    >>> str(error), error.template, error.values
    ('option seed is given twice', 'option {name} is given twice', {'name': 'seed'})
    """

    template: str | None = None
    values: dict[str, str] | None = None

    @classmethod
    def of(cls, template: str, **values: object) -> Self:
        """The error saying ``template`` (marked with :func:`N_`) filled with ``values``."""
        words = {key: str(value) for key, value in values.items()}
        error = cls(template.format(**words))
        error.template, error.values = template, words
        return error


class InvalidNotationError(ShoalError):
    """Text that is not an action, turn or position in the game's notation."""


class InvalidPositionError(InvalidNotationError):
    """A position string that cannot be read, or describes an impossible position."""


class IllegalActionError(ShoalError):
    """A well-formed action that the rules do not allow in this state."""


class GameOverError(IllegalActionError):
    """An action offered after the game has ended."""


class AmbiguousActionError(ShoalError):
    """Text that matches more than one legal action."""


class InvalidOptionError(ShoalError):
    """An unknown game option, or a value out of its range."""


class UnknownGameError(ShoalError):
    """A game id that the registry does not know."""


class RecordError(ShoalError):
    """A game record that cannot be read or replayed.

    ``line`` is the 1-based line of the text record where the problem is, when
    known; it is part of the message.
    """

    def __init__(self, message: str, line: int | None = None) -> None:
        self.line = line
        super().__init__(f"line {line}: {message}" if line is not None else message)
