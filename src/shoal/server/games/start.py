"""Starting an online game between two sides, written once: the lobby (a seek taken), a
challenge accepted and a tournament's pairing all call :func:`start_game`.

* :func:`parse_time_control`: ``"M+S"`` (a live clock: M minutes each, S seconds a turn),
  ``"Nd"`` (correspondence: N days per move, 1..14), or none.
* :func:`check_options`: a game's options, checked by the game's own option parsing (422).
* :func:`start_game`: a new online game between two sides (accounts or guests), seated by
  the creator's colour, through :func:`~.creation.game_data` like every game; the seek taken
  or the challenge accepted is written in the game's own transaction (with its
  correspondence clock), so a crash of the process (or the database going away) in the
  middle leaves both or neither. :func:`start_games`: several at once, in one transaction
  (an arena's pairing moment), each as :func:`start_game` starts it.
"""

from __future__ import annotations

import dataclasses
import re
import secrets
import time
from collections.abc import Callable, Sequence
from typing import Any

from shoal import games
from shoal.core import ShoalError

from ..errors import ApiError
from .clock_store import ClockStore
from .correspondence import MAX_DAYS, Correspondence
from .creation import fresh_clock, game_data, new_token
from .manager import GameManager
from .models import Claim, GameData, hash_token
from .session import LiveGame

__all__ = [
    "Agreement",
    "Side",
    "Started",
    "check_options",
    "parse_time_control",
    "start_game",
    "start_games",
]

_LIVE = re.compile(r"(\d{1,3})\+(\d{1,3})")
_DAYS = re.compile(r"(\d{1,2})d")


def parse_time_control(text: str | None) -> tuple[str, float, float] | None:
    """``("live", base seconds, increment seconds)``, ``("days", days, 0)`` or None (none).

    Impossible values raise a 422 with words.
    """
    if text is None or text.strip() in ("", "none"):
        return None
    text = text.strip()
    live, days = _LIVE.fullmatch(text), _DAYS.fullmatch(text)
    if live is not None:
        base, increment = int(live.group(1)), int(live.group(2))
        if base > 180 or increment > 60:
            raise ApiError(422, "a live clock is at most 180 minutes plus 60 seconds a turn")
        if base == 0 and increment == 0:
            raise ApiError(422, "a live clock of 0+0 would end at once: give minutes or seconds")
        if base == 0 and increment < 3:
            raise ApiError(422, "with 0 minutes, give at least 3 seconds a turn")
        return ("live", base * 60.0, float(increment))
    if days is not None:
        n = int(days.group(1))
        if not 1 <= n <= MAX_DAYS:
            raise ApiError(
                422,
                "correspondence is 1 to {max_days} days per move, not {n}",
                max_days=MAX_DAYS,
                n=n,
            )
        return ("days", float(n), 0.0)
    raise ApiError(
        422,
        "unknown time control {text}: write minutes+seconds (5+3), days per move (3d), or none",
        text=repr(text),
    )


def check_options(game_id: str, options: dict[str, Any]) -> dict[str, str]:
    """The options as stored, checked by the game's own parsing (unknown ones: 422)."""
    try:
        games.REGISTRY.from_mapping(game_id, options)
    except ShoalError as error:
        raise ApiError(422, str(error)) from None
    return {k: str(v) for k, v in options.items()}


@dataclasses.dataclass(frozen=True)
class Side:
    """One of the two players of an agreed game: the name shown, the account if any, and
    ``computer``: the level when the side is one of the server's own ``shoal-LEVEL`` bots,
    whose seat the server's computer plays."""

    name: str
    account: int | None
    computer: str | None = None


@dataclasses.dataclass(frozen=True)
class Started:
    """A game started: its data, the creator's seat, each side's seat token (None for a side
    the computer plays)."""

    data: GameData
    seat: int
    token: str | None
    other_token: str | None


@dataclasses.dataclass(frozen=True)
class Agreement:
    """A game two sides agreed on (:func:`start_game`'s words)."""

    game: str
    options: dict[str, Any]
    colour: str
    time_control: str | None
    rated: bool
    creator: Side
    other: Side
    claim: Callable[[str, str], Claim] | None = None
    event: int | None = None
    first_move: float | None = None


async def start_game(
    manager: GameManager,
    correspondence: Correspondence,
    *,
    game: str,
    options: dict[str, Any],
    colour: str,
    time_control: str | None,
    rated: bool,
    creator: Side,
    other: Side,
    claim: Callable[[str, str], Claim] | None = None,
    event: int | None = None,
    first_move: float | None = None,
) -> Started:
    """A new online game between ``creator`` and ``other``.

    ``colour`` is the creator's: ``first``, ``second`` or ``random``. A side with a
    ``computer`` level is played by the server's computer: with one such side the game is a
    game against the computer (held by both accounts); with two (a tournament's pairing of
    two bots) it has no seat token, and the computer plays both seats
    (:meth:`Computer.duel <.background.Computer.duel>`).
    ``claim(game_id, creator_token)``: the agreement the game comes from (a seek taken, a
    challenge accepted), written in the one transaction that stores the game and its
    correspondence clock, so that a crash or a cut leaves all or nothing;
    :class:`~shoal.server.games.models.ClaimLostError` when it was too late.
    ``event``: the tournament whose pairing the game is (the game then counts).
    ``first_move``: the seconds each side has for its first turn in a live game (an event's:
    the no-show rule), stored in the clock with the start of the first side's wait
    (``since``, now), so that every process reads the same deadline
    (:meth:`LiveGame.first_move_deadline <.session.LiveGame.first_move_deadline>`).
    """
    agreed = Agreement(
        game, options, colour, time_control, rated, creator, other, claim, event, first_move
    )
    data, claims, started = await _prepare(correspondence, agreed)
    await manager.create(data, claims)
    return started


async def start_games(
    manager: GameManager, correspondence: Correspondence, agreed: Sequence[Agreement]
) -> list[Started | None]:
    """Several games at once, as :func:`start_game` starts each, stored in one transaction
    (an arena's pairing moment: 250 games); None for a game whose claim was lost (not
    stored; the others are)."""
    prepared = [await _prepare(correspondence, agreement) for agreement in agreed]
    entries = await manager.create_many([(data, claims) for data, claims, _ in prepared])
    return [None if entry is None else started for (*_, started), entry in zip(prepared, entries)]


async def _prepare(
    correspondence: Correspondence, agreed: Agreement
) -> tuple[GameData, list[Claim], Started]:
    """The new game's data, the claims of its transaction, and what its start answers."""
    seat = {"first": 0, "second": 1}.get(agreed.colour, secrets.randbelow(2))
    sides = {seat: agreed.creator, 1 - seat: agreed.other}
    tokens = {s: None if side.computer else new_token() for s, side in sides.items()}
    accounts = [sides[0].account, sides[1].account]
    control = parse_time_control(agreed.time_control)
    clock = fresh_clock(control[1], control[2]) if control and control[0] == "live" else None
    if clock is not None and agreed.first_move is not None:
        clock.update(first_move=float(agreed.first_move), since=time.time())
    computers = [s for s in (0, 1) if sides[s].computer is not None]
    against = computers[0] if len(computers) == 1 else None  # a game against the computer
    data = game_data(
        agreed.game,
        agreed.options,
        mode="computer" if against is not None else "friend",
        players=[sides[0].name, sides[1].name],
        token_hashes=[None if tokens[s] is None else hash_token(tokens[s] or "") for s in (0, 1)],
        level=None if against is None else sides[against].computer,
        computer_seat=against,
        clock=clock,
        accounts=accounts if any(a is not None for a in accounts) else None,
        time_control=agreed.time_control,
        rated=agreed.rated,
    )
    data.event = agreed.event
    claims = [] if agreed.claim is None else [agreed.claim(data.id, tokens[seat] or "")]
    if control is not None and control[0] == "days":  # the server keeps the deadlines
        first = await correspondence.first_deadline(LiveGame(data), int(control[1]))
        claims.append(ClockStore.clock_claim(first))
    return data, claims, Started(data, seat, tokens[seat], tokens[1 - seat])
