"""The operator's view of one app (:class:`Ops`): readiness, the metrics' access, the counters
hooked onto the games and the database, and the sampler of each process.

The assembly builds it (``Ops(engine, manager, events, ...)``) like every other domain's
service; the routes receive it by type (:data:`OpsDep`); ``create_app`` adds the request
middleware (:class:`~.http.Observe`) outside the others and the app's tasks run
:meth:`Ops.sample`.
"""

from __future__ import annotations

import ipaddress
from typing import Annotated

from sqlalchemy.engine import Engine

from ..events import Events
from ..games.manager import GameManager
from ..provide import provided
from .health import Readiness
from .hooks import MoveCounter, count_new_games, time_statements
from .sampler import sample

__all__ = ["Ops", "OpsDep", "check_networks"]


def check_networks(networks: tuple[str, ...]) -> None:
    """ValueError with words unless every one of ``networks`` is an address or a CIDR block."""
    for network in networks:
        try:
            ipaddress.ip_network(network, strict=False)
        except ValueError:
            raise ValueError(
                f"{network!r} is not an address or a network (such as 10.0.0.5 or 10.0.0.0/24)"
            ) from None


class Ops:
    """Health, metrics and their access for one app (see the module)."""

    def __init__(
        self,
        engine: Engine,
        manager: GameManager,
        events: Events,
        *,
        metrics_token: str | None = None,
        metrics_allow: tuple[str, ...] = (),
    ) -> None:
        check_networks(metrics_allow)
        self.engine = engine
        self.manager = manager
        self.events = events
        self.metrics_token = metrics_token
        """The token a scraper of ``/metrics`` shows (None: none)."""
        self.metrics_allow = metrics_allow
        """Addresses or networks that read ``/metrics`` without the token."""
        self.readiness = Readiness(engine)
        moves = MoveCounter(manager)
        manager.listen(moves)
        manager.on_commit(moves.committed)
        manager.on_evict(moves.forget)
        count_new_games()
        time_statements(engine)

    async def sample(self) -> None:
        """The process's sampler (:func:`.sampler.sample`), until the app stops."""
        await sample(self.manager, self.engine, self.events)


OpsDep = Annotated[Ops, provided(Ops)]
"""A route parameter of this type receives the app's :class:`Ops`."""
