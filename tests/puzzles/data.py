"""Real puzzles for the tests, made by hand (tests/puzzles/data/GAME.jsonl): positions from
random self-play where an exhaustive search proves that the side to move wins within three
atomic actions and no other first action wins as fast. Each carries the theme its game
names for the solution (``Game.puzzle_theme``): Syrtis has two "fourth sink" and one
"complete island", the other games one theme each."""

from __future__ import annotations

from pathlib import Path

from shoal.core.puzzles import Puzzle, parse_puzzles

DATA = Path(__file__).with_name("data")
GAMES = ("syrtis", "sirtet", "sytran", "cyclix", "sfirs")


def test_puzzles(game_id: str) -> list[Puzzle]:
    """The hand-made puzzles of one game."""
    return parse_puzzles(game_id, (DATA / f"{game_id}.jsonl").read_text(encoding="utf-8"))


test_puzzles.__test__ = False  # type: ignore[attr-defined]
