"""The conformance suite of shoal.core, run on every registered game."""

from __future__ import annotations

import pytest

from shoal import games
from shoal.core.conformance import CHECKS

SEEDS = range(4)


@pytest.mark.parametrize("check_name", sorted(CHECKS))
@pytest.mark.parametrize("game_id", games.ids(all=True))
def test_conformance(game_id: str, check_name: str) -> None:
    CHECKS[check_name](games.get(game_id), SEEDS)
