"""What a load test costs the machine, and which resource runs out first (issue 56).

Used by scripts/loadtest.py (not a command of its own):

* :class:`Watch` samples, every ``every`` seconds while the load runs, each process of the
  server (the supervisor and every worker), the PostgreSQL server's processes and the load
  clients: CPU time, resident memory, open file descriptors (against the process's limit),
  and the machine's idle CPU and load average. :meth:`Watch.report` answers the means and
  peaks over the measured window, and :func:`verdict` names the resource closest to its
  limit: a worker's event loop (one core each), the machine's cores, the database, the
  load clients, file descriptors or memory.
* :func:`socket_memory` opens N idle game sockets on the server, as pages do, and answers
  the growth of the server's resident memory per socket (the sockets alone: no game is
  played meanwhile).

Linux only (``/proc``).
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

TICK = os.sysconf("SC_CLK_TCK")
PAGE = os.sysconf("SC_PAGE_SIZE")


def _stat(pid: int) -> tuple[int, float] | None:
    """(parent pid, CPU seconds) of a process, or None when it is gone."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return int(fields[1]), (int(fields[11]) + int(fields[12])) / TICK


def rss(pid: int) -> int:
    """A process's resident memory in bytes (0 when it is gone)."""
    try:
        return int(Path(f"/proc/{pid}/statm").read_text().split()[1]) * PAGE
    except OSError:
        return 0


def fds(pid: int) -> tuple[int, int]:
    """(open file descriptors, the soft limit) of a process ((0, 0) when it is gone)."""
    try:
        count = len(os.listdir(f"/proc/{pid}/fd"))
        for line in Path(f"/proc/{pid}/limits").read_text().splitlines():
            if line.startswith("Max open files"):
                return count, int(line.split()[3])
    except (OSError, ValueError):
        pass
    return 0, 0


def children(pid: int) -> list[int]:
    """The live child processes of ``pid``."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            stat = _stat(int(entry.name))
            if stat is not None and stat[0] == pid:
                found.append(int(entry.name))
    return found


def _helper(pid: int) -> bool:
    """True for multiprocessing's resource tracker (a child of the server, no worker)."""
    try:
        return b"resource_tracker" in Path(f"/proc/{pid}/cmdline").read_bytes()
    except OSError:
        return False


def _idle() -> tuple[float, float]:
    """(idle seconds, total seconds) of every CPU since boot (from /proc/stat)."""
    values = [int(v) for v in Path("/proc/stat").read_text().splitlines()[0].split()[1:]]
    return (values[3] + values[4]) / TICK, sum(values[:8]) / TICK


@dataclass
class Sample:
    """One look at the processes: per process CPU seconds, memory and descriptors."""

    when: float
    cpu: dict[str, float] = field(default_factory=dict)
    memory: dict[str, int] = field(default_factory=dict)
    fds: dict[str, tuple[int, int]] = field(default_factory=dict)
    idle: tuple[float, float] = (0.0, 0.0)
    load: float = 0.0


class Watch:
    """Samples the server (``server`` pid and its children), PostgreSQL (``postgres``
    postmaster pid, or None) and the load clients (``clients`` pids) in a thread."""

    def __init__(self, server: int, postgres: int | None = None, every: float = 2.0) -> None:
        self.server = server
        self.postgres = postgres
        self.clients: list[int] = []
        self.every = every
        self.samples: list[Sample] = []
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)

    def __enter__(self) -> Watch:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        self._thread.join()
        self.samples.append(self.sample())

    def _run(self) -> None:
        while not self._stop.is_set():
            self.samples.append(self.sample())
            self._stop.wait(self.every)

    def processes(self) -> dict[str, int]:
        """The watched processes by name: ``server``, ``worker N``, ``postgres``, ``client N``."""
        named = {"server": self.server}
        workers = [pid for pid in sorted(children(self.server)) if not _helper(pid)]
        for n, pid in enumerate(workers):
            named[f"worker {n + 1}"] = pid
        if self.postgres is not None:
            named["postgres"] = self.postgres
            for n, pid in enumerate(sorted(children(self.postgres))):
                named[f"postgres {n + 1}"] = pid
        for n, pid in enumerate(self.clients):
            named[f"client {n + 1}"] = pid
        return named

    def sample(self) -> Sample:
        """The processes now."""
        now = Sample(time.monotonic(), idle=_idle(), load=os.getloadavg()[0])
        for name, pid in self.processes().items():
            stat = _stat(pid)
            if stat is None:
                continue
            now.cpu[name] = stat[1]
            now.memory[name] = rss(pid)
            now.fds[name] = fds(pid)
        return now

    def report(self, since: float = 0.0) -> dict[str, Any]:
        """Means and peaks from the first sample at or after ``since`` (monotonic seconds)
        to the last: each group's share of a core, memory, descriptors; the machine's."""
        window = [s for s in self.samples if s.when >= since] or self.samples[-2:]
        first, last = window[0], window[-1]
        seconds = max(last.when - first.when, 1e-9)

        seen: dict[str, float] = {}  # each process's CPU when last seen in the window
        for s in window:
            seen.update(s.cpu)

        def group(prefix: str) -> list[str]:
            return [n for n in seen if n == prefix or n.startswith(prefix + " ")]

        def busy(name: str) -> float:  # a share of one core over the window
            # a postgres backend born during the window counts from zero; a process gone
            # before its end (the load clients, joined before the last sample) up to when
            # it was last seen
            return (seen.get(name, 0.0) - first.cpu.get(name, 0.0)) / seconds

        workers = [n for n in last.cpu if n.startswith("worker ")] or ["server"]
        idle = (last.idle[0] - first.idle[0]) / max(last.idle[1] - first.idle[1], 1e-9)
        peak_fds = {n: max(s.fds.get(n, (0, 0))[0] for s in window) for n in [*workers, "server"]}
        limits = {n: last.fds.get(n, (0, 0))[1] for n in peak_fds}
        return {
            "seconds": round(seconds, 1),
            "cores": os.cpu_count(),
            "machine_busy": round(1 - idle, 3),
            "load_average": [
                round(min(s.load for s in window), 1),
                round(max(s.load for s in window), 1),
            ],
            "worker_cpu": {n: round(busy(n), 3) for n in workers},
            "server_cpu": round(sum(busy(n) for n in group("server") + group("worker")), 3),
            "postgres_cpu": round(sum(busy(n) for n in group("postgres")), 3),
            "client_cpu": round(sum(busy(n) for n in group("client")), 3),
            "server_memory_mb": round(
                max(
                    sum(v for n, v in s.memory.items() if n == "server" or n.startswith("worker"))
                    for s in window
                )
                / 2**20,
                1,
            ),
            "postgres_memory_mb": round(
                max(sum(v for n, v in s.memory.items() if n.startswith("postgres")) for s in window)
                / 2**20,
                1,
            ),
            "peak_fds": peak_fds,
            "fd_limits": limits,
        }


def verdict(report: dict[str, Any], memory_available_mb: float) -> tuple[str, dict[str, float]]:
    """The resource closest to its limit, and each resource's use (1.0: at its limit)."""
    cores = report["cores"] or 1
    use = {
        "a worker's event loop (one core each)": max(report["worker_cpu"].values(), default=0),
        f"the machine's {cores} cores (everything on it)": report["machine_busy"],
        "PostgreSQL (its share of the cores)": report["postgres_cpu"] / cores,
        "the load clients (their share of the cores)": report["client_cpu"] / cores,
        "file descriptors (a worker's limit)": max(
            (
                report["peak_fds"][n] / report["fd_limits"][n]
                for n in report["peak_fds"]
                if report["fd_limits"][n]
            ),
            default=0.0,
        ),
        "memory (the server's against what was free)": report["server_memory_mb"]
        / max(memory_available_mb + report["server_memory_mb"], 1.0),
    }
    worst = max(use, key=lambda k: use[k])
    return worst, {k: round(v, 3) for k, v in use.items()}


def memory_available_mb() -> float:
    """The machine's available memory (MemAvailable), in MiB."""
    for line in Path("/proc/meminfo").read_text().splitlines():
        if line.startswith("MemAvailable:"):
            return int(line.split()[1]) / 1024
    return 0.0


def server_rss(server: int) -> int:
    """The resident memory of the server and its workers, in bytes."""
    return rss(server) + sum(rss(pid) for pid in children(server))


async def socket_memory(
    base: str, server: int, sockets: int, settle: float = 3.0
) -> dict[str, Any]:
    """Open ``sockets`` idle game sockets (``?deltas=1``, as the web page does) on one game of
    the server at ``base``, and answer how much the server's resident memory grew per socket."""
    import httpx
    from websockets.asyncio.client import connect

    async with httpx.AsyncClient(base_url=base, timeout=60) as http:
        made = await http.post("/api/games", json={"game": "cyclix", "opponent": "friend"})
        made.raise_for_status()
        gid = made.json()["id"]
    ws = base.replace("http://", "ws://") + f"/api/games/{gid}/ws?deltas=1"
    await asyncio.sleep(settle)
    before = server_rss(server)
    opened: list[Any] = []
    try:
        for start in range(0, sockets, 100):
            batch = [connect(ws, open_timeout=60) for _ in range(min(100, sockets - start))]
            opened += await asyncio.gather(*batch)
        for socket in opened:
            await socket.recv()  # the view: every socket is served and idle
        await asyncio.sleep(settle)
        after = server_rss(server)
    finally:
        for socket in opened:
            with contextlib.suppress(Exception):
                await socket.close()
    return {
        "sockets": len(opened),
        "server_memory_before_mb": round(before / 2**20, 1),
        "server_memory_after_mb": round(after / 2**20, 1),
        "kb_per_socket": round((after - before) / max(1, len(opened)) / 1024, 1),
    }
