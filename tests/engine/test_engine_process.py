"""The engine protocol, driven through the real `shoal engine` process on stdin/stdout."""

from __future__ import annotations

import subprocess
import sys

import pytest

from shoal import games


def run_engine(script: str) -> list[tuple[bool, str]]:
    """Send ``script`` to a real engine process; the replies as (ok, body) pairs."""
    done = subprocess.run(
        [sys.executable, "-m", "shoal.cli", "engine"],
        input=script,
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    replies = []
    for block in done.stdout.split("\n\n"):
        if not block:
            continue
        assert block[:2] in ("= ", "? ") or block in ("=", "?"), block
        replies.append((block[0] == "=", block[2:]))
    return replies


def test_every_reply_is_framed_and_failures_change_nothing() -> None:
    replies = run_engine(
        "games\nnew connect4\nplay d\nposition\nplay z\nposition\nturn\nlegal\n"
        "undo\nposition\nundo\nresult\nbogus\nquit\nposition\n"
    )
    bodies = [body for _, body in replies]
    oks = [ok for ok, _ in replies]
    assert oks == [
        True,
        True,
        True,
        True,
        False,
        True,
        True,
        True,
        True,
        True,
        False,
        True,
        False,
        True,
    ]
    assert bodies[0].split() == list(games.ids())
    assert bodies[3] == bodies[5] == "......./......./......./......./......./...x... o"
    assert "column letter" in bodies[4]
    assert bodies[6] == "1 o"
    assert bodies[7].split("\n") == list("abcdefg")
    assert bodies[9] == "......./......./......./......./......./....... x"
    assert bodies[10] == "nothing to undo"
    assert bodies[11] == "none"
    assert "unknown command" in bodies[12]


def test_a_game_plays_to_a_result_with_genmove() -> None:
    script = "new connect4\n" + "genmove level=random\n" * 42 + "result\nhistory\nshow\nquit\n"
    replies = run_engine(script)
    results = [body for ok, body in replies if ok and body.startswith(("win", "draw"))]
    assert results, "the game did not reach a result"
    assert results[0].startswith(("win 0 four in a row", "win 1 four in a row", "draw"))


def test_commands_without_a_game_fail_cleanly() -> None:
    replies = run_engine("position\nlegal\nplay d\nshow\nnew nogame\nnew connect4 seed=x\n")
    assert all(not ok for ok, _ in replies)
    assert "no game" in replies[0][1]
    assert "unknown game" in replies[4][1]


@pytest.mark.parametrize("game_id", games.ids(all=True))
def test_every_game_reaches_a_result_through_the_engine(game_id: str) -> None:
    game = games.get(game_id)
    script = f"new {game_id}\n" + "genmove level=random\nresult\n" * game.max_game_length + "quit\n"
    replies = run_engine(script)
    assert any(ok and body.startswith(("win", "draw")) for ok, body in replies)


def test_genmove_uses_the_levels_and_budgets_and_hint_explains() -> None:
    replies = run_engine(
        "load connect4 ......./......./......./......./......./xxx.ooo x\n"
        "hint level=casual\n"
        "genmove level=beginner\n"
        "result\n"
        "load connect4 ......./......./......./......./......./....... x\n"
        "genmove iterations=50\n"
        "genmove time=0.2\n"
        "genmove level=grandmaster\n"
        "genmove depth=3\n"
        "quit\n"
    )
    assert [ok for ok, _ in replies] == [
        True,
        True,
        True,
        True,
        True,
        True,
        True,
        False,
        False,
        True,
    ]
    assert replies[1][1].startswith("d ") and "win" in replies[1][1]
    assert replies[2][1] == "d"
    assert replies[3][1] == "win 0 four in a row"
    assert "unknown level 'grandmaster'" in replies[7][1]
    assert "unknown option 'depth'" in replies[8][1]
