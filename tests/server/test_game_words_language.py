"""A game's words in each reader's language (issue 62): the view's status line, result, board
in words, live log and labels are said in the language of whoever reads it (the account, the
cookie, ``Accept-Language``), per socket; English readers get the words they always got."""

from __future__ import annotations

from typing import Any

import pytest

from tests.clients import TestClient

from .test_api import auth, create

SYTRAN = {"game": "sytran", "options": {"base": 6}, "opponent": "friend"}


@pytest.mark.parametrize("db_url", ["sqlite"], indirect=True)  # words, not storage
def test_a_sytran_game_is_said_in_each_readers_language(client: TestClient) -> None:
    made = create(client, **SYTRAN)
    gid, host, guest = made["id"], made["token"], made["invite_token"]
    assert made["view"]["status"].endswith("as many as the number of the innermost ring used")
    dutch = {"Accept-Language": "nl"}
    view = client.get(f"/api/games/{gid}", headers=dutch).json()
    assert view["status"].startswith("Wit 0 stenen: 0 · Zwart 0 stenen: 0 · vrije velden 91")
    client.cookies.set("shoal_lang", "de")  # the cookie wins over the browser's language
    view = client.get(f"/api/games/{gid}", headers=dutch).json()
    assert view["status"].startswith("Weiß 0 Steine: 0 · Schwarz 0 Steine: 0 · freie Felder 91")
    client.cookies.delete("shoal_lang")
    with (
        client.websocket_connect(f"/api/games/{gid}/ws?deltas=1", headers=dutch) as nl,
        client.websocket_connect(f"/api/games/{gid}/ws?deltas=1") as en,
        client.websocket_connect(f"/api/games/{gid}/ws", headers={"Accept-Language": "de"}) as de,
    ):
        views: dict[str, dict[str, Any]] = {
            "nl": nl.receive_json()["view"],
            "en": en.receive_json()["view"],
            "de": de.receive_json()["view"],
        }
        answer = client.post(
            f"/api/games/{gid}/actions?answer=delta",
            json={"version": 1, "text": "f6"},
            headers=auth(host),
        )
        assert answer.status_code == 200, answer.text
        delta = {"nl": nl.receive_json(), "en": en.receive_json()}
        whole = de.receive_json()["view"]
        said = {
            "nl": delta["nl"]["set"],
            "en": delta["en"]["set"],
            "de": whole,
        }
        assert said["en"]["status"].startswith("White 1 stone in 1 group: -7 · Black 0 stones")
        assert said["nl"]["status"].startswith("Wit 1 steen in 1 groep: -7 · Zwart 0 stenen")
        assert said["de"]["status"].startswith("Weiß 1 Stein in 1 Gruppe: -7")
        assert said["en"]["spoken"][-1]["label"] == "Stone on f6"
        assert said["nl"]["spoken"][-1]["label"] == "Steen op f6"
        assert said["nl"]["words"] == ["Witte steen: f6"]
        assert said["de"]["cells"]["f6"] == "f6: weißer Stein, Ring 1"
        swap = {e["text"]: e["label"] for e in said["nl"]["legal"]}["swap"]
        assert swap == "Kleuren ruilen"
        assert {e["text"]: e["label"] for e in said["en"]["legal"]}["swap"] == "Swap colours"
        # the words drawn on the board too (its caption, its legend), in ASCII as the board is
        board = {lang: views[lang]["svg"] for lang in ("nl", "en")}
        assert ">Wit aan zet</text>" in board["nl"] and ">ringen</text>" in board["nl"]
        assert ">White to move</text>" in board["en"] and ">rings</text>" in board["en"]
        assert ">Wei&#223; am Zug</text>" in views["de"]["svg"]
        for lang in ("nl", "en"):
            start, end, text = delta[lang]["svg_splice"]
            board[lang] = board[lang][:start] + text + board[lang][len(board[lang]) - end :]
        assert ">Zwart aan zet; Zwart mag ruilen</text>" in board["nl"]
        assert board["nl"].replace(">Zwart aan zet; Zwart mag ruilen<", "").replace(
            ">ringen<", ""
        ) == board["en"].replace(">Black to move; Black may swap<", "").replace(">rings<", "")
        # what is not words is the same for every reader
        assert delta["nl"]["set"]["turns"] == delta["en"]["set"]["turns"]
        assert views["nl"]["position"] == views["en"]["position"] == views["de"]["position"]
        # the mover reads its answer in its own language (English here)
        assert answer.json()["set"]["status"] == said["en"]["status"]
        # a Dutch mover's delta is in Dutch
        answer = client.post(
            f"/api/games/{gid}/resign?answer=delta",
            json={"version": 2},
            headers={**auth(guest), **dutch},
        )
        assert answer.status_code == 200, answer.text
        assert answer.json()["set"]["result"]["sentence"] == "Zwart heeft opgegeven: Wit wint."
        assert nl.receive_json()["set"]["result"]["sentence"] == "Zwart heeft opgegeven: Wit wint."
        assert en.receive_json()["set"]["result"]["sentence"] == "Black resigned: White wins."
        result = de.receive_json()["view"]["result"]
        assert result["sentence"] == "Schwarz hat aufgegeben: Weiß gewinnt."
        assert result["reason"] == "black resigned"  # the short form stays English


@pytest.mark.parametrize("db_url", ["sqlite"], indirect=True)
def test_a_puzzle_is_said_in_the_readers_language(client: TestClient) -> None:
    english = client.get("/api/puzzles/sytran/next").json()
    dutch = client.get("/api/puzzles/sytran/next", headers={"Accept-Language": "nl"}).json()
    assert english["id"] == dutch["id"] and english["position"] == dutch["position"]
    assert english["status"].startswith("White ") and dutch["status"].startswith("Wit ")
    assert any(line.startswith("Witte steen: ") for line in dutch["words"])
    assert ">ringen<" in dutch["svg"] and ">rings<" in english["svg"]
