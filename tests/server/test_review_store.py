"""The reviews' table (issue 26): claimed once, progress, failure and abandoned reviews.

On SQLite and PostgreSQL (``db_url``).
"""

from __future__ import annotations

import datetime

from sqlalchemy import update
from sqlalchemy.orm import Session

from shoal.server.games.store import Store
from shoal.server.review.store import STALE_SECONDS, ReviewStore
from shoal.server.review.tables import ReviewRow


def test_a_review_is_claimed_once_and_reports_progress(db_url: str) -> None:
    store = Store(db_url)
    reviews = ReviewStore(store.engine)
    assert reviews.get("game/a", "normal") is None
    assert reviews.claim("game/a", "normal", 0) is True
    assert reviews.claim("game/a", "normal", 0) is False  # running: nobody starts it again
    assert reviews.claim("game/a", "quick", 0) is True  # another level is another review
    reviews.progress("game/a", "normal", 3, 10)
    state = reviews.get("game/a", "normal")
    assert state is not None and state.view()["done"] == 3 and state.view()["total"] == 10
    assert state.view()["status"] == "running" and state.view()["review"] is None
    reviews.finish("game/a", "normal", {"turns": []}, 10)
    done = reviews.get("game/a", "normal")
    assert done is not None
    assert done.view() == {
        "status": "done",
        "level": "normal",
        "done": 10,
        "total": 10,
        "review": {"turns": []},
        "error": None,
    }
    assert reviews.claim("game/a", "normal", 0) is False  # done: computed once
    store.close()


def test_failed_and_abandoned_reviews_are_claimed_again(db_url: str) -> None:
    store = Store(db_url)
    reviews = ReviewStore(store.engine)
    reviews.claim("record/r", "normal", 0)
    reviews.fail("record/r", "normal", "the review failed: no")
    failed = reviews.get("record/r", "normal")
    assert failed is not None and failed.status == "failed" and "no" in (failed.error or "")
    assert reviews.claim("record/r", "normal", 0) is True
    assert reviews.get("record/r", "normal").status == "running"  # type: ignore[union-attr]
    # a running review whose process died: no progress for longer than STALE_SECONDS
    old = datetime.datetime.now(datetime.UTC).replace(tzinfo=None) - datetime.timedelta(
        seconds=STALE_SECONDS + 5
    )
    with Session(store.engine) as session:
        session.execute(update(ReviewRow).values(updated=old))
        session.commit()
    abandoned = reviews.get("record/r", "normal")
    assert abandoned is not None and abandoned.stale
    assert reviews.claim("record/r", "normal", 0) is True
    assert reviews.claim("record/r", "normal", 0) is False
    store.close()
