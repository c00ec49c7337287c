"""Issue 56, item 6: a periodic task that fails says so once when it starts failing (with
the error) and once when it works again (with the count), not once a try.

The helper itself, with a failing callable; the real outage (PostgreSQL stopped, the
tournaments' tick, the correspondence sweep and the relay failing meanwhile) is in
test_seams_db_down.py, the settle and the sweep cut off in test_seams_outage_sweeps.py."""

from __future__ import annotations

import asyncio
import logging
from itertools import islice

import pytest
from sqlalchemy.exc import OperationalError

from shoal.server.periodic import Failures, doubling, every

log = logging.getLogger("tests.periodic")


def run(errors: list[BaseException | None], caplog: pytest.LogCaptureFixture) -> list[str]:
    """Run ``every`` over work that raises each of ``errors`` in turn (None: works), then
    stop it: what was logged."""
    done = asyncio.Event()
    tried = 0

    async def work() -> None:
        nonlocal tried
        tried += 1
        if tried >= len(errors):
            done.set()  # the last try: the test stops the loop after it
        error = errors[tried - 1] if tried <= len(errors) else None
        if error is not None:
            raise error

    async def main() -> None:
        task = asyncio.create_task(every(0, work, Failures("the test's tick", log, "every 0 s")))
        await asyncio.wait_for(done.wait(), 10)
        task.cancel()
        with pytest.raises(asyncio.CancelledError):
            await task

    with caplog.at_level(logging.WARNING, "tests.periodic"):
        asyncio.run(main())
    return [record.getMessage() for record in caplog.records]


def test_an_outage_is_two_lines_and_no_traceback(caplog: pytest.LogCaptureFixture) -> None:
    down = OperationalError("SELECT 1", {}, ConnectionRefusedError("connection refused\nmore"))
    lines = run([down] * 5 + [None, down, None], caplog)
    assert len(lines) == 4, lines
    assert lines[0].startswith("the test's tick failed (OperationalError: ")
    assert lines[0].endswith("; trying again every 0 s, quietly until it works")
    assert "\n" not in lines[0]  # the driver's message: its first line
    assert lines[1].startswith("the test's tick works again after 5 failed tries in ")
    assert lines[2].startswith("the test's tick failed (")
    assert lines[3].startswith("the test's tick works again after 1 failed try in ")
    assert not [r for r in caplog.records if r.exc_info]  # the database away is no defect


def test_a_defect_keeps_its_traceback_once(caplog: pytest.LogCaptureFixture) -> None:
    lines = run([KeyError("seat")] * 3 + [None], caplog)
    assert lines[0] == (
        "the test's tick failed (KeyError: 'seat'); trying again every 0 s, quietly until it works"
    )
    assert [bool(r.exc_info) for r in caplog.records] == [True, False]
    assert lines[1].startswith("the test's tick works again after 3 failed tries")


def test_work_that_never_fails_logs_nothing(caplog: pytest.LogCaptureFixture) -> None:
    assert run([None, None, None], caplog) == []


def test_a_back_off_doubles_each_wait_up_to_its_most() -> None:
    """The waits of the loops that back off (the settle, the relay, the start-up's wait for
    the database): the first, then each twice the one before, never above the most; each
    loop starts its own."""
    assert list(islice(doubling(1.0, 30.0), 8)) == [1.0, 2.0, 4.0, 8.0, 16.0, 30.0, 30.0, 30.0]
    assert list(islice(doubling(0.5, 5.0), 6)) == [0.5, 1.0, 2.0, 4.0, 5.0, 5.0]
    assert list(islice(doubling(3.0, 2.0), 2)) == [3.0, 2.0]  # the first as given
    first = doubling(1.0, 5.0)
    assert [next(first), next(first)] == [1.0, 2.0]
    assert next(doubling(1.0, 5.0)) == 1.0  # a new loop starts again from the first
