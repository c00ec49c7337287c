"""The engine against the slow reference (reference.py) on random positions of both tile sets.

Every state of random games: the same legal actions (as notation), the same
outcome, and the same position after the action played.
"""

from __future__ import annotations

import random

import pytest

from shoal.games import get

from .reference import Ref

POSITIONS = 3000  # per tile set: 6,000 in all


@pytest.mark.parametrize("tileset", ["free", "one-sided"])
def test_engine_agrees_with_reference(tileset: str) -> None:
    game = get("sirtet", tileset=tileset)
    rng = random.Random(2024)
    checked = outcomes = seed = 0
    while checked < POSITIONS:
        state = game.initial(seed)
        seed += 1
        while True:
            ref = Ref.read(tileset, state.position())
            assert ref.write() == state.position()
            engine_texts = {state.action_text(a) for a in state.legal_actions()}
            assert engine_texts == ref.legal(), state.position()
            expected = ref.outcome()
            if state.outcome is None:
                assert expected is None
            else:
                assert (state.outcome.winner, state.outcome.reason) == expected
                outcomes += 1
            checked += 1
            if state.outcome is not None:
                break
            legal = state.legal_actions()
            action = legal[rng.randrange(len(legal))]
            text = state.action_text(action)
            state = state.child(action)
            assert ref.play(text).write() == state.position(), text
    assert outcomes >= 30
