"""A simulated event: the server's own pairers with random results, for outside checks.

Players are ``p1``..``pN`` (ranked in that order). Each game's result is drawn from a
seeded generator (a win for either side or a draw), so a seed gives the same event
every time. The answer is shaped like ``GET /api/tournaments/{id}``: ``rounds`` (each
with ``pairings`` [{``players``, ``game``, ``result``}] and ``bye``) and ``standings``.

Round robin: ``rounds`` (if given) plays only the first rounds of the schedule. Swiss:
``rounds`` rounds (default: enough for a winner, ceil(log2 N) + 1, at most N - 1).
Arena: ``rounds`` is the duration in simulated minutes (default 30); each game lasts a
random 1 to 5 minutes, and a player is paired again as soon as they are free; each
pairing moment is one entry of ``rounds``.

>>> event = simulate("swiss", 5, rounds=3, seed=1)
>>> len(event["rounds"]), sorted(s["player"] for s in event["standings"])
(3, ['p1', 'p2', 'p3', 'p4', 'p5'])
"""

from __future__ import annotations

import heapq
import math
import random
from typing import Any

from .arena import Waiting, pair_arena
from .records import FORMATS, Game, Result, Round, TournamentError
from .roundrobin import round_robin
from .standings import standings
from .swiss import SwissHistory, pair_swiss_round

__all__ = ["MAX_PLAYERS", "round_json", "simulate"]

MAX_PLAYERS = 256
"""The most players a simulated event takes."""


def _draw_result(rng: random.Random) -> Result:
    return rng.choice(("1-0", "0-1", "1/2-1/2"))


def round_json(rnd: Round, results: dict[tuple[str, str], str | None]) -> dict[str, Any]:
    """A round as the API shows it (``game`` is ``None``: no game was played)."""
    return {
        "number": rnd.number,
        "pairings": [
            {"players": list(p.players), "game": None, "result": results.get(p.players)}
            for p in rnd.pairings
        ],
        "bye": rnd.bye,
    }


def simulate(fmt: str, players: int, *, rounds: int | None = None, seed: int = 0) -> dict[str, Any]:
    """Simulate an event of ``players`` in format ``fmt`` (rules in the module's text)."""
    if fmt not in FORMATS:
        raise TournamentError(f"unknown format {fmt!r}: one of {', '.join(FORMATS)}")
    if not 2 <= players <= MAX_PLAYERS:
        raise TournamentError(f"--players must be between 2 and {MAX_PLAYERS}, not {players}")
    if rounds is not None and rounds < 1:
        raise TournamentError(f"--rounds must be at least 1, not {rounds}")
    rng = random.Random(seed)
    names = [f"p{i}" for i in range(1, players + 1)]
    if fmt == "arena":
        return _simulate_arena(names, 30 if rounds is None else rounds, rng)
    played: list[Round] = []
    games: list[Game] = []
    byes: list[str] = []
    if fmt in ("round_robin", "double_round_robin"):
        schedule = round_robin(names, double=fmt == "double_round_robin")
        if rounds is not None and rounds > len(schedule):
            raise TournamentError(f"this round robin has {len(schedule)} rounds, not {rounds}")
        schedule = schedule[: rounds or len(schedule)]
        for rnd in schedule:
            for p in rnd.pairings:
                games.append(Game(rnd.number, p.first, p.second, _draw_result(rng)))
            if rnd.bye:
                byes.append(rnd.bye)
            played.append(rnd)
    else:
        count = (
            rounds if rounds is not None else min(players - 1, math.ceil(math.log2(players)) + 1)
        )
        history = SwissHistory.empty(names)
        for number in range(1, count + 1):
            rnd = pair_swiss_round(number, names, history)
            outcome = {p.players: _draw_result(rng) for p in rnd.pairings}
            history.add_round(rnd, outcome)
            played.append(rnd)
        games, byes = history.games, history.byes
    return {
        "format": fmt,
        "players": names,
        "rounds": [_round_json_per_round(rnd, games) for rnd in played],
        "standings": [
            s.as_json() for s in standings(names, games, byes if fmt == "swiss" else [], fmt)
        ],
    }


def _round_json_per_round(rnd: Round, games: list[Game]) -> dict[str, Any]:
    mine = {g.players: g.result for g in games if g.round == rnd.number}
    return round_json(rnd, dict(mine))


def _simulate_arena(names: list[str], minutes: int, rng: random.Random) -> dict[str, Any]:
    free: dict[str, float] = dict.fromkeys(names, 0.0)
    last: dict[str, str | None] = dict.fromkeys(names)
    ending: list[tuple[float, int, str, str]] = []  # (end time, pairing moment, first, second)
    games: list[Game] = []
    moments: list[Round] = []
    now = 0.0
    while now < minutes:
        table = standings(names, games, [], "arena")
        rank = {line.player: i for i, line in enumerate(table)}
        pairings = pair_arena(
            [Waiting(p, since, rank[p], last[p]) for p, since in free.items()], now=now
        )
        if pairings:
            number = len(moments) + 1
            moments.append(Round(number, tuple(pairings)))
            for p in pairings:
                for player in p.players:
                    del free[player]
                length = rng.randint(1, 5)
                heapq.heappush(ending, (now + length, number, p.first, p.second))
        if not ending:
            break
        now = ending[0][0]
        while ending and ending[0][0] == now:
            _, number, first, second = heapq.heappop(ending)
            result = _draw_result(rng) if now <= minutes else None
            games.append(Game(number, first, second, result, finished_at=now))
            free[first] = free[second] = now
            last[first], last[second] = second, first
    for end, number, first, second in ending:  # games still on at the end do not count
        games.append(Game(number, first, second, None, finished_at=end))
    return {
        "format": "arena",
        "players": names,
        "rounds": [_round_json_per_round(rnd, games) for rnd in moments],
        "standings": [s.as_json() for s in standings(names, games, [], "arena")],
    }
