"""Issue 38, items 5 and 10: one rule per kind of input at the edge, the same on both databases.

Item 10: a NUL byte answered 500 on PostgreSQL (its text cannot hold NUL; SQLite stores it):
in a game or record id in the path, a user name, a chat message, a sign-in name, an uploaded
record; and a game name with a NUL was accepted. Item 5: a newline in a player name was
accepted, and the exported record could not be read back.
"""

from __future__ import annotations

from typing import Any

import pytest

from shoal.records import read_json, read_text
from shoal.server import create_app
from shoal.server.inputs import NUL_REFUSED
from tests.clients import TestClient

from .accounts_helpers import signup

NEWLINE_NAME = 'a"]\n[Result "1-0"]'


@pytest.fixture
def app_client(db: str) -> Any:
    with TestClient(create_app(db, games_per_client=0)) as client:
        yield client


def operations(client: TestClient) -> list[tuple[str, str]]:
    """Every (method, path) of the API whose path takes a parameter."""
    schema = client.get("/openapi.json").json()
    return [
        (method.upper(), path)
        for path, item in schema["paths"].items()
        for method in item
        if "{" in path and method in ("get", "post", "put", "delete")
    ]


def test_a_nul_in_any_path_parameter_is_refused_with_words(app_client: TestClient) -> None:
    """Rule: NUL (and other control characters) in a path is refused at the edge with 400,
    on SQLite and PostgreSQL alike: every operation with a path parameter is tried."""
    tried = 0
    for method, path in operations(app_client):
        url = path
        while "{" in url:
            start, end = url.index("{"), url.index("}")
            url = url[:start] + "a%00b" + url[end + 1 :]
        response = app_client.request(method, url, json={})
        assert response.status_code == 400, (method, path, response.text)
        assert response.json()["detail"] == NUL_REFUSED
        tried += 1
    assert tried >= 23  # the 23 operations of the report, and more
    for url in ("/api/games/%00", "/api/users/a%00b", "/api/records/%01x", "/api/games?x=%00"):
        response = app_client.get(url)
        assert response.status_code == 400, (url, response.text)


def test_a_nul_in_a_body_is_refused_and_stores_nothing(app_client: TestClient) -> None:
    """Rule: a body holding NUL is refused (400) before any route: a game's name, a sign-in
    name, an uploaded record, a chat message; nothing is stored."""
    before = app_client.get("/api/games").json()
    made = app_client.post(
        "/api/games", json={"game": "connect4", "opponent": "local", "name": "a\u0000b"}
    )
    assert made.status_code == 400, made.text
    assert made.json()["detail"] == NUL_REFUSED
    assert app_client.get("/api/games").json() == before
    login = app_client.post("/api/auth/login", json={"username": "a\x00b", "password": "x" * 9})
    assert login.status_code == 400, login.text
    upload = app_client.post("/api/records", json={"text": '[Game "connect4"]\n\x00'})
    assert upload.status_code == 400, upload.text
    raw = app_client.post(
        "/api/records",
        content=b'{"text": "[Game \\"connect4\\"]\x00"}',
        headers={"content-type": "application/json"},
    )
    assert raw.status_code == 400, raw.text
    game = app_client.post("/api/games", json={"game": "connect4", "opponent": "friend"}).json()
    chat = app_client.post(
        f"/api/games/{game['id']}/chat", json={"room": "spectators", "text": "hi\u0000"}
    )
    assert chat.status_code == 400, chat.text
    assert app_client.get(f"/api/games/{game['id']}/chat?room=spectators").json() == []
    # a backslash before 'u0000' is text, not a NUL: accepted
    fine = app_client.post(
        "/api/games", json={"game": "connect4", "opponent": "local", "name": "\\u0000"}
    )
    assert fine.status_code == 201, fine.text


def test_a_name_is_one_line_of_plain_text_wherever_it_enters(app_client: TestClient) -> None:
    """Rule: one name rule wherever a name enters (a game, a claim, a spectator, a seek, an
    acceptance): a control character such as a newline is refused with words."""
    guest = {"X-Shoal-Guest": "guest-key-of-a-000000"}
    other = {"X-Shoal-Guest": "guest-key-of-b-000000"}
    made = app_client.post(
        "/api/games", json={"game": "connect4", "opponent": "friend", "name": NEWLINE_NAME}
    )
    assert made.status_code == 400 and "one line" in made.json()["detail"], made.text
    game = app_client.post("/api/games", json={"game": "connect4", "opponent": "friend"}).json()
    claim = app_client.post(
        f"/api/games/{game['id']}/claim",
        json={"name": "x\ty"},
        headers={"X-Shoal-Token": game["invite_token"]},
    )
    assert claim.status_code == 400 and "one line" in claim.json()["detail"], claim.text
    chat = app_client.post(
        f"/api/games/{game['id']}/chat",
        json={"room": "spectators", "text": "hello", "name": "eve\nalice"},
    )
    assert chat.status_code == 400 and "one line" in chat.json()["detail"], chat.text
    body = {"game": "syrtis", "time_control": "5+3", "name": "a\nb"}
    seek = app_client.post("/api/seeks", json=body, headers=guest)
    assert seek.status_code == 400 and "one line" in seek.json()["detail"], seek.text
    body["name"] = "Ann"
    sid = app_client.post("/api/seeks", json=body, headers=guest).json()["id"]
    accept = app_client.post(f"/api/seeks/{sid}/accept", json={"name": "b\rc"}, headers=other)
    assert accept.status_code == 400 and "one line" in accept.json()["detail"], accept.text
    assert app_client.get("/api/seeks", headers=other).json()[0]["id"] == sid  # still open
    assert signup(app_client, "bad\nname").status_code == 400


def test_a_name_with_quotes_and_brackets_round_trips_through_both_record_formats(
    app_client: TestClient,
) -> None:
    """Rule: any accepted name survives the export: the text and JSON records read back."""
    name = 'a"] [Result \\ "1-0"]'
    made = app_client.post(
        "/api/games", json={"game": "connect4", "opponent": "friend", "name": name, "seat": 0}
    )
    assert made.status_code == 201, made.text
    gid = made.json()["id"]
    text = app_client.get(f"/api/games/{gid}/record").text
    assert read_text(text).players == (name, "Guest")
    as_json = app_client.get(f"/api/games/{gid}/record?format=json").text
    assert read_json(as_json).players == (name, "Guest")
