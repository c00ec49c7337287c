"""A stored game as plain data, and the stored form of a seat token."""

from __future__ import annotations

import dataclasses
import datetime
import hashlib
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from sqlalchemy.orm import Session

__all__ = ["INVITE", "Claim", "ClaimLostError", "Deadline", "GameData", "hash_token", "invite_hash"]


class ClaimLostError(Exception):
    """A claim stored with a new game found it was too late: nothing was stored."""


Claim = Callable[["Session"], bool]
"""A write done in the transaction that stores a new game (:meth:`Store.insert
<shoal.server.games.store.Store.insert>`): False when it was too late (a conditional
update that changed no row), which stores nothing."""

INVITE = "invite:"
"""The mark of a seat whose token is an invite not yet claimed (before the token's hash)."""


def hash_token(token: str) -> str:
    """The stored form of a seat token (tokens are random secrets; a hash suffices)."""
    return hashlib.sha256(token.encode()).hexdigest()


def invite_hash(token: str) -> str:
    """The stored form of an invite's token: it plays its seat, and may be claimed once."""
    return INVITE + hash_token(token)


@dataclasses.dataclass
class GameData:
    """A stored game, as plain data.

    ``mode`` is ``"computer"``, ``"friend"`` or ``"local"``; ``token_hashes``
    holds per seat the hash of the token that may play it (``None`` for the
    computer's seat; the same hash twice at one screen). ``clock`` is
    ``{"base", "increment", "remaining": [s0, s1], "since": epoch seconds}``
    (an event's live game adds ``"first_move"``: the seconds for each side's first turn)
    or ``None``; ``ended`` is ``{"winner", "reason"}`` for an end the rules do
    not know (resignation, time) or ``None``.
    ``accounts`` holds per seat the account that plays it, as well as its token.
    """

    id: str
    game: str
    options: dict[str, Any]
    seed: int | None
    start: str | None
    mode: str
    level: str | None
    computer_seat: int | None
    players: list[str]
    token_hashes: list[str | None]
    actions: list[int]
    clock: dict[str, Any] | None
    ended: dict[str, Any] | None
    version: int
    accounts: list[int | None] | None = None
    """Per seat, the id of the account holding it (None: a guest's token or the computer)."""
    time_control: str | None = None
    """How the game was agreed (lobby, issue 22): ``"M+S"`` a live clock of M minutes plus
    S seconds a turn, ``"Nd"`` correspondence with N days per move, None: none."""
    rated: bool | None = None
    """Whether the players agreed to a rated game (lobby seeks and challenges; None: casual)."""
    event: int | None = None
    """The tournament whose pairing the game is (None: no event's game)."""

    def counts(self) -> bool:
        """Whether the game counts: rated, or between two accounts (every event's game, a
        challenge to one of the server's bots, a lobby game of two signed-in players).

        In a game that counts nobody gets the engine's help (hints) or a takeback (undo, a
        takeback request), whoever the opponent is, the server's bots included. A game at
        one screen held by one account on both seats does not count."""
        if self.rated or self.event is not None:
            return True
        seats = self.accounts or [None, None]
        return None not in seats and seats[0] != seats[1]


@dataclasses.dataclass(frozen=True)
class Deadline:
    """A correspondence game's clock as stored."""

    game_id: str
    days: int
    seat: int | None
    turn: int
    version: int
    deadline: datetime.datetime | None
