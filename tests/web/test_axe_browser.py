"""axe-core (the npm package pinned in package.json, installed by ``npm ci`` in scripts/setup)
on every page, at a phone's size and a desktop's, in Chromium on a real server: no serious or
critical violation (issue 40). axe is read from node_modules and injected into the page; the
test needs no network."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import httpx
import pytest

from .test_browser import DESKTOP, PHONE

pytestmark = pytest.mark.browser

AXE = Path(__file__).resolve().parents[2] / "node_modules" / "axe-core" / "axe.min.js"
PAGES = [
    "/",
    "/new",
    "/lobby",
    "/learn",
    "/learn/sytran",
    "/puzzles",
    "/puzzles/cyclix",
    "/tournaments",
    "/replay",
    "/analysis",
    "/analysis/sfirs",
    "/studies",
    "/bots",
    "/login",
    "/signup",
    "/rules/syrtis",
    "/stats/sirtet",
    "/leaderboard/syrtis",
    "/ladder",
    "LADDER",  # a shipped ladder
    "/database",
    "/offline",
    "/no/such/page",
    "GAME",  # a game against the computer, our turn
    "REPLAY",  # its replay
    "PROFILE",  # a player's profile
    "STUDY",  # a public study
    "TOURNAMENT",  # a tournament open for entries
]
SIGNED_IN = [
    "/me/games",
    "/settings",
    "/notifications",
    "PROFILE",
    "CHALLENGE",
    "STUDY",
    "/me/blocks",
    "/mod",
    "/mod/log",
]
"""The pages of a signed-in player (her own profile, a challenge she sent, her blocks and
reports) who is also a moderator (the queue with a report in it, the audit log)."""
PASSWORD = "a long passphrase"
BAD = {"serious", "critical"}


@pytest.fixture(scope="module")
def axe_source() -> str:
    if not AXE.exists():
        if os.environ.get("CI") or os.environ.get("SHOAL_REQUIRE_AXE"):
            pytest.fail(f"{AXE} is missing: scripts/setup installs it with npm ci")
        pytest.skip("node_modules/axe-core is missing (scripts/setup runs npm ci)")
    return AXE.read_text()


@pytest.fixture(scope="module")
def addresses(served: tuple[str, str]) -> dict[str, Any]:
    """The pages that need something made first: a game (with its seat's token), two
    accounts, a challenge between them, a report, the first account a moderator; and the
    first account's cookies."""
    server, database = served
    made = httpx.post(
        f"{server}/api/games",
        json={"game": "cyclix", "opponent": "computer", "level": "random", "seat": 0},
        timeout=30,
    ).json()
    with httpx.Client(base_url=server, timeout=30) as bob:
        assert bob.post("/api/auth/signup", json={"username": "axe_bob", "password": PASSWORD})
    with httpx.Client(base_url=server, timeout=30) as amy:
        response = amy.post("/api/auth/signup", json={"username": "axe_amy", "password": PASSWORD})
        assert response.status_code == 201, response.text
        body = {"username": "axe_bob", "game": "syrtis", "colour": "first", "time_control": None}
        challenge = amy.post("/api/challenges", json=body)
        assert challenge.status_code == 201, challenge.text
        study = amy.post(
            "/api/studies",
            json={"title": "Axe study", "visibility": "public", "chapters": [{"game": "cyclix"}]},
        )
        assert study.status_code == 201, study.text
        body = {"game": "connect4", "format": "swiss", "rounds": 3, "clock": "3+2"}
        tournament = amy.post("/api/tournaments", json=body)
        assert tournament.status_code == 201, tournament.text
        body = {"kind": "player", "username": "axe_bob", "reason": "other", "text": "a test"}
        assert amy.post("/api/reports", json=body).status_code == 201
        assert amy.put("/api/blocks/axe_bob").status_code == 200
        grant = ["admin", "--database", database, "grant", "moderator", "axe_amy"]
        subprocess.run(  # the moderators' pages (issue 61)
            [sys.executable, "-m", "shoal.cli", *grant],
            check=True,
            capture_output=True,
        )
        cookies = [{"name": c.name, "value": c.value or "", "url": server} for c in amy.cookies.jar]
    ladders = httpx.get(f"{server}/api/ladder", timeout=30).json()["ladders"]
    return {
        "LADDER": f"/ladder/{ladders[0]['key']}" if ladders else "/ladder/none",
        "GAME": f"/game/{made['id']}",
        "TOKEN": (made["id"], made["token"]),
        "REPLAY": f"/replay/game/{made['id']}",
        "PROFILE": "/@/axe_amy",
        "CHALLENGE": f"/challenges/{challenge.json()['id']}",
        "STUDY": f"/studies/{study.json()['id']}",
        "TOURNAMENT": f"/tournaments/{tournament.json()['id']}",
        "COOKIES": cookies,
    }


def _violations(page: Any) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = page.evaluate(
        "async () => (await axe.run(document, {resultTypes: ['violations']})).violations"
        ".map((v) => ({id: v.id, impact: v.impact, help: v.help,"
        " nodes: v.nodes.slice(0, 4).map((n) => n.target.join(' ') + ': ' + n.failureSummary)}))"
    )
    return [v for v in found if v["impact"] in BAD]


QUIET = 0.25
"""Seconds without a request in flight after which a page has drawn what it fetched."""


BACKGROUND = "/static/pyodide/"
"""Requests a page lets run in the background, never waited for: the offline page's Python,
loaded in a Worker while the page is already usable (its progress shown, issue 60)."""


class _Requests:
    """The page's requests in flight (WebSockets aside, as Playwright's "networkidle" counts;
    the ``BACKGROUND`` loads aside too)."""

    def __init__(self, page: Any) -> None:
        self.pending: set[Any] = set()
        self.changed = time.monotonic()
        page.on("request", self._start)
        page.on("requestfinished", self._end)
        page.on("requestfailed", self._end)

    def _start(self, request: Any) -> None:
        if BACKGROUND in request.url:
            return
        self.pending.add(request)
        self.changed = time.monotonic()

    def _end(self, request: Any) -> None:
        self.pending.discard(request)
        self.changed = time.monotonic()

    def settle(self, page: Any, timeout: float = 30) -> None:
        """Wait until no request has been in flight for ``QUIET`` seconds, then for two frames
        drawn: what "networkidle" waits for, without its fixed half second per page."""
        deadline = time.monotonic() + timeout
        while self.pending or time.monotonic() - self.changed < QUIET:
            assert time.monotonic() < deadline, [r.url for r in self.pending]
            page.wait_for_timeout(50)
        page.evaluate(
            "() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))"
        )


def _check(page: Any, server: str, paths: list[str], addresses: dict[str, Any]) -> Any:
    report: dict[str, list[dict[str, Any]]] = {}
    requests = _Requests(page)
    for path in paths:
        page.goto(server + addresses.get(path, path))
        requests.settle(page)
        if path == "GAME":
            page.wait_for_function("() => document.querySelector('#board').dataset.ready")
        found = _violations(page)
        if found:
            report[path] = found
        # the menu, opened (on a phone it is how every page is reached)
        if path in ("/", "/me/games") and page.locator("#menu-button").is_visible():
            page.locator("#menu-button").click()
            found = _violations(page)
            if found:
                report[f"{path} (menu open)"] = found
    return report


@pytest.mark.parametrize("viewport", [PHONE, DESKTOP], ids=["390x844", "1280x800"])
def test_no_page_has_a_serious_or_critical_axe_violation(
    server: str,
    browser: Any,
    axe_source: str,
    addresses: dict[str, Any],
    viewport: dict[str, int],
) -> None:
    gid, token = addresses["TOKEN"]
    guest = browser.new_context(viewport=viewport)
    guest.add_init_script(f"localStorage.setItem('shoal.token.{gid}', '{token}')")
    guest.add_init_script(axe_source)  # axe in every page, before the page's own scripts
    report = _check(guest.new_page(), server, PAGES, addresses)
    guest.close()
    amy = browser.new_context(viewport=viewport)
    amy.add_cookies(addresses["COOKIES"])
    amy.add_init_script(axe_source)
    page = amy.new_page()
    report |= {f"signed in: {k}": v for k, v in _check(page, server, SIGNED_IN, addresses).items()}
    assert page.locator("#nav-my-games").count() == 1  # the pages were seen signed in
    amy.close()
    assert not report, json.dumps(report, indent=1)
