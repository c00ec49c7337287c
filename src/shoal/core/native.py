"""The native fast path: a game's compiled engine behind one small Python object.

A game package may hold ``_core.h`` (its rules in plain C against
``shoal/core/include/shoal_core.h``), ``_fast.c`` (the CPython wrapper around it,
through ``shoal_engine.h``; ``interop/wasm/shoal_wasm.c`` is the WebAssembly one) and
``fast.py``, whose
``engine(game)`` returns a :class:`NativeEngine`, or ``None`` when the game's
options are not all covered by the C code (the pure engine is then used). The
pure-Python engines stay the reference; ``tests/native`` compares the two.

:func:`engine_for` is what the rest of shoal calls (through
``Game.native_engine()``): it honours ``SHOAL_PURE=1`` (always pure), caches
per game, and warns once when a fast path exists but was never compiled
(``scripts/setup`` builds it; everything still works, only slower).

>>> from shoal.games import get
>>> game = get("connect4")
>>> engine = game.native_engine()
>>> engine is None or engine.status(engine.pack(game.initial())) == (False, -1, 0, 0)
True
"""

from __future__ import annotations

import dataclasses
import importlib
import os
import warnings
from collections.abc import Callable, Mapping
from types import ModuleType
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .game import Game
    from .state import State

__all__ = [
    "NativeEngine",
    "engine_for",
    "engine_position",
    "load_extension",
    "native_disabled",
    "options_supported",
]

_warned = False
_cache: dict[Any, NativeEngine | None] = {}


def native_disabled() -> bool:
    """True when ``SHOAL_PURE`` asks for the pure-Python path everywhere."""
    return os.environ.get("SHOAL_PURE", "") not in ("", "0")


def _warn_once(what: str) -> None:
    global _warned
    if not _warned:
        _warned = True
        warnings.warn(
            f"shoal: the native fast path is not built ({what}); using the pure-Python "
            "engines (run scripts/setup, or python setup.py build_ext --inplace)",
            RuntimeWarning,
            stacklevel=3,
        )


def load_extension(package: str, name: str = "_fast") -> ModuleType | None:
    """The compiled module ``package.name``, or None (with one warning) when absent."""
    try:
        return importlib.import_module(f"{package}.{name}")
    except ImportError as error:
        _warn_once(str(error))
        return None


def options_supported(options: Any, supported: Mapping[str, Callable[[Any], bool]]) -> bool:
    """True when the C code covers every option value of ``options``.

    ``supported`` maps option names to a test of the value. An option it does
    not name is covered only at its default (new rule options default to the
    rules the C code was written for); any other value falls back to pure.
    """
    for field in dataclasses.fields(options):
        value = getattr(options, field.name)
        test = supported.get(field.name)
        if test is None:
            if field.default is dataclasses.MISSING or value != field.default:
                return False
        elif not test(value):
            return False
    return True


class NativeEngine:
    """A game's compiled engine: packs pure states to C structs and runs on them.

    ``module`` is the compiled extension (``legal_actions``, ``apply``,
    ``status``, ``evaluate``, ``playouts``, ``random_walk`` and the ``engine``
    capsule the native searches use); ``packer`` turns a pure state into the
    bytes of the C struct, or None for a state the C code does not cover.
    ``tables`` are the ``(index, flat list of ints)`` the C core is configured
    with from the game's Python (Sirtet's tile sets), so the WebAssembly build of
    the same core can be given them too (:mod:`shoal.interop.webengine`).
    """

    __slots__ = ("game", "module", "capsule", "has_evaluate", "tables", "_packer")

    def __init__(
        self,
        game: Game,
        module: ModuleType,
        packer: Callable[[State], bytes | None],
        tables: tuple[tuple[int, list[int]], ...] = (),
    ) -> None:
        self.game = game
        self.module = module
        self.capsule: object = module.engine
        self.has_evaluate = bool(module.has_evaluate)
        self.tables = tables
        self._packer = packer

    def pack(self, state: State) -> bytes | None:
        """The C struct of ``state`` as bytes, or None when the fast path does not cover it."""
        return self._packer(state)

    def legal_actions(self, packed: bytes) -> tuple[int, ...]:
        """The legal actions of a packed state, in the pure engine's order."""
        result: tuple[int, ...] = self.module.legal_actions(packed)
        return result

    def apply(self, packed: bytes, action: int) -> bytes:
        """The packed state after a legal ``action`` (ValueError for an illegal one)."""
        result: bytes = self.module.apply(packed, action)
        return result

    def status(self, packed: bytes) -> tuple[bool, int, int, int]:
        """``(over, winner, to_move, turn)``; winner -1 is a draw, to_move -1 after the end."""
        result: tuple[bool, int, int, int] = self.module.status(packed)
        return result

    def evaluate(self, packed: bytes, seat: int) -> float:
        """``game.evaluate`` computed in C."""
        result: float = self.module.evaluate(packed, seat)
        return result

    def playouts(
        self, packed: bytes, count: int, seed: int, cutoff: int | None = None
    ) -> tuple[float, int]:
        """``count`` random playouts from a packed state: (sum of seat 0's values, actions)."""
        result: tuple[float, int] = self.module.playouts(
            packed, count, seed & (2**64 - 1), -1 if cutoff is None else cutoff
        )
        return result

    def sample(self, packed: bytes, seed: int, count: int) -> list[int]:
        """``count`` random actions of a packed state, drawn as the playouts draw them."""
        result: list[int] = self.module.sample(packed, seed & (2**64 - 1), count)
        return result

    def random_walk(self, packed: bytes, seed: int) -> list[bytes]:
        """The packed states of one random game from ``packed`` to its end."""
        result: list[bytes] = self.module.random_walk(packed, seed & (2**64 - 1))
        return result


def engine_for(game: Game) -> NativeEngine | None:
    """The native engine of ``game`` or None (pure path: SHOAL_PURE, not built, not covered)."""
    if native_disabled():
        return None
    key = (type(game), game)  # a subclass equal to a registered game may have no engine
    try:
        return _cache[key]
    except KeyError:
        pass
    module_name = type(game).__module__
    package = module_name.rsplit(".", 1)[0] if "." in module_name else module_name
    engine: NativeEngine | None = None
    try:
        fast = importlib.import_module(f"{package}.fast")
    except ImportError:
        fast = None
    if fast is not None:
        engine = fast.engine(game)
    _cache[key] = engine
    return engine


def engine_position(game: Game, state: State) -> str | None:
    """``state`` for the browser's engine (``web/engine.js``): its packed C struct in hex.

    None when no native engine covers it (the page then asks the server's engine).
    """
    engine = engine_for(game)
    packed = None if engine is None else engine.pack(state)
    return None if packed is None else packed.hex()
