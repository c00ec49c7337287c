"""The shared state of one app, and the FastAPI dependency that hands it to the routes.

:func:`create_app <shoal.server.app.create_app>` builds one :class:`ServerContext`
from its :class:`Settings` and keeps it on ``app.state.context``; a route asks
for it with a parameter of type :data:`Context`. Nothing here is a module
global, so several apps (tests, processes) never share a database or a queue.
"""

from __future__ import annotations

import dataclasses
from collections import OrderedDict
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, cast

from fastapi import Depends, Header
from starlette.requests import HTTPConnection

from shoal.records import Record, read

from .accounts.service import Accounts
from .admin.live import SiteAdmin
from .analysis.service import LiveEngine
from .challenges.store import ChallengeStore
from .db.sealed import Sealer
from .db.secrets import SiteSecrets
from .errors import ApiError
from .events import Events
from .explorer.service import Explorer, ExplorerListener
from .explorer.store import ExplorerStore
from .games.background import Clocks, Computer
from .games.clock_store import ClockStore
from .games.correspondence import DAY, Correspondence
from .games.manager import GameManager
from .games.social import Social
from .games.store import Store
from .ladder.service import DEFAULT_RESULTS, Ladders
from .limits import Limits
from .mail.service import Mail
from .mail.service import build as build_mail
from .notifications.service import Notifier
from .notifications.store import NoticeStore
from .opendata.service import Published
from .push.service import Pusher
from .push.service import build as build_push
from .puzzles.service import Puzzles
from .puzzles.service import build as build_puzzles
from .puzzles.store import PuzzleStore
from .ratings.service import RatingListener, player_ratings
from .ratings.store import RatingStore
from .review.service import Reviewer
from .review.store import ReviewStore
from .vacation.service import ALLOWANCE, Vacations
from .vacation.store import VacationStore

if TYPE_CHECKING:  # they take the context to be built
    from .bots.service import Bots
    from .lobby.service import Lobby
    from .studies.service import Studies
    from .tournaments.service import Tournaments

__all__ = [
    "CLIENT_WINDOW",
    "DEFAULT_DATABASE",
    "DEFAULT_DOCS",
    "GAMES_PER_CLIENT",
    "MAX_BODY",
    "Context",
    "RecordCache",
    "ServerContext",
    "Settings",
    "TokenHeader",
    "client_address",
    "get_context",
]

DEFAULT_DATABASE = "sqlite:///shoal.sqlite3"
"""The database when none is given: a SQLite file in the working directory."""

MAX_BODY = 1_048_576
"""The largest request body accepted, in bytes (larger: 413)."""

GAMES_PER_CLIENT = 30
"""New games (and uploaded records) one client address may make per :data:`CLIENT_WINDOW`."""

CLIENT_WINDOW = 60.0
"""The window of :data:`GAMES_PER_CLIENT`, in seconds."""

_CHECKOUT_DOCS = Path(__file__).resolve().parents[3] / "docs" / "games"
DEFAULT_DOCS = (
    _CHECKOUT_DOCS
    if _CHECKOUT_DOCS.is_dir()
    else Path(__file__).resolve().parents[1] / "_docs" / "games"
)
"""The rules pages when none are given: the checkout's ``docs/games``, else the wheel's copy."""


@dataclasses.dataclass(frozen=True)
class Settings:
    """How an app is set up (the arguments of ``create_app``, i.e. of ``shoal serve``).

    ``docs_dir`` holds the rules pages ``GAME.md``; the self-play reports are in
    its sibling ``analysis``.
    """

    database_url: str = DEFAULT_DATABASE
    max_searches: int = 2
    docs_dir: Path = DEFAULT_DOCS
    max_body: int = MAX_BODY
    games_per_client: int = GAMES_PER_CLIENT
    client_window: float = CLIENT_WINDOW
    smtp_url: str | None = None
    """Where to send mail (``smtp://host:port``; None: no mail), see :mod:`.mail`."""
    site_url: str = "http://127.0.0.1:8000"
    """The site's address, for the links in mails."""
    correspondence_day: float = DAY
    """The length of a correspondence day in seconds (shorter only for tests and demos)."""
    sweep_every: float = 10.0
    """Seconds between two sweeps for correspondence deadlines."""
    vacation_days: int = ALLOWANCE
    """Vacation days each account may spend a year (issue 43)."""
    vapid_key_file: Path | None = None
    """A PEM file with the site's VAPID private key (None: a pair kept in the database)."""
    ladder_dir: Path = DEFAULT_RESULTS
    """The ``shoal ladder`` results the ``/ladder`` pages show (issue 63)."""
    open_data_dir: Path = Path("open-data")
    """The ``shoal db export`` folder the ``/database`` page publishes (issue 63)."""
    limits: tuple[str, ...] = ()
    """The operator's changes to the limits, ``NAME=COUNT[/SECONDS]`` (:mod:`.limits`)."""
    secret_key_file: Path | None = None
    """The site key's file, which seals the site's secrets (:mod:`.db.sealed`; None: the
    environment's ``SHOAL_SECRET_KEY_FILE`` or ``SHOAL_SECRET_KEY``, else none)."""
    push_services: tuple[str, ...] = ()
    """Push services beside the browsers' own (:mod:`.push.guard`)."""
    metrics_token: str | None = None
    """The token a scraper of ``/metrics`` shows (:mod:`.ops.routes`; None: none)."""
    metrics_allow: tuple[str, ...] = ()
    """Addresses or networks that read ``/metrics`` without the token."""


class RecordCache:
    """Uploaded records, parsed once and kept in a small LRU cache."""

    def __init__(self, store: Store, size: int = 32) -> None:
        self.store = store
        self.size = size
        self.cache: OrderedDict[str, Record] = OrderedDict()

    def get(self, record_id: str) -> Record:
        """The uploaded record ``record_id`` (404 when there is none)."""
        record = self.cache.get(record_id)
        if record is None:
            text = self.store.load_record(record_id)
            if text is None:
                raise ApiError(404, f"there is no record {record_id!r}")
            record = read(text)
            self.put(record_id, record)
        self.cache.move_to_end(record_id)
        return record

    def put(self, record_id: str, record: Record) -> None:
        """Keep ``record`` (the least recently used goes when the cache is full)."""
        self.cache[record_id] = record
        while len(self.cache) > self.size:
            self.cache.popitem(last=False)


@dataclasses.dataclass
class ServerContext:
    """Everything the routes share: settings, database, loaded games, queues, limits, chat."""

    settings: Settings
    store: Store
    manager: GameManager
    computer: Computer
    limits: Limits
    """The site-wide limits, counted in the database (:mod:`shoal.server.limits`)."""
    records: RecordCache
    social: Social
    reviews: Reviewer
    """Game reviews in worker threads, stored once (issue 26)."""
    engine: LiveEngine
    """The analysis board's engine (issue 26)."""
    ratings: RatingStore
    """Ratings, their history and the rated games (issue 23)."""
    notices: NoticeStore
    """Notifications (issue 22)."""
    notifier: Notifier
    """Notifications: stored, pushed to open pages, mailed (issue 22)."""
    mail: Mail
    """Mail: settings, digests, the mailer when the server mails (issues 22, 43)."""
    pusher: Pusher
    """Web Push to the accounts' devices (issue 43)."""
    correspondence: Correspondence
    """Correspondence deadlines and their sweeper (issue 22)."""
    accounts: Accounts
    """Accounts, sessions and sign-in limits (its store: ``accounts.store``)."""
    puzzles: Puzzles
    """Puzzles: the next one, attempts judged, ratings and streaks (issue 25)."""
    challenges: ChallengeStore
    """Challenges between two accounts (issue 22); its actions: ``challenges.service``."""
    vacations: Vacations
    """Vacations: a yearly allowance; the player's correspondence clocks stop (issue 43)."""
    explorer: Explorer
    """The opening explorer: the site's counts, the books, lookups (issue 44)."""
    ladders: Ladders
    """The ladders' results shown at ``/ladder`` (issue 63)."""
    published: Published
    """The open data published at ``/database`` (issue 63)."""
    admin: SiteAdmin
    """The bans, open sockets and operator's notes of this process (:mod:`.admin`)."""
    events: Events = dataclasses.field(default_factory=Events)
    """Events on named channels, delivered in every process (:mod:`shoal.server.events`)."""
    lobby: Lobby = dataclasses.field(init=False)
    """The lobby's sockets and challenge hooks (set by ``create_app``: it needs the context)."""
    bots: Bots = dataclasses.field(init=False)
    """The bots and their event streams (set by ``create_app``: it needs the context)."""
    tournaments: Tournaments = dataclasses.field(init=False)
    """Tournaments: entries, pairings, results (set by ``create_app``; issue 42)."""
    studies: Studies = dataclasses.field(init=False)
    """Studies: chapters of move trees, editors, live pages (set by ``create_app``; issue 44)."""

    @classmethod
    def open(cls, settings: Settings) -> ServerContext:
        """Open the database and build the manager with its background work."""
        store = Store(settings.database_url)
        manager = GameManager(store)
        computer = Computer(manager, max_searches=settings.max_searches)
        manager.listen(computer)
        manager.listen(Clocks(manager))
        events = Events()
        social = Social(manager, store, events)  # chat and offers cross processes (issue 56)
        manager.listen(social)
        ratings = RatingStore(store.engine)
        manager.listen(RatingListener(manager, ratings))
        explorer = Explorer(
            ExplorerStore(store.engine),
            lambda accounts, game, speed: player_ratings(ratings, accounts, game, speed),
        )
        manager.listen(ExplorerListener(manager, explorer))
        notices = NoticeStore(store.engine)
        secrets = SiteSecrets(store.engine, Sealer.load(settings.secret_key_file))
        secrets.seal_all()  # a wrong or missing site key stops the start, with words
        clocks: list[Correspondence] = []  # the digests read the clock of the correspondence
        mail = build_mail(
            store.engine,
            secrets,
            smtp_url=settings.smtp_url,
            site_url=settings.site_url,
            clock=lambda: clocks[0].clock(),
            spawn=manager.spawn,
        )
        pusher = build_push(
            store.engine,
            secrets,
            key_file=settings.vapid_key_file,
            site_url=settings.site_url,
            spawn=manager.spawn,
            services=settings.push_services,
        )
        notifier = Notifier(notices, mail.mailer, events, pusher)
        away = VacationStore(store.engine)
        correspondence = Correspondence(
            manager,
            ClockStore(store.engine),
            notifier,
            day_seconds=settings.correspondence_day,
            sweep_every=settings.sweep_every,
            away=away.until,
        )
        clocks.append(correspondence)
        return cls(
            settings=settings,
            store=store,
            manager=manager,
            computer=computer,
            limits=Limits(
                store.engine,
                (f"games={settings.games_per_client}/{settings.client_window}", *settings.limits),
            ),
            records=RecordCache(store),
            social=social,
            reviews=Reviewer(ReviewStore(store.engine)),
            engine=LiveEngine(settings.max_searches),
            ratings=ratings,
            notices=notices,
            notifier=notifier,
            mail=mail,
            pusher=pusher,
            correspondence=correspondence,
            accounts=Accounts(store.engine),
            puzzles=build_puzzles(PuzzleStore(store.engine)),
            challenges=ChallengeStore(store.engine),
            vacations=Vacations(away, correspondence, settings.vacation_days),
            explorer=explorer,
            ladders=Ladders(settings.ladder_dir),
            published=Published(settings.open_data_dir),
            admin=SiteAdmin(store.engine, manager, events),
            events=events,
        )

    async def close(self) -> None:
        """Stop the background work and release the database (at shutdown)."""
        await self.reviews.close()
        await self.events.close()
        await self.manager.close()
        await self.store.close_in_loop()
        self.store.close()


async def get_context(connection: HTTPConnection) -> ServerContext:
    """The app's context (a FastAPI dependency, for HTTP routes and WebSockets alike;
    ``async``, so FastAPI calls it in the event loop, not through a worker thread)."""
    return cast(ServerContext, connection.app.state.context)


Context = Annotated[ServerContext, Depends(get_context)]

TokenHeader = Annotated[
    str | None, Header(alias="X-Shoal-Token", description="the seat token of the player")
]
"""A seat token sent in ``X-Shoal-Token`` (the routes of every area that acts for a seat)."""
"""A route parameter of this type receives the app's :class:`ServerContext`."""


def client_address(connection: HTTPConnection) -> str:
    """The client's address (behind a proxy: see ``--forwarded-allow-ips`` in docs/server.md)."""
    return connection.client.host if connection.client is not None else "unknown"
