"""Sign-in attempt limits counted in the database: they hold across server processes.

Each "process" here is its own :class:`Store` (its own engine and connections) or its
own app on the same database, as ``shoal serve --workers N`` runs them; both
databases (``db_url``: SQLite, then the private PostgreSQL).
"""

from __future__ import annotations

from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor

import pytest
from sqlalchemy import func, select

from shoal.server import create_app
from shoal.server.accounts.attempt_tables import AttemptRow
from shoal.server.accounts.attempts import AttemptStore
from shoal.server.games.store import Store
from tests.clients import TestClient

from .accounts_helpers import error, login, rows, signup


class Clock:
    """A clock the test moves by hand."""

    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def stores(db_url: str) -> Iterator[tuple[Store, Store]]:
    """Two processes' stores on one database."""
    first, second = Store(db_url), Store(db_url)
    yield first, second
    first.engine.dispose()
    second.engine.dispose()


def test_the_limit_is_shared_by_two_processes_and_slides(stores: tuple[Store, Store]) -> None:
    clock = Clock()
    a, b = (AttemptStore(s.engine, "account", 3, 600.0, clock) for s in stores)
    assert a.attempt("alice") is None
    clock.now += 100
    assert b.attempt("alice") is None
    assert a.attempt("alice") is None  # three, from two processes
    assert b.attempt("alice") == 500  # the first attempt leaves the window in 500 s
    assert a.attempt("alice") == 500
    assert a.attempt("bob") is None  # another key has its own count
    clock.now += 501  # the first attempt has left the window
    assert b.attempt("alice") is None
    assert a.attempt("alice") is not None


def test_refused_attempts_are_not_kept_and_old_ones_are_deleted(
    stores: tuple[Store, Store], db_url: str
) -> None:
    clock = Clock()
    a = AttemptStore(stores[0].engine, "address", 2, 60.0, clock)
    for _ in range(5):
        a.attempt("10.0.0.1")
    count = select(func.count()).select_from(AttemptRow)
    assert rows(db_url, count) == [(2,)]  # the three refused ones are gone
    clock.now += 61
    assert a.attempt("10.0.0.2") is None
    assert rows(db_url, select(AttemptRow.key)) == [("address:10.0.0.2",)]


def test_kinds_do_not_mix(stores: tuple[Store, Store]) -> None:
    clock = Clock()
    by_address = AttemptStore(stores[0].engine, "address", 1, 60.0, clock)
    by_account = AttemptStore(stores[1].engine, "account", 1, 600.0, clock)
    assert by_address.attempt("x") is None
    assert by_account.attempt("x") is None  # same key, other kind
    clock.now += 100  # past the address window, within the account one
    assert by_address.attempt("y") is None  # its clean-up leaves the account's rows alone
    assert by_account.attempt("x") == 500


def test_sign_in_limits_hold_across_two_apps_on_one_database(db_url: str) -> None:
    with TestClient(create_app(db_url)) as one, TestClient(create_app(db_url)) as two:
        signup(one, "alice")
        for n in range(8):  # the account's 8 attempts, spread over both processes
            error(login((one, two)[n % 2], "alice", "guess guess"), 401, "wrong username")
        for process in (one, two):
            refused = login(process, "alice")  # even the right password waits, on either
            error(refused, 429, "too many sign-in attempts for this account")
            assert 590 <= int(refused.headers["Retry-After"]) <= 600


def test_racing_sign_ins_in_two_processes_never_pass_the_limit(db_url: str) -> None:
    """Issue 56: each attempt is counted before its password is checked, so sixteen wrong
    passwords sent at once through two apps (two processes) are tried at most 8 times (the
    account's limit from one address); before, each process could let one more through.
    A success afterwards is still refused, and gives back nothing it did not take.
    (When the racing attempts all counted one another first, fewer than 8 are tried and all
    the others refused: the failures are then made up to the limit one at a time.)"""
    apps = [create_app(db_url), create_app(db_url)]
    with TestClient(apps[0]) as one, TestClient(apps[1]) as two:
        signup(one, "alice")

        def attempt(n: int) -> int:
            return int(login((one, two)[n % 2], "alice", "guess guess").status_code)

        with ThreadPoolExecutor(8) as pool:
            codes = list(pool.map(attempt, range(16)))
        assert codes.count(401) <= 8 and codes.count(401) + codes.count(429) == 16
        kept = rows(
            db_url,
            select(func.count()).select_from(AttemptRow).where(AttemptRow.key.like("pair:%")),
        )
        assert kept == [(codes.count(401),)]  # the failures tried are the rows kept
        # attempts that all counted one another before any was taken back are all refused
        # (fewer than 8 tried: the race gave the guesser less, never more); the failures
        # up to the limit, one at a time, are tried, and no more
        for _ in range(8 - codes.count(401)):
            assert login(two, "alice", "guess guess").status_code == 401
        error(login(one, "alice", "guess guess"), 429, "too many sign-in attempts")
        error(login(one, "alice"), 429, "too many sign-in attempts")
