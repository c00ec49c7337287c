"""A Bot API program on the ladder: played through a real shoal server the ladder starts.

:class:`BotHost` starts ``shoal serve`` on a free local port with a fresh SQLite database in a
temporary folder, signs up a ``ladder_host`` account and one account per Bot API agent, marks
them bots and makes their API tokens (``shoal admin``). Each agent's program is started with
``{server}`` and ``{token}`` replaced, pinned to the ladder's core. For each game the host
makes a game against the agent's account (``POST /api/games/vs/NAME`` with the set-up seed
and the seats), plays the other player's actions into it through the Bot API, and follows the
game's stream: the program's turn is timed from the moment its opponent's last action was
accepted (or the game made, when it moves first) until the stream shows its turn done. A
program over its limit loses the ladder game; the host then resigns the server game so the
program is free for the next one.
"""

from __future__ import annotations

import contextlib
import json
import os
import queue
import shlex
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path
from typing import Any

from shoal.core import Game, options_to_strings
from shoal.engine.process import EngineCrashed, EngineRefused

from .process import Answer, OverBudget, pin_to
from .seats import AgentSpec, LadderBudget

__all__ = ["BotHost", "BotSeat"]

HOST = "ladder_host"
"""The account that plays the other side of every Bot API game."""


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class BotHost:
    """A private shoal server for the ladder's Bot API agents (see the module's doc)."""

    START_SECONDS = 60.0
    """The most the server, or a program, may take to be ready (not a turn's budget)."""

    def __init__(self, log_dir: Path | None = None) -> None:
        self.folder = Path(tempfile.mkdtemp(prefix="shoal-ladder-"))
        self.database = f"sqlite:///{self.folder / 'ladder.sqlite3'}"
        self.log_dir = log_dir
        self.server: subprocess.Popen[bytes] | None = None
        self.url = ""
        self.seats: list[BotSeat] = []
        self.tokens: dict[str, str] = {}

    def accounts(self, names: list[str]) -> None:
        """Make the host's account and ``names``' (bots, with an API token each), then start
        the server; in this process, before the server runs (no password signs in as them)."""
        from shoal.server.accounts.store import AccountStore
        from shoal.server.bots.service import new_api_token
        from shoal.server.bots.store import BotStore
        from shoal.server.games.store import Store

        store = Store(self.database)  # makes the schema
        try:
            people, bots = AccountStore(store.engine), BotStore(store.engine)
            for name in [HOST, *names]:
                user = people.create_user(name, "!ladder")
                if user is None:
                    raise EngineCrashed(f"cannot make the ladder's account {name!r}")
                bots.mark(user.id)
                self.tokens[name] = new_api_token(bots, user.id)
        finally:
            store.close()
        self._start()

    def _start(self) -> None:
        port = _free_port()
        self.url = f"http://127.0.0.1:{port}"
        log = open(self.log_dir / "server.log", "ab") if self.log_dir else subprocess.DEVNULL  # noqa: SIM115
        self.server = subprocess.Popen(
            [
                *(sys.executable, "-m", "shoal.cli", "serve", "--port", str(port)),
                *("--database", self.database, "--log-level", "warning"),
                *("--games-per-client", "0"),
            ],
            stdout=log,
            stderr=log,
            start_new_session=True,
        )
        if not isinstance(log, int):
            log.close()
        deadline = time.monotonic() + self.START_SECONDS
        while time.monotonic() < deadline:
            if self.server.poll() is not None:
                raise EngineCrashed("the ladder's shoal server stopped while starting")
            try:
                with urllib.request.urlopen(self.url + "/api/levels", timeout=2):
                    return
            except (urllib.error.URLError, OSError):
                time.sleep(0.1)
        raise EngineCrashed("the ladder's shoal server did not start")

    @property
    def host_token(self) -> str:
        """The host account's API token."""
        return self.tokens[HOST]

    def call(self, path: str, token: str | None, body: Any = None, method: str = "POST") -> Any:
        """One JSON request to the server (EngineRefused with its words on a 4xx/5xx)."""
        headers = {"Accept": "application/json", "Content-Type": "application/json"}
        if token:
            headers["Authorization"] = f"Bearer {token}"
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(self.url + path, data, headers, method=method)
        try:
            with urllib.request.urlopen(request, timeout=30) as answer:
                return json.loads(answer.read() or b"null")
        except urllib.error.HTTPError as error:
            raise EngineRefused(f"the server refused {path}: {error.read().decode()}") from None

    def seat(self, spec: AgentSpec, account: str, *, core: int | None, log: Path | None) -> BotSeat:
        """The seat of the Bot API agent ``spec`` (its account made): its program started and
        ready (it has played a first move of a warm-up game)."""
        seat = BotSeat(self, spec, account, self.tokens[account], core=core, log=log)
        self.seats.append(seat)
        seat.warm_up()
        return seat

    def close(self) -> None:
        """Stop the programs, the server, and remove the folder."""
        for seat in self.seats:
            seat.close()
        if self.server is not None and self.server.poll() is None:
            try:
                os.killpg(self.server.pid, signal.SIGTERM)
                self.server.wait(timeout=10)
            except (ProcessLookupError, subprocess.TimeoutExpired):
                self.server.kill()
                self.server.wait(timeout=5)
        shutil.rmtree(self.folder, ignore_errors=True)


def account_name(spec: AgentSpec, number: int) -> str:
    """The server account of the ``number``-th Bot API agent (a valid username)."""
    return f"bot{number}_" + "".join(c for c in spec.name if c.isalnum())[:12]


class BotSeat:
    """A Bot API program's seat: its games are played on the host's server."""

    def __init__(
        self,
        host: BotHost,
        spec: AgentSpec,
        account: str,
        token: str,
        *,
        core: int | None,
        log: Path | None,
    ) -> None:
        self.spec = spec
        self.host = host
        self.account = account
        words = shlex.split(spec.target.replace("{server}", host.url).replace("{token}", token))
        out = open(log, "ab") if log else subprocess.DEVNULL  # noqa: SIM115
        self.program = subprocess.Popen(
            words,
            stdin=subprocess.DEVNULL,
            stdout=out,
            stderr=out,
            start_new_session=True,
            preexec_fn=(lambda: pin_to(core)) if core is not None else None,
        )
        if not isinstance(out, int):
            out.close()
        self.game_id: str | None = None
        self.pending: dict[str, Any] | None = None
        self.seat = 0
        self.seen = 0  # the actions of the game the ladder has seen
        self.states: queue.Queue[dict[str, Any] | None] = queue.Queue()
        self.turn_started = 0.0

    def warm_up(self) -> None:
        """Wait until the program plays: a game of Connect Four where it moves first, whose
        first move it must make within :attr:`BotHost.START_SECONDS`; then resign it."""
        from shoal import games

        self.new_game(games.get("connect4"), 0, 0)
        try:
            self.move(LadderBudget(seconds=self.host.START_SECONDS, cap=self.host.START_SECONDS))
        except OverBudget:
            raise EngineCrashed(
                f"{self.spec.name}'s program did not play its warm-up game"
            ) from None
        self._end()

    def new_game(self, game: Game, seed: int, seat: int) -> None:
        self._end()
        if self.program.poll() is not None:
            code = self.program.poll()
            raise EngineCrashed(f"{self.spec.name}'s program stopped (exit code {code})")
        # the server's game is made when the program's first turn comes, or its opponent's
        # first action (so its clock starts then, whatever the other seat does before)
        self.pending = {
            "game": game.id,
            "options": options_to_strings(game.options),
            "seed": seed,
            "seat": 1 - seat,
        }
        self.seat, self.seen = seat, 0

    def _made(self) -> str:
        """The server's game, made now if it is not yet (the program's clock starts)."""
        if self.pending is not None:
            made = self.host.call(
                f"/api/games/vs/{self.account}", self.host.host_token, self.pending
            )
            self.pending = None
            self.game_id = str(made["id"])
            self.states = queue.Queue()
            threading.Thread(
                target=self._follow, args=(self.game_id, self.states), daemon=True
            ).start()
            self.turn_started = time.perf_counter()
        assert self.game_id is not None
        return self.game_id

    def _follow(self, game_id: str, states: queue.Queue[dict[str, Any] | None]) -> None:
        """Put every state of the game's stream into ``states`` (None when it ends)."""
        headers = {"Authorization": f"Bearer {self.host.host_token}"}
        request = urllib.request.Request(
            f"{self.host.url}/api/bot/game/stream/{game_id}", headers=headers
        )
        try:
            with urllib.request.urlopen(request, timeout=600) as stream:
                for line in iter(stream.readline, b""):
                    if line.strip():
                        message = json.loads(line)
                        states.put(message.get("state", message))
        except (urllib.error.URLError, OSError, ValueError):
            pass
        states.put(None)

    def tell(self, texts: list[str]) -> None:
        game_id = self._made()
        for text in texts:
            quoted = urllib.parse.quote(text, safe="")
            self.host.call(f"/api/bot/game/{game_id}/move/{quoted}", self.host.host_token)
        self.seen += len(texts)
        self.turn_started = time.perf_counter()

    def move(self, budget: LadderBudget) -> Answer:
        self._made()
        limit = budget.limit(self.spec)
        while True:
            wait = limit - (time.perf_counter() - self.turn_started)
            try:
                state = self.states.get(timeout=max(wait, 0.0)) if wait > 0 else None
            except queue.Empty:
                state = None
            elapsed = time.perf_counter() - self.turn_started
            if state is None:
                if elapsed >= limit:
                    raise OverBudget(elapsed, limit)
                raise EngineCrashed(f"the game stream of {self.spec.name} ended")
            moves = state.get("moves", [])
            if state.get("status") == "over" or (
                state.get("turn") != self.seat and len(moves) > self.seen
            ):
                mine = moves[self.seen :]
                self.seen = len(moves)
                return Answer("\n".join(mine), elapsed, None)

    def _end(self) -> None:
        """Resign the server game left on (after a forfeit), so the program is free."""
        self.pending = None
        if self.game_id is not None:
            with contextlib.suppress(EngineRefused):  # refused: it was over already
                self.host.call(f"/api/bot/game/{self.game_id}/resign", self.host.host_token)
            self.game_id = None

    def forfeit(self) -> None:
        self._end()

    def close(self) -> None:
        if self.program.poll() is None:
            try:
                os.killpg(self.program.pid, signal.SIGTERM)
                self.program.wait(timeout=5)
            except (ProcessLookupError, subprocess.TimeoutExpired):
                self.program.kill()
                self.program.wait(timeout=5)
        else:
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.killpg(self.program.pid, signal.SIGKILL)  # what it left in its session
