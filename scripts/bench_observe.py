"""CPU per request of the request middleware of issue 57 (``shoal.server.ops.http.Observe``:
request id, metrics, access line), measured on a bare ASGI app that answers at once.

    .venv/bin/python scripts/bench_observe.py [--requests N] > /dev/null

Prints, on standard error, the microseconds of process CPU per request without the
middleware and with it: one process and multi-process metrics (``PROMETHEUS_MULTIPROC_DIR``),
the access line written (JSON, to standard output) or not (log level warning). Each case runs
in its own process (the metrics' mode is chosen when ``prometheus_client`` is imported).
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import logging.config
import os
import subprocess
import sys
import tempfile
import time
from typing import Any


class _Route:
    path = "/api/games/{game_id}/actions"


async def _app(scope: Any, receive: Any, send: Any) -> None:
    scope["route"] = _Route
    await send({"type": "http.response.start", "status": 200, "headers": []})
    await send({"type": "http.response.body", "body": b"{}"})


async def _receive() -> dict[str, Any]:
    return {"type": "http.request", "body": b""}


async def _send(message: Any) -> None:
    pass


async def _per_request(target: Any, n: int) -> float:
    start = time.process_time()
    for _ in range(n):
        scope = {
            "type": "http",
            "method": "POST",
            "path": "/api/games/abc/actions",
            "headers": [(b"host", b"x")],
            "client": ("127.0.0.1", 5),
        }
        await target(scope, _receive, _send)
    return (time.process_time() - start) / n * 1e6


def _case(mode: str, level: str, n: int) -> None:
    from shoal.server.ops.http import Observe
    from shoal.server.ops.logs import logging_config

    config = logging_config("json", level)
    config["handlers"]["shoal"]["stream"] = "ext://sys.stdout"
    logging.config.dictConfig(config)
    bare = asyncio.run(_per_request(_app, n))
    observed = asyncio.run(_per_request(Observe(_app), n))
    print(
        f"{mode:6} log {level:7}: bare {bare:5.1f} us, with the middleware {observed:6.1f} us: "
        f"{observed - bare:5.1f} us per request",
        file=sys.stderr,
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--requests", type=int, default=20000)
    parser.add_argument("--case", nargs=2, metavar=("MODE", "LEVEL"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.case:
        _case(*args.case, args.requests)
        return
    for mode in ("single", "multi"):
        for level in ("info", "warning"):
            env = dict(os.environ)
            env.pop("PROMETHEUS_MULTIPROC_DIR", None)
            with tempfile.TemporaryDirectory() as folder:
                if mode == "multi":
                    env["PROMETHEUS_MULTIPROC_DIR"] = folder
                command = [sys.executable, __file__, "--requests", str(args.requests)]
                subprocess.run([*command, "--case", mode, level], env=env, check=True)


if __name__ == "__main__":
    main()
