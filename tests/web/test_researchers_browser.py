"""The researchers' pages in Chromium (issue 63): a shipped ladder (its anchors pinned, its
intervals, a game replayed on the replay page), the leaderboard with people and bots apart,
and the open data after ``shoal db export`` (every listed file downloads, byte for byte).
Screenshots at 390x844 and 1280x800 go to ``test-artifacts/``; nothing wider than the screen."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import httpx
import pytest
from sqlalchemy import create_engine

from shoal.cli.main import main
from shoal.server.accounts.store import AccountStore
from shoal.server.bots.store import BotStore
from shoal.server.ratings.store import RatingStore

from .test_browser import DESKTOP, PHONE

pytestmark = pytest.mark.browser

FITS = "document.documentElement.scrollWidth <= window.innerWidth"


def test_a_ladder_its_intervals_and_a_game_replayed(
    server: str, browser: Any, artifacts: Path
) -> None:
    ladders = httpx.get(f"{server}/api/ladder", timeout=30).json()["ladders"]
    assert ladders, "no shipped ladder"
    key = ladders[0]["key"]
    ladder = httpx.get(f"{server}/api/ladder/{key}", timeout=30).json()
    for size, tag in ((DESKTOP, "desktop"), (PHONE, "phone")):
        page = browser.new_page(viewport=size)
        page.goto(f"{server}/ladder")
        page.wait_for_selector(f"#ladders li[data-key='{key}'] a")
        assert page.evaluate(FITS)
        page.screenshot(path=str(artifacts / f"ladder-index-{tag}.png"), full_page=True)
        page.locator(f"#ladders li[data-key='{key}'] a").click()
        page.wait_for_selector("#standings tr[data-name]")
        rows = page.locator("#standings tr[data-name]")
        assert rows.count() == len(ladder["players"])
        for player in ladder["players"]:
            row = page.locator(f"#standings tr[data-name='{player['name']}']")
            text = row.inner_text()
            if player["anchor"]:
                assert "pinned" in text and "anchor" in text
            elif player["rating"] is not None:
                low, high = player["interval"]
                assert f"{round(low)} to {round(high)}" in text, text
        assert page.locator("#ladder-games tr[data-index]").count() == len(ladder["games"])
        assert page.evaluate(FITS)
        page.screenshot(path=str(artifacts / f"ladder-{tag}.png"), full_page=True)
        if tag == "desktop":  # a game's record, on the replay page
            first = ladder["games"][0]
            page.locator("#ladder-games tr[data-index='0'] button").click()
            page.wait_for_url("**/replay/record/*")
            page.wait_for_selector("#players .player .name")
            names = page.locator("#players .player .name").all_inner_texts()
            assert names == first["players"]
            assert page.locator("#status-main").inner_text() != ""
            page.screenshot(path=str(artifacts / "ladder-replay-desktop.png"), full_page=True)
        page.close()


def test_the_leaderboard_ranks_people_and_bots_apart(
    server: str, served: tuple[str, str], browser: Any, artifacts: Path
) -> None:
    engine = create_engine(served[1])
    accounts, bots, ratings = AccountStore(engine), BotStore(engine), RatingStore(engine)
    ids = {}
    for name in ("lb_ann", "lb_ben", "lb_prog", "lb_mcts"):
        user = accounts.create_user(name, "x")
        assert user is not None
        ids[name] = user.id
        if name in ("lb_prog", "lb_mcts"):
            bots.mark(user.id)
    pairs = [("lb_ann", "lb_ben"), ("lb_prog", "lb_mcts"), ("lb_ann", "lb_prog")]
    for n in range(16):
        for i, (a, b) in enumerate(pairs):
            score = (1.0, 0.0) if (n + i) % 3 else (0.0, 1.0)
            ratings.settle(f"lb{n}-{i}", "sfirs", "live", [ids[a], ids[b]], score)
    engine.dispose()
    for size, tag in ((DESKTOP, "desktop"), (PHONE, "phone")):
        page = browser.new_page(viewport=size)
        page.goto(f"{server}/leaderboard/sfirs")
        page.wait_for_selector("#leaderboard-bots section.leaderboard[data-speed='live'] table")
        people = page.locator("#leaderboard-people [data-speed='live']").inner_text()
        machines = page.locator("#leaderboard-bots [data-speed='live']").inner_text()
        assert "lb_ann" in people and "lb_ben" in people and "lb_prog" not in people
        assert "lb_prog" in machines and "lb_mcts" in machines and "lb_ann" not in machines
        assert page.evaluate(FITS)
        page.screenshot(path=str(artifacts / f"leaderboard-bots-{tag}.png"), full_page=True)
        page.close()


def test_the_open_data_page_lists_what_was_exported(
    server: str, served: tuple[str, str], browser: Any, artifacts: Path
) -> None:
    folder = Path(served[1].removeprefix("sqlite:///")).parent / "open-data"
    words = ["db", "export", "--database", served[1], "--out", str(folder), "--level", "1"]
    assert main(words) == 0
    listed = httpx.get(f"{server}/api/database", timeout=30).json()["files"]
    assert listed
    for size, tag in ((DESKTOP, "desktop"), (PHONE, "phone")):
        page = browser.new_page(viewport=size)
        page.goto(f"{server}/database")
        page.wait_for_selector("tr[data-name]")
        assert page.locator("tr[data-name]").count() == len(listed)
        for item in listed[:3]:
            row = page.locator(f"tr[data-name='{item['name']}']")
            assert item["sha256"] in row.inner_text()
            link = row.locator("a")
            assert link.get_attribute("href") == f"/database/files/{item['name']}"
        assert page.evaluate(FITS)
        page.screenshot(path=str(artifacts / f"database-{tag}.png"), full_page=True)
        page.close()
    got = httpx.get(f"{server}/database/files/{listed[0]['name']}", timeout=30)
    assert got.status_code == 200 and got.content == (folder / listed[0]["name"]).read_bytes()
