"""A study's pages live (issue 44): ``WS /api/studies/{id}/ws`` on both databases.

An editor's change reaches every open page as the whole chapter; with sync on, the owner's
position reaches the spectators; a reader who may no longer see the study (made private,
deleted) is told ``gone`` and closed with 4404, as is anyone opening a private study's
socket without being an editor.
"""

from __future__ import annotations

from typing import Any

import pytest
from starlette.websockets import WebSocketDisconnect

from .helpers import make_study, play


def _next(socket: Any, kind: str, moves: list[str] | None = None) -> dict[str, Any]:
    """The next message of type ``kind`` (with a chapter of these ``moves``): others before
    it are skipped (a page hears other changes of the study too)."""
    for _ in range(20):
        message = socket.receive_json()
        if message["type"] == kind and (
            moves is None or [n["move"] for n in message["chapter"]["tree"]["nodes"]] == moves
        ):
            return dict(message)
    raise AssertionError(f"no {kind} message")


def test_editors_changes_and_the_owners_position_reach_every_page(three: Any) -> None:
    _, alice, bobby, carol = three
    study, chapter = make_study(alice)
    alice.post(f"/api/studies/{study}/members", json={"username": "bobby"})
    url = f"/api/studies/{study}/ws"
    with bobby.websocket_connect(url) as editor, carol.websocket_connect(url) as spectator:
        assert _next(editor, "hello")["study"] == study
        _next(spectator, "hello")
        first = play(alice, study, chapter, [], "d")
        for socket in (editor, spectator):
            assert _next(socket, "chapter", ["d"])["by"] == "alice"
        play(bobby, study, chapter, first, "e")
        assert _next(spectator, "chapter", ["d", "e"])["by"] == "bobby"
        _next(editor, "chapter", ["d", "e"])
        # sync: spectators follow the owner's position
        alice.patch(f"/api/studies/{study}", json={"sync": True})
        _next(spectator, "study")
        alice.post(f"/api/studies/{study}/position", json={"chapter": chapter, "path": [0, 0]})
        assert _next(spectator, "position") == {
            "type": "position",
            "chapter": chapter,
            "path": [0, 0],
        }
        assert carol.get(f"/api/studies/{study}").json()["position"] == {
            "chapter": chapter,
            "path": [0, 0],
        }
        # private: the editor stays, the spectator is shown out
        alice.patch(f"/api/studies/{study}", json={"visibility": "private"})
        assert _next(spectator, "gone") == {"type": "gone"}
        with pytest.raises(WebSocketDisconnect) as closed:
            spectator.receive_json()
        assert closed.value.code == 4404
        _next(editor, "study")
        alice.delete(f"/api/studies/{study}")
        _next(editor, "gone")


def test_a_private_studys_socket_refuses_a_stranger(three: Any) -> None:
    _, alice, _, carol = three
    study, _ = make_study(alice, visibility="private")
    with carol.websocket_connect(f"/api/studies/{study}/ws") as socket:
        assert socket.receive_json() == {"type": "gone"}
        with pytest.raises(WebSocketDisconnect) as closed:
            socket.receive_json()
        assert closed.value.code == 4404
    with alice.websocket_connect(f"/api/studies/{study}/ws") as socket:
        assert socket.receive_json()["type"] == "hello"
