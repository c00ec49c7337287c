"""A server process's heap (issue 56): what building the app made is frozen out of the
garbage collector's reach (:func:`shoal.server.worker.served`), in a real worker's factory."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from shoal.server.worker import SETTINGS_ENV

from ._live import guarded_env


def test_a_server_process_sets_its_built_app_aside_from_the_collector(tmp_path: Path) -> None:
    """``shoal serve --workers N``'s factory (and the one-process ``shoal serve``) freezes what
    building the app made: a full collection walks none of it."""
    probe = (
        "import gc\n"
        "from shoal.server.worker import app\n"
        "app()\n"
        "gc.collect()\n"
        "print(gc.get_freeze_count(), len(gc.get_objects()))\n"
    )
    env = {**guarded_env(), SETTINGS_ENV: json.dumps({"database_url": f"sqlite:///{tmp_path}/x"})}
    done = subprocess.run(
        [sys.executable, "-c", probe], env=env, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    frozen, tracked = map(int, done.stdout.split())
    assert frozen > 100_000  # the app's catalogues, books, routes: out of reach
    assert tracked < frozen // 10  # what a collection still walks
