"""The conformance suite of shoal.core, run on every registered game."""

from __future__ import annotations

import pytest

from shoal import games
from shoal.core.conformance import CHECKS

SEEDS = range(4)


@pytest.mark.parametrize("path", ["native", "pure"])
@pytest.mark.parametrize("check_name", sorted(CHECKS))
@pytest.mark.parametrize("game_id", games.ids(all=True))
def test_conformance(
    game_id: str, check_name: str, path: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every check on both paths: SHOAL_PURE=1 for pure, the compiled engine where built."""
    monkeypatch.setenv("SHOAL_PURE", "1" if path == "pure" else "0")
    game = games.get(game_id)
    assert (game.native_engine() is None) or path == "native"
    CHECKS[check_name](game, SEEDS)
