"""Mail for correspondence turns and challenges, received by a real SMTP server (aiosmtpd)."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Callable, Iterator

import httpx
import pytest

from shoal.server import create_app
from shoal.server.mail.service import parse_smtp
from tests.clients import TestClient

from ._live import SRC, LiveServer, auth
from .accounts_helpers import PASSWORD, error
from .corr_helpers import Clock, account, as_user, context, correspondence_game, move, run
from .smtp_helpers import Inbox, body, inbox, link

__all__ = ["inbox"]


@pytest.fixture
def client(db: str, inbox: Inbox) -> Iterator[TestClient]:
    app = create_app(
        db, sweep_every=3600, smtp_url=inbox.url, site_url="http://shoal.test", clock=Clock()
    )
    with TestClient(app) as c:
        yield c


def _email(client: TestClient, cookie: str, address: str, **more: bool) -> None:
    as_user(client, cookie)
    response = client.put("/api/notifications/settings", json={"email": address, **more})
    assert response.status_code == 200, response.text


def test_a_move_mails_the_player_to_move_once(client: TestClient, inbox: Inbox) -> None:
    alice, bob = account(client, "alice"), account(client, "bob")
    _email(client, alice, "alice@example.org")
    _email(client, bob, "bob@example.org")
    game = correspondence_game(client, alice, bob)
    inbox.settled(client, 0)  # creating the game mails nobody
    move(client, game, 0)
    [mail] = inbox.wait(1)
    assert mail["To"] == "bob@example.org" and mail["X-Envelope-To"] == "bob@example.org"
    assert mail["From"] == "games@shoal.test"
    assert mail["Subject"] == "Your turn in Connect Four against alice"
    assert link(mail, "/game/") == f"http://shoal.test/game/{game.id}"
    assert "1 day per move" in body(mail)
    unsubscribe = link(mail, "/unsubscribe?token=")
    assert str(mail["List-Unsubscribe"]).strip() == f"<{unsubscribe}>"
    # The same turn told again (a second process, a retry): no second mail.
    live = run(client, context(client).manager.entry, game.id).live
    run(client, context(client).notifier.your_turn, live, 1, 1)
    inbox.settled(client, 1)
    move(client, game, 1)
    assert inbox.wait(2)[1]["To"] == "alice@example.org"


def _language(client: TestClient, cookie: str, language: str) -> None:
    as_user(client, cookie)
    response = client.put("/api/language", json={"language": language})
    assert response.status_code == 200, response.text


def test_a_turn_is_mailed_and_notified_in_the_recipients_language(
    client: TestClient, inbox: Inbox
) -> None:
    # Bob chose German: his mail (subject, body, footer) and his notification are German,
    # whatever language the mover reads; Alice chose none and reads English.
    alice, bob = account(client, "alice"), account(client, "bob")
    _email(client, alice, "alice@example.org")
    _email(client, bob, "bob@example.org")
    _language(client, bob, "de")
    game = correspondence_game(client, alice, bob, days=3)
    move(client, game, 0)
    [mail] = inbox.wait(1)
    assert mail["To"] == "bob@example.org"
    assert mail["Subject"] == "Du bist am Zug in Connect Four gegen alice"
    text = body(mail)
    assert "alice hat gezogen: du bist am Zug in Connect Four." in text
    assert "Du hast 3 Tage pro Zug." in text
    assert f"Spielen: http://shoal.test/game/{game.id}" in text
    assert "Keine Mails mehr von dieser Website: http://shoal.test/unsubscribe?token=" in text
    as_user(client, bob)
    [notice] = client.get("/api/notifications").json()["notifications"]
    assert notice["text"] == "Du bist am Zug in Connect Four gegen alice (3 Tage pro Zug)"
    move(client, game, 1)  # Alice's turn: English, as before
    assert inbox.wait(2)[1]["Subject"] == "Your turn in Connect Four against bob"
    assert "You have 3 days per move." in body(inbox.messages[1])


def test_one_notification_and_one_mail_per_move_then_the_timeout_ends_it(
    client: TestClient, inbox: Inbox
) -> None:
    """The issue's check: A's move makes exactly one notification and one mail for B;
    B lets the deadline pass and A wins."""
    alice, bob = account(client, "alice"), account(client, "bob")
    _email(client, bob, "bob@example.org")
    game = correspondence_game(client, alice, bob, days=2)
    move(client, game, 0)
    move(client, game, 1)
    move(client, game, 0)  # bob's turn for the second time
    mails = inbox.wait(2)
    inbox.settled(client, 2)
    assert [m["To"] for m in mails] == ["bob@example.org"] * 2
    as_user(client, bob)
    turns = [n for n in client.get("/api/notifications").json()["notifications"]]
    assert [n["kind"] for n in turns] == ["your_turn", "your_turn"]
    clock = context(client).correspondence.clock
    assert isinstance(clock, Clock)
    clock.now += 2 * 86400 + 1
    assert run(client, context(client).correspondence.sweep) == [game.id]
    result = client.get(f"/api/games/{game.id}").json()["result"]
    assert result["winner"] == 0 and "ran out of time (2 days per move)" in result["reason"]
    inbox.settled(client, 2)  # the end is not mailed


def test_a_deleted_account_loses_its_address_and_notifications(client: TestClient) -> None:
    alice, bob = account(client, "alice"), account(client, "bob")
    _email(client, bob, "bob@example.org")
    game = correspondence_game(client, alice, bob)
    move(client, game, 0)
    found = client.app.state.context.accounts.store.by_name("bob")  # type: ignore[attr-defined]
    assert found is not None
    store = context(client).notices
    assert store.unread(found[0].id) == 1
    as_user(client, bob)
    gone = client.request("DELETE", "/api/me", json={"password": PASSWORD})
    assert gone.status_code == 200, gone.text
    assert store.unread(found[0].id) == 0
    assert context(client).mail.store.settings(found[0].id).email is None


def test_no_mail_without_an_address_or_with_the_setting_off(
    client: TestClient, inbox: Inbox
) -> None:
    alice, bob = account(client, "alice"), account(client, "bob")
    _email(client, alice, "alice@example.org", mail_turns=False)
    game = correspondence_game(client, alice, bob)
    move(client, game, 0)  # bob has no address
    move(client, game, 1)  # alice does not want turn mails
    inbox.settled(client, 0)
    as_user(client, alice)
    assert len(client.get("/api/notifications").json()["notifications"]) == 1  # still told


def test_a_challenge_is_mailed_once(client: TestClient, inbox: Inbox) -> None:
    bob = account(client, "bob")
    _email(client, bob, "bob@example.org")
    found = client.app.state.context.accounts.store.by_name("bob")  # type: ignore[attr-defined]
    assert found is not None
    for _ in range(2):
        run(
            client,
            lambda: context(client).notifier.challenge(
                found[0].id,
                "alice",
                "Syrtis",
                challenge_id="c7",
                link="/lobby",
            ),
        )
    [mail] = inbox.wait(1)
    assert mail["Subject"] == "alice challenges you to Syrtis"
    assert link(mail, "/lobby") == "http://shoal.test/lobby"
    inbox.settled(client, 1)


@pytest.mark.parametrize("db_url", ["sqlite"], indirect=True)
def test_mail_settings_refuse_bad_addresses_in_words(client: TestClient) -> None:
    account(client, "alice")
    for bad in ("alice", "alice@", "a b@example.org", "<x>@example.org", "alice@example"):
        error(
            client.put("/api/notifications/settings", json={"email": bad}),
            400,
            "is not an email address",
        )
    error(client.put("/api/notifications/settings", json={"email": "a" * 300}), 422, "at most")
    assert client.get("/api/notifications/settings").json() == {
        "email": "",
        "mail_turns": True,
        "mail_challenges": True,
        "server_sends_mail": True,
    }
    as_user(client, None)
    error(client.get("/api/notifications/settings"), 401, "not signed in")


def test_bad_unsubscribe_links_are_refused(client: TestClient) -> None:
    as_user(client, None)
    for token in ("", "1.abc", "x.y", "1." + "0" * 32):
        page = client.get("/unsubscribe", params={"token": token})
        assert page.status_code == 400 and "not valid" in page.text
        assert client.post("/unsubscribe", params={"token": token}).status_code == 400


def test_smtp_urls_are_checked_in_words() -> None:
    assert parse_smtp("smtp://mail.example.org").port == 25
    settings = parse_smtp("smtps://me:p%40ss@mail.example.org:2465?from=a@b.org")
    assert (settings.port, settings.user, settings.password, settings.tls) == (
        2465,
        "me",
        "p@ss",
        True,
    )
    for url, words in (
        ("http://mail.example.org", "starts with smtp://"),
        ("smtp://", "names no host"),
        ("smtp://h:99999", "bad port"),
        ("smtp://h?from=nobody", "is not an email address"),
    ):
        with pytest.raises(ValueError, match=words):
            parse_smtp(url)
    out = subprocess.run(
        [sys.executable, "-m", "shoal.cli", "serve", "--smtp", "http://x"],
        capture_output=True,
        text=True,
        env={"PYTHONPATH": SRC},
        check=False,
    )
    assert out.returncode == 2 and "starts with smtp://" in out.stderr


def test_the_unsubscribe_link_works_over_http_without_signing_in(
    live: Callable[..., LiveServer], inbox: Inbox
) -> None:
    server = live("--smtp", inbox.url)
    players = []
    for name in ("alice", "bob"):
        c = httpx.Client(base_url=server.url, timeout=10)
        assert c.post("/api/auth/signup", json={"username": name, "password": PASSWORD}).is_success
        put = c.put("/api/notifications/settings", json={"email": f"{name}@example.org"})
        assert put.status_code == 200, put.text
        players.append(c)
    alice, bob = players
    made = alice.post(
        "/api/games",
        json={"game": "connect4", "opponent": "friend", "seat": 0, "correspondence_days": 3},
    ).json()
    gid = made["id"]
    token = bob.post(f"/api/games/{gid}/claim", json={}, headers=auth(made["invite_token"])).json()[
        "token"
    ]
    bob.post("/api/me/claims", json={"games": [{"id": gid, "token": token}]})
    tokens = [made["token"], token]

    def play(seat: int) -> None:
        c = players[seat]
        view = c.get(f"/api/games/{gid}").json()
        moved = c.post(
            f"/api/games/{gid}/actions",
            json={"version": view["version"], "action": view["legal"][0]["action"]},
            headers=auth(tokens[seat]),
        )
        assert moved.status_code == 200, moved.text

    play(0)
    [mail] = inbox.wait(1)
    assert mail["To"] == "bob@example.org"
    assert link(mail, "/game/") == f"{server.url}/game/{gid}"
    url = link(mail, "/unsubscribe?token=")
    stranger = httpx.Client(timeout=10)  # no session: a mail client, another browser
    page = stranger.get(url)
    assert page.status_code == 200 and "Stop the mail" in page.text
    done = stranger.post(url, content="List-Unsubscribe=One-Click")
    assert done.status_code == 200 and "No more mail will be sent" in done.text
    settings = bob.get("/api/notifications/settings").json()
    assert (settings["mail_turns"], settings["mail_challenges"]) == (False, False)
    assert settings["email"] == "bob@example.org"
    play(1)
    assert inbox.wait(2)[1]["To"] == "alice@example.org"
    play(0)  # bob's turn again: bob unsubscribed
    play(1)  # alice's turn: her mail is started after bob's was refused, a fence behind it
    mails = inbox.wait(3)
    assert [m["To"] for m in mails] == ["bob@example.org", *["alice@example.org"] * 2]
    for c in (alice, bob, stranger):
        c.close()


def test_a_lobby_challenge_notifies_and_mails_and_its_game_keeps_days(
    client: TestClient, inbox: Inbox
) -> None:
    """The lobby's challenge (POST /api/challenges) reaches the challenged player; accepted with
    ``3d`` it makes a correspondence game whose deadline the server keeps."""
    alice, bob = account(client, "alice"), account(client, "bob")
    _email(client, bob, "bob@example.org")
    as_user(client, alice)
    made = client.post(
        "/api/challenges",
        json={"username": "bob", "game": "connect4", "colour": "first", "time_control": "3d"},
    )
    assert made.status_code == 201, made.text
    [mail] = inbox.wait(1)
    assert mail["Subject"] == "alice challenges you to Connect Four"
    cid = made.json()["id"]
    assert link(mail, "/challenges/") == f"http://shoal.test/challenges/{cid}"  # its page
    as_user(client, bob)
    [notice] = client.get("/api/notifications").json()["notifications"]
    assert (
        notice["kind"] == "challenge" and notice["text"] == "alice challenges you to Connect Four"
    )
    challenge = notice["data"]["challenge"]
    accepted = client.post(f"/api/challenges/{challenge}/accept")
    assert accepted.status_code == 200, accepted.text
    clock = client.get(f"/api/games/{accepted.json()['game']}/correspondence").json()
    assert (
        clock["days"] == 3 and clock["seat"] == 0 and clock["deadline"] == clock["now"] + 3 * 86400
    )
