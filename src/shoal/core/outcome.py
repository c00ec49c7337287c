"""Seats, actions and outcomes: the small value types of the protocol."""

from __future__ import annotations

import dataclasses

__all__ = ["Action", "Outcome", "Seat", "other"]

Seat = int
"""A player's seat: 0 or 1. Seat 0 is the player who makes the first decision."""

Action = int
"""An atomic action: an int in ``range(game.num_distinct_actions)``."""


def other(seat: Seat) -> Seat:
    """The other seat.

    >>> other(0), other(1)
    (1, 0)
    """
    return 1 - seat


@dataclasses.dataclass(frozen=True, slots=True)
class Outcome:
    """How a game ended: the winning seat (``None`` for a draw), why, and scores.

    ``scores`` are per seat, for games that count points (Sytran); ``None``
    elsewhere.

    >>> Outcome(1, "complete island").returns()
    (-1.0, 1.0)
    >>> Outcome(None, "threefold repetition").returns()
    (0.0, 0.0)
    """

    winner: Seat | None
    reason: str
    scores: tuple[float, float] | None = None

    @property
    def is_draw(self) -> bool:
        """True when nobody won."""
        return self.winner is None

    def returns(self) -> tuple[float, float]:
        """+1 for the winner, -1 for the loser, 0 each for a draw, per seat."""
        if self.winner is None:
            return (0.0, 0.0)
        return (1.0, -1.0) if self.winner == 0 else (-1.0, 1.0)

    def value_for(self, seat: Seat) -> float:
        """+1, 0 or -1 from ``seat``'s point of view."""
        return self.returns()[seat]
