#!/usr/bin/env python3
"""Load test of events (issue 59): an arena of 500 or a Swiss of 200, played by Bot API programs.

Starts its own ``shoal serve`` (a fresh SQLite file), signs up ``--players`` accounts, marks
them bots and gives each an API token (what ``shoal admin bot`` and ``token`` do), and a
host account makes the event. Each player is a Bot API program in this process: it opens its event
stream, joins, and in each game it is given opens the game's stream and moves at once (a
random legal action, resigning now and then so results vary). The host reads the event
page's changes every two seconds, as the page does (``GET /api/tournaments/{id}/changes``).
At the end it prints (and with ``--json`` writes) what issue 59 asks:

* **free to paired**: for each game after the first of a player, the seconds between the
  player hearing its last game end (``gameFinish``) and hearing its next one start
  (``gameStart``); an arena's first games apart, from the last join (which starts it);
* **free to paired, the server's times**: the same waits as the server recorded them, the
  next game's round ``paired`` less the player's last game's ``finished`` (what the server
  took, without the programs' own delay in hearing of it on a shared machine); each wait
  over 2 s is listed with when it began (seconds after the start), whether a player the
  rules allowed was free meanwhile, and the longest stretch one was free together with it
  (where the free players are an odd number one waits: a stretch shorter than a run is
  no defect);
* **the steps of a wait**: from the end of a player's game (the server's ``finished``) to
  its next game's pairing (the round's ``paired``), to that game stored (its row's
  ``created``), to the player hearing of it (``gameStart``); the first games from the
  event's ``started``; and how late the programs' own event loop wakes (they share the
  machine);
* **rounds paired**: a Swiss round's pairing time after the last game of the round before
  ended (the server's own times: ``finished`` and ``paired``);
* **twice at once**: a player told of a game while it had one on (none expected);
* **largest change**: the largest answer of the page's reads after the first (the whole
  view's size beside it);
* **standings**: the final standings against :func:`shoal.pairing.standings.standings` run on
  the event's own results (a difference is listed).

    nice -n 19 .venv/bin/python scripts/load_events.py --format arena --players 500 --minutes 3
    nice -n 19 .venv/bin/python scripts/load_events.py --format swiss --players 200 --rounds 5

Loopback only; the server and the programs share the machine, so on a small one the
figures measure the machine as much as the server (say so with them).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import datetime
import itertools
import json
import random
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
from sqlalchemy import text as sql

sys.path.insert(0, str(Path(__file__).resolve().parent))
from loadtest import own_server

from shoal import games
from shoal.pairing.records import Game
from shoal.pairing.standings import standings
from shoal.server.accounts.store import AccountStore
from shoal.server.bots.service import new_api_token
from shoal.server.bots.store import BotStore
from shoal.server.games.store import Store
from shoal.server.tournaments.deltas import apply_delta

PASSWORD = "correct horse battery"


@dataclass
class Measures:
    """What the run saw."""

    waits: list[float] = field(default_factory=list)
    first_waits: list[float] = field(default_factory=list)
    twice: list[str] = field(default_factory=list)
    changes: list[int] = field(default_factory=list)
    whole: int = 0
    errors: list[str] = field(default_factory=list)
    moves: int = 0
    retries: int = 0
    games: int = 0
    heard: dict[str, float] = field(default_factory=dict)  # game id: when a player heard it start
    lags: list[float] = field(default_factory=list)  # how late the programs' loop woke


def _tokens(database: str, names: list[str]) -> dict[str, str]:
    """Mark the accounts ``names`` bots and give each an API token, as ``shoal admin bot``
    and ``shoal admin token`` do (their functions, on one connection)."""
    store = Store(database)
    try:
        accounts, bots = AccountStore(store.engine), BotStore(store.engine)
        out: dict[str, str] = {}
        for name in names:
            found = accounts.by_name(name)
            assert found is not None, name
            bots.mark(found[0].id)
            out[name] = new_api_token(bots, found[0].id)
        return out
    finally:
        store.close()


async def _signup(client: httpx.AsyncClient, name: str) -> httpx.Cookies:
    response = await client.post("/api/auth/signup", json={"username": name, "password": PASSWORD})
    response.raise_for_status()
    return response.cookies


class Program:
    """One player: a Bot API program that moves at once."""

    def __init__(self, name: str, token: str, client: httpx.AsyncClient, m: Measures) -> None:
        self.name, self.client, self.m = name, client, m
        self.headers = {"Authorization": f"Bearer {token}"}
        self.on: set[str] = set()
        self.freed: float | None = None  # when it heard its last game end
        self.rng = random.Random(name)
        self.tasks: set[asyncio.Task[None]] = set()

    async def events(self, started: asyncio.Event, arena_start: list[float]) -> None:
        """The event stream: each game started or finished."""
        async with self.client.stream(
            "GET", "/api/bot/stream/event", headers=self.headers, timeout=None
        ) as stream:
            started.set()
            async for line in stream.aiter_lines():
                if not line.strip():
                    continue
                message = json.loads(line)
                game = message.get("game", {})
                if message["type"] == "gameStart" and game["id"] not in self.on:
                    now = time.time()
                    if self.on:
                        self.m.twice.append(f"{self.name}: {game['id']} while {self.on}")
                    if self.freed is not None:
                        self.m.waits.append(now - self.freed)
                    elif arena_start[0]:  # an arena's first game: from its start
                        self.m.first_waits.append(now - arena_start[0])
                    self.on.add(game["id"])
                    self.m.heard[f"{self.name} {game['id']}"] = now
                    task = asyncio.create_task(self.play(game["id"]))
                    self.tasks.add(task)
                    task.add_done_callback(self.tasks.discard)
                elif message["type"] == "gameFinish":
                    self.on.discard(game["id"])
                    self.freed = time.time()

    async def _post(self, path: str) -> int:
        """POST ``path``; once more when the server closed the kept connection under it
        (a retried move answers 409 when the first got through)."""
        for attempt in range(3):
            try:
                return (await self.client.post(path, headers=self.headers)).status_code
            except (httpx.RemoteProtocolError, httpx.ReadError) as error:
                self.m.retries += 1
                if attempt == 2:
                    self.m.errors.append(f"{path}: {error!r}")
        return 0

    async def play(self, game_id: str) -> None:
        """Follow one game and move at once on each of our turns."""
        try:
            async with self.client.stream(
                "GET", f"/api/bot/game/stream/{game_id}", headers=self.headers, timeout=None
            ) as stream:
                state: Any = None
                seats: list[int] = []
                async for line in stream.aiter_lines():
                    if not line.strip():
                        continue
                    message = json.loads(line)
                    if message["type"] == "gameFull":
                        rules = games.get(message["game"], **(message.get("options") or {}))
                        start = message.get("start")
                        state = rules.load(start) if start else rules.initial(message["seed"] or 0)
                        seats = message["yourSeats"]
                        message = message["state"]
                        played = 0
                    moves = message.get("moves", [])
                    for text in moves[played:]:
                        state = state.apply_text(text)
                    played = len(moves)
                    if message.get("status") != "started" or message.get("turn") not in seats:
                        continue
                    if self.rng.random() < 0.03:
                        await self._post(f"/api/bot/game/{game_id}/resign")
                        continue
                    action = self.rng.choice(list(state.legal_actions()))
                    text = state.action_text(action)
                    status = await self._post(f"/api/bot/game/{game_id}/move/{text}")
                    self.m.moves += 1
                    if status not in (200, 409):  # 409: over, or not our turn
                        self.m.errors.append(f"{game_id} {text}: {status}")
        except httpx.HTTPError as error:
            self.m.errors.append(f"{game_id}: {error!r}")


async def _watch(
    client: httpx.AsyncClient, tid: int, cookies: httpx.Cookies, m: Measures, done: asyncio.Event
) -> dict[str, Any]:
    """The host's page: read the changes every 2 s; the last whole view at the end."""
    tag = ""
    view: dict[str, Any] = {}
    while not done.is_set():
        url = f"/api/tournaments/{tid}/changes" + (f"?base={tag}" if tag else "")
        try:
            response = await client.get(url, cookies=cookies)
        except httpx.TimeoutException:  # a starved server: read again
            m.errors.append(f"the page's read timed out ({url})")
            continue
        answer = response.json()
        if "view" in answer:
            view = answer["view"]
        else:
            m.changes.append(len(response.content))
            view = apply_delta(view, answer)
        tag = answer["tag"]
        if view["status"] == "finished":
            done.set()
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(done.wait(), 2.0)
    final = (await client.get(f"/api/tournaments/{tid}", cookies=cookies)).json()
    m.whole = len(json.dumps(final, separators=(",", ":")))
    return final


def _check_standings(view: dict[str, Any]) -> list[str]:
    """The event's standings against the pairing library's on the same results."""
    names = [p["name"] for p in view["players"]]
    played = [
        Game(r["number"], *p["players"], p["result"], p["forfeit"], finished_at=p["finished"] or 0)
        for r in view["rounds"]
        for p in r["pairings"]
    ]
    byes = [r["bye"] for r in view["rounds"] if r["bye"]] if view["format"] == "swiss" else []
    ours = [line.as_json() for line in standings(names, played, byes, view["format"])]
    theirs = view["standings"]
    norm = json.loads(json.dumps(ours))
    return [f"{a} != {b}" for a, b in zip(theirs, norm, strict=False) if a != b] + (
        [f"{len(theirs)} lines, expected {len(norm)}"] if len(theirs) != len(norm) else []
    )


def _rounds_paired(view: dict[str, Any]) -> list[float]:
    """A Swiss's seconds from the last game of a round ending to the next round's pairing."""
    out: list[float] = []
    rounds = view["rounds"]
    for before, after in itertools.pairwise(rounds):
        ends = [p["finished"] for p in before["pairings"] if p["finished"]]
        if ends:
            out.append(after["paired"] - max(ends))
    return out


def _epoch(stamp: str) -> float:
    """An ISO time of the server's (UTC) as epoch seconds."""
    when = datetime.datetime.fromisoformat(stamp.replace("Z", "+00:00"))
    return when.replace(tzinfo=when.tzinfo or datetime.UTC).timestamp()


def _arena_waits(view: dict[str, Any]) -> tuple[list[float], list[str]]:
    """An arena's seconds from a player's game ending to their next pairing, in the server's
    own times (each pairing's round ``paired``, each game's ``finished``); and, for each wait
    over 2 s, whether a player the rules allowed (free, not the last opponent) was free in
    its first 2 s: a wait the pairer could have cut short, or one the rules imposed."""
    spans: dict[str, list[tuple[float, float | None, str]]] = {}
    began = _epoch(view["started"]) if view.get("started") else None
    for r in view["rounds"]:
        for p in r["pairings"]:
            first, second = p["players"]
            spans.setdefault(first, []).append((r["paired"], p["finished"], second))
            spans.setdefault(second, []).append((r["paired"], p["finished"], first))
    free: dict[str, list[tuple[float, float, str]]] = {}  # a player's free spans, last opponent
    for name, times in spans.items():
        times.sort()
        for (_, end, opponent), (start, _, _) in itertools.pairwise(times):
            if end is not None:
                free.setdefault(name, []).append((end, start, opponent))
    waits: list[float] = []
    long: list[str] = []
    for name, spans_of in free.items():
        for end, start, opponent in spans_of:
            waits.append(start - end)
            if start - end <= 2.0:
                continue
            others = [
                other
                for other, theirs in free.items()
                if other not in (name, opponent)
                and any(a < end + 2.0 and b > end for a, b, _ in theirs)
            ]
            why = f"{len(others)} allowed players free meanwhile" if others else "none allowed"
            # the longest stretch one of them was free together with this player: where the
            # free count was odd the pairer leaves one waiting, so a short one is no defect
            together = max(
                (min(b, start) - max(a, end) for other in others for a, b, _ in free[other]),
                default=0.0,
            )
            if others:
                why += f", the longest together {together:.2f} s"
            at = f", {end - began:.1f} s after the start" if began is not None else ""
            long.append(f"{name}: {start - end:.2f} s ({why}{at})")
    return waits, long


def _overlaps(view: dict[str, Any]) -> list[str]:
    """Pairings of one player that overlap in the server's own times."""
    spans: dict[str, list[tuple[float, float]]] = {}
    for r in view["rounds"]:
        for p in r["pairings"]:
            for name in p["players"]:
                spans.setdefault(name, []).append((r["paired"], p["finished"] or 1e18))
    bad = []
    for name, times in spans.items():
        times.sort()
        for (_, end), (start, _) in itertools.pairwise(times):
            if start < end - 1e-6:
                bad.append(f"{name}: paired at {start:.3f} before a game ended at {end:.3f}")
    return bad


def _iso(text: str) -> datetime.datetime:
    return datetime.datetime.fromisoformat(text)


def _made(database: str) -> dict[str, float]:
    """Each game's ``created`` time in the store, in epoch seconds."""
    store = Store(database)
    try:
        with store.engine.connect() as connection:
            rows = connection.execute(sql("SELECT id, created FROM shoal_games")).all()
    finally:
        store.close()
    out: dict[str, float] = {}
    for gid, made in rows:  # SQLite answers text
        when = made if isinstance(made, datetime.datetime) else _iso(made)
        out[gid] = when.replace(tzinfo=datetime.UTC).timestamp()
    return out


def _arena_steps(
    view: dict[str, Any], made: dict[str, float], heard: dict[str, float]
) -> dict[str, list[float]]:
    """An arena player's wait from the end of their game to their next game, in its steps:
    the pairing (the round's ``paired``), the game stored (its row's ``created``), and the
    player told of it (``gameStart`` heard); and the two delays between, the server's
    making of the game and the program's hearing of it."""
    spans: dict[str, list[tuple[float, float | None, str | None]]] = {}
    for r in view["rounds"]:
        for p in r["pairings"]:
            for name in p["players"]:
                spans.setdefault(name, []).append((r["paired"], p["finished"], p["game"]))
    steps = ("paired", "stored", "heard", "making", "telling")
    out: dict[str, list[float]] = {step: [] for step in steps}
    began = datetime.datetime.fromisoformat(view["started"].replace("Z", "+00:00"))
    first: dict[str, list[float]] = {s: [] for s in ("first_paired", "first_stored", "first_heard")}
    for name, times in spans.items():
        times.sort()
        paired, _, game = times[0]
        if game is not None and game in made:
            start = began.replace(tzinfo=began.tzinfo or datetime.UTC).timestamp()
            first["first_paired"].append(paired - start)
            first["first_stored"].append(made[game] - start)
            if (told := heard.get(f"{name} {game}")) is not None:
                first["first_heard"].append(told - start)
        for (_, end, _), (paired, _, game) in itertools.pairwise(times):
            if end is None or game is None or game not in made:
                continue
            out["paired"].append(paired - end)
            out["stored"].append(made[game] - end)
            out["making"].append(made[game] - paired)
            told = heard.get(f"{name} {game}")
            if told is not None:
                out["heard"].append(told - end)
                out["telling"].append(told - made[game])
    return {**out, **first}


async def _lag(m: Measures, done: asyncio.Event) -> None:
    """How late the programs' event loop wakes from a 0.1-s sleep: their own delay."""
    while not done.is_set():
        began = time.perf_counter()
        await asyncio.sleep(0.1)
        m.lags.append(time.perf_counter() - began - 0.1)


def _summary(values: list[float]) -> dict[str, float]:
    if not values:
        return {"count": 0}
    ordered = sorted(values)
    return {
        "count": len(values),
        "p50": round(statistics.median(ordered), 3),
        "p95": round(ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))], 3),
        "max": round(ordered[-1], 3),
        "over_2s": sum(v > 2.0 for v in ordered),
    }


async def _run(args: argparse.Namespace, base: str, database: str) -> dict[str, Any]:
    m = Measures()
    # idle connections are dropped before the server drops them (its keep-alive timeout)
    limits = httpx.Limits(max_connections=None, max_keepalive_connections=None, keepalive_expiry=1)
    async with httpx.AsyncClient(base_url=base, timeout=60, limits=limits) as client:
        host = await _signup(client, "load-host")
        names = [f"load-{i:03d}" for i in range(args.players)]
        gate = asyncio.Semaphore(8)

        async def signup(name: str) -> None:
            async with gate:
                await _signup(client, name)

        await asyncio.gather(*(signup(name) for name in names))
        tokens = await asyncio.to_thread(_tokens, database, names)
        programs = [Program(name, tokens[name], client, m) for name in names]
        print(f"{len(programs)} programs signed up", file=sys.stderr)
        body: dict[str, Any] = {
            "name": f"load {args.format}",
            "game": args.game,
            "format": args.format,
            "clock": args.clock,
            "max_players": args.players,
            "starts": "when_full",
        }
        if args.format == "swiss":
            body["rounds"] = args.rounds
        else:
            body["minutes"] = args.minutes
        made = await client.post("/api/tournaments", json=body, cookies=host)
        made.raise_for_status()
        tid = made.json()["id"]
        arena_start = [0.0]
        ready = [asyncio.Event() for _ in programs]
        streams = [
            asyncio.create_task(p.events(ready[i], arena_start)) for i, p in enumerate(programs)
        ]
        await asyncio.gather(*(r.wait() for r in ready))
        for p in programs[:-1]:
            (
                await client.post(f"/api/tournaments/{tid}/join", headers=p.headers)
            ).raise_for_status()
        arena_start[0] = time.time()  # the last join starts the event (when_full)
        last = programs[-1]
        (await client.post(f"/api/tournaments/{tid}/join", headers=last.headers)).raise_for_status()
        done = asyncio.Event()
        lag = asyncio.create_task(_lag(m, done))
        final = await asyncio.wait_for(_watch(client, tid, host, m, done), args.limit)
        await lag
        running = [*streams, *(t for p in programs for t in p.tasks)]
        for task in running:
            task.cancel()
        await asyncio.gather(*running, return_exceptions=True)
    played = [p for r in final["rounds"] for p in r["pairings"]]
    arena = args.format == "arena"
    server_waits, long_waits = _arena_waits(final) if arena else ([], [])
    steps = _arena_steps(final, await asyncio.to_thread(_made, database), m.heard) if arena else {}
    return {
        "format": args.format,
        "players": args.players,
        "games": len(played),
        "moves": m.moves,
        "free_to_paired_s": _summary(m.waits) if arena else None,
        "first_game_s": _summary(m.first_waits) if arena else None,
        "free_to_paired_server_s": _summary(server_waits) if arena else None,
        "waits_over_2s_server": long_waits[:20] if arena else None,
        "wait_steps_s": {step: _summary(values) for step, values in steps.items()} or None,
        "programs_loop_lag_s": _summary(m.lags),
        "rounds_paired_s": _summary(_rounds_paired(final)) if args.format == "swiss" else None,
        "twice_at_once": m.twice[:10],
        "overlaps": _overlaps(final)[:10],
        "largest_change_bytes": max(m.changes, default=0),
        "changes_read": len(m.changes),
        "whole_view_bytes": m.whole,
        "standings_differences": _check_standings(final)[:10],
        "errors": m.errors[:10],
        "error_count": len(m.errors),
        "retried_requests": m.retries,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--format", choices=["arena", "swiss"], default="arena")
    parser.add_argument("--players", type=int, default=500)
    parser.add_argument("--minutes", type=float, default=3.0, help="an arena's length")
    parser.add_argument("--rounds", type=int, default=5, help="a Swiss's rounds")
    parser.add_argument("--clock", default="1+0")
    parser.add_argument("--game", default="connect4")
    parser.add_argument("--limit", type=float, default=1800.0, help="give up after (s)")
    parser.add_argument("--json", type=Path, help="also write the figures here")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="shoal-events-") as tmp:
        database = f"sqlite:///{tmp}/events.sqlite3"
        with own_server(database=database) as (base, _pid):
            result = asyncio.run(_run(args, base, database))
    text = json.dumps(result, indent=2)
    print(text)
    if args.json:
        args.json.write_text(text + "\n")
    bad = result["twice_at_once"] or result["overlaps"] or result["standings_differences"]
    return 1 if bad else 0


if __name__ == "__main__":
    raise SystemExit(main())
