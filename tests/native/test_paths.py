"""Choosing the path: SHOAL_PURE, uncovered options, and the searches on both paths."""

from __future__ import annotations

import dataclasses

import pytest

from shoal import games
from shoal.ai import MCTS
from shoal.core.native import engine_for

from .cases import FALLBACK, not_built


def test_shoal_pure_forces_the_pure_path(monkeypatch: pytest.MonkeyPatch) -> None:
    game = games.get("connect4")
    monkeypatch.setenv("SHOAL_PURE", "1")
    assert engine_for(game) is None
    assert not MCTS(game).native
    monkeypatch.setenv("SHOAL_PURE", "0")
    if engine_for(game) is None:
        not_built("connect4")
    assert MCTS(game).native
    assert not MCTS(game, native=False).native


@pytest.mark.parametrize("case", FALLBACK, ids=lambda c: f"{c[0]}-{next(iter(c[1].items()))}")
def test_unknown_option_values_fall_back_to_pure(case: tuple[str, dict[str, object]]) -> None:
    game_id, options = case
    cls = type(games.get(game_id))
    names = {f.name for f in dataclasses.fields(cls.Options)}
    missing = set(options) - names
    if missing:
        pytest.skip(f"{game_id} has no option {', '.join(sorted(missing))} yet")
    game = games.get(game_id, **options)
    assert game.native_engine() is None


@pytest.mark.parametrize(
    ("position", "move"),
    [
        ("......./......./......./......./......./xxx.ooo x", "d"),
        ("......./......./......./......./...o.../..xxo.. x", None),
    ],
)
def test_native_and_pure_mcts_agree_on_proofs(position: str, move: str | None) -> None:
    game = games.get("connect4")
    state = game.load(position)
    native = MCTS(game, iterations=3000, seed=2)
    if not native.native:
        not_built("connect4")
    fast = native.search(state)
    pure = MCTS(game, iterations=3000, seed=2, native=False).search(state)
    if move is not None:
        assert state.action_text(fast.action) == state.action_text(pure.action) == move
        assert fast.proven == pure.proven == "win"
        assert fast.proof_length == pure.proof_length == 1
    assert fast.algorithm == pure.algorithm == "mcts"
    assert {c.action for c in fast.children} <= set(state.legal_actions())
    assert sum(c.visits for c in fast.children) == fast.simulations + fast.reused
    if move is None:  # no early proof: every action was tried
        assert {c.action for c in fast.children} == set(state.legal_actions())


def test_native_tree_is_reused_and_reset() -> None:
    game = games.get("connect4")
    searcher = MCTS(game, iterations=2000, seed=1)
    if not searcher.native:
        not_built("connect4")
    state = game.initial()
    first = searcher.search(state)
    after = state.child(first.action)
    reply = after.legal_actions()[0]
    second = searcher.search(after.child(reply))
    assert second.reused > 0
    searcher.reset()
    assert searcher.tree_visits == 0
    assert searcher.search(state).reused == 0


@pytest.mark.parametrize(
    ("position", "move", "length"),
    [
        ("......./......./......./......./......./xxx.ooo x", "d", 1),
        ("......./......./......./......./......./..xx.oo x", None, None),
    ],
)
def test_native_and_pure_alphabeta_agree(position: str, move: str | None, length: int) -> None:
    from shoal.ai import AlphaBeta

    game = games.get("connect4")
    state = game.load(position)
    native = AlphaBeta(game, depth=5, seed=1)
    if not native.native:
        not_built("connect4")
    fast = native.search(state)
    pure = AlphaBeta(game, depth=5, seed=1, native=False).search(state)
    assert fast.algorithm == pure.algorithm == "alphabeta"
    assert fast.proven == pure.proven
    assert fast.proof_length == pure.proof_length
    if move is not None:
        assert state.action_text(fast.action) == state.action_text(pure.action) == move
        assert fast.proof_length == length
    else:  # x wins by force with a double threat: both searches find a winning action
        assert fast.proven == "win"
        for result in (fast, pure):
            after = state.child(result.action)
            assert AlphaBeta(game, depth=4, native=False).search(after).proven == "loss"
    assert fast.pv[0] == fast.action
    assert all(isinstance(a, int) for a in fast.pv)


def test_an_option_the_c_code_does_not_know_is_covered_only_at_its_default() -> None:
    from shoal.core.native import options_supported

    @dataclasses.dataclass(frozen=True)
    class Options:
        base: int = 10
        shortage: bool = False  # a rule option added after the C code

    table = {"base": lambda v: v in (6, 8, 10)}
    assert options_supported(Options(), table)
    assert options_supported(Options(base=6), table)
    assert not options_supported(Options(base=7), table)
    assert not options_supported(Options(shortage=True), table)


def test_a_missing_extension_warns_once_and_gives_the_pure_path(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from shoal.core import native

    monkeypatch.setattr(native, "_warned", False)
    with pytest.warns(RuntimeWarning, match="not built"):
        assert native.load_extension("shoal.games.connect4", "_no_such_module") is None
    import warnings

    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert native.load_extension("shoal.games.connect4", "_no_such_module") is None
