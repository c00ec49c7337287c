"""The ``path`` fixture: a rules test run on the pure engine and on the native fast path."""

from __future__ import annotations

import pytest


@pytest.fixture(params=["pure", "native"])
def path(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> str:
    """``pure`` (``SHOAL_PURE=1``) or ``native`` (the compiled engine where it is built and
    covers the game's options, else the pure engine it falls back to: see
    :func:`tests.games.paths.legal_on_path`)."""
    monkeypatch.setenv("SHOAL_PURE", "1" if request.param == "pure" else "0")
    return str(request.param)
