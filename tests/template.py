"""The database every test copies: migrated, with the rows a server makes on its first start.

A server that starts on a new database migrates it and makes its ``shoal-LEVEL`` computer
bots (about 0.1 to 0.2 s of commits, paid again by every app a test made on a copy of a
merely migrated database); the template has both done once per test process, so an app
made on a copy starts as a server does on its second start. The start on a database without
them is tested in tests/server/test_computer_bots.py (on a database of its own).
"""

from __future__ import annotations


def prepare(url: str) -> None:
    """Bring the empty database at ``url`` to the newest revision and add the computer bots."""
    from shoal.server.accounts.service import Accounts
    from shoal.server.bots.service import ensure_computer_bots
    from shoal.server.bots.store import BotStore
    from shoal.server.games.store import Store

    store = Store(url)  # migrated as the server does
    try:
        ensure_computer_bots(Accounts(store.engine), BotStore(store.engine))
    finally:
        store.close()  # disconnected: PostgreSQL copies only a database nobody is connected to
