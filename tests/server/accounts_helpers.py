"""Helpers of the account tests: sign up / in through the API, read the database."""

from __future__ import annotations

import sqlite3
from typing import Any

from fastapi.testclient import TestClient

PASSWORD = "correct horse"


def signup(client: TestClient, username: str, password: str = PASSWORD, **more: Any) -> Any:
    """POST /api/auth/signup."""
    return client.post(
        "/api/auth/signup", json={"username": username, "password": password, **more}
    )


def login(client: TestClient, username: str, password: str = PASSWORD) -> Any:
    """POST /api/auth/login."""
    return client.post("/api/auth/login", json={"username": username, "password": password})


def rows(db: str, sql: str, *args: Any) -> list[tuple[Any, ...]]:
    """Rows of ``sql`` in the SQLite database of URL ``db``."""
    with sqlite3.connect(db.removeprefix("sqlite:///")) as connection:
        return connection.execute(sql, args).fetchall()


def error(response: Any, status: int, words: str) -> None:
    """``response`` is a refusal with ``status`` and ``words`` in its message."""
    assert response.status_code == status, response.text
    assert words in response.json()["detail"], response.text
