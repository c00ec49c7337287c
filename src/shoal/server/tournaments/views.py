"""What clients see of an event: the list's lines and ``GET /api/tournaments/{id}``."""

from __future__ import annotations

import datetime
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from shoal.pairing.records import Game
from shoal.pairing.standings import standings

from ..accounts.models import User
from .store import Entrant, Pairing, Tournament, TournamentStore

__all__ = ["Parts", "event_parts", "event_view", "games_of", "ranking", "scored_byes", "summary"]


def ranking(entrants: list[Entrant]) -> list[str]:
    """The entrants' names, best seed first (rating, then who joined first)."""
    ordered = sorted(entrants, key=lambda e: (-e.seed, e.joined, e.user_id))
    return [e.name for e in ordered]


def games_of(pairings: list[Pairing]) -> list[Game]:
    """The pairings as the standings read them."""
    return [
        Game(p.round, p.first, p.second, p.result, p.forfeit, finished_at=p.finished or 0.0)  # type: ignore[arg-type]
        for p in pairings
    ]


def scored_byes(fmt: str, byes: dict[int, tuple[str | None, float]]) -> list[str]:
    """The byes that score: a Swiss's (a point each); a round robin's byes are rests."""
    return [b for b, _ in byes.values() if b] if fmt == "swiss" else []


def _iso(when: datetime.datetime | None) -> str | None:
    return None if when is None else when.isoformat() + "Z"


def summary(event: Tournament) -> dict[str, Any]:
    """An event as the list shows it."""
    return {
        "id": event.id,
        "name": event.name,
        "game": event.game,
        "options": event.options,
        "format": event.format,
        "rounds_planned": event.rounds if event.format == "swiss" else None,
        "minutes": event.rounds / 60 if event.format == "arena" else None,
        "clock": event.clock,
        "rated": event.rated,
        "starts": _iso(event.starts_at) or "when_full",
        "max_players": event.max_players,
        "min_rating": event.min_rating,
        "max_rating": event.max_rating,
        "invited": event.invited,
        "status": event.status,
        "round": event.round,
        "started": _iso(event.started),
        "ends": _iso(event.ends_at),
        "finished": _iso(event.finished),
    }


@dataclass(frozen=True)
class Parts:
    """An event's view in two parts: what every reader sees (``shared``), and what the
    reader's own keys (:data:`.deltas.READER_KEYS`) are made from."""

    shared: dict[str, Any]
    active: frozenset[int]
    """The accounts entered and not withdrawn."""
    creator: int | None
    open_games: tuple[tuple[str, str, str], ...]
    """Each game still on: its two players' names and its id, in the pairings' order."""

    def view(self, user: User | None) -> dict[str, Any]:
        """The view as ``user`` reads it (None: a reader signed out)."""
        return {**self.shared, **self.reader_keys(user)}

    def reader_keys(self, user: User | None) -> dict[str, Any]:
        """``joined``, ``your_game``, ``your_games`` and ``creator`` for ``user``."""
        mine: list[str] = []
        if user is not None:
            mine = [game for a, b, game in self.open_games if user.username in (a, b)]
        return {
            "joined": user is not None and user.id in self.active,
            "your_game": mine[0] if mine else None,
            "your_games": mine,
            "creator": user is not None and self.creator == user.id,
        }


def event_parts(
    store: TournamentStore,
    event: Tournament,
    bots: Callable[[list[int]], set[int]] = lambda ids: set(),
) -> Parts:
    """What ``GET /api/tournaments/{id}`` shows, read once for every reader (``bots``:
    which of some accounts are bots, marked as such: issue 61); a query: call it in a
    thread."""
    entrants = store.players(event.id)
    robots = bots([e.user_id for e in entrants])
    pairings = store.pairings(event.id)
    byes = store.rounds(event.id)
    names = ranking(entrants)
    table = standings(names, games_of(pairings), scored_byes(event.format, byes), event.format)
    rounds = [
        {
            "number": number,
            "pairings": [
                {
                    "players": [p.first, p.second],
                    "game": p.game_id,
                    "result": p.result,
                    "forfeit": p.forfeit,
                    "finished": p.finished,
                }
                for p in pairings
                if p.round == number
            ],
            "bye": bye,
            "paired": paired,
        }
        for number, (bye, paired) in byes.items()
    ]
    order = {name: i for i, name in enumerate(names)}
    shared = {
        **summary(event),
        "description": event.description,
        "players": [
            {
                "name": e.name,
                "withdrawn": e.withdrawn,
                "no_shows": e.no_shows,
                "bot": e.user_id in robots,
            }
            for e in sorted(entrants, key=lambda e: order[e.name])
        ],
        "rounds": rounds,
        "standings": [line.as_json() for line in table],
    }
    return Parts(
        shared,
        frozenset(e.user_id for e in entrants if not e.withdrawn),
        event.creator_id,
        tuple((p.first, p.second, p.game_id) for p in pairings if p.result is None and p.game_id),
    )


def event_view(
    store: TournamentStore,
    event: Tournament,
    user: User | None,
    bots: Callable[[list[int]], set[int]] = lambda ids: set(),
) -> dict[str, Any]:
    """The event as ``GET /api/tournaments/{id}`` shows it to ``user`` (the reader, if any)."""
    return event_parts(store, event, bots).view(user)
