"""What a clock means for a game: the seconds it leaves a turn, and the clocks refused (issue 59).

With 1+1 on Sytran's 271 cells, 15 of 18 games of an event ended on time: a game lasts
about 93 turns, so each side had 60 s + 47 s for 47 turns, barely 2 s a turn of several
stones. :data:`TYPICAL_TURNS` is a game's length in turns (both sides together; a turn
is one side's whole move, several atomic actions in Sytran and SFIRS), the median of the
first 150 games of its opening book (club-level self-play on the default board, counted
by replaying ``src/shoal/games/GAME/book.jsonl.gz``; Connect Four has no book: its
42 cells give at most 42 turns, 36 is taken). The other boards of a game are taken to
last as long (an estimate: the books are of the default board).

A live clock ``M+S`` gives a side ``60 M + S t`` seconds for its ``t`` turns, ``t`` half the
typical length (rounded up); under :data:`MIN_SECONDS_A_TURN` a turn on average the clock
is refused, with the figures and a clock that works.

>>> seconds_a_turn("sytran", ("live", 60.0, 1.0))
2.28
>>> seconds_a_turn("connect4", ("live", 60.0, 0.0))
3.33
"""

from __future__ import annotations

import math
from typing import Any

from shoal import games
from shoal.core import UnknownGameError
from shoal.i18n import N_, Number, Text

from ..errors import ApiError

__all__ = ["MIN_SECONDS_A_TURN", "TYPICAL_TURNS", "advice", "check_pace", "seconds_a_turn"]

TYPICAL_TURNS: dict[str, int] = {
    "syrtis": 65,
    "sirtet": 21,
    "sytran": 93,
    "cyclix": 70,
    "sfirs": 53,
    "connect4": 36,
}
"""A game's typical length in turns of both sides (the module's text says how measured)."""

MIN_SECONDS_A_TURN = 3.0
"""The fewest seconds a turn, on average over a typical game, a live event clock may leave."""


def _turns_each(game: str) -> int:
    return math.ceil(TYPICAL_TURNS.get(game, 60) / 2)


def seconds_a_turn(game: str, control: tuple[str, float, float] | None) -> float | None:
    """A side's average seconds a turn over a typical game (None: no clock or by days)."""
    if control is None or control[0] != "live":
        return None
    turns = _turns_each(game)
    return round((control[1] + control[2] * turns) / turns, 2)


def advice(game: str, control: tuple[str, float, float] | None, language: str = "en") -> str:
    """What the clock means for ``game``, in words (in ``language``)."""
    turns = _turns_each(game)
    if control is None:
        return Text(N_("No clock: a game lasts about {turns} turns a side."), {"turns": turns}).say(
            language
        )
    if control[0] == "days":
        days = Number(control[1])
        return Text(
            N_(
                "{days} days a turn: a game lasts about {turns} turns a side, so weeks or months "
                "by correspondence."
            ),
            {"days": days, "turns": turns},
        ).say(language)
    return Text(
        N_(
            "A game lasts about {turns} turns a side: about {each} s a turn, up to {minutes} min "
            "a side."
        ),
        _live(game, control),
    ).say(language)


def _live(game: str, control: tuple[str, float, float]) -> dict[str, Any]:
    turns = _turns_each(game)
    each = seconds_a_turn(game, control) or 0.0
    minutes = (control[1] + control[2] * turns) / 60
    return {"turns": turns, "each": Number(each), "minutes": format(minutes, ".0f")}


def _title(game: str) -> str:
    """The game's title as the pages show it (``Sytran``; the id where unknown)."""
    try:
        return games.REGISTRY.entry(game).title
    except UnknownGameError:
        return game


def check_pace(game: str, control: tuple[str, float, float] | None) -> None:
    """Refuse (422, with the figures) a live clock too fast for a typical game of ``game``."""
    each = seconds_a_turn(game, control)
    if each is None or each >= MIN_SECONDS_A_TURN:
        return
    base = math.ceil(MIN_SECONDS_A_TURN * _turns_each(game) / 60)
    assert control is not None  # (a live clock: it has seconds a turn)
    raise ApiError(
        422,
        "this clock is too fast for {title}: a game lasts about {turns} turns a side: about "
        "{each} s a turn, up to {minutes} min a side; give at least {least} s a turn "
        "(e.g. {base}+0 or 1+{seconds})",
        title=_title(game),
        least=format(MIN_SECONDS_A_TURN, "g"),
        base=base,
        seconds=math.ceil(MIN_SECONDS_A_TURN),
        **_live(game, control),
    )
