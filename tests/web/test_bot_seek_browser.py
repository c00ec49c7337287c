"""A program plays a person (issue 23's done-when): ``shoal bot`` with ``shoal engine`` as its
program takes a seek made in the lobby from a browser and plays the game to its end."""

from __future__ import annotations

import os
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import httpx
import pytest

from ..cli.inproc import shoal
from .test_browser import DESKTOP, _click_action, _view, _wait_ready, choose

pytestmark = pytest.mark.browser

SRC = str(Path(__file__).resolve().parents[2] / "src")
ENV = dict(os.environ, PYTHONPATH=SRC + os.pathsep + os.environ.get("PYTHONPATH", ""))


def _shoal(*args: str) -> list[str]:
    return [sys.executable, "-m", "shoal.cli", *args]


def _bot_token(server: str, database: str, name: str) -> str:
    made = httpx.post(
        f"{server}/api/auth/signup", json={"username": name, "password": "correct horse"}
    )
    assert made.status_code == 201, made.text
    for args in (("bot", name), ("token", name)):  # in this process: set-up, not what is tested
        done = shoal("admin", "--database", database, *args)
        assert done.returncode == 0, done.stderr
    return done.stdout.splitlines()[-1]


def test_shoal_bot_takes_a_browser_seek_and_plays_it_to_the_end(
    served: tuple[str, str], browser: Any, artifacts: Path
) -> None:
    server, database = served
    token = _bot_token(server, database, "engine_bot")
    engine = f"{sys.executable} -m shoal.cli engine"
    bot = subprocess.Popen(
        _shoal("bot", "--token", token, "--server", server, "--engine", engine,
               "--seeks", "cyclix", "--games", "1"),
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=ENV,
    )  # fmt: skip
    try:
        page = browser.new_context(viewport=DESKTOP).new_page()
        page.goto(f"{server}/lobby")
        page.wait_for_selector("#lobby-live.on")
        page.select_option("#seek-game", "cyclix")
        page.select_option("#seek-time", "")
        choose(page, "#seek-colour", "first")
        page.fill("#seek-name", "Pat")
        page.locator("#seek-create").click()
        page.wait_for_url("**/game/*", timeout=60_000)  # the bot took it: Pat is sent in
        gid = page.url.rsplit("/", 1)[1]
        assert _view(server, gid)["players"] == ["Pat", "engine_bot"]
        rng = random.Random(5)
        for _ in range(400):
            view = _wait_ready(page, server, gid)
            if view["result"] is not None:
                break
            _click_action(page, rng.choice(view["legal"]))
            page.wait_for_function(
                "(v) => Number(document.querySelector('#board').dataset.version) > v",
                arg=view["version"],
                timeout=60_000,
            )
        view = _view(server, gid)
        assert view["result"] is not None
        page.screenshot(path=str(artifacts / "bot-seek-over-desktop.png"))
        out, _ = bot.communicate(timeout=60)  # --games 1: the bot stops after this game
        assert bot.returncode == 0, out
        assert "took the seek of Pat (cyclix)" in out and f"game {gid} started" in out
        # the bot's moves were the engine's: every one of its turns is in the record
        assert any(t["seat"] == 1 for t in view["turns"]), view["turns"]
    finally:
        if bot.poll() is None:
            bot.kill()
            bot.wait()
