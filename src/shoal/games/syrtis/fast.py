"""Syrtis' native fast path (``_fast.c``): packing states for the C struct.

Covered: both variants and both pairings; any other option value (a rule option
added later) falls back to the pure engine.
"""

from __future__ import annotations

import struct
from typing import Any

from shoal.core.native import NativeEngine, load_extension, options_supported

from .game import Syrtis
from .rules import SyrtisState

__all__ = ["SUPPORTED_OPTIONS", "engine", "pack"]

_fast = load_extension(__package__ or "shoal.games.syrtis")
_LAYOUT = struct.Struct("=5Q12i")

SUPPORTED_OPTIONS: dict[str, Any] = {
    "variant": lambda v: v in ("major", "minor"),
    "pairing": lambda v: v in ("point", "mirror"),
}
"""Option name -> test of the values the C code covers."""


def pack(state: SyrtisState) -> bytes:
    """The C struct of ``state``."""
    outcome = state.outcome
    result = 0 if outcome is None or outcome.winner is None else outcome.winner + 1
    game = state.game
    return _LAYOUT.pack(
        state.tiles,
        state.light,
        state.circle,
        state.towers[0],
        state.towers[1],
        state.geo.n,
        0 if game.options.pairing == "point" else 1,
        state.phase,
        state.light_seat,
        -1 if state.to_move is None else state.to_move,
        state.sinker,
        state.streak,
        state.passes[0],
        state.passes[1],
        state.turn,
        result,
        0,
    )


def engine(game: Syrtis) -> NativeEngine | None:
    """The native engine, or None when not built or the options are not covered."""
    if _fast is None or not options_supported(game.options, SUPPORTED_OPTIONS):
        return None
    return NativeEngine(game, _fast, pack)  # type: ignore[arg-type]
