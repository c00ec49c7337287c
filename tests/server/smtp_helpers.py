"""A real local SMTP server for the mail tests: aiosmtpd on a free port, keeping its mail."""

from __future__ import annotations

import dataclasses
import email
import email.policy
import re
import time
from collections.abc import Iterator
from email.message import EmailMessage
from typing import Any

import pytest
from aiosmtpd.controller import Controller

from tests.clients import TestClient

from ._live import free_port
from .corr_helpers import settle


@dataclasses.dataclass
class Inbox:
    """The messages an SMTP server received, and its URL."""

    url: str
    messages: list[EmailMessage] = dataclasses.field(default_factory=list)
    raw: list[bytes] = dataclasses.field(default_factory=list)
    """Each message as it came over SMTP."""

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
        message = email.message_from_bytes(envelope.content, policy=email.policy.default)
        assert isinstance(message, EmailMessage)
        message["X-Envelope-To"] = ", ".join(envelope.rcpt_tos)
        self.raw.append(bytes(envelope.content))
        self.messages.append(message)
        return "250 OK"

    def wait(self, count: int, seconds: float = 10.0) -> list[EmailMessage]:
        """The messages once there are ``count`` (fails after ``seconds``)."""
        until = time.monotonic() + seconds
        while len(self.messages) < count and time.monotonic() < until:
            time.sleep(0.02)
        assert len(self.messages) >= count, [m["Subject"] for m in self.messages]
        return list(self.messages)

    def settled(self, client: TestClient, count: int) -> None:
        """Exactly ``count`` messages, once the server's mails in flight are all sent (or
        found unwanted): nothing more can arrive from what was done so far."""
        settle(client)
        assert len(self.messages) == count, [m["Subject"] for m in self.messages]


def body(message: EmailMessage) -> str:
    """The text of a message."""
    part = message.get_body(("plain",))
    assert part is not None
    return str(part.get_content())  # type: ignore[attr-defined]


def link(message: EmailMessage, path: str) -> str:
    """The first link in the message whose path starts with ``path``."""
    found = re.search(r"https?://[^\s>]+" + re.escape(path) + r"[^\s>]*", body(message))
    assert found is not None, body(message)
    return found.group(0)


@pytest.fixture
def inbox() -> Iterator[Inbox]:
    """A real SMTP server (aiosmtpd) on a free port of 127.0.0.1; what it received."""
    port = free_port()
    box = Inbox(f"smtp://127.0.0.1:{port}?from=games@shoal.test")
    controller = Controller(box, hostname="127.0.0.1", port=port)
    controller.start()
    yield box
    controller.stop()
