"""The one call of ``create_app`` that observes an app (:func:`install`)."""

from __future__ import annotations

import ipaddress
from typing import TYPE_CHECKING

from .health import Readiness
from .hooks import MoveCounter, count_new_games, time_statements
from .http import Observe

if TYPE_CHECKING:
    from fastapi import FastAPI

    from ..context import ServerContext

__all__ = ["check_networks", "install"]


def check_networks(networks: tuple[str, ...]) -> None:
    """ValueError with words unless every one of ``networks`` is an address or a CIDR block."""
    for network in networks:
        try:
            ipaddress.ip_network(network, strict=False)
        except ValueError:
            raise ValueError(
                f"{network!r} is not an address or a network (such as 10.0.0.5 or 10.0.0.0/24)"
            ) from None


def install(app: FastAPI, context: ServerContext) -> None:
    """Observe ``app``: readiness, the move and statement counters, the request middleware
    (call it after the other middleware: it must be the outermost, to time them too)."""
    check_networks(context.settings.metrics_allow)
    app.state.readiness = Readiness(context.store.engine)
    moves = MoveCounter(context.manager)
    context.manager.listen(moves)
    context.manager.on_commit(moves.committed)
    count_new_games()
    time_statements(context.store.engine)
    app.add_middleware(Observe)
