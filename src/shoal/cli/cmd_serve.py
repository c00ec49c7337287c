"""``shoal serve``: the web app (FastAPI under uvicorn)."""

from __future__ import annotations

import argparse
from typing import Any

__all__ = ["add_parser"]

WORKER_HEALTHCHECK = 60
"""Seconds a ``--workers`` process has to answer uvicorn's health check (uvicorn's default: 5)."""

DEFAULT_DATABASE = "sqlite:///shoal.sqlite3"
"""Same as ``shoal.server.DEFAULT_DATABASE`` (kept here so ``shoal --help`` stays fast)."""


def _serve(args: argparse.Namespace) -> int:
    import json
    import os
    import sys

    import uvicorn

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
        "ladder_dir": args.ladder,
        "open_data_dir": args.open_data,
    }
    if settings["vapid_key_file"]:
        from pathlib import Path

        from shoal.server.push.service import VapidKeys

        try:
            VapidKeys.of_file(Path(str(settings["vapid_key_file"])))
        except ValueError as error:
            print(f"shoal serve: --vapid-key: {error}", file=sys.stderr)
            return 2
    if settings["smtp_url"]:
        from shoal.server.mail.service import parse_smtp

        try:
            parse_smtp(str(settings["smtp_url"]))
        except ValueError as error:
            print(f"shoal serve: --smtp: {error}", file=sys.stderr)
            return 2
    if args.correspondence_day <= 0 or args.sweep_every <= 0:
        print(
            "shoal serve: --correspondence-day and --sweep-every are seconds above 0",
            file=sys.stderr,
        )
        return 2
    if not 0 <= args.vacation_days <= 366:
        print("shoal serve: --vacation-days is a number of days from 0 to 366", file=sys.stderr)
        return 2
    from shoal.server.protocol import (
        HEADER_TIMEOUT_ENV,
        KEEP_ALIVE_TIMEOUT,
        HeaderTimeoutProtocol,
    )

    if args.header_timeout <= 0:
        print("shoal serve: --header-timeout is seconds above 0", file=sys.stderr)
        return 2
    os.environ[HEADER_TIMEOUT_ENV] = str(args.header_timeout)  # every worker reads it
    limits: dict[str, Any] = {
        "http": HeaderTimeoutProtocol,
        "timeout_keep_alive": KEEP_ALIVE_TIMEOUT,
        # no per-message-deflate: it cost a compression per message per socket (docs/server.md)
        "ws_per_message_deflate": False,
    }
    if args.workers < 1:
        print("shoal serve: --workers must be 1 or more", file=sys.stderr)
        return 2
    if args.workers > 1:
        from shoal.server.relay import is_postgres
        from shoal.server.worker import SETTINGS_ENV

        if not is_postgres(args.database):
            print(
                "shoal serve: --workers above 1 needs PostgreSQL (--database "
                "postgresql+psycopg://...): the processes pass live updates to each other "
                "through PostgreSQL's LISTEN/NOTIFY, which SQLite does not have",
                file=sys.stderr,
            )
            return 2
        os.environ[SETTINGS_ENV] = json.dumps({"database_url": args.database, **settings})
        import inspect

        if "timeout_worker_healthcheck" in inspect.signature(uvicorn.Config).parameters:
            # uvicorn kills a worker that does not answer its health check within 5 s; on a
            # busy machine a worker still importing the app takes longer, and was killed
            # again and again (every start of --workers failed at a load average of 20)
            limits["timeout_worker_healthcheck"] = WORKER_HEALTHCHECK
        print(
            f"shoal: serving on http://{args.host}:{args.port}/ with {args.workers} workers "
            f"(database {args.database})"
        )
        uvicorn.run(
            "shoal.server.worker:app",
            factory=True,
            workers=args.workers,
            host=args.host,
            port=args.port,
            log_level=args.log_level,
            **limits,
        )
        return 0

    from shoal.server import create_app

    app = create_app(args.database, **settings)
    print(f"shoal: serving on http://{args.host}:{args.port}/ (database {args.database})")
    uvicorn.run(app, host=args.host, port=args.port, log_level=args.log_level, **limits)
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
    p.add_argument(
        "--database",
        default=DEFAULT_DATABASE,
        metavar="URL",
        help="SQLAlchemy URL, e.g. postgresql+psycopg://user@host/shoal "
        f"(default {DEFAULT_DATABASE}: a file in the working directory)",
    )
    p.add_argument(
        "--workers",
        type=int,
        default=1,
        metavar="N",
        help="server processes on the one port (default 1; above 1 needs PostgreSQL, "
        "see docs/server.md)",
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
    p.set_defaults(func=_serve)
