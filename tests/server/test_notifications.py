"""Notifications: stored per account, counted, marked read, pushed live; the events that make them.

Runs on SQLite and PostgreSQL (the ``db`` fixture); the clock is injected.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from shoal.server import create_app
from tests.clients import TestClient

from ._live import auth
from .accounts_helpers import error
from .corr_helpers import Clock, Game, account, as_user, context, correspondence_game, move, run


@pytest.fixture
def client(db: str) -> Iterator[TestClient]:
    app = create_app(db, sweep_every=3600, clock=Clock())
    with TestClient(app) as c:
        yield c


def _mine(client: TestClient, cookie: str, **params: Any) -> dict[str, Any]:
    as_user(client, cookie)
    response = client.get("/api/notifications", params=params)
    assert response.status_code == 200, response.text
    result: dict[str, Any] = response.json()
    return result


def _game(client: TestClient) -> Game:
    return correspondence_game(client, account(client, "alice"), account(client, "bob"))


def test_a_move_makes_exactly_one_your_turn_notification_for_the_opponent(
    client: TestClient,
) -> None:
    game = _game(client)
    alice, bob = game.cookies
    assert _mine(client, bob) == {"notifications": [], "unread": 0}
    move(client, game, 0)
    got = _mine(client, bob)
    assert got["unread"] == 1 and len(got["notifications"]) == 1
    notice = got["notifications"][0]
    assert notice["kind"] == "your_turn" and notice["game"] == game.id and not notice["read"]
    assert notice["text"] == "Your turn in Connect Four against alice (1 day per move)"
    assert _mine(client, alice)["notifications"] == []  # the mover is not told
    move(client, game, 1)
    assert [n["kind"] for n in _mine(client, alice)["notifications"]] == ["your_turn"]
    assert _mine(client, bob)["unread"] == 1  # still one for bob


def test_marking_read_one_and_all_and_the_count(client: TestClient) -> None:
    game = _game(client)
    alice, bob = game.cookies
    for seat in (0, 1, 0, 1, 0):
        move(client, game, seat)
    notices = _mine(client, bob)["notifications"]
    assert len(notices) == 3
    assert client.get("/api/notifications/count").json() == {"unread": 3}
    first = notices[-1]["id"]
    assert client.post(f"/api/notifications/{first}/read").json() == {"marked": 1, "unread": 2}
    assert client.post(f"/api/notifications/{first}/read").json() == {"marked": 0, "unread": 2}
    assert [n["id"] for n in _mine(client, bob, unread="true")["notifications"]] == [
        n["id"] for n in notices[:2]
    ]
    assert client.post("/api/notifications/read").json() == {"marked": 2, "unread": 0}
    assert _mine(client, bob)["unread"] == 0
    assert _mine(client, alice)["unread"] == 2  # alice's are her own


def test_refusals_in_words(client: TestClient) -> None:
    game = _game(client)
    alice, bob = game.cookies
    move(client, game, 0)
    bobs = _mine(client, bob)["notifications"][0]["id"]
    as_user(client, alice)
    error(client.post(f"/api/notifications/{bobs}/read"), 404, f"you have no notification {bobs}")
    error(client.post("/api/notifications/99999/read"), 404, "you have no notification 99999")
    error(client.get("/api/notifications", params={"limit": 0}), 400, "limit is a number")
    as_user(client, None)
    error(client.get("/api/notifications"), 401, "you are not signed in")
    error(client.post("/api/notifications/read"), 401, "you are not signed in")
    assert _mine(client, bob)["unread"] == 1  # nothing changed


def test_a_live_game_sends_no_turn_notifications(client: TestClient) -> None:
    """A game without days per move is played with both players there: its turns notify
    nobody, while the same move in a correspondence game between them does."""
    alice, bob = account(client, "alice"), account(client, "bob")
    as_user(client, alice)
    made = client.post("/api/games", json={"game": "connect4", "opponent": "friend", "seat": 0})
    assert made.status_code == 201, made.text
    gid = made.json()["id"]
    as_user(client, bob)
    claimed = client.post(
        f"/api/games/{gid}/claim", json={}, headers=auth(made.json()["invite_token"])
    )
    assert claimed.status_code == 200, claimed.text
    game = Game(gid, [made.json()["token"], claimed.json()["token"]], [alice, bob])
    move(client, game, 0)
    as_user(client, bob)
    waiting = [(g["id"], g["your_turn"]) for g in client.get("/api/me/games").json()]
    assert waiting == [(gid, True)]  # bob's account holds the seat to move: he could be told
    assert _mine(client, bob)["notifications"] == []
    postal = correspondence_game(client, alice, bob)
    move(client, postal, 0)
    told = _mine(client, bob)["notifications"]
    assert [(n["kind"], n["game"]) for n in told] == [("your_turn", postal.id)]


def test_draw_and_rematch_offers_and_the_end_notify(client: TestClient) -> None:
    game = _game(client)
    alice, bob = game.cookies
    move(client, game, 0)
    move(client, game, 1)
    for cookie in (alice, bob):  # each reads theirs
        as_user(client, cookie)
        client.post("/api/notifications/read")
    as_user(client, bob)
    version = client.get(f"/api/games/{game.id}").json()["version"]
    offered = client.post(
        f"/api/games/{game.id}/draw",
        json={"version": version, "action": "offer"},
        headers=auth(game.tokens[1]),
    )
    assert offered.status_code == 200, offered.text
    got = _mine(client, alice, unread="true")["notifications"]
    assert [(n["kind"], n["text"]) for n in got] == [("offer", "bob offers a draw in Connect Four")]
    as_user(client, alice)
    resigned = client.post(
        f"/api/games/{game.id}/resign", json={"version": version}, headers=auth(game.tokens[0])
    )
    assert resigned.status_code == 200, resigned.text
    run(client, context(client).correspondence.settle)
    for cookie, verdict in ((alice, "you lost"), (bob, "you won")):
        ended = [n for n in _mine(client, cookie)["notifications"] if n["kind"] == "game_ended"]
        assert len(ended) == 1 and verdict in ended[0]["text"], ended
    as_user(client, bob)
    asked = client.post(f"/api/games/{game.id}/rematch", headers=auth(game.tokens[1]))
    assert asked.json()["offered"] is True
    rematch = _mine(client, alice, unread="true")["notifications"][0]
    assert rematch["kind"] == "offer" and rematch["text"] == "bob offers a rematch in Connect Four"
    as_user(client, alice)
    accepted = client.post(f"/api/games/{game.id}/rematch", headers=auth(game.tokens[0]))
    new = accepted.json()["game"]
    assert client.get(f"/api/games/{new}").json()["correspondence"]["days"] == 1


def test_notifications_are_pushed_to_open_pages(client: TestClient) -> None:
    game = _game(client)
    as_user(client, game.cookies[1])
    with client.websocket_connect("/api/notifications/ws") as socket:
        assert socket.receive_json() == {"type": "notification", "unread": 0}
        move(client, game, 0)
        pushed = socket.receive_json()
        assert pushed["unread"] == 1 and pushed["notification"]["kind"] == "your_turn"
        as_user(client, game.cookies[1])
        client.post("/api/notifications/read")
        assert socket.receive_json() == {"type": "notification", "unread": 0}


def test_a_page_not_signed_in_gets_no_socket(client: TestClient) -> None:
    from starlette.websockets import WebSocketDisconnect

    as_user(client, None)
    with (
        pytest.raises(WebSocketDisconnect) as closed,
        client.websocket_connect("/api/notifications/ws") as socket,
    ):
        socket.receive_json()
    assert closed.value.code == 4401


def test_a_page_of_another_site_gets_no_socket(client: TestClient) -> None:
    from starlette.websockets import WebSocketDisconnect

    as_user(client, account(client, "bob"))
    with client.websocket_connect(
        "/api/notifications/ws", headers={"Origin": "http://testserver"}
    ) as socket:  # this site's own pages
        assert socket.receive_json() == {"type": "notification", "unread": 0}
    with (
        pytest.raises(WebSocketDisconnect) as closed,
        client.websocket_connect(
            "/api/notifications/ws", headers={"Origin": "https://evil.example"}
        ) as socket,
    ):
        socket.receive_json()
    assert closed.value.code == 4403  # refused before the route (issue 38)


def test_the_lobby_may_notify_a_challenge(client: TestClient) -> None:
    bob = account(client, "bob")
    found = client.app.state.context.accounts.store.by_name("bob")  # type: ignore[attr-defined]
    assert found is not None
    run(
        client,
        lambda: context(client).notifier.challenge(
            found[0].id,
            "alice",
            "Syrtis",
            challenge_id="c1",
            link="/lobby",
        ),
    )
    got = _mine(client, bob)["notifications"]
    assert [(n["kind"], n["text"], n["data"]["challenge"]) for n in got] == [
        ("challenge", "alice challenges you to Syrtis", "c1")
    ]


@pytest.mark.parametrize("db_url", ["postgres"], indirect=True)
def test_a_page_open_on_another_process_gets_the_push(db: str) -> None:
    """Two server processes on PostgreSQL: the event on one, the page open on the other."""
    with (
        TestClient(create_app(db, sweep_every=3600)) as a,
        TestClient(create_app(db, sweep_every=3600)) as b,
    ):
        bob = account(a, "bob")
        found = a.app.state.context.accounts.store.by_name("bob")  # type: ignore[attr-defined]
        assert found is not None
        as_user(b, bob)
        with b.websocket_connect("/api/notifications/ws") as socket:
            assert socket.receive_json() == {"type": "notification", "unread": 0}
            run(
                a,
                lambda: context(a).notifier.challenge(
                    found[0].id,
                    "alice",
                    "Cyclix",
                    challenge_id="c9",
                    link="/lobby",
                ),
            )
            pushed = socket.receive_json()
            assert pushed["unread"] == 1
            assert pushed["notification"]["text"] == "alice challenges you to Cyclix"
            as_user(a, bob)
            assert a.post("/api/notifications/read").json()["marked"] == 1
            assert socket.receive_json() == {"type": "notification", "unread": 0}
