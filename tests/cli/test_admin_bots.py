"""``shoal admin bot / token / revoke`` on a SQLite file: the command run in the tests'
process (what it does), and once as a real process (the entry point)."""

from __future__ import annotations

import hashlib
import sqlite3
import subprocess
import sys
from pathlib import Path

from shoal.server import create_app
from tests.clients import TestClient

from .inproc import shoal

SRC = str(Path(__file__).resolve().parents[2] / "src")
TOKEN = ("token", "robot")


def _admin(db: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """``shoal admin --database sqlite:///DB ARGS``, run in this process."""
    return shoal("admin", "--database", f"sqlite:///{db}", *args)


def test_bot_token_and_revoke(tmp_path: Path) -> None:
    db = tmp_path / "shoal.sqlite3"
    with TestClient(create_app(f"sqlite:///{db}")) as client:
        made = client.post(
            "/api/auth/signup", json={"username": "robot", "password": "a long password"}
        )
        assert made.status_code == 201
    refused = subprocess.run(  # the real entry point, once
        [sys.executable, "-m", "shoal.cli", "admin", "--database", f"sqlite:///{db}", *TOKEN],
        capture_output=True,
        text=True,
        env={"PYTHONPATH": SRC},
        timeout=60,
    )
    assert refused.returncode == 1
    assert "robot is not a bot (first: shoal admin bot robot)" in refused.stderr
    assert "is now a bot" in _admin(db, "bot", "robot").stdout
    assert "was a bot already" in _admin(db, "bot", "robot").stdout
    first = _admin(db, "token", "robot")
    second = _admin(db, "token", "robot")
    assert first.returncode == second.returncode == 0
    tokens = [first.stdout.splitlines()[-1], second.stdout.splitlines()[-1]]
    assert tokens[0] != tokens[1] and all(t.startswith("shb_") for t in tokens)
    with sqlite3.connect(db) as connection:
        stored = {r[0] for r in connection.execute("SELECT token_hash FROM shoal_bot_tokens")}
    assert stored == {hashlib.sha256(t.encode()).hexdigest() for t in tokens}  # only hashes
    assert "2 API tokens of robot revoked" in _admin(db, "revoke", "robot").stdout
    assert "0 API tokens of robot revoked" in _admin(db, "revoke", "robot").stdout
    own = _admin(db, "token", "shoal-club")
    assert own.returncode == 1 and "the server's own AI: it needs no token" in own.stderr
    missing = _admin(db, "token", "nobody")
    assert missing.returncode == 1 and "there is no user 'nobody'" in missing.stderr
