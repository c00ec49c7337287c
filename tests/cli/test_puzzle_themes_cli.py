"""``shoal puzzles GAME --theme THEME`` in a pseudo-terminal: only that theme's puzzles, one
after another (the hand-made Syrtis puzzles: two "fourth sink", one "complete island");
the list shows each game's themes; an unknown theme is refused naming the known ones, and
``--help`` tells of the option."""

from __future__ import annotations

import sys
from pathlib import Path

import pexpect

from ..puzzles.data import test_puzzles
from .test_puzzles_cli import ENV, PROMPT, shoal


def test_only_the_chosen_themes_puzzles_come(tmp_path: Path) -> None:
    sinks = sorted(p.id for p in test_puzzles("syrtis") if p.theme == "fourth sink")
    child = pexpect.spawn(
        sys.executable,
        ["-m", "shoal.cli", "puzzles", "syrtis", "--plain", "--theme", "Fourth-Sink"],
        cwd=str(tmp_path),
        env=ENV,
        encoding="utf-8",
        timeout=60,
    )
    child.logfile_read = (tmp_path / "themes.log").open("w")
    child.delaybeforesend = None  # each line goes after its prompt: no 50 ms sleep per send
    child.expect("Syrtis puzzles, fourth sink: 2")
    seen = []
    for _ in sinks:
        child.expect(r"Puzzle (syrtis-\d+) \(([a-z ]+)\)")
        seen.append(child.match.group(1))
        assert child.match.group(2) == "fourth sink"
        child.expect(PROMPT)
        child.sendline("skip")
    # both of the theme, never the "complete island" one; then the theme starts again
    assert sorted(seen) == sinks
    child.expect(r"Puzzle (syrtis-\d+) \(fourth sink\)")
    child.expect(PROMPT)
    child.sendline("quit")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    log = (tmp_path / "themes.log").read_text()
    assert "complete island" not in log


def test_the_list_the_help_and_an_unknown_theme() -> None:
    listed = shoal("puzzles")
    assert listed.returncode == 0
    assert "themes: fourth sink 2, complete island 1" in listed.stdout
    assert 'shoal puzzles GAME [--theme "THEME"]' in listed.stdout
    helped = shoal("puzzles", "cyclix", "--help")
    assert helped.returncode == 0
    assert "--theme THEME" in helped.stdout and "only puzzles of this theme" in helped.stdout
    unknown = shoal("puzzles", "syrtis", "--theme", "mate in two")
    assert unknown.returncode != 0 and unknown.stdout == ""
    assert (
        "Syrtis: no puzzles of the theme 'mate in two'; the themes are: fourth sink, "
        "complete island" in unknown.stderr
    )
