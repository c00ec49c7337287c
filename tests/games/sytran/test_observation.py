"""Sytran board-plane observations: layout, perspective and the constant planes."""

from __future__ import annotations

import pytest

from shoal.core import conformance
from shoal.games import get

from .helpers import load
from .reference import board_cells, cell_of


def _plane(obs: list[float], plane: int, base: int) -> list[float]:
    size = (2 * base - 1) ** 2
    return obs[plane * size : (plane + 1) * size]


def _index(base: int, cell_name: str) -> int:
    q, r = cell_of(base, cell_name)
    return (r + base - 1) * (2 * base - 1) + q + base - 1


@pytest.mark.parametrize("base", [6, 8, 10])
def test_shape_on_board_mask_and_ring_plane(base: int) -> None:
    """Planes over the (2B-1)x(2B-1) axial grid: on-board mask and ring number / 5."""
    game = get("sytran", base=base)
    side = 2 * base - 1
    assert game.observation_shape() == (8, side, side)
    obs = game.observation(game.initial(), 0)
    assert len(obs) == 8 * side * side
    mask = _plane(obs, 0, base)
    cells = board_cells(base)
    assert sum(mask) == len(cells) == game.geo.num_cells
    for q, r in cells:
        index = (r + base - 1) * side + q + base - 1
        assert mask[index] == 1.0
        ring = max(abs(q), abs(r), abs(q + r)) // 2 + 1
        assert _plane(obs, 3, base)[index] == ring / 5
    assert _plane(obs, 3, base)[0] == 0.0  # a cut-off corner of the grid


def test_stone_planes_follow_the_observer_and_the_swap() -> None:
    """Plane 1 holds the observer's stones, plane 2 the other's; after a swap seat 0 is Black."""
    state = load(6, white=["f6", "a6"], black=["k6"], turn=2)
    game = state.game
    w, b = _index(6, "f6"), _index(6, "k6")
    seat0, seat1 = game.observation(state, 0), game.observation(state, 1)
    assert _plane(seat0, 1, 6)[w] == 1.0 and _plane(seat0, 2, 6)[b] == 1.0
    assert _plane(seat1, 1, 6)[b] == 1.0 and _plane(seat1, 2, 6)[w] == 1.0
    assert sum(_plane(seat0, 1, 6)) == 2 and sum(_plane(seat0, 2, 6)) == 1
    swapped = load(6, white=["f6", "a6"], black=["k6"], seats="bw", to_move="b", turn=2)
    obs = game.observation(swapped, 0)  # seat 0 plays Black after the swap
    assert _plane(obs, 1, 6)[b] == 1.0 and sum(_plane(obs, 2, 6)) == 2


def test_constant_planes_turn_progress_swap_and_mover() -> None:
    """Constant planes: stones placed / 5, innermost ring / 5, swap available, observer to move."""
    game = get("sytran", base=6)
    size = 121
    state = game.initial().apply_text("a6").apply_text("f1")  # White: two stones on ring 3
    assert state.placed == 2 and state.smallest == 3
    obs = game.observation(state, 0)
    assert set(_plane(obs, 4, 6)) == {0.4} and set(_plane(obs, 5, 6)) == {0.6}
    assert set(_plane(obs, 6, 6)) == {0.0} and set(_plane(obs, 7, 6)) == {1.0}
    assert set(game.observation(state, 1)[7 * size :]) == {0.0}
    black_first = state.apply_text("k6")  # third stone ends White's turn: swap available
    obs = game.observation(black_first, 1)
    assert set(_plane(obs, 4, 6)) == {0.0} and set(_plane(obs, 5, 6)) == {0.0}
    assert set(_plane(obs, 6, 6)) == {1.0} and set(_plane(obs, 7, 6)) == {1.0}


@pytest.mark.parametrize("base", [6, 10])
def test_conformance_observation_check(base: int) -> None:
    """The conformance observation check: declared shape, values in [0, 1]."""
    conformance.check_observation(get("sytran", base=base), range(2))
