"""Every JAX environment against the game's C engine along random games (10^4 steps each).

``python -m shoal.jaxenv.differential ENV_ID --steps 1000000`` runs the long check.
"""

from __future__ import annotations

import pytest

from shoal.jaxenv import ENV_IDS
from shoal.jaxenv.differential import compare

BATCH = {"sytran_8": 16, "sytran_10": 16, "sytran_6": 32, "cyclix": 16}
"""Fewer environments where games are long, so that every environment finishes games."""


@pytest.mark.parametrize("env_id", ENV_IDS)
def test_same_masks_rewards_and_ends_as_the_c_engine(env_id: str) -> None:
    batch = BATCH.get(env_id, 64)
    report = compare(env_id, steps=10_000, batch=batch, chunk=64, seed=7)
    assert report.steps >= 10_000
    assert report.games >= 2 * batch, "every environment played at least one game to the end"
    assert report.observations > 0
