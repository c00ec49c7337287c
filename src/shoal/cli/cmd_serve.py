"""``shoal serve``: the web app (FastAPI under uvicorn)."""

from __future__ import annotations

import argparse
import os
from typing import Any

from .database import DEFAULT_DATABASE, add_database_option, database_url

__all__ = ["DEFAULT_DATABASE", "add_parser", "open_files"]

WORKER_HEALTHCHECK = 60
"""Seconds a ``--workers`` process has to answer uvicorn's health check (uvicorn's default: 5)."""


def _environment_limits(text: str) -> list[str]:
    """The limits of ``SHOAL_LIMITS``: ``NAME=COUNT[/SECONDS]`` separated by commas."""
    return [word.strip() for word in text.split(",") if word.strip()]


def open_files() -> tuple[int, int]:
    """Raise this process's soft limit of open files to its hard limit (its workers inherit
    it); the limits then. Every socket a page holds open is a file: with the usual soft
    limit of 1,024 a worker refused connections past about a thousand pages (issue 56)."""
    import contextlib
    import resource

    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard == resource.RLIM_INFINITY or soft < hard:
        target = hard if hard != resource.RLIM_INFINITY else max(soft, 1_048_576)
        # the system's own ceiling may be lower: then the limit stays, and is told below
        with contextlib.suppress(ValueError, OSError):
            resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))
    return resource.getrlimit(resource.RLIMIT_NOFILE)


class _Refused(Exception):
    """A setting of ``shoal serve`` that cannot work: its words, then exit status 2."""


def _read_token(path: str) -> str:
    from pathlib import Path

    from shoal.server.db.sealed import SealError, read_key_file

    try:
        token = read_key_file(Path(path))
    except SealError as error:
        raise _Refused(f"--metrics-token-file: {str(error).replace('site key', 'token')}") from None
    if len(token) < 16:
        raise _Refused("--metrics-token-file: the token has fewer than 16 characters")
    return token


def _operator_settings(args: argparse.Namespace) -> dict[str, Any]:
    """The settings of issue 57 (push services, metrics, the site key), checked."""
    from pathlib import Path

    from shoal.server.db.sealed import Sealer, SealError
    from shoal.server.ops.service import check_networks
    from shoal.server.push.guard import ENVIRONMENT, PushPolicy, parse_services

    services = [*args.push_service, *parse_services(os.environ.get(ENVIRONMENT, ""))]
    try:
        PushPolicy.of(services)
    except ValueError as error:
        raise _Refused(f"--push-service: {error}") from None
    allow = tuple(n for entry in args.metrics_allow for n in entry.replace(",", " ").split())
    try:
        check_networks(allow)
    except ValueError as error:
        raise _Refused(f"--metrics-allow: {error}") from None
    if args.metrics_token_file:
        token: str | None = _read_token(args.metrics_token_file)
    else:
        token = os.environ.get("SHOAL_METRICS_TOKEN") or None
    key_file = args.secret_key_file or os.environ.get("SHOAL_SECRET_KEY_FILE") or None
    try:
        Sealer.load(Path(key_file) if key_file else None)
    except SealError as error:
        raise _Refused(f"--secret-key-file: {error}") from None
    return {
        "push_services": services,
        "metrics_allow": list(allow),
        "metrics_token": token,
        "secret_key_file": key_file,
    }


def _serve(args: argparse.Namespace) -> int:
    import sys

    try:
        settings = _settings(args)
    except _Refused as error:
        print(f"shoal serve: {error}", file=sys.stderr)
        return 2
    return _run(args, settings)


def _settings(args: argparse.Namespace) -> dict[str, Any]:
    """The app's settings from the command line and the environment, every one checked
    (:class:`_Refused` with words for the first that cannot work)."""
    args.database = database_url(args)  # the option, else SHOAL_DATABASE, else the default
    limit_changes = [*_environment_limits(os.environ.get("SHOAL_LIMITS", "")), *args.limit]
    settings = {
        "max_searches": args.searches,
        "max_body": args.max_body,
        "games_per_client": args.games_per_client,
        "client_window": args.client_window,
        "smtp_url": args.smtp or os.environ.get("SHOAL_SMTP") or None,
        "site_url": args.site_url or f"http://{args.host}:{args.port}",
        "correspondence_day": args.correspondence_day,
        "sweep_every": args.sweep_every,
        "vacation_days": args.vacation_days,
        "vapid_key_file": args.vapid_key or os.environ.get("SHOAL_VAPID_KEY") or None,
        "chat_words": args.chat_words or os.environ.get("SHOAL_CHAT_WORDS") or None,
        "ladder_dir": args.ladder,
        "open_data_dir": args.open_data,
        "limits": limit_changes,
        **_operator_settings(args),
    }
    from shoal.server.limits import RULES, with_changes

    try:
        with_changes(RULES, limit_changes)
    except ValueError as error:
        raise _Refused(f"--limit: {error}") from None
    if settings["chat_words"]:
        from pathlib import Path

        from shoal.server.moderation.chatrules import ChatRules

        try:
            ChatRules(Path(str(settings["chat_words"])))
        except (OSError, ValueError) as error:
            raise _Refused(f"--chat-words: {error}") from None
    if settings["vapid_key_file"]:
        from pathlib import Path

        from shoal.server.push.service import VapidKeys

        try:
            VapidKeys.of_file(Path(str(settings["vapid_key_file"])))
        except ValueError as error:
            raise _Refused(f"--vapid-key: {error}") from None
    if settings["smtp_url"]:
        from shoal.server.mail.service import parse_smtp

        try:
            parse_smtp(str(settings["smtp_url"]))
        except ValueError as error:
            raise _Refused(f"--smtp: {error}") from None
    if args.correspondence_day <= 0 or args.sweep_every <= 0:
        raise _Refused("--correspondence-day and --sweep-every are seconds above 0")
    if not 0 <= args.vacation_days <= 366:
        raise _Refused("--vacation-days is a number of days from 0 to 366")
    if args.wait_database < 0:
        raise _Refused("--wait-database is seconds, 0 or more")
    if args.header_timeout <= 0:
        raise _Refused("--header-timeout is seconds above 0")
    if args.workers < 1:
        raise _Refused("--workers must be 1 or more")
    from shoal.server.relay import is_postgres

    if args.workers > 1 and not is_postgres(args.database):
        raise _Refused(
            "--workers above 1 needs PostgreSQL (--database "
            "postgresql+psycopg://...): the processes pass live updates to each other "
            "through PostgreSQL's LISTEN/NOTIFY, which SQLite does not have"
        )
    from shoal.server.games.store import in_memory

    if in_memory(args.database):
        raise _Refused(
            f"--database {args.database}: a SQLite database in memory is lost when the "
            "server stops, and its one connection is shared by every request's thread (two "
            "at once can fail); give a file (sqlite:///shoal.sqlite3, the default) or "
            "PostgreSQL"
        )
    return settings


def _run(args: argparse.Namespace, settings: dict[str, Any]) -> int:
    """Set up the log, wait for the database, serve (until stopped)."""
    import json
    import logging
    import logging.config

    import uvicorn

    from shoal.server.ops.logs import logging_config
    from shoal.server.ops.startup import metrics_folder, safe_url, wait_for_database
    from shoal.server.protocol import HEADER_TIMEOUT_ENV, protocols

    log_config = logging_config(args.log_format, args.log_level)
    logging.config.dictConfig(log_config)
    log = logging.getLogger("shoal.serve")
    files, _ = open_files()
    if files < 4096:
        log.warning(
            "at most %d open files per process (the hard limit, ulimit -Hn): each open page "
            "holds one to three sockets; raise it for more pages",
            files,
        )
    os.environ[HEADER_TIMEOUT_ENV] = str(args.header_timeout)  # every worker reads it
    limits: dict[str, Any] = {
        **protocols(),
        "log_config": log_config,  # each worker sets up its log the same
        "log_level": args.log_level,
        "access_log": False,  # shoal's own access lines (shoal.server.ops.http)
    }
    if args.forwarded_allow_ips is not None:
        limits["forwarded_allow_ips"] = args.forwarded_allow_ips
    if not wait_for_database(args.database, args.wait_database):
        return 1
    where = f"http://{args.host}:{args.port}/"
    if args.workers > 1:
        from shoal.server.worker import SETTINGS_ENV

        os.environ[SETTINGS_ENV] = json.dumps({"database_url": args.database, **settings})
        if args.affinity:  # every socket of one game in one worker (shoal.server.affinity)
            import secrets

            from shoal.server.affinity import AFFINITY_ENV

            os.environ[AFFINITY_ENV] = f"{secrets.token_hex(6)}:{args.workers}"
        import inspect

        if "timeout_worker_healthcheck" in inspect.signature(uvicorn.Config).parameters:
            # uvicorn kills a worker that does not answer its health check within 5 s; on a
            # busy machine a worker still importing the app takes longer, and was killed
            # again and again (every start of --workers failed at a load average of 20)
            limits["timeout_worker_healthcheck"] = WORKER_HEALTHCHECK
        log.info(
            "serving on %s with %d workers (database %s)",
            where,
            args.workers,
            safe_url(args.database),
        )
        with metrics_folder():  # the workers' metrics, added up by /metrics
            uvicorn.run(
                "shoal.server.worker:app",
                factory=True,
                workers=args.workers,
                host=args.host,
                port=args.port,
                **limits,
            )
        return 0

    from shoal.server import create_app
    from shoal.server.worker import served

    app = served(create_app(args.database, **settings))
    log.info("serving on %s (database %s)", where, safe_url(args.database))
    uvicorn.run(app, host=args.host, port=args.port, **limits)
    return 0


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``serve``."""
    p = sub.add_parser(
        "serve",
        help="start the web app",
        description=(
            "Start the web app: play in the browser against the computer, a friend online "
            "or at one screen. Games are stored in the database and survive restarts."
        ),
    )
    p.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    p.add_argument("--port", type=int, default=8000, help="port (default 8000)")
    add_database_option(p, "the site's database (made when there is none)")
    p.add_argument(
        "--workers",
        type=int,
        default=1,
        metavar="N",
        help="server processes on the one port (default 1; above 1 needs PostgreSQL, "
        "see docs/server.md)",
    )
    p.add_argument(
        "--no-affinity",
        dest="affinity",
        action="store_false",
        help="with --workers: leave each connection in the worker that accepted it, rather "
        "than passing the sockets of each game to the one worker that serves that game "
        '(docs/server.md, "Game affinity")',
    )
    p.add_argument(
        "--searches", type=int, default=2, help="computer searches run at once (default 2)"
    )
    p.add_argument(
        "--max-body",
        type=int,
        default=1_048_576,
        metavar="BYTES",
        help="largest request body accepted (default 1048576; larger: 413)",
    )
    p.add_argument(
        "--games-per-client",
        type=int,
        default=30,
        metavar="N",
        help="new games and uploaded records per client address per window "
        "(default 30; 0: no limit; over it: 429)",
    )
    p.add_argument(
        "--client-window",
        type=float,
        default=60.0,
        metavar="SECONDS",
        help="the window of --games-per-client (default 60)",
    )
    p.add_argument(
        "--limit",
        action="append",
        default=[],
        metavar="NAME=COUNT[/SECONDS]",
        help="change one of the site's limits (repeatable; COUNT 0: none), e.g. events=20 or "
        "chat=10/30; the names and defaults are in docs/server.md, 'Limits' (also the "
        "environment variable SHOAL_LIMITS, the same words separated by commas)",
    )
    p.add_argument(
        "--smtp",
        default=None,
        metavar="URL",
        help="send mail for correspondence turns and challenges through this SMTP server: "
        "smtp://[user:password@]host[:port][?from=ADDRESS&starttls=1] or smtps://... "
        "(default: the environment variable SHOAL_SMTP; none: no mail)",
    )
    p.add_argument(
        "--vacation-days",
        type=int,
        default=14,
        metavar="DAYS",
        help="vacation days each account may take a year; correspondence clocks stop "
        "meanwhile (default 14)",
    )
    p.add_argument(
        "--vapid-key",
        default=None,
        metavar="FILE",
        help="a PEM file with the VAPID private key for Web Push (default: the environment "
        "variable SHOAL_VAPID_KEY; none: a key pair made once and kept in the database)",
    )
    p.add_argument(
        "--chat-words",
        default=None,
        metavar="DIR",
        help="a folder of chat word lists, LANG.txt, added to the shipped ones (a line !WORD "
        "takes a shipped word out; docs/moderation.md) (default: the environment variable "
        "SHOAL_CHAT_WORDS; none: the shipped lists)",
    )
    p.add_argument(
        "--ladder",
        default=None,
        metavar="DIR",
        help="the 'shoal ladder' results the /ladder pages show (default: the shipped ladders)",
    )
    p.add_argument(
        "--open-data",
        default=None,
        metavar="DIR",
        help="the 'shoal db export' folder the /database page publishes (default: open-data)",
    )
    p.add_argument(
        "--site-url",
        default=None,
        metavar="URL",
        help="the site's public address, for the links in mails (default http://HOST:PORT)",
    )
    p.add_argument(
        "--correspondence-day",
        type=float,
        default=86400.0,
        metavar="SECONDS",
        help="the length of a correspondence 'day' (default 86400; shorter for tests and demos)",
    )
    p.add_argument(
        "--sweep-every",
        type=float,
        default=10.0,
        metavar="SECONDS",
        help="how often correspondence deadlines are checked (default 10)",
    )
    p.add_argument(
        "--header-timeout",
        type=float,
        default=10.0,
        help="seconds a connection has to send a request's headers (default 10; idle "
        "keep-alive connections close after 5)",
    )
    p.add_argument(
        "--log-level", default="info", choices=("critical", "error", "warning", "info", "debug")
    )
    p.add_argument(
        "--log-format",
        default=os.environ.get("SHOAL_LOG_FORMAT") or "text",
        choices=("text", "json"),
        help="one line per event, as readable text or as JSON objects (default text, or "
        "the environment variable SHOAL_LOG_FORMAT); see docs/operations.md",
    )
    p.add_argument(
        "--wait-database",
        type=float,
        default=30.0,
        metavar="SECONDS",
        help="how long to wait for the database to answer at start, retrying, before giving "
        "up (default 30; 0: one try)",
    )
    p.add_argument(
        "--forwarded-allow-ips",
        default=None,
        metavar="ADDRESSES",
        help="the proxies whose X-Forwarded-For and X-Forwarded-Proto are trusted, separated "
        "by commas, or '*' (default: the environment variable FORWARDED_ALLOW_IPS, else "
        "127.0.0.1: a proxy on the same machine)",
    )
    p.add_argument(
        "--metrics-token-file",
        default=None,
        metavar="FILE",
        help="a file (mode 0600) with the token a scraper of /metrics shows as "
        "'Authorization: Bearer TOKEN' (default: the environment variable "
        "SHOAL_METRICS_TOKEN; with neither token nor --metrics-allow, /metrics is closed)",
    )
    p.add_argument(
        "--metrics-allow",
        action="append",
        default=[],
        metavar="NETWORK",
        help="an address or network (CIDR) that may read /metrics without the token "
        "(repeatable; behind a proxy, the address is the client's only with "
        "--forwarded-allow-ips)",
    )
    p.add_argument(
        "--push-service",
        action="append",
        default=[],
        metavar="ENTRY",
        help="a push service beside the browsers' own (repeatable; also the environment "
        "variable SHOAL_PUSH_SERVICES): a host or *.domain, checked like theirs (https, "
        "public addresses), or an origin such as https://push.internal:8443, trusted as it is",
    )
    p.add_argument(
        "--secret-key-file",
        default=None,
        metavar="FILE",
        help="a file (mode 0600) with the site key that seals the site's secrets in the "
        "database (default: the environment variables SHOAL_SECRET_KEY_FILE or "
        "SHOAL_SECRET_KEY; none: kept in the clear; docs/security.md)",
    )
    p.set_defaults(func=_serve)
