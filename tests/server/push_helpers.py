"""A real Web Push receiver for tests (issue 43): an HTTP server on 127.0.0.1 that plays a
browser vendor's push service and the browser behind it.

Each :meth:`Receiver.device` is a subscription with its own P-256 key pair and auth secret
(RFC 8291), as a browser makes. A POST to a device's endpoint is accepted (201) only when
its ``Authorization: vapid t=JWT, k=KEY`` header (RFC 8292) carries a JWT whose ES256
signature checks against ``k``, whose ``aud`` is the receiver's origin, ``exp`` within 24
hours and ``sub`` a ``mailto:``/``https:`` URI; then the body (``Content-Encoding:
aes128gcm``) is decrypted with the device's private key and auth secret (``http_ece``) and
kept. A device marked gone answers 410, as a push service does for an expired subscription.
"""

from __future__ import annotations

import base64
import dataclasses
import json
import os
import re
import threading
import time
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import http_ece
import pytest
from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.asymmetric.utils import encode_dss_signature
from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat

from tests.clients import TestClient

from .corr_helpers import settle

__all__ = ["Device", "Receiver", "b64", "receiver", "unb64"]


def b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def unb64(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


@dataclasses.dataclass
class Device:
    """A subscribed browser: its endpoint and RFC 8291 keys."""

    endpoint: str
    key: ec.EllipticCurvePrivateKey
    auth: bytes
    gone: bool = False

    def subscription(self) -> dict[str, Any]:
        """As ``PushSubscription.toJSON()`` writes it."""
        public = self.key.public_key().public_bytes(Encoding.X962, PublicFormat.UncompressedPoint)
        return {"endpoint": self.endpoint, "keys": {"p256dh": b64(public), "auth": b64(self.auth)}}


def check_vapid(header: str, audience: str) -> tuple[dict[str, Any], str]:
    """The JWT's claims and the key ``k`` of a VAPID ``Authorization`` header, checked."""
    found = re.fullmatch(r"vapid t=([\w.-]+),\s*k=([\w-]+)", header.strip())
    assert found, f"not a VAPID header: {header!r}"
    token, key = found.groups()
    head, claims, signature = token.split(".")
    assert json.loads(unb64(head)) == {"typ": "JWT", "alg": "ES256"}
    public = ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), unb64(key))
    raw = unb64(signature)
    assert len(raw) == 64
    der = encode_dss_signature(int.from_bytes(raw[:32], "big"), int.from_bytes(raw[32:], "big"))
    public.verify(der, f"{head}.{claims}".encode(), ec.ECDSA(hashes.SHA256()))
    body = json.loads(unb64(claims))
    assert body["aud"] == audience, body
    assert time.time() < body["exp"] <= time.time() + 24 * 3600, body
    assert re.match(r"(mailto:.+@.+|https://.+)", body["sub"]), body
    return body, key


class Receiver:
    """The push service and its browsers (see the module)."""

    def __init__(self) -> None:
        self.devices: dict[str, Device] = {}
        self.received: list[dict[str, Any]] = []
        self.refused: list[str] = []
        self.keys: set[str] = set()
        self.condition = threading.Condition()
        receiver = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args: Any) -> None:
                pass

            def do_POST(self) -> None:
                body = self.rfile.read(int(self.headers.get("Content-Length", 0)))
                headers = {k.lower(): v for k, v in self.headers.items()}
                status = receiver.take(self.path, headers, body)
                self.send_response(status)
                self.send_header("Content-Length", "0")
                self.end_headers()

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.origin = f"http://127.0.0.1:{self.server.server_address[1]}"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    def device(self) -> Device:
        """A new browser's subscription."""
        path = f"/push/{b64(os.urandom(12))}"
        device = Device(self.origin + path, ec.generate_private_key(ec.SECP256R1()), os.urandom(16))
        self.devices[path] = device
        return device

    def take(self, path: str, headers: dict[str, str], body: bytes) -> int:
        device = self.devices.get(path)
        if device is None:
            return 404
        if device.gone:
            return 410
        try:
            claims, key = check_vapid(headers.get("authorization", ""), self.origin)
            assert headers.get("content-encoding") == "aes128gcm"
            assert int(headers["ttl"]) > 0
            plain = http_ece.decrypt(
                body, private_key=device.key, auth_secret=device.auth, version="aes128gcm"
            )
        except (
            AssertionError,
            InvalidSignature,
            KeyError,
            ValueError,
            http_ece.ECEException,
        ) as error:
            self.refused.append(f"{path}: {error!r} {sorted(headers)}")
            return 400
        with self.condition:
            self.keys.add(key)
            self.received.append(
                {
                    "device": path,
                    "message": json.loads(plain),
                    "claims": claims,
                    "ttl": int(headers["ttl"]),
                }
            )
            self.condition.notify_all()
        return 201

    def wait(self, count: int, timeout: float = 10.0) -> list[dict[str, Any]]:
        """The messages received, once there are ``count``."""
        with self.condition:
            self.condition.wait_for(lambda: len(self.received) >= count, timeout)
            assert len(self.received) >= count, (self.received, self.refused)
            return list(self.received)

    def settled(self, client: TestClient, count: int) -> None:
        """Exactly ``count`` messages, once the server's pushes in flight are all taken or
        refused: nothing more can arrive from what was done so far."""
        settle(client)
        assert len(self.received) == count, (self.received, self.refused)

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()


@pytest.fixture
def receiver() -> Iterator[Receiver]:
    """A push service with its browsers on 127.0.0.1, for one test."""
    found = Receiver()
    try:
        yield found
    finally:
        found.close()
