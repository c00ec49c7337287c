"""The native prover (``_prove.c``) against the pure one, the reference.

The same questions on random near-end positions of every game with a fast path
(and a non-default option set each for SFIRS and Syrtis): the quickest forced
win and the set of winning first actions must be identical.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from shoal.ai.prove import ProofBudgetExceeded, Prover, native_prover_available
from shoal.core import State
from shoal.games import REGISTRY, get
from tests.native.cases import not_built

CASES: list[tuple[str, dict[str, Any], int]] = [
    ("connect4", {}, 5),
    ("syrtis", {}, 5),
    ("syrtis", {"variant": "minor", "pairing": "mirror"}, 3),
    ("sirtet", {}, 5),
    ("sytran", {}, 7),
    ("cyclix", {}, 3),
    ("sfirs", {}, 3),
    ("sfirs", {"first": "black", "max_turns": 30}, 3),
]
POSITIONS = 40


def near_end_positions(game_id: str, options: dict[str, Any], count: int) -> list[State]:
    """``count`` running positions a few actions before the end of random games."""
    game = REGISTRY.from_mapping(game_id, {k: str(v) for k, v in options.items()})
    rng = random.Random(f"{game_id}{options}")
    out: list[State] = []
    seed = 0
    while len(out) < count:
        state: State = game.initial(seed)
        seed += 1
        path = [state]
        while state.outcome is None:
            state = state.child(rng.choice(list(state.legal_actions())))
            path.append(state)
        pick = path[max(0, len(path) - 1 - rng.randrange(1, 10))]
        if pick.outcome is None:
            out.append(pick)
    return out


def require_native(game_id: str) -> None:
    if not native_prover_available():
        not_built("the native prover")
    if get(game_id).native_engine() is None:
        not_built(game_id)


def answers(state: State, depth: int, native: bool) -> tuple[int | None, list[str]]:
    assert state.to_move is not None
    prover = Prover(state.to_move, max_nodes=400_000, native=native)
    distance = prover.distance(state, depth)
    winning = [state.action_text(a) for a in prover.winning_actions(state, depth)]
    return distance, winning


@pytest.mark.parametrize(("game_id", "options", "depth"), CASES)
def test_native_and_pure_provers_give_the_same_answers(
    game_id: str, options: dict[str, Any], depth: int
) -> None:
    require_native(game_id)
    positions = near_end_positions(game_id, options, POSITIONS)
    won = 0
    for state in positions:
        pure = answers(state, depth, native=False)
        native = answers(state, depth, native=True)
        assert native == pure, state.position()
        won += pure[0] is not None
    # the sample holds both answers, so the comparison tests wins and non-wins
    assert 0 < won < len(positions)


def test_the_native_search_really_runs_in_c() -> None:
    require_native("sfirs")
    state = near_end_positions("sfirs", {}, 1)[0]
    assert state.to_move is not None
    native = Prover(state.to_move, native=True)
    native.wins(state, 3)
    assert native.nodes > 0 and native._pure_nodes == 0
    pure = Prover(state.to_move, native=False)
    pure.wins(state, 3)
    assert pure._pure_nodes == pure.nodes > 0


def test_the_native_budget_runs_out_as_the_pure_one_does() -> None:
    require_native("syrtis")
    state = get("syrtis").initial(0)
    assert state.to_move is not None
    for native in (False, True):
        prover = Prover(state.to_move, max_nodes=50, native=native)
        with pytest.raises(ProofBudgetExceeded, match="more than 50 positions"):
            prover.wins(state, 6)


def test_one_native_prover_answers_for_one_game() -> None:
    require_native("sfirs")
    require_native("cyclix")
    sfirs = get("sfirs").initial(0)
    prover = Prover(0, native=True)
    prover.wins(sfirs, 1)
    with pytest.raises(ValueError, match="one game"):
        prover.wins(get("cyclix").initial(0), 1)


def test_the_native_prover_refuses_bad_arguments() -> None:
    require_native("sfirs")
    from shoal.ai import _prove  # type: ignore[attr-defined]

    engine = get("sfirs").native_engine()
    assert engine is not None
    with pytest.raises(ValueError, match="seat 2"):
        _prove.Prover(engine.capsule, 2, 100)
    with pytest.raises(ValueError, match="node budget"):
        _prove.Prover(engine.capsule, 0, 0)
    searcher = _prove.Prover(engine.capsule, 0, 100)
    with pytest.raises(ValueError, match="bytes"):
        searcher.wins(b"too short", 3)
    with pytest.raises(ValueError, match="over 1000"):
        packed = engine.pack(get("sfirs").initial(0))
        searcher.wins(packed, 5000)
