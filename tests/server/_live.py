"""A real ``shoal serve`` process on a loopback port, for races, kills and logs."""

from __future__ import annotations

import contextlib
import importlib.util
import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import IO, Any, TypeVar

import httpx

from ..loop_guard import MARK

SRC = str(Path(__file__).resolve().parents[2] / "src")
GUARD_SITE = Path(__file__).resolve().parents[1] / "loop_guard_site"
"""The loop guard of every server process a test starts (tests/loop_guard.py)."""


def guarded_env() -> dict[str, str]:
    """The environment of a server process a test starts: this checkout's ``src`` first, and
    the loop guard installed (``tests/loop_guard_site``, which imports ``tests.loop_guard``
    from the checkout's root)."""
    paths = [SRC, str(GUARD_SITE), str(GUARD_SITE.parents[1]), os.environ.get("PYTHONPATH", "")]
    return dict(os.environ, PYTHONPATH=os.pathsep.join(paths), SHOAL_LOOP_GUARD_PROCESS="1")


def free_port() -> int:
    """A free TCP port on 127.0.0.1."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class LiveServer:
    """``shoal serve`` on 127.0.0.1 on a SQLite file or a database URL; output in ``log_path``."""

    def __init__(self, db: Path | str, log_path: Path, *args: str) -> None:
        self.db = db
        self.database = db if isinstance(db, str) else f"sqlite:///{db}"
        self.log_path = log_path
        self.args = args
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.process: subprocess.Popen[bytes] | None = None
        self._log: IO[bytes] | None = None

    def start(self, timeout: float = 60.0) -> LiveServer:
        """Start the process (on the same port and database as before) and wait until it
        answers (at most ``timeout`` seconds: a loaded machine imports slowly)."""
        env = guarded_env()
        self._log = open(self.log_path, "ab")  # noqa: SIM115 (closed in stop/kill)
        self.process = subprocess.Popen(
            [
                *(sys.executable, "-m", "shoal.cli", "serve", "--port", str(self.port)),
                *("--database", self.database, *self.args),
            ],
            env=env,
            stdout=self._log,
            stderr=subprocess.STDOUT,
            start_new_session=True,  # its own process group: its workers end with it
        )
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            try:
                if httpx.get(self.url + "/api/levels", timeout=1).status_code == 200:
                    return self
            except httpx.HTTPError:
                pass
            if self.process.poll() is not None:
                raise RuntimeError(f"shoal serve exited: {self.log()}")
            time.sleep(0.05)
        raise RuntimeError("shoal serve did not start")

    def kill(self) -> None:
        """SIGKILL to the server and its workers: no shutdown code runs."""
        assert self.process is not None
        self._kill_group()
        self.process.wait(timeout=10)
        self._close_log()

    def stop(self) -> None:
        """A clean stop (SIGTERM); what is left of its process group after it is killed."""
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout=10)
        if self.process is not None:
            self._kill_group()  # a worker that outlived its supervisor would hold the port
        self._close_log()

    def _kill_group(self) -> None:
        assert self.process is not None
        with contextlib.suppress(ProcessLookupError):  # the whole group is gone already
            os.killpg(self.process.pid, signal.SIGKILL)

    def _close_log(self) -> None:
        if self._log is not None:
            self._log.close()
            self._log = None
        blocked = [line for line in self.log().splitlines() if line.startswith(MARK)]
        if blocked:  # the loop guard in the server process (tests/loop_guard.py)
            raise AssertionError(
                f"shoal serve ran {len(blocked)} statement(s) on its event loop's thread:\n"
                + "\n".join(sorted(set(blocked)))
            )

    def log(self) -> str:
        """Everything the process printed so far."""
        return self.log_path.read_text(errors="replace") if self.log_path.exists() else ""


# -- helpers for TestClient and httpx clients alike -----------------------------------------
def script(name: str) -> Any:
    """The module of ``scripts/NAME.py`` (the load test's tools are scripts, not a package)."""
    path = Path(__file__).resolve().parents[2] / "scripts" / f"{name}.py"
    spec = importlib.util.spec_from_file_location(f"shoal_{name}", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up
    spec.loader.exec_module(module)
    return module


def auth(token: str) -> dict[str, str]:
    """The header that carries a seat token."""
    return {"X-Shoal-Token": token}


def calls_of(owner: Any, name: str) -> list[Any]:
    """Count the calls of ``owner.NAME`` from now on (it is replaced on ``owner``): the list
    of their first arguments, which grows with each call."""
    calls: list[Any] = []
    method = getattr(owner, name)

    def counted(*args: Any, **kwargs: Any) -> Any:
        calls.append(args[0] if args else None)
        return method(*args, **kwargs)

    setattr(owner, name, counted)
    return calls


T = TypeVar("T")


def until(check: Callable[[], T | None], what: str, seconds: float = 25.0) -> T:
    """Poll ``check`` until it answers something true (within ``seconds``)."""
    deadline = time.monotonic() + seconds
    while True:
        value = check()
        if value:
            return value
        assert time.monotonic() < deadline, f"waited {seconds} s for {what}"
        time.sleep(0.05)
