"""Connect Four's native fast path (``_fast.c``): packing states for the C struct.

Connect Four has no options, so every state is covered.
"""

from __future__ import annotations

import struct

from shoal.core.native import NativeEngine, load_extension, options_supported

from .rules import Connect4, Connect4State

__all__ = ["SUPPORTED_OPTIONS", "engine", "pack"]

_fast = load_extension(__package__ or "shoal.games.connect4")
_LAYOUT = struct.Struct("=QQiiii")

SUPPORTED_OPTIONS: dict[str, object] = {}
"""Option name -> test of the values the C code covers (Connect Four has none)."""


def pack(state: Connect4State) -> bytes:
    """The C struct of ``state``."""
    outcome = state.outcome
    if outcome is None:
        result = 0
    else:
        result = 3 if outcome.winner is None else outcome.winner + 1
    return _LAYOUT.pack(state._mine, state._mask, state._ply, state._full, result, 0)


def engine(game: Connect4) -> NativeEngine | None:
    """The native engine, or None when not built or the options are not covered."""
    if _fast is None or not options_supported(game.options, {}):
        return None
    return NativeEngine(game, _fast, pack)  # type: ignore[arg-type]
