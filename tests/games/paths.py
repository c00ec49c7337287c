"""Rules answers computed on one path (pure or native), for tests run on both."""

from __future__ import annotations

import importlib

from shoal.core import State
from shoal.core.native import options_supported


def legal_on_path(state: State, path: str) -> set[str]:
    """The legal actions of ``state`` as text, computed on ``path`` (``pure`` or ``native``).

    On the native path, a game whose option values the C code does not cover runs on the pure
    engine, its documented fallback: that is checked (the options are indeed not covered, or
    the fast path is not built at all), then the pure engine's answer is the path's answer.
    """
    game = state.game
    engine = game.native_engine()
    if path == "pure":
        assert engine is None
    if engine is None:
        if path == "native" and type(game)().native_engine() is not None:
            fast = importlib.import_module(type(game).__module__.rpartition(".")[0] + ".fast")
            assert not options_supported(game.options, fast.SUPPORTED_OPTIONS)
        return {state.action_text(a) for a in state.legal_actions()}
    packed = engine.pack(state)
    assert packed is not None
    return {state.action_text(a) for a in engine.legal_actions(packed)}
