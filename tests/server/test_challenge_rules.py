"""The rules of a challenge's service (:mod:`shoal.server.challenges.service`), one test each,
in process (issue 64: the challenges seam's mutants these kill are in docs/testing.md).

Each refusal is checked in whole words and leaves the challenge as it was; the expiry that
falls between reading a challenge and answering it is the store's guarded update refusing
the answer (the clock the store reads is moved between the two)."""

from __future__ import annotations

import datetime
from typing import Any

import pytest

from shoal.server import create_app
from shoal.server.accounts.models import utcnow
from tests.clients import TestClient

from .accounts_helpers import rows, signup, until_pong

BODY = {"username": "bobby", "game": "syrtis", "colour": "first", "time_control": "2d"}


def refused(response: Any, status: int, words: str) -> None:
    """``response`` is a refusal with ``status`` and exactly ``words``."""
    assert (response.status_code, response.json()["detail"]) == (status, words), response.text


def challenge(client: TestClient, **more: Any) -> int:
    made = client.post("/api/challenges", json={**BODY, **more})
    assert made.status_code == 201, made.text
    cid: int = made.json()["id"]
    return cid


def status_of(app: Any, cid: int) -> str:
    found = app.state.context.challenges.store.challenge(cid)
    assert found is not None
    return str(found.status)


def user_id(app: Any, name: str) -> int:
    found = app.state.context.accounts.store.by_name(name)
    assert found is not None
    return int(found[0].id)


ON_SQLITE = pytest.mark.parametrize("db_url", ["sqlite"], indirect=True)
"""The service's own rules: the database's part (the guarded update) runs on both."""


@ON_SQLITE
def test_only_the_challenged_answers_and_only_the_challenger_withdraws(
    three: Any,
) -> None:
    app, a, b, c = three
    cid = challenge(a)
    refused(
        c.post(f"/api/challenges/{cid}/accept"),
        403,
        "only the challenged player can accept a challenge",
    )
    refused(
        a.post(f"/api/challenges/{cid}/accept"),
        403,
        "only the challenged player can accept a challenge",
    )
    for who in (a, c):
        refused(
            who.post(f"/api/challenges/{cid}/decline"),
            403,
            "only the challenged player can decline a challenge",
        )
    for who in (b, c):
        refused(
            who.delete(f"/api/challenges/{cid}"),
            403,
            "only the challenger can withdraw a challenge",
        )
    refused(b.post("/api/challenges/99999/accept"), 404, "there is no challenge 99999")
    refused(b.post("/api/challenges/99999/decline"), 404, "there is no challenge 99999")
    assert status_of(app, cid) == "open"  # none of that changed it
    assert [who.get(f"/challenges/{cid}").status_code for who in (a, b, c)] == [200, 200, 403]
    assert b.post(f"/api/challenges/{cid}/decline").json() == {
        "id": cid,
        "status": "declined",
        "game": None,
    }
    for answer in ("accept", "decline", "decline"):  # a second decline too
        refused(
            b.post(f"/api/challenges/{cid}/{answer}"),
            409,
            "this challenge is not open any more (it was declined)",
        )
    refused(
        a.delete(f"/api/challenges/{cid}"),
        409,
        "this challenge is not open any more (it was declined)",
    )


def test_a_challenge_that_expires_while_it_is_answered_is_refused_as_expired(
    three: Any, db: str
) -> None:
    """Read open (6 days 23 hours old), then past 7 days when the answer's guarded update
    runs: the answer is refused as expired and starts no game."""
    app, a, b, _ = three
    store = app.state.context.challenges.store
    start = utcnow()
    store.now = lambda: start
    accepted, declined, withdrawn = challenge(a), challenge(a), challenge(a)
    expired = "this challenge has expired: challenges last 7 days"
    for cid, answer in (
        (accepted, lambda cid: b.post(f"/api/challenges/{cid}/accept")),
        (declined, lambda cid: b.post(f"/api/challenges/{cid}/decline")),
        (withdrawn, lambda cid: a.delete(f"/api/challenges/{cid}")),
    ):
        times = iter([start + datetime.timedelta(days=6, hours=23)])  # the first read only
        store.now = lambda times=times: next(times, start + datetime.timedelta(days=7, seconds=1))
        refused(answer(cid), 409, expired)
        assert status_of(app, cid) == "expired"
    assert rows(db, "SELECT count(*) FROM shoal_games") == [(0,)]  # no game was stored


@ON_SQLITE
def test_a_block_stops_a_challenge_either_way_and_its_accept(three: Any) -> None:
    app, a, b, _ = three
    cid = challenge(a)  # before the block
    assert b.put("/api/blocks/alice").status_code == 200
    refused(challenge_of(a), 403, "bobby does not take challenges from you")
    refused(
        challenge_of(b, username="alice"),
        403,
        "you block alice: unblock them first to challenge them",
    )
    refused(
        b.post(f"/api/challenges/{cid}/accept"),
        403,
        "a block stands between you and the challenger",
    )
    assert status_of(app, cid) == "open"
    assert b.delete("/api/blocks/alice").status_code == 200
    assert b.post(f"/api/challenges/{cid}/accept").status_code == 200


def challenge_of(client: TestClient, **more: Any) -> Any:
    return client.post("/api/challenges", json={**BODY, **more})


@ON_SQLITE
def test_a_disabled_or_deleted_player_cannot_be_challenged(three: Any) -> None:
    app, a, _, _ = three
    accounts = app.state.context.accounts.store
    accounts.update_user(user_id(app, "bobby"), disabled=True)
    refused(challenge_of(a), 404, "there is no player 'bobby'")
    accounts.update_user(user_id(app, "carol"), deleted=True)
    refused(challenge_of(a, username="carol"), 404, "there is no player 'carol'")
    refused(challenge_of(a, username="nobody"), 404, "there is no player 'nobody'")
    refused(
        challenge_of(a, username="alice"),
        400,
        "you cannot challenge yourself: create a seek in the lobby",
    )
    assert a.get("/api/challenges").json() == {"incoming": [], "outgoing": []}


@ON_SQLITE
def test_no_clock_is_stored_as_none_and_a_clock_without_its_spaces(three: Any) -> None:
    app, a, _, _ = three
    store = app.state.context.challenges.store
    for given, kept in ((None, None), ("", None), ("none", None), (" none ", None), (" 2d ", "2d")):
        cid = challenge(a, time_control=given)
        assert store.challenge(cid).time_control == kept, given


@ON_SQLITE
def test_the_challenged_is_told_with_the_challenges_link_and_terms(three: Any) -> None:
    _, a, b, _ = three
    cid = challenge(a, game="cyclix", time_control="5+3")
    (notice,) = b.get("/api/notifications").json()["notifications"]
    assert (notice["kind"], notice["text"]) == ("challenge", "alice challenges you to Cyclix")
    assert notice["data"] == {
        "challenge": str(cid),
        "by": "alice",
        "title": "Cyclix",
        "link": f"/challenges/{cid}",
        "game": "cyclix",
        "time_control": "5+3",
    }
    assert a.get("/api/notifications").json()["notifications"] == []


@ON_SQLITE
def test_the_challengers_colour_and_rated_are_the_games(three: Any) -> None:
    app, a, b, _ = three
    guest = TestClient(app)  # no cookie: the seat is the token's
    for colour, rated, seat in (("second", True, 1), ("first", False, 0)):
        cid = challenge(a, colour=colour, rated=rated)
        with (
            a.websocket_connect("/api/lobby/ws") as lobby,
            b.websocket_connect("/api/lobby/ws") as other_tab,
        ):
            until_pong(lobby), until_pong(other_tab)  # the seeks, on opening
            accepted = b.post(f"/api/challenges/{cid}/accept")
            assert accepted.status_code == 200, accepted.text
            answer = accepted.json()
            (start,) = until_pong(lobby)
            assert until_pong(other_tab) == [{"type": "challenges"}]  # the accepter's tab
        assert start == {
            "type": "start",
            "game": answer["game"],
            "seat": seat,
            "token": start["token"],
            "url": f"/game/{answer['game']}",
        }
        assert (start["seat"], answer["seat"]) == (seat, 1 - seat)
        data = app.state.context.store.load(answer["game"])
        names = ["alice", "bobby"] if seat == 0 else ["bobby", "alice"]
        assert (data.players, data.rated) == (names, rated)
        ids = [user_id(app, name) for name in names]
        assert data.accounts == ids  # each seat its player's account
        told = a.get("/api/notifications").json()["notifications"][0]  # newest first
        assert (told["kind"], told["game"], told["text"], told["data"]) == (
            "challenge",
            answer["game"],
            "bobby accepted your challenge: Syrtis",
            {"accepted": True, "by": "bobby", "link": f"/game/{answer['game']}"},
        )
        for token, you in ((start["token"], seat), (answer["token"], 1 - seat)):
            seated = guest.get(f"/api/games/{answer['game']}", headers={"X-Shoal-Token": token})
            assert seated.json()["you"] == [you]  # each token is its player's seat


@ON_SQLITE
def test_a_server_bot_accepts_at_once_and_tells_nobody(three: Any, db: str) -> None:
    """A challenge of ``shoal-random`` starts its game in the answer: the challenger gets
    her seat there, no notification (hers or the bot's), and the challenge is accepted."""
    app, a, _, _ = three
    made = challenge_of(a, username="shoal-random", colour="first")
    assert made.status_code == 201, made.text
    answer = made.json()
    assert (answer["status"], answer["seat"]) == ("accepted", 0)
    assert status_of(app, answer["id"]) == "accepted"
    data = app.state.context.store.load(answer["game"])
    assert data.players == ["alice", "shoal-random"]
    assert (data.computer_seat, data.level) == (1, "random")  # the computer plays the bot
    guest = TestClient(app)  # no cookie: alice's seat is the answer's token
    seated = guest.get(f"/api/games/{answer['game']}", headers={"X-Shoal-Token": answer["token"]})
    assert seated.json()["you"] == [0]
    assert a.get("/api/notifications").json()["notifications"] == []
    bot = user_id(app, "shoal-random")
    assert rows(db, "SELECT count(*) FROM shoal_notifications WHERE user_id = :u", u=bot) == [(0,)]


@ON_SQLITE
def test_the_days_limit_on_challenges_counts_each_account_apart(db: str) -> None:
    app = create_app(db, limits=["challenges=1"])
    with TestClient(app) as a, TestClient(app) as b, TestClient(app) as c:
        for client, name in ((a, "alice"), (b, "bobby"), (c, "carol")):
            assert signup(client, name).status_code == 201
        challenge(a)
        limited = challenge_of(a)
        assert limited.status_code == 429, limited.text
        assert "new challenges from your account: at most 1 per day" in limited.json()["detail"]
        challenge(c)  # carol's own count
        assert challenge_of(b, username="alice").status_code == 201


@ON_SQLITE
def test_a_game_gone_from_the_catalog_is_titled_by_its_id(three: Any) -> None:
    """A challenge stored for a game the server no longer has still reads, titled by its id."""
    app, a, _, _ = three
    stored = app.state.context.challenges.store.add_challenge(
        most=10,
        challenger=user_id(app, "alice"),
        challenged=user_id(app, "bobby"),
        game="retired",
        options={},
        colour="first",
        time_control=None,
        rated=False,
    )
    assert stored is not None
    shown = a.get(f"/api/challenges/{stored.id}").json()
    assert (shown["game"], shown["title"], shown["challenged"]) == ("retired", "retired", "bobby")


@ON_SQLITE
def test_a_withdrawal_is_told_to_the_challenged_and_the_challengers_other_tabs(
    three: Any,
) -> None:
    """The challenged's lobby pages refresh and their notification pages get the unread
    count; the challenger's other lobby tab refreshes too, once."""
    _, a, b, _ = three
    cid = challenge(a)
    with (
        b.websocket_connect("/api/lobby/ws") as challenged,
        b.websocket_connect("/api/notifications/ws") as bell,
        a.websocket_connect("/api/lobby/ws") as other_tab,
    ):
        for socket in (challenged, bell, other_tab):
            until_pong(socket)  # what a socket gets on opening
        withdrawn = a.delete(f"/api/challenges/{cid}")
        assert withdrawn.json() == {"id": cid, "status": "cancelled"}
        assert until_pong(challenged) == [{"type": "challenges"}]
        assert until_pong(other_tab) == [{"type": "challenges"}]
        assert [m["type"] for m in until_pong(bell)] == ["notification"]
