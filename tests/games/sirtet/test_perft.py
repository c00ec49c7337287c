"""Perft counts of Sirtet from fixed seeds (perft.json), one checked by the reference."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from shoal.analysis.perft import perft
from shoal.games import get

from .reference import Ref

DATA = json.loads((Path(__file__).parent / "perft.json").read_text())


@pytest.mark.parametrize("key", sorted(DATA["seeds"]))
def test_perft_from_seeded_starts(key: str) -> None:
    tileset, seed = key.split("/")
    game = get("sirtet", tileset=tileset)
    counts = DATA["seeds"][key]
    assert [perft(game.initial(int(seed)), d) for d in range(len(counts))] == counts


def test_perft_from_the_sample_end() -> None:
    game = get("sirtet")
    counts = DATA["sample_end"]["counts"]
    state = game.load(DATA["sample_end"]["position"])
    assert [perft(state, d) for d in range(len(counts))] == counts


def _ref_perft(ref: Ref, depth: int) -> int:
    legal = ref.legal()
    if depth == 0 or ref.phase == "over":
        return 1
    return sum(_ref_perft(ref.play(text), depth - 1) for text in legal)


def test_reference_perft_agrees_on_seed_2() -> None:
    counts = DATA["seeds"]["free/2"]
    ref = Ref.read("free", get("sirtet").initial(2).position())
    assert [_ref_perft(ref, d) for d in range(5)] == counts[:5]
