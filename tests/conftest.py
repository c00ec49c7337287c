"""Shared fixtures: the games of the registry."""

from __future__ import annotations

import pytest

from shoal import games


def all_game_ids() -> tuple[str, ...]:
    """Every registered game, the calibration game included."""
    return games.ids(all=True)


@pytest.fixture(params=all_game_ids())
def any_game_id(request: pytest.FixtureRequest) -> str:
    return str(request.param)
