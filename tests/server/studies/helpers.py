"""Helpers of the studies tests: make a study, edit a chapter, read it."""

from __future__ import annotations

from typing import Any

from tests.clients import TestClient


def make_study(
    client: TestClient,
    title: str = "Connect four ideas",
    visibility: str = "public",
    **chapter: Any,
) -> tuple[str, int]:
    """A study with one chapter (connect4 from its start unless told): its id and chapter id."""
    chapter = chapter or {"name": "Openings", "game": "connect4"}
    reply = client.post(
        "/api/studies", json={"title": title, "visibility": visibility, "chapters": [chapter]}
    )
    assert reply.status_code == 201, reply.text
    study_id = reply.json()["id"]
    study = client.get(f"/api/studies/{study_id}").json()
    return study_id, study["chapters"][0]["id"]


def edit(
    client: TestClient, study: str, chapter: int, op: str, path: list[int], **more: Any
) -> Any:
    """POST .../edit."""
    return client.post(
        f"/api/studies/{study}/chapters/{chapter}/edit", json={"op": op, "path": path, **more}
    )


def play(client: TestClient, study: str, chapter: int, path: list[int], move: str) -> list[int]:
    """Play ``move`` after ``path``: the new move's path."""
    reply = edit(client, study, chapter, "play", path, move=move)
    assert reply.status_code == 200, reply.text
    return list(reply.json()["path"])


def chapter_of(client: TestClient, study: str, chapter: int) -> dict[str, Any]:
    reply = client.get(f"/api/studies/{study}/chapters/{chapter}")
    assert reply.status_code == 200, reply.text
    return dict(reply.json())


def moves(chapter: dict[str, Any]) -> list[tuple[int, str, str, str]]:
    """The tree's nodes as (parent, move, comment, mark)."""
    return [
        (n["parent"], n["move"], n.get("comment", ""), n.get("mark", ""))
        for n in chapter["tree"]["nodes"]
    ]
