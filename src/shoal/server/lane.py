"""The sockets every page holds open, served without the app's routing stack (issue 56).

A game page holds its game socket and its social socket open as long as it is shown, and a
signed-in page its notifications socket: 10,000 games are 20,000 and more sockets open at
once. Each socket held open keeps every layer it came through alive: uvicorn's protocol,
each middleware's frame, Starlette's router, FastAPI's route (its exception wrappers, two
exit stacks, the resolved dependencies, the scope it extended). Measured with 1,000 idle
game sockets (``scripts/loadtest.py --socket-probe``): 38 KB of server memory a socket
through FastAPI's routing, 25 KB on this lane, where uvicorn's own part alone is 22 KB.

:class:`SocketLane` is ASGI middleware placed inside the app's own checks (the control
characters of :class:`~.inputs.ControlGuard`, the origin of :class:`~.origin.SocketOrigin`,
which let a WebSocket through without keeping a frame of theirs) and before FastAPI's
routing. A WebSocket whose path matches one of its routes goes straight to that route's
handler; everything else goes on to the app. The routes stay declared on the app's
routers too (the API's description, the lists of routes the tests walk); the lane is a
shorter way to the same handler, which reads its own parameters from the socket.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Awaitable, Callable, Sequence

from starlette.routing import compile_path
from starlette.types import ASGIApp, Receive, Scope, Send
from starlette.websockets import WebSocket

__all__ = ["Held", "HeldRoute", "SocketLane", "flag"]

Held = tuple[str, Callable[[WebSocket, dict[str, str]], Awaitable[None]]]
"""A route of the lane: its path (``/api/games/{game_id}/ws``) and its handler, called with
the socket and the path's parameters."""


def flag(socket: WebSocket, name: str) -> bool | None:
    """A yes/no query parameter as FastAPI reads one (``1``, ``true``, ``on``, ``yes``, or
    their opposites, any case; absent: no); None for anything else."""
    value = socket.query_params.get(name)
    if value is None:
        return False
    word = value.lower()
    if word in ("1", "true", "on", "yes"):
        return True
    if word in ("0", "false", "off", "no"):
        return False
    return None


@dataclasses.dataclass(frozen=True)
class HeldRoute:
    """A lane's route as ``scope["route"]``, as Starlette's router sets one: its ``path``
    template names the socket's channel in the metrics and the access log
    (:func:`~.ops.http.route_of`)."""

    path: str


class SocketLane:
    """ASGI middleware: the WebSockets of ``routes`` go straight to their handlers."""

    def __init__(self, app: ASGIApp, routes: Sequence[Held]) -> None:
        self.app = app
        self.routes: list[tuple[re.Pattern[str], HeldRoute, Callable[..., Awaitable[None]]]] = [
            (compile_path(path)[0], HeldRoute(path), handler) for path, handler in routes
        ]

    def __call__(self, scope: Scope, receive: Receive, send: Send) -> Awaitable[None]:
        # a plain function: a socket passed on keeps no frame of the lane
        if scope["type"] == "websocket":
            path = scope.get("path", "")
            for pattern, route, handler in self.routes:
                found = pattern.match(path)
                if found is not None:
                    scope["route"] = route  # as the router would: the metrics name its channel
                    return handler(WebSocket(scope, receive, send), found.groupdict())
        return self.app(scope, receive, send)
