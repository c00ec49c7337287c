"""SFIRS board-plane observations: cubes by kind and owner, regions, chain and turn state."""

from __future__ import annotations

from shoal.core import conformance
from shoal.games import get
from shoal.games.sfirs.geometry import EDGE, PLAY, START, bits

from .build import GAME, make, play


def _plane(obs: list[float], plane: int) -> list[float]:
    return obs[plane * 144 : (plane + 1) * 144]


def _cells(obs: list[float], plane: int) -> set[str]:
    from shoal.games.sfirs.geometry import cell_name

    return {cell_name(c) for c, v in enumerate(_plane(obs, plane)) if v}


def test_shape_and_region_planes() -> None:
    """18 planes of 12x12; planes 6-8 are the start area, outer edge and play area."""
    assert GAME.observation_shape() == (18, 12, 12)
    obs = GAME.observation(GAME.initial(), 0)
    assert len(obs) == 18 * 144
    for plane, region in ((6, START), (7, EDGE), (8, PLAY)):
        assert [c for c, v in enumerate(_plane(obs, plane)) if v] == bits(region)


def test_cube_planes_by_owner_and_kind() -> None:
    """Planes 0-2: the observer's active, inactive, start-area cubes; 3-5 the other's."""
    state = make("Wd2 wa4 we5 Bk11 bc9 bf5", side="w", last="b")
    white = GAME.observation(state, 0)
    assert [_cells(white, p) for p in range(6)] == [
        {"d2"}, {"a4"}, {"e5"}, {"k11"}, {"c9"}, {"f5"},
    ]  # fmt: skip
    black = GAME.observation(state, 1)
    assert [_cells(black, p) for p in range(6)] == [
        {"k11"}, {"c9"}, {"f5"}, {"d2"}, {"a4"}, {"e5"},
    ]  # fmt: skip
    # last play-area mover: Black; nobody owes a first move; White to move
    assert set(_plane(white, 12)) == {0.0} and set(_plane(white, 13)) == {1.0}
    assert set(_plane(black, 12)) == {1.0} and set(_plane(black, 13)) == {0.0}
    assert set(_plane(white, 16)) == {1.0} and set(_plane(black, 16)) == {0.0}


def test_chain_planes() -> None:
    """Planes 9-11: the cube just moved, a chain under way, start-area moves permitted."""
    state = play(make("Wc3 we5 Wk2 Bk11"), "c3-a3")
    assert state.in_chain
    obs = GAME.observation(state, 0)
    assert _cells(obs, 9) == {"a3"}
    assert set(_plane(obs, 10)) == {1.0} and set(_plane(obs, 11)) == {1.0}
    after = play(state, "stop")
    obs = GAME.observation(after, 0)
    assert _cells(obs, 9) == set() and set(_plane(obs, 10)) == {0.0}
    assert set(_plane(obs, 11)) == {0.0} and set(_plane(obs, 16)) == {0.0}


def test_first_move_planes_and_turn_progress_with_black_first() -> None:
    """Planes 14-15: first moves still owed; 17: turns / the limit; seats follow `first`."""
    game = get("sfirs", first="black", max_turns=4)
    start = game.initial()
    obs = game.observation(start, 0)  # seat 0 plays Black
    assert _cells(obs, 0) == {"b11", "k11"} and set(_plane(obs, 16)) == {1.0}
    assert set(_plane(obs, 14)) == {1.0} and set(_plane(obs, 15)) == {1.0}
    assert set(_plane(obs, 17)) == {0.0}
    state = start.child(start.legal_actions()[0])
    while state.turn == 0:
        state = state.child(state.legal_actions()[-1])
    obs = game.observation(state, 0)
    assert set(_plane(obs, 14)) == {0.0} and set(_plane(obs, 15)) == {1.0}
    assert set(_plane(obs, 17)) == {0.25}


def test_conformance_observation_check() -> None:
    """The conformance observation check: declared shape, values in [0, 1]."""
    conformance.check_observation(GAME, range(3))
    conformance.check_observation(get("sfirs", first="black"), range(2))
