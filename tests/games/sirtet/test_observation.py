"""Board-plane observations (shoal.games.sirtet.observe) on hand-built positions."""

from __future__ import annotations

import pytest

from shoal.games.sirtet.observe import observation_shape

from .helpers import FREE, ONE_SIDED, load, play

BOARD = {"c3": "Oc", "d5": "Ob", "a1": "Ig", "f6": "Tw"}


def plane(vector: list[float], index: int) -> list[list[float]]:
    """Plane ``index`` as rows rank 1..6 of files a..f."""
    flat = vector[index * 36 : (index + 1) * 36]
    return [flat[r * 6 : r * 6 + 6] for r in range(6)]


def at(vector: list[float], index: int, cell: str) -> float:
    return plane(vector, index)["123456".index(cell[1])]["abcdef".index(cell[0])]


def test_declared_shapes_per_tile_set() -> None:
    assert FREE.observation_shape() == (40, 6, 6)
    assert ONE_SIDED.observation_shape() == (36, 6, 6)
    assert observation_shape(ONE_SIDED.tileset) == (36, 6, 6)


def test_board_planes_colour_shape_and_holes() -> None:
    state = load(BOARD, "LcIr", "LbTb", mover=1, passes=1)
    obs = FREE.observation(state, 0)
    assert len(obs) == 40 * 36 and all(0.0 <= v <= 1.0 for v in obs)
    cyan, blue, green, white = 4, 5, 3, 6
    o_shape, i_shape, t_shape = 7 + 1, 7 + 0, 7 + 2
    assert at(obs, cyan, "c3") == at(obs, o_shape, "c3") == 1.0
    assert at(obs, blue, "d5") == at(obs, o_shape, "d5") == 1.0
    assert at(obs, green, "a1") == at(obs, i_shape, "a1") == 1.0
    assert at(obs, white, "f6") == at(obs, t_shape, "f6") == 1.0
    assert sum(obs[: 12 * 36]) == 8.0  # 4 tiles, one colour and one shape each
    holes = plane(obs, 12)
    assert sum(map(sum, holes)) == 32 and at(obs, 12, "c3") == 0.0 and at(obs, 12, "e5") == 1.0
    assert sum(obs[13 * 36 : 14 * 36]) == 0.0  # no pick zone after the set-up


def test_harvest_planes_are_from_the_observer_s_side() -> None:
    state = load(BOARD, "LcIr", "LbTb", mover=1, passes=1)
    ts = FREE.tileset
    for seat, mine, theirs in ((0, ("Lc", "Ir"), ("Lb", "Tb")), (1, ("Lb", "Tb"), ("Lc", "Ir"))):
        obs = FREE.observation(state, seat)
        assert [t for t in range(35) if obs[14 * 36 + t]] == sorted(ts.tile(c) for c in mine)
        assert [t for t in range(35) if obs[15 * 36 + t]] == sorted(ts.tile(c) for c in theirs)
        assert sum(obs[16 * 36 : 17 * 36]) == 35 - 8  # the discard zone
        assert sum(obs[17 * 36 : 18 * 36]) == 0.0  # no Double Harvest pending
    obs = FREE.observation(state, 1)
    blue, cyan, red = 5, 4, 0
    assert plane(obs, 18 + blue) == [[2 / 5] * 6] * 6  # seat 1 holds two blue tiles
    assert plane(obs, 18 + 7 + cyan) == [[1 / 5] * 6] * 6
    assert plane(obs, 18 + 7 + red) == [[1 / 5] * 6] * 6
    assert sum(obs[18 * 36 : 32 * 36]) == pytest.approx(36 * 4 / 5)
    assert plane(obs, 32 + 1) == [[1.0] * 6] * 6  # phase: choose
    assert sum(obs[32 * 36 : 38 * 36]) == 36
    assert plane(obs, 38) == [[1.0] * 6] * 6  # seat 1 decides
    assert sum(FREE.observation(state, 0)[38 * 36 : 39 * 36]) == 0
    assert plane(obs, 39) == [[1.0] * 6] * 6  # the last turn was a pass


def test_pick_zone_and_pending_tile_planes() -> None:
    state = FREE.initial(1)  # Start cell c5
    obs = FREE.observation(state, 0)
    zone = {f + r for f in "bcd" for r in "456"} - {"c5"}
    assert {f + r for f in "abcdef" for r in "123456" if at(obs, 13, f + r)} == zone
    assert plane(obs, 32) == [[1.0] * 6] * 6  # phase: pick
    double = play(load(BOARD, "LcIr", "Lb"), "double L.cyan")
    obs = FREE.observation(double, 0)
    assert [t for t in range(36) if obs[17 * 36 + t]] == [FREE.tileset.tile("Lc")]
    assert plane(obs, 32 + 2) == [[1.0] * 6] * 6  # phase: take2


def test_over_has_no_phase_plane() -> None:
    state = play(load(BOARD, "Ir", "Lr"), "pass", "pass")
    obs = FREE.observation(state, 0)
    assert sum(obs[32 * 36 : 40 * 36]) == 0.0
