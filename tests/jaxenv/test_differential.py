"""Every JAX environment against the game's C engine along random games (10^4 steps each).

``python -m shoal.jaxenv.differential ENV_ID --steps 1000000`` runs the long check.
"""

from __future__ import annotations

import pytest

from shoal.jaxenv import ENV_IDS
from shoal.jaxenv.differential import compare


@pytest.mark.parametrize("env_id", ENV_IDS)
def test_same_masks_rewards_and_ends_as_the_c_engine(env_id: str) -> None:
    report = compare(env_id, steps=10_000, batch=64, chunk=64, seed=7)
    assert report.steps >= 10_000
    assert report.games >= 64
    assert report.observations > 0
