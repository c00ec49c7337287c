"""``shoal learn`` as a person uses it: a whole course in a pseudo-terminal, the listing,
the JSON export, and bad input refused in words."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import pexpect

from shoal import games

from .inproc import shoal

SRC = Path(__file__).resolve().parents[2] / "src"
PROMPT = r"\d+\. \w+( \(continues\))?> "


def test_the_sytran_course_completed_in_the_terminal(tmp_path: Path) -> None:
    """Every step solved by typing its moves (one wrong answer on the way), then the game."""
    course = games.get("sytran").course()
    assert course is not None
    env = dict(os.environ, PYTHONPATH=str(SRC), COLUMNS="120")
    child = pexpect.spawn(
        sys.executable,
        ["-m", "shoal.cli", "learn", "sytran", "--plain"],
        cwd=str(tmp_path),
        env=env,
        encoding="utf-8",
        timeout=30,
    )
    child.logfile_read = (tmp_path / "learn.log").open("w")
    child.delaybeforesend = None  # each line goes after its prompt: no 50 ms sleep per send
    child.expect("Learn Sytran")
    for number, step in enumerate(course.steps, 1):
        child.expect(f"Step {number} of {len(course.steps)}: {step.title}")
        if step.kind == "game":
            child.expect("Play against the beginner computer")
            child.expect(PROMPT)
            child.sendline("quit")
            break
        if number == 2:  # a wrong answer first: feedback, and the step starts again
            child.expect(PROMPT)
            child.sendline("j10")
            child.expect("A stone on ring 1 ends the turn with one stone")
            child.expect("Try again from the same position")
        for text in step.solutions[0]:
            child.expect(PROMPT)
            child.sendline(text)
        child.expect("Well done!")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0


def test_hint_and_skip_in_the_terminal(tmp_path: Path) -> None:
    env = dict(os.environ, PYTHONPATH=str(SRC))
    course = games.get("cyclix").course()
    assert course is not None
    total = len(course.steps)
    mate = 1 + next(i for i, s in enumerate(course.steps) if s.title == "Checkmate")
    following = course.steps[mate].title
    child = pexpect.spawn(
        sys.executable,
        ["-m", "shoal.cli", "learn", "cyclix", "--plain", "--step", str(mate)],
        env=env,
        encoding="utf-8",
        timeout=30,
    )
    child.expect(f"Step {mate} of {total}: Checkmate")
    child.expect(PROMPT)
    child.sendline("hint")
    child.expect("One way: Rc1-c7\\^")
    child.sendline("skip")
    child.expect(f"Step {mate + 1} of {total}: {following}")
    child.expect(PROMPT)
    child.sendline("quit")
    child.expect(f"Come back with: shoal learn cyclix --step {mate + 1}")
    child.expect(pexpect.EOF)


def test_the_list_and_the_export() -> None:
    listing = shoal("learn")
    assert listing.returncode == 0
    for game_id in ("syrtis", "sirtet", "sytran", "cyclix", "sfirs"):
        assert game_id in listing.stdout
    exported = shoal("learn", "sfirs", "--export")
    assert exported.returncode == 0, exported.stderr
    data = json.loads(exported.stdout)
    assert data["game"] == "sfirs" and data["steps"][0]["solutions"][0] == ["e5-c5"]


def test_bad_input_is_refused_in_words() -> None:
    for args, words in (
        (("learn", "nogame"), "unknown game"),
        (("learn", "connect4"), "has no course yet"),
        (("learn", "sytran", "--step", "99"), "--step must be between 1 and 9"),
    ):
        done = shoal(*args)
        assert done.returncode == 2, (args, done.stdout)
        assert words in done.stderr.lower() or words in done.stderr, (args, done.stderr)
