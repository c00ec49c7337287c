"""How a route receives what it needs: the app's services, found by their type.

Each domain builds its service (its ``build(...)``, taking only what it uses);
:mod:`~shoal.server.context` assembles them, and the app keeps them by type
(``app.state.services``). A route declares a parameter ``Annotated[Kind, provided(Kind)]``
(each domain names its own, e.g. :data:`~shoal.server.games.env.GamesDep`) and receives
the service of that type: no route, no service reaches the whole assembly.
"""

from __future__ import annotations

from typing import Any, TypeVar, cast

from fastapi import Depends
from starlette.requests import HTTPConnection

__all__ = ["provided", "service_of"]

T = TypeVar("T")


def service_of(connection: HTTPConnection, kind: type[T]) -> T:
    """The app's service of type ``kind``, for a handler FastAPI does not call (the socket
    lane's, :mod:`~shoal.server.lane`)."""
    return cast(T, connection.app.state.services[kind])


def provided(kind: type[T]) -> Any:
    """A FastAPI dependency: the app's service of type ``kind``.

    ``async``, so FastAPI calls it in the event loop, not through a worker thread; for HTTP
    routes and WebSockets alike.
    """

    async def service(connection: HTTPConnection) -> T:
        return service_of(connection, kind)

    service.__qualname__ = service.__name__ = f"provided_{kind.__name__}"
    return Depends(service)
