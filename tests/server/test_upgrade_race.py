"""Processes that start together on a fresh PostgreSQL database upgrade it one at a time."""

from __future__ import annotations

import threading

from sqlalchemy import create_engine

from shoal.server.db import migrate

from ..pg import PostgresServer


def test_concurrent_upgrades_of_a_fresh_database_all_succeed(
    postgres_server: PostgresServer,
) -> None:
    url = postgres_server.new_database()
    engines = [create_engine(url) for _ in range(4)]  # four processes' connections
    start = threading.Barrier(len(engines))
    outcomes: list[object] = []

    def upgrade(n: int) -> None:
        start.wait()
        try:
            outcomes.append(migrate.upgrade(engines[n]))
        except Exception as error:  # what the race did before the advisory lock
            outcomes.append(error)

    threads = [threading.Thread(target=upgrade, args=(n,)) for n in range(len(engines))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    head = migrate.head()
    assert sorted(map(str, outcomes)) == sorted(
        [str((None, head))] + [str((head, head))] * (len(engines) - 1)
    ), outcomes  # one did the work; the others found it done
    assert migrate.current(engines[0]) == head
    for engine in engines:
        engine.dispose()
