"""Starting an online game between two sides, written once: the lobby (a seek taken), a
challenge accepted and a tournament's pairing all call :func:`start_game`.

* :func:`parse_time_control`: ``"M+S"`` (a live clock: M minutes each, S seconds a turn),
  ``"Nd"`` (correspondence: N days per move, 1..14), or none.
* :func:`check_options`: a game's options, checked by the game's own option parsing (422).
* :func:`start_game`: a new online game between two sides (accounts or guests), seated by
  the creator's colour, through :func:`~.creation.game_data` like every game; the seek taken
  or the challenge accepted is written in the game's own transaction (with its
  correspondence clock), so a crash of the process (or the database going away) in the
  middle leaves both or neither.
"""

from __future__ import annotations

import dataclasses
import re
import secrets
from collections.abc import Callable
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

__all__ = ["Side", "check_options", "parse_time_control", "start_game"]

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
            raise ApiError(422, f"correspondence is 1 to {MAX_DAYS} days per move, not {n}")
        return ("days", float(n), 0.0)
    raise ApiError(
        422,
        f"unknown time control {text!r}: write minutes+seconds (5+3), days per move (3d), or none",
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
    """One of the two players of an agreed game: the name shown, the account if any."""

    name: str
    account: int | None


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
    computer: str | None = None,
    claim: Callable[[str, str], Claim] | None = None,
) -> tuple[GameData, str, str]:
    """A new online game; answers it, the creator's seat token and the other's.

    ``colour`` is the creator's: ``first``, ``second`` or ``random``. ``computer``: the
    level when ``other`` is one of the server's own ``shoal-LEVEL`` bots, whose seat the
    computer plays (the game is then a game against the computer, held by both accounts).
    ``claim(game_id, creator_token)``: the agreement the game comes from (a seek taken, a
    challenge accepted), written in the one transaction that stores the game and its
    correspondence clock, so that a crash or a cut leaves all or nothing;
    :class:`~shoal.server.games.models.ClaimLostError` when it was too late.
    """
    seat = {"first": 0, "second": 1}.get(colour, secrets.randbelow(2))
    tokens = {seat: new_token(), 1 - seat: new_token()}
    players = ["", ""]
    accounts: list[int | None] = [None, None]
    players[seat], players[1 - seat] = creator.name, other.name
    accounts[seat], accounts[1 - seat] = creator.account, other.account
    control = parse_time_control(time_control)
    clock = fresh_clock(control[1], control[2]) if control and control[0] == "live" else None
    hashes: list[str | None] = [hash_token(tokens[0]), hash_token(tokens[1])]
    if computer is not None:
        hashes[1 - seat] = None
    data = game_data(
        game,
        options,
        mode="friend" if computer is None else "computer",
        players=players,
        token_hashes=hashes,
        level=computer,
        computer_seat=None if computer is None else 1 - seat,
        clock=clock,
        accounts=accounts if any(a is not None for a in accounts) else None,
        time_control=time_control,
        rated=rated,
    )
    claims = [] if claim is None else [claim(data.id, tokens[seat])]
    if control is not None and control[0] == "days":  # the server keeps the deadlines
        first = await correspondence.first_deadline(LiveGame(data), int(control[1]))
        claims.append(ClockStore.clock_claim(first))
    await manager.create(data, claims)
    return data, tokens[seat], tokens[1 - seat]
