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

import asyncio
import contextlib
import functools
from collections.abc import AsyncIterator, Sequence
from pathlib import Path
from typing import Any

from fastapi import APIRouter, FastAPI
from fastapi.staticfiles import StaticFiles
from starlette.routing import BaseRoute

from shoal import __version__

from .accounts.routes import auth, users
from .admin.guard import SiteGuard
from .analysis import routes as analysis
from .bots import routes as bot
from .bots.service import Bots
from .catalog import routes as catalog
from .challenges import routes as challenges
from .context import (
    CLIENT_WINDOW,
    DEFAULT_DATABASE,
    DEFAULT_DOCS,
    GAMES_PER_CLIENT,
    MAX_BODY,
    ServerContext,
    Settings,
)
from .db_down import add_database_handlers
from .errors import EVERY_ROUTE, add_error_handlers, refusals
from .explorer import routes as explorer
from .files import WEB_DIR
from .games.routes import chat, offers, play, records, seats
from .inputs import ControlGuard
from .ladder import routes as ladder
from .lane import Held, SocketLane
from .learn import routes as learn
from .limits import BodyLimit
from .lobby import routes as lobby
from .lobby.service import Lobby
from .mail import routes as mail
from .notifications import routes as notifications
from .opendata import routes as opendata
from .ops import routes as ops
from .ops.sampler import sample
from .ops.wiring import install as observe
from .origin import SocketOrigin
from .pages import routes as pages
from .push import routes as push
from .puzzles import routes as puzzles
from .ratings import routes as ratings
from .ratings.service import settle_pending
from .relay import Relay, is_postgres
from .review import routes as review
from .schemas import plain_text
from .stats import routes as stats
from .studies import routes as studies
from .studies.service import Studies
from .tournaments import routes as tournaments
from .tournaments.service import Tournaments
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


def create_app(
    database_url: str = DEFAULT_DATABASE,
    *,
    max_searches: int = 2,
    docs_dir: Path | str | None = None,
    max_body: int = MAX_BODY,
    games_per_client: int = GAMES_PER_CLIENT,
    client_window: float = CLIENT_WINDOW,
    smtp_url: str | None = None,
    site_url: str = "http://127.0.0.1:8000",
    correspondence_day: float = 86400.0,
    sweep_every: float = 10.0,
    vapid_key_file: Path | str | None = None,
    vacation_days: int = 14,
    first_move_seconds: float = 60.0,
    tournament_tick: float = 2.0,
    ladder_dir: Path | str | None = None,
    open_data_dir: Path | str | None = None,
    limits: Sequence[str] = (),
    secret_key_file: Path | str | None = None,
    push_services: Sequence[str] = (),
    metrics_token: str | None = None,
    metrics_allow: Sequence[str] = (),
) -> FastAPI:
    """The shoal web app on the database at ``database_url`` (any SQLAlchemy URL).

    ``max_searches`` caps the computer searches and hints that run at once (the
    others queue); ``docs_dir`` holds the rules pages ``GAME.md`` (default: the
    checkout's ``docs/games`` when present). ``max_body`` caps a request body in
    bytes (413); one client address may create ``games_per_client`` games and
    records per ``client_window`` seconds (429; 0: no limit). ``smtp_url`` mails
    correspondence turns and challenges (links to ``site_url``); correspondence
    deadlines are swept every ``sweep_every`` seconds, with days of
    ``correspondence_day`` seconds (docs/notifications.md). In a live tournament game a
    player who has not made their first turn within ``first_move_seconds`` loses it (a
    no-show); the tournaments' background work runs every ``tournament_tick`` seconds
    (docs/tournaments.md). ``vapid_key_file`` is a PEM file with the Web Push key (default:
    a pair made once and kept in the database); each account has ``vacation_days`` of
    vacation a year. ``ladder_dir`` holds the ``shoal ladder`` results shown at ``/ladder``
    (default: the shipped ones), ``open_data_dir`` the ``shoal db export`` published at
    ``/database`` (default: ``open-data`` in the working directory).
    ``limits`` changes the site's limits, ``NAME=COUNT[/SECONDS]`` each
    (:mod:`shoal.server.limits`; a ValueError for one that is none). ``secret_key_file``
    seals the site's secrets (docs/security.md); ``push_services`` adds push services to the
    browsers' own; ``/metrics`` opens to ``metrics_token`` and to the addresses of
    ``metrics_allow`` (docs/operations.md).
    """
    settings = Settings(
        database_url=database_url,
        max_searches=max_searches,
        max_body=max_body,
        games_per_client=games_per_client,
        client_window=client_window,
        docs_dir=Path(docs_dir) if docs_dir is not None else DEFAULT_DOCS,
        smtp_url=smtp_url,
        site_url=site_url,
        correspondence_day=correspondence_day,
        sweep_every=sweep_every,
        vapid_key_file=Path(vapid_key_file) if vapid_key_file else None,
        vacation_days=vacation_days,
        **({"ladder_dir": Path(ladder_dir)} if ladder_dir is not None else {}),
        **({"open_data_dir": Path(open_data_dir)} if open_data_dir is not None else {}),
        limits=tuple(limits),
        secret_key_file=Path(secret_key_file) if secret_key_file else None,
        push_services=tuple(push_services),
        metrics_token=metrics_token or None,
        metrics_allow=tuple(metrics_allow),
    )
    context = ServerContext.open(settings)

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        relay = (
            Relay(context.manager, database_url, context.events)
            if is_postgres(database_url)
            else None
        )
        if relay is not None:  # games, lobby, notifications of the other processes
            await relay.start()
        await asyncio.to_thread(context.admin.start)  # the bans; the operator's notes from now
        context.manager.spawn(context.admin.run())
        context.manager.spawn(sample(context))  # loop lag, games in memory, pool (ops)
        context.manager.spawn(context.correspondence.run())  # correspondence deadlines
        if context.mail.mailer is not None:  # the turn digests due
            context.manager.spawn(context.mail.mailer.run(context.settings.sweep_every))
        context.manager.spawn(context.tournaments.run())  # starts, pairings, no-shows
        context.manager.spawn(  # rated games that ended just before a crash
            asyncio.to_thread(settle_pending, context.store.load, context.ratings)
        )
        yield
        await context.lobby.close()
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
    context.lobby = Lobby(context)
    context.bots = Bots(context)  # makes the shoal-LEVEL bots
    context.lobby.challenge_hooks.append(context.bots.on_challenge)
    context.tournaments = Tournaments(
        context, first_move_seconds=first_move_seconds, tick=tournament_tick
    )
    context.studies = Studies(context)  # studies and their live pages (issue 44)
    app.add_middleware(SocketLane, routes=HELD_OPEN)  # innermost: past the checks below
    app.add_middleware(BodyLimit, limit=max_body)
    app.add_middleware(SocketOrigin)  # every WebSocket refuses another site's pages
    app.add_middleware(ControlGuard)  # no NUL, no control characters in paths (400)
    admin = context.admin  # banned ranges refused; open sockets known (shoal admin ...)
    app.add_middleware(SiteGuard, bans=admin.bans, sockets=admin.sockets, signed_in=admin.signed_in)
    observe(app, context)  # request ids, access lines, metrics: outside the others (ops)
    add_error_handlers(app, max_body)
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
