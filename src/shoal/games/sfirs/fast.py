"""SFIRS' native fast path (``_fast.c``): packing states for the C struct.

Covered: both ``first`` colours and every ``max_turns``; any other option value
(a rule option added later) falls back to the pure engine.
"""

from __future__ import annotations

import struct
from typing import Any

from shoal.core.native import NativeEngine, load_extension, options_supported

from .game import Sfirs
from .rules import SfirsState

__all__ = ["SUPPORTED_OPTIONS", "engine", "pack"]

_fast = load_extension(__package__ or "shoal.games.sfirs")
if _fast is not None:
    _fast.init()
_LEGAL = 448
_LAYOUT = struct.Struct(f"=9Q10i{_LEGAL}h")
_WORD = (1 << 64) - 1

SUPPORTED_OPTIONS: dict[str, Any] = {
    "first": lambda v: v in ("white", "black"),
    "max_turns": lambda v: isinstance(v, int) and v >= 1,
}
"""Option name -> test of the values the C code covers."""


def _words(board: int) -> tuple[int, int, int]:
    return board & _WORD, board >> 64 & _WORD, board >> 128


def pack(state: SfirsState) -> bytes | None:
    """The C struct of ``state`` (None if it has more legal actions than the struct holds)."""
    legal = list(state.legal_actions())
    if len(legal) > _LEGAL:
        return None
    outcome = state.outcome
    result = 0 if outcome is None or outcome.winner is None else outcome.winner + 1
    game = state.game
    return _LAYOUT.pack(
        *_words(state.cubes(0)),
        *_words(state.cubes(1)),
        *_words(state.active),
        state.colour,
        state.just_moved,
        int(state.may_leave_start),
        state.last_play_mover,
        state.turn,
        state._first,
        game.swap,
        game.options.max_turns,
        result,
        len(legal),
        *legal,
        *([0] * (_LEGAL - len(legal))),
    )


def engine(game: Sfirs) -> NativeEngine | None:
    """The native engine, or None when not built or the options are not covered."""
    if _fast is None or not options_supported(game.options, SUPPORTED_OPTIONS):
        return None
    return NativeEngine(game, _fast, pack)  # type: ignore[arg-type]
