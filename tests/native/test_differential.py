"""The native fast paths against the pure engines (the reference) on random positions.

For each case of :mod:`tests.native.cases`, random games from seeds 0, 1, ...
until :data:`POSITIONS` positions: the same legal actions (in order), status
(over, winner, seat to move, turn) and evaluations for both seats; applying the
chosen random action in C gives exactly the packed pure child; equal state keys
come from equal packed bytes (the C state carries at least the key, so the
native search's tree reuse, which compares packed states, never confuses two
positions).
"""

from __future__ import annotations

import itertools
import random
from typing import Any

import pytest

from shoal import games
from shoal.core.native import NativeEngine

from .cases import CASES, POSITIONS, not_built


def _engine(game_id: str, options: dict[str, Any]) -> tuple[Any, NativeEngine]:
    game = games.get(game_id, **options)
    engine = game.native_engine()
    if engine is None:
        not_built(f"{game_id} {options}")
    return game, engine


def _case_id(case: tuple[str, dict[str, Any]]) -> str:
    game_id, options = case
    return game_id + "".join(f"-{k}={v}" for k, v in options.items())


@pytest.mark.parametrize("case", CASES, ids=_case_id)
def test_native_agrees_with_pure(case: tuple[str, dict[str, Any]]) -> None:
    game, engine = _engine(*case)
    seen = 0
    keys: dict[bytes, Any] = {}
    seed = 0
    while seen < POSITIONS:
        rng = random.Random(seed)
        state = game.initial(seed)
        while True:
            packed = engine.pack(state)
            assert packed is not None, f"{state.position()}: not covered"
            where = f"{game.id} seed {seed}: {state.position()}"
            assert engine.legal_actions(packed) == tuple(state.legal_actions()), where
            outcome = state.outcome
            winner = -1 if outcome is None or outcome.winner is None else outcome.winner
            to_move = -1 if state.to_move is None else state.to_move
            assert engine.status(packed) == (outcome is not None, winner, to_move, state.turn), (
                where
            )
            if engine.has_evaluate:
                for seat in (0, 1):
                    # a game whose evaluate uses the native core keeps the pure one apart
                    reference = getattr(game, "pure_evaluate", game.evaluate)
                    assert engine.evaluate(packed, seat) == pytest.approx(
                        reference(state, seat), abs=1e-9
                    ), where
            key = (state.key(), state.to_move)
            assert keys.setdefault(packed, key) == key, f"{where}: one packing, two keys"
            seen += 1
            if outcome is not None:
                break
            legal = state.legal_actions()
            if seen % 7 == 0:  # the playouts' own draw stays within the legal actions
                drawn = set(engine.sample(packed, seen, 2 * len(legal)))
                assert drawn <= set(legal), where
                assert len(drawn) > len(legal) // 4, where
            action = legal[rng.randrange(len(legal))]
            child = state.child(action)
            assert engine.apply(packed, action) == engine.pack(child), (
                f"{where}: after {state.action_text(action)}"
            )
            state = child
        seed += 1
    assert len(keys) > POSITIONS // 4  # the positions are not a handful repeated


@pytest.mark.parametrize("case", CASES, ids=_case_id)
def test_native_random_games_end_like_pure(case: tuple[str, dict[str, Any]]) -> None:
    """Whole random games in C (random_walk) replay legally in the pure engine."""
    game, engine = _engine(*case)
    for seed in range(5):
        start = game.initial(seed)
        walk = engine.random_walk(engine.pack(start) or b"", seed)
        state = start
        for before, after in itertools.pairwise(walk):
            assert engine.pack(state) == before
            matches = [a for a in state.legal_actions() if engine.apply(before, a) == after]
            assert len(matches) >= 1
            state = state.child(matches[0])
        assert state.outcome is not None
        assert engine.pack(state) == walk[-1]


def test_illegal_action_and_bad_bytes_are_refused() -> None:
    game, engine = _engine("connect4", {})
    packed = engine.pack(game.initial())
    assert packed is not None
    full = packed
    for _ in range(6):
        full = engine.apply(full, 0)
    with pytest.raises(ValueError, match="action 0 is not legal"):
        engine.apply(full, 0)
    with pytest.raises(ValueError, match="bytes"):
        engine.legal_actions(packed[:-1])
    with pytest.raises(ValueError, match="seat 2 is not 0 or 1"):
        engine.evaluate(packed, 2)
    with pytest.raises(ValueError, match="not a count"):
        engine.playouts(packed, -1, 0)
    assert engine.legal_actions(packed) == tuple(range(7))  # nothing changed
