#!/usr/bin/env python3
"""Writes the web client's page shells (src/shoal/web/*.html) from one template.

Every page but one is the same shell: the head (character set, viewport, colour schemes,
icons, manifest, theme colour, the shared style sheet), the page's title, its own style
sheets and module, and a ``<main id="app">`` the module fills. The table below says what
differs; the template says the rest once. ``offline-fallback.html`` is not a shell (the
service worker's page for a page that needs the network: its words are the page) and is
written by hand; its texts are marked ``data-t`` like a shell's title, and the server serves
it at ``/offline-fallback`` in the reader's language, as the service worker caches it.

    .venv/bin/python scripts/pages.py          # rewrite the pages
    .venv/bin/python scripts/pages.py --check  # exit 1 when a page is out of step

tests/web/test_pages.py fails when a committed page is not what this writes.
"""

from __future__ import annotations

import argparse
import sys
from html import escape
from pathlib import Path
from typing import NamedTuple

WEB = Path(__file__).resolve().parent.parent / "src" / "shoal" / "web"


class Page(NamedTuple):
    """What a page's shell says of its own: the title, its module (``/static/NAME``), the
    body's class, its own style sheets, what ``<main>`` holds until the module runs, and
    whether its title is marked for translation (``data-t``: the server translates it as it
    serves the page; docs/translating.md lists the pages translated so far)."""

    title: str
    module: str
    body: str
    styles: tuple[str, ...] = ()
    main: str = ""
    translated: bool = False


PAGES: dict[str, Page] = {
    "account.html": Page(
        "shoal — account", "account.js", "page-account", ("lobby.css",), translated=True
    ),
    "analysis.html": Page(
        "Analysis board — shoal", "analysis.js", "page-analysis", translated=True
    ),
    "blocks.html": Page(
        "shoal — blocks and reports",
        "blocks.js",
        "page-blocks",
        ("moderation.css",),
        translated=True,
    ),
    "bots.html": Page("shoal — play a bot", "bots.js", "page-bots", translated=True),
    "challenge.html": Page(
        "Challenge — shoal", "challenge-page.js", "page-challenge", ("lobby.css",), translated=True
    ),
    "database.html": Page("Open data — shoal", "database.js", "page-database", translated=True),
    "game.html": Page("Game — shoal", "game.js", "page-game", translated=True),
    "index.html": Page(
        "shoal — play five abstract games", "home.js", "page-home", ("lobby.css",), translated=True
    ),
    "ladder.html": Page("Ladder — shoal", "ladder.js", "page-ladder", translated=True),
    "leaderboard.html": Page(
        "Leaderboard — shoal", "leaderboard.js", "page-leaderboard", translated=True
    ),
    "learn.html": Page("Learn — shoal", "learn.js", "page-learn", translated=True),
    "lobby.html": Page("Lobby — shoal", "lobby.js", "page-lobby", ("lobby.css",), translated=True),
    "mod.html": Page(
        "shoal — moderation", "mod.js", "page-mod", ("moderation.css",), translated=True
    ),
    "new.html": Page("New game — shoal", "new.js", "page-new", translated=True),
    "notifications.html": Page(
        "shoal — notifications", "notifications.js", "page-notifications", translated=True
    ),
    "offline.html": Page(
        "Play the computer offline — shoal",
        "offline.js",
        "page-game",
        main='<p class="help" data-t>Loading the games into your browser…</p>',
        translated=True,
    ),
    "puzzles.html": Page("Puzzles — shoal", "puzzles.js", "page-puzzles", translated=True),
    "replay.html": Page("Replay — shoal", "replay.js", "page-replay", translated=True),
    "rules.html": Page("Rules — shoal", "rules.js", "page-rules", translated=True),
    "studies.html": Page("Studies — shoal", "studies.js", "page-studies", translated=True),
    "study.html": Page("Study — shoal", "study.js", "page-study", translated=True),
    "tournament.html": Page(
        "Tournament — shoal", "tournament.js", "page-tournament", translated=True
    ),
    "tournaments.html": Page(
        "Tournaments — shoal", "tournaments.js", "page-tournaments", translated=True
    ),
}
"""Every page shell, by file name."""

HAND_WRITTEN = ("offline-fallback.html",)
"""The pages that are not shells."""

TEMPLATE = """\
<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">
<meta name="color-scheme" content="light dark">
<title{mark}>{title}</title>
<link rel="icon" href="/static/favicon.svg" type="image/svg+xml">
<link rel="manifest" href="/manifest.webmanifest">
<link rel="apple-touch-icon" href="/static/icons/icon-180.png">
<meta name="theme-color" content="#1f6f8b">
<link rel="stylesheet" href="/static/style.css">
{styles}<script type="module" src="/static/{module}"></script>
</head>
<body class="{body}">
<main id="app">{main}</main>
</body>
</html>
"""


def render(page: Page) -> str:
    """The page's HTML (``main`` is HTML already; the rest is escaped)."""
    styles = "".join(
        f'<link rel="stylesheet" href="/static/{escape(sheet)}">\n' for sheet in page.styles
    )
    return TEMPLATE.format(
        title=escape(page.title, quote=False),
        mark=" data-t" if page.translated else "",
        styles=styles,
        module=escape(page.module),
        body=escape(page.body),
        main=page.main,
    )


def out_of_step(web: Path | None = None) -> list[str]:
    """The shells whose file in ``web`` (default: the client's folder) is not what
    :func:`render` writes."""
    web = web or WEB
    return [
        name
        for name, page in PAGES.items()
        if not (web / name).is_file() or (web / name).read_text("utf-8") != render(page)
    ]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="exit 1 when a page is out of step")
    args = parser.parse_args(argv)
    stale = out_of_step()
    if args.check:
        for name in stale:
            print(f"{name} is out of step: run scripts/pages.py", file=sys.stderr)
        return 1 if stale else 0
    for name in stale:
        (WEB / name).write_text(render(PAGES[name]), "utf-8")
        print(f"wrote {name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
