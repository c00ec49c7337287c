"""The FastAPI application: the JSON + WebSocket API and the static web client.

``create_app(database_url=...)`` builds the app: it opens the shared
:class:`~shoal.server.context.ServerContext`, adds the body limit and the error
handlers, includes every domain's router (:data:`ROUTERS`) and serves
the client's static files. The API is documented at ``/docs`` and
``/openapi.json``, and area by area in the route modules.

On PostgreSQL the app also listens for the other processes' events (games, lobby,
notifications: one connection, :mod:`shoal.server.relay`), so several processes can
serve one site.

Tokens travel in a header, never in a URL the server sees (the client keeps
them in the page's fragment and local storage), so they stay out of logs.
"""

from __future__ import annotations

import contextlib
import functools
from collections.abc import AsyncIterator
from typing import Any

from fastapi import APIRouter, FastAPI
from fastapi.staticfiles import StaticFiles
from starlette.routing import BaseRoute

from shoal import __version__

from .accounts.routes import auth, language, users
from .admin.guard import SiteGuard
from .analysis import routes as analysis
from .blocks import routes as blocks
from .bots import routes as bot
from .catalog import routes as catalog
from .challenges import routes as challenges
from .context import ServerContext
from .db_down import add_database_handlers
from .errors import EVERY_ROUTE, add_error_handlers, refusals
from .explorer import routes as explorer
from .fairplay import routes as fairplay
from .files import WEB_DIR
from .games.routes import chat, offers, play, records, seats
from .inputs import ControlGuard
from .ladder import routes as ladder
from .lane import Held, SocketLane
from .learn import routes as learn
from .limits import BodyLimit
from .lobby import routes as lobby
from .mail import routes as mail
from .moderation.routes import moderators, players
from .notifications import routes as notifications
from .opendata import routes as opendata
from .ops import routes as ops
from .ops.http import Observe
from .origin import SocketOrigin
from .pages import routes as pages
from .push import routes as push
from .puzzles import routes as puzzles
from .ratings import routes as ratings
from .relay import Relay, is_postgres
from .review import routes as review
from .schemas import plain_text
from .settings import DEFAULT_DATABASE, Settings
from .stats import routes as stats
from .studies import routes as studies
from .tournaments import routes as tournaments
from .vacation import routes as vacation

__all__ = ["DEFAULT_DATABASE", "ROUTERS", "create_app", "routes"]

ROUTERS: tuple[APIRouter, ...] = (
    catalog.router,
    play.router,
    seats.router,
    offers.router,
    chat.router,
    records.router,
    learn.router,
    auth.router,
    users.router,
    language.router,
    review.router,
    analysis.router,
    lobby.router,
    challenges.router,
    notifications.router,
    mail.router,
    push.router,
    vacation.router,
    bot.router,
    ratings.router,
    puzzles.router,
    tournaments.router,
    explorer.router,
    studies.router,
    stats.router,
    blocks.router,
    players.router,
    moderators.router,
    fairplay.router,
    ladder.router,
    opendata.router,
    ops.router,
    pages.router,
)
"""Every domain's router, in the order the app includes them."""


@functools.cache
def routes() -> tuple[BaseRoute, ...]:
    """Every domain's routes as included in an app: made once per process, and shared by
    every app made in it (a test process makes an app per test).

    FastAPI builds an included route's request and answer models the first time a request
    is matched against its router, once per inclusion: an app that included the routers
    itself spent 0.17 to 0.3 s of CPU on its first ``GET /api/tournaments`` (a late router;
    0.005 s after), and every test that makes an app paid it again. Included here once,
    they are built once per process. What an inclusion would tie to one app is its
    dependency overrides, which no app here has.
    """
    api = APIRouter()
    for router in ROUTERS:  # every refusal: ErrorBody (docs/server.md, "Refusals")
        api.include_router(router, responses=refusals(*EVERY_ROUTE))
    return tuple(api.routes)


HELD_OPEN: list[Held] = [
    ("/api/games/{game_id}/ws", play.held_game_socket),
    ("/api/games/{game_id}/social", chat.held_social_socket),
    ("/api/notifications/ws", notifications.held_notification_socket),
]
"""The sockets every page holds open, served by the socket lane (:mod:`.lane`)."""


def create_app(database_url: str = DEFAULT_DATABASE, **options: Any) -> FastAPI:
    """The shoal web app on the database at ``database_url`` (any SQLAlchemy URL).

    ``options`` are the names of :class:`~shoal.server.settings.Settings`, each documented
    there with its default (``max_searches``, ``docs_dir``, ``max_body``,
    ``games_per_client``, ``client_window``, ``smtp_url``, ``site_url``,
    ``correspondence_day``, ``sweep_every``, ``vacation_days``, ``vapid_key_file``,
    ``first_move_seconds``, ``tournament_tick``, ``chat_words``, ``ladder_dir``,
    ``open_data_dir``, ``limits``, ``secret_key_file``,
    ``push_services``, ``metrics_token``, ``metrics_allow``, ``clock``); an unknown name is
    a TypeError.
    """
    settings = Settings.of(database_url, **options)
    context = ServerContext.open(settings)

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        relay = (
            Relay(context.manager, settings.database_url, context.events)
            if is_postgres(settings.database_url)
            else None
        )
        if relay is not None:  # games, lobby, notifications of the other processes
            await relay.start()
        await context.start()  # the operator's notes, deadlines, digests, events, ratings
        yield
        if relay is not None:
            await relay.close()
        await context.close()

    app = FastAPI(
        title="shoal",
        version=__version__,
        description=(
            "Play Syrtis, Sirtet, Sytran, Cyclix and SFIRS: against the computer, a friend "
            "online, or at one screen. The server is the authority: every change carries "
            "the seat's token (header X-Shoal-Token) and the version the client saw."
        ),
        lifespan=lifespan,
    )
    app.state.context = context
    app.state.services = context.services()  # what the routes ask for, by type (provide.py)
    app.add_middleware(SocketLane, routes=HELD_OPEN)  # innermost: past the checks below
    app.add_middleware(BodyLimit, limit=settings.max_body)
    app.add_middleware(SocketOrigin)  # every WebSocket refuses another site's pages
    app.add_middleware(ControlGuard)  # no NUL, no control characters in paths (400)
    admin = context.admin  # banned ranges refused; open sockets known (shoal admin ...)
    app.add_middleware(SiteGuard, bans=admin.bans, sockets=admin.sockets, signed_in=admin.signed_in)
    app.add_middleware(Observe)  # request ids, access lines, metrics: outside the others (ops)
    add_error_handlers(app, settings.max_body)
    add_database_handlers(app)  # the database going away: 503 with words
    app.router.routes.extend(routes())
    app.mount("/static", StaticFiles(directory=WEB_DIR), name="static")
    schema = app.openapi

    def openapi() -> dict[str, Any]:  # no control characters in paths and queries
        if app.openapi_schema is None:
            app.openapi_schema = plain_text(schema())
        return app.openapi_schema

    app.openapi = openapi  # type: ignore[method-assign]
    return app
