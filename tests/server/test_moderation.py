"""Reports, the moderators' queue, every action and the audit log (issue 61), on both
databases, through the API in-process."""

from __future__ import annotations

import csv
import io
import json
from typing import Any

from shoal.server import create_app
from tests.clients import TestClient

from .accounts_helpers import error, login, rows
from .moderation_helpers import act, friend_game, lines, make_moderator, report, say, sign_up


def test_reports_show_their_state_to_the_reporter(three: Any) -> None:
    app, alice, bobby, carol = three
    make_moderator(app, "alice")
    game = friend_game(bobby, carol, "carol")
    assert say(bobby, game["id"], "a rude line").status_code == 201
    line = bobby.get(f"/api/games/{game['id']}/chat").json()[-1]["id"]
    study = bobby.post(
        "/api/studies",
        json={"title": "Mine", "visibility": "public", "chapters": [{"game": "cyclix"}]},
    ).json()["id"]

    # what does not make sense, or is not there, is refused in words and changes nothing
    error(report(carol, "player", username="carol"), 400, "cannot report yourself")
    error(report(carol, "player"), 400, "name the player")
    error(report(carol, "player", username="nobody"), 404, "no player 'nobody'")
    error(report(carol, "player", reason="other", username="bobby"), 400, "say what is wrong")
    assert report(carol, "player", reason="rude", username="bobby").status_code == 422
    error(report(carol, "chat", chat=999_999), 404, "no chat line 999999")
    error(report(alice, "chat", chat=line), 404, f"no chat line {line}")  # not her room
    error(report(carol, "study", study="nope"), 404, "no study 'nope'")
    error(report(alice, "game", game=game["id"]), 400, "name the player of this game")
    error(report(carol, "game", game=game["id"], username="alice"), 400, "does not play in")
    assert carol.get("/api/reports").json() == []

    made = report(carol, "chat", chat=line, text="see the line")
    assert made.status_code == 201, made.text
    assert made.json()["state"] == "open"
    error(report(carol, "chat", chat=line), 409, "still open")
    assert report(carol, "game", reason="cheating", game=game["id"]).status_code == 201
    assert report(carol, "study", reason="spam", study=study).status_code == 201
    assert report(alice, "game", game=game["id"], username="bobby").status_code == 201
    mine = carol.get("/api/reports").json()
    assert [(r["kind"], r["about"], r["state"]) for r in mine] == [
        ("study", "bobby", "open"),
        ("game", "bobby", "open"),
        ("chat", "bobby", "open"),
    ]

    # a moderator handles the chat line: the reporter sees it handled
    assert act(alice, "dismiss", report=made.json()["id"]).status_code == 201
    states = {r["kind"]: r["state"] for r in carol.get("/api/reports").json()}
    assert states == {"study": "open", "game": "open", "chat": "handled"}
    with TestClient(app) as guest:
        assert guest.post(
            "/api/reports", json={"kind": "player", "reason": "abuse"}
        ).status_code in (
            401,
            422,
        )
        assert guest.get("/api/reports").status_code == 401


def test_reports_a_day_are_the_sites_limit(db: str) -> None:
    app = create_app(db, limits=["reports=2"])  # the operator's --limit reports=2
    with TestClient(app) as carol, TestClient(app) as bobby, TestClient(app) as dave:
        for client, name in ((carol, "carol"), (bobby, "bobby"), (dave, "dave")):
            sign_up(client, name)
        assert report(carol, "player", username="bobby").status_code == 201
        error(report(carol, "player", username="bobby"), 409, "still open")  # not counted
        assert report(carol, "player", username="dave").status_code == 201
        theirs = report(dave, "player", username="bobby")  # a count per account
        assert theirs.status_code == 201, theirs.text
        error(
            report(carol, "player", reason="spam", username="dave"),
            429,
            "too many reports from your account: at most 2 per day",
        )
        assert len(carol.get("/api/reports").json()) == 2  # the refused one made nothing


def test_the_queue_every_action_and_the_audit_log(three: Any, db: str) -> None:
    app, alice, bobby, carol = three
    make_moderator(app, "alice")
    game = friend_game(bobby, carol, "carol")
    gid = game["id"]
    for text in ("good luck", "you are a potato", "enjoy"):
        assert say(bobby, gid, text).status_code == 201
    assert say(carol, gid, "thanks").status_code == 201
    chat = bobby.get(f"/api/games/{gid}/chat").json()
    potato = next(m["id"] for m in chat if m["text"] == "you are a potato")
    study = bobby.post(
        "/api/studies",
        json={"title": "Spam", "visibility": "public", "chapters": [{"game": "cyclix"}]},
    ).json()["id"]
    on_line = report(carol, "chat", chat=potato).json()["id"]
    on_study = report(carol, "study", reason="spam", study=study).json()["id"]
    on_game = report(carol, "game", reason="cheating", game=gid).json()["id"]
    assert report(bobby, "player", username="carol").status_code == 201

    # the queue is the moderators': 401 signed out, 403 for a player
    with TestClient(app) as guest:
        assert guest.get("/api/mod/queue").status_code == 401
    error(carol.get("/api/mod/queue"), 403, "for the site's moderators")
    error(carol.post("/api/mod/actions", json={"action": "warn", "reason": "x"}), 403, "moderators")
    error(carol.get("/api/mod/log/export"), 403, "moderators")
    assert carol.get("/api/mod/me").json() == {"username": "carol", "role": None}
    assert alice.get("/api/mod/me").json() == {"username": "alice", "role": "moderator"}

    # most reported first; each report with its context
    queue = alice.get("/api/mod/queue").json()
    assert queue["open"] == 4
    assert [(g["player"]["username"], g["count"]) for g in queue["groups"]] == [
        ("bobby", 3),
        ("carol", 1),
    ]
    bobbys = queue["groups"][0]
    assert [r["id"] for r in bobbys["reports"]] == [on_game, on_study, on_line]  # newest first
    around = bobbys["reports"][2]["context"]["chat"]
    assert [(c["text"], c["reported"]) for c in around] == [
        ("good luck", False),
        ("you are a potato", True),
        ("enjoy", False),
        ("thanks", False),
    ]
    assert sorted(bobbys["reports"][0]["context"]["game"]["players"]) == ["bobby", "carol"]
    assert bobbys["reports"][1]["context"]["study"]["title"] == "Spam"
    assert bobbys["player"]["standing"] == {"muted_until": None, "engine": False, "banned": False}

    # bad actions are refused in words and change nothing
    error(act(alice, "warn", reason=" ", username="bobby"), 400, "say why")
    error(act(alice, "mute", username="bobby"), 400, "say how many")
    error(act(alice, "mute", username="bobby", days=400), 400, "1 to 365 days")
    error(act(alice, "warn", username="bobby", days=3), 400, "only a mute takes days")
    error(act(alice, "dismiss"), 400, "name the report")
    error(act(alice, "warn"), 400, "name the player")
    error(act(alice, "warn", username="nobody"), 404, "no player")
    error(act(alice, "hide-chat", chat=999_999), 404, "no chat line")
    assert act(alice, "explode", username="bobby").status_code == 422
    error(act(alice, "warn", username="shoal-club"), 403, "the site's own computer")
    error(act(alice, "unmute", username="bobby"), 409, "not muted")
    assert [e["action"] for e in alice.get("/api/mod/log").json()["entries"]] == ["grant"]

    # hide a chat line: gone for everyone, its reports handled; shown again
    assert act(alice, "hide-chat", report=on_line).status_code == 201
    assert "you are a potato" not in lines(carol, gid)
    assert "you are a potato" not in lines(bobby, gid)
    error(act(alice, "hide-chat", chat=potato), 409, "hidden already")
    assert act(alice, "show-chat", chat=potato, reason="a mistake").status_code == 201
    assert "you are a potato" in lines(carol, gid)

    # hide a study: only its owner sees it, unlisted; shown again
    assert act(alice, "hide-study", report=on_study).status_code == 201
    assert carol.get(f"/api/studies/{study}").status_code == 404
    assert bobby.get(f"/api/studies/{study}").json()["hidden"] is True
    assert study not in {s["id"] for s in carol.get("/api/studies").json()}
    assert act(alice, "show-study", study=study).status_code == 201
    assert carol.get(f"/api/studies/{study}").status_code == 200

    # dismiss a report: handled with no action (once)
    assert act(alice, "dismiss", report=on_game, reason="not cheating").status_code == 201
    error(act(alice, "dismiss", report=on_game), 409, "handled already")

    # warn: a notice the player sees
    assert act(alice, "warn", username="bobby", reason="mind your words").status_code == 201
    notices = bobby.get("/api/notifications").json()
    texts = [
        n["text"] for n in (notices["notifications"] if isinstance(notices, dict) else notices)
    ]
    assert any("mind your words" in t for t in texts), texts

    # mute: bobby's lines reach nobody but bobby, for the days given; unmute
    muted = act(alice, "mute", username="bobby", days=3, reason="insults").json()
    assert muted["details"]["days"] == 3
    assert say(bobby, gid, "can anyone hear me").status_code == 201
    assert "can anyone hear me" in lines(bobby, gid)
    assert "can anyone hear me" not in lines(carol, gid)
    file = alice.get("/api/mod/players/bobby").json()
    assert file["player"]["standing"]["muted_until"] is not None
    assert act(alice, "unmute", username="bobby").status_code == 201
    assert say(bobby, gid, "back again").status_code == 201
    assert "back again" in lines(carol, gid)

    # ban: no sign-in, sessions ended; unban
    banned = act(alice, "ban", username="bobby", reason="repeated abuse").json()
    assert banned["details"]["sessions"] >= 1
    assert bobby.get("/api/me").status_code == 401
    error(login(bobby, "bobby"), 403, "disabled")
    error(act(alice, "ban", username="bobby"), 409, "banned already")
    assert act(alice, "unban", username="bobby").status_code == 201
    assert login(bobby, "bobby").status_code == 200

    # no moderator acts on another moderator or an operator's account; an operator may
    make_moderator(app, "bobby")
    error(act(alice, "warn", username="bobby"), 403, "a moderator cannot act on bobby")
    error(act(alice, "warn", username="alice"), 403, "a moderator cannot act on yourself")
    make_moderator(app, "alice", "operator")
    assert act(alice, "warn", username="bobby", reason="as operator").status_code == 201
    make_moderator(app, "carol", "operator")
    error(act(alice, "warn", username="carol"), 403, "an operator's account")

    # close: the account is closed as its own deletion does
    sign_up(TestClient(app), "dave")
    assert act(alice, "close", username="dave", reason="spam account").status_code == 201
    assert alice.get("/api/users/dave").status_code == 404
    assert rows(db, "SELECT deleted FROM shoal_users WHERE username = 'dave'") == [(True,)]

    # the audit log: who, when, whom, why, newest first; by player; exported whole
    log = alice.get("/api/mod/log").json()
    actions = [(e["moderator"], e["action"], e["target"]) for e in log["entries"]]
    assert actions[0] == ("alice", "close", "dave")
    assert ("operator", "grant", "alice") in actions
    assert ("alice", "hide-chat", "bobby") in actions and ("alice", "ban", "bobby") in actions
    assert all(e["reason"] and e["at"].endswith("Z") for e in log["entries"])
    assert log["next"] is None
    assert {e["action"] for e in alice.get("/api/mod/log?username=dave").json()["entries"]} == {
        "close"
    }
    exported = alice.get("/api/mod/log/export?format=csv")
    assert exported.headers["content-type"].startswith("text/csv")
    table = list(csv.DictReader(io.StringIO(exported.text)))
    assert len(table) == len(actions)  # the operator's grants are in both
    assert {t["action"] for t in table} >= {"grant", "ban", "unban", "warn", "close", "dismiss"}
    jsonl = alice.get("/api/mod/log/export?format=jsonl").text.splitlines()
    assert [json.loads(x)["id"] for x in jsonl] == [int(t["id"]) for t in table]
    assert alice.get("/api/mod/queue").json()["open"] == 1  # bobby's report of carol
