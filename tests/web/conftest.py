"""A real shoal server (``shoal serve`` in a subprocess) and Debian's Chromium via Playwright."""

from __future__ import annotations

import asyncio
import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from ..loop_guard import GUARD

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture(scope="session")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, str]]:
    """A ``shoal serve`` process on a free port with a fresh database: its URL, its database."""
    port = _free_port()
    db = tmp_path_factory.mktemp("serve") / "shoal.sqlite3"
    src = str(Path(__file__).resolve().parents[2] / "src")
    env = dict(os.environ, PYTHONPATH=src + os.pathsep + os.environ.get("PYTHONPATH", ""))
    process = subprocess.Popen(
        [
            *(sys.executable, "-m", "shoal.cli", "serve", "--port", str(port)),
            *("--database", f"sqlite:///{db}", "--log-level", "warning"),
            *("--games-per-client", "0"),  # every test comes from 127.0.0.1
            *("--open-data", str(db.parent / "open-data")),  # tests export into it
        ],
        env=env,
    )
    url = f"http://127.0.0.1:{port}"
    try:
        for _ in range(200):
            try:
                if httpx.get(url + "/api/levels", timeout=1).status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            if process.poll() is not None:
                raise RuntimeError("shoal serve exited")
            time.sleep(0.05)
        else:
            raise RuntimeError("shoal serve did not start")
        yield url, f"sqlite:///{db}"
    finally:
        process.terminate()
        process.wait(timeout=10)


@pytest.fixture(scope="session")
def server(served: tuple[str, str]) -> str:
    """The base URL of the session's ``shoal serve`` process."""
    return served[0]


def no_browser(reason: str) -> None:
    """Skip a browser test, or fail it under ``SHOAL_REQUIRE_BROWSER=1`` (scripts/test sets
    it: ``scripts/setup --browser`` installed Chromium and Playwright there)."""
    if os.environ.get("SHOAL_REQUIRE_BROWSER") == "1":
        pytest.fail(f"{reason}, yet SHOAL_REQUIRE_BROWSER=1")
    pytest.skip(reason)


@pytest.fixture(scope="session")
def chromium() -> Iterator[Any]:
    """Debian's Chromium driven by Playwright, one per test process (skipped when either is
    missing; failed instead under ``SHOAL_REQUIRE_BROWSER=1``)."""
    if not Path(CHROMIUM).exists():
        no_browser(f"no {CHROMIUM}")
    try:
        from playwright import sync_api
    except ImportError:
        no_browser("Playwright is not installed")
    with sync_api.sync_playwright() as p:
        # Playwright's loop now runs on this thread: it serves no request (tests/loop_guard.py)
        playwright_loop = asyncio._get_running_loop()
        if playwright_loop is not None:
            GUARD.foreign.add(playwright_loop)
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield browser
        browser.close()


@pytest.fixture(scope="session", autouse=True)
def full_pages_from_the_top() -> Iterator[None]:
    """Every full-page picture is taken with the page scrolled to its top, then put back.

    Chromium draws a full page with the scroll position of the moment: a page a click had
    scrolled came out with the sticky header across the middle of it (the lobby's seek
    list, the analysis board)."""
    try:
        from playwright import sync_api
    except ImportError:  # no browser tests run (the chromium fixture says why)
        yield
        return
    screenshot = sync_api.Page.screenshot

    def from_the_top(page: Any, *args: Any, **kwargs: Any) -> bytes:
        if not kwargs.get("full_page"):
            return bytes(screenshot(page, *args, **kwargs))
        x, y = page.evaluate("[window.scrollX, window.scrollY]")
        page.evaluate("window.scrollTo(0, 0)")
        try:
            return bytes(screenshot(page, *args, **kwargs))
        finally:
            page.evaluate("([x, y]) => window.scrollTo(x, y)", [x, y])

    sync_api.Page.screenshot = from_the_top  # type: ignore[method-assign,assignment]
    yield
    sync_api.Page.screenshot = screenshot  # type: ignore[method-assign]


@pytest.fixture
def browser(chromium: Any) -> Iterator[Any]:
    """The process's Chromium for one test: every context and page the test opened is closed
    after it, so no page of one test (its sockets, clocks and polls) runs on into the next."""
    yield chromium
    for context in list(chromium.contexts):
        context.close()


@pytest.fixture
def artifacts() -> Path:
    """The folder for screenshots (gitignored)."""
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS
