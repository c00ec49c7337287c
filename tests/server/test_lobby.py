"""The lobby's API (issue 22): seeks made, listed, accepted once, withdrawn; bad input refused."""

from __future__ import annotations

import threading
from typing import Any

import pytest

from shoal.server import create_app
from tests.clients import TestClient

from .accounts_helpers import error, signup

A = {"X-Shoal-Guest": "guest-key-of-a-000000"}
B = {"X-Shoal-Guest": "guest-key-of-b-000000"}


def seek(client: TestClient, headers: dict[str, str] = A, **more: Any) -> Any:
    body = {"game": "syrtis", "colour": "first", "time_control": "5+3", "name": "Ann", **more}
    return client.post("/api/seeks", json=body, headers=headers)


def test_a_guest_seek_is_listed_and_accepted_into_a_game(client: TestClient) -> None:
    made = seek(client)
    assert made.status_code == 201, made.text
    sid = made.json()["id"]
    listed = client.get("/api/seeks", headers=B).json()
    assert [(s["id"], s["creator"], s["time_control"], s["mine"]) for s in listed] == [
        (sid, "Ann", "5+3", False)
    ]
    assert client.get("/api/seeks", headers=A).json()[0]["mine"] is True
    taken = client.post(f"/api/seeks/{sid}/accept", json={"name": "Bob"}, headers=B)
    assert taken.status_code == 200, taken.text
    answer = taken.json()
    assert answer["seat"] == 1 and answer["url"] == f"/game/{answer['game']}"
    assert client.get("/api/seeks", headers=B).json() == []
    view = client.get(f"/api/games/{answer['game']}", headers={"X-Shoal-Token": answer["token"]})
    data = view.json()
    assert data["you"] == [1] and data["players"] == ["Ann", "Bob"]
    assert data["clock"]["remaining"] == [300.0, 300.0]
    seat = client.post(f"/api/seeks/{sid}/seat", headers=A).json()
    assert seat["game"] == answer["game"]
    mine = client.get(f"/api/games/{seat['game']}", headers={"X-Shoal-Token": seat["token"]})
    assert mine.json()["you"] == [0]
    error(client.post(f"/api/seeks/{sid}/seat", headers=A), 404, "no seat is waiting")


def test_the_game_keeps_the_time_control_and_rated_flag(db: str) -> None:
    app = create_app(db)
    with TestClient(app) as a, TestClient(app) as b:
        signup(a, "alice")
        signup(b, "bobby")
        sid = seek(a, {}, time_control="3d", rated=True, colour="second").json()["id"]
        answer = b.post(f"/api/seeks/{sid}/accept", json={}).json()
        assert answer["seat"] == 0
        data = app.state.context.store.load(answer["game"])
        assert (data.time_control, data.rated, data.clock) == ("3d", True, None)
        assert data.players == ["bobby", "alice"]
        assert data.accounts is not None and None not in data.accounts
        # the accounts' seats are theirs: the creator plays with the cookie alone
        game = a.get(f"/api/games/{answer['game']}").json()
        assert game["you"] == [1]
        # the server keeps the correspondence deadline of the player to move: 3 days
        assert game["correspondence"]["days"] == 3
        assert game["correspondence"]["seat"] == game["to_move"]


def test_bad_seeks_are_refused_in_words_and_store_nothing(client: TestClient) -> None:
    error(seek(client, options={"bogus": "1"}), 422, "unknown option 'bogus'")
    error(seek(client, game="chess"), 422, "unknown game 'chess'")
    error(seek(client, time_control="0+0"), 422, "0+0")
    error(seek(client, time_control="500+3"), 422, "at most 180 minutes")
    error(seek(client, time_control="15d"), 422, "1 to 14 days")
    error(seek(client, time_control="0d"), 422, "1 to 14 days")
    error(seek(client, time_control="soon"), 422, "unknown time control 'soon'")
    error(seek(client, rated=True), 403, "rated seek needs an account")
    error(seek(client, {}), 401, "guest key")
    error(seek(client, {"X-Shoal-Guest": "short"}), 400, "16 to 100")
    error(seek(client, options={"variant": "huge"}), 422, "variant")
    error(seek(client, name="Ann\x00"), 400, "plain text")
    assert seek(client, colour="purple").status_code == 422
    assert client.get("/api/seeks", headers=A).json() == []


def test_open_seeks_per_player_are_limited(client: TestClient) -> None:
    for _ in range(5):
        assert seek(client).status_code == 201
    error(seek(client), 429, "5 open seeks")
    assert seek(client, B).status_code == 201  # another player is not limited by A's seeks
    first = client.get("/api/seeks", headers=A).json()[0]["id"]
    assert client.delete(f"/api/seeks/{first}", headers=A).status_code == 200
    assert seek(client).status_code == 201


def test_accepting_refusals(client: TestClient) -> None:
    sid = seek(client).json()["id"]
    error(client.post(f"/api/seeks/{sid}/accept", json={}, headers=A), 409, "your own seek")
    error(client.delete(f"/api/seeks/{sid}", headers=B), 403, "only its creator")
    assert client.post(f"/api/seeks/{sid}/accept", json={}, headers=B).status_code == 200
    C = {"X-Shoal-Guest": "guest-key-of-c-000000"}
    error(client.post(f"/api/seeks/{sid}/accept", json={}, headers=C), 409, "this seek is gone")
    error(client.delete(f"/api/seeks/{sid}", headers=A), 409, "not open any more")
    error(client.post("/api/seeks/999/accept", json={}, headers=C), 404, "no seek 999")
    gone = seek(client).json()["id"]
    client.delete(f"/api/seeks/{gone}", headers=A)
    error(client.post(f"/api/seeks/{gone}/accept", json={}, headers=C), 409, "this seek is gone")


def test_a_rated_seek_is_for_accounts(db: str) -> None:
    app = create_app(db)
    with TestClient(app) as a, TestClient(app) as guest:
        signup(a, "alice")
        sid = seek(a, {}, rated=True).json()["id"]
        error(guest.post(f"/api/seeks/{sid}/accept", json={}, headers=B), 403, "for accounts")
        assert a.get("/api/seeks").json()[0]["rated"] is True


def test_exactly_one_of_many_acceptors_wins(client: TestClient) -> None:
    sid = seek(client).json()["id"]
    answers: list[int] = []

    def accept(n: int) -> None:
        headers = {"X-Shoal-Guest": f"guest-key-of-racer-{n:04d}"}
        answers.append(
            client.post(f"/api/seeks/{sid}/accept", json={}, headers=headers).status_code
        )

    threads = [threading.Thread(target=accept, args=(n,)) for n in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(answers) == [200] + [409] * 7
    games = client.get("/api/games").json()
    assert len(games) == 1


def test_the_lobby_socket_lists_seeks_and_sends_the_creator_into_the_game(
    client: TestClient,
) -> None:
    with client.websocket_connect("/api/lobby/ws") as ws:
        assert ws.receive_json() == {"type": "seeks", "seeks": []}
        ws.send_json({"guest": "guest-key-of-a-000000"})  # a guest's key: a message
        assert ws.receive_json() == {"type": "seeks", "seeks": []}
        sid = seek(client).json()["id"]
        listed = ws.receive_json()
        assert [(s["id"], s["mine"]) for s in listed["seeks"]] == [(sid, True)]
        answer = client.post(f"/api/seeks/{sid}/accept", json={}, headers=B).json()
        start = ws.receive_json()
        assert start["type"] == "start" and start["game"] == answer["game"]
        assert start["seat"] == 0
        view = client.get(f"/api/games/{start['game']}", headers={"X-Shoal-Token": start["token"]})
        assert view.json()["you"] == [0]
        assert ws.receive_json() == {"type": "seeks", "seeks": []}


def test_a_live_seek_goes_when_its_creator_leaves_a_correspondence_one_stays(
    client: TestClient,
) -> None:
    client.app.state.context.lobby.grace = 0.0  # type: ignore[attr-defined]
    with client.websocket_connect("/api/lobby/ws") as ws:
        ws.receive_json()
        ws.send_json({"guest": "guest-key-of-a-000000"})
        ws.receive_json()
        seek(client)
        ws.receive_json()
        seek(client, time_control="2d")
        ws.receive_json()
        seek(client, time_control=None)
        ws.receive_json()
        with client.websocket_connect("/api/lobby/ws") as watcher:
            assert len(watcher.receive_json()["seeks"]) == 3
            ws.close()
            left = watcher.receive_json()["seeks"]
            assert [s["time_control"] for s in left] == ["2d"]


def test_a_game_from_a_seek_has_its_rematch_with_sides_swapped(db: str) -> None:
    app = create_app(db)
    with TestClient(app) as a, TestClient(app) as guest:
        signup(a, "alice")
        sid = seek(a, {}, time_control="10+5", colour="first").json()["id"]
        answer = guest.post(f"/api/seeks/{sid}/accept", json={"name": "Bob"}, headers=B).json()
        gid, bob = answer["game"], {"X-Shoal-Token": answer["token"]}
        alice = {"X-Shoal-Token": a.post(f"/api/seeks/{sid}/seat").json()["token"]}
        version = guest.get(f"/api/games/{gid}", headers=bob).json()["version"]
        resigned = guest.post(f"/api/games/{gid}/resign", json={"version": version}, headers=bob)
        assert resigned.json()["result"] is not None
        assert guest.post(f"/api/games/{gid}/rematch", headers=bob).json()["offered"] is True
        accepted = a.post(f"/api/games/{gid}/rematch", headers=alice).json()
        new = accepted["game"]
        bob_seat = guest.post(f"/api/games/{gid}/rematch/token", headers=bob).json()
        assert bob_seat["game"] == new
        data = app.state.context.store.load(new)
        assert data.players == ["Bob", "alice"]
        assert (data.time_control, data.clock["base"], data.clock["increment"]) == (
            "10+5",
            600.0,
            5.0,
        )
        assert data.accounts is not None and data.accounts[0] is None
        you = guest.get(f"/api/games/{new}", headers={"X-Shoal-Token": bob_seat["token"]})
        assert you.json()["you"] == [0]
        assert a.get(f"/api/games/{new}").json()["you"] == [1]  # alice's account holds seat 1


def test_an_accounts_live_seek_goes_when_all_its_lobby_pages_close(db: str) -> None:
    app = create_app(db)
    app.state.context.lobby.grace = 0.0
    with TestClient(app) as c:  # one client, one event loop: alice by her cookie, a guest
        signup(c, "alice")
        alice = {"Cookie": f"shoal_session={c.cookies.get('shoal_session')}"}
        c.cookies.clear()
        with (
            c.websocket_connect("/api/lobby/ws", headers=alice) as one,
            c.websocket_connect("/api/lobby/ws", headers=alice) as two,
        ):
            one.receive_json()
            two.receive_json()
            assert seek(c, alice).status_code == 201
            one.receive_json()
            two.receive_json()
            with c.websocket_connect("/api/lobby/ws") as w:
                assert len(w.receive_json()["seeks"]) == 1
                one.close()
                two.send_text("ping")  # the other page of the account is still here
                assert two.receive_json() == {"type": "pong"}
                assert len(c.get("/api/seeks", headers=B).json()) == 1
                two.close()
                assert w.receive_json()["seeks"] == []


@pytest.mark.parametrize("db_url", ["postgres"], indirect=True)
def test_two_server_processes_share_the_live_lobby(db: str) -> None:
    """Two apps on one PostgreSQL database (as two processes): a seek made through one
    appears live on the other's socket, and its creator there is sent into the game."""
    with (
        TestClient(create_app(db)) as one,
        TestClient(create_app(db)) as two,
        one.websocket_connect("/api/lobby/ws") as ws,
    ):
        assert ws.receive_json()["seeks"] == []
        ws.send_json({"guest": "guest-key-of-a-000000"})
        assert ws.receive_json()["seeks"] == []
        sid = seek(two).json()["id"]  # A's seek, made through the other process
        listed = ws.receive_json()["seeks"]
        assert [(s["id"], s["mine"]) for s in listed] == [(sid, True)]
        answer = two.post(f"/api/seeks/{sid}/accept", json={}, headers=B).json()
        start = ws.receive_json()
        assert (start["type"], start["game"], start["seat"]) == ("start", answer["game"], 0)
        assert ws.receive_json()["seeks"] == []


def test_each_seek_shows_its_creators_rating_in_its_game_and_speed(db: str) -> None:
    """Beside an account's name, its rating for the seek's game and speed (`?` while
    provisional, the settled figure after a rated game); a guest's seek shows none."""
    app = create_app(db)
    with TestClient(app) as a, TestClient(app) as b, TestClient(app) as g:
        signup(a, "alice")
        signup(b, "bobby")
        assert seek(g, B, game="cyclix").status_code == 201  # a guest's seek
        listed = {s["creator"]: s["rating"] for s in b.get("/api/seeks").json()}
        assert listed == {"Ann": None}
        # alice (signed in) plays one rated correspondence game of cyclix and wins it
        sid = seek(a, {}, game="cyclix", time_control="3d", rated=True).json()["id"]
        game = b.post(f"/api/seeks/{sid}/accept", json={}).json()["game"]
        version = b.get(f"/api/games/{game}").json()["version"]
        assert b.post(f"/api/games/{game}/resign", json={"version": version}).status_code == 200
        assert a.get(f"/api/games/{game}/ratings").json()["rated"]  # settled by now
        settled = a.get("/api/users/alice").json()["ratings"]["cyclix"]["display"]
        live = seek(a, {}, game="cyclix", time_control="5+3").json()
        corr = seek(a, {}, game="cyclix", time_control="2d").json()
        assert live["rating"] == "1500?"  # no live game yet: a newcomer in that speed
        assert corr["rating"] == settled != "1500?"
        shown = {s["id"]: s["rating"] for s in g.get("/api/seeks", headers=B).json()}
        assert shown[live["id"]] == "1500?" and shown[corr["id"]] == settled


def test_a_wrong_bot_token_cannot_take_a_seek_and_the_seek_stays_open(client: TestClient) -> None:
    sid = seek(client).json()["id"]
    taken = client.post(
        f"/api/seeks/{sid}/accept", json={}, headers={"Authorization": "Bearer shb_nope"}
    )
    assert taken.status_code == 401 and "token" in taken.json()["detail"]
    assert [s["id"] for s in client.get("/api/seeks", headers=B).json()] == [sid]
