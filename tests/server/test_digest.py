"""Turn mail as a digest (issue 43), received by a real SMTP server (aiosmtpd): "each turn",
"a digest at most every N hours" or "none"; the digest lists every game waiting; once
across workers (two apps on one database sweep at once: one mail)."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator

import pytest

from shoal.server import create_app
from tests.clients import TestClient

from .corr_helpers import Clock, account, as_user, context, correspondence_game, move, run
from .smtp_helpers import Inbox, body, inbox

__all__ = ["inbox"]

HOUR = 3600.0


@pytest.fixture
def clock() -> Clock:
    return Clock()


def _app(db: str, inbox: Inbox, clock: Clock) -> TestClient:
    app = create_app(
        db, sweep_every=3600, smtp_url=inbox.url, site_url="http://shoal.test", clock=clock
    )
    return TestClient(app)


@pytest.fixture
def client(db: str, inbox: Inbox, clock: Clock) -> Iterator[TestClient]:
    with _app(db, inbox, clock) as c:
        yield c


def _mail_mode(client: TestClient, cookie: str, mode: str, hours: int = 6) -> None:
    as_user(client, cookie)
    saved = client.put("/api/notifications/settings", json={"email": "bob@example.org"})
    assert saved.status_code == 200
    chosen = client.put("/api/mail/digest", json={"mode": mode, "hours": hours})
    assert chosen.status_code == 200, chosen.text


def _digests(client: TestClient) -> int:
    mailer = context(client).mail.mailer
    assert mailer is not None
    count: int = run(client, mailer.sweep_digests)
    return count


def test_a_digest_lists_every_game_waiting_at_most_every_n_hours(
    client: TestClient, inbox: Inbox, clock: Clock
) -> None:
    alice, bob, carol = account(client, "alice"), account(client, "bob"), account(client, "carol")
    _mail_mode(client, bob, "digest", hours=6)
    one = correspondence_game(client, alice, bob)
    two = correspondence_game(client, carol, bob, days=3)
    move(client, one, 0)
    move(client, two, 0)
    inbox.settled(client, 0)  # no mail per turn
    assert _digests(client) == 1
    [mail] = inbox.wait(1)
    assert mail["To"] == "bob@example.org"
    assert mail["Subject"] == "2 games waiting for your move"
    text = body(mail)
    assert f"http://shoal.test/game/{one.id}" in text and f"http://shoal.test/game/{two.id}" in text
    assert "against alice" in text and "against carol" in text
    move(client, one, 1)
    move(client, one, 0)  # a new turn for bob, 1 hour later: no digest before 6 hours
    clock.now += HOUR
    assert _digests(client) == 0
    clock.now += 5 * HOUR
    assert _digests(client) == 1
    assert inbox.wait(2)[1]["Subject"] == "2 games waiting for your move"
    clock.now += 7 * HOUR  # nothing new since: no digest
    assert _digests(client) == 0
    inbox.settled(client, 2)


def test_each_turn_or_none(client: TestClient, inbox: Inbox) -> None:
    alice, bob = account(client, "alice"), account(client, "bob")
    _mail_mode(client, bob, "none")
    game = correspondence_game(client, alice, bob)
    move(client, game, 0)
    assert _digests(client) == 0
    inbox.settled(client, 0)
    _mail_mode(client, bob, "turn")
    move(client, game, 1)
    move(client, game, 0)
    [mail] = inbox.wait(1)
    assert mail["Subject"] == "Your turn in Connect Four against alice"


def test_a_digest_goes_once_across_workers(
    db: str, client: TestClient, inbox: Inbox, clock: Clock
) -> None:
    alice, bob = account(client, "alice"), account(client, "bob")
    _mail_mode(client, bob, "digest", hours=1)
    game = correspondence_game(client, alice, bob)
    move(client, game, 0)
    # a second worker on the same database (its own app and connections; its background
    # sweeper not started, so the two sweeps below are the only ones)
    other = create_app(
        db, sweep_every=3600, smtp_url=inbox.url, site_url="http://shoal.test", clock=clock
    )
    first, second = context(client).mail, other.state.context.mail
    assert first.mailer is not None and second.mailer is not None
    assert [u for u, _ in first.digests.due()] == [u for u, _ in second.digests.due()] != []

    async def both() -> list[int]:
        assert first.mailer is not None and second.mailer is not None
        return list(
            await asyncio.gather(first.mailer.sweep_digests(), second.mailer.sweep_digests())
        )

    assert sorted(run(client, both)) == [0, 1]
    inbox.wait(1)
    inbox.settled(client, 1)
    assert first.digests.due() == [] and second.digests.due() == []
    other.state.context.store.engine.dispose()


def test_a_bad_mode_is_refused_and_changes_nothing(client: TestClient) -> None:
    as_user(client, account(client, "bob"))
    assert client.put("/api/mail/digest", json={"mode": "weekly"}).status_code == 400
    assert client.put("/api/mail/digest", json={"mode": "digest", "hours": 0}).status_code == 400
    assert client.get("/api/mail/digest").json() == {"mode": "turn", "hours": 12}
