"""A move's delta sends the changed board as a splice of the old one (issue 39):
``"svg_splice": [START, END, TEXT]``, the new SVG being the old one's first START
characters, TEXT, and its last END characters. Every game's board is ASCII, so the
characters count alike in Python and in the browser's JavaScript."""

from __future__ import annotations

import dataclasses
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from shoal.server.games.session import LiveGame
from shoal.server.games.views import SPLICE_KEEPS, splice, svg_splice, view_delta

from .game_data import local_game
from .test_deltas import applied, same_view

GAMES = ("syrtis", "sirtet", "sytran", "cyclix", "sfirs")


def rebuilt(old: str, start: int, end: int, text: str) -> str:
    return old[:start] + text + old[len(old) - end :]


@given(st.text("ab<>/", max_size=300), st.text("ab<>/", max_size=300))
def test_a_splice_rebuilds_the_new_text_from_the_old(old: str, new: str) -> None:
    """The common start and the common end in what is left never overlap, are the longest
    such, and the old text's ends around the new middle give the new text."""
    start, end = splice(old, new)
    assert start + end <= min(len(old), len(new))
    assert rebuilt(old, start, end, new[start : len(new) - end]) == new
    assert old[:start] == new[:start] and (
        start == min(len(old), len(new)) or old[start] != new[start]
    )
    rest = min(len(old), len(new)) - start
    assert end == rest or old[len(old) - end - 1] != new[len(new) - end - 1]


@pytest.mark.parametrize(
    ("old", "new", "expected"),
    [
        ("", "", (0, 0)),
        ("same", "same", (4, 0)),
        ("abc", "", (0, 0)),
        ("aaaa", "aa", (2, 0)),
        ("abcXdef", "abcYYdef", (3, 3)),
        ("x" * 5000 + "A" + "y" * 3000, "x" * 5000 + "BB" + "y" * 3000, (5000, 3000)),
        ("x" * 4096 + "y", "x" * 4096 + "z", (4096, 0)),  # a difference just after a block
    ],
)
def test_the_common_ends_by_hand(old: str, new: str, expected: tuple[int, int]) -> None:
    assert splice(old, new) == expected


def test_no_splice_for_text_beyond_ascii_nor_for_a_small_saving() -> None:
    """The whole SVG is sent when either is not ASCII (JavaScript counts UTF-16 units) or
    when fewer than SPLICE_KEEPS characters would be kept."""
    board = "<svg>" + "a" * SPLICE_KEEPS + "</svg>"
    grown = board.replace("</svg>", "<g/></svg>")  # the longest common start takes the "<"
    assert svg_splice(board, grown) == [len(board) - 5, 5, "g/><"]
    assert svg_splice(board, board.replace("</svg>", "\u25b6</svg>")) is None
    assert svg_splice("<svg>ab</svg>", "<svg>ac</svg>") is None
    assert svg_splice(None, board) is None and svg_splice(board, None) is None


@pytest.mark.parametrize("name", GAMES)
def test_each_games_moves_arrive_as_splices_that_rebuild_the_view(name: str) -> None:
    """Along a random game: the board is ASCII, each move's delta carries a splice in place
    of the SVG, a fraction of its length, and applied to the old view gives the new view."""
    rng = random.Random(name)
    data = dataclasses.replace(local_game("g"), game=name, seed=3)
    old = LiveGame(data).view(0)
    spliced = 0
    for _ in range(30):
        live = LiveGame(data)
        if live.over:
            break
        action = rng.choice(live.state.legal_actions())
        data = dataclasses.replace(data, actions=[*data.actions, action], version=data.version + 1)
        new = LiveGame(data).view(0)
        assert new["svg"].isascii()
        delta = view_delta(old, new)
        same_view(applied(old, delta), new)
        if "svg_splice" in delta:
            spliced += 1
            assert "svg" not in delta["set"]
            assert len(delta["svg_splice"][2]) < len(new["svg"]) * 0.8
        old = new
    assert spliced >= 5
