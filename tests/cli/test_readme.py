"""Every ``shoal ...`` command line shown in README.md runs and succeeds.

The lines are read from the README's ``sh`` code blocks, so a line added there
is tested here. Each runs as a user would type it (``python -m shoal.cli``),
with short budgets: fewer games, shorter timing windows, no delay; a watched
game is cut short with its ``max_turns`` option. Interactive ones get ``quit``
on stdin; ``shoal serve`` is started on a free port, answers a page, and is
stopped with Ctrl-C.
"""

from __future__ import annotations

import dataclasses
import os
import random
import re
import shlex
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from shoal import games
from shoal.records import Record

ROOT = Path(__file__).resolve().parents[2]
BLOCK = re.compile(r"^```sh\n(.*?)^```", re.S | re.M)


def readme_commands() -> list[str]:
    """The ``shoal`` lines of the README's sh blocks, without their comments."""
    lines = []
    for block in BLOCK.findall((ROOT / "README.md").read_text()):
        for line in block.splitlines():
            command = line.split("#", 1)[0].strip()
            if command.startswith("shoal "):
                lines.append(command)
    return lines


def test_the_readme_shows_the_commands_we_test() -> None:
    commands = readme_commands()
    assert "shoal play sytran --vs human base=8" in commands
    assert {c.split()[1] for c in commands} >= {"play", "serve", "engine", "arena", "analyze"}


def budgeted(words: list[str], tmp_path: Path) -> tuple[list[str], str]:
    """The command with short budgets, and what to type on stdin."""
    command = words[0]
    words = list(words)
    for flag, small in (("--games", "1"), ("-n", "1")):
        if flag in words:
            words[words.index(flag) + 1] = small
    if "--out" in words:
        words[words.index("--out") + 1] = str(tmp_path / "report")
    if command == "play":
        if "--as" in words:  # the computer plays both seats: cut the game short
            options = [f.name for f in dataclasses.fields(games.get(words[1]).Options)]
            assert "max_turns" in options, f"{words}: no option to cut the game short"
            words.append("max_turns=2")
        words += ["--delay", "0"]
    elif command == "bench":
        words += ["--windows", "1", "--seconds", "0.05"]
    elif command == "arena" and words[1] == "sytran":
        words.append("base=6")
    elif command == "analyze":
        words += ["--workers", "1", "--quiet"] + ([] if "--games" in words else ["--games", "1"])
        if "--out" not in words:
            words += ["--out", str(tmp_path / "report")]
    return words, "quit\n"


def shoal_env() -> dict[str, str]:
    return dict(os.environ, PYTHONPATH=str(ROOT / "src"), COLUMNS="100")


def write_record(path: Path) -> None:
    """A finished game of Sytran on the small board, for ``show`` and ``replay``."""
    game = games.get("sytran", base=6)
    state, actions, rng = game.initial(), [], random.Random(7)
    while state.outcome is None:
        action = rng.choice(list(state.legal_actions()))
        actions.append(action)
        state = state.apply(action)
    path.write_text(Record.from_actions(game, actions).to_text())


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def serve(words: list[str], tmp_path: Path) -> None:
    """Start ``shoal serve`` on a free port, load its home page, stop it with Ctrl-C."""
    port = free_port()
    argv = [*words, "--port", str(port), "--database", f"sqlite:///{tmp_path / 'db.sqlite3'}"]
    process = subprocess.Popen(
        [sys.executable, "-m", "shoal.cli", *argv],
        cwd=tmp_path,
        env=shoal_env(),
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    try:
        deadline = time.monotonic() + 60
        while True:
            assert process.poll() is None, process.communicate()[0]
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=5) as page:
                    assert page.status == 200
                    assert "shoal" in page.read().decode().lower()
                break
            except OSError:
                assert time.monotonic() < deadline, "shoal serve did not answer in 60 s"
                time.sleep(0.2)
    finally:
        process.send_signal(signal.SIGINT)
        output = process.communicate(timeout=30)[0]
    assert process.returncode == 0, output
    assert f"serving on http://127.0.0.1:{port}/" in output


@pytest.mark.parametrize("line", readme_commands())
def test_every_readme_command_line_succeeds(line: str, tmp_path: Path) -> None:
    words = shlex.split(line)[1:]
    write_record(tmp_path / "game.txt")
    if words[0] == "serve":
        serve(words, tmp_path)
        return
    argv, stdin = budgeted(words, tmp_path)
    done = subprocess.run(
        [sys.executable, "-m", "shoal.cli", *argv],
        cwd=tmp_path,
        env=shoal_env(),
        input=stdin,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, f"shoal {shlex.join(argv)}\n{done.stdout}\n{done.stderr}"
    assert done.stdout.strip(), f"shoal {shlex.join(argv)} printed nothing"
    assert "Traceback" not in done.stderr
