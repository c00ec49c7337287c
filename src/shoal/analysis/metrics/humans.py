"""Human data: the first player's score and the draw rate in a server's finished games,
by rating band and speed, with intervals, compared with the AI's figures.

The database is read through this small read-only query module (SELECT
statements only, on the tables ``shoal_games`` and ``shoal_rated_games`` by
name): the analysis layer never imports the server. A game counts when two
people played it (mode ``friend`` or ``local``; games against the computer are
left out) and it is over: its actions replayed through the registry reach an
end, or the server recorded one (resignation, time); aborted games do not count.

Bands: rated games fall in the band of their players' mean rating before the
game (``RATING_BAND`` points wide, e.g. ``1400-1599``); unrated games in
``unrated``. Speed: ``live`` for a game with a clock, ``correspondence`` without
(the server's own rule). ``all`` rows sum every band or every speed.

A row disagrees with an AI figure when the difference of the two rates exceeds
1.96 times the root of the sum of their squared standard errors (each taken as
its 95% interval's half-width / 1.96); a row is flagged when it disagrees with
every AI figure it is compared with (no level of the AI plays the game the way
these people do).
"""

from __future__ import annotations

import dataclasses
import logging
import math
from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from shoal import games
from shoal.analysis.stats import Z95
from shoal.core import Game, InvalidOptionError, Outcome

from .intervals import Interval, rate_interval
from .trace import first_mover

if TYPE_CHECKING:
    from sqlalchemy.engine import Engine

__all__ = [
    "RATING_BAND",
    "HumanGame",
    "disagree",
    "human_rates",
    "load_human_games",
]

LOG = logging.getLogger(__name__)

RATING_BAND = 200
"""Width of a rating band, in rating points."""

HUMAN_MODES = ("friend", "local")


@dataclasses.dataclass(frozen=True)
class HumanGame:
    """A finished game between people, as the rates need it."""

    game: str
    first_score: float
    draw: bool
    band: str
    speed: str


def band_of(ratings: Sequence[float] | None) -> str:
    """The band of the mean rating, or ``unrated``.

    >>> band_of([1480, 1530]), band_of(None)
    ('1400-1599', 'unrated')
    """
    if not ratings:
        return "unrated"
    mean = math.fsum(ratings) / len(ratings)
    low = int(mean // RATING_BAND) * RATING_BAND
    return f"{low}-{low + RATING_BAND - 1}"


def _replay(game: Game, seed: int | None, start: str | None, actions: Iterable[int]) -> Any:
    state = game.load(start) if start else game.initial(seed or 0)
    states = [state]
    for action in actions:
        state = state.apply(action)
        states.append(state)
    return states


def game_from_row(row: Mapping[str, Any], changes: Any) -> HumanGame | None:
    """A human game from a ``shoal_games`` row (and its rating changes), or None when the
    row does not count (a computer took a seat, not over, aborted, unreadable)."""
    if row["mode"] not in HUMAN_MODES or row["computer_seat"] is not None:
        return None
    ended = row["ended"]
    if isinstance(ended, dict) and ended.get("aborted"):
        return None
    try:
        game = games.REGISTRY.from_mapping(row["game"], dict(row["options"] or {}))
        states = _replay(game, row["seed"], row["start"], row["actions"] or [])
    except (ValueError, KeyError, TypeError) as error:
        LOG.warning("human data: a %s game cannot be replayed, left out: %s", row["game"], error)
        return None
    final = states[-1]
    outcome: Outcome | None = final.outcome
    if isinstance(ended, dict) and "winner" in ended:
        winner = ended["winner"]
    elif outcome is not None:
        winner = outcome.winner
    else:
        return None
    first_side, _seat = first_mover(states)
    sides = final.sides()
    if winner is None:
        score = 0.5
    else:
        score = 1.0 if sides[int(winner)] == first_side else 0.0
    ratings = None
    if isinstance(changes, list) and all(isinstance(c, dict) and "before" in c for c in changes):
        ratings = [float(c["before"]) for c in changes]
    return HumanGame(
        game=row["game"],
        first_score=score,
        draw=winner is None,
        band=band_of(ratings),
        speed="live" if row["clock"] is not None else "correspondence",
    )


def load_human_games(database: str | Engine, game_id: str) -> list[HumanGame]:
    """The finished human games of ``game_id`` in a database (read only).

    ``database`` is a SQLAlchemy URL (an engine is made and disposed of here) or an
    engine the caller owns (the server passes its own).
    """
    import sqlalchemy as sa

    if game_id not in games.ids(all=True):
        raise InvalidOptionError(f"unknown game {game_id!r}")
    engine = sa.create_engine(database) if isinstance(database, str) else database
    shown = database if isinstance(database, str) else "the database"
    meta = sa.MetaData()
    try:
        tables = {
            name: sa.Table(name, meta, autoload_with=engine)
            for name in ("shoal_games", "shoal_rated_games")
        }
        rows = tables["shoal_games"]
        rated = tables["shoal_rated_games"]
        query = (
            sa.select(
                rows.c.game,
                rows.c.options,
                rows.c.seed,
                rows.c.start,
                rows.c.mode,
                rows.c.computer_seat,
                rows.c.actions,
                rows.c.clock,
                rows.c.ended,
                rated.c.changes,
            )
            .select_from(rows.outerjoin(rated, rated.c.game_id == rows.c.id))
            .where(rows.c.game == game_id)
        )
        out: list[HumanGame] = []
        with engine.connect() as connection:
            for record in connection.execute(query).mappings():
                human = game_from_row(dict(record), record["changes"])
                if human is not None:
                    out.append(human)
        return out
    except sa.exc.NoSuchTableError as error:
        raise InvalidOptionError(f"{shown}: no shoal database there (no table {error})") from None
    except sa.exc.OperationalError as error:
        raise InvalidOptionError(f"{shown}: cannot read the database ({error.orig})") from None
    finally:
        if isinstance(database, str):
            engine.dispose()


def disagree(a: Interval, b: Interval) -> bool:
    """True when two 95% rate intervals differ significantly (two-proportion z-test).

    >>> disagree(rate_interval(80, 100), rate_interval(50, 100))
    True
    >>> disagree(rate_interval(55, 100), rate_interval(50, 100))
    False
    """
    se = math.hypot(a.half_width / Z95, b.half_width / Z95)
    return abs(a.value - b.value) > Z95 * se if se > 0 else a.value != b.value


def human_rates(
    humans: Sequence[HumanGame], references: Mapping[str, Interval] | None = None
) -> list[dict[str, Any]]:
    """Rows by (band, speed) with ``all`` totals: games, first player's score and draws
    with Wilson intervals, and the AI references each disagrees with."""
    groups: dict[tuple[str, str], list[HumanGame]] = {}
    for h in humans:
        for band in (h.band, "all"):
            for speed in (h.speed, "all"):
                groups.setdefault((band, speed), []).append(h)
    rows = []
    for (band, speed), group in sorted(groups.items(), key=lambda kv: (kv[0][0] == "all", kv[0])):
        first = rate_interval(math.fsum(h.first_score for h in group), len(group))
        draws = rate_interval(sum(1 for h in group if h.draw), len(group))
        against = sorted(name for name, ref in (references or {}).items() if disagree(first, ref))
        rows.append(
            {
                "band": band,
                "speed": speed,
                "games": len(group),
                "first": first.as_dict(),
                "draws": draws.as_dict(),
                "disagrees_with": against,
                "flagged": bool(references) and len(against) == len(references or {}),
            }
        )
    return rows


def ai_references(metrics_json: Mapping[str, Any]) -> dict[str, Interval]:
    """The AI's first-player figures in a metric report's JSON: its AdvantageP1 and each
    same-level pair of its skill curve, as ``{label: interval}``."""
    out: dict[str, Interval] = {}
    meta = metrics_json.get("meta", {})
    advantage = metrics_json.get("metrics", {}).get("AdvantageP1")
    if advantage:
        level = " v ".join(meta.get("players", [])) or "report"
        out[level] = _interval(advantage)
    for pair in (metrics_json.get("skill") or {}).get("pairs", []):
        a, b = pair["levels"]
        if a == b:
            out[f"{a} v {b}"] = _interval(pair["first"])
    return out


def _interval(data: Mapping[str, Any]) -> Interval:
    return Interval(
        float(data["value"]),
        float(data["low"]),
        float(data["high"]),
        int(data["n"]),
        str(data.get("method", "wilson")),
    )
