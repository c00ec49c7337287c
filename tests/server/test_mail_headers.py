"""The headers of the site's mail (issue 57), parsed with the standard library's ``email``
package from what a real SMTP server (aiosmtpd) received: ``Date``, ``Message-ID``,
``List-Unsubscribe: <https://...>`` written as it is (no RFC 2047 words) and
``List-Unsubscribe-Post: List-Unsubscribe=One-Click``, whose one-click POST (RFC 8058: no
cookie, no Origin, the body ``List-Unsubscribe=One-Click``) turns the mail off."""

from __future__ import annotations

import datetime
import email
import email.policy
import email.utils
import urllib.parse
from collections.abc import Iterator

import pytest

from shoal.server import create_app
from tests.clients import TestClient

from .corr_helpers import Clock, account, as_user, correspondence_game, move
from .smtp_helpers import Inbox, inbox

__all__ = ["inbox"]

SITE = "https://play.shoal.test"


@pytest.fixture
def client(db: str, inbox: Inbox) -> Iterator[TestClient]:
    app = create_app(db, sweep_every=3600, smtp_url=inbox.url, site_url=SITE)
    app.state.context.correspondence.clock = Clock()
    with TestClient(app) as c:
        yield c


@pytest.mark.parametrize("db_url", ["sqlite"], indirect=True)  # mail is the same on both
def test_mail_headers_and_the_one_click_unsubscribe(client: TestClient, inbox: Inbox) -> None:
    alice, bob = account(client, "alice"), account(client, "bob")
    for cookie, name in ((alice, "alice"), (bob, "bob")):
        as_user(client, cookie)
        put = client.put("/api/notifications/settings", json={"email": f"{name}@example.org"})
        assert put.status_code == 200, put.text
    game = correspondence_game(client, alice, bob)
    move(client, game, 0)
    move(client, game, 1)
    inbox.wait(2)
    raw = [email.message_from_bytes(data) for data in inbox.raw]  # compat32: headers as sent
    parsed = [email.message_from_bytes(data, policy=email.policy.default) for data in inbox.raw]
    now = datetime.datetime.now(datetime.UTC)
    for sent, message in zip(raw, parsed, strict=True):
        when = email.utils.parsedate_to_datetime(str(message["Date"]))
        assert when.tzinfo is not None and abs((now - when).total_seconds()) < 120
        assert str(message["Message-ID"]).endswith("@play.shoal.test>")
        unsubscribe = sent["List-Unsubscribe"]
        assert "=?" not in unsubscribe  # not RFC 2047 words
        assert unsubscribe.startswith(f"<{SITE}/unsubscribe?token=") and unsubscribe.endswith(">")
        assert sent["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    assert parsed[0]["Message-ID"] != parsed[1]["Message-ID"]
    bobs = next(m for m in raw if m["To"] == "bob@example.org")
    url = urllib.parse.urlsplit(bobs["List-Unsubscribe"].strip("<>"))
    with TestClient(client.app) as mail_client:  # a mail provider: no session, no Origin
        done = mail_client.post(
            f"{url.path}?{url.query}",
            content="List-Unsubscribe=One-Click",
            headers={"Content-Type": "application/x-www-form-urlencoded"},
        )
        assert done.status_code == 200, done.text
        flipped = "1" if url.query.endswith("0") else "0"  # a token one hex digit off
        forged = mail_client.post(
            f"{url.path}?{url.query[:-1]}{flipped}",
            files={"List-Unsubscribe": (None, "One-Click")},  # multipart/form-data
        )
        assert forged.status_code == 400
    as_user(client, bob)
    settings = client.get("/api/notifications/settings").json()
    assert (settings["mail_turns"], settings["mail_challenges"]) == (False, False)
    move(client, game, 0)  # bob's turn again: no mail
    inbox.settled(client, 2)


def test_the_mail_policy_writes_list_unsubscribe_on_one_line() -> None:
    """The default policy folded a long link into RFC 2047 words; the site's policy writes
    it as it is and folds the other headers as before."""
    from shoal.server.mail.service import MAIL_POLICY

    message = email.message.EmailMessage(policy=MAIL_POLICY)
    long = "<http://shoal.test/unsubscribe?token=12." + "a" * 60 + ">"
    message["List-Unsubscribe"] = long
    message["Subject"] = "x " * 60
    data = bytes(message)
    assert f"List-Unsubscribe: {long}\r\n".encode() in data  # one line, as written
    assert b"Subject: x x" in data and b"\r\n x" in data  # other headers still fold at 78
