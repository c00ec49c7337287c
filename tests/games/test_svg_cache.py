"""A board drawn from the kept parts (:func:`shoal.core.svg.drawn_once`) is the board drawn
afresh: on random positions of every game and every choice of its options, each drawn
after other positions filled the caches equals the same position drawn with the caches
emptied, with and without the last turn marked and cells highlighted (issue 39); and every
board is ASCII."""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence

import pytest

from shoal import games
from shoal.core import Action, Game, State
from shoal.core.svg import drawn_once, forget_drawings

from .variants import variants


def _positions(game: Game, seed: int, plies: int) -> Iterator[tuple[State, list[Action]]]:
    """The positions of a random game and the action that led to each (the last turn's)."""
    rng = random.Random(seed)
    state = game.initial(seed)
    last: list[Action] = []
    for _ in range(plies):
        yield state, last
        if state.outcome is not None:
            return
        action = rng.choice(list(state.legal_actions()))
        state, last = state.child(action), [action]


def _highlight(game: Game, state: State, rng: random.Random) -> Sequence[str]:
    cells = sorted({c for path in game.click_paths(state).values() for c in path})
    return rng.sample(cells, min(3, len(cells))) if state.outcome is None else ()


@pytest.mark.parametrize("game_id", games.ids(all=True))
def test_a_board_drawn_from_kept_parts_is_the_board_drawn_afresh(game_id: str) -> None:
    rng = random.Random(game_id)
    positions = [
        (game, state, last)
        for game in variants(game_id)
        for seed in range(3)
        for state, last in _positions(game, seed, 60)
    ]
    rng.shuffle(positions)  # the caches hold other games' and options' parts when drawn
    for game, state, last in positions[:300]:
        highlight = _highlight(game, state, rng)
        asks: list[dict[str, Sequence[object]]] = [{}, {"last": last}, {"highlight": highlight}]
        for ask in asks:
            kept = game.render_svg(state, **ask)  # type: ignore[arg-type]
            forget_drawings()
            fresh = game.render_svg(state, **ask)  # type: ignore[arg-type]
            assert kept == fresh, (game.options, state.position(), ask)
            # the contract: ASCII, other characters as references (a move's delta is a
            # splice of the old board, counted in characters alike in Python and JavaScript)
            assert kept.isascii(), (game.options, state.position(), ask)


def test_drawn_once_keeps_a_drawing_and_forgets_it_on_demand() -> None:
    calls: list[int] = []

    @drawn_once
    def dot(x: float) -> str:
        calls.append(1)
        return f'<circle cx="{x}"/>'

    assert dot(1) == dot(1) == '<circle cx="1"/>' and len(calls) == 1
    assert dot(1.0) == '<circle cx="1.0"/>'  # an int and a float are drawn differently
    forget_drawings()
    assert dot(1) == '<circle cx="1"/>' and len(calls) == 3
