"""Differential test: the engine against the slow reference of reference.py.

Random games from seeds in both variants and both pairings; at every position the
two agree on the position string, the legal actions (as notation) and the outcome.
"""

from __future__ import annotations

import random

import pytest

from shoal.games import get

from .reference import Ref

POSITIONS_PER_VARIANT = 5000


@pytest.mark.parametrize("first_ending", ["race", "island"])
@pytest.mark.parametrize(("variant", "size"), [("major", 6), ("minor", 4)])
def test_engine_agrees_with_reference(variant: str, size: int, first_ending: str) -> None:
    """Legal action texts, positions and outcomes agree on >= 5,000 positions per variant
    and per reading of the order of the endings (option first_ending)."""
    positions = 0
    outcomes: dict[str, int] = {}
    seed = 0
    while positions < POSITIONS_PER_VARIANT:
        pairing = ("point", "mirror")[seed % 2]
        game = get("syrtis", variant=variant, pairing=pairing, first_ending=first_ending)
        rng = random.Random(1000 + seed)
        state = game.initial(seed)
        ref = Ref.start(size, pairing, seed, first_ending)
        while True:
            positions += 1
            assert state.position() == ref.position()
            texts = state.legal_texts()
            assert set(texts) == ref.legal(), state.position()
            if state.outcome is not None:
                assert (state.outcome.winner, state.outcome.reason) == ref.result
                outcomes[state.outcome.reason] = outcomes.get(state.outcome.reason, 0) + 1
                break
            assert ref.result is None
            text = rng.choice(sorted(texts))
            state = state.child(texts[text])
            ref = ref.play(text)
        seed += 1
    assert positions >= POSITIONS_PER_VARIANT
    # the random games reach the main endings
    assert {"quicksand race", "complete island", "initiative: consecutive passes"} <= set(outcomes)
