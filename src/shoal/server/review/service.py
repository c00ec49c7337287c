"""Game reviews as background jobs (issue 26): one review per game and level, computed once.

:class:`Reviewer` starts :func:`shoal.analysis.review.review_record` in a worker
thread (at most ``max_reviews`` at once; the others queue), so the event loop
never searches. The review's progress (searches done out of the total) is kept
in memory for this process and written to ``shoal_reviews`` at most every
:data:`PROGRESS_EVERY` seconds, so another process serving the same database
reports it too; the finished review is stored there and every later request
reads it. Subjects are ``game/ID`` (a stored game) and ``record/ID`` (an
uploaded record).
"""

from __future__ import annotations

import asyncio
import contextlib
import threading
import time
from typing import Annotated, Any

from sqlalchemy.engine import Engine

from shoal.analysis.review import review_record
from shoal.records import Record

from ..ops.metrics import SEARCHES_BUSY, labelled
from ..provide import provided
from .store import ReviewStore

__all__ = ["PROGRESS_EVERY", "REVIEW_SEED", "Reviewer", "ReviewerDep", "build"]

PROGRESS_EVERY = 0.5
"""Seconds between two writes of a running review's progress to the database."""

REVIEW_SEED = 0
"""The seed of every server review (a review is the same wherever it is computed)."""


class _Stopped(Exception):
    """The server is shutting down: the review's thread stops at its next search."""


class Reviewer:
    """Reviews in worker threads; their progress and results in a :class:`ReviewStore`."""

    def __init__(self, store: ReviewStore, max_reviews: int = 1) -> None:
        self.store = store
        self.max_reviews = max_reviews
        self._slots: asyncio.Semaphore | None = None
        self._tasks: dict[tuple[str, str], asyncio.Task[None]] = {}
        self._progress: dict[tuple[str, str], tuple[int, int]] = {}
        self._stop = threading.Event()

    @property
    def slots(self) -> asyncio.Semaphore:
        """The queue of reviews (made inside the running loop)."""
        if self._slots is None:
            self._slots = asyncio.Semaphore(self.max_reviews)
        return self._slots

    async def status(self, subject: str, level: str) -> dict[str, Any]:
        """The review of ``subject``: ``{"status": "none"}`` when none was started."""
        state = await asyncio.to_thread(self.store.get, subject, level)
        if state is None:
            return {"status": "none", "level": level, "done": 0, "total": 0, "review": None}
        view = state.view()
        live = self._progress.get((subject, level))
        if live is not None and state.status == "running":
            view["done"], view["total"] = live
        return view

    async def start(self, subject: str, level: str, record: Record) -> dict[str, Any]:
        """Start the review of ``record`` unless it is done or running; its status."""
        key = (subject, level)
        task = self._tasks.get(key)
        idle = task is None or task.done()
        if idle and await asyncio.to_thread(self.store.claim, subject, level, 0):
            self._progress[key] = (0, 0)
            task = asyncio.get_running_loop().create_task(self._run(subject, level, record))
            self._tasks[key] = task
            task.add_done_callback(lambda done: self._forget(key, done))
        return await self.status(subject, level)

    def _forget(self, key: tuple[str, str], task: asyncio.Task[None]) -> None:
        if self._tasks.get(key) is task:
            del self._tasks[key]
            self._progress.pop(key, None)

    async def _run(self, subject: str, level: str, record: Record) -> None:
        key = (subject, level)
        last = [0.0]

        def progress(done: int, total: int) -> None:  # in the worker thread
            if self._stop.is_set():
                raise _Stopped
            self._progress[key] = (done, total)
            now = time.monotonic()
            if now - last[0] >= PROGRESS_EVERY:
                last[0] = now
                self.store.progress(subject, level, done, total)

        try:
            async with self.slots:
                with labelled(SEARCHES_BUSY, "review").track_inprogress():  # ops' gauge
                    review = await asyncio.to_thread(
                        review_record, record, level=level, seed=REVIEW_SEED, progress=progress
                    )
            total = self._progress.get(key, (0, 0))[1]
            await asyncio.to_thread(self.store.finish, subject, level, review.to_json_dict(), total)
        except (_Stopped, asyncio.CancelledError):
            stopped = "the server stopped during the review; start it again"
            await asyncio.to_thread(self.store.fail, subject, level, stopped)
            raise
        except Exception as error:  # a review that breaks is reported, never retried in a loop
            await asyncio.to_thread(self.store.fail, subject, level, f"the review failed: {error}")

    async def close(self) -> None:
        """Stop the running reviews (their threads stop at their next search)."""
        self._stop.set()
        for task in list(self._tasks.values()):
            task.cancel()
        for task in list(self._tasks.values()):
            with contextlib.suppress(asyncio.CancelledError, _Stopped):
                await task


def build(engine: Engine) -> Reviewer:
    """The reviews of one app on ``engine``."""
    return Reviewer(ReviewStore(engine))


ReviewerDep = Annotated[Reviewer, provided(Reviewer)]
"""A route parameter of this type receives the app's :class:`Reviewer`."""
