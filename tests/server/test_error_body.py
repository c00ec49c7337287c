"""Every refusal has one body, ``{"detail": "words"}`` (issue 37), and the schema says so.

Rule (docs/server.md, "Refusals"): whatever the status (400, 401, 403, 404, 405, 409, 413,
422, 429, 500, 503), the body is :class:`~shoal.server.errors.ErrorBody`: one field,
``detail``, a sentence (FastAPI's own 422 list included); every route declares ErrorBody for
the statuses it may answer, and 400, 422, 500 and 503 on every route. The 503 of a database
that is away is answered live in test_seams_db_down.py (PostgreSQL stopped mid-play).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from fastapi import FastAPI
from httpx import Response

from shoal.server import create_app
from shoal.server.errors import EVERY_ROUTE, INTERNAL_ERROR, ErrorBody, add_error_handlers
from tests.clients import TestClient

GAME = {"game": "connect4", "opponent": "local", "seed": 1}


@pytest.fixture(scope="module")
def client() -> Iterator[TestClient]:
    app = create_app("sqlite://", games_per_client=2, max_body=2000)
    with TestClient(app, raise_server_exceptions=False) as c:
        yield c


def _refusal(response: Response, status: int) -> str:
    assert response.status_code == status, response.text
    assert response.headers["content-type"] == "application/json"
    body = ErrorBody.model_validate(response.json())  # exactly {"detail": str}, nothing more
    assert isinstance(body.detail, str) and body.detail.strip()
    return body.detail


def test_every_status_answers_the_one_body(client: TestClient) -> None:
    made = client.post("/api/games", json=GAME).json()
    gid, token = made["id"], made["token"]
    mine = {"X-Shoal-Token": token}
    assert "control" in _refusal(client.get("/api/games/a%01b"), 400)
    _refusal(client.get("/api/me"), 401)
    _refusal(client.post(f"/api/games/{gid}/actions", json={"version": 1, "action": 3}), 403)
    assert "no game" in _refusal(client.get("/api/games/nothing-here"), 404)
    _refusal(client.put("/api/games"), 405)
    stale = client.post(f"/api/games/{gid}/actions", json={"version": 7, "action": 3}, headers=mine)
    _refusal(stale, 409)
    _refusal(client.post("/api/records", content=b'{"text": "' + b"x" * 3000 + b'"}'), 413)
    words = _refusal(client.post(f"/api/games/{gid}/actions", json={"action": 3}), 422)
    assert words == "version is missing"  # a sentence, not FastAPI's list of errors
    client.post("/api/games", json=GAME)
    assert "too many" in _refusal(client.post("/api/games", json=GAME), 429)


def test_a_405_allows_every_method_of_the_path(client: TestClient) -> None:
    """``/api/games`` is served by two routes (GET and POST): ``Allow`` names both."""
    response = client.delete("/api/games")
    _refusal(response, 405)
    allowed = {m.strip() for m in response.headers["allow"].split(",")}
    assert {"GET", "POST"} <= allowed


def test_a_defect_answers_500_with_the_one_body() -> None:
    """An exception no route expected: 500 with words (the handler the app installs)."""
    app = FastAPI()
    add_error_handlers(app, 1000)

    @app.get("/broken")
    async def broken() -> None:
        raise RuntimeError("a defect")

    with TestClient(app, raise_server_exceptions=False) as c:
        assert _refusal(c.get("/broken"), 500) == INTERNAL_ERROR


def test_the_schema_declares_the_one_body_on_every_route(client: TestClient) -> None:
    schema: dict[str, Any] = client.get("/openapi.json").json()
    assert "HTTPValidationError" not in schema["components"]["schemas"]  # FastAPI's 422 list
    assert schema["components"]["schemas"]["ErrorBody"]["required"] == ["detail"]
    for path, operations in schema["paths"].items():
        for method, operation in operations.items():
            for status, response in operation["responses"].items():
                if status[0] in "45":
                    ref = response["content"]["application/json"]["schema"]["$ref"]
                    assert ref.endswith("/ErrorBody"), (method, path, status)
            declared = {int(s) for s in operation["responses"] if s[0] in "45"}
            assert set(EVERY_ROUTE) <= declared, (method, path)


def test_every_json_answer_has_a_response_model(client: TestClient) -> None:
    """No JSON route answers a loose object: each 2xx body is a named schema (or a list or
    map of one, or one of several); downloads declare their media types instead."""
    schema: dict[str, Any] = client.get("/openapi.json").json()
    loose = []
    for path, operations in schema["paths"].items():
        for method, operation in operations.items():
            for status, response in operation["responses"].items():
                content = response.get("content", {})
                if status[0] != "2" or set(content) != {"application/json"}:
                    continue
                found = content["application/json"]["schema"]
                inner = found.get("items") or found.get("additionalProperties") or found
                if "anyOf" in inner and all("$ref" in one for one in inner["anyOf"]):
                    continue  # one of named schemas (a change's view or delta)
                if "$ref" not in inner and "$ref" not in str(inner.get("items", "")):
                    loose.append(f"{method.upper()} {path}")
    assert loose == []
