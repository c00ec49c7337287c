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


MINOR = "ccsC/sscS/cSCC/sCSS swap - 0 - 0,0 0"
"""A Syrtis Minor position (4x4): it loads only with ``variant=minor``."""


def test_load_takes_the_options_before_the_position_as_new_does() -> None:
    """``load GAME [NAME=VALUE ...] POSITION``: Syrtis Minor, Sytran base 6 and a [decision]
    reading set up by position; ``load`` without the option reads the default game."""
    base6 = games.get("sytran", base=6).initial(0).position()
    geo = games.get("sytran", base=6).geo  # type: ignore[attr-defined]
    ring3 = next(name for cell, name in enumerate(geo.names) if geo.ring[cell] == 3)
    replies = run_engine(
        f"load syrtis {MINOR}\n"
        f"load syrtis variant=minor {MINOR}\n"
        "turn\n"
        f"load sytran base=6 shortage=strands seed=3 {base6}\n"
        f"play {ring3}\n"
        "legal\n"
    )
    assert replies[0][0] is False and "the board needs 6 ranks" in replies[0][1]
    assert replies[1] == (True, MINOR)
    assert replies[2][0] and replies[3] == (True, base6)
    assert replies[4] == (True, "")
    # strands on base 6: after a first stone on ring 3 (the outermost) only ring 3 is legal
    legal = replies[5][1].split("\n")
    assert legal and all(geo.ring[geo.by_name[name]] == 3 for name in legal)


def test_load_refuses_an_unknown_or_bad_option_and_changes_nothing() -> None:
    replies = run_engine(
        "new connect4\nplay d\n"
        f"load syrtis colour=red variant=minor {MINOR}\n"
        f"load syrtis variant=tiny {MINOR}\n"
        f"load syrtis seed=x variant=minor {MINOR}\n"
        "load syrtis variant=minor\n"
        "position\n"
    )
    assert replies[2][0] is False and "colour" in replies[2][1]
    assert replies[3][0] is False and "variant" in replies[3][1] and "tiny" in replies[3][1]
    assert replies[4] == (False, "seed 'x' is not a whole number")
    assert replies[5] == (False, "usage: load GAME [key=value ...] POSITION")
    assert replies[6] == (True, "......./......./......./......./......./...x... o")


def _option_words(options: dict[str, object]) -> list[str]:
    return [f"{name}={value}" for name, value in options.items()]


def test_every_course_step_and_puzzle_of_every_game_loads_with_its_options() -> None:
    """Every course step (its position, or the start of its game) and every shipped puzzle,
    with the options it names, through ``load GAME [NAME=VALUE ...] POSITION`` of a real
    engine process: the engine answers with the position the step or puzzle starts from."""
    from shoal.core.puzzles import load_puzzles

    lines: list[str] = []
    expected: list[str] = []
    with_options = 0
    for game_id in games.ids(all=True):
        base = games.get(game_id)
        course = base.course()
        cases: list[tuple[dict[str, object], str]] = []
        for step in course.steps if course is not None else ():
            cases.append((dict(step.options), step.start(base).position()))
        for puzzle in load_puzzles(base):
            cases.append((dict(puzzle.options), puzzle.start(base).position()))
        for options, position in cases:
            lines.append(" ".join(["load", game_id, *_option_words(options), position]) + "\n")
            expected.append(position)
            with_options += bool(options)
    assert len(expected) > 100 and with_options > 0
    replies = run_engine("".join(lines))
    assert replies == [(True, position) for position in expected]


def test_shoal_bot_sets_up_a_game_with_its_options_in_the_engine() -> None:
    """``shoal bot`` sets the engine to a game from its ``gameFull`` event: a set-up position
    is loaded with the game's options (Syrtis Minor), a fresh game is made with ``new``."""
    from shoal.cli.cmd_bot import setup_command

    minor = {"game": "syrtis", "options": {"variant": "minor"}, "start": MINOR, "seed": 4}
    fresh = {"game": "sytran", "options": {"base": 6}, "start": None, "seed": 4}
    assert setup_command(minor) == f"load syrtis variant=minor {MINOR}"
    assert setup_command(fresh) == "new sytran base=6 seed=4"
    replies = run_engine(f"{setup_command(minor)}\n{setup_command(fresh)}\n")
    assert replies == [
        (True, MINOR),
        (True, games.get("sytran", base=6).initial(4).position()),
    ]
