"""The conformance suite on both tile sets (the registry run covers the default)."""

from __future__ import annotations

import pytest

from shoal.core.conformance import run_all
from shoal.games import get


@pytest.mark.parametrize("tileset", ["free", "one-sided"])
def test_conformance_on_each_tileset(tileset: str) -> None:
    run_all(get("sirtet", tileset=tileset), seeds=range(3))
