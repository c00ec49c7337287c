"""Bad input: every malformed or refused request gets a 4xx with a clear message, never a 5xx,
and never changes a game (checked against the database row itself)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from shoal import games
from shoal.server import create_app
from shoal.server.games.store import Store
from tests.clients import TestClient

from ._live import auth

GAME = "connect4"
FULL_A = "......./......./......./......./......./....... x"


def stored(db: str, gid: str) -> tuple[Any, ...]:
    store = Store(db)
    data = store.load(gid)
    store.close()
    assert data is not None
    return (data.version, list(data.actions), data.ended, data.clock)


def detail_text(response: Any) -> str:
    """The message: always a sentence, never FastAPI's raw list of field errors."""
    detail = response.json()["detail"]
    assert isinstance(detail, str), detail
    return detail


@pytest.fixture
def setup(db: str) -> Iterator[tuple[TestClient, dict[str, Any], dict[str, Any]]]:
    """A local game with column a full (6 stones) and a friend game, each with a move."""
    with TestClient(create_app(db, max_body=64 * 1024, games_per_client=0)) as client:
        local = client.post("/api/games", json={"game": GAME, "opponent": "local"}).json()
        for version in range(1, 7):
            response = client.post(
                f"/api/games/{local['id']}/actions",
                json={"version": version, "action": 0},
                headers=auth(local["token"]),
            )
            assert response.status_code == 200
        friend = client.post(
            "/api/games", json={"game": GAME, "opponent": "friend", "seat": 0}
        ).json()
        yield client, local, friend


ACTION_CASES: list[tuple[str, dict[str, Any], int, str]] = [
    # (what, request kwargs for POST /actions, status, words in the message)
    ("malformed JSON", {"content": b'{"version": 7, "action":'}, 422, "not valid JSON"),
    ("not JSON at all", {"content": b"\xff\xfe garbage"}, 422, "not valid JSON"),
    ("a list, not an object", {"json": [7, 1]}, 422, "body"),
    ("no version", {"json": {"action": 1}}, 422, "version is missing"),
    ("a version that is no number", {"json": {"version": "x", "action": 1}}, 422, "version"),
    ("an action that is no number", {"json": {"version": 7, "action": "b"}}, 422, "action"),
    ("an action out of range", {"json": {"version": 7, "action": 7}}, 422, "out of range"),
    ("a negative action", {"json": {"version": 7, "action": -1}}, 422, "out of range"),
    ("a huge action", {"json": {"version": 7, "action": 2**70}}, 422, "out of range"),
    ("neither number nor text", {"json": {"version": 7}}, 400, "either an action number"),
    ("both number and text", {"json": {"version": 7, "action": 1, "text": "b"}}, 400, "either"),
    ("an illegal action", {"json": {"version": 7, "action": 0}}, 422, "column a is full"),
    ("an illegal text", {"json": {"version": 7, "text": "a"}}, 422, "a:"),
    ("malformed notation", {"json": {"version": 7, "text": "zz9"}}, 400, ""),
    ("an empty text", {"json": {"version": 7, "text": ""}}, 400, ""),
    ("a text too long", {"json": {"version": 7, "text": "b" * 501}}, 422, "at most 500"),
    ("control characters", {"json": {"version": 7, "text": "\x00\u202e"}}, 400, ""),
    ("a stale version", {"json": {"version": 6, "action": 1}}, 409, "the game has changed"),
    ("a future version", {"json": {"version": 99, "action": 1}}, 409, "the game has changed"),
    ("a version out of any range", {"json": {"version": 2**80, "action": 1}}, 409, "changed"),
]


@pytest.mark.parametrize(
    ("what", "kwargs", "status", "words"), ACTION_CASES, ids=[c[0] for c in ACTION_CASES]
)
def test_a_bad_action_is_refused_and_changes_nothing(
    setup: Any, db: str, what: str, kwargs: dict[str, Any], status: int, words: str
) -> None:
    client, local, _ = setup
    gid = local["id"]
    before = stored(db, gid)
    headers = {"Content-Type": "application/json", **auth(local["token"])}
    response = client.post(f"/api/games/{gid}/actions", headers=headers, **kwargs)
    assert response.status_code == status, response.text
    message = detail_text(response)
    assert message and words in message
    assert stored(db, gid) == before


@pytest.mark.parametrize("endpoint", ["undo", "resign", "hint"])
@pytest.mark.parametrize(
    ("body", "status"),
    [({"version": 1}, 409), ({"version": "x"}, 422), ({}, 422), ({"version": None}, 422)],
    ids=["stale", "text", "none", "null"],
)
def test_other_changes_refuse_bad_bodies(
    setup: Any, db: str, endpoint: str, body: dict[str, Any], status: int
) -> None:
    client, local, _ = setup
    before = stored(db, local["id"])
    response = client.post(
        f"/api/games/{local['id']}/{endpoint}", json=body, headers=auth(local["token"])
    )
    assert response.status_code == status, response.text  # a stale version: 409, else 422
    assert detail_text(response)
    assert stored(db, local["id"]) == before


def test_out_of_turn_and_after_the_end(setup: Any, db: str) -> None:
    client, _, friend = setup
    gid = friend["id"]
    before = stored(db, gid)
    response = client.post(
        f"/api/games/{gid}/actions",
        json={"version": 1, "action": 1},
        headers=auth(friend["invite_token"]),
    )
    assert response.status_code == 409 and "not your turn" in detail_text(response)
    assert stored(db, gid) == before
    client.post(f"/api/games/{gid}/resign", json={"version": 1}, headers=auth(friend["token"]))
    over = stored(db, gid)
    for endpoint, body in (
        ("actions", {"version": 2, "action": 1}),
        ("resign", {"version": 2}),
        ("undo", {"version": 2}),
        ("hint", {"version": 2}),
    ):
        response = client.post(
            f"/api/games/{gid}/{endpoint}", json=body, headers=auth(friend["token"])
        )
        assert 400 <= response.status_code < 500 and detail_text(response)
        assert stored(db, gid) == over


CREATE_CASES: list[tuple[str, dict[str, Any], int, str]] = [
    ("an unknown game", {"game": "chess"}, 404, "unknown game"),
    ("a game id with odd characters", {"game": "../etc"}, 404, "unknown game"),
    ("an unknown option", {"game": GAME, "options": {"width": 9}}, 400, "width"),
    ("an option of a nested type", {"game": GAME, "options": {"x": {"y": 1}}}, 422, "options"),
    ("a seat out of range", {"game": GAME, "seat": 2}, 422, "seat"),
    ("a negative seed", {"game": GAME, "seed": -1}, 422, "seed"),
    ("a seed too large", {"game": GAME, "seed": 2**63}, 422, "seed"),
    ("an unknown opponent", {"game": GAME, "opponent": "robot"}, 422, "opponent"),
    ("an unknown level", {"game": GAME, "level": "godlike"}, 400, "unknown level"),
    (
        "a search spec as a level",
        {"game": GAME, "level": "mcts:iterations=999999999"},
        400,
        "unknown level",
    ),
    ("a broken start position", {"game": GAME, "start": "nonsense"}, 400, ""),
    ("a start position too long", {"game": GAME, "start": "." * 10_001}, 422, "start"),
    ("a finished start position", {"game": GAME, "start": "x" * 7 + FULL_A[7:]}, 400, ""),
    ("a name too long", {"game": GAME, "name": "n" * 41}, 422, "name"),
    ("a clock against the computer", {"game": GAME, "clock": {"base": 60}}, 400, "clocks are"),
    (
        "a zero clock",
        {"game": GAME, "opponent": "friend", "clock": {"base": 0}},
        422,
        "clock.base",
    ),
    (
        "a clock of years",
        {"game": GAME, "opponent": "friend", "clock": {"base": 1e12}},
        422,
        "clock.base",
    ),
    ("no game", {}, 422, "game is missing"),
    # '²'.isdigit() is true but int('²') fails: these were 500s before.
    *(
        (f"a unicode digit in a {game} position", {"game": game, "start": start}, 400, "")
        for game, start in (
            ("sfirs", "12/1B8B1/12/12/4bwbw4/4wbwb4/4bwbw4/4wbwb4/12/12/1W8W1/12 w - - ² wb"),
            ("sfirs", "12/1B8B1/12/12/4bwbw4/4wbwb4/4bwbw4/4wbwb4/12/12/1W8W1/1² w - - 0 wb"),
            ("syrtis", "ssCScs/cCscCs/ScSSCS/csccSc/CsSCsS/CScsCC place - 0 - 0,0 ²"),
            ("sytran", "10/11/12/13/14/15/16/17/18/19/18/17/16/15/14/13/12/11/10 w 0:- wb ²"),
            ("cyclix", "......k/.....nb/....r../......./..R..../BN...../K...... w - - 0 ²"),
        )
    ),
]


@pytest.mark.parametrize(
    ("what", "body", "status", "words"), CREATE_CASES, ids=[c[0] for c in CREATE_CASES]
)
def test_bad_new_games_are_refused(
    setup: Any, what: str, body: dict[str, Any], status: int, words: str
) -> None:
    client, _, _ = setup
    count = len(client.get("/api/games?limit=100").json())
    response = client.post("/api/games", json=body)
    assert response.status_code == status, response.text
    assert words in detail_text(response)
    assert len(client.get("/api/games?limit=100").json()) == count  # nothing stored


def test_unknown_games_records_and_moves(setup: Any) -> None:
    client, local, _ = setup
    for path, status in (
        ("/api/games/nothing", 404),
        ("/api/games/nothing/record", 404),
        ("/api/games/nothing/replay/0", 404),
        (f"/api/games/{local['id']}/replay/99", 404),
        (f"/api/games/{local['id']}/replay/-1", 404),
        (f"/api/games/{local['id']}/replay/x", 422),
        (f"/api/games/{local['id']}/record?format=pdf", 400),
        ("/api/records/nothing/replay/0", 404),
        ("/api/records/nothing/record", 404),
        ("/api/catalog/chess", 404),
        ("/api/catalog/chess/start.svg", 404),
        ("/api/games?limit=x", 422),
    ):
        response = client.get(path)
        assert response.status_code == status, (path, response.text)
        assert detail_text(response)
    response = client.post(
        "/api/games/nothing/actions", json={"version": 1, "action": 0}, headers=auth("x")
    )
    assert response.status_code == 404 and "no game" in detail_text(response)


RECORD_CASES: list[tuple[str, str, int, str]] = [
    ("empty", "", 400, ""),
    ("no game tag", "1. d\n", 400, ""),
    ("an unknown game", '[Game "chess"]\n1. e4\n', 400, "chess"),
    ("an illegal move", f'[Game "{GAME}"]\n1. d 2. d\n3. zz\n', 400, "line"),
    ("a broken JSON record", '{"game": "connect4", "actions": [1, ', 400, ""),
    ("a JSON record with bad actions", '{"game": "connect4", "actions": ["x"]}', 400, ""),
    ("a JSON record with out of range actions", '{"game": "connect4", "actions": [99]}', 400, ""),
    ("binary junk", "\x00\x01\x02\ufffd" * 50, 400, ""),
]


@pytest.mark.parametrize(
    ("what", "text", "status", "words"), RECORD_CASES, ids=[c[0] for c in RECORD_CASES]
)
def test_broken_uploaded_records_are_refused(
    setup: Any, db: str, what: str, text: str, status: int, words: str
) -> None:
    client, _, _ = setup
    response = client.post("/api/records", json={"text": text})
    assert response.status_code == status, response.text
    assert words in detail_text(response)
    store = Store(db)
    with store.engine.connect() as conn:
        assert conn.exec_driver_sql("select count(*) from shoal_records").scalar() == 0
    store.close()


def test_oversized_bodies_and_records(db: str) -> None:
    with TestClient(create_app(db, max_body=4096)) as client:
        response = client.post("/api/records", json={"text": "x" * 5000})
        assert response.status_code == 413
        assert detail_text(response) == "the request body is larger than the limit of 4096 bytes"

        def chunks() -> Iterator[bytes]:  # no Content-Length: counted as it arrives
            yield b'{"text": "'
            for _ in range(10):
                yield b"x" * 1000
            yield b'"}'

        response = client.post(
            "/api/records", content=chunks(), headers={"Content-Type": "application/json"}
        )
        assert response.status_code == 413 and "4096 bytes" in detail_text(response)
        made = client.post("/api/games", json={"game": GAME, "opponent": "local"}).json()
        response = client.post(
            f"/api/games/{made['id']}/actions",
            json={"version": 1, "text": "a", "padding": "p" * 5000},
            headers=auth(made["token"]),
        )
        assert response.status_code == 413
        assert client.get(f"/api/games/{made['id']}").json()["version"] == 1
    with TestClient(create_app(db, max_body=4_000_000)) as client:
        response = client.post("/api/records", json={"text": "x" * 1_000_001})
        assert response.status_code == 422 and "at most 1000000" in detail_text(response)


# -- random text through the API, for every game ---------------------------------------------------
@pytest.fixture(scope="module")
def any_game_client() -> Iterator[tuple[TestClient, dict[str, dict[str, Any]]]]:
    with TestClient(create_app("sqlite://", games_per_client=0)) as client:
        made = {
            g: client.post("/api/games", json={"game": g, "opponent": "local", "seed": 3}).json()
            for g in games.ids()
        }
        yield client, made


@settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck))
@given(game=st.sampled_from(games.ids()), text=st.text(max_size=40))
def test_random_action_text_never_breaks_the_server(
    any_game_client: tuple[TestClient, dict[str, dict[str, Any]]], game: str, text: str
) -> None:
    client, made = any_game_client
    gid, token = made[game]["id"], made[game]["token"]
    before = client.get(f"/api/games/{gid}").json()
    response = client.post(
        f"/api/games/{gid}/actions",
        json={"version": before["version"], "text": text},
        headers=auth(token),
    )
    assert response.status_code in (200, 400, 409, 422), response.text
    if response.status_code != 200:
        assert detail_text(response)
        after = client.get(f"/api/games/{gid}").json()
        assert (after["version"], after["position"]) == (before["version"], before["position"])
