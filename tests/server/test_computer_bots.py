"""The server's own shoal-LEVEL accounts, made on start by whichever worker comes first."""

from __future__ import annotations

from pathlib import Path

import pytest

from shoal.ai.players import LEVELS
from shoal.server.accounts.service import Accounts
from shoal.server.bots.service import BOT_PREFIX, COMPUTER_PASSWORD, ensure_computer_bots
from shoal.server.bots.store import BotStore
from shoal.server.games.store import Store


@pytest.fixture(params=["sqlite", "postgres"])
def fresh(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """An empty database (SQLite, then PostgreSQL): the tests' usual copies have the bots made
    already (tests/template.py); these tests are about making them."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'fresh.sqlite3'}"
    server = request.getfixturevalue("postgres_server")
    url = server.new_database()
    request.addfinalizer(lambda: server.drop_database(url))
    return str(url)


def test_every_level_gets_its_bot_once_and_a_second_start_changes_nothing(fresh: str) -> None:
    store = Store(fresh)
    accounts, bots = Accounts(store.engine), BotStore(store.engine)
    first = ensure_computer_bots(accounts, bots)
    assert sorted(first) == sorted(LEVELS)
    again = ensure_computer_bots(accounts, bots)
    assert {k: u.id for k, u in again.items()} == {k: u.id for k, u in first.items()}


def test_an_account_made_by_another_worker_but_not_yet_marked_becomes_the_bot(fresh: str) -> None:
    """A worker that finds shoal-LEVEL made (by a worker starting at the same moment) but not
    yet marked a bot marks it, instead of taking it for a person's account."""
    store = Store(fresh)
    accounts, bots = Accounts(store.engine), BotStore(store.engine)
    level = LEVELS[1]
    half_made = accounts.store.create_user(BOT_PREFIX + level, COMPUTER_PASSWORD)
    person = accounts.store.create_user(BOT_PREFIX + LEVELS[0], "$argon2id$v=19$a-person")
    assert half_made is not None and person is not None
    made = ensure_computer_bots(accounts, bots)
    assert made[level].id == half_made.id
    assert LEVELS[0] not in made and not bots.is_bot(person.id)


def test_levels_of_names_the_server_bots_levels_in_one_read_and_leaves_out_the_others(
    fresh: str,
) -> None:
    """An event's games ask the levels of all its players at once (issue 59): each of the
    server's bots with its level; a program's bot account (no level) and a person are left out."""
    store = Store(fresh)
    accounts, bots = Accounts(store.engine), BotStore(store.engine)
    made = ensure_computer_bots(accounts, bots)
    program = accounts.store.create_user("a-program", "$argon2id$v=19$a-program")
    person = accounts.store.create_user("a-person", "$argon2id$v=19$a-person")
    assert program is not None and person is not None
    bots.mark(program.id)
    asked = [u.id for u in made.values()] + [program.id, person.id, 10_000]
    assert bots.levels_of(asked) == {u.id: level for level, u in made.items()}
    assert bots.levels_of([]) == {}
    assert all(bots.levels_of([u.id]) == {u.id: bots.level_of(u.id)} for u in made.values())
