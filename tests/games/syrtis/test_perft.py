"""Perft counts of Syrtis from fixed seeds and positions (data in perft.json)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from shoal.analysis.perft import perft
from shoal.games import get

CASES: list[dict[str, Any]] = json.loads((Path(__file__).parent / "perft.json").read_text())[
    "cases"
]


def _id(case: dict[str, Any]) -> str:
    where = f"seed{case['seed']}" if "seed" in case else case["position"].split()[1]
    return f"{case['variant']}-{case['pairing']}-{where}-{len(case['counts']) - 1}"


@pytest.mark.parametrize("case", CASES, ids=[_id(c) for c in CASES])
def test_perft(case: dict[str, Any]) -> None:
    """Counts of atomic action sequences, depth 0 upwards, set-up and play positions."""
    game = get("syrtis", variant=case["variant"], pairing=case["pairing"])
    state = game.initial(case["seed"]) if "seed" in case else game.load(case["position"])
    assert [perft(state, depth) for depth in range(len(case["counts"]))] == case["counts"]


def _ref_perft(ref: Any, depth: int) -> int:
    if depth == 0 or ref.result is not None:
        return 1
    return sum(_ref_perft(ref.play(t), depth - 1) for t in sorted(ref.legal()))


@pytest.mark.parametrize("case", [c for c in CASES if "position" in c][:6], ids=_id)
def test_reference_perft_agrees(case: dict[str, Any]) -> None:
    """The slow reference counts the same sequences to depth 2."""
    from .reference import Ref

    game = get("syrtis", variant=case["variant"], pairing=case["pairing"])
    state = game.load(case["position"])
    ref = _ref_from_position(Ref, state.position(), game.geo.n, case["pairing"])
    assert ref.position() == state.position()
    assert [_ref_perft(ref, d) for d in range(3)] == case["counts"][:3]


def _ref_from_position(ref_cls: Any, text: str, n: int, pairing: str) -> Any:
    """A reference state read from a position string (the test's own little reader)."""
    board, phase, seat, mover, streak, passes, turn = text.split()
    ref = ref_cls(n, pairing)
    for k, rank in enumerate(board.split("/")):
        r, f, i = n - 1 - k, 0, 0
        while i < len(rank):
            ch = rank[i]
            i += 1
            if ch != ".":
                ref.board[(f, r)] = ("light" if ch.islower() else "dark",
                                     "circle" if ch in "cC" else "square")  # fmt: skip
                if i < len(rank) and rank[i] in "LD":
                    ref.towers[(f, r)] = rank[i]
                    i += 1
            f += 1
    ref.phase = phase
    ref.light_seat = None if seat == "-" else int(seat)
    ref.to_move = None if mover == "-" else int(mover)
    ref.sinker, ref.streak = (None, 0) if streak == "-" else (streak[0], int(streak[1:]))
    light, dark = passes.split(",")
    ref.passes = {"L": int(light), "D": int(dark)}
    ref.turn = int(turn)
    return ref
