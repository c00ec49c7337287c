"""Several server processes on one database: no move accepted twice, none refused wrongly."""

from __future__ import annotations

from shoal.server import create_app
from tests.clients import TestClient

from ._live import auth


def test_a_process_that_missed_a_move_catches_up(db: str) -> None:
    """A client who saw version 2 through process A may play it through process B."""
    with TestClient(create_app(db)) as a, TestClient(create_app(db)) as b:
        made = a.post("/api/games", json={"game": "connect4", "opponent": "local"}).json()
        gid, token = made["id"], made["token"]
        assert b.get(f"/api/games/{gid}").json()["version"] == 1  # B has it loaded
        moved = a.post(
            f"/api/games/{gid}/actions", json={"version": 1, "action": 0}, headers=auth(token)
        )
        assert moved.json()["version"] == 2
        response = b.post(
            f"/api/games/{gid}/actions", json={"version": 2, "action": 1}, headers=auth(token)
        )
        assert response.status_code == 200, response.text
        assert [t["text"] for t in response.json()["turns"]] == ["a", "b"]
        response = a.post(f"/api/games/{gid}/undo", json={"version": 3}, headers=auth(token))
        assert response.status_code == 200, response.text
        assert response.json()["ply"] == 1
        # A stale version is still refused, by either process.
        for client in (a, b):
            response = client.post(
                f"/api/games/{gid}/actions", json={"version": 2, "action": 3}, headers=auth(token)
            )
            assert response.status_code == 409, response.text


def test_the_schema_fits_postgresql() -> None:
    """Seeds reach 2**63 - 1: a BIGINT column (PostgreSQL's INTEGER stops at 2**31 - 1)."""
    from sqlalchemy.dialects import postgresql
    from sqlalchemy.schema import CreateTable

    from shoal.server.games.tables import GameRow

    ddl = str(CreateTable(GameRow.__table__).compile(dialect=postgresql.dialect()))  # type: ignore[arg-type]
    assert "seed BIGINT" in ddl and "version INTEGER NOT NULL" in ddl
