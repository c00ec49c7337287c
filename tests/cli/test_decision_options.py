"""The five readings of unclear original texts, as options, through the programs a user runs:
``shoal rules``, the engine protocol, ``shoal arena`` and ``shoal play`` (the engine as a real
process on pipes; the others run in this process, input and output in strings: :mod:`.inproc`)."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from .inproc import shoal

READINGS = [
    ("sytran", "shortage", "flow", ("flow", "strands", "literal")),
    ("cyclix", "king_sight", "always", ("always", "free")),
    ("sfirs", "crossing", "all", ("all", "outside")),
    ("sfirs", "start_chain", "yes", ("yes", "no")),
    ("syrtis", "first_ending", "race", ("race", "island")),
]


@pytest.mark.parametrize(("game", "name", "default", "values"), READINGS)
def test_shoal_rules_lists_the_reading_as_a_decision(
    game: str, name: str, default: str, values: tuple[str, ...]
) -> None:
    done = shoal("rules", game)
    assert done.returncode == 0, done.stderr
    line = next(line for line in done.stdout.splitlines() if line.strip().startswith(name + " "))
    assert line.rstrip().endswith("[decision]")
    assert f"one of {', '.join(values)}; default {default}" in line


@pytest.mark.parametrize(("game", "name", "default", "values"), READINGS)
def test_the_engine_protocol_starts_a_game_with_each_reading(
    game: str, name: str, default: str, values: tuple[str, ...]
) -> None:
    """``new GAME NAME=VALUE`` for every value; a bad value is refused in words and the game
    in play stays as it was."""
    script = "".join(f"new {game} {name}={value}\nposition\n" for value in values)
    script += f"new {game} {name}=bogus\nposition\nquit\n"
    done = subprocess.run(
        [sys.executable, "-m", "shoal.cli", "engine"],
        input=script,
        capture_output=True,
        text=True,
        timeout=120,
    )
    blocks = [b for b in done.stdout.split("\n\n") if b]
    assert all(b.startswith("= ") or b == "=" for b in blocks[: 2 * len(values)]), blocks
    refused = blocks[2 * len(values)]
    assert refused.startswith("? ") and name in refused and "bogus" in refused
    assert blocks[2 * len(values) + 1] == blocks[2 * len(values) - 1]  # nothing changed


def test_the_arena_plays_with_a_reading_and_names_it() -> None:
    done = shoal("arena", "sfirs", "random", "random", "start_chain=no", "--games", "2", "--json")
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout)
    assert result["options"] == {"start_chain": "no"} and result["games"] == 2
    text = shoal("arena", "syrtis", "random", "random", "variant=minor", "first_ending=island")
    assert text.returncode == 0, text.stderr
    assert text.stdout.startswith("Syrtis (variant=minor, first_ending=island): random vs random")


def test_the_arena_refuses_an_unknown_reading_in_words() -> None:
    done = shoal("arena", "cyclix", "random", "random", "king_sight=sometimes")
    assert done.returncode == 2
    assert "king_sight" in done.stderr and "always, free" in done.stderr


def test_the_terminal_game_shows_the_reading_in_its_title() -> None:
    done = shoal("play", "sytran", "base=6", "shortage=literal", "--plain", stdin="quit\n")
    assert done.returncode == 0, done.stderr
    assert "Sytran (base=6, shortage=literal): you (white) vs" in done.stdout
