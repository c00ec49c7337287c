"""An event's clock: parsed, live for an arena, and not too fast for its game (issue 59)."""

from __future__ import annotations

from ..errors import ApiError
from ..games.pace import check_pace
from ..games.start import parse_time_control

__all__ = ["event_clock", "parse_time_control_or_none"]


def event_clock(game: str, text: str | None, fmt: str) -> tuple[str, float, float]:
    """The event's clock from ``text`` (422 with words: none, days for an arena, too fast
    for a typical game of ``game``: :mod:`..games.pace`)."""
    control = parse_time_control(text)
    if control is None:
        raise ApiError(422, "give a clock: minutes+seconds (5+3) or days per move (3d)")
    if fmt == "arena" and control[0] != "live":
        raise ApiError(422, "an arena is played live: give minutes+seconds, not days")
    check_pace(game, control)
    return control


def parse_time_control_or_none(text: str) -> tuple[str, float, float] | None:
    """The clock of ``text``, or None where it is none or not a clock."""
    try:
        return parse_time_control(text)
    except ApiError:
        return None
