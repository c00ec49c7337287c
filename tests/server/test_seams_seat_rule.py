"""Issue 38, item 11 (seats): one seat rule for every route that acts for a seat.

Before: moving by cookie worked for a seat an account held, but offers and chat answered
403 to the same cookie. Now a seat is played by its token, or by the account holding it
(its cookie, from this site), for moves, offers, abort and chat alike.
"""

from __future__ import annotations

from shoal.server import create_app
from tests.clients import TestClient

from .accounts_helpers import signup


def test_a_cookie_held_seat_offers_answers_and_chats_as_it_moves(db: str) -> None:
    """Rule: the account holding a seat acts for it with its cookie alone: a move, a draw
    offer and its acceptance, the players' chat and its mute."""
    app = create_app(db)
    with TestClient(app) as alice, TestClient(app) as bobby, TestClient(app) as eve:
        signup(alice, "alice")
        signup(bobby, "bobby")
        made = alice.post("/api/games", json={"game": "connect4", "opponent": "friend", "seat": 0})
        gid, invite = made.json()["id"], made.json()["invite_token"]
        claimed = bobby.post(f"/api/games/{gid}/claim", json={}, headers={"X-Shoal-Token": invite})
        assert claimed.status_code == 200, claimed.text

        def version() -> int:
            return int(alice.get(f"/api/games/{gid}").json()["version"])

        moved = alice.post(f"/api/games/{gid}/actions", json={"version": version(), "action": 3})
        assert moved.status_code == 200, moved.text
        offer = alice.post(f"/api/games/{gid}/draw", json={"version": version(), "action": "offer"})
        assert offer.status_code == 200, offer.text
        said = bobby.post(f"/api/games/{gid}/chat", json={"room": "players", "text": "hm"})
        assert said.status_code == 201, said.text
        assert [m["text"] for m in alice.get(f"/api/games/{gid}/chat").json()] == ["hm"]
        muted = alice.post(f"/api/games/{gid}/mute", json={"version": version(), "muted": True})
        assert muted.status_code == 200, muted.text
        # a stranger's cookie plays nothing
        refused = eve.post(
            f"/api/games/{gid}/draw", json={"version": version(), "action": "accept"}
        )
        assert refused.status_code == 403, refused.text
        accepted = bobby.post(
            f"/api/games/{gid}/draw", json={"version": version(), "action": "accept"}
        )
        assert accepted.status_code == 200, accepted.text
        assert alice.get(f"/api/games/{gid}").json()["result"]["result"] == "1/2-1/2"
