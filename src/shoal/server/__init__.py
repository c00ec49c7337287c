"""The web application: HTTP + WebSocket API, sessions, storage. Authoritative.

>>> from fastapi.testclient import TestClient
>>> from shoal.server import create_app
>>> client = TestClient(create_app("sqlite://"))
>>> [g["id"] for g in client.get("/api/catalog").json()][-1]
'connect4'

The layout (docs/architecture.md draws the tree and the import contracts):

* ``app``: ``create_app`` makes the app (the assembly, limits, error handlers, every
  domain's router in ``ROUTERS``, files); ``worker``: the app of ``serve --workers``.
* The core every domain shares: ``settings`` (every option and its default), ``context``
  (the assembly: each domain built from what it uses; no domain imports it), ``provide``
  (a route receives a service by its type), ``tasks``, ``events`` and ``relay`` (events in
  one process and across processes), ``errors``, ``params``, ``files`` (the web folder),
  and ``sockets`` (the one socket hub). At the edge (issue 38): ``inputs``, ``origin``,
  ``db_down``, ``protocol``.
* ``db``: the declarative base, the site's secrets, the Alembic migrations.
* One package per domain, each with what it needs of ``routes``, ``service``, ``store``,
  ``models``, ``tables``: ``games``, ``accounts``, ``lobby``, ``challenges``, ``ratings``,
  ``puzzles``, ``notifications``, ``mail``, ``push``, ``vacation``, ``bots``, ``review``,
  ``analysis``, ``learn``, ``catalog``, ``pages``, ``stats``, ``tournaments``,
  ``explorer``, ``studies``; ``limits`` and ``admin`` (the operator's side). A domain
  reaches another only through its service and models; inside a domain, routes -> service
  -> store.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .app import create_app
    from .settings import DEFAULT_DATABASE

__all__ = ["DEFAULT_DATABASE", "create_app"]


def __getattr__(name: str) -> Any:
    """``create_app`` and ``DEFAULT_DATABASE``, imported when first asked for: a command that
    needs one of the domains' pure parts (``shoal admin``'s parser reads the tournaments'
    formats) does not load the whole web application (about 1.5 s of CPU)."""
    if name == "create_app":
        from .app import create_app

        return create_app
    if name == "DEFAULT_DATABASE":
        from .settings import DEFAULT_DATABASE

        return DEFAULT_DATABASE
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
