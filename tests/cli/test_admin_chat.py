"""``shoal admin chat / hide / unhide``: a moderator hides a chat message (a real process on
a SQLite file); players and spectators no longer get it; bad ids are refused in words."""

from __future__ import annotations

from pathlib import Path

from shoal.server import create_app
from tests.clients import TestClient

from .test_admin_bots import _admin


def test_a_hidden_message_is_no_longer_shown_and_can_be_shown_again(tmp_path: Path) -> None:
    db = tmp_path / "shoal.sqlite3"
    url = f"sqlite:///{db}"
    with TestClient(create_app(url)) as client:
        made = client.post(
            "/api/games", json={"game": "cyclix", "opponent": "friend", "name": "Ann"}
        ).json()
        gid, ann, bob = made["id"], made["token"], made["invite_token"]
        for token, text in ((ann, "good luck"), (bob, "something rude")):
            sent = client.post(
                f"/api/games/{gid}/chat", json={"text": text}, headers={"X-Shoal-Token": token}
            )
            assert sent.status_code == 201, sent.text
    listed = _admin(db, "chat", gid)
    assert listed.returncode == 0, listed.stderr
    lines = listed.stdout.splitlines()
    assert len(lines) == 2 and "shown" in lines[1] and "Guest: something rude" in lines[1]
    message_id = int(lines[1].split()[0])
    hidden = _admin(db, "hide", str(message_id))
    assert hidden.returncode == 0 and f"message {message_id} hidden" in hidden.stdout
    assert "hidden" in _admin(db, "chat", gid).stdout.splitlines()[1]
    with TestClient(create_app(url)) as client:
        seen = client.get(f"/api/games/{gid}/chat", headers={"X-Shoal-Token": ann}).json()
        assert [m["text"] for m in seen] == ["good luck"]
    assert _admin(db, "unhide", str(message_id)).returncode == 0
    with TestClient(create_app(url)) as client:
        seen = client.get(f"/api/games/{gid}/chat", headers={"X-Shoal-Token": ann}).json()
        assert [m["text"] for m in seen] == ["good luck", "something rude"]
    missing = _admin(db, "hide", "999999")
    assert missing.returncode == 1 and "there is no chat message 999999" in missing.stderr
    bad = _admin(db, "hide", "abc")
    assert bad.returncode == 2 and "invalid int value" in bad.stderr
    assert "no chat messages" in _admin(db, "chat", "nosuchgame").stdout
