"""Answering a challenge has the same effects whichever way it comes (issue 37): from the
web page (the cookie) or from the Bot API (a token), both call one service
(:mod:`shoal.server.challenges.service`).

The effects compared: the challenger's lobby pages (``start`` with their seat and token,
or ``challenges``), the answerer's other lobby tabs (``challenges``), the answerer's
notification pages (the unread count again) and the mail sent (a real SMTP server).
Each socket is read up to the answer to a ``ping`` sent after the answer, so a missing
message fails the comparison instead of hanging.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import pytest

from shoal.server import create_app
from shoal.server.bots.service import new_api_token
from tests.clients import TestClient

from .accounts_helpers import signup, until_pong
from .smtp_helpers import Inbox, inbox

__all__ = ["inbox"]


@pytest.fixture
def site(db: str, inbox: Inbox) -> Iterator[tuple[Any, TestClient, TestClient, str]]:
    """alice (a person) and robot (a bot account, signed in too, with an API token); both
    have a mail address and want every mail."""
    app = create_app(db, sweep_every=3600, smtp_url=inbox.url, site_url="http://shoal.test")
    robot = TestClient(app)  # one lifespan (two would run two PostgreSQL relays)
    with TestClient(app) as alice:
        for client, name in ((alice, "alice"), (robot, "robot")):
            assert signup(client, name).status_code == 201
            settings = {"email": f"{name}@example.org"}
            assert client.put("/api/notifications/settings", json=settings).status_code == 200
        bots = app.state.context.bots
        found = bots.accounts.by_name("robot")
        assert found is not None and bots.store.mark(found[0].id)
        token = new_api_token(bots.store, found[0].id)
        yield app, alice, robot, token


def _effects(site: Any, inbox: Inbox, answer: str, way: str) -> dict[str, Any]:
    """alice challenges robot, who answers ``answer`` (accept, decline) the ``way`` given
    (web, bot); what each page heard and the mails sent by the answer."""
    _, alice, robot, token = site
    body = {"username": "robot", "game": "syrtis", "colour": "first", "time_control": "2d"}
    before = len(inbox.messages)
    made = alice.post("/api/challenges", json=body)
    assert made.status_code == 201, made.text
    cid = made.json()["id"]
    mails = len(inbox.wait(before + 1))  # the challenge's own mail to robot
    with (
        alice.websocket_connect("/api/lobby/ws") as challenger,
        robot.websocket_connect("/api/lobby/ws") as other_tab,
        robot.websocket_connect("/api/notifications/ws") as notices,
    ):
        for socket in (challenger, other_tab, notices):
            until_pong(socket)  # what a socket gets on opening
        if way == "web":
            done = robot.post(f"/api/challenges/{cid}/{answer}")
        else:
            headers = {"Authorization": f"Bearer {token}"}
            done = robot.post(f"/api/bot/challenge/{cid}/{answer}", headers=headers)
        assert done.status_code == 200, done.text
        heard = {
            "challenger": until_pong(challenger),
            "other tab": until_pong(other_tab),
            "notifications": [m["type"] for m in until_pong(notices)],
        }
    state = alice.get(f"/api/challenges/{cid}").json()
    for message in heard["challenger"]:
        if message["type"] == "start":  # the challenger's seat and token open the game
            assert message["game"] == state["game_id"] == done.json()["game"]
            assert message["seat"] == 1 - done.json()["seat"] == 0  # alice chose "first"
            seats = {"X-Shoal-Token": message["token"]}
            assert alice.get(f"/api/games/{message['game']}", headers=seats).json()["you"] == [0]
            assert message["url"] == f"/game/{message['game']}"
            message.update(game="G", token="T", url="/game/G")
    time.sleep(0.3)  # a mail the answer sent would be in by now
    return {
        **heard,
        "status": state["status"],
        "mails": len(inbox.messages) - mails,
    }


@pytest.mark.parametrize("answer", ["accept", "decline"])
def test_the_bot_api_and_the_web_answer_a_challenge_alike(
    site: Any, inbox: Inbox, answer: str
) -> None:
    web = _effects(site, inbox, answer, "web")
    bot = _effects(site, inbox, answer, "bot")
    assert bot == web
    assert web["notifications"] == ["notification"]  # the unread count again, either way
    assert web["other tab"] == [{"type": "challenges"}]  # the answerer's other tabs refresh
    assert web["mails"] == 0  # an answer mails nobody (the challenge itself did)
    if answer == "accept":
        assert web["status"] == "accepted"
        assert web["challenger"] == [
            {"type": "start", "game": "G", "seat": 0, "token": "T", "url": "/game/G"}
        ]
    else:
        assert web["status"] == "declined"
        assert web["challenger"] == [{"type": "challenges"}]
