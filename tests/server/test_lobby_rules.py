"""The rules of the lobby's service (:mod:`shoal.server.lobby.service`), one test each, in
process (issue 64: the lobby seam's mutants these kill are in docs/testing.md).

Each socket is read up to the answer to a ``ping`` (``until_pong``): a message that must come
and does not fails the comparison, and one that must not come shows up in it. What the other
processes would send or get goes through the app's own :class:`~shoal.server.events.Events`
(``forward``: what this process sends them; ``deliver`` and ``missed``: what the relay hands
this process), awaited to its end before the sockets are read."""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections.abc import Iterator
from typing import Any

import pytest

from shoal.server.accounts.models import utcnow
from shoal.server.games.models import hash_token
from shoal.server.lobby.models import Seek
from shoal.server.lobby.service import LOBBY, member_id, seek_speed, shown_to, who_of
from tests.clients import TestClient

from .accounts_helpers import signup, until_pong
from .corr_helpers import run

A = "guest-key-of-a-000000"
B = "guest-key-of-b-000000"

ON_SQLITE = pytest.mark.parametrize("db_url", ["sqlite"], indirect=True)
"""The service's own rules (the lobby's store is tested on both in test_lobby.py)."""


def refused(response: Any, status: int, words: str) -> None:
    """``response`` is a refusal with ``status`` and exactly ``words``."""
    assert (response.status_code, response.json()["detail"]) == (status, words), response.text


def seek(
    client: TestClient, guest: str | None = A, headers: dict[str, str] | None = None, **more: Any
) -> dict[str, Any]:
    body = {"game": "syrtis", "colour": "first", "time_control": "5+3", "name": "Ann", **more}
    headers = headers or ({"X-Shoal-Guest": guest} if guest is not None else {})
    made = client.post("/api/seeks", json=body, headers=headers)
    assert made.status_code == 201, made.text
    out: dict[str, Any] = made.json()
    return out


def lobby_of(app: Any) -> Any:
    return app.state.context.lobby


def user_id(app: Any, name: str) -> int:
    found = app.state.context.accounts.store.by_name(name)
    assert found is not None
    return int(found[0].id)


@contextlib.contextmanager
def guest_socket(client: TestClient, key: str) -> Iterator[Any]:
    """A lobby socket that said it is the guest ``key`` (its two lists read)."""
    with client.websocket_connect("/api/lobby/ws") as socket:
        socket.receive_json()
        socket.send_json({"guest": key})
        socket.receive_json()
        yield socket


async def _drained(events: Any) -> None:
    """Every subscriber's task the events started so far, awaited."""
    while pending := [task for task in events._tasks if not task.done()]:
        await asyncio.gather(*pending)


def from_elsewhere(client: TestClient, payload: Any) -> None:
    """The relay hands this process another process's event on the lobby's channel."""
    events = client.app.state.context.events  # type: ignore[attr-defined]

    async def deliver() -> None:
        events.deliver(LOBBY, payload)
        await _drained(events)

    run(client, deliver)


def missed(client: TestClient) -> None:
    """The relay listens again after a cut: this process may have missed events."""
    events = client.app.state.context.events  # type: ignore[attr-defined]

    async def refresh() -> None:
        events.missed()
        await _drained(events)

    run(client, refresh)


def ids(message: dict[str, Any]) -> list[int]:
    assert message["type"] == "seeks", message
    return [s["id"] for s in message["seeks"]]


def test_a_member_is_an_account_or_a_guest_and_a_seek_has_a_speed() -> None:
    assert (who_of(7, None), who_of(7, "h"), who_of(None, "abc")) == ("u:7", "u:7", "g:abc")
    assert [member_id(w) for w in ("u:12", "g:12", "u:x", "u:", "", "12")] == [
        12,
        None,
        None,
        None,
        None,
        None,
    ]
    now = utcnow()

    def made(time_control: str | None, user: int | None = 1, sid: int = 1) -> Seek:
        return Seek(
            sid, "syrtis", {}, "first", time_control, False, user, None, "x", "open", None, now
        )

    assert [seek_speed(made(tc)) for tc in ("5+3", "2d", None)] == [
        "live",
        "correspondence",
        "correspondence",
    ]
    seeks = [made(None, 1, 1), made(None, 2, 2), made(None, None, 3), made(None, 3, 4)]
    apart = {frozenset((1, 2)), frozenset((3, 9))}
    assert [s.id for s in shown_to(seeks, 1, apart)] == [1, 3, 4]  # 2 blocks 1, a guest's stays
    assert [s.id for s in shown_to(seeks, 2, apart)] == [2, 3, 4]
    assert [s.id for s in shown_to(seeks, None, apart)] == [1, 2, 3, 4]  # a guest sees all
    assert [s.id for s in shown_to(seeks, 1, set())] == [1, 2, 3, 4]


@ON_SQLITE
def test_a_seek_is_shown_whole_on_the_list_and_the_socket(three: Any) -> None:
    """Every field of a seek as a viewer sees it: the game's title, its options and terms, its
    creator (an account's rating in the seek's game and speed, a guest's none), whether it is
    the viewer's own and whether a bot made it; the socket shows what the list shows."""
    app, a, b, c = three
    app.state.context.bots.store.mark(user_id(app, "carol"))
    mine = seek(a, None, game="cyclix", colour="second", time_control="2d", rated=True)
    guests = seek(TestClient(app), A, options={"variant": "minor"})  # no cookie: a guest
    bots = seek(c, None, time_control=None, colour="random")
    common = {"rated": False, "mine": False, "bot": False}
    expected = [
        {
            **common,
            "id": mine["id"],
            "game": "cyclix",
            "title": "Cyclix",
            "options": {},
            "colour": "second",
            "time_control": "2d",
            "correspondence": True,
            "rated": True,
            "creator": "alice",
            "account": True,
            "rating": "1500?",
        },
        {
            **common,
            "id": guests["id"],
            "game": "syrtis",
            "title": "Syrtis",
            "options": {"variant": "minor"},
            "colour": "first",
            "time_control": "5+3",
            "correspondence": False,
            "creator": "Ann",
            "account": False,
            "rating": None,
        },
        {
            **common,
            "id": bots["id"],
            "game": "syrtis",
            "title": "Syrtis",
            "options": {},
            "colour": "random",
            "time_control": None,
            "correspondence": False,
            "creator": "carol",
            "account": True,
            "rating": "1500?",
            "bot": True,
        },
    ]
    assert b.get("/api/seeks").json() == expected
    assert mine == {**expected[0], "mine": True}
    with (
        a.websocket_connect("/api/lobby/ws") as alices,
        b.websocket_connect("/api/lobby/ws") as bobbys,
    ):
        assert until_pong(bobbys) == [{"type": "seeks", "seeks": expected}]
        theirs = [{**expected[0], "mine": True}, *expected[1:]]
        assert until_pong(alices) == [{"type": "seeks", "seeks": theirs}]


@ON_SQLITE
def test_a_seek_taken_sends_its_creator_into_the_game_and_tells_the_other_processes(
    three: Any,
) -> None:
    """The creator's lobby page gets ``start`` whole (the seek, the game, their seat and
    token, the link), then the list without the seek; the game has each player's account in
    their seat; the other processes are sent the same ``tell`` and ``seeks``, in that order."""
    app, a, b, _ = three
    forwarded: list[tuple[str, Any]] = []
    app.state.context.events.forward = lambda channel, text: (
        forwarded.append((channel, json.loads(text))) if channel == LOBBY else None
    )
    alice, bobby = user_id(app, "alice"), user_id(app, "bobby")
    guest = TestClient(app)  # no cookie: a seat is its token's
    for colour, seat in (("first", 0), ("second", 1)):
        with a.websocket_connect("/api/lobby/ws") as page:
            assert until_pong(page) == [{"type": "seeks", "seeks": []}]
            forwarded.clear()
            sid = seek(a, None, colour=colour, rated=True, options={"variant": "minor"})["id"]
            assert [ids(m) for m in until_pong(page)] == [[sid]]
            assert forwarded == [(LOBBY, {"kind": "seeks"})]
            taken = b.post(f"/api/seeks/{sid}/accept", json={"name": "ignored"})
            assert taken.status_code == 200, taken.text
            answer = taken.json()
            game = answer["game"]
            start, listed = until_pong(page)
        assert start == {
            "type": "start",
            "seek": sid,
            "game": game,
            "seat": seat,
            "token": start["token"],
            "url": f"/game/{game}",
        }
        assert listed == {"type": "seeks", "seeks": []}
        assert answer == {
            "game": game,
            "seat": 1 - seat,
            "token": answer["token"],
            "url": f"/game/{game}",
        }
        assert forwarded[1:] == [
            (LOBBY, {"kind": "tell", "who": f"u:{alice}", "message": start}),
            (LOBBY, {"kind": "seeks"}),
        ]
        data = app.state.context.store.load(game)
        names, accounts = (["alice", "bobby"], [alice, bobby])
        if seat == 1:
            names, accounts = names[::-1], accounts[::-1]
        assert (data.players, data.accounts) == (names, accounts)
        assert (data.game, data.options, data.time_control, data.rated) == (
            "syrtis",
            {"variant": "minor"},
            "5+3",
            True,
        )
        for token, you in ((start["token"], seat), (answer["token"], 1 - seat)):
            seated = guest.get(f"/api/games/{game}", headers={"X-Shoal-Token": token})
            assert seated.json()["you"] == [you]


@ON_SQLITE
def test_taking_a_seek_is_refused_in_whole_words_and_leaves_it_open(three: Any) -> None:
    app, a, b, _ = three
    guest = TestClient(app)
    gone = "this seek is gone: someone took it first, or it was withdrawn"
    own = "you cannot accept your own seek"
    alices = seek(a, None)["id"]
    rated = seek(a, None, rated=True)["id"]
    guests = seek(guest, A)["id"]
    refused(a.post(f"/api/seeks/{alices}/accept", json={}), 409, own)
    refused(
        guest.post(f"/api/seeks/{guests}/accept", json={}, headers={"X-Shoal-Guest": A}), 409, own
    )
    refused(
        guest.post(f"/api/seeks/{rated}/accept", json={}, headers={"X-Shoal-Guest": B}),
        403,
        "a rated seek is for accounts: sign in to accept it",
    )
    refused(b.post("/api/seeks/99999/accept", json={}), 404, "there is no seek 99999")
    assert b.put("/api/blocks/alice").status_code == 200
    blocked = "a block stands between you and this seek's creator"
    refused(b.post(f"/api/seeks/{alices}/accept", json={}), 403, blocked)
    bobbys = seek(b, None)["id"]
    refused(a.post(f"/api/seeks/{bobbys}/accept", json={}), 403, blocked)
    listed = [s["id"] for s in guest.get("/api/seeks", headers={"X-Shoal-Guest": B}).json()]
    assert listed == [alices, rated, guests, bobbys]  # none of that took one
    assert b.post(f"/api/seeks/{guests}/accept", json={}).status_code == 200  # a guest's seek
    refused(b.post(f"/api/seeks/{guests}/accept", json={}), 409, gone)
    assert a.delete(f"/api/seeks/{alices}").status_code == 200
    refused(a.post(f"/api/seeks/{alices}/accept", json={}), 409, gone)


def account(client: TestClient, name: str) -> dict[str, str]:
    """A new account's cookie as a header (the client keeps no cookie: one client, one event
    loop for every socket of the test)."""
    assert signup(client, name).status_code == 201
    cookie = {"Cookie": f"shoal_session={client.cookies.get('shoal_session')}"}
    client.cookies.clear()
    return cookie


@ON_SQLITE
def test_the_other_processes_events_reach_this_processes_pages(client: TestClient) -> None:
    """``seeks``: each page gets the list again (its own seeks marked); ``tell``: only the
    member's pages get the message; anything else is ignored. This process's own events on
    the channel are not served twice (it served its pages itself)."""
    with (
        client.websocket_connect("/api/lobby/ws") as anyone,
        guest_socket(client, A) as a,
        guest_socket(client, B) as b,
    ):
        until_pong(anyone)
        sid = seek(client, A)["id"]
        for socket in (a, b, anyone):
            assert [ids(m) for m in until_pong(socket)] == [[sid]]
        from_elsewhere(client, {"kind": "seeks"})
        assert [[s["mine"] for s in m["seeks"]] for m in until_pong(a)] == [[True]]
        assert [[s["mine"] for s in m["seeks"]] for m in until_pong(b)] == [[False]]
        assert [ids(m) for m in until_pong(anyone)] == [[sid]]
        told = {"type": "start", "game": "x"}
        from_elsewhere(
            client, {"kind": "tell", "who": who_of(None, hash_token(A)), "message": told}
        )
        assert (until_pong(a), until_pong(b), until_pong(anyone)) == ([told], [], [])
        for junk in (
            "seeks",
            ["seeks"],
            {"kind": "other"},
            {"kind": "tell", "who": who_of(None, hash_token(A)), "message": "text"},
            {"who": who_of(None, hash_token(A)), "message": told},
        ):
            from_elsewhere(client, junk)
            assert (until_pong(a), until_pong(b), until_pong(anyone)) == ([], [], []), junk
        events = client.app.state.context.events  # type: ignore[attr-defined]

        async def here() -> None:
            events.publish(LOBBY, {"kind": "seeks"})
            await _drained(events)

        run(client, here)
        assert (until_pong(a), until_pong(b), until_pong(anyone)) == ([], [], [])


@ON_SQLITE
def test_a_process_that_missed_events_sends_each_page_whose_list_changed(
    client: TestClient,
) -> None:
    """A seek stored by another process (no event here): after the relay's cut, a page whose
    list it changes gets the list again, once; a page that does not see it (its creator is
    blocked) gets nothing."""
    alice, carol = account(client, "alice"), account(client, "carol")
    assert client.put("/api/blocks/carol", headers=alice).status_code == 200
    app = client.app
    with (
        client.websocket_connect("/api/lobby/ws", headers=alice) as alices,
        guest_socket(client, A) as guest,
    ):
        until_pong(alices)
        stored = lobby_of(app).store.add_seek(
            most=5,
            guests_most=10,
            game="syrtis",
            options={},
            colour="first",
            time_control="5+3",
            rated=False,
            user_id=user_id(app, "carol"),
            guest_hash=None,
            name="carol",
        )
        assert (until_pong(guest), until_pong(alices)) == ([], [])  # no event came
        missed(client)
        assert [ids(m) for m in until_pong(guest)] == [[stored.id]]
        assert until_pong(alices) == []  # her list is the same: carol's seek is not shown
        missed(client)
        assert (until_pong(guest), until_pong(alices)) == ([], [])
        assert client.get("/api/seeks", headers=carol).json()[0]["mine"] is True
        with client.websocket_connect("/api/lobby/ws", headers=alice) as again:
            assert until_pong(again) == [{"type": "seeks", "seeks": []}]  # a new page of hers


@ON_SQLITE
def test_a_guests_live_seeks_stay_through_a_reload_and_go_after_the_grace(
    client: TestClient,
) -> None:
    """The creator's last lobby page closes: their live seeks are withdrawn after the grace,
    unless a page of theirs joins meanwhile; correspondence seeks stay."""
    lobby = lobby_of(client.app)
    lobby.grace = 3600.0
    who = who_of(None, hash_token(A))
    with client.websocket_connect("/api/lobby/ws") as watcher:
        until_pong(watcher)
        with guest_socket(client, A):
            live, slow = seek(client, A)["id"], seek(client, A, time_control="2d")["id"]
        assert [ids(m) for m in until_pong(watcher)] == [[live], [live, slow]]
        leaving = lobby._leaving[who]  # closed: the withdrawal waits for the grace
        with guest_socket(client, A):  # the reload
            assert run(client, cancelled, leaving) is True  # the withdrawal was cancelled
            assert lobby._leaving == {}
            with guest_socket(client, A):  # a second tab of A's, closed: A is still here
                pass
            assert lobby._leaving == {}  # no withdrawal waits
            assert until_pong(watcher) == []
            assert [s["id"] for s in client.get("/api/seeks").json()] == [live, slow]
            lobby.grace = 0.0
        withdrawn(client)
        assert [ids(m) for m in until_pong(watcher)] == [[slow]]  # the live one withdrawn, once
        assert lobby._leaving == {}
    # nothing kept of a page that left; an anonymous watcher's leaving withdraws nothing
    assert (lobby.sockets, lobby._shown, lobby._leaving) == ({}, {}, {})


@ON_SQLITE
def test_an_accounts_last_page_closing_withdraws_its_own_live_seeks_only(
    client: TestClient,
) -> None:
    lobby_of(client.app).grace = 0.0
    alice, carol = account(client, "alice"), account(client, "carol")
    with client.websocket_connect("/api/lobby/ws") as watcher:
        until_pong(watcher)
        with client.websocket_connect("/api/lobby/ws", headers=alice):
            hers = seek(client, None, headers=alice)["id"]
            theirs = [seek(client, None, headers=carol)["id"], seek(client, B)["id"]]
        withdrawn(client)
        lists = [ids(m) for m in until_pong(watcher)]
        assert lists[-2:] == [[hers, *theirs], theirs]  # hers withdrawn, not carol's or a guest's


def withdrawn(client: TestClient) -> None:
    """The withdrawals started by pages' leaving (grace 0), awaited to their end (a failure
    fails the test); those already ended have sent their lists."""
    tasks = lobby_of(client.app).games.manager.tasks

    async def ends() -> None:
        running = [t for t in tasks._tasks if "withdraw_later" in t.get_coro().__qualname__]
        await asyncio.gather(*running)

    run(client, ends)


async def cancelled(task: Any) -> bool:
    """Whether ``task`` ended cancelled (read in the app's loop, without waiting for it)."""
    return bool(task.done() and task.cancelled())


@ON_SQLITE
def test_every_hook_of_a_new_challenge_runs_and_a_failing_one_stops_none(
    three: Any, caplog: pytest.LogCaptureFixture
) -> None:
    app, a, _, _ = three
    heard: list[tuple[str, int]] = []

    def broken(challenge: Any) -> None:
        raise RuntimeError("a broken hook")

    async def awaited(challenge: Any) -> None:
        await asyncio.sleep(0)
        heard.append(("awaited", challenge.id))

    lobby_of(app).challenge_hooks.extend(
        [broken, awaited, lambda challenge: heard.append(("plain", challenge.id))]
    )
    body = {"username": "bobby", "game": "syrtis", "colour": "first"}
    with caplog.at_level(logging.ERROR, logger="shoal.server.lobby.service"):
        made = a.post("/api/challenges", json=body)
    assert made.status_code == 201, made.text
    cid = made.json()["id"]
    assert heard == [("awaited", cid), ("plain", cid)]
    failed = [r for r in caplog.records if r.name == "shoal.server.lobby.service"]
    assert [(r.getMessage(), r.exc_info is not None) for r in failed] == [
        ("a hook of new challenges failed", True)
    ]


@ON_SQLITE
def test_a_page_whose_socket_broke_on_a_send_is_left_and_its_live_seeks_go(
    client: TestClient, caplog: pytest.LogCaptureFixture
) -> None:
    """A send to a page fails (its connection is gone), whether the list or a message to its
    member: the page is no longer served, and as it was its member's last, their live seeks
    are withdrawn after the grace, as when a page closes."""
    lobby = lobby_of(client.app)
    lobby.grace = 3600.0
    told = {"type": "start", "game": "x"}
    with client.websocket_connect("/api/lobby/ws") as watcher:
        until_pong(watcher)
        for key, send in (
            (A, lambda who: seek(client, "guest-key-of-someone-else")),  # the list to all
            (B, lambda who: run(client, lobby.tell, who, told)),  # a message to one member
        ):
            who = who_of(None, hash_token(key))
            with guest_socket(client, key):
                live = seek(client, key)["id"]
                (broken,) = [socket for socket, member in lobby.sockets.items() if member == who]
                run(client, broken.close)  # the server's side of it is gone: a send fails
                caplog.clear()
                with caplog.at_level(logging.INFO, logger="shoal.server.sockets"):
                    send(who)
                assert "a socket dropped on sending: " in caplog.text
                assert who not in lobby.sockets.values()  # no longer served
            assert live in ids(until_pong(watcher)[0])
            leaving = lobby._leaving.get(who)
            assert leaving is not None  # the withdrawal of its live seek waits for the grace
            leaving.cancel()
    assert (lobby.sockets, lobby._shown) == ({}, {})
