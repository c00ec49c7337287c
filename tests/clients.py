"""The tests' HTTP and WebSocket client: every client of one app runs in that app's one event loop.

A server process has one event loop and runs its app's lifespan once (one PostgreSQL relay,
one deadline runner). Starlette's own ``TestClient`` gives each client its own loop and its own
lifespan: two players' clients of one app were two relays in one process, and each took the
other's events for another process's and delivered them a second time (a lobby page heard a
challenge twice). Here the first client of an app that is entered starts the app's loop and
lifespan; every other client of the same app, entered or not, sends its requests and opens its
sockets in that loop; the lifespan ends when the last entered client leaves. Each client keeps
its own cookies and headers, as each browser does.
"""

from __future__ import annotations

import contextlib
from collections.abc import Generator
from dataclasses import dataclass
from typing import Any

import anyio.from_thread
from starlette.testclient import TestClient as _StarletteClient

__all__ = ["TestClient"]


@dataclass
class _Host:
    """The client that runs an app's loop and lifespan, and how many entered clients use it."""

    client: _StarletteClient
    entered: int = 1


_hosts: dict[int, _Host] = {}  # id(app) -> its host, while one is entered


class TestClient(_StarletteClient):
    """Starlette's test client, sharing one event loop and one lifespan per app (see above)."""

    __test__ = False

    def __enter__(self) -> TestClient:
        host = _hosts.get(id(self.app))
        if host is None:
            super().__enter__()
            _hosts[id(self.app)] = _Host(self)
        else:
            host.entered += 1
            self.app_state = host.client.app_state
        return self

    def __exit__(self, *args: Any) -> None:
        host = _hosts.get(id(self.app))
        if host is None:  # never entered: nothing to stop
            return
        host.entered -= 1
        if host.entered == 0:
            del _hosts[id(self.app)]
            _StarletteClient.__exit__(host.client, *args)

    @contextlib.contextmanager
    def _portal_factory(self) -> Generator[anyio.from_thread.BlockingPortal, None, None]:
        host = _hosts.get(id(self.app))
        portal = host.client.portal if host is not None else None
        if portal is not None:
            yield portal
        else:
            with super()._portal_factory() as own:
                yield own
