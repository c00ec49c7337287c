"""A new event's form checked (``POST /api/tournaments``): the fields it is stored with.

Every field is refused with words (422) when wrong: the game and its options, the format,
the clock for that game (:mod:`.clocks`), the size for the format, a Swiss's rounds, an
arena's minutes, the start (an ISO time or ``when_full``) and the entry conditions.
"""

from __future__ import annotations

import datetime
from typing import Any

from shoal.pairing import records
from shoal.pairing.records import FORMATS

from ..errors import ApiError
from ..games.start import check_options
from .clocks import event_clock

__all__ = ["MAX_ARENA_MINUTES", "MAX_SWISS_ROUNDS", "new_event"]

MAX_SWISS_ROUNDS = 20
MAX_ARENA_MINUTES = 24 * 60


def new_event(creator_id: int, body: dict[str, Any]) -> dict[str, Any]:
    """The fields of the event ``body`` asks for, checked (``TournamentStore.create``'s
    keywords)."""
    fmt = body["format"]
    if fmt not in FORMATS:
        raise ApiError(
            422,
            "unknown format {fmt}: one of {choices}",
            fmt=repr(fmt),
            choices=", ".join(FORMATS),
        )
    options = check_options(body["game"], body.get("options") or {})
    event_clock(body["game"], body.get("clock"), fmt)  # 422 with words when wrong
    max_players = int(body.get("max_players") or 16)
    try:
        records.check_max_players(fmt, max_players)
    except records.TournamentError as error:
        raise ApiError(422, str(error)) from None
    rounds = body.get("rounds")
    if fmt == "swiss":
        if rounds is None or not 1 <= int(rounds) <= MAX_SWISS_ROUNDS:
            raise ApiError(
                422,
                "a Swiss needs rounds, 1 to {max_swiss_rounds}",
                max_swiss_rounds=MAX_SWISS_ROUNDS,
            )
        rounds = int(rounds)
    elif fmt == "arena":  # its length, kept in seconds
        minutes = float(body.get("minutes") or 30)
        if not 0.25 <= minutes <= MAX_ARENA_MINUTES:
            raise ApiError(
                422,
                "an arena lasts 0.25 to {max_arena_minutes} minutes",
                max_arena_minutes=MAX_ARENA_MINUTES,
            )
        rounds = round(minutes * 60)
    else:
        rounds = 0  # a round robin's rounds follow from its players
    starts = body.get("starts") or "when_full"
    starts_at: datetime.datetime | None = None
    if starts != "when_full":
        try:
            parsed = datetime.datetime.fromisoformat(str(starts).replace("Z", "+00:00"))
        except ValueError:
            raise ApiError(
                422,
                "starts is an ISO time (2030-01-31T18:00Z) or when_full, not {starts}",
                starts=repr(starts),
            ) from None
        if parsed.tzinfo is not None:
            parsed = parsed.astimezone(datetime.UTC).replace(tzinfo=None)
        starts_at = parsed
    low, high = body.get("min_rating"), body.get("max_rating")
    if low is not None and high is not None and low > high:
        raise ApiError(422, "min_rating {low} is above max_rating {high}", low=low, high=high)
    invited = body.get("invited")
    if invited is not None:
        invited = sorted({str(n).strip() for n in invited if str(n).strip()})
    name = str(body.get("name") or "").strip() or f"{body['game']} {fmt.replace('_', ' ')}"
    return dict(
        name=name[:80],
        description=str(body.get("description") or "")[:2000],
        game=body["game"],
        options=options,
        format=fmt,
        rounds=rounds,
        clock=str(body.get("clock")),
        rated=bool(body.get("rated", False)),
        starts_at=starts_at,
        max_players=max_players,
        min_rating=low,
        max_rating=high,
        invited=invited or None,
        creator_id=creator_id,
    )
