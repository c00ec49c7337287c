"""The analysis board's API (issue 26): positions, trees in and out, the engine over a WebSocket."""

from __future__ import annotations

import json
from typing import Any

import pytest

from shoal.games import get
from shoal.records.tree import MoveTree
from shoal.records.treejson import read_tree
from tests.clients import TestClient

GAMES = ["syrtis", "sirtet", "sytran", "cyclix", "sfirs"]


def _start(client: TestClient, game: str) -> dict[str, Any]:
    response = client.get(f"/api/analysis/start/{game}")
    assert response.status_code == 200, response.text
    data: dict[str, Any] = response.json()
    return data


@pytest.mark.parametrize("db_url", ["sqlite"], indirect=True)
@pytest.mark.parametrize("game_id", GAMES)
def test_a_line_is_drawn_with_its_click_paths(client: TestClient, game_id: str) -> None:
    board = _start(client, game_id)
    start = board["tree"]["start"]
    assert board["tree"]["nodes"] == []
    first = client.post(
        "/api/analysis/view", json={"game": game_id, "options": {}, "start": start, "moves": []}
    ).json()
    assert first["legal"] and "<svg" in first["svg"]
    move = first["legal"][0]["text"]
    after = client.post(
        "/api/analysis/view",
        json={"game": game_id, "options": {}, "start": start, "moves": [move]},
    ).json()
    assert after["ply"] == 1
    assert after["turns"][0]["text"].startswith(move)


@pytest.mark.parametrize("db_url", ["sqlite"], indirect=True)
def test_bad_lines_are_refused_in_words(client: TestClient) -> None:
    start = _start(client, "syrtis")["tree"]["start"]
    bad = client.post(
        "/api/analysis/view",
        json={"game": "syrtis", "options": {}, "start": start, "moves": ["zz99"]},
    )
    assert bad.status_code == 400
    assert "move 1 ('zz99')" in bad.json()["detail"]
    bad = client.post(
        "/api/analysis/view", json={"game": "syrtis", "options": {}, "start": "nonsense"}
    )
    assert bad.status_code == 400 and "start position" in bad.json()["detail"]
    bad = client.get("/api/analysis/start/nosuchgame")
    assert bad.status_code == 400 and "nosuchgame" in bad.json()["detail"]
    bad = client.get("/api/analysis/start/syrtis", params={"position": "garbage"})
    assert bad.status_code == 400 and "the position" in bad.json()["detail"]


def _tree_with_variation() -> MoveTree:
    game = get("connect4")
    tree = MoveTree(game, game.initial())
    path = tree.add_text((), "d")
    main = tree.add_text(path, "d")
    side = tree.add_text(path, "c")
    tree.add_text(side, "a")
    tree.add_text(main, "e")
    tree.set_comment(side, "sharper")
    return tree


@pytest.mark.parametrize("db_url", ["sqlite"], indirect=True)
@pytest.mark.parametrize("fmt", ["text", "json"])
def test_export_and_import_keep_the_tree(client: TestClient, fmt: str) -> None:
    tree = _tree_with_variation()
    body = {"game": "connect4", "options": {}, "tree": tree.to_json_dict(), "format": fmt}
    exported = client.post("/api/analysis/export", json=body)
    assert exported.status_code == 200, exported.text
    assert "attachment" in exported.headers["content-disposition"]
    _, again = read_tree(exported.text)
    assert again.same(tree)
    imported = client.post("/api/analysis/import", json={"text": exported.text}).json()
    nodes = imported["tree"]["nodes"]
    assert [(n["move"], n["parent"], n["number"], n["first"]) for n in nodes] == [
        ("d", -1, 1, True),
        ("d", 0, 2, True),
        ("e", 1, 3, True),
        ("c", 0, 2, True),
        ("a", 3, 3, True),
    ]
    assert MoveTree.from_json_dict(tree.game, imported["tree"]).same(tree)


@pytest.mark.parametrize("db_url", ["sqlite"], indirect=True)
def test_broken_trees_and_records_are_refused(client: TestClient) -> None:
    body = {"game": "connect4", "tree": {"start": "x", "nodes": []}}
    bad = client.post("/api/analysis/export", json=body)
    assert bad.status_code == 400 and "the tree" in bad.json()["detail"]
    tree = _tree_with_variation().to_json_dict()
    bad = client.post(
        "/api/analysis/export", json={"game": "connect4", "tree": tree, "format": "pdf"}
    )
    assert bad.status_code == 400 and "'pdf' is not text or json" in bad.json()["detail"]
    bad = client.post("/api/analysis/import", json={"text": '[Game "connect4"]\n\n1. d; (2. zz;)'})
    assert bad.status_code == 400 and "zz" in bad.json()["detail"]


def test_a_finished_game_opens_as_a_tree_and_a_running_one_is_refused(
    client: TestClient,
) -> None:
    made = client.post("/api/games", json={"game": "connect4", "opponent": "local"}).json()
    gid, token, version = made["id"], made["token"], made["view"]["version"]
    refused = client.get(f"/api/games/{gid}/analysis")
    assert refused.status_code == 409 and "not over yet" in refused.json()["detail"]
    for text in ["d", "c", "d", "c", "d", "a", "d"]:
        response = client.post(
            f"/api/games/{gid}/actions",
            json={"version": version, "text": text},
            headers={"X-Shoal-Token": token},
        )
        version = response.json()["version"]
    board = client.get(f"/api/games/{gid}/analysis").json()
    assert [n["move"] for n in board["tree"]["nodes"]] == ["d", "c", "d", "c", "d", "a", "d"]
    assert client.get("/api/games/nosuch/analysis").status_code == 404


@pytest.mark.parametrize("db_url", ["sqlite"], indirect=True)
def test_an_uploaded_record_keeps_its_variations(client: TestClient) -> None:
    tree = _tree_with_variation()
    text = client.post(
        "/api/analysis/export",
        json={"game": "connect4", "tree": tree.to_json_dict(), "format": "text"},
    ).text
    made = client.post("/api/records", json={"text": text}).json()
    board = client.get(f"/api/records/{made['id']}/analysis").json()
    assert MoveTree.from_json_dict(tree.game, board["tree"]).same(tree)


@pytest.mark.parametrize("db_url", ["sqlite"], indirect=True)
def test_the_engine_sends_three_turns_and_follows_the_position(client: TestClient) -> None:
    start = _start(client, "syrtis")["tree"]["start"]
    with client.websocket_connect("/api/analysis/ws") as socket:
        socket.send_text(json.dumps({"type": "analyse", "id": 1, "game": "syrtis", "start": start}))
        first = json.loads(socket.receive_text())
        assert first["type"] == "lines" and first["id"] == 1
        assert len(first["lines"]) == 3
        assert all(0 <= line["value"] <= 100 for line in first["lines"])
        assert first["simulations"] > 0 and 0 <= first["eval"] <= 100
        second = json.loads(socket.receive_text())
        assert second["id"] == 1 and second["simulations"] >= first["simulations"]
        # a new position cancels the search: the updates that follow are the new one's
        move = first["lines"][0]["move"]
        socket.send_text(
            json.dumps(
                {"type": "analyse", "id": 2, "game": "syrtis", "start": start, "moves": [move]}
            )
        )
        ids = [json.loads(socket.receive_text())["id"] for _ in range(6)]
        assert ids[-1] == 2 and ids.count(2) >= 1
        assert ids == sorted(ids)  # never the old position once the new one answered
        socket.send_text(json.dumps({"type": "analyse", "id": 3, "game": "syrtis", "start": "?"}))
        error = json.loads(socket.receive_text())
        while error["type"] != "error":
            error = json.loads(socket.receive_text())
        assert error["id"] == 3 and "start position" in error["detail"]
        socket.send_text("[1]")
        assert json.loads(socket.receive_text())["detail"] == "messages are JSON objects"
