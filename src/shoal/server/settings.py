"""How an app is set up: :class:`Settings`, every default written once.

``create_app(database_url, **options)`` (and so ``shoal serve``) takes exactly these names;
a route that needs one of them asks for :data:`SettingsDep`.
"""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any

from .ladder.service import DEFAULT_RESULTS
from .provide import provided

__all__ = [
    "CLIENT_WINDOW",
    "DEFAULT_DATABASE",
    "DEFAULT_DOCS",
    "GAMES_PER_CLIENT",
    "MAX_BODY",
    "Settings",
    "SettingsDep",
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
    """The computer searches and hints that run at once (the others queue)."""
    docs_dir: Path = DEFAULT_DOCS
    max_body: int = MAX_BODY
    """The largest request body, in bytes (413)."""
    games_per_client: int = GAMES_PER_CLIENT
    """Games and records one client address may create per ``client_window`` (429; 0: no
    limit)."""
    client_window: float = CLIENT_WINDOW
    smtp_url: str | None = None
    """Where to send mail (``smtp://host:port``; None: no mail), see :mod:`.mail`."""
    site_url: str = "http://127.0.0.1:8000"
    """The site's address, for the links in mails."""
    correspondence_day: float = 86400.0
    """The length of a correspondence day in seconds (shorter only for tests and demos)."""
    sweep_every: float = 10.0
    """Seconds between two sweeps for correspondence deadlines (and turn digests)."""
    vacation_days: int = 14
    """Vacation days each account may spend a year (issue 43)."""
    vapid_key_file: Path | None = None
    """A PEM file with the site's VAPID private key (None: a pair kept in the database)."""
    first_move_seconds: float = 60.0
    """In a live tournament game, a player who has not made a first turn in this time loses
    it (a no-show, docs/tournaments.md)."""
    tournament_tick: float = 2.0
    """Seconds between two rounds of the tournaments' background work."""
    chat_words: Path | None = None
    """A folder of the operator's chat word lists, ``LANG.txt`` (issue 61, docs/moderation.md)."""
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
    clock: Callable[[], float] = time.time
    """The time of the correspondence clocks, vacations and digests, in epoch seconds
    (injected by tests and demos)."""

    @classmethod
    def of(cls, database_url: str = DEFAULT_DATABASE, **options: Any) -> Settings:
        """The settings of ``create_app``'s arguments (paths may be given as text; an unknown
        name is a TypeError)."""
        for name in ("limits", "push_services", "metrics_allow"):
            if name in options:
                options[name] = tuple(options[name])
        if "metrics_token" in options:
            options["metrics_token"] = options["metrics_token"] or None
        for name in ("chat_words", "vapid_key_file", "secret_key_file"):
            if name in options:  # an empty one: none
                options[name] = Path(options[name]) if options[name] else None
        for name in ("docs_dir", "ladder_dir", "open_data_dir"):  # None: the default
            if options.get(name) is not None:
                options[name] = Path(options[name])
            elif name in options:
                del options[name]
        return cls(database_url=database_url, **options)


SettingsDep = Annotated[Settings, provided(Settings)]
"""A route parameter of this type receives the app's :class:`Settings`."""
