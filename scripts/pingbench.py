"""What a page's keep-alive costs the server: CPU per ``ping`` answered (issue 56).

Starts one server process (the app of ``shoal serve`` on a new SQLite file, one worker)
with the WebSocket protocol ``shoal serve`` runs (``--ws page``: the pings answered at the
connection, :data:`shoal.server.protocol.PageSocketProtocol`) or uvicorn's own (``--ws
plain``: every ping up through the app and its pong back), opens two game sockets on each of
``--games`` games, sends ``--pings`` pings on each (awaiting each pong), and prints the
server's CPU per ping::

    .venv/bin/python scripts/pingbench.py --ws page
    .venv/bin/python scripts/pingbench.py --ws plain

The figure is the server process's CPU time (user and system, from /proc) over the pings,
divided by their number: it counts the kernel's work of the loopback sockets too.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx
from websockets.asyncio.client import connect

SRC = Path(__file__).resolve().parents[1] / "src"

SERVER = """
import sys, uvicorn
from shoal.server import create_app
from shoal.server.protocol import protocols
options = protocols()
if sys.argv[3] == "plain":
    options.pop("ws", None)
    options.pop("ws_ping_interval", None)
app = create_app(sys.argv[2], games_per_client=0)
uvicorn.run(app, host="127.0.0.1", port=int(sys.argv[1]), log_level="warning", **options)
"""


def cpu_seconds(pid: int) -> float:
    """User and system CPU time of process ``pid`` so far."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


async def measure(port: int, pid: int, games: int, pings: int) -> tuple[int, float, float]:
    """(pings, seconds, server CPU seconds) of ``pings`` pings on each of two sockets a game."""
    base = f"http://127.0.0.1:{port}"
    async with httpx.AsyncClient(base_url=base, timeout=30) as http:
        ids = []
        for _ in range(games):
            made = await http.post("/api/games", json={"game": "syrtis", "opponent": "friend"})
            made.raise_for_status()
            ids.append(made.json()["id"])
    url = base.replace("http", "ws")
    sockets = [
        await connect(f"{url}/api/games/{g}/ws?deltas=1", ping_interval=None, origin=base)  # type: ignore[arg-type]
        for g in ids
        for _ in range(2)
    ]
    for socket in sockets:
        await socket.recv()  # the view
    await asyncio.sleep(1.0)

    async def ping(socket: object) -> None:
        for _ in range(pings):
            await socket.send("ping")  # type: ignore[attr-defined]
            answer = json.loads(await socket.recv())  # type: ignore[attr-defined]
            assert answer == {"type": "pong"}, answer

    before, start = cpu_seconds(pid), time.perf_counter()
    await asyncio.gather(*(ping(s) for s in sockets))
    seconds, cpu = time.perf_counter() - start, cpu_seconds(pid) - before
    for socket in sockets:
        await socket.close()
    return pings * len(sockets), seconds, cpu


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--ws", choices=("page", "plain"), default="page")
    parser.add_argument("--games", type=int, default=100, help="games (two sockets each)")
    parser.add_argument("--pings", type=int, default=100, help="pings on each socket")
    args = parser.parse_args(argv)
    port = free_port()
    with tempfile.TemporaryDirectory(prefix="shoal-ping-") as tmp:
        env = dict(os.environ, PYTHONPATH=f"{SRC}{os.pathsep}{os.environ.get('PYTHONPATH', '')}")
        database = f"sqlite:///{tmp}/ping.sqlite3"
        server = subprocess.Popen(
            [sys.executable, "-c", SERVER, str(port), database, args.ws], env=env
        )
        try:
            deadline = time.monotonic() + 120
            while True:
                try:
                    if httpx.get(f"http://127.0.0.1:{port}/api/levels").status_code == 200:
                        break
                except httpx.HTTPError:
                    pass
                if server.poll() is not None or time.monotonic() > deadline:
                    raise SystemExit("the server did not start")
                time.sleep(0.1)
            n, seconds, cpu = asyncio.run(measure(port, server.pid, args.games, args.pings))
        finally:
            server.terminate()
            server.wait(30)
    print(
        f"--ws {args.ws}: {n} pings on {2 * args.games} sockets in {seconds:.2f} s; "
        f"server CPU {1e6 * cpu / n:.1f} us per ping"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
