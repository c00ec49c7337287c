"""The engine against the slow reference, and perft counts from fixed seeds."""

from __future__ import annotations

import dataclasses
import json
import random
from pathlib import Path

import pytest

from shoal.analysis.perft import perft
from shoal.games import get
from shoal.games.sytran import SytranState

from . import reference
from .helpers import texts

DATA = json.loads((Path(__file__).parent / "perft.json").read_text())


def _random_game_against_reference(
    base: int, penalty: int, seed: int, shortage: str = "flow", differ: list[int] | None = None
) -> int:
    """Plays one random game on both; returns the number of positions compared.

    ``differ`` counts the positions where the reading allows other actions than ``flow``,
    or where the same action leads to other choices (a turn ends sooner or later).
    """
    rng = random.Random(seed)
    game = get("sytran", base=base, penalty=penalty, shortage=shortage)
    state = game.initial()
    ref = reference.start(base, penalty, shortage)
    compared = 0
    while True:
        assert isinstance(state, SytranState)
        legal = texts(state)
        assert legal == ref.legal(), f"seed {seed}: {state.position()}"
        flow = dataclasses.replace(ref, shortage="flow") if differ is not None else None
        assert state.to_move == ref.seat_to_move()
        assert (state.outcome is None) == (not ref.over)
        compared += 1
        if state.outcome is not None:
            assert state.outcome.scores == tuple(float(x) for x in ref.scores_by_seat())
            assert state.outcome.winner == ref.winner()
            return compared
        # take the swap more often than chance would, so both branches get checked
        options = sorted(legal)
        text = "swap" if "swap" in legal and seed % 2 else rng.choice(options)
        state = state.apply_text(text)
        if flow is not None and differ is not None:
            after, flow_after = ref.play(text), flow.play(text)
            if legal != flow.legal() or (after.colour, after.legal()) != (
                flow_after.colour,
                flow_after.legal(),
            ):
                differ.append(compared)
        ref = ref.play(text)


def test_engine_agrees_with_reference_on_5000_random_positions() -> None:
    """Legal actions (as text sets), seats to move and outcomes agree on >= 5,000 positions."""
    total = 0
    seed = 0
    plan = [(6, 8), (6, 1), (8, 8), (10, 8), (6, 0), (10, 3)]
    while total < 5000:
        base, penalty = plan[seed % len(plan)]
        total += _random_game_against_reference(base, penalty, seed)
        seed += 1
    assert total >= 5000


@pytest.mark.parametrize("shortage", ["strands", "literal"])
def test_every_shortage_reading_agrees_with_reference(shortage: str) -> None:
    """The other readings of the shortage sentence, on >= 5,000 positions each: the random
    games end with a shortage turn, where the readings differ."""
    total = 0
    seed = 0
    plan = [6, 6, 8, 10]
    differ: list[int] = []
    while total < 5000:
        total += _random_game_against_reference(plan[seed % len(plan)], 8, seed, shortage, differ)
        seed += 1
    assert total >= 5000
    assert len(differ) >= 5, "the random games must reach positions where the readings differ"


def test_reference_groups_agree_with_engine_on_finished_boards() -> None:
    """Group counts of the engine's bitboard flood fill equal the reference BFS."""
    from shoal.games.sytran.rules import count_groups

    game = get("sytran")
    geo = game.geo
    cells = set(reference.board_cells(10))
    for seed in range(5):
        rng = random.Random(seed)
        state = game.initial()
        while state.outcome is None:
            state = state.child(rng.choice(state.legal_actions()))
        assert isinstance(state, SytranState)
        for colour in (0, 1):
            stones = {
                reference.cell_of(10, geo.names[c])
                for c in range(geo.num_cells)
                if state.cell_colour(c) == colour
            }
            assert count_groups(state.stones_of(colour), geo.width) == reference.groups(
                stones, cells
            )


@pytest.mark.parametrize("case", DATA["cases"], ids=lambda c: c["name"])
def test_perft_counts(case: dict[str, object]) -> None:
    """Perft counts of atomic actions from fixed positions (tests/games/sytran/perft.json)."""
    game = get("sytran", base=case["base"])
    state = game.load(str(case["position"]))
    counts = case["counts"]
    assert isinstance(counts, list)
    assert [perft(state, depth) for depth in range(len(counts))] == counts


def _ref_perft(ref: reference.Ref, depth: int) -> int:
    if depth == 0 or ref.over:
        return 1
    return sum(_ref_perft(ref.play(t), depth - 1) for t in sorted(ref.legal()))


def test_perft_agrees_with_reference_from_the_start_of_base_6() -> None:
    """Perft to depth 2 from the empty base-6 board agrees with the reference."""
    state = get("sytran", base=6).initial()
    assert [perft(state, d) for d in range(3)] == [
        _ref_perft(reference.start(6), d) for d in range(3)
    ]
