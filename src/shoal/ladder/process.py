"""A program that speaks the engine protocol, asked under a deadline and pinned to a core.

:class:`TimedEngine` starts the program in its own session (so it and whatever it starts can
be stopped together), pinned to one CPU core with ``os.sched_setaffinity`` where the system
has it, and asks it one command at a time like :class:`~shoal.engine.process.EngineProcess`;
unlike it, each question may carry a deadline: the reply must be complete within it, or
:class:`OverBudget` is raised (the program is then in the middle of a reply: stop it, or
:meth:`restart` it for the next game). Replies are read straight from the pipe with
``select``, so a program that never answers cannot stall the ladder.

A pinned program's numeric libraries are held to one thread each (``OPENBLAS_NUM_THREADS``,
``OMP_NUM_THREADS``, ``MKL_NUM_THREADS`` set to 1 unless the environment sets them): on one
core more threads only contend; numpy's OpenBLAS otherwise starts a thread per CPU of the
machine and a baseline network's forward pass took 21 ms of CPU instead of 0.8 ms here.

The CPU time the program has used (user + system, from ``/proc``) is read per question where
the system has ``/proc``, for the report beside the wall time that the budget counts.
"""

from __future__ import annotations

import contextlib
import os
import select
import shlex
import signal
import subprocess
import time
from collections.abc import Sequence
from pathlib import Path

from shoal.engine.process import EngineCrashed, EngineRefused

__all__ = ["Answer", "OverBudget", "TimedEngine", "pin_to", "pinned_environment"]


class OverBudget(Exception):
    """The program did not finish its reply within the deadline (``elapsed`` seconds so far)."""

    def __init__(self, elapsed: float, limit: float) -> None:
        super().__init__(f"no complete reply after {elapsed:.3f} s (limit {limit:.3f} s)")
        self.elapsed = elapsed
        self.limit = limit


class Answer:
    """A reply's body, the wall time it took and the program's CPU time meanwhile (None:
    not measurable here)."""

    __slots__ = ("body", "cpu", "wall")

    def __init__(self, body: str, wall: float, cpu: float | None) -> None:
        self.body = body
        self.wall = wall
        self.cpu = cpu


def pin_to(core: int | None) -> None:
    """Pin the calling process to ``core`` (nothing where the system cannot)."""
    if core is not None and hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {core})


ONE_THREAD = ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS")
"""The thread counts a pinned program gets at 1 (where its environment does not set them)."""


def pinned_environment(core: int | None) -> dict[str, str] | None:
    """The environment of a program pinned to ``core``: this one's, its numeric libraries
    held to one thread (None, the environment unchanged, when it is not pinned)."""
    if core is None:
        return None
    env = dict(os.environ)
    for name in ONE_THREAD:
        env.setdefault(name, "1")
    return env


_TICKS = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100


def _cpu_seconds(pid: int) -> float | None:
    """User + system CPU time of ``pid`` and its reaped children (None without ``/proc``)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()
    except (OSError, ValueError):
        return None
    # after the command's name: state is field 3, utime 14 ... cstime 17 (1-based)
    return sum(int(fields[i]) for i in range(11, 15)) / _TICKS


class TimedEngine:
    """A running engine program, pinned to ``core``; ``argv`` a list or a command line."""

    def __init__(
        self, argv: Sequence[str] | str, *, core: int | None = None, log: Path | None = None
    ) -> None:
        if isinstance(argv, str):
            try:
                argv = shlex.split(argv)
            except ValueError as error:
                raise EngineCrashed(f"cannot read the command {argv!r}: {error}") from None
        if not argv:
            raise EngineCrashed("the command is empty")
        self.argv = list(argv)
        self.core = core
        self.log = log
        self.process = self._start()
        self._buffer = b""

    def _start(self) -> subprocess.Popen[bytes]:
        stderr = open(self.log, "ab") if self.log is not None else subprocess.DEVNULL  # noqa: SIM115
        core = self.core
        try:
            return subprocess.Popen(
                self.argv,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=stderr,
                start_new_session=True,
                env=pinned_environment(core),
                preexec_fn=(lambda: pin_to(core)) if core is not None else None,
            )
        except OSError as error:
            raise EngineCrashed(
                f"cannot start {shlex.join(self.argv)!r}: {error.strerror or error}"
            ) from None
        finally:
            if not isinstance(stderr, int):
                stderr.close()

    @property
    def name(self) -> str:
        """The command line, for messages."""
        return shlex.join(self.argv)

    def ask(self, line: str, limit: float | None = None) -> Answer:
        """The program's reply to ``line``, complete within ``limit`` seconds (None: no limit).

        Raises :class:`OverBudget`, :class:`EngineRefused` (a ``?`` reply) or
        :class:`EngineCrashed` (the program stopped or answered outside the protocol).
        """
        stdin, stdout = self.process.stdin, self.process.stdout
        assert stdin is not None and stdout is not None
        cpu_before = _cpu_seconds(self.process.pid)
        start = time.perf_counter()
        try:
            stdin.write(line.encode() + b"\n")
            stdin.flush()
        except OSError:
            raise self._crashed(line) from None
        lines: list[str] = []
        fd = stdout.fileno()
        while True:
            while b"\n" not in self._buffer:
                wait = None if limit is None else limit - (time.perf_counter() - start)
                if wait is not None and wait <= 0:
                    raise OverBudget(time.perf_counter() - start, limit or 0.0)
                ready, _, _ = select.select([fd], [], [], wait)
                if not ready:
                    raise OverBudget(time.perf_counter() - start, limit or 0.0)
                chunk = os.read(fd, 65536)
                if not chunk:
                    raise self._crashed(line)
                self._buffer += chunk
            raw, _, self._buffer = self._buffer.partition(b"\n")
            text = raw.decode(errors="replace").rstrip("\r")
            if text:
                lines.append(text)
            elif lines:
                break
        wall = time.perf_counter() - start
        cpu_after = _cpu_seconds(self.process.pid)
        cpu = None if cpu_before is None or cpu_after is None else cpu_after - cpu_before
        head, rest = lines[0], lines[1:]
        if head.startswith("?"):
            raise EngineRefused("\n".join([head[1:].strip(), *rest]).strip())
        if not head.startswith("="):
            raise EngineCrashed(
                f"{self.name!r} does not speak the protocol: it answered {head[:80]!r} to {line!r}"
            )
        return Answer("\n".join([head[1:].strip(), *rest]).strip("\n"), wall, cpu)

    def _crashed(self, line: str) -> EngineCrashed:
        try:
            code = self.process.wait(timeout=2)
        except subprocess.TimeoutExpired:
            code = None
        how = f"exit code {code}" if code is not None else "its output closed"
        return EngineCrashed(f"{self.name!r} stopped ({how}) while answering {line!r}")

    def restart(self) -> None:
        """Stop the program (mid-reply, say) and start it afresh."""
        self.close(polite=False)
        self._buffer = b""
        self.process = self._start()

    def close(self, polite: bool = True) -> None:
        """Ask the program to quit (``polite``), then stop it and its session if it has not."""
        process = self.process
        if process.poll() is None and polite:
            try:
                assert process.stdin is not None
                process.stdin.write(b"quit\n")
                process.stdin.close()
                process.wait(timeout=3)
            except (OSError, subprocess.TimeoutExpired):
                pass
        try:  # the program, if still on, and whatever it started in its session
            os.killpg(process.pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            if process.poll() is None:
                process.kill()
        process.wait(timeout=5)
        for pipe in (process.stdin, process.stdout):
            if pipe is not None:
                with contextlib.suppress(OSError):  # a broken pipe: nothing left to flush
                    pipe.close()
