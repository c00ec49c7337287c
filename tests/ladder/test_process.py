"""The ladder's pinned programs (issue 63): numeric libraries held to one thread on their one
core (a baseline network's forward pass took 21 ms of CPU with numpy's default threads and
0.8 ms with one), unless the environment says otherwise; an unpinned program is left as is."""

from __future__ import annotations

import os
import sys

import pytest

from shoal.ladder.process import ONE_THREAD, TimedEngine

# answers every question with the thread counts it was started with
ECHO = (
    "import os, sys\n"
    "for line in sys.stdin:\n"
    f"    names = {ONE_THREAD!r}\n"
    "    print('= ' + ','.join(os.environ.get(n, '-') for n in names) + '\\n', flush=True)\n"
)


def thread_counts(core: int | None) -> str:
    engine = TimedEngine([sys.executable, "-c", ECHO], core=core)
    try:
        return engine.ask("name", limit=30.0).body
    finally:
        engine.close(polite=False)


def test_a_pinned_program_gets_one_thread_unless_told(monkeypatch: pytest.MonkeyPatch) -> None:
    core = min(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else 0
    for name in ONE_THREAD:
        monkeypatch.delenv(name, raising=False)
    assert thread_counts(None) == "-,-,-"
    assert thread_counts(core) == "1,1,1"
    monkeypatch.setenv("OMP_NUM_THREADS", "3")
    assert thread_counts(core) == "1,3,1"
