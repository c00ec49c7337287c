"""``shoal puzzles GAME`` as a person uses it in a pseudo-terminal: a puzzle solved (the
defender's reply played by itself), one failed with its refutation and the solution, the
rating and streak after each, and bad input refused in words."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pexpect

from shoal import games
from shoal.analysis.puzzle_play import next_puzzle

from ..puzzles.data import DATA, test_puzzles
from .inproc import shoal as run

SRC = Path(__file__).resolve().parents[2] / "src"
ENV = dict(os.environ, PYTHONPATH=str(SRC), SHOAL_PUZZLES_DIR=str(DATA), COLUMNS="120")
PROMPT = r"\d+\. \w+> "


def shoal(*args: str) -> subprocess.CompletedProcess[str]:
    """``shoal ARGS`` (in this process) on the test puzzles."""
    return run(*args, env={"SHOAL_PUZZLES_DIR": str(DATA), "COLUMNS": "120"})


def test_a_puzzle_solved_and_one_failed_in_the_terminal(tmp_path: Path) -> None:
    game = games.get("cyclix")
    first = test_puzzles("cyclix")[0]
    # all test puzzles are rated alike, so the next one is the first unseen by id
    puzzle = next_puzzle(test_puzzles("cyclix"), 1600, [first.id])
    assert puzzle is not None
    child = pexpect.spawn(
        sys.executable,
        ["-m", "shoal.cli", "puzzles", "cyclix", "--plain", "--puzzle", first.id],
        cwd=str(tmp_path),
        env=ENV,
        encoding="utf-8",
        timeout=60,
    )
    child.logfile_read = (tmp_path / "puzzles.log").open("w")
    child.delaybeforesend = None  # each line goes after its prompt: no 50 ms sleep per send
    child.expect("Cyclix puzzles: 3")
    child.expect(f"Puzzle {first.id}")
    side = first.start(game).side_name(first.winner).capitalize()
    child.expect(f"{side} to play and win")
    child.expect(PROMPT)
    child.sendline(first.solution[0])
    # the defender's reply is on the board by itself: the move list shows it
    child.expect(f"Last: 2. \\w+: {re.escape(first.solution[1])}")
    child.expect(PROMPT)
    child.sendline(first.solution[2])  # the learner's second action
    child.expect("Solved!")
    child.expect(r"Rating 1\d{3}\?? \(\+\d+\), streak 1, 1 of 1 solved")
    # the next one, failed on purpose: refuted at once, then the solution
    child.expect(f"Puzzle {puzzle.id}")
    child.expect(PROMPT)
    state = puzzle.start(game)
    action = next(
        a
        for a in state.legal_actions()
        if state.action_text(a) not in (puzzle.solution[0], *puzzle.accepted_first)
    )
    child.sendline(state.action_text(action))
    said = game.action_label(state, action)  # the verdict says the action in the game's words
    child.expect(re.escape(f"{said} is not the way."))
    child.expect(re.escape(f"The solution: {', '.join(puzzle.solution)}"))
    child.expect(r"streak 0, 1 of 2 solved")
    child.expect(PROMPT)
    child.sendline("quit")
    child.expect("1 of 2 solved")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0


def test_the_list_and_bad_input() -> None:
    listed = shoal("puzzles")
    assert listed.returncode == 0
    assert "syrtis   3 puzzles" in listed.stdout and "sfirs    1 puzzle\n" in listed.stdout
    unknown = shoal("puzzles", "chess")
    assert unknown.returncode != 0 and "invalid choice: 'chess'" in unknown.stderr
    missing = shoal("puzzles", "syrtis", "--puzzle", "syrtis-0999")
    assert missing.returncode != 0 and "no Syrtis puzzle 'syrtis-0999'" in missing.stderr
    other = shoal("puzzles", "syrtis", "--puzzle", "cyclix-9001")
    assert other.returncode != 0 and "no Syrtis puzzle 'cyclix-9001'" in other.stderr
    rating = shoal("puzzles", "syrtis", "--rating", "-3")
    assert rating.returncode != 0 and "--rating must be between 0 and 5000" in rating.stderr


def test_a_broken_puzzle_file_is_refused_with_its_line(tmp_path: Path) -> None:
    (tmp_path / "syrtis.jsonl").write_text('{"id": "syrtis-0001", "position": "x"}\n{oops\n')
    done = run("puzzles", "syrtis", env={"SHOAL_PUZZLES_DIR": str(tmp_path)})
    assert done.returncode != 0
    assert "syrtis syrtis.jsonl, line 1: missing key(s) solution, winner" in done.stderr


def test_export_into_a_reader_that_stops_early_ends_quietly() -> None:
    """``shoal puzzles export GAME | head -1``: one line out, no traceback, exit status 0."""
    env = {k: v for k, v in ENV.items() if k != "SHOAL_PUZZLES_DIR"}
    process = subprocess.Popen(
        [sys.executable, "-m", "shoal.cli", "puzzles", "export", "sfirs"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=env,
    )
    assert process.stdout is not None and process.stderr is not None
    first = process.stdout.readline()
    process.stdout.close()  # the reader goes away with 109 lines unread
    assert process.wait(timeout=60) == 0
    assert process.stderr.read() == b""
    assert first.startswith(b'{"id": "sfirs-0001"')
