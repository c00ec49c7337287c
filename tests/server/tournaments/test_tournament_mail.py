"""The player's next tournament game is announced by mail (a real SMTP server), once."""

from __future__ import annotations

import pytest

from shoal.server import create_app
from tests.clients import TestClient

from ..smtp_helpers import Inbox, body, inbox
from .helpers import As, event, make

__all__ = ["inbox"]


@pytest.mark.parametrize("db_url", ["sqlite"], indirect=True)
def test_the_next_game_is_mailed_to_who_wants_mail(db: str, inbox: Inbox) -> None:
    app = create_app(db, smtp_url=inbox.url, site_url="http://shoal.test")
    with TestClient(app) as shared:
        a, b = As(shared, "alice"), As(shared, "bobby")
        settings = a.put("/api/notifications/settings", json={"email": "alice@example.org"})
        assert settings.status_code == 200, settings.text
        tid = make(
            a,
            game="connect4",
            format="round_robin",
            clock="3d",
            max_players=2,
            name="Spring round robin",
        )
        assert a.post(f"/api/tournaments/{tid}/join").status_code == 200
        assert b.post(f"/api/tournaments/{tid}/join").status_code == 200
        game = event(a, tid)["rounds"][0]["pairings"][0]["game"]
        mails = inbox.wait(1)
        inbox.settled(shared, 1)  # one mail: bobby gave no address
    mail = mails[0]
    assert mail["To"] == "alice@example.org"
    assert mail["Subject"] == "Spring round robin: your next game, against bobby"
    assert f"http://shoal.test/game/{game}" in body(mail)
