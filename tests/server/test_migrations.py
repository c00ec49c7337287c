"""Alembic migrations: a database made by the release before accounts is upgraded losslessly.

``data/legacy-3410d59.sqlite3`` was made by commit 3410d59's server (before
migrations existed): a friend game with four moves, a game against the computer,
a game at one screen and an uploaded record.
"""

from __future__ import annotations

import shutil
import sqlite3
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import create_engine, inspect

from shoal.server import create_app
from shoal.server.db import migrate
from shoal.server.games.models import hash_token
from tests.clients import TestClient

LEGACY = Path(__file__).parent / "data" / "legacy-3410d59.sqlite3"
FRIEND, HOST, GUEST = (
    "iMPpxlJLJz4",
    "stFvgCz6jelvbhgIsD5ltCK0mc0eRQGq",
    "vyRZGGyTFaSzNoeRjKmfLW6lcvytu8vf",
)
COMPUTER, COMPUTER_TOKEN = "j5BMBLIMODY", "vo0OhHCFhPp6LidOgu2-dWnc7GB3k7EW"
LOCAL, RECORD = "svSC96Pa0gY", "YbBGar1D7p4"
SRC = str(Path(__file__).resolve().parents[2] / "src")


def _rows(path: Path) -> dict[str, list[tuple[Any, ...]]]:
    """Every row of the legacy tables, in the legacy file's columns (new columns aside)."""
    columns = {}
    with sqlite3.connect(LEGACY) as legacy:
        for table in ("shoal_games", "shoal_records"):
            columns[table] = [r[1] for r in legacy.execute(f"PRAGMA table_info({table})")]
    with sqlite3.connect(path) as db:
        return {
            table: sorted(db.execute(f"SELECT {', '.join(names)} FROM {table}").fetchall())
            for table, names in columns.items()
        }


@pytest.fixture
def legacy(tmp_path: Path) -> Path:
    path = tmp_path / "old.sqlite3"
    shutil.copy(LEGACY, path)
    return path


def test_the_legacy_file_has_no_revision(legacy: Path) -> None:
    engine = create_engine(f"sqlite:///{legacy}")
    assert migrate.current(engine) is None
    assert inspect(engine).has_table("shoal_games")
    engine.dispose()


def test_shoal_db_upgrade_keeps_every_game_move_token_and_record(legacy: Path) -> None:
    before = _rows(legacy)
    assert len(before["shoal_games"]) == 3 and len(before["shoal_records"]) == 1
    out = subprocess.run(
        [sys.executable, "-m", "shoal.cli", "db", "upgrade", "--database", f"sqlite:///{legacy}"],
        capture_output=True,
        text=True,
        env={"PYTHONPATH": SRC},
        check=True,
    ).stdout
    assert f"upgraded from revision none to {migrate.head()}" in out
    assert _rows(legacy) == before  # not a value changed
    with sqlite3.connect(legacy) as db:
        assert db.execute("SELECT accounts FROM shoal_games").fetchall() == [(None,)] * 3
        assert db.execute("SELECT count(*) FROM shoal_users").fetchone() == (0,)
    engine = create_engine(f"sqlite:///{legacy}")
    assert migrate.current(engine) == migrate.head()
    engine.dispose()
    again = subprocess.run(
        [sys.executable, "-m", "shoal.cli", "db", "upgrade", "--database", f"sqlite:///{legacy}"],
        capture_output=True,
        text=True,
        env={"PYTHONPATH": SRC},
        check=True,
    ).stdout
    assert "nothing to do" in again


def test_the_server_upgrades_on_start_and_old_tokens_still_play(legacy: Path) -> None:
    with TestClient(create_app(f"sqlite:///{legacy}")) as client:
        friend = client.get(f"/api/games/{FRIEND}", headers={"X-Shoal-Token": HOST}).json()
        assert friend["version"] == 5 and friend["you"] == [0]
        assert friend["ply"] == 4 and [t["text"] for t in friend["turns"]][:1] == ["j10"]
        guest = client.get(f"/api/games/{FRIEND}", headers={"X-Shoal-Token": GUEST}).json()
        assert guest["you"] == [1]
        assert client.get(f"/api/games/{LOCAL}").status_code == 200
        assert client.get(f"/api/records/{RECORD}/record").status_code == 200
        mine = client.get(f"/api/games/{COMPUTER}", headers={"X-Shoal-Token": COMPUTER_TOKEN})
        assert mine.json()["you"] == [0]
        # The old seat token still plays a move.
        view = client.get(f"/api/games/{FRIEND}").json()
        token = HOST if view["to_move"] == 0 else GUEST
        legal = view["legal"][0]
        action = legal["action"]
        played = client.post(
            f"/api/games/{FRIEND}/actions",
            json={"version": 5, "action": action},
            headers={"X-Shoal-Token": token},
        )
        assert played.status_code == 200, played.text
        assert played.json()["version"] == 6
    with sqlite3.connect(legacy) as db:
        hashes = db.execute(
            "SELECT token_hashes FROM shoal_games WHERE id = ?", (FRIEND,)
        ).fetchone()[0]
    assert hash_token(HOST) in hashes and hash_token(GUEST) in hashes


def test_a_fresh_database_is_at_the_newest_revision(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'new.sqlite3'}"
    with TestClient(create_app(url)):
        pass
    engine = create_engine(url)
    assert migrate.current(engine) == migrate.head()
    engine.dispose()


def test_a_bad_database_url_is_refused_in_words(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "shoal.cli", "db", "upgrade", "--database", "nosuch://x"],
        capture_output=True,
        text=True,
        env={"PYTHONPATH": SRC},
    )
    assert done.returncode != 0
    assert "nosuch" in done.stderr
