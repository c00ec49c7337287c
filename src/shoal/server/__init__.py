"""The web application: HTTP + WebSocket API, sessions, storage. Authoritative.

>>> from fastapi.testclient import TestClient
>>> client = TestClient(create_app("sqlite://"))
>>> [g["id"] for g in client.get("/api/catalog").json()][-1]
'connect4'
"""

from .app import DEFAULT_DATABASE, create_app

__all__ = ["DEFAULT_DATABASE", "create_app"]
