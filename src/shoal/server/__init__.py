"""The web application: HTTP + WebSocket API, sessions, storage. Authoritative.

>>> from fastapi.testclient import TestClient
>>> client = TestClient(create_app("sqlite://"))
>>> [g["id"] for g in client.get("/api/catalog").json()][-1]
'connect4'

The layout (one line per module; docs/server.md says more):

* ``app``: ``create_app`` assembles the app (context, limits, error handlers, routers, files).
* ``routes``: one router per area (catalog, games, records, pages), its models beside it.
* ``context``: settings and the shared state, handed to routes as a FastAPI dependency.
* ``changes``: the prelude of every change (lock, catch up, token, over, version, clock).
* ``manager``: the loaded games: load, commit, end on time, watchers, listeners.
* ``background``: the computer's turns and hints, the clocks' timers.
* ``session``: a live game: its states, seats, clocks and the data each change makes.
* ``views``: what a client sees: turns, the board after k actions, results, replays.
* ``limits``: the body limit and the creations per client address.
* ``errors``: ``ApiError``, the statuses of rules errors, the JSON error handlers.
* ``storage``: the tables and queries (SQLAlchemy).
"""

from .app import create_app
from .context import DEFAULT_DATABASE

__all__ = ["DEFAULT_DATABASE", "create_app"]
