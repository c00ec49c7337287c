"""Studies (issue 44) through the API, on SQLite and PostgreSQL: making, editing, permissions,
likes, lists, chapters from every source, export and import as records with variations."""

from __future__ import annotations

import threading
from typing import Any

from shoal import games
from shoal.records.tree import MoveTree
from shoal.records.treejson import read_tree
from tests.clients import TestClient

from ..accounts_helpers import error
from .helpers import chapter_of, edit, make_study, moves, play


def _tree(chapter: dict[str, Any]) -> MoveTree:
    game = games.REGISTRY.from_mapping(chapter["game"]["id"], {})
    data = {k: v for k, v in chapter["tree"].items()}
    data["nodes"] = [
        {k: n[k] for k in ("parent", "move", "comment", "mark") if k in n} for n in data["nodes"]
    ]
    return MoveTree.from_json_dict(game, data)


def test_a_study_holds_a_tree_with_variations_comments_and_marks(three: Any) -> None:
    _, alice, _, _ = three
    study, chapter = make_study(alice)
    first = play(alice, study, chapter, [], "d")
    main = play(alice, study, chapter, first, "d")
    side = play(alice, study, chapter, first, "e")
    assert (main, side) == ([0, 0], [0, 1])
    assert play(alice, study, chapter, first, "e") == side  # the existing move, not a copy
    assert (
        edit(alice, study, chapter, "comment", side, text="  the other reply ").status_code == 200
    )
    assert edit(alice, study, chapter, "mark", side, mark="!?").status_code == 200
    assert edit(alice, study, chapter, "comment", [], text="from the start").status_code == 200
    read = chapter_of(alice, study, chapter)
    assert moves(read) == [(-1, "d", "", ""), (0, "d", "", ""), (0, "e", "the other reply", "!?")]
    assert read["tree"]["comment"] == "from the start"
    # promote the variation, then delete the old main line
    reply = edit(alice, study, chapter, "promote", side)
    assert reply.json()["path"] == [0, 0]
    assert edit(alice, study, chapter, "delete", [0, 1]).json()["path"] == [0]
    assert moves(chapter_of(alice, study, chapter)) == [
        (-1, "d", "", ""),
        (0, "e", "the other reply", "!?"),
    ]


def test_export_reads_back_to_the_same_tree_and_imports_as_a_study(three: Any) -> None:
    _, alice, bobby, _ = three
    study, chapter = make_study(alice, title="Round trip")
    first = play(alice, study, chapter, [], "d")
    play(alice, study, chapter, play(alice, study, chapter, first, "d"), "c")
    side = play(alice, study, chapter, first, "a")
    assert edit(alice, study, chapter, "comment", side, text="a quiet reply").status_code == 200
    assert edit(alice, study, chapter, "mark", first, mark="!!").status_code == 200
    added = alice.post(f"/api/studies/{study}/chapters", json={"name": "Second", "game": "syrtis"})
    assert added.status_code == 201, added.text
    second = added.json()["ids"][0]
    # what the edits made, built here: d d c, with a (commented) after the first d (marked)
    connect4 = games.get("connect4")
    expected = MoveTree(connect4, connect4.initial(0), [3, 3, 2])
    expected.set_comment(expected.add((0,), 0), "a quiet reply")
    expected.set_mark((0,), "!!")
    stored = _tree(chapter_of(alice, study, chapter))
    assert stored.same(expected)
    for fmt in ("text", "json"):
        text = bobby.get(f"/api/studies/{study}/chapters/{chapter}/export?format={fmt}").text
        record, tree = read_tree(text)
        assert tree.same(expected), fmt
        assert record.extra_tags["Chapter"] == "Openings"
        assert record.extra_tags["Study"] == "Round trip"
    text = bobby.get(f"/api/studies/{study}/chapters/{second}/export").text
    record, tree = read_tree(text)
    assert record.extra_tags["Chapter"] == "Second" and record.game.id == "syrtis"
    assert list(tree.paths()) == []  # no move yet
    whole = bobby.get(f"/api/studies/{study}/export").text
    made = bobby.post(
        "/api/studies",
        json={"title": "Imported", "chapters": [{"text": whole}]},
    )
    assert made.status_code == 201, made.text
    copy = bobby.get(f"/api/studies/{made.json()['id']}").json()
    assert [(c["name"], c["game"]) for c in copy["chapters"]] == [
        ("Openings", "connect4"),
        ("Second", "syrtis"),
    ]
    again = chapter_of(bobby, copy["id"], copy["chapters"][0]["id"])
    assert _tree(again).same(expected)
    assert chapter_of(bobby, copy["id"], copy["chapters"][1]["id"])["tree"]["nodes"] == []


def test_chapters_come_from_a_board_tree_a_finished_game_and_a_position(three: Any) -> None:
    _, alice, _, _ = three
    game = games.get("connect4")
    board = MoveTree(game, game.initial(0), [3, 3])
    board.add((0,), 2)
    study, _ = make_study(alice, name="From the board", game="connect4", tree=board.to_json_dict())
    chapters = alice.get(f"/api/studies/{study}").json()["chapters"]
    assert _tree(chapter_of(alice, study, chapters[0]["id"])).same(board)
    made = alice.post("/api/games", json={"game": "connect4", "opponent": "local"}).json()
    version = 1
    for action in (3, 4, 3, 4, 3, 4):
        reply = alice.post(
            f"/api/games/{made['id']}/actions",
            json={"version": version, "action": action},
            headers={"X-Shoal-Token": made["token"]},
        )
        version = reply.json()["version"]
    error(
        alice.post(f"/api/studies/{study}/chapters", json={"game_id": made["id"]}),
        409,
        "not over yet",
    )
    alice.post(
        f"/api/games/{made['id']}/actions",
        json={"version": version, "action": 3},
        headers={"X-Shoal-Token": made["token"]},
    )
    ids = alice.post(f"/api/studies/{study}/chapters", json={"game_id": made["id"]}).json()["ids"]
    read = chapter_of(alice, study, ids[0])
    assert [n["move"] for n in read["tree"]["nodes"]] == ["d", "e", "d", "e", "d", "e", "d"]
    position = game.initial(0).child(3).position()
    ids = alice.post(
        f"/api/studies/{study}/chapters", json={"game": "connect4", "position": position}
    ).json()["ids"]
    assert chapter_of(alice, study, ids[0])["tree"]["start"] == position
    names = [c["name"] for c in alice.get(f"/api/studies/{study}").json()["chapters"]]
    assert names == ["From the board", "Player 1 – Player 2", "Chapter 3"]  # the players
    # a chapter without a name is named in its maker's language
    german = {"Accept-Language": "de"}
    alice.post(f"/api/studies/{study}/chapters", json={"game": "connect4"}, headers=german)
    names = [c["name"] for c in alice.get(f"/api/studies/{study}").json()["chapters"]]
    assert names[-1] == "Kapitel 4"


def test_only_editors_change_a_study_and_a_private_one_is_invisible(three: Any) -> None:
    _, alice, bobby, carol = three
    study, chapter = make_study(alice, visibility="private")
    play(alice, study, chapter, [], "d")
    for url in (
        f"/api/studies/{study}",
        f"/api/studies/{study}/chapters/{chapter}",
        f"/api/studies/{study}/export",
        f"/api/studies/{study}/chapters/{chapter}/export",
    ):
        error(bobby.get(url), 404, "there is no study")
        error(TestClient(alice.app).get(url), 404, "there is no study")  # a guest
    assert study not in [s["id"] for s in bobby.get("/api/studies").json()]
    assert study not in [s["id"] for s in alice.get("/api/studies").json()]  # not public
    assert study in [s["id"] for s in alice.get("/api/studies?mine=true").json()]
    error(edit(bobby, study, chapter, "play", [0], move="d"), 404, "there is no study")
    # invited, bobby edits; carol still sees nothing
    assert (
        alice.post(f"/api/studies/{study}/members", json={"username": "bobby"}).status_code == 201
    )
    assert study in [s["id"] for s in bobby.get("/api/studies?mine=true").json()]
    # and told so (issue 59): a notification with the study's page; carol is told nothing
    notices = bobby.get("/api/notifications").json()["notifications"]
    title = alice.get(f"/api/studies/{study}").json()["title"]
    assert [(n["kind"], n["text"], n["data"]["link"]) for n in notices] == [
        ("study", f"alice invites you to edit the study “{title}”", f"/studies/{study}")
    ]
    assert carol.get("/api/notifications").json()["notifications"] == []
    assert play(bobby, study, chapter, [0], "d") == [0, 0]
    error(carol.get(f"/api/studies/{study}"), 404, "there is no study")
    # an editor is not the owner
    error(bobby.patch(f"/api/studies/{study}", json={"visibility": "public"}), 403, "owner")
    error(bobby.delete(f"/api/studies/{study}"), 403, "owner")
    error(bobby.post(f"/api/studies/{study}/members", json={"username": "carol"}), 403, "owner")
    # public: carol reads but cannot change
    alice.patch(f"/api/studies/{study}", json={"visibility": "public"})
    assert carol.get(f"/api/studies/{study}").json()["can_edit"] is False
    version = chapter_of(carol, study, chapter)["version"]
    error(edit(carol, study, chapter, "play", [0, 0], move="d"), 403, "invited editors")
    assert chapter_of(carol, study, chapter)["version"] == version
    # removed, bobby reads only
    assert alice.delete(f"/api/studies/{study}/members/bobby").status_code == 200
    error(edit(bobby, study, chapter, "delete", [0, 0]), 403, "invited editors")
    assert alice.delete(f"/api/studies/{study}").status_code == 200
    error(carol.get(f"/api/studies/{study}"), 404, "there is no study")


def test_likes_once_per_account_and_the_public_list_per_game(three: Any) -> None:
    _, alice, bobby, carol = three
    liked, _ = make_study(alice, title="Liked")
    other, _ = make_study(alice, title="Syrtis notes", name="S", game="syrtis")
    unlisted, _ = make_study(alice, title="Unlisted", visibility="unlisted")
    for client in (bobby, bobby, carol):
        assert client.post(f"/api/studies/{liked}/like", json={"like": True}).status_code == 200
    assert bobby.get(f"/api/studies/{liked}").json()["likes"] == 2
    assert bobby.get(f"/api/studies/{liked}").json()["liked"] is True
    assert [s["id"] for s in carol.get("/api/studies").json()] == [liked, other]
    assert [s["id"] for s in carol.get("/api/studies?game=syrtis").json()] == [other]
    assert [s["id"] for s in carol.get("/api/studies?game=connect4").json()] == [liked]
    assert carol.get(f"/api/studies/{unlisted}").status_code == 200  # with the link
    reply = carol.post(f"/api/studies/{liked}/like", json={"like": False})
    assert reply.json() == {"likes": 1, "liked": False}
    error(TestClient(alice.app).post(f"/api/studies/{liked}/like", json={}), 401, "signed in")


def test_two_editors_at_once_lose_no_change(three: Any) -> None:
    _, alice, bobby, _ = three
    study, chapter = make_study(alice)
    alice.post(f"/api/studies/{study}/members", json={"username": "bobby"})
    first = play(alice, study, chapter, [], "d")
    replies: list[Any] = []

    def run(client: TestClient, moves: list[str]) -> None:
        for move in moves:
            replies.append(edit(client, study, chapter, "play", first, move=move))

    threads = [
        threading.Thread(target=run, args=(alice, ["a", "b", "c"])),
        threading.Thread(target=run, args=(bobby, ["e", "f", "g"])),
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert [r.status_code for r in replies] == [200] * 6
    read = chapter_of(alice, study, chapter)
    assert sorted(m for p, m, _, _ in moves(read) if p == 0) == ["a", "b", "c", "e", "f", "g"]
    assert read["version"] == 1 + 1 + 6
