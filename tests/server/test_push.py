"""Web Push (issue 43) against a real receiver: every push's VAPID signature is checked
against the site's public key and its body decrypted with the device's keys (http_ece)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat
from py_vapid import Vapid02

from shoal.server import create_app
from shoal.server.db.secrets import SiteSecrets
from shoal.server.push.service import VapidKeys
from tests.clients import TestClient

from ._live import auth
from .corr_helpers import account, as_user, context, correspondence_game, move
from .push_helpers import Receiver, b64, receiver, unb64

__all__ = ["receiver"]


@pytest.fixture
def client(db: str, receiver: Receiver) -> Iterator[TestClient]:
    """The app, with the receiver's origin added to the push services (an operator's own)."""
    app = create_app(
        db, sweep_every=3600, site_url="https://play.shoal.test", push_services=[receiver.origin]
    )
    with TestClient(app) as c:
        yield c


def _subscribe(client: TestClient, cookie: str, device: dict[str, object]) -> None:
    as_user(client, cookie)
    response = client.post("/api/push/subscriptions", json=device)
    assert response.status_code == 200, response.text


def test_the_key_is_made_once_kept_in_the_database_and_is_a_p256_point(db: str) -> None:
    with TestClient(create_app(db)) as first:
        key = first.get("/api/push/key").json()["key"]
        pusher = context(first).notifier.pusher
        assert pusher is not None
        kept = SiteSecrets(pusher.store.engine).get("vapid", lambda: "none kept")
    public = Vapid02.from_raw(kept.encode()).public_key  # the site secret "vapid"
    assert b64(public.public_bytes(Encoding.X962, PublicFormat.UncompressedPoint)) == key
    with TestClient(create_app(db)) as again:  # a restart (or another worker): the same key
        assert again.get("/api/push/key").json() == {"key": key}
    raw = unb64(key)
    assert len(raw) == 65 and raw[0] == 4


def test_your_turn_is_pushed_encrypted_and_signed_to_every_device(
    client: TestClient, receiver: Receiver
) -> None:
    alice, bob = account(client, "alice"), account(client, "bob")
    phone, laptop = receiver.device(), receiver.device()
    _subscribe(client, bob, phone.subscription())
    _subscribe(client, bob, laptop.subscription())
    game = correspondence_game(client, alice, bob)
    move(client, game, 0)
    got = receiver.wait(2)
    assert sorted(m["device"] for m in got) == sorted(
        [
            phone.endpoint.removeprefix(receiver.origin),
            laptop.endpoint.removeprefix(receiver.origin),
        ]
    )
    message = got[0]["message"]
    assert message["title"] == "Your turn"
    assert message["body"] == "Your turn in Connect Four against alice (1 day per move)"
    assert message["url"] == f"/game/{game.id}" and message["kind"] == "your_turn"
    assert got[0]["claims"]["sub"] == "https://play.shoal.test"
    assert receiver.keys == {client.get("/api/push/key").json()["key"]}
    assert receiver.refused == []


def test_a_push_is_in_the_recipients_language(client: TestClient, receiver: Receiver) -> None:
    """Bob chose Dutch: his device gets the title and the words in Dutch."""
    alice, bob = account(client, "alice"), account(client, "bob")
    device = receiver.device()
    _subscribe(client, bob, device.subscription())
    as_user(client, bob)
    assert client.put("/api/language", json={"language": "nl"}).status_code == 200
    game = correspondence_game(client, alice, bob)
    move(client, game, 0)
    [got] = receiver.wait(1)
    assert got["message"]["title"] == "Jij bent aan zet"
    assert got["message"]["body"] == "Jij bent aan zet in Connect Four tegen alice (1 dag per zet)"
    assert got["message"]["kind"] == "your_turn"  # the machine's fields as they were


def test_a_game_end_and_an_offer_are_pushed_and_each_kind_can_be_switched_off(
    client: TestClient, receiver: Receiver
) -> None:
    alice, bob = account(client, "alice"), account(client, "bob")
    device = receiver.device()
    _subscribe(client, alice, device.subscription())
    as_user(client, alice)
    off = client.put("/api/push/settings", json={"kinds": {"your_turn": False}})
    assert off.status_code == 200 and off.json()["kinds"]["your_turn"] is False
    assert off.json()["kinds"]["offer"] is True and off.json()["devices"] == 1
    game = correspondence_game(client, alice, bob)
    move(client, game, 0)
    move(client, game, 1)  # alice's turn: not pushed, she switched it off
    receiver.settled(client, 0)
    as_user(client, bob)
    version = client.get(f"/api/games/{game.id}").json()["version"]
    offered = client.post(
        f"/api/games/{game.id}/draw",
        json={"version": version, "action": "offer"},
        headers=auth(game.tokens[1]),
    )
    assert offered.status_code == 200, offered.text
    [offer] = receiver.wait(1)
    assert offer["message"]["kind"] == "offer"
    assert offer["message"]["body"] == "bob offers a draw in Connect Four"
    version = client.get(f"/api/games/{game.id}").json()["version"]
    resigned = client.post(
        f"/api/games/{game.id}/resign", json={"version": version}, headers=auth(game.tokens[1])
    )
    assert resigned.status_code == 200, resigned.text
    ended = receiver.wait(2)[1]["message"]
    assert ended["kind"] == "game_ended" and ended["title"] == "Game over"


def test_a_challenge_is_pushed(client: TestClient, receiver: Receiver) -> None:
    """``POST /api/challenges`` (the lobby's challenge) reaches the challenged player's device
    with the challenge's page; the challenger's own device gets nothing."""
    alice, bob = account(client, "alice"), account(client, "bob")
    mine, theirs = receiver.device(), receiver.device()
    _subscribe(client, alice, mine.subscription())
    _subscribe(client, bob, theirs.subscription())
    as_user(client, alice)
    made = client.post(
        "/api/challenges",
        json={"username": "bob", "game": "syrtis", "colour": "first", "time_control": "3d"},
    )
    assert made.status_code == 201, made.text
    receiver.settled(client, 1)
    [got] = receiver.received
    assert got["device"] == theirs.endpoint.removeprefix(receiver.origin)
    assert got["message"]["kind"] == "challenge" and got["message"]["title"] == "A challenge"
    assert got["message"]["body"] == "alice challenges you to Syrtis"
    assert got["message"]["url"] == f"/challenges/{made.json()['id']}"


def test_an_expired_subscription_410_is_removed(client: TestClient, receiver: Receiver) -> None:
    alice, bob = account(client, "alice"), account(client, "bob")
    gone, kept = receiver.device(), receiver.device()
    gone.gone = True
    _subscribe(client, bob, gone.subscription())
    _subscribe(client, bob, kept.subscription())
    game = correspondence_game(client, alice, bob)
    move(client, game, 0)
    receiver.wait(1)
    pusher = context(client).notifier.pusher
    assert pusher is not None
    receiver.settled(client, 1)
    as_user(client, bob)
    assert client.get("/api/push/settings").json()["devices"] == 1
    assert pusher.removed == 1


def test_one_subscription_per_device_and_unsubscribing(
    client: TestClient, receiver: Receiver
) -> None:
    alice, bob = account(client, "alice"), account(client, "bob")
    device = receiver.device().subscription()
    _subscribe(client, alice, device)
    _subscribe(client, alice, device)  # the same browser again: still one
    as_user(client, alice)
    assert client.get("/api/push/settings").json()["devices"] == 1
    _subscribe(client, bob, device)  # bob signs in on alice's browser: it is his now
    as_user(client, alice)
    assert client.get("/api/push/settings").json()["devices"] == 0
    as_user(client, bob)
    gone = client.request(
        "DELETE", "/api/push/subscriptions", json={"endpoint": device["endpoint"]}
    )
    assert gone.status_code == 200 and gone.json()["devices"] == 0
    again = client.request(
        "DELETE", "/api/push/subscriptions", json={"endpoint": device["endpoint"]}
    )
    assert again.status_code == 404


@pytest.mark.parametrize(
    ("change", "status", "words"),
    [
        ({"endpoint": "ftp://x/y"}, 400, "endpoint is the push service's URL"),
        (
            {"keys": {"p256dh": "AAAA", "auth": "AAAAAAAAAAAAAAAAAAAAAA"}},
            400,
            "keys.p256dh is not an uncompressed P-256 public key",
        ),
        ({"keys": {"p256dh": None, "auth": "x"}}, 422, "keys.p256dh must be text"),
        ("short auth", 400, "keys.auth is not an authentication secret of 16 bytes"),
    ],
)
def test_a_bad_subscription_is_refused_and_changes_nothing(
    client: TestClient,
    receiver: Receiver,
    change: dict[str, object] | str,
    status: int,
    words: str,
) -> None:
    alice = account(client, "alice")
    device = receiver.device().subscription()
    if change == "short auth":  # a good key with a secret of 3 bytes
        device["keys"] = {**device["keys"], "auth": "AAAA"}
    else:
        assert isinstance(change, dict)
        device.update(change)
    as_user(client, alice)
    response = client.post("/api/push/subscriptions", json=device)
    assert response.status_code == status, response.text
    assert words in response.json()["detail"]
    assert client.get("/api/push/settings").json()["devices"] == 0


def test_push_needs_an_account_and_unknown_kinds_are_refused(
    client: TestClient, receiver: Receiver
) -> None:
    as_user(client, None)
    device = receiver.device().subscription()  # a good subscription: only the account lacks
    refused = client.post("/api/push/subscriptions", json=device)
    assert refused.status_code == 401, refused.text
    assert client.get("/api/push/settings").status_code == 401
    alice = account(client, "alice")
    as_user(client, alice)
    assert client.get("/api/push/settings").json()["devices"] == 0  # nothing was stored
    bad = client.put("/api/push/settings", json={"kinds": {"weather": True}})
    assert bad.status_code == 400 and "weather" in bad.json()["detail"]
    kinds = client.get("/api/push/settings").json()["kinds"]
    assert "weather" not in kinds and all(kinds.values())  # nothing changed


def test_a_key_file_is_used_when_configured(tmp_path: Path, db: str) -> None:
    key = ec.generate_private_key(ec.SECP256R1())
    path = tmp_path / "private_key.pem"
    path.write_bytes(
        key.private_bytes(
            serialization.Encoding.PEM,
            serialization.PrivateFormat.PKCS8,
            serialization.NoEncryption(),
        )
    )
    path.chmod(0o644)  # readable by anyone: refused, with the fix in words
    with pytest.raises(ValueError) as others:
        VapidKeys.of_file(path)
    assert str(others.value) == (
        f"the VAPID key file {str(path)!r} may be read by others (mode 0644): chmod 600 {path}"
    )
    path.chmod(0o640)  # readable by its group: refused too
    with pytest.raises(ValueError, match="mode 0640"):
        VapidKeys.of_file(path)
    path.chmod(0o600)
    public = key.public_key().public_bytes(
        serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
    )
    with TestClient(create_app(db, vapid_key_file=path)) as c:
        assert unb64(c.get("/api/push/key").json()["key"]) == public  # the file's, not a new one
    bad = tmp_path / "bad.pem"
    bad.write_text("not a key")
    bad.chmod(0o600)
    with pytest.raises(ValueError) as unreadable:
        VapidKeys.of_file(bad)
    assert str(unreadable.value).startswith(f"{str(bad)!r} is not a VAPID private key (PEM): ")
    missing = tmp_path / "missing.pem"
    with pytest.raises(ValueError) as absent:
        VapidKeys.of_file(missing)
    assert str(absent.value) == f"there is no VAPID key file {str(missing)!r}"


def test_deleting_the_account_forgets_its_devices(client: TestClient, receiver: Receiver) -> None:
    from .accounts_helpers import PASSWORD

    alice = account(client, "alice")
    device = receiver.device().subscription()
    _subscribe(client, alice, device)
    found = context(client).accounts.store.by_name("alice")
    assert found is not None
    pusher = context(client).notifier.pusher
    assert pusher is not None and len(pusher.store.subscriptions(found[0].id)) == 1
    as_user(client, alice)
    gone = client.request("DELETE", "/api/me", json={"password": PASSWORD})
    assert gone.status_code == 200, gone.text
    assert pusher.store.subscriptions(found[0].id) == []
