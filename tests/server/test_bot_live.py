"""``shoal bot`` on a real server: ``shoal engine`` plays a whole game against a person over HTTP,
through a server restart; the streams read as ndjson; a wrong token and a crashing engine end it
with words."""

from __future__ import annotations

import json
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import httpx

from ..cli.inproc import shoal
from ._live import SRC, LiveServer
from .accounts_helpers import PASSWORD

ENGINE = f"{sys.executable} -m shoal.cli engine"


def _shoal(*args: str) -> list[str]:
    return [sys.executable, "-m", "shoal.cli", *args]


def _admin(server: LiveServer, *args: str) -> str:
    """``shoal admin`` on the server's database, run in this process (set-up, not what is
    tested here: tests/cli/test_admin_bots.py tests the command)."""
    done = shoal("admin", "--database", server.database, *args)
    assert done.returncode == 0, done.stderr
    return done.stdout


def _bot_token(server: LiveServer, name: str) -> str:
    signup = httpx.post(
        server.url + "/api/auth/signup", json={"username": name, "password": PASSWORD}
    )
    assert signup.status_code == 201
    assert "is now a bot" in _admin(server, "bot", name)
    return _admin(server, "token", name).splitlines()[-1]


def _person(server: LiveServer, name: str) -> httpx.Client:
    browser = httpx.Client(base_url=server.url, timeout=30)
    made = browser.post("/api/auth/signup", json={"username": name, "password": PASSWORD})
    assert made.status_code == 201
    return browser


def _bot(server: LiveServer, token: str, *more: str) -> subprocess.Popen[str]:
    return subprocess.Popen(
        _shoal("bot", "--token", token, "--server", server.url, *more),
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        env={"PYTHONPATH": SRC},
    )


def _play_my_turns(browser: httpx.Client, game_id: str, seat: int, until: float) -> dict:  # type: ignore[type-arg]
    """Play the first legal action on each of ``seat``'s turns until the game is over."""
    while time.monotonic() < until:
        view = browser.get(f"/api/games/{game_id}").json()
        if view["result"] is not None:
            return view  # type: ignore[no-any-return]
        if view["to_move"] == seat:
            text = view["legal"][0]["text"]
            moved = browser.post(
                f"/api/games/{game_id}/actions", json={"version": view["version"], "text": text}
            )
            assert moved.status_code in (200, 409), moved.text
        else:
            time.sleep(0.05)
    raise AssertionError("the game did not end in time")


def test_shoal_bot_plays_a_whole_game_through_a_restart(
    live: Callable[..., LiveServer], tmp_path: Path
) -> None:
    server = live()
    token = _bot_token(server, "robot")
    alice = _person(server, "alice")
    made = alice.post("/api/games/vs/robot", json={"game": "sfirs", "seed": 5, "seat": 1})
    assert made.status_code == 201, made.text
    game_id = made.json()["id"]
    bot = _bot(server, token, "--engine", ENGINE, "--genmove", "level=random", "--games", "1")
    try:
        # the bot (seat 0) moves first; then the server goes down and comes back
        deadline = time.monotonic() + 60
        while alice.get(f"/api/games/{game_id}").json()["to_move"] != 1:
            assert time.monotonic() < deadline, "the bot did not move"
            time.sleep(0.05)
        server.kill()
        time.sleep(1.0)
        server.start()
        final = _play_my_turns(alice, game_id, 1, time.monotonic() + 120)
        out, _ = bot.communicate(timeout=60)
    finally:
        if bot.poll() is None:
            bot.kill()
            bot.wait()
    assert bot.returncode == 0, out
    assert "playing as robot" in out
    assert "reconnecting" in out or "again in" in out  # it noticed the restart
    assert f"game {game_id} over" in out
    robot_turns = [t for t in final["turns"] if t["seat"] == 0]
    alice_turns = [t for t in final["turns"] if t["seat"] == 1]
    assert final["result"]["reason"] and len(robot_turns) >= len(alice_turns) >= 1
    assert final["players"] == ["robot", "alice"]
    alice.close()


def test_the_streams_are_ndjson(live: Callable[..., LiveServer]) -> None:
    server = live()
    token = _bot_token(server, "robot")
    headers = {"Authorization": f"Bearer {token}"}
    alice = _person(server, "alice")
    bot = httpx.Client(base_url=server.url, headers=headers, timeout=30)
    with bot, bot.stream("GET", "/api/bot/stream/event") as events:
        assert events.headers["content-type"].startswith("application/x-ndjson")
        made = alice.post("/api/games/vs/robot", json={"game": "sfirs", "seed": 5, "seat": 0})
        game_id = made.json()["id"]
        lines = events.iter_lines()
        start = json.loads(next(line for line in lines if line.strip()))
        assert start["type"] == "gameStart"
        assert start["game"] == {
            "id": game_id,
            "game": "sfirs",
            "seat": 1,
            "opponent": "alice",
            "isMyTurn": False,
        }
        with bot.stream("GET", f"/api/bot/game/stream/{game_id}") as stream:
            states = (json.loads(line) for line in stream.iter_lines() if line.strip())
            full = next(states)
            assert full["type"] == "gameFull" and full["yourSeats"] == [1]
            assert full["state"]["moves"] == [] and full["state"]["turn"] == 0
            view = alice.get(f"/api/games/{game_id}").json()
            text = view["legal"][0]["text"]
            alice.post(f"/api/games/{game_id}/actions", json={"version": 1, "text": text})
            after = next(states)
            assert after["type"] == "gameState" and after["moves"] == [text]
            resigned = alice.post(f"/api/games/{game_id}/resign", json={"version": 2})
            assert resigned.status_code == 200
            last = next(states)
            assert last["status"] == "over" and last["winner"] == 1
            assert list(states) == []  # the game stream ends with the game
        finish = json.loads(next(line for line in lines if line.strip()))
        assert finish["type"] == "gameFinish" and finish["game"]["winner"] == 1
    alice.close()


def test_a_wrong_token_and_a_crashing_engine_end_shoal_bot_with_words(
    live: Callable[..., LiveServer],
) -> None:
    server = live()
    wrong = _bot(server, "shb_wrong", "--engine", ENGINE)
    out, _ = wrong.communicate(timeout=60)
    assert wrong.returncode == 1 and "refused the token: this API token is not known" in out
    token = _bot_token(server, "robot")
    missing = _bot(server, token, "--engine", "no-such-engine-program")
    out, _ = missing.communicate(timeout=60)
    assert missing.returncode == 1 and "cannot start the engine 'no-such-engine-program'" in out
    alice = _person(server, "alice")
    alice.post("/api/games/vs/robot", json={"game": "sfirs", "seed": 5, "seat": 1})
    crash = f"{sys.executable} -c 'import sys; sys.stdin.readline(); sys.exit(3)'"
    crashing = _bot(server, token, "--engine", crash)
    out, _ = crashing.communicate(timeout=60)
    assert crashing.returncode == 1
    assert "stopped (exit code 3) while answering 'new sfirs seed=5'" in out
    _admin(server, "revoke", "robot")
    revoked = _bot(server, token, "--engine", ENGINE)
    out, _ = revoked.communicate(timeout=60)
    assert revoked.returncode == 1 and "this API token was revoked" in out
    alice.close()


def test_shoal_bot_accepts_a_challenge_and_plays_it_to_the_end(
    live: Callable[..., LiveServer],
) -> None:
    server = live()
    token = _bot_token(server, "robot")
    alice = _person(server, "alice")
    bot = _bot(server, token, "--engine", ENGINE, "--genmove", "level=random", "--games", "1")
    try:
        deadline = time.monotonic() + 60
        made = alice.post(
            "/api/challenges", json={"username": "robot", "game": "sfirs", "colour": "second"}
        )
        assert made.status_code == 201, made.text
        game_id = None
        while game_id is None and time.monotonic() < deadline:
            mine = alice.get("/api/me/games").json()
            games = mine if isinstance(mine, list) else mine.get("games", [])
            game_id = games[0]["id"] if games else None
            time.sleep(0.1)
        assert game_id is not None, "the bot did not accept"
        view = alice.get(f"/api/games/{game_id}").json()
        seat = view["players"].index("alice")
        final = _play_my_turns(alice, game_id, seat, time.monotonic() + 120)
        out, _ = bot.communicate(timeout=60)
    finally:
        if bot.poll() is None:
            bot.kill()
            bot.wait()
    assert bot.returncode == 0, out
    assert "accepted the challenge of alice (sfirs)" in out
    assert final["result"] is not None and f"game {game_id} over" in out
    alice.close()
