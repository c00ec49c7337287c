"""Puzzle themes: the hand-made test puzzles carry the theme their game names for the
solution line; the themes are counted the most common first; a theme is chosen without
regard to case, hyphens or underscores, and an unknown one is refused naming the known."""

from __future__ import annotations

import dataclasses

import pytest

from shoal import games
from shoal.analysis.puzzle_play import next_puzzle, of_theme, themes_of
from shoal.core import InvalidOptionError

from .data import GAMES, test_puzzles


@pytest.mark.parametrize("game_id", GAMES)
def test_the_test_puzzles_carry_their_games_theme(game_id: str) -> None:
    game = games.get(game_id)
    for puzzle in test_puzzles(game_id):
        state = start = puzzle.start(game)
        line = []
        for text in puzzle.solution:
            action = state.parse_action(text)
            line.append(action)
            state = state.apply(action)
        assert puzzle.theme is not None
        assert puzzle.theme == game.puzzle_theme(start, line)


def test_themes_are_counted_and_chosen() -> None:
    syrtis = test_puzzles("syrtis")
    assert themes_of(syrtis) == [("fourth sink", 2), ("complete island", 1)]
    island = of_theme(syrtis, "COMPLETE_island")
    assert [p.theme for p in island] == ["complete island"]
    sinks = of_theme(syrtis, "fourth-sink")
    assert len(sinks) == 2 and {p.theme for p in sinks} == {"fourth sink"}
    # within a theme, the whole theme again once every one is excluded
    assert next_puzzle(sinks, 1500, [p.id for p in sinks]) == min(sinks, key=lambda p: p.id)
    # a puzzle without a theme is in none, and ties are by name
    bare = [dataclasses.replace(p, theme=None) for p in syrtis]
    assert themes_of(bare) == []
    mixed = [*bare[:1], *syrtis[1:]]
    assert themes_of(mixed) == [("complete island", 1), ("fourth sink", 1)]


def test_an_unknown_theme_is_refused_naming_the_known_ones() -> None:
    syrtis = test_puzzles("syrtis")
    with pytest.raises(InvalidOptionError) as known:
        of_theme(syrtis, "mate in two")
    assert str(known.value) == (
        "no puzzles of the theme 'mate in two'; the themes are: fourth sink, complete island"
    )
    bare = [dataclasses.replace(p, theme=None) for p in syrtis]
    with pytest.raises(InvalidOptionError, match="these puzzles name none"):
        of_theme(bare, "fourth sink")
