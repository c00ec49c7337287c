"""Connect Four: rules on hand-built positions, perft, notation and positions."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from shoal.analysis.perft import perft
from shoal.core import IllegalActionError, InvalidNotationError, InvalidPositionError
from shoal.games import get

GAME = get("connect4")
DATA = json.loads((Path(__file__).parent / "perft.json").read_text())


def play(*moves: str):  # type: ignore[no-untyped-def]
    state = GAME.initial()
    for move in moves:
        state = state.apply_text(move)
    return state


@pytest.mark.parametrize("depth", range(len(DATA["counts"])))
def test_perft_from_the_start(depth: int) -> None:
    assert perft(GAME.load(DATA["start"]), depth) == DATA["counts"][depth]


def test_a_stone_falls_to_the_lowest_free_row() -> None:
    state = play("d", "d")
    assert state.position().split()[0].split("/")[-2:] == ["...o...", "...x..."]


@pytest.mark.parametrize(
    ("moves", "winner"),
    [
        (("a", "b", "a", "b", "a", "b", "a"), 0),  # vertical
        (("a", "a", "b", "b", "c", "c", "d"), 0),  # horizontal
        (("a", "b", "b", "c", "d", "c", "c", "d", "d", "g", "d"), 0),  # diagonal up
        (("g", "a", "b", "a", "b", "b", "c", "c", "c", "g", "c"), None),  # no four yet
    ],
)
def test_four_in_a_row_wins(moves: tuple[str, ...], winner: int | None) -> None:
    state = play(*moves)
    if winner is None:
        assert state.outcome is None
    else:
        assert state.outcome is not None and state.outcome.winner == winner
        assert state.outcome.reason == "four in a row"


def test_full_board_is_a_draw() -> None:
    position = "o.xoxox/oxxxoxx/oxoxoxo/xoxooox/xoooxxo/xxoxoxo o"
    state = GAME.load(position)
    assert state.legal_actions() == (1,)
    end = state.apply(1)
    assert end.outcome is not None and end.outcome.winner is None
    assert end.outcome.reason == "board full"


def test_a_full_column_is_illegal_and_changes_nothing() -> None:
    state = play(*"aaaaaa")
    assert 0 not in state.legal_actions()
    with pytest.raises(IllegalActionError, match="column a is full"):
        state.apply_text("a")
    with pytest.raises(IllegalActionError, match="column a is full"):
        state.apply(0)
    assert state == play(*"aaaaaa")


@pytest.mark.parametrize("text", ["h", "1", "", "ab", "d4"])
def test_malformed_drops_are_invalid_notation(text: str) -> None:
    with pytest.raises(InvalidNotationError):
        GAME.initial().parse_action(text)


@pytest.mark.parametrize(
    "position",
    [
        "......./......./......./......./......./......x x",  # wrong side
        "......./......./......./......./...x.../....... o",  # floating
        "......./......./......./......./......./....... z",
        "......./......./......./......./.......",
    ],
)
def test_impossible_positions_are_refused(position: str) -> None:
    with pytest.raises(InvalidPositionError):
        GAME.load(position)


def test_position_reloads_exactly() -> None:
    state = play(*"ddceg")
    assert GAME.load(state.position()) == state
    assert state.position() == "......./......./......./......./...o.../..xxo.x o"
