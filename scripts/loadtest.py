#!/usr/bin/env python3
"""Load test of one shoal server on 127.0.0.1: many concurrent games, humans and computer.

Each human game has two clients, the host and the guest, each with a WebSocket
open; the player to move POSTs a random legal action and the round trip is
timed until the *other* player's WebSocket shows the new version. Each computer
game has one client that moves and waits for the computer's reply on its
WebSocket (level ``beginner`` by default, to keep the CPU in bounds). A game
that ends is replaced by a new one, until ``--seconds`` have passed. With
``--think 0`` (the default) every player moves as soon as it may: the server
runs flat out and the round trip measures its queue; ``--think S`` gives the
players S seconds per move on average, a pace closer to people.

Usage (starts its own server on a fresh SQLite file unless ``--port`` names a
running one, which should run with ``--games-per-client 0``)::

    PYTHONPATH=src .venv/bin/python scripts/loadtest.py --games 200 --seconds 60

Each move asks for ``?answer=delta`` (what changed, as the web page does; ``--answer view``:
the whole view, as a client that does not ask). ``--via socket``: each move is a ``move``
message on the mover's game WebSocket, acked there (as the web page moves while its
socket is open), not a POST; ``--compare-via`` sets how REV's players move. Reports
actions per second, the server's CPU time per action (read from /proc), p50/p95/p99 of
the move round trip, the computer's reply times, and every error (the target is none).
Loopback only.

Side by side: ``--compare REV`` checks REV out into a temporary git worktree (the built
native fast paths copied in) and runs the same load against REV's server and this
tree's, one after the other, ``--rounds`` times each (alternating, REV first), then
prints both and the ratio::

    PYTHONPATH=src .venv/bin/python scripts/loadtest.py --games 50 --seconds 15 --compare main

``--profile FILE`` records the server with ``py-spy`` (a sampling profiler, when it is
installed: the dev extra has it) into FILE (with ``--compare``: ``FILE.old.N`` and
``FILE.new.N``), in py-spy's ``--profile-format`` (default speedscope; ``raw`` gives
collapsed stacks to sum with grep).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import functools
import gc
import json
import multiprocessing
import os
import random
import shutil
import signal
import socket
import ssl
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import orjson
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import WebSocketException

HOST = "127.0.0.1"
SRC = Path(__file__).resolve().parents[1] / "src"
WAIT = 60.0  # the longest wait for one update before it counts as an error
PING = 25.0  # seconds between a page's pings (web/net.js); no WebSocket pings, as browsers


POOLS = 16
"""HTTP clients of a load client process, its requests spread over them (:class:`Run`)."""

FREEZE_EVERY = 5.0
"""Seconds between two ``gc.freeze()`` of a client process (:func:`_freeze_often`)."""


async def _freeze_often() -> None:
    """Keep a client's garbage collector off the views it holds: every
    :data:`FREEZE_EVERY` seconds, what is alive is frozen out of the collector's reach.

    A client of 2,500 games holds 5,000 views (about half a gigabyte of dicts), and a full
    collection walks all it has not frozen while the client answers nothing (measured:
    ``client_full_collections`` in the report). Freezing skips only the collector's scans:
    an object no longer referenced is freed as before (a cycle among frozen objects is
    kept, a few for a run of minutes)."""
    while True:
        await asyncio.sleep(FREEZE_EVERY)
        gc.freeze()


def _time_full_collections(into: list[float]) -> Any:
    """Record in ``into`` how long each full collection of this process takes; returns
    the callback (to remove from ``gc.callbacks``)."""
    began = [0.0]

    def callback(phase: str, info: dict[str, Any]) -> None:
        if info.get("generation") != 2:
            return
        if phase == "start":
            began[0] = time.perf_counter()
        else:
            into.append(time.perf_counter() - began[0])

    gc.callbacks.append(callback)
    return callback


def _run_client(work: Any) -> Any:
    """Run a client's coroutine on uvloop where it is installed (uvicorn's, as the server),
    else asyncio's loop. With orjson for the messages, a client costs less CPU an action,
    so more of the machine is left to the server it measures (docs/server.md)."""
    try:
        import uvloop
    except ImportError:
        return asyncio.run(work)
    with asyncio.Runner(loop_factory=uvloop.new_event_loop) as runner:
        return runner.run(work)


@dataclass
class Stats:
    """What the run measured."""

    actions: int = 0
    human_actions: int = 0
    computer_actions: int = 0
    games_started: int = 0
    games_finished: int = 0
    round_trips: list[float] = field(default_factory=list)
    round_trips_at: list[float] = field(default_factory=list)
    """When each round trip ended, in seconds from the run's start."""
    actions_at: list[float] = field(default_factory=list)
    """When each action was seen done, in seconds from the run's start."""
    full_collections: list[float] = field(default_factory=list)
    """How long each full collection of a client's garbage collector held it, in seconds."""
    computer_replies: list[float] = field(default_factory=list)
    errors: Counter[str] = field(default_factory=Counter)
    seconds: float = 0.0
    ramp: float = 0.0
    """The seconds over which the games started (the steady state comes after)."""

    def merge(self, other: Stats) -> None:
        """Add another client process's figures to these."""
        for name in ("actions", "human_actions", "computer_actions", "games_started"):
            setattr(self, name, getattr(self, name) + getattr(other, name))
        self.games_finished += other.games_finished
        self.round_trips += other.round_trips
        self.round_trips_at += other.round_trips_at
        self.actions_at += other.actions_at
        self.computer_replies += other.computer_replies
        self.full_collections += other.full_collections
        self.errors.update(other.errors)
        self.seconds = max(self.seconds, other.seconds)

    def summary(self) -> dict[str, Any]:
        """The figures as a dict (milliseconds for times)."""

        def pct(values: list[float], p: float) -> float | None:
            if not values:
                return None
            ordered = sorted(values)
            return round(1000 * ordered[min(len(ordered) - 1, int(p / 100 * len(ordered)))], 1)

        steady = [rt for rt, at in zip(self.round_trips, self.round_trips_at) if at >= self.ramp]
        return {
            "seconds": round(self.seconds, 1),
            "actions": self.actions,
            "human_actions": self.human_actions,
            "computer_actions": self.computer_actions,
            "actions_per_second": round(self.actions / self.seconds, 1) if self.seconds else 0,
            "games_started": self.games_started,
            "games_finished": self.games_finished,
            "round_trip_ms": {
                "n": len(self.round_trips),
                "p50": pct(self.round_trips, 50),
                "p95": pct(self.round_trips, 95),
                "p99": pct(self.round_trips, 99),
                "max": pct(self.round_trips, 100),
                "mean": round(1000 * statistics.fmean(self.round_trips), 1)
                if self.round_trips
                else None,
            },
            "steady_round_trip_ms": {  # once every game had started (after the ramp)
                "n": len(steady),
                "p50": pct(steady, 50),
                "p95": pct(steady, 95),
                "p99": pct(steady, 99),
                "max": pct(steady, 100),
            },
            "computer_reply_ms": {
                "n": len(self.computer_replies),
                "p50": pct(self.computer_replies, 50),
                "p95": pct(self.computer_replies, 95),
                "p99": pct(self.computer_replies, 99),
            },
            "errors": dict(self.errors),
            "client_full_collections": {  # the clients' own pauses (docs/server.md)
                "n": len(self.full_collections),
                "total_s": round(sum(self.full_collections), 2),
                "max_ms": round(1000 * max(self.full_collections, default=0.0), 1),
            },
        }


class Watcher:
    """A client's WebSocket: the newest view, and waits for a version to arrive."""

    def __init__(self, ws: ClientConnection) -> None:
        self.ws = ws
        self.view: dict[str, Any] | None = None
        self.changed = asyncio.Event()
        self.moves: dict[int, asyncio.Future[dict[str, Any]]] = {}
        self.next_id = 0
        self.task = asyncio.create_task(self._read())
        self.pinger = asyncio.create_task(self._ping())

    async def _ping(self) -> None:
        """``ping`` every 25 s, as the web page does (web/net.js), from a random start."""
        await asyncio.sleep(random.uniform(0, PING))
        with contextlib.suppress(Exception):
            while True:
                await self.ws.send("ping")
                await asyncio.sleep(PING)

    async def _read(self) -> None:
        with contextlib.suppress(Exception):
            async for message in self.ws:
                data = orjson.loads(message)
                kind = data.get("type")
                if kind == "pong":
                    continue
                if kind == "view":
                    view = data["view"]
                    if self.view is None or view["version"] >= self.view["version"]:
                        self.view = view
                    self.changed.set()
                elif kind == "delta" and self.view is not None:
                    merged = apply_delta(self.view, data)
                    if merged is None:
                        raise ConnectionError("a delta that does not follow the view")
                    self.view = merged
                    self.changed.set()
                    if "ack" in data:  # a socket move's ack in the mover's delta (issue 39)
                        kind = "ack"
                        data = {"type": "ack", "id": data["ack"], "version": merged["version"]}
                if kind in ("ack", "error"):
                    waiting = self.moves.pop(data.get("id"), None)
                    if waiting is not None and not waiting.done():
                        waiting.set_result(data)
        for waiting in self.moves.values():
            if not waiting.done():
                waiting.set_exception(ConnectionError("the WebSocket closed"))

    async def move(self, version: int, action: int, token: str) -> int:
        """Play ``action`` on the socket (a ``move`` message); the new version once acked."""
        self.next_id += 1
        ident = self.next_id
        waiting = asyncio.get_running_loop().create_future()
        self.moves[ident] = waiting
        message = {"type": "move", "id": ident, "version": version, "action": action}
        try:
            await self.ws.send(json.dumps({**message, "token": token}))
            async with asyncio.timeout(WAIT):
                answer = await waiting
        finally:  # given up (a time-out): no answer is waited for any more
            self.moves.pop(ident, None)
        if answer["type"] != "ack":
            raise RuntimeError(f"socket move refused {answer.get('status')}: {answer['detail']}")
        return int(answer["version"])

    async def until(self, test: Any) -> dict[str, Any]:
        """The first view that passes ``test`` (TimeoutError after WAIT seconds)."""
        async with asyncio.timeout(WAIT):
            while True:
                if self.view is not None and test(self.view):
                    return self.view
                if self.task.done():
                    raise ConnectionError("the WebSocket closed")
                self.changed.clear()
                await self.changed.wait()

    async def close(self) -> None:
        self.pinger.cancel()
        await self.ws.close()
        self.task.cancel()
        for task in (self.task, self.pinger):
            with contextlib.suppress(BaseException):
                await task


def apply_delta(view: dict[str, Any], delta: dict[str, Any]) -> dict[str, Any] | None:
    """``view`` with a ``{"type": "delta"}`` message applied (the web client's rule), or None
    when the delta was made from another version than ``view``'s (an older delta: ``view``)."""
    changes = delta["set"]
    if (
        changes.get("version", delta["base"]) <= view["version"]
        and delta["base"] != view["version"]
    ):
        return view  # old news: this view is already newer
    if delta["base"] != view["version"]:
        return None
    merged = {**view, **changes}
    if "turns" in changes:
        merged["turns"] = [*view["turns"][: delta.get("turns_from", 0)], *changes["turns"]]
    if "svg_splice" in delta:  # the board: the old one's START characters, TEXT, END ones
        start, end, text = delta["svg_splice"]
        merged["svg"] = view["svg"][:start] + text + view["svg"][len(view["svg"]) - end :]
    return merged


class Run:
    """One load test against ``base`` (http://127.0.0.1:PORT)."""

    def __init__(
        self,
        base: str,
        game_ids: list[str],
        level: str,
        seed: int,
        think: float = 0.0,
        answer: str = "delta",
        via: str = "post",
        local: str | None = None,
        freeze: bool = True,
    ) -> None:
        self.base = base
        self.freeze = freeze
        """Freeze what the client holds every few seconds (:func:`_freeze_often`)."""
        self.local = local
        """The loopback address the client's connections start from (127.0.0.N: each client
        process its own, so that 20,000 connections do not exhaust one address's ports)."""
        self.answer = "" if answer == "view" else f"?answer={answer}"
        self.via = via
        self.ws_base = base.replace("http://", "ws://")
        self.game_ids = game_ids
        self.level = level
        self.think = think
        self.rng = random.Random(seed)
        self.stats = Stats()
        self.deadline = 0.0
        # One connection per request: on a loaded machine, a kept-alive connection idle for
        # uvicorn's 5 s keep-alive could be reused as the server closes it (a client-side
        # ReadError of a request never read), whatever the expiry here. Moves on the sockets
        # (--via socket) make no request at all. The limits go to the transport: a client
        # given its own transport leaves its limits unused (the clients from 127.0.0.N had
        # httpx's default pool of 100 connections, and at 10,000 games 5,600 requests
        # waited past the pool's time-out). The requests are spread over POOLS clients:
        # httpcore matches every waiting request against every connection of its pool.
        limits = httpx.Limits(max_connections=None, max_keepalive_connections=0)
        tls = ssl.create_default_context()  # made once: each pool's own cost a few ms
        self.pools = [
            httpx.AsyncClient(
                base_url=base,
                timeout=WAIT,
                trust_env=False,
                transport=httpx.AsyncHTTPTransport(verify=tls, limits=limits, local_address=local),
            )
            for _ in range(POOLS)
        ]
        self.posts = 0
        self.started = 0.0

    def _answered(self, view: dict[str, Any], answer: dict[str, Any]) -> dict[str, Any]:
        """The view after a change that answered ``answer``: a delta from ``view`` (with
        ``?answer=delta``), or the whole new view (a server that does not know it)."""
        if answer.get("type") != "delta":
            return answer
        merged = apply_delta(view, answer)
        if merged is None or merged is view:
            raise ConnectionError("an answer's delta that does not follow the view")
        return merged

    def _error(self, kind: str) -> None:
        self.stats.errors[kind] += 1

    async def _pause(self) -> None:
        """A player's thinking time before a move: ``think`` seconds on average (0: none)."""
        if self.think > 0:
            await asyncio.sleep(self.rng.uniform(0.5, 1.5) * self.think)

    async def _post(self, path: str, body: dict[str, Any], token: str | None = None) -> Any:
        headers = {"X-Shoal-Token": token} if token else {}
        self.posts += 1
        http = self.pools[self.posts % POOLS]
        response = await http.post(path, json=body, headers=headers)
        if response.status_code >= 400:
            raise RuntimeError(f"HTTP {response.status_code} on {path.split('/')[-1]}")
        return response.json()

    async def _watch(self, gid: str) -> Watcher:
        more: dict[str, Any] = {"local_addr": (self.local, 0)} if self.local else {}
        ws = await connect(
            f"{self.ws_base}/api/games/{gid}/ws?deltas=1",
            open_timeout=WAIT,
            ping_interval=None,  # a browser sends no WebSocket pings: the page's own, below
            **more,
        )
        return Watcher(ws)

    async def slot(self, kind: str, delay: float = 0.0) -> None:
        """Play games of ``kind`` ("human" or "computer") one after another until the deadline,
        the first after ``delay`` seconds (the ramp)."""
        await asyncio.sleep(delay)
        while time.monotonic() < self.deadline:
            game = self.rng.choice(self.game_ids)
            try:
                if kind == "human":
                    await self.human_game(game)
                else:
                    await self.computer_game(game)
            except (
                RuntimeError,
                ConnectionError,
                TimeoutError,
                httpx.HTTPError,
                OSError,
                WebSocketException,
            ) as e:
                self._error(f"{type(e).__name__}: {e}"[:80])
                await asyncio.sleep(0.5)

    async def human_game(self, game: str) -> None:
        made = await self._post("/api/games", {"game": game, "opponent": "friend", "seat": 0})
        self.stats.games_started += 1
        gid, tokens = made["id"], (made["token"], made["invite_token"])
        watchers = [await self._watch(gid), await self._watch(gid)]
        try:
            view = made["view"]
            while view["result"] is None and time.monotonic() < self.deadline:
                await self._pause()
                seat = view["to_move"]
                version = view["version"]
                choice = self.rng.choice(view["legal"])
                other = watchers[1 - seat]
                start = time.perf_counter()
                if self.via == "socket":  # on the mover's own socket: acked once stored
                    await watchers[seat].move(version, choice["action"], tokens[seat])
                else:
                    await self._post(
                        f"/api/games/{gid}/actions{self.answer}",
                        {"version": version, "action": choice["action"]},
                        tokens[seat],
                    )
                view = await other.until(lambda v, n=version + 1: v["version"] >= n)
                self.stats.round_trips.append(time.perf_counter() - start)
                self.stats.round_trips_at.append(time.monotonic() - self.started)
                self.stats.actions += 1
                self.stats.actions_at.append(time.monotonic() - self.started)
                self.stats.human_actions += 1
            if view["result"] is not None:
                self.stats.games_finished += 1
        finally:
            for watcher in watchers:
                await watcher.close()

    async def computer_game(self, game: str) -> None:
        body = {"game": game, "opponent": "computer", "level": self.level, "seat": 0}
        made = await self._post("/api/games", body)
        self.stats.games_started += 1
        gid, token = made["id"], made["token"]
        watcher = await self._watch(gid)
        try:
            view = made["view"]
            while view["result"] is None and time.monotonic() < self.deadline:
                await self._pause()
                version = view["version"]
                choice = self.rng.choice(view["legal"])
                posted = time.perf_counter()
                if self.via == "socket":  # the delta came on the socket before the ack
                    moved = await watcher.move(version, choice["action"], token)
                    view = await watcher.until(lambda v, n=moved: v["version"] >= n)
                else:
                    view = self._answered(
                        view,
                        await self._post(
                            f"/api/games/{gid}/actions{self.answer}",
                            {"version": version, "action": choice["action"]},
                            token,
                        ),
                    )
                self.stats.actions += 1
                self.stats.actions_at.append(time.monotonic() - self.started)
                self.stats.human_actions += 1
                if view["result"] is None and view["to_move"] != 0:
                    moved, ply = view["version"], view["ply"]
                    view = await watcher.until(
                        lambda v, n=moved: (
                            v["version"] > n and (v["result"] is not None or v["to_move"] == 0)
                        )
                    )
                    self.stats.computer_replies.append(time.perf_counter() - posted)
                    self.stats.actions += view["ply"] - ply
                    self.stats.actions_at += [time.monotonic() - self.started] * (view["ply"] - ply)
                    self.stats.computer_actions += view["ply"] - ply
            if view["result"] is not None:
                self.stats.games_finished += 1
        finally:
            await watcher.close()

    async def run(
        self,
        games: int,
        seconds: float,
        computer_share: float,
        ramp: float = 0.0,
        part: tuple[int, int] = (0, 1),
    ) -> Stats:
        """``games`` slots at once for ``seconds``, a share of them against the computer,
        their first games started evenly over the first ``ramp`` seconds; with ``part``
        ``(k, n)``, only the slots ``k``, ``k + n``, ... (client process ``k`` of ``n``)."""
        computer = round(games * computer_share)
        kinds = ["computer"] * computer + ["human"] * (games - computer)
        random.Random(0).shuffle(kinds)  # both kinds start all along the ramp
        start = self.started = time.monotonic()
        self.deadline = start + seconds
        self.stats.ramp = ramp
        mine = range(part[0], games, part[1])
        timer = _time_full_collections(self.stats.full_collections)
        freezer = asyncio.create_task(_freeze_often()) if self.freeze else None
        try:
            async with asyncio.timeout(seconds + 2 * WAIT):
                await asyncio.gather(*(self.slot(kinds[i], ramp * i / games) for i in mine))
        except TimeoutError:
            self._error("the run overran its time bound")
        finally:
            if freezer is not None:
                freezer.cancel()
            gc.callbacks.remove(timer)
            self.stats.seconds = time.monotonic() - start
            for http in self.pools:
                await http.aclose()
        return self.stats


def _client(
    queue: Any, part: tuple[int, int], base: str, options: dict[str, Any], plan: dict[str, Any]
) -> None:
    """A load-generating process: its part of the slots, from its own loopback address."""
    run = Run(base, **options, local=f"127.0.0.{2 + part[0]}")
    stats = _run_client(run.run(**plan, part=part))
    queue.put({**stats.__dict__, "errors": dict(stats.errors)})


def run_clients(
    base: str,
    options: dict[str, Any],
    plan: dict[str, Any],
    clients: int = 1,
    started: Any = None,
) -> Stats:
    """The load on ``base`` from ``clients`` processes (one: in this process); ``options``
    are :class:`Run`'s, ``plan`` :meth:`Run.run`'s; ``started(pids)`` is told the clients."""
    if clients <= 1:
        if started is not None:
            started([os.getpid()])
        return _run_client(Run(base, **options).run(**plan))
    forks = multiprocessing.get_context("fork")
    queue = forks.Queue()
    processes = []
    for k in range(clients):
        seeded = {**options, "seed": options["seed"] + k}
        process = forks.Process(target=_client, args=(queue, (k, clients), base, seeded, plan))
        process.start()
        processes.append(process)
    if started is not None:
        started([p.pid for p in processes if p.pid is not None])
    total = Stats(ramp=plan.get("ramp", 0.0))
    try:
        for _ in processes:
            part = queue.get(timeout=plan["seconds"] + plan.get("ramp", 0.0) + 4 * WAIT)
            part["errors"] = Counter(part["errors"])
            total.merge(Stats(**part))
    finally:
        for process in processes:
            process.join(timeout=30)
            if process.is_alive():
                process.kill()
    return total


def free_port() -> int:
    """A free port on 127.0.0.1."""
    with socket.socket() as s:
        s.bind((HOST, 0))
        return int(s.getsockname()[1])


def cpu_seconds(pid: int) -> float | None:
    """A process's CPU time so far, its live children's included (Linux /proc), or None.

    With ``--workers N`` the uvicorn workers are the server's children. PostgreSQL's
    own processes are not counted.
    """
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None
    total = (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            child = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(child[1]) == pid:
            total += (int(child[11]) + int(child[12])) / os.sysconf("SC_CLK_TCK")
    return total


@contextlib.contextmanager
def _profiled(pid: int, profile: Path | None, profile_format: str) -> Iterator[None]:
    """``py-spy record`` of the running process ``pid`` (and its workers) into ``profile``
    while the block runs (nothing when ``profile`` is None): the start-up is left out."""
    if profile is None:
        yield
        return
    py_spy = shutil.which("py-spy") or str(Path(sys.executable).with_name("py-spy"))
    spy = subprocess.Popen(
        [
            *(py_spy, "record", "--pid", str(pid), "--subprocesses"),
            *("--rate", "100", "--format", profile_format, "--output", str(profile)),
        ],
        stdout=sys.stderr,  # its words, not into the summary (--json)
    )
    try:
        yield
    finally:
        spy.send_signal(signal.SIGINT)  # py-spy writes its file when interrupted
        try:
            spy.wait(timeout=60)
        except subprocess.TimeoutExpired:
            spy.kill()
            spy.wait()


@contextlib.contextmanager
def own_server(
    searches: int = 2,
    log_level: str = "warning",
    database: str | None = None,
    workers: int = 1,
    src: Path = SRC,
    serve_args: Sequence[str] = (),
) -> Iterator[tuple[str, int]]:
    """A ``shoal serve`` process of the code in ``src`` on a free loopback port and
    ``database`` (default: a new SQLite file), with ``workers`` worker processes and
    ``serve_args`` besides."""
    port = free_port()
    with tempfile.TemporaryDirectory(prefix="shoal-load-") as tmp:
        database = database or f"sqlite:///{tmp}/load.sqlite3"
        env = dict(os.environ, PYTHONPATH=f"{src}{os.pathsep}{os.environ.get('PYTHONPATH', '')}")
        process = subprocess.Popen(
            [
                *(sys.executable, "-m", "shoal.cli", "serve", "--host", HOST, "--port", str(port)),
                *("--database", database, "--log-level", log_level),
                *("--games-per-client", "0", "--searches", str(searches)),
                *("--workers", str(workers), *serve_args),
            ],
            env=env,
        )
        base = f"http://{HOST}:{port}"
        try:
            deadline = time.monotonic() + 180  # a loaded machine starts it slowly
            while True:
                with contextlib.suppress(httpx.HTTPError):
                    if httpx.get(base + "/api/levels", timeout=2).status_code == 200:
                        break
                if process.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError("shoal serve did not start")
                time.sleep(0.1)
            yield base, process.pid
        finally:
            process.terminate()
            try:
                process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()


def load_test(
    games: int = 200,
    seconds: float = 30.0,
    port: int | None = None,
    *,
    game_ids: list[str] | None = None,
    computer_share: float = 0.25,
    level: str = "beginner",
    searches: int = 2,
    seed: int = 0,
    think: float = 0.0,
    database: str | None = None,
    workers: int = 1,
    src: Path = SRC,
    profile: Path | None = None,
    profile_format: str = "speedscope",
    warmup: float = 0.0,
    answer: str = "delta",
    via: str = "post",
    ramp: float = 0.0,
    clients: int = 1,
    socket_probe: int = 0,
    postgres_pid: int | None = None,
    freeze: bool = True,
    serve_args: Sequence[str] = (),
) -> dict[str, Any]:
    """Run the load test and answer its summary (see :meth:`Stats.summary`); ``src``: the
    code the own server runs; ``warmup``: seconds of load on the own server before the
    measured run (not counted); ``profile``: record the measured run with py-spy;
    ``answer``: what the moves ask back (``delta``, or the whole ``view``); ``via``: moves
    by ``post`` or on the game's ``socket``; ``ramp``: the games start over these first
    seconds; ``clients``: load-generating processes; ``socket_probe``: before the run, that
    many idle sockets measure the server's memory per socket (:mod:`loadwatch`);
    ``postgres_pid``: the database's postmaster, watched with the server."""
    if str(SRC.parent / "scripts") not in sys.path:  # loaded by file (tests/server/test_live.py)
        sys.path.insert(0, str(SRC.parent / "scripts"))
    import loadwatch

    if game_ids is None:
        sys.path.insert(0, str(SRC))
        from shoal import games as registry

        game_ids = list(registry.ids())
    options = {
        "game_ids": game_ids,
        "level": level,
        "seed": seed,
        "think": think,
        "answer": answer,
        "via": via,
        "freeze": freeze,
    }
    plan = {"games": games, "seconds": seconds, "computer_share": computer_share, "ramp": ramp}

    server_cpu: float | None = None
    extra: dict[str, Any] = {}
    if port is not None:
        stats = run_clients(f"http://{HOST}:{port}", options, plan, clients)
    else:
        with own_server(
            searches, database=database, workers=workers, src=src, serve_args=serve_args
        ) as (base, pid):
            if warmup > 0:  # every game's modules loaded, the first requests' costs paid
                warm = {**plan, "games": min(games, 2 * len(game_ids)), "seconds": warmup}
                run_clients(base, options, {**warm, "ramp": 0.0})
            if socket_probe > 0:
                probe = loadwatch.socket_memory(base, pid, socket_probe)
                extra["socket_memory"] = asyncio.run(probe)
            watch = loadwatch.Watch(pid, postgres_pid)
            with _profiled(pid, profile, profile_format), watch:
                before = cpu_seconds(pid)
                began = time.monotonic()

                def started(pids: list[int]) -> None:
                    watch.clients = pids

                stats = run_clients(base, options, plan, clients, started)
                after = cpu_seconds(pid)
            if before is not None and after is not None:
                server_cpu = round(after - before, 2)
            steady = watch.report(began + ramp)
            worst, use = loadwatch.verdict(steady, loadwatch.memory_available_mb())
            extra.update(resources=steady, saturates=worst, use=use)
    summary = stats.summary()
    summary.update(extra)
    summary["server_cpu_seconds"] = server_cpu
    summary["cpu_ms_per_action"] = (
        round(1000 * server_cpu / max(1, summary["actions"]), 2) if server_cpu is not None else None
    )
    if "resources" in summary:
        resources = summary["resources"]
        steady_actions = summary["steady_actions"] = _steady_actions(stats, ramp)
        summary["steady_cpu_ms_per_action"] = round(
            1000 * resources["server_cpu"] * resources["seconds"] / max(1, steady_actions), 2
        )
    summary.update(
        workers=workers,
        games=games,
        game_ids=game_ids,
        level=level,
        computer_share=computer_share,
        think=think,
        answer=answer,
        via=via,
        ramp=ramp,
        clients=clients,
    )
    return summary


def _steady_actions(stats: Stats, ramp: float) -> int:
    """The actions seen done after the ramp (the steady window)."""
    return sum(1 for at in stats.actions_at if at >= ramp)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=200, help="concurrent games (default 200)")
    parser.add_argument(
        "--seconds",
        type=float,
        default=None,
        help="duration (default 30 s, or the ramp and 60 s more)",
    )
    parser.add_argument("--port", type=int, help="a running server on 127.0.0.1 (default: own)")
    parser.add_argument(
        "--computer-share", type=float, default=0.25, help="share of games vs the computer"
    )
    parser.add_argument("--level", default="beginner", help="the computer's level")
    parser.add_argument("--game", action="append", help="game ids (default: every listed game)")
    parser.add_argument("--searches", type=int, default=2, help="--searches of the own server")
    parser.add_argument(
        "--think",
        type=float,
        default=0.0,
        help="a player's mean thinking time per move in seconds (default 0: flat out)",
    )
    parser.add_argument(
        "--database", metavar="URL", help="the own server's database (default: a new SQLite file)"
    )
    parser.add_argument(
        "--postgres",
        action="store_true",
        help="run the own server on a private PostgreSQL started for the run (tests/pg.py), "
        "reached through its Unix socket as docs/operations.md deploys it",
    )
    parser.add_argument(
        "--postgres-tcp",
        action="store_true",
        help="with --postgres: reach it over TCP on 127.0.0.1 instead",
    )
    parser.add_argument("--workers", type=int, default=1, help="--workers of the own server")
    parser.add_argument(
        "--serve-arg",
        action="append",
        default=[],
        metavar="ARG",
        help="an argument more for the own server's shoal serve (repeatable; one that starts "
        "with - goes after =: --serve-arg=--no-affinity)",
    )
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument(
        "--compare",
        metavar="REV",
        help="run REV's server (a git revision, in a temporary worktree) and this tree's, "
        "side by side",
    )
    parser.add_argument(
        "--rounds", type=int, default=1, help="with --compare: runs of each, alternating"
    )
    parser.add_argument(
        "--profile", metavar="FILE", type=Path, help="record the server(s) with py-spy"
    )
    parser.add_argument(
        "--warmup",
        type=float,
        default=3.0,
        help="seconds of load on the own server before measuring (default 3; not counted)",
    )
    parser.add_argument("--profile-format", default="speedscope", help="py-spy's --format")
    parser.add_argument(
        "--answer",
        choices=("delta", "view"),
        default="delta",
        help="what a move asks back: delta (?answer=delta, the default; a server that does "
        "not know it answers the view) or the whole view",
    )
    parser.add_argument(
        "--via",
        choices=("post", "socket"),
        default="post",
        help="how a player moves: post (POST .../actions, the default) or socket (a move "
        "message on the game's WebSocket, as the web page does while its socket is open)",
    )
    parser.add_argument(
        "--compare-via",
        choices=("post", "socket"),
        help="with --compare: how the players of REV's server move (default: as --via)",
    )
    parser.add_argument(
        "--ramp",
        type=float,
        default=None,
        help="start the games evenly over these first seconds (default: 60 s from 1,000 games "
        "on, else 0); the steady figures are those after it",
    )
    parser.add_argument(
        "--clients",
        type=int,
        default=None,
        help="load-generating processes, each from its own 127.0.0.N (default: one per "
        "2,500 games)",
    )
    parser.add_argument(
        "--socket-probe",
        type=int,
        default=1000,
        help="before the run, open this many idle game sockets and report the server's "
        "memory per socket (default 1000; 0: skip)",
    )
    parser.add_argument(
        "--no-freeze",
        action="store_true",
        help="leave the clients' garbage collector as it is (default: what a client holds is "
        "frozen every 5 s, out of its full collections' reach)",
    )
    parser.add_argument("--json", action="store_true", help="print the summary as JSON")
    args = parser.parse_args(argv)
    if args.ramp is None:
        args.ramp = 60.0 if args.games >= 1000 else 0.0
    if args.seconds is None:
        args.seconds = args.ramp + 60.0 if args.ramp else 30.0
    if args.clients is None:
        args.clients = max(1, -(-args.games // 2500))
    if not 1 <= args.clients <= 250:
        parser.error("--clients is 1 to 250 (each has its own address 127.0.0.2...)")
    args.postgres_pid = None
    if args.compare and (args.port or args.database):
        parser.error("--compare starts its own servers: no --port or --database")
    with contextlib.ExitStack() as stack:
        new_database: Any = lambda: args.database  # noqa: E731
        if args.postgres:
            sys.path.insert(0, str(SRC.parent))
            from tests.pg import PostgresServer, find_bin_dir

            bin_dir = find_bin_dir()
            if bin_dir is None:
                parser.error("--postgres: PostgreSQL is not installed (scripts/setup installs it)")
            server = PostgresServer(bin_dir).start()
            stack.callback(server.stop)
            new_database = functools.partial(server.new_database, unix=not args.postgres_tcp)
            args.database = "PostgreSQL"
            pid_file = server.data / "postmaster.pid"
            args.postgres_pid = int(pid_file.read_text().split()[0])
        if args.compare:
            return _compare(args, stack.enter_context(checkout(args.compare)), new_database)
        if args.postgres:
            args.database = new_database()
        return _report(args)


@contextlib.contextmanager
def checkout(rev: str) -> Iterator[Path]:
    """The ``src`` of git revision ``rev`` in a temporary worktree, with this tree's built
    native extensions copied in (the C sources are the same or the old code would run
    its pure-Python engines: say so)."""
    root = SRC.parent
    with tempfile.TemporaryDirectory(prefix="shoal-rev-") as tmp:
        where = Path(tmp) / "rev"
        subprocess.run(
            ["git", "-C", str(root), "worktree", "add", "-q", "--detach", str(where), rev],
            check=True,
        )
        try:
            for built in SRC.rglob("*.so"):
                target = where / "src" / built.relative_to(SRC)
                if target.parent.is_dir():
                    shutil.copy2(built, target)
            yield where / "src"
        finally:
            subprocess.run(
                ["git", "-C", str(root), "worktree", "remove", "--force", str(where)], check=False
            )


def _run_args(
    args: argparse.Namespace,
    database: str | None,
    src: Path,
    profile: Path | None = None,
    via: str | None = None,
) -> dict[str, Any]:
    summary = load_test(
        args.games,
        args.seconds,
        args.port,
        game_ids=args.game,
        computer_share=args.computer_share,
        level=args.level,
        searches=args.searches,
        seed=args.seed,
        think=args.think,
        database=database,
        workers=args.workers,
        src=src,
        profile=profile,
        profile_format=args.profile_format,
        warmup=args.warmup,
        answer=args.answer,
        via=via or args.via,
        ramp=args.ramp,
        clients=args.clients,
        socket_probe=args.socket_probe,
        freeze=not args.no_freeze,
        postgres_pid=args.postgres_pid,
        serve_args=args.serve_arg,
    )
    if args.postgres:
        summary["postgres_via"] = "tcp" if args.postgres_tcp else "unix"
    return summary


def _compare(args: argparse.Namespace, old_src: Path, new_database: Any) -> int:
    """REV's server and this tree's under the same load, alternating; both summaries."""
    rev = subprocess.run(
        ["git", "-C", str(SRC.parent), "rev-parse", "--short", args.compare],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    sides = {f"{args.compare} ({rev})": old_src, "this tree": SRC}
    runs: dict[str, list[dict[str, Any]]] = {label: [] for label in sides}
    for round_ in range(max(1, args.rounds)):
        for label, src in sides.items():
            load = os.getloadavg()[0]
            profile = None
            if args.profile is not None:  # FILE.old.1, FILE.new.1, ...
                side = "new" if src == SRC else "old"
                profile = args.profile.with_name(f"{args.profile.name}.{side}.{round_ + 1}")
            via = args.via if src == SRC else (args.compare_via or args.via)
            summary = _run_args(args, new_database(), src, profile, via)
            summary["load_before"], summary["load_after"] = load, os.getloadavg()[0]
            runs[label].append(summary)
    if args.json:
        print(json.dumps(runs, indent=2))
        return 1 if any(r["errors"] for rs in runs.values() for r in rs) else 0
    print(
        f"{args.games} games at once for {args.seconds} s, {args.workers} worker(s), "
        f"{args.database or 'SQLite'}, {args.computer_share:.0%} against the computer "
        f"({args.level}), thinking {args.think} s, moves answered with the {args.answer}, "
        f"moves by {args.compare_via or args.via} on {args.compare} and by {args.via} on "
        f"this tree; {args.rounds} round(s), alternating"
    )
    head = "server", "act/s", "CPU ms/act", "CPU s", "p50 ms", "p95 ms", "p99 ms", "load", "errors"
    print("{:<22}{:>8}{:>12}{:>8}{:>9}{:>9}{:>9}{:>12}  {}".format(*head))
    means: dict[str, dict[str, float]] = {}
    for label, summaries in runs.items():
        for s in summaries:
            rt = s["round_trip_ms"]
            print(
                "{:<22}{:>8}{:>12}{:>8}{:>9}{:>9}{:>9}{:>12}  {}".format(
                    label[:21],
                    *map(
                        str,
                        (
                            s["actions_per_second"],
                            s["cpu_ms_per_action"],
                            s["server_cpu_seconds"],
                            rt["p50"],
                            rt["p95"],
                            rt["p99"],
                        ),
                    ),
                    f"{s['load_before']:.1f}-{s['load_after']:.1f}",
                    s["errors"] or "none",
                )
            )
        cpu = sum(s["server_cpu_seconds"] or 0 for s in summaries)
        actions = sum(s["actions"] for s in summaries)
        seconds = sum(s["seconds"] for s in summaries)
        means[label] = {"cpu": 1000 * cpu / max(1, actions), "rate": actions / max(seconds, 1e-9)}
    old, new = (means[label] for label in sides)
    print(
        f"this tree against {args.compare}: {old['cpu'] / max(new['cpu'], 1e-9):.2f}x less CPU "
        f"per action ({old['cpu']:.2f} -> {new['cpu']:.2f} ms), "
        f"{new['rate'] / max(old['rate'], 1e-9):.2f}x the actions per second "
        f"({old['rate']:.1f} -> {new['rate']:.1f})"
    )
    return 1 if any(s["errors"] for rs in runs.values() for s in rs) else 0


def _report(args: argparse.Namespace) -> int:
    summary = _run_args(args, args.database, SRC, args.profile)
    if args.json:
        print(json.dumps(summary, indent=2))
    else:
        rt, cr = summary["round_trip_ms"], summary["computer_reply_ms"]
        print(f"games at once      {summary['games']} ({', '.join(summary['game_ids'])})")
        print(f"server             {summary['workers']} worker(s), {args.database or 'SQLite'}")
        print(
            f"mix                {summary['computer_share']:.0%} against the computer "
            f"({summary['level']}), thinking {summary['think']} s per move, "
            f"moves by {summary['via']}, answered with the {summary['answer']}"
        )
        print(f"duration           {summary['seconds']} s")
        print(
            f"actions            {summary['actions']} "
            f"({summary['human_actions']} by clients, {summary['computer_actions']} by computer)"
        )
        print(f"actions per second {summary['actions_per_second']}")
        if summary["server_cpu_seconds"] is not None:
            cpu = summary["server_cpu_seconds"]
            per = 1000 * cpu / max(1, summary["actions"])
            print(f"server CPU         {cpu} s ({per:.1f} ms per action, searches included)")
        print(
            f"move round trip    p50 {rt['p50']} ms, p95 {rt['p95']} ms, p99 {rt['p99']} ms, "
            f"max {rt['max']} ms (n={rt['n']})"
        )
        st = summary["steady_round_trip_ms"]
        print(
            f"  after the ramp   p50 {st['p50']} ms, p95 {st['p95']} ms, p99 {st['p99']} ms, "
            f"max {st['max']} ms (n={st['n']}; the games started over {summary['ramp']} s, "
            f"{summary['clients']} client process(es))"
        )
        print(
            f"computer reply     p50 {cr['p50']} ms, p95 {cr['p95']} ms, p99 {cr['p99']} ms "
            f"(the move until the reply is on the WebSocket, n={cr['n']})"
        )
        started, finished = summary["games_started"], summary["games_finished"]
        print(f"games              {started} started, {finished} finished")
        print(f"errors             {summary['errors'] or 'none'}")
        _print_resources(summary)
    return 1 if summary["errors"] else 0


def _print_resources(summary: dict[str, Any]) -> None:
    """The machine's side: memory per socket, CPU per action after the ramp, each
    process group's share of the cores, and the resource that runs out first."""
    probe = summary.get("socket_memory")
    if probe:
        print(
            f"memory per socket  {probe['kb_per_socket']} KB ({probe['sockets']} idle game "
            f"sockets: server {probe['server_memory_before_mb']} -> "
            f"{probe['server_memory_after_mb']} MB)"
        )
    res = summary.get("resources")
    if not res:
        return
    print(
        f"after the ramp     {res['seconds']} s, {summary['steady_actions']} actions, server CPU "
        f"{summary['steady_cpu_ms_per_action']} ms per action"
    )
    workers = ", ".join(f"{v:.0%}" for v in res["worker_cpu"].values())
    print(
        f"cores in use       server {res['server_cpu']:.2f} (workers {workers} of a core "
        f"each), PostgreSQL {res['postgres_cpu']:.2f}, load clients {res['client_cpu']:.2f}; "
        f"machine {res['machine_busy']:.0%} busy of {res['cores']} cores, load average "
        f"{res['load_average'][0]} to {res['load_average'][1]}"
    )
    fds = ", ".join(f"{res['peak_fds'][n]}/{res['fd_limits'][n]}" for n in res["peak_fds"])
    print(
        f"memory, fds        server {res['server_memory_mb']} MB at its peak, PostgreSQL "
        f"{res['postgres_memory_mb']} MB; open fds/limit per process: {fds}"
    )
    use = ", ".join(f"{k} {v:.0%}" for k, v in summary["use"].items())
    print(f"saturates first    {summary['saturates']} ({use})")


if __name__ == "__main__":
    sys.exit(main())
