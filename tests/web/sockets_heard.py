"""Waiting for a page's WebSocket to be live, without sleeping: an init script records the
path of every socket message the page receives, and :func:`wait_heard` waits until a socket
of a path has said something (the server's first message comes once it watches the socket:
whatever happens after that reaches the page)."""

from __future__ import annotations

from typing import Any

__all__ = ["HEARD", "wait_heard"]

HEARD = """(() => {
  const Native = window.WebSocket;
  window.__heard = [];
  window.WebSocket = class extends Native {
    constructor(...args) {
      super(...args);
      this.addEventListener("message", () => window.__heard.push(new URL(this.url).pathname));
    }
  };
})();"""
"""The init script (``context.add_init_script(HEARD)``, before the page opens)."""


def wait_heard(page: Any, path: str, timeout: float = 30_000) -> None:
    """Wait until a socket of ``path`` (e.g. ``/api/notifications/ws``) received a message."""
    page.wait_for_function("(path) => window.__heard.includes(path)", arg=path, timeout=timeout)
