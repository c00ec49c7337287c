"""What each push's answer does (issue 64, the push seam): a device that took it, one whose
push service says it is gone (404, 410), refuses it (400), cannot be reached, or is not a
push service at all. Each is counted on the pusher, in ``shoal_push_total`` by result and
in the log with the account, against the real receiver of ``push_helpers`` (in process:
the app's pusher, called and awaited directly)."""

from __future__ import annotations

import dataclasses
import datetime
import logging
import os
import socket
import threading
from collections.abc import Iterator
from typing import Any

import pytest
from cryptography.hazmat.primitives.asymmetric import ec

from shoal.server import create_app
from shoal.server.notifications.models import Notice
from shoal.server.ops.metrics import PUSH
from shoal.server.push.guard import PushPolicy
from shoal.server.push.service import SEND_TIMEOUT, Pusher, push_message
from shoal.server.push.store import Subscription
from tests.clients import TestClient

from .corr_helpers import account, context, run
from .push_helpers import Device, Receiver, receiver

__all__ = ["receiver"]

RESULTS = ("sent", "gone", "refused", "failed")


def _notice(kind: str = "challenge", game_id: str | None = None) -> Notice:
    return Notice(
        id=7,
        kind=kind,
        game_id=game_id,
        text="alice challenges you to Syrtis",
        data={"link": "/challenges/7"},
        read=False,
        created=datetime.datetime(2026, 1, 1),
    )


class Seam:
    """The app's pusher for one account, and what one delivery changed."""

    def __init__(self, client: TestClient, pusher: Pusher, user_id: int) -> None:
        self.client, self.pusher, self.user_id = client, pusher, user_id

    def only(self, *devices: Device | str) -> None:
        """The account's subscriptions become ``devices`` (a receiver's, or any endpoint)."""
        store = self.pusher.store
        for sub in store.subscriptions(self.user_id):
            store.expired(sub.endpoint)
        for device in devices:
            if isinstance(device, str):
                keys = Device("", ec.generate_private_key(ec.SECP256R1()), os.urandom(16))
                info: Any = {"endpoint": device, "keys": keys.subscription()["keys"]}
            else:
                info = device.subscription()
            keys_of = info["keys"]
            store.subscribe(
                Subscription(self.user_id, info["endpoint"], keys_of["p256dh"], keys_of["auth"])
            )

    def deliver(self, notice: Notice) -> tuple[int, dict[str, int], dict[str, float]]:
        """Devices that took ``notice``; the changes of the pusher's counters and of
        ``shoal_push_total`` by result."""
        pusher = self.pusher
        counts = (pusher.sent, pusher.failed, pusher.removed)
        metric = {r: PUSH.labels(r)._value.get() for r in RESULTS}
        taken = run(self.client, pusher.deliver, self.user_id, notice)
        after = (pusher.sent, pusher.failed, pusher.removed)
        changed = {n: a - b for n, a, b in zip(("sent", "failed", "removed"), after, counts)}
        grown = {r: PUSH.labels(r)._value.get() - metric[r] for r in RESULTS}
        return taken, changed, {r: v for r, v in grown.items() if v}


@pytest.fixture
def seam(db: str, receiver: Receiver) -> Iterator[Seam]:
    app = create_app(
        db, sweep_every=3600, site_url="https://play.shoal.test", push_services=[receiver.origin]
    )
    with TestClient(app) as client:
        account(client, "bob")
        found = context(client).accounts.store.by_name("bob")
        pusher = context(client).notifier.pusher
        assert found is not None and pusher is not None
        yield Seam(client, pusher, found[0].id)


def _lines(caplog: pytest.LogCaptureFixture) -> list[tuple[int, str]]:
    lines = [(r.levelno, r.getMessage()) for r in caplog.records if r.name == "shoal.server.push"]
    caplog.clear()
    return lines


def test_each_answer_is_counted_labelled_and_logged(
    seam: Seam, receiver: Receiver, caplog: pytest.LogCaptureFixture
) -> None:
    uid = seam.user_id
    caplog.set_level(logging.INFO, "shoal.server.push")
    phone, laptop = receiver.device(), receiver.device()
    seam.only(phone, laptop)
    assert seam.deliver(_notice()) == (2, {"sent": 2, "failed": 0, "removed": 0}, {"sent": 2})
    got = receiver.wait(2)
    assert {m["device"] for m in got} == {
        phone.endpoint.removeprefix(receiver.origin),
        laptop.endpoint.removeprefix(receiver.origin),
    }
    assert got[0]["message"] == {
        "title": "A challenge",
        "body": "alice challenges you to Syrtis",
        "url": "/challenges/7",
        "tag": "challenge:7",
        "kind": "challenge",
    }
    assert got[0]["ttl"] == 86400 and got[0]["claims"]["sub"] == "https://play.shoal.test"
    assert _lines(caplog) == []

    # gone: a 410 (expired) and a 404 (unknown to its service); both deleted, the good kept
    expired = receiver.device()
    expired.gone = True
    unknown = f"{receiver.origin}/push/unknown"
    seam.only(expired, unknown, phone)
    assert seam.deliver(_notice()) == (
        1,
        {"sent": 1, "failed": 0, "removed": 2},
        {"sent": 1, "gone": 2},
    )
    assert [s.endpoint for s in seam.pusher.store.subscriptions(uid)] == [phone.endpoint]
    assert sorted(_lines(caplog)) == [
        (logging.INFO, f"push subscription of account {uid} gone (404)"),
        (logging.INFO, f"push subscription of account {uid} gone (410)"),
    ]

    # not a push service: refused before any connection, kept (the operator's list may change)
    seam.only("https://evil.example/push/x", "https://evil.example/push/y")
    assert seam.deliver(_notice()) == (0, {"sent": 0, "failed": 2, "removed": 0}, {"refused": 2})
    assert len(seam.pusher.store.subscriptions(uid)) == 2
    line = (
        f"push to account {uid} refused: evil.example is not a browser's push service "
        "(the server pushes only to those and to the ones its operator adds)"
    )
    assert _lines(caplog) == [(logging.WARNING, line)] * 2

    # refused by its service (a body it cannot decrypt: 400), and a stored subscription whose
    # key pywebpush itself refuses (no answer at all): each counted failed, logged, kept
    other = receiver.device()
    seam.only(other)
    other.key = ec.generate_private_key(ec.SECP256R1())  # not the key it subscribed with
    broken = Subscription(uid, f"{receiver.origin}/push/broken", "AAAA", "AAAAAAAAAAAAAAAAAAAAAA")
    seam.pusher.store.subscribe(broken)
    assert seam.deliver(_notice()) == (0, {"sent": 0, "failed": 2, "removed": 0}, {"failed": 2})
    assert len(receiver.refused) == 1
    kept = {s.endpoint for s in seam.pusher.store.subscriptions(uid)}
    assert kept == {other.endpoint, broken.endpoint}
    lines = sorted(_lines(caplog))
    assert [level for level, _ in lines] == [logging.WARNING] * 2
    assert lines[0][1].startswith(
        f"push to account {uid} failed: WebPushException: Invalid p256dh key specified"
    ), lines
    assert lines[1][1].startswith(
        f"push to account {uid} failed: WebPushException: Push failed: 400 Bad Request"
    ), lines

    # a kind switched off: nothing sent, nothing counted; a kind with no switch is pushed
    seam.only(phone)
    seam.pusher.store.save_kinds(uid, {"challenge": False})
    assert seam.deliver(_notice()) == (0, {"sent": 0, "failed": 0, "removed": 0}, {})
    assert seam.deliver(_notice("news")) == (1, {"sent": 1, "failed": 0, "removed": 0}, {"sent": 1})
    assert seam.deliver(_notice("offer", "g1")) == (
        1,
        {"sent": 1, "failed": 0, "removed": 0},
        {"sent": 1},
    )
    assert len(receiver.received) == 5 and _lines(caplog) == []


def test_an_unreachable_push_service_is_counted_failed(
    seam: Seam, caplog: pytest.LogCaptureFixture
) -> None:
    """A trusted origin where nothing listens (the connection is refused: an OSError)."""
    with socket.socket() as closed:
        closed.bind(("127.0.0.1", 0))
        port = closed.getsockname()[1]
    origin = f"http://127.0.0.1:{port}"
    direct = seam.pusher
    seam.pusher = Pusher(direct.store, direct.keys, direct.spawn, policy=PushPolicy.of([origin]))
    assert seam.pusher.subject == "mailto:push@127.0.0.1"  # of the default site's URL
    for site, subject in [
        ("https://play.example:8443/x", "https://play.example"),
        ("http://play.example", "mailto:push@play.example"),
        ("https://", "mailto:push@localhost"),
    ]:
        assert Pusher(direct.store, direct.keys, direct.spawn, site_url=site).subject == subject
    named = Pusher(direct.store, direct.keys, direct.spawn, subject="mailto:ops@x.example")
    assert named.subject == "mailto:ops@x.example" and named.ttl == 86400
    assert named.policy == PushPolicy.of()  # the browsers' push services only
    assert (seam.pusher.sent, seam.pusher.failed, seam.pusher.removed) == (0, 0, 0)
    seam.only(f"{origin}/push/x", f"{origin}/push/y")
    caplog.set_level(logging.INFO, "shoal.server.push")
    assert seam.deliver(_notice()) == (0, {"sent": 0, "failed": 2, "removed": 0}, {"failed": 2})
    lines = _lines(caplog)
    assert len(lines) == 2
    for level, line in lines:
        assert level == logging.WARNING, line
        assert line.startswith(f"push to account {seam.user_id} failed: "), line
        assert "Connection refused" in line, line
    assert len(seam.pusher.store.subscriptions(seam.user_id)) == 2  # kept: it may come back


def test_a_push_service_that_never_answers_is_given_up_on(
    seam: Seam, caplog: pytest.LogCaptureFixture
) -> None:
    """A trusted origin that takes the connection and never answers: each push fails after
    the pusher's timeout (10 s unless told), is counted failed and logged, and the devices
    are kept; the push does not hold its thread for ever."""
    assert Pusher(seam.pusher.store, seam.pusher.keys, seam.pusher.spawn).timeout == SEND_TIMEOUT
    with socket.socket() as silent:  # listens, so the kernel takes connections; never reads
        silent.bind(("127.0.0.1", 0))
        silent.listen(8)
        origin = f"http://127.0.0.1:{silent.getsockname()[1]}"
        direct = seam.pusher
        seam.pusher = Pusher(
            direct.store, direct.keys, direct.spawn, policy=PushPolicy.of([origin]), timeout=0.2
        )
        seam.only(f"{origin}/push/x", f"{origin}/push/y")
        caplog.set_level(logging.INFO, "shoal.server.push")
        answers: list[Any] = []
        pushing = threading.Thread(target=lambda: answers.append(seam.deliver(_notice())))
        pushing.start()
        pushing.join(30)  # closing the socket after it ends a push still waiting
        assert not pushing.is_alive(), "the push waited 30 s on a push service that never answers"
    (delivered,) = answers
    assert delivered == (0, {"sent": 0, "failed": 2, "removed": 0}, {"failed": 2})
    lines = _lines(caplog)
    assert len(lines) == 2
    for level, line in lines:
        assert level == logging.WARNING, line
        assert line.startswith(f"push to account {seam.user_id} failed: "), line
        assert "Read timed out. (read timeout=0.2)" in line, line
    assert len(seam.pusher.store.subscriptions(seam.user_id)) == 2


def test_the_message_of_a_notice() -> None:
    titles = {
        "your_turn": "Your turn",
        "challenge": "A challenge",
        "game_ended": "Game over",
        "offer": "An offer",
        "tournament": "Tournament",
    }
    for kind, title in titles.items():
        assert push_message(_notice(kind))["title"] == title
    game = push_message(_notice("your_turn", "g1"), turns=3)
    assert game == {
        "title": "Your turn",
        "body": "alice challenges you to Syrtis",
        "url": "/game/g1",
        "tag": "your_turn:g1",
        "kind": "your_turn",
        "turns": 3,
    }
    bare = dataclasses.replace(_notice("weather"), data={})
    assert push_message(bare) == {
        "title": "shoal",
        "body": "alice challenges you to Syrtis",
        "url": "/notifications",
        "tag": "weather:7",
        "kind": "weather",
    }
