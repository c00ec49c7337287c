"""Sirtet rules: the state, its legal atomic actions and their effects. Pure.

The board never rearranges: a tile stays on its cell until it is taken or
burnt, so a state keeps the shared set-up ``layout`` (tile per cell) and a
bitboard ``occ`` of the cells still holding their tile. Harvests and the
discard zone are bitmasks of tile numbers. A turn is several atomic actions;
``phase`` says which decision is next (see :mod:`.notation` for the names).

>>> from shoal.games.sirtet import Sirtet
>>> s = Sirtet().initial(1)
>>> s.phase_name, s.to_move, len(s.legal_actions()) > 0
('pick', 0, True)
"""

from __future__ import annotations

import dataclasses
from collections.abc import Hashable, Sequence
from typing import TYPE_CHECKING

from shoal.core import Action, InvalidNotationError, Outcome, State, option

from . import notation
from .geometry import (
    ACT_BURN,
    ACT_DOUBLE,
    ACT_DROP,
    ACT_KEEP,
    ACT_PAIR,
    ACT_PASS,
    ACT_SINGLE,
    ACT_TAKE,
    BURN_CHUNKS,
    CELL_CHUNKS,
    CELLS,
    COLOUR_LETTERS,
    COLOUR_NAMES,
    DROP_CHUNKS,
    FREE,
    KING_MASK,
    NUM_TILES,
    ONE_SIDED,
    PAIR_A,
    PAIR_B,
    SINGLE_CHUNKS,
    TAKE_CHUNKS,
    TILE_CHUNKS,
    TileSet,
    expand,
)
from .notation import BURN, CHOOSE, DROP, OVER, PHASES, PICK, TAKE1, TAKE2

if TYPE_CHECKING:
    from .game import Sirtet

__all__ = [
    "SirtetOptions",
    "SirtetState",
    "colour_counts",
    "compare_outcome",
    "pair_actions",
]

_ORDINALS = (
    "largest",
    "second largest",
    "third largest",
    "fourth largest",
    "fifth largest",
    "sixth largest",
    "seventh largest",
)


@dataclasses.dataclass(frozen=True)
class SirtetOptions:
    """Options of Sirtet."""

    tileset: str = option(
        "free",
        "the 35 harvest tiles: 7 colours x the 5 free tetrominoes (free), or 5 colours x "
        "the 7 one-sided Tetris pieces (one-sided)",
        choices=("free", "one-sided"),
        decision=True,
    )


def tileset_of(options: SirtetOptions) -> TileSet:
    """The tile tables of the options' tile set."""
    return FREE if options.tileset == "free" else ONE_SIDED


def colour_counts(ts: TileSet, harvest: int) -> list[int]:
    """A harvest's tile counts per colour, largest first (zeros dropped)."""
    counts = [(harvest & m).bit_count() for m in ts.colour_masks]
    return sorted((c for c in counts if c), reverse=True)


def compare_outcome(ts: TileSet, h0: int, h1: int) -> Outcome:
    """The outcome of two equal-sized harvests: sorted colour counts compared in order."""
    c0, c1 = colour_counts(ts, h0), colour_counts(ts, h1)
    scores = (float(c0[0] if c0 else 0), float(c1[0] if c1 else 0))
    for i in range(max(len(c0), len(c1))):
        a = c0[i] if i < len(c0) else 0
        b = c1[i] if i < len(c1) else 0
        if a != b:
            winner = 0 if a > b else 1
            hi, lo = max(a, b), min(a, b)
            return Outcome(winner, f"{_ORDINALS[i]} colour group {hi} v {lo}", scores)
    return Outcome(None, "draw: equal colour groups", scores)


def pair_actions(ts: TileSet, tile: int, occ: int) -> list[int]:
    """The ``take a+b`` actions a Double Harvest with ``tile`` may take on ``occ``."""
    out: list[int] = []
    for shift, valid, chunks in ts.pair_chunks[tile]:
        m = occ & (occ >> shift) & valid
        if m:
            out.extend(expand(chunks, m))
    return out


def _has_pair(offsets: tuple[tuple[int, int, tuple[int, ...]], ...], occ: int) -> bool:
    return any(occ & (occ >> shift) & valid for shift, valid, _ in offsets)


class SirtetState(State):
    """A Sirtet position (see the module docs for the fields)."""

    __slots__ = (
        "ts",
        "layout",
        "occ",
        "h0",
        "h1",
        "disc",
        "start",
        "phase",
        "pending",
        "mover",
        "passes",
        "_legal",
    )

    game: Sirtet

    def __init__(
        self,
        game: Sirtet,
        ts: TileSet,
        layout: tuple[int, ...],
        occ: int,
        h0: int,
        h1: int,
        disc: int,
        start: int,
        phase: int,
        pending: int,
        mover: int,
        passes: int,
        turn: int,
        outcome: Outcome | None = None,
    ) -> None:
        self.game = game
        self.ts = ts
        self.layout = layout  # set-up tile per cell; valid only where occ is set
        self.occ = occ
        self.h0 = h0
        self.h1 = h1
        self.disc = disc  # harvest tiles in the discard zone (the Start tile is implicit)
        self.start = start
        self.phase = phase
        self.pending = pending  # the discarded tile whose shape a take2 follows
        self.mover = mover
        self.passes = passes
        self.turn = turn
        self.outcome = outcome
        self.to_move = None if phase == OVER else mover
        self._legal: tuple[Action, ...] | None = None

    # -- reading ---------------------------------------------------------------
    @property
    def phase_name(self) -> str:
        """``pick``, ``choose``, ``take2``, ``take1``, ``burn``, ``drop`` or ``over``."""
        return PHASES[self.phase]

    def harvest(self, seat: int) -> int:
        """The bitmask of ``seat``'s harvest tiles."""
        return self.h1 if seat else self.h0

    def tile_at(self, cell: int) -> int | None:
        """The tile on ``cell``, or None for a hole."""
        return self.layout[cell] if self.occ >> cell & 1 else None

    def board(self) -> tuple[int, ...]:
        """The tile on each cell, -1 for a hole."""
        occ, layout = self.occ, self.layout
        return tuple(layout[c] if occ >> c & 1 else -1 for c in range(CELLS))

    def fields(self) -> notation.PositionFields:
        """The raw fields the position string writes."""
        return (
            self.board(),
            self.h0,
            self.h1,
            self.disc,
            self.start,
            self.phase,
            self.pending,
            self.mover,
            self.passes,
            self.turn,
        )

    # -- protocol ----------------------------------------------------------------
    def legal_actions(self) -> Sequence[Action]:
        legal = self._legal
        if legal is None:
            legal = self._legal = self._generate()
        return legal

    def _generate(self) -> tuple[Action, ...]:
        phase, occ = self.phase, self.occ
        if phase == CHOOSE:
            harvest = self.h1 if self.mover else self.h0
            offsets = self.ts.shape_offsets
            doubles = tuple(
                ACT_DOUBLE + t for t in expand(TILE_CHUNKS, harvest) if _has_pair(offsets[t], occ)
            )
            return (ACT_PASS, *doubles, *expand(SINGLE_CHUNKS, harvest))
        if phase == TAKE2:
            return tuple(pair_actions(self.ts, self.pending, occ))
        if phase == TAKE1:
            return expand(TAKE_CHUNKS, occ)
        if phase == BURN:
            return (*expand(BURN_CHUNKS, occ), ACT_KEEP)
        if phase == PICK:
            return expand(CELL_CHUNKS, occ & KING_MASK[self.start])
        if phase == DROP:
            return expand(DROP_CHUNKS, self.h1 if self.mover else self.h0)
        return ()

    def _next(
        self,
        occ: int,
        h0: int,
        h1: int,
        disc: int,
        phase: int,
        pending: int,
        mover: int,
        passes: int,
        turn: int,
    ) -> SirtetState:
        return SirtetState(
            self.game,
            self.ts,
            self.layout,
            occ,
            h0,
            h1,
            disc,
            self.start,
            phase,
            pending,
            mover,
            passes,
            turn,
        )

    def _end(self, occ: int, h0: int, h1: int, disc: int, passes: int, turn: int) -> SirtetState:
        n0, n1 = h0.bit_count(), h1.bit_count()
        if n0 == n1:
            return SirtetState(
                self.game,
                self.ts,
                self.layout,
                occ,
                h0,
                h1,
                disc,
                self.start,
                OVER,
                -1,
                0,
                passes,
                turn,
                compare_outcome(self.ts, h0, h1),
            )
        return self._next(occ, h0, h1, disc, DROP, -1, 0 if n0 > n1 else 1, passes, turn)

    def child(self, action: Action) -> SirtetState:
        mover, occ, h0, h1, disc = self.mover, self.occ, self.h0, self.h1, self.disc
        turn = self.turn
        if action >= ACT_PAIR:  # the two tiles of a Double Harvest
            index = action - ACT_PAIR
            a, b = PAIR_A[index], PAIR_B[index]
            occ &= ~((1 << a) | (1 << b))
            gained = (1 << self.layout[a]) | (1 << self.layout[b])
            if mover:
                h1 |= gained
            else:
                h0 |= gained
            if not occ:
                return self._end(occ, h0, h1, disc, 0, turn + 1)
            return self._next(occ, h0, h1, disc, CHOOSE, -1, 1 - mover, 0, turn + 1)
        if action >= ACT_DROP:
            bit = 1 << (action - ACT_DROP)
            if mover:
                h1 &= ~bit
            else:
                h0 &= ~bit
            return self._end(occ, h0, h1, disc | bit, self.passes, turn + 1)
        if action >= ACT_DOUBLE:  # double or single: discard a harvest tile
            if action >= ACT_SINGLE:
                tile, phase, pending = action - ACT_SINGLE, TAKE1, -1
            else:
                tile = pending = action - ACT_DOUBLE
                phase = TAKE2
            bit = 1 << tile
            if mover:
                h1 &= ~bit
            else:
                h0 &= ~bit
            return self._next(occ, h0, h1, disc | bit, phase, pending, mover, 0, turn)
        if action == ACT_PASS:
            if self.passes:
                return self._end(occ, h0, h1, disc, 2, turn + 1)
            return self._next(occ, h0, h1, disc, CHOOSE, -1, 1 - mover, 1, turn + 1)
        if action == ACT_KEEP:
            return self._next(occ, h0, h1, disc, CHOOSE, -1, 1 - mover, 0, turn + 1)
        if action >= ACT_BURN:
            cell = action - ACT_BURN
            occ &= ~(1 << cell)
            disc |= 1 << self.layout[cell]
            if not occ:
                return self._end(occ, h0, h1, disc, 0, turn + 1)
            return self._next(occ, h0, h1, disc, CHOOSE, -1, 1 - mover, 0, turn + 1)
        # a pick or the tile of a Single Harvest
        cell = action - ACT_TAKE if action >= ACT_TAKE else action
        occ &= ~(1 << cell)
        gained = 1 << self.layout[cell]
        if mover:
            h1 |= gained
        else:
            h0 |= gained
        if action < ACT_TAKE:
            if mover:
                return self._next(occ, h0, h1, disc, CHOOSE, -1, 0, 0, turn + 1)
            return self._next(occ, h0, h1, disc, PICK, -1, 1, 0, turn + 1)
        if not occ:  # the last board tile: the turn ends without a burn decision
            return self._end(occ, h0, h1, disc, 0, turn + 1)
        return self._next(occ, h0, h1, disc, BURN, -1, mover, 0, turn)

    def key(self) -> Hashable:
        return (
            self.board(),
            self.h0,
            self.h1,
            self.disc,
            self.phase,
            self.pending,
            self.mover,
            self.passes,
            self.start if self.phase == PICK else -1,
        )

    def position(self) -> str:
        return notation.format_position(self.ts, self.fields())

    def action_text(self, action: Action) -> str:
        return notation.action_text(self.ts, action)

    def normalize_text(self, text: str) -> str:
        return notation.normalize(text)

    def check_notation(self, text: str) -> None:
        notation.check_atomic(text)
        for word in text.split()[1:]:
            for part in word.split("+"):
                if "." in part:
                    try:
                        self.ts.tile_by_name(part)
                    except ValueError:
                        ts = self.ts
                        colours = " ".join(
                            COLOUR_NAMES[COLOUR_LETTERS.index(c)] for c in ts.colours
                        )
                        raise InvalidNotationError(
                            f"{text}: {part} is not a tile of the {ts.name} set (a tile is "
                            f"SHAPE.colour with shape {' '.join(ts.shapes)} and colour "
                            f"{colours})"
                        ) from None

    def illegal_text_reason(self, text: str) -> str:
        from .explain import illegal_reason

        return illegal_reason(self, text)

    def explain_illegal(self, action: Action) -> str:
        return self.illegal_text_reason(self.action_text(action))

    def split_turn(self, text: str) -> list[str]:
        return notation.parse_turn_parts(text)

    def turn_text(self, actions: Sequence[Action]) -> str:
        if not actions:
            return ""
        first = actions[0]
        if not ACT_DOUBLE <= first < ACT_DROP:
            return "; ".join(notation.action_text(self.ts, a) for a in actions)
        name = self.ts.names[(first - ACT_DOUBLE) % NUM_TILES]
        cells = [c for a in actions[1:] for c in notation.action_kind_cells(a)]
        from .geometry import CELL_NAMES

        if first < ACT_SINGLE:
            return f"{name}: {' '.join(CELL_NAMES[c] for c in cells)}"
        text = f"{name}: {CELL_NAMES[cells[0]]}"
        if len(cells) > 1:
            text += f" / {CELL_NAMES[cells[1]]}"
        return text

    def parse_turn(self, text: str) -> list[Action]:
        parts = self.split_turn(text)
        if len(parts) == 2 and parts[0].startswith("single ") and self.outcome is None:
            actions: list[Action] = []
            state: State = self
            for part in parts:
                action = state.parse_action(part)
                actions.append(action)
                state = state.child(action)
            if state.outcome is None and state.turn == self.turn:
                actions.append(state.parse_action("keep"))
            return actions
        return super().parse_turn(text)
