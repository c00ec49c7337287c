"""Accounts on a real ``shoal serve``: no password or session in its log; ``shoal admin``."""

from __future__ import annotations

import hashlib
import sqlite3
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import httpx

from ..cli.inproc import shoal
from ._live import SRC, LiveServer
from .accounts_helpers import PASSWORD

PRODUCTION_COST = "$argon2id$v=19$m=19456,t=2,p=1$"
"""Argon2id's parameters in a hash made at the production cost (the tests' own process
lowers it: tests/conftest.py; a real server and ``shoal admin`` never do)."""


def _stored_hash(db: Path, name: str) -> str:
    with sqlite3.connect(db) as connection:
        row = connection.execute(
            "SELECT password_hash FROM shoal_users WHERE username = ?", (name,)
        ).fetchone()
    return str(row[0])


def _admin(db: Path, *args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    """``shoal admin`` in the tests' own process (tests/cli/inproc.py): a new process costs
    2-5 s to start; :func:`_admin_process` where the real process is the point."""
    return shoal("admin", "--database", f"sqlite:///{db}", *args, stdin=stdin)


def _admin_process(db: Path, *args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    """``shoal admin`` as its own process: the production cost of a password it sets (the
    tests' own process lowers the cost)."""
    return subprocess.run(
        [sys.executable, "-m", "shoal.cli", "admin", "--database", f"sqlite:///{db}", *args],
        capture_output=True,
        text=True,
        input=stdin,
        env={"PYTHONPATH": SRC},
    )


def test_passwords_and_sessions_never_reach_the_log(
    live: Callable[..., LiveServer], tmp_path: Path
) -> None:
    server = live("--log-level", "debug")
    secrets = [PASSWORD, "wrong password 1", "new password 2"]
    with httpx.Client(base_url=server.url) as browser:
        signup = browser.post("/api/auth/signup", json={"username": "alice", "password": PASSWORD})
        assert signup.status_code == 201
        secrets.append(browser.cookies["shoal_session"])
        assert browser.get("/api/me").status_code == 200
        with httpx.Client(base_url=server.url) as other:
            bad = other.post(
                "/api/auth/login", json={"username": "alice", "password": "wrong password 1"}
            )
            assert bad.status_code == 401
        changed = browser.post(
            "/api/auth/password", json={"old": PASSWORD, "new": "new password 2"}
        )
        assert changed.status_code == 200
        secrets.append(browser.cookies["shoal_session"])
        assert browser.post("/api/auth/logout-everywhere").status_code == 200
    server.stop()
    log = server.log()
    assert "shoal.access: POST /api/auth/login 401 " in log  # the access log ran
    hashes = [hashlib.sha256(s.encode()).hexdigest() for s in secrets]
    assert not [s for s in secrets + hashes if s in log]


def test_shoal_admin_lists_disables_enables_and_sets_passwords(
    live: Callable[..., LiveServer], tmp_path: Path
) -> None:
    server = live()
    db = tmp_path / "live.sqlite3"
    with httpx.Client(base_url=server.url) as browser:
        browser.post("/api/auth/signup", json={"username": "alice", "password": PASSWORD})
        signed_up = _stored_hash(db, "alice")
        assert signed_up.startswith(PRODUCTION_COST), signed_up
        listing = _admin(db, "list")
        assert listing.returncode == 0 and "alice" in listing.stdout and "active" in listing.stdout
        disabled = _admin(db, "disable", "ALICE")
        assert disabled.returncode == 0 and "1 sessions ended" in disabled.stdout
        assert browser.get("/api/me").status_code == 401
        login = {"username": "alice", "password": PASSWORD}
        refused = browser.post("/api/auth/login", json=login)
        assert refused.status_code == 403 and "disabled" in refused.json()["detail"]
        assert "disabled" in _admin(db, "list").stdout
        assert _admin(db, "enable", "alice").returncode == 0
        assert browser.post("/api/auth/login", json=login).status_code == 200
        short = _admin(db, "password", "alice", "--password-stdin", stdin="short\n")
        assert short.returncode == 1 and "at least 8 characters" in short.stderr
        assert browser.get("/api/me").status_code == 200  # nothing changed
        done = _admin_process(db, "password", "alice", "--password-stdin", stdin="brand new pass\n")
        assert done.returncode == 0, done.stderr
        assert browser.get("/api/me").status_code == 401  # its sessions ended
        assert _stored_hash(db, "alice").startswith(PRODUCTION_COST)
        assert _stored_hash(db, "alice") != signed_up
        assert browser.post("/api/auth/login", json=login).status_code == 401
        login["password"] = "brand new pass"
        assert browser.post("/api/auth/login", json=login).status_code == 200
        missing = _admin(db, "disable", "nobody")
        assert missing.returncode == 1 and "no user 'nobody'" in missing.stderr
