"""Studies (issue 44): bad input is refused with words and changes nothing (both databases)."""

from __future__ import annotations

from typing import Any

from tests.clients import TestClient

from ..accounts_helpers import error, rows
from .helpers import chapter_of, edit, make_study, play


def test_a_bad_new_study_is_refused_and_nothing_is_made(three: Any, db: str) -> None:
    _, alice, _, _ = three
    connect4 = {"game": "connect4"}
    cases: list[tuple[dict[str, Any], int, str]] = [
        ({"title": " ", "chapters": [connect4]}, 400, "needs a name"),
        ({"title": "x", "visibility": "secret", "chapters": [connect4]}, 400, "visibility is"),
        ({"title": "x", "chapters": []}, 400, "at least one chapter"),
        ({"title": "x", "chapters": [{"game": "nope"}]}, 404, "nope"),
        ({"title": "x", "chapters": [{"game": "syrtis", "options": {"size": 99}}]}, 400, "size"),
        ({"title": "x", "chapters": [{"name": "x"}]}, 400, "needs a game"),
        ({"title": "x", "chapters": [{**connect4, "position": "nonsense"}]}, 400, "position"),
        (
            {"title": "x", "chapters": [{**connect4, "tree": {"start": "?", "nodes": []}}]},
            400,
            "the tree",
        ),
        (
            {
                "title": "x",
                "chapters": [
                    {
                        **connect4,
                        "tree": {
                            "start": "......./......./......./......./......./....... x",
                            "nodes": [{"parent": -1, "move": "z"}],
                        },
                    }
                ],
            },
            400,
            "'z'",
        ),
        ({"title": "x", "chapters": [{"text": '[Game "connect4"]\n\n1. q;'}]}, 400, "'q'"),
        ({"title": "x", "chapters": [{"text": "hello"}]}, 400, ""),
        (
            {"title": "x", "chapters": [{"text": '[Game "connect4"]\n\n1. d;', "game_id": "a"}]},
            400,
            "one source",
        ),
        ({"title": "x", "chapters": [connect4] * 65}, 422, "at most 64"),
        ({"title": "x" * 101, "chapters": [connect4]}, 422, "title"),
    ]
    for body, status, words in cases:
        error(alice.post("/api/studies", json=body), status, words)
    guest = TestClient(alice.app)
    error(guest.post("/api/studies", json={"title": "x", "chapters": [connect4]}), 401, "signed")
    assert rows(db, "SELECT count(*) FROM shoal_studies") == [(0,)]
    assert rows(db, "SELECT count(*) FROM shoal_study_chapters") == [(0,)]


def test_a_bad_change_is_refused_and_the_chapter_is_unchanged(three: Any) -> None:
    _, alice, _, _ = three
    study, chapter = make_study(alice)
    first = play(alice, study, chapter, [], "d")
    play(alice, study, chapter, first, "d")
    before = chapter_of(alice, study, chapter)
    base = f"/api/studies/{study}"
    cases: list[tuple[Any, int, str]] = [
        (edit(alice, study, chapter, "play", first, move="q"), 400, "not a legal move"),
        (edit(alice, study, chapter, "play", [5], move="d"), 400, "no move at path [5]"),
        (edit(alice, study, chapter, "jump", first), 400, "unknown change 'jump'"),
        (edit(alice, study, chapter, "comment", first, text="a {b}"), 400, "{ or }"),
        (edit(alice, study, chapter, "comment", first, text="two\nlines"), 400, "one line"),
        (edit(alice, study, chapter, "comment", first, text="x" * 2001), 400, "2000"),
        (edit(alice, study, chapter, "comment", first, text="x" * 2002), 422, "2001"),
        (edit(alice, study, chapter, "mark", first, mark="?x"), 400, "a mark is one of"),
        (edit(alice, study, chapter, "mark", [], mark="!"), 400, "the start carries no mark"),
        (edit(alice, study, chapter, "delete", []), 400, "cannot be deleted"),
        (edit(alice, study, chapter, "promote", [0, 3]), 400, "no move at path"),
        (edit(alice, study, chapter, "play", [-1], move="d"), 422, "at least 0"),
        (edit(alice, study, 999, "play", [], move="d"), 404, "no chapter 999"),
        (edit(alice, "nothing", chapter, "play", [], move="d"), 404, "there is no study"),
        (alice.post(f"{base}/position", json={"chapter": chapter, "path": [9]}), 400, "no move"),
        (alice.patch(f"{base}/chapters/{chapter}", json={"name": "  "}), 400, "needs a name"),
        (alice.delete(f"{base}/chapters/{chapter}"), 409, "at least one chapter"),
        (alice.post(f"{base}/members", json={"username": "nobody"}), 404, "no player"),
        (alice.post(f"{base}/members", json={"username": "alice"}), 400, "owner edits"),
        (alice.patch(base, json={"visibility": "hidden"}), 400, "visibility is"),
        (alice.get(f"{base}/chapters/{chapter}/export?format=pdf"), 400, "'text' or 'json'"),
        (alice.get("/api/studies?order=best"), 400, "order is"),
        (alice.get("/api/studies?game=nope"), 404, "nope"),
        (alice.get("/api/studies/bad%20id"), 422, ""),
    ]
    for reply, status, words in cases:
        error(reply, status, words)
    after = chapter_of(alice, study, chapter)
    assert after == before
    study_after = alice.get(base).json()
    assert (study_after["visibility"], study_after["members"]) == ("public", [])
    assert [c["name"] for c in study_after["chapters"]] == ["Openings"]
    alice.post(f"{base}/members", json={"username": "bobby"})
    error(alice.post(f"{base}/members", json={"username": "bobby"}), 409, "edits this study")


def test_a_chapter_over_its_move_limit_is_refused_and_kept(three: Any, monkeypatch: Any) -> None:
    _, alice, _, _ = three
    monkeypatch.setattr("shoal.server.studies.edits.MAX_NODES", 2)
    monkeypatch.setattr("shoal.server.studies.chapters.MAX_NODES", 2)
    study, chapter = make_study(alice)
    play(alice, study, chapter, play(alice, study, chapter, [], "d"), "d")
    before = chapter_of(alice, study, chapter)
    error(edit(alice, study, chapter, "play", [0, 0], move="c"), 400, "at most 2 moves")
    assert chapter_of(alice, study, chapter) == before
    text = alice.get(f"/api/studies/{study}/export").text.replace("2. d;", "2. d; 3. c;")
    error(
        alice.post(f"/api/studies/{study}/chapters", json={"text": text}),
        400,
        "at most 2 moves, not 3",
    )
    assert len(alice.get(f"/api/studies/{study}").json()["chapters"]) == 1


def test_chapters_are_renamed_and_deleted_by_editors(three: Any) -> None:
    _, alice, bobby, _ = three
    study, chapter = make_study(alice)
    other = alice.post(
        f"/api/studies/{study}/chapters", json={"name": "Second", "game": "sfirs"}
    ).json()["ids"][0]
    error(bobby.patch(f"/api/studies/{study}/chapters/{other}", json={"name": "x"}), 403, "")
    error(bobby.delete(f"/api/studies/{study}/chapters/{other}"), 403, "invited editors")
    reply = alice.patch(f"/api/studies/{study}/chapters/{other}", json={"name": "  The  end "})
    assert reply.json() == {"id": other, "name": "The end"}
    names = [(c["id"], c["name"]) for c in alice.get(f"/api/studies/{study}").json()["chapters"]]
    assert names == [(chapter, "Openings"), (other, "The end")]
    assert alice.delete(f"/api/studies/{study}/chapters/{chapter}").status_code == 200
    names = [c["name"] for c in alice.get(f"/api/studies/{study}").json()["chapters"]]
    assert names == ["The end"]
    error(alice.get(f"/api/studies/{study}/chapters/{chapter}"), 404, f"no chapter {chapter}")
