"""Helpers of the account tests: sign up / in through the API, read the database, read a socket."""

from __future__ import annotations

from typing import Any

from sqlalchemy import create_engine, text
from sqlalchemy.sql import Executable

from tests.clients import TestClient

PASSWORD = "correct horse"


def signup(client: TestClient, username: str, password: str = PASSWORD, **more: Any) -> Any:
    """POST /api/auth/signup."""
    return client.post(
        "/api/auth/signup", json={"username": username, "password": password, **more}
    )


def login(client: TestClient, username: str, password: str = PASSWORD) -> Any:
    """POST /api/auth/login."""
    return client.post("/api/auth/login", json={"username": username, "password": password})


def rows(db: str, sql: str | Executable, **params: Any) -> list[tuple[Any, ...]]:
    """Rows of ``sql`` (text with ``:name`` parameters, or a SQLAlchemy statement) in the
    database of URL ``db`` (SQLite or PostgreSQL), through SQLAlchemy."""
    engine = create_engine(db)
    try:
        with engine.begin() as connection:
            statement = text(sql) if isinstance(sql, str) else sql
            result = connection.execute(statement, params)
            return [tuple(row) for row in result] if result.returns_rows else []
    finally:
        engine.dispose()


def error(response: Any, status: int, words: str) -> None:
    """``response`` is a refusal with ``status`` and ``words`` in its message."""
    assert response.status_code == status, response.text
    assert words in response.json()["detail"], response.text


def until_pong(socket: Any) -> list[dict[str, Any]]:
    """The messages a socket got before the answer to a ``ping`` sent now (a message that
    never comes fails the comparison instead of hanging the test)."""
    socket.send_text("ping")
    got = []
    while (message := socket.receive_json())["type"] != "pong":
        got.append(message)
    return got
