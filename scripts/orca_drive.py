"""The game page played from the keyboard while Orca listens (run by scripts/orca-listen).

Starts ``shoal serve`` on a free port with a fresh database, makes a Cyclix game in which the
computer moves first, opens it in a visible Chromium with its accessibility tree exposed to
AT-SPI (Orca reads it there), and presses the keys a blind player would: Tab (the skip link),
Enter (to the board), three arrows, Enter on a cell no move starts from, then the move box's
ArrowDown and Enter. Before each key it writes "--- KEY" into Orca's speech file (ORCA_OUT),
and at the end prints the page's own live log to compare.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx
from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parents[1]
OUT = Path(os.environ["ORCA_OUT"])


def mark(text: str) -> None:
    with OUT.open("a") as out:
        out.write(f"--- {text}\n")


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def main() -> None:
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    with tempfile.TemporaryDirectory() as tmp:
        server = subprocess.Popen(
            [
                *(sys.executable, "-m", "shoal.cli", "serve", "--port", str(port)),
                *("--database", f"sqlite:///{tmp}/shoal.sqlite3", "--log-level", "warning"),
            ],
            env=dict(os.environ, PYTHONPATH=str(ROOT / "src")),
        )
        try:
            for _ in range(300):
                try:
                    if httpx.get(url + "/api/levels", timeout=1).status_code == 200:
                        break
                except httpx.HTTPError:
                    pass
                time.sleep(0.1)
            play(url)
        finally:
            server.terminate()
            server.wait(10)


def play(url: str) -> None:
    body = {"game": "cyclix", "opponent": "computer", "level": "random", "seat": 1}
    made = httpx.post(url + "/api/games", json=body, timeout=10).json()
    with sync_playwright() as p:
        browser = p.chromium.launch(
            executable_path="/usr/bin/chromium",
            headless=False,
            args=["--no-sandbox", "--disable-gpu", "--force-renderer-accessibility"],
            env=dict(os.environ, ACCESSIBILITY_ENABLED="1"),
        )
        context = browser.new_context(viewport={"width": 1280, "height": 800})
        context.add_init_script(
            f"localStorage.setItem('shoal.token.{made['id']}', '{made['token']}')"
        )
        page = context.new_page()
        mark("the page opens (the computer, White, has moved)")
        page.goto(f"{url}/game/{made['id']}")
        page.wait_for_function(
            "() => document.querySelector('#board')?.dataset.ready === 'yes'", timeout=30_000
        )
        time.sleep(6)
        for key in ["Tab", "Enter", "ArrowRight", "ArrowDown", "ArrowLeft", "Enter"]:
            mark(key)
            page.keyboard.press(key)
            time.sleep(4)
        mark("the move box: ArrowDown, Enter")
        page.keyboard.press("Escape")
        page.focus("#move-text")
        time.sleep(3)
        page.keyboard.press("ArrowDown")
        time.sleep(3)
        before = int(page.locator("#board").get_attribute("data-version") or 0)
        page.keyboard.press("Enter")
        page.wait_for_function(
            f"() => Number(document.querySelector('#board').dataset.version) > {before}",
            timeout=30_000,
        )
        time.sleep(10)
        mark("end")
        print("the page's live log:")
        for line in page.eval_on_selector_all("#live p", "ps => ps.map(p => p.textContent)"):
            print("   ", line)
        browser.close()


if __name__ == "__main__":
    main()
