"""The fast Python paths of Sytran against their definitions: the native struct packing,
the position string's rows and the evaluation through the native core."""

from __future__ import annotations

import random
import struct
from collections.abc import Iterator

import pytest

from shoal.core.native import engine_for
from shoal.games import get
from shoal.games.sytran import SytranState
from shoal.games.sytran.fast import pack
from shoal.games.sytran.geometry import cell_colours

from .helpers import rows_text

MAXC = 272
LAYOUT = struct.Struct(f"=8i{MAXC}B{MAXC}H")


def _games(base: int, penalty: int = 8, seeds: int = 2) -> Iterator[SytranState]:
    """Every position of random games (a swap included where the dice pick it)."""
    game = get("sytran", base=base, penalty=penalty)
    for seed in range(seeds):
        rng = random.Random(seed)
        state = game.initial(seed)
        while True:
            assert isinstance(state, SytranState)
            yield state
            if state.outcome is not None:
                break
            state = state.child(rng.choice(state.legal_actions()))


@pytest.mark.parametrize("base", [6, 8, 10])
def test_pack_writes_the_c_struct_field_by_field(base: int) -> None:
    """pack: the eight ints, a colour byte per cell (1 White, 2 Black), the empty cells."""
    seen = 0
    for state in _games(base):
        fields = LAYOUT.unpack(pack(state))
        geo = state.game.geo
        outcome = state.outcome
        result = 0 if outcome is None else 3 if outcome.winner is None else outcome.winner + 1
        assert fields[:8] == (
            base,
            state.game.penalty,
            state.placed,
            state.smallest,
            int(state.swapped),
            state.turn,
            result,
            len(state.empty_cells),
        )
        colours = fields[8 : 8 + MAXC]
        for cell in range(MAXC):
            bit = geo.bit[cell] if cell < geo.num_cells else 0
            want = 1 if state.white & bit else 2 if state.black & bit else 0
            assert colours[cell] == want
        empty = fields[8 + MAXC :]
        n = len(state.empty_cells)
        assert empty[:n] == state.empty_cells and not any(empty[n:])
        seen += 1
    assert seen > 2 * (base * base)


def test_cell_colours_one_byte_per_cell() -> None:
    geo = get("sytran").geo
    assert cell_colours(geo, 0, 0) == bytes(geo.num_cells)
    everything = cell_colours(geo, geo.full, 0)
    assert everything == b"\x01" * geo.num_cells
    assert cell_colours(geo, 0, geo.bit[270])[-1] == 2


@pytest.mark.parametrize("base", [6, 10])
def test_position_rows_match_the_cell_by_cell_writing(base: int) -> None:
    """ROWS: ranks from the top, each from its left end, w/b and runs of empty cells."""
    for state in _games(base, seeds=1):
        geo = state.game.geo
        white = [geo.names[c] for c in range(geo.num_cells) if state.white & geo.bit[c]]
        black = [geo.names[c] for c in range(geo.num_cells) if state.black & geo.bit[c]]
        assert state.position().split(" ")[0] == rows_text(base, white, black)


@pytest.mark.parametrize(("base", "penalty"), [(6, 0), (8, 3), (10, 8), (10, 17)])
def test_evaluate_through_the_native_core_is_the_pure_value(base: int, penalty: int) -> None:
    """game.evaluate (native where built) equals heuristics' pure value to the last bit."""
    game = get("sytran", base=base, penalty=penalty)
    checked = 0
    for state in _games(base, penalty, seeds=1):
        for seat in (0, 1):
            assert game.evaluate(state, seat) == game.pure_evaluate(state, seat)
            checked += 1
    assert checked > 100
    assert engine_for(game) is not None  # the C path was the one compared (built in setup)
