"""The assembly of one app: every domain built by its own builder, from the few things it
uses, in the order they need each other. No domain logic lives here, and no domain imports
this module (an import contract): a route receives its domain's service by its type
(:mod:`~shoal.server.provide`), a service receives the others it uses when it is built.

:func:`create_app <shoal.server.app.create_app>` opens one :class:`ServerContext` from its
:class:`~shoal.server.settings.Settings` and keeps it on ``app.state.context`` (and its
services by type on ``app.state.services``). Nothing here is a module global, so several
apps (tests, processes) never share a database or a queue.
"""

from __future__ import annotations

import asyncio
import dataclasses
from typing import Any

from .accounts.service import Accounts
from .admin.live import SiteAdmin
from .analysis.service import LiveEngine
from .blocks.service import Blocks
from .bots.service import Bots
from .bots.service import build as build_bots
from .challenges.service import Challenges
from .challenges.store import ChallengeStore
from .db.sealed import Sealer
from .db.secrets import SiteSecrets
from .events import Events
from .explorer.service import Explorer
from .explorer.service import build as build_explorer
from .fairplay.service import FairPlay
from .games.background import Computer
from .games.correspondence import Correspondence
from .games.env import Games
from .games.env import build as build_games
from .games.manager import GameManager
from .games.social import Social
from .games.store import Store
from .games.uploads import RecordCache
from .ladder.service import Ladders
from .limits import Limits
from .lobby.service import Lobby
from .mail.service import Mail
from .mail.service import build as build_mail
from .moderation.service import Moderation
from .moderation_assembly import blocks_of, moderation_of
from .notifications.service import Notifier
from .notifications.service import build as build_notifications
from .notifications.store import NoticeStore
from .opendata.service import Published
from .ops.service import Ops
from .push.service import Pusher
from .push.service import build as build_push
from .puzzles.service import Puzzles
from .puzzles.store import PuzzleStore
from .ratings.service import Ratings, settle_pending
from .ratings.service import build as build_ratings
from .review.service import Reviewer
from .review.service import build as build_reviews
from .settings import DEFAULT_DATABASE, Settings
from .stats.service import Stats
from .studies.service import Studies
from .tasks import Tasks
from .tournaments.service import Tournaments
from .vacation.service import Vacations
from .vacation.service import build as build_vacations
from .vacation.store import VacationStore

__all__ = ["DEFAULT_DATABASE", "ServerContext", "Settings"]


@dataclasses.dataclass(frozen=True)
class ServerContext:
    """Every domain's service of one app, built once (:meth:`open`)."""

    settings: Settings
    tasks: Tasks
    """The app's background tasks (cancelled at its close)."""
    events: Events
    """Events on named channels, delivered in every process (:mod:`shoal.server.events`)."""
    limits: Limits
    """The site-wide limits, counted in the database (:mod:`shoal.server.limits`)."""
    admin: SiteAdmin
    """The bans, open sockets and operator's notes of this process (:mod:`.admin`)."""
    ops: Ops
    """Health, metrics and their access (:mod:`.ops`, issue 57)."""
    accounts: Accounts
    ratings: Ratings
    """Ratings, their history and the rated games (issue 23)."""
    mail: Mail
    """Mail: settings, digests, the mailer when the server mails (issues 22, 43)."""
    pusher: Pusher
    """Web Push to the accounts' devices (issue 43)."""
    notifier: Notifier
    """Notifications: stored, pushed to open pages, mailed (issue 22)."""
    games: Games
    """Games: the store, the loaded games, the computer, clocks, chat and offers."""
    vacations: Vacations
    """Vacations: a yearly allowance; the player's correspondence clocks stop (issue 43)."""
    bots: Bots
    """The bots and their event streams (issue 23)."""
    lobby: Lobby
    """The lobby's seeks and sockets (issue 22)."""
    challenges: Challenges
    """Challenges between two accounts (issue 22)."""
    tournaments: Tournaments
    """Tournaments: entries, pairings, results (issue 42)."""
    studies: Studies
    """Studies: chapters of move trees, editors, live pages (issue 44)."""
    explorer: Explorer
    """The opening explorer: the site's counts, the books, lookups (issue 44)."""
    reviews: Reviewer
    """Game reviews in worker threads, stored once (issue 26)."""
    engine: LiveEngine
    """The analysis board's engine (issue 26)."""
    puzzles: Puzzles
    """Puzzles: the next one, attempts judged, ratings and streaks (issue 25)."""
    stats: Stats
    """The human statistics of a game."""
    blocks: Blocks
    """Who blocks whom (issue 61)."""
    moderation: Moderation
    """Reports, the moderators' queue and actions, chat screening (issue 61)."""
    fairplay: FairPlay
    """The fair-play checks of rated games and the browser's signal (issue 61)."""
    ladders: Ladders
    """The ladders' results shown at ``/ladder`` (issue 63)."""
    published: Published
    """The open data published at ``/database`` (issue 63)."""

    @classmethod
    def open(cls, settings: Settings) -> ServerContext:
        """Open the database and build every domain, each from what it uses."""
        store = Store(settings.database_url)  # the games' store opens the app's database
        engine = store.engine
        tasks, events = Tasks(), Events()
        accounts_ = Accounts(engine)
        secrets = SiteSecrets(engine, Sealer.load(settings.secret_key_file))
        secrets.seal_all()  # a wrong or missing site key stops the start, with words
        mail_ = build_mail(
            engine,
            secrets,
            smtp_url=settings.smtp_url,
            site_url=settings.site_url,
            clock=settings.clock,
            spawn=tasks.spawn,
            language=accounts_.language,
        )
        pusher = build_push(
            engine,
            secrets,
            key_file=settings.vapid_key_file,
            site_url=settings.site_url,
            spawn=tasks.spawn,
            services=settings.push_services,
            language=accounts_.language,
        )
        notifier = build_notifications(engine, events, mail_.mailer, pusher, accounts_.language)
        away = VacationStore(engine)
        games_ = build_games(
            store,
            tasks,
            events,
            notices=notifier,
            away=away.until,
            max_searches=settings.max_searches,
            day_seconds=settings.correspondence_day,
            sweep_every=settings.sweep_every,
            clock=settings.clock,
        )
        manager = games_.manager
        site = f"games={settings.games_per_client}/{settings.client_window}"
        limits = Limits(engine, (site, *settings.limits))
        ratings_ = build_ratings(engine, manager)
        blocks_ = blocks_of(accounts_)
        bots_ = build_bots(  # makes the shoal-LEVEL bots
            engine, accounts_, events, manager, ChallengeStore(engine).challenge
        )
        lobby_ = Lobby(
            engine,
            events,
            games_,
            ratings_,
            blocks_,
            bots_.store.bot_ids,
            challenge_hooks=[bots_.on_challenge],
        )
        admin_ = SiteAdmin(engine, manager, events)
        tournaments_ = Tournaments(
            engine,
            games_,
            ratings_,
            bots_,
            notifier,
            events,
            first_move_seconds=settings.first_move_seconds,
            tick=settings.tournament_tick,
        )
        studies_ = Studies(engine, events, accounts_, manager, notifier.notify)
        moderation_, fairplay_ = moderation_of(
            settings,
            events,
            accounts_,
            games_,
            bots_,
            ratings_,
            notifier,
            tournaments_,
            studies_,
            admin_,
        )
        return cls(
            settings=settings,
            tasks=tasks,
            events=events,
            limits=limits,
            admin=admin_,
            ops=Ops(
                engine,
                manager,
                events,
                metrics_token=settings.metrics_token,
                metrics_allow=settings.metrics_allow,
            ),
            accounts=accounts_,
            ratings=ratings_,
            mail=mail_,
            pusher=pusher,
            notifier=notifier,
            games=games_,
            vacations=build_vacations(
                away, games_.correspondence, accounts_.store.seats_of, settings.vacation_days
            ),
            bots=bots_,
            lobby=lobby_,
            challenges=Challenges(
                engine, accounts_, games_, lobby_, notifier, bots_.computers, limits, blocks_
            ),
            tournaments=tournaments_,
            studies=studies_,
            explorer=build_explorer(engine, manager, ratings_),
            reviews=build_reviews(engine),
            engine=LiveEngine(settings.max_searches),
            puzzles=Puzzles(PuzzleStore(engine)),
            stats=Stats(engine, settings.docs_dir),
            blocks=blocks_,
            moderation=moderation_,
            fairplay=fairplay_,
            ladders=Ladders(settings.ladder_dir),
            published=Published(settings.open_data_dir),
        )

    def services(self) -> dict[type, Any]:
        """The services by their type, as routes ask for them (:mod:`~.provide`)."""
        out: dict[type, Any] = {Settings: self.settings}
        for field in dataclasses.fields(self):
            value = getattr(self, field.name)
            out.setdefault(type(value), value)
        return out

    # -- the parts of the games most callers (and the tests) read ----------------------------
    @property
    def store(self) -> Store:
        """The games' store (its engine is the app's database)."""
        return self.games.store

    @property
    def manager(self) -> GameManager:
        """The loaded games."""
        return self.games.manager

    @property
    def computer(self) -> Computer:
        """The computer's turns and the hints."""
        return self.games.computer

    @property
    def correspondence(self) -> Correspondence:
        """The correspondence clocks."""
        return self.games.correspondence

    @property
    def social(self) -> Social:
        """The games' chat and offers."""
        return self.games.social

    @property
    def records(self) -> RecordCache:
        """The uploaded records."""
        return self.games.records

    @property
    def notices(self) -> NoticeStore:
        """The notifications' store."""
        return self.notifier.store

    # -- the app's life ----------------------------------------------------------------------
    async def start(self) -> None:
        """Start the background work (in the app's event loop, at its start)."""
        spawn = self.tasks.spawn
        await asyncio.to_thread(self.admin.start)  # the bans; the operator's notes from now
        spawn(self.admin.run())
        spawn(self.ops.sample())  # loop lag, games in memory, pool (ops)
        spawn(self.manager.run_evictions())  # the games nobody needs leave memory
        spawn(self.games.correspondence.run())  # correspondence deadlines
        if self.mail.mailer is not None:  # the turn digests due
            spawn(self.mail.mailer.run(self.settings.sweep_every))
        spawn(self.tournaments.run())  # starts, pairings, no-shows
        spawn(asyncio.to_thread(settle_pending, self.store.load, self.ratings))  # after a crash

    async def close(self) -> None:
        """Stop the background work and release the database (at shutdown)."""
        await self.lobby.close()
        await self.reviews.close()
        await self.events.close()
        await self.manager.close()
        await self.store.close_in_loop()
        self.store.close()
