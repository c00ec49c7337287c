"""``shoal bot``: a program that speaks ``shoal engine``'s protocol plays on a server.

It reads the bot's event stream (``/api/bot/stream/event``), accepts the
challenges it brings, and for each game that
starts it follows the game stream, and on each of its turns sets the engine to
the game (``new GAME options seed=N`` or ``load GAME options POSITION``, then ``play``
for every action so far), asks ``genmove`` and POSTs the actions it answers. A
dropped stream is opened again (waiting 1, 2, 4 ... up to 30 s); a wrong token
ends it with the server's words; an engine that stops ends it with a message
saying which command it was answering. See docs/bots.md.
"""

from __future__ import annotations

import argparse
import json
import queue
import sys
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Iterator
from typing import Any

from shoal.engine.process import EngineCrashed, EngineProcess, EngineRefused

__all__ = ["BotClient", "add_parser", "setup_command"]

DROPPED = (urllib.error.URLError, OSError, TimeoutError, ValueError)
"""What a dropped connection (or a half line) raises while reading a stream."""


class Refused(Exception):
    """The server answered 4xx: its words are the message; ``status`` its code."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status


def _words(error: urllib.error.HTTPError) -> str:
    try:
        return str(json.loads(error.read().decode()).get("detail", error.reason))
    except (ValueError, AttributeError, OSError):
        return str(error.reason)


class BotClient:
    """A bot's connection to ``server`` with ``token``, playing with ``engine``."""

    def __init__(
        self,
        server: str,
        token: str,
        engine: EngineProcess,
        *,
        genmove: str = "",
        games: int = 0,
        timeout: float = 30.0,
        log: Any = None,
        seeks: frozenset[str] | None = None,
        poll: float = 1.0,
    ) -> None:
        self.server = server.rstrip("/")
        self.token = token
        self.engine = engine
        self.genmove = ("genmove " + genmove).strip()
        self.max_games = games
        self.timeout = timeout
        self.log = log or (lambda text: print(text, flush=True))
        self.done: queue.Queue[str | None] = queue.Queue()
        self.playing: set[str] = set()
        self.finished = 0
        self.guard = threading.Lock()
        self.seeks = seeks
        """Games whose open lobby seeks the bot takes (empty: every game; None: none)."""
        self.poll = poll

    # -- HTTP ---------------------------------------------------------------------
    def _request(self, path: str, method: str = "GET", body: Any = None) -> urllib.request.Request:
        headers = {"Authorization": f"Bearer {self.token}", "Accept": "application/json"}
        data = None
        if body is not None:
            data = json.dumps(body).encode()
            headers["Content-Type"] = "application/json"
        return urllib.request.Request(self.server + path, data, headers, method=method)

    def call(self, path: str, method: str = "GET", body: Any = None) -> Any:
        """The JSON answer of one request (4xx/5xx: :class:`Refused` with the server's words)."""
        request = self._request(path, method, body)
        try:
            with urllib.request.urlopen(request, timeout=self.timeout) as r:
                return json.loads(r.read().decode())
        except urllib.error.HTTPError as error:
            raise Refused(error.code, _words(error)) from None

    def stream(self, path: str) -> Iterator[dict[str, Any]]:
        """The messages of an ndjson stream (empty keep-alive lines skipped)."""
        try:
            response = urllib.request.urlopen(self._request(path), timeout=self.timeout)
        except urllib.error.HTTPError as error:
            raise Refused(error.code, _words(error)) from None
        with response:
            for line in iter(response.readline, b""):
                if line.strip():
                    yield json.loads(line)

    # -- running --------------------------------------------------------------------
    def run(self) -> int:
        """Play until ``games`` games are over (0: forever); the exit status."""
        try:
            account = self.call("/api/bot/account")
        except Refused as error:
            self.log(f"shoal bot: the server refused the token: {error}")
            return 1
        except DROPPED as error:
            self.log(f"shoal bot: cannot reach {self.server}: {error}")
            return 1
        self.log(f"shoal bot: playing as {account['username']} on {self.server}")
        threading.Thread(target=self._events, daemon=True).start()
        if self.seeks is not None:
            threading.Thread(target=self._take_seeks, daemon=True).start()
        problem = self.done.get()
        if problem is not None:
            self.log(f"shoal bot: {problem}")
            return 1
        return 0

    def _events(self) -> None:
        wait = 1.0
        while True:
            try:
                for event in self.stream("/api/bot/stream/event"):
                    wait = 1.0
                    game = event.get("game", {})
                    if event.get("type") == "gameStart":
                        self._start(str(game["id"]))
                    elif event.get("type") == "challenge":
                        self._accept(event["challenge"])
                    elif event.get("type") == "gameFinish":
                        self.log(f"game {game['id']} finished (winner: {game.get('winner')})")
                why = "the server closed it"
            except Refused as error:
                if error.status in (401, 403):
                    self.done.put(f"the server refused the token: {error}")
                    return
                why = str(error)
            except DROPPED as error:
                why = str(error) or type(error).__name__
            self.log(f"the event stream dropped ({why}): reconnecting in {wait:.0f} s")
            time.sleep(wait)
            wait = min(wait * 2, 30.0)

    def _take_seeks(self) -> None:
        """Take an open lobby seek of a wanted game whenever the bot plays no game."""
        while True:
            time.sleep(self.poll)
            with self.guard:
                busy = bool(self.playing)
            if busy:
                continue
            try:
                seeks = self.call("/api/seeks")
            except (Refused, *DROPPED):
                continue
            for seek in seeks:
                if self.seeks and seek.get("game") not in self.seeks:
                    continue
                try:
                    taken = self.call(f"/api/seeks/{int(seek['id'])}/accept", "POST", {})
                except Refused as error:  # taken by someone else first, or not for bots
                    self.log(f"could not take the seek of {seek.get('creator')}: {error}")
                    continue
                except DROPPED:
                    break
                self.log(f"took the seek of {seek.get('creator')} ({seek.get('game')})")
                self._start(str(taken["game"]))
                break

    def _accept(self, challenge: dict[str, Any]) -> None:
        who, game = challenge.get("challenger"), challenge.get("game")
        try:
            self.call(f"/api/bot/challenge/{int(challenge['id'])}/accept", "POST")
            self.log(f"accepted the challenge of {who} ({game})")
        except Refused as error:
            self.log(f"could not accept the challenge of {who}: {error}")

    def _start(self, game_id: str) -> None:
        with self.guard:
            if game_id in self.playing:
                return
            self.playing.add(game_id)
        self.log(f"game {game_id} started")
        threading.Thread(target=self._game, args=(game_id,), daemon=True).start()

    def _game(self, game_id: str) -> None:
        wait = 1.0
        try:
            while True:
                try:
                    if self._follow(game_id):
                        return
                    why = "the server closed it"
                except Refused as error:
                    self.log(f"game {game_id}: {error}")
                    if 400 <= error.status < 500:
                        return
                    why = str(error)
                except DROPPED as error:
                    why = str(error) or type(error).__name__
                self.log(f"game {game_id}: the stream dropped ({why}): again in {wait:.0f} s")
                time.sleep(wait)
                wait = min(wait * 2, 30.0)
        except EngineCrashed as error:
            self.done.put(str(error))
        finally:
            with self.guard:
                self.playing.discard(game_id)

    def _follow(self, game_id: str) -> bool:
        """Play the game from its stream; True once it is over."""
        full: dict[str, Any] = {}
        played = -1
        for message in self.stream(f"/api/bot/game/stream/{game_id}"):
            if message.get("type") == "gameFull":
                full, state = message, message["state"]
            else:
                state = message
            if state["status"] == "over":
                self._over(game_id, state)
                return True
            moves = state["moves"]
            if state["turn"] in full["yourSeats"] and len(moves) > played:
                played = self._turn(full, moves)
        return False

    def _over(self, game_id: str, state: dict[str, Any]) -> None:
        self.log(f"game {game_id} over: winner {state.get('winner')} ({state.get('reason')})")
        with self.guard:
            self.finished += 1
            if self.max_games and self.finished >= self.max_games:
                self.done.put(None)

    def _turn(self, full: dict[str, Any], moves: list[str]) -> int:
        """Set the engine to the game, ask its turn, send it; the number of actions then."""
        game_id = full["id"]
        try:
            self.engine.ask(setup_command(full))
            for move in moves:
                self.engine.ask(f"play {move}")
            actions = [a for a in self.engine.ask(self.genmove).splitlines() if a.strip()]
        except EngineRefused as error:
            self.log(f"game {game_id}: the engine refused: {error}")
            return len(moves)
        for action in actions:
            quoted = urllib.parse.quote(action, safe="")
            try:
                self.call(f"/api/bot/game/{game_id}/move/{quoted}", "POST")
            except Refused as error:
                self.log(f"game {game_id}: the server refused {action!r}: {error}")
                break
        return len(moves) + len(actions)


def setup_command(full: dict[str, Any]) -> str:
    """The engine command that sets up the game of a ``gameFull`` event: ``load`` its start
    position, or ``new`` with its set-up seed, with the game's options either way."""
    words = [f"{k}={v}" for k, v in full["options"].items()]
    if full.get("start"):
        return " ".join(["load", full["game"], *words, full["start"]])
    return " ".join(["new", full["game"], *words, f"seed={full['seed']}"])


def _bot(args: argparse.Namespace) -> int:
    try:
        engine = EngineProcess(args.engine)
    except EngineCrashed as error:
        print(f"shoal bot: {error}", file=sys.stderr)
        return 1
    try:
        seeks = None
        if args.seeks is not None:
            seeks = frozenset(g.strip() for g in args.seeks.split(",") if g.strip())
        client = BotClient(
            args.server, args.token, engine, genmove=args.genmove, games=args.games, seeks=seeks
        )
        return client.run()
    finally:
        engine.close()


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``bot``."""
    p = sub.add_parser(
        "bot",
        help="connect an engine program to a server as a bot",
        description=(
            "Run a program that speaks the engine protocol (see 'shoal engine') and play the "
            "bot account's games with it on a shoal server (docs/bots.md)."
        ),
    )
    p.add_argument("--token", required=True, help="the bot's API token (shoal admin token NAME)")
    p.add_argument("--engine", required=True, metavar="CMD", help="the engine's command line")
    p.add_argument("--server", default="http://127.0.0.1:8000", metavar="URL")
    p.add_argument(
        "--genmove", default="", metavar="ARGS", help="arguments of genmove, e.g. 'level=club'"
    )
    p.add_argument(
        "--games", type=int, default=0, metavar="N", help="stop after N games (0: never)"
    )
    p.add_argument(
        "--seeks",
        nargs="?",
        const="",
        default=None,
        metavar="GAMES",
        help="also take open lobby seeks when no game is on: of the comma-separated games, "
        "or of every game without GAMES",
    )
    p.set_defaults(func=_bot)
