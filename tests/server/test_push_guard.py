"""Push endpoints cannot aim the server at its own network (issue 57, SSRF).

The probe of the issue: a subscription to a listener on the server's loopback is refused
with 400 and the listener receives nothing. A push service's host that resolves to a
private address is refused at subscription, and at send time too (a subscription stored
while its host looked public: DNS may change), before any connection is made.
"""

from __future__ import annotations

import os
import time
from collections.abc import Iterator

import pytest
from cryptography.hazmat.primitives.asymmetric import ec

from shoal.server import create_app
from shoal.server.ops.metrics import PUSH
from shoal.server.push.guard import PushPolicy, PushRefused, public
from shoal.server.push.store import Subscription
from tests.clients import TestClient

from .corr_helpers import account, as_user, context, run
from .ops_helpers import Probe, probe
from .push_helpers import Device


def _keys() -> dict[str, str]:
    """A browser's RFC 8291 keys, as a subscription carries them."""
    device = Device("", ec.generate_private_key(ec.SECP256R1()), os.urandom(16))
    keys: dict[str, str] = device.subscription()["keys"]
    return keys


BROWSERS = [
    "https://fcm.googleapis.com/fcm/send/dGVzdA:APA91b",
    "https://fcm.googleapis.com/wp/dGVzdA",
    "https://android.googleapis.com/gcm/send/abc",
    "https://updates.push.services.mozilla.com/wpush/v2/gAAAAA",
    "https://web.push.apple.com/QGx1cHVz",
    "https://wns2-par02p.notify.windows.com/w/?token=BQYAAAB",
]
REFUSED = {
    "http://fcm.googleapis.com/fcm/send/x": "https",
    "https://fcm.googleapis.com:8443/fcm/send/x": "not a browser's push service",
    "https://evil.example/fcm/send/x": "not a browser's push service",
    "https://notify.windows.com.evil.example/w/": "not a browser's push service",
    "https://fcm.googleapis.com.evil.example/": "not a browser's push service",
    "https://user@fcm.googleapis.com/fcm/send/x": "no user",
    "https://127.0.0.1/push": "not a browser's push service",
    "https://[::1]/push": "not a browser's push service",
    "ftp://fcm.googleapis.com/x": "https://",
    "not a url": "https://",
}


def test_the_browsers_push_services_and_nothing_else() -> None:
    policy = PushPolicy.of()
    for url in BROWSERS:
        assert not policy.check_url(url).trusted, url
    for url, words in REFUSED.items():
        with pytest.raises(PushRefused, match=words):
            policy.check_url(url)


def test_the_operators_entries() -> None:
    policy = PushPolicy.of(["push.example.org:8443", "*.push.example.net", "http://10.0.0.5:81"])
    assert policy.check_url("https://push.example.org:8443/x").port == 8443
    with pytest.raises(PushRefused):
        policy.check_url("https://push.example.org/x")  # another port than the one named
    assert policy.check_url("https://a.b.push.example.net/x").host == "a.b.push.example.net"
    assert policy.check_url("http://10.0.0.5:81/x").trusted  # an origin: trusted as it is
    with pytest.raises(PushRefused):
        policy.check_url("http://10.0.0.5:82/x")
    for bad in ("ftp://x", "https://x/path", "http://[nope", "bad host!", "*", "x:99999"):
        with pytest.raises(ValueError, match="push service"):
            PushPolicy.of([bad])


def test_public_addresses_only() -> None:
    for address in ("8.8.8.8", "2a00:1450:4001:80b::200a", "142.250.185.74"):
        assert public(address), address
    for address in (
        "127.0.0.1",
        "10.1.2.3",
        "172.16.0.1",
        "192.168.1.1",
        "169.254.169.254",  # the clouds' metadata service
        "100.64.0.1",  # carrier-grade NAT
        "0.0.0.0",
        "224.0.0.1",
        "::1",
        "fe80::1",
        "fc00::1",
        "::ffff:127.0.0.1",
        "::ffff:10.0.0.1",
    ):
        assert not public(address), address


@pytest.fixture
def guarded(db: str) -> Iterator[tuple[TestClient, Probe]]:
    """The app with one operator entry, ``localhost`` on the probe's port (a push service
    whose host resolves to the loopback: refused for it), and the probe listening there."""
    with probe() as listener:
        app = create_app(db, sweep_every=3600, push_services=[f"localhost:{listener.port}"])
        with TestClient(app) as client:
            yield client, listener


def test_the_ssrf_probe_gets_400_and_the_listener_nothing(
    guarded: tuple[TestClient, Probe],
) -> None:
    client, listener = guarded
    as_user(client, account(client, "mallory"))
    keys = _keys()
    for endpoint in (
        f"http://127.0.0.1:{listener.port}/push/x",  # the probe
        f"https://127.0.0.1:{listener.port}/push/x",
        f"https://localhost:{listener.port}/push/x",  # a listed host at a private address
        f"https://[::ffff:127.0.0.1]:{listener.port}/",
    ):
        answer = client.post("/api/push/subscriptions", json={"endpoint": endpoint, "keys": keys})
        assert answer.status_code == 400, (endpoint, answer.text)
        assert answer.json()["detail"].startswith("endpoint: ")
    assert "resolves to a private address" in answer.text or "push service" in answer.text
    assert client.get("/api/push/settings").json()["devices"] == 0
    time.sleep(0.2)
    assert (listener.connections, listener.received) == (0, b"")


def test_a_private_address_at_send_time_is_refused_before_any_connection(
    guarded: tuple[TestClient, Probe],
) -> None:
    """A subscription stored when its host looked public (written to the store directly: the
    route would refuse it now); its host resolves to the loopback when the push goes."""
    client, listener = guarded
    account(client, "bob")
    found = context(client).accounts.store.by_name("bob")
    assert found is not None
    user = found[0]
    pusher = context(client).notifier.pusher
    assert pusher is not None
    keys = _keys()
    endpoint = f"https://localhost:{listener.port}/push/x"
    pusher.store.subscribe(Subscription(user.id, endpoint, keys["p256dh"], keys["auth"]))
    refused = PUSH.labels("refused")._value.get()

    async def challenge() -> None:
        await context(client).notifier.challenge(
            user.id, "alice", "Syrtis", challenge_id="7", link="/challenges/7"
        )

    run(client, challenge)
    deadline = time.monotonic() + 10
    while pusher.failed == 0 and time.monotonic() < deadline:
        time.sleep(0.05)
    assert pusher.failed == 1 and pusher.sent == 0
    assert PUSH.labels("refused")._value.get() == refused + 1
    assert (listener.connections, listener.received) == (0, b"")
    assert len(pusher.store.subscriptions(user.id)) == 1  # kept: the operator's list may change
