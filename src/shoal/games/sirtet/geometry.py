"""Sirtet geometry: cells, tiles, shapes and the offsets each shape reaches.

Cells are numbered file-major, ``cell = 6 * file + rank`` (``a1`` = 0,
``a2`` = 1, ..., ``f6`` = 35), so numeric order is alphabetical order of the
cell names, the order the notation lists the two cells of a Double Harvest in.
A set of cells is a bitboard (a Python int, bit ``cell``).

A tile set holds 35 harvest tiles, numbered ``shape * colours + colour``; the
Start tile has no number (it is always in the discard zone once set up).

>>> FREE.names[FREE.tile("Lc")]
'L.cyan'
>>> sorted(offsets_of("O")) == sorted(KING)
True
>>> cell_name(0), cell_name(35), cell_index("c4")
('a1', 'f6', 15)
"""

from __future__ import annotations

import dataclasses

__all__ = [
    "ACT_BURN",
    "ACT_DOUBLE",
    "ACT_DROP",
    "ACT_KEEP",
    "ACT_PAIR",
    "ACT_PASS",
    "ACT_PICK",
    "ACT_SINGLE",
    "ACT_TAKE",
    "ALL_CELLS",
    "BURN_CHUNKS",
    "CELLS",
    "CELL_CHUNKS",
    "CELL_NAMES",
    "COLOUR_LETTERS",
    "COLOUR_NAMES",
    "DOUBLE_OFFSETS",
    "DROP_CHUNKS",
    "FILES",
    "FREE",
    "KING",
    "KING_MASK",
    "NUM_ACTIONS",
    "NUM_TILES",
    "ONE_SIDED",
    "PAIR_A",
    "PAIR_B",
    "PAIR_OF",
    "PICK_NEIGHBOURHOOD",
    "SHAPE_CELLS",
    "SINGLE_CHUNKS",
    "SIZE",
    "TAKE_CHUNKS",
    "TILE_CHUNKS",
    "Chunks",
    "TileSet",
    "cell_index",
    "cell_name",
    "chunk_table",
    "expand",
    "offsets_of",
    "symmetries",
]

Cell = int
Bitboard = int

SIZE = 6
CELLS = SIZE * SIZE
FILES = "abcdef"
ALL_CELLS: Bitboard = (1 << CELLS) - 1
NUM_TILES = 35

COLOUR_NAMES = ("red", "orange", "yellow", "green", "cyan", "blue", "white")
COLOUR_LETTERS = "roygcbw"

SHAPE_CELLS: dict[str, tuple[tuple[int, int], ...]] = {
    "I": ((0, 0), (1, 0), (2, 0), (3, 0)),
    "O": ((0, 0), (1, 0), (0, 1), (1, 1)),
    "T": ((0, 0), (1, 0), (2, 0), (1, 1)),
    "L": ((0, 0), (0, 1), (0, 2), (1, 0)),
    "S": ((0, 0), (1, 0), (1, 1), (2, 1)),
    "Z": ((1, 0), (2, 0), (0, 1), (1, 1)),
    "J": ((1, 0), (1, 1), (1, 2), (0, 0)),
}
"""Each shape's four cells as (file step, rank step) from its lower left corner.

Ranks grow upwards, so these draw as the familiar pieces. The rules file writes
S as {(1,0),(2,0),(0,1),(1,1)}, the mirror image of ours (the same free
tetromino; drawn with ranks upwards it would look like a Z): under the 8
symmetries both give the same offsets, which the tests check."""

KING = tuple((dc, dr) for dc in (-1, 0, 1) for dr in (-1, 0, 1) if dc or dr)


def cell_name(cell: Cell) -> str:
    """``a1`` .. ``f6``."""
    return FILES[cell // SIZE] + str(cell % SIZE + 1)


def cell_index(name: str) -> Cell:
    """The cell number of a name such as ``c4`` (ValueError when it is none)."""
    if len(name) != 2 or name[0] not in FILES or name[1] not in "123456":
        raise ValueError(f"{name!r} is not a cell a1..f6")
    return FILES.index(name[0]) * SIZE + int(name[1]) - 1


CELL_NAMES = tuple(cell_name(c) for c in range(CELLS))


def symmetries(cells: tuple[tuple[int, int], ...]) -> list[tuple[tuple[int, int], ...]]:
    """The 8 images of a cell set under rotations and reflections (not normalised)."""
    out = []
    for sx in (1, -1):
        for sy in (1, -1):
            for swap in (False, True):
                out.append(
                    tuple(((y * sy, x * sx) if swap else (x * sx, y * sy)) for x, y in cells)
                )
    return out


def offsets_of(shape: str) -> frozenset[tuple[int, int]]:
    """Every offset ``b - a`` between two cells of ``shape`` under the 8 symmetries."""
    found = set()
    for image in symmetries(SHAPE_CELLS[shape]):
        for ax, ay in image:
            for bx, by in image:
                if (ax, ay) != (bx, by):
                    found.add((bx - ax, by - ay))
    return frozenset(found)


DOUBLE_OFFSETS: dict[str, frozenset[tuple[int, int]]] = {s: offsets_of(s) for s in SHAPE_CELLS}
"""[decision] "The dots on the discarded tile" are the four cells of its shape: a Double
Harvest takes two board tiles whose offset (file step, rank step) is the offset between two
cells of the shape under one of the 8 rotations and reflections (:func:`offsets_of`)."""


def _forward(offset: tuple[int, int]) -> bool:
    dc, dr = offset
    return dc > 0 or (dc == 0 and dr > 0)


def _valid_mask(dc: int, dr: int) -> Bitboard:
    mask = 0
    for c in range(CELLS):
        f, r = divmod(c, SIZE)
        if 0 <= f + dc < SIZE and 0 <= r + dr < SIZE:
            mask |= 1 << c
    return mask


# Every pair (a, b), a < b, that some shape reaches: the pair actions.
_UNION = sorted(
    {o for s in SHAPE_CELLS for o in DOUBLE_OFFSETS[s] if _forward(o)},
)
_PAIRS = sorted(
    (a, a + dc * SIZE + dr)
    for dc, dr in _UNION
    for a in range(CELLS)
    if _valid_mask(dc, dr) >> a & 1
)
PAIR_A = tuple(a for a, _ in _PAIRS)
PAIR_B = tuple(b for _, b in _PAIRS)
PAIR_OF = {pair: index for index, pair in enumerate(_PAIRS)}
"""The pair number of each reachable pair of cells (a, b), a < b."""

PICK_NEIGHBOURHOOD = KING
"""[decision] The cells "surrounding" the Start cell, where the two initial picks are made:
its 8 king-move neighbours (3 or 5 at a corner or an edge)."""

KING_MASK = tuple(
    sum(
        1 << cell_index(FILES[f + dc] + str(r + dr + 1))
        for dc, dr in PICK_NEIGHBOURHOOD
        if 0 <= f + dc < SIZE and 0 <= r + dr < SIZE
    )
    for f in range(SIZE)
    for r in range(SIZE)
)
"""For each cell, the bitboard of its (up to 8) king-move neighbours: the pick zone."""

# Action numbers (see the package docs for the table).
ACT_PICK = 0
ACT_TAKE = 36
ACT_BURN = 72
ACT_KEEP = 108
ACT_PASS = 109
ACT_DOUBLE = 110
ACT_SINGLE = ACT_DOUBLE + NUM_TILES
ACT_DROP = ACT_SINGLE + NUM_TILES
ACT_PAIR = ACT_DROP + NUM_TILES
NUM_ACTIONS = ACT_PAIR + len(_PAIRS)


Chunks = tuple[tuple[tuple[int, ...], ...], ...]
"""Per 8-bit chunk of a mask, per chunk value, the tuple of values of its set bits."""


def chunk_table(values: list[int]) -> Chunks:
    """Tables to expand a bitmask into the tuple of ``values[bit]`` of its set bits (skip -1).

    >>> expand(chunk_table([10, 11, 12]), 0b101)
    (10, 12)
    """
    tables = []
    for base in range(0, len(values), 8):
        own = [values[base + i] if base + i < len(values) else -1 for i in range(8)]
        table: list[tuple[int, ...]] = [()]
        for byte in range(1, 256):  # its lowest bit's value, then those of the bits above it
            low = (byte & -byte).bit_length() - 1
            rest = table[byte & (byte - 1)]
            table.append(rest if own[low] < 0 else (own[low], *rest))
        tables.append(tuple(table))
    return tuple(tables)


def expand(tables: Chunks, mask: int) -> tuple[int, ...]:
    """The values of the set bits of ``mask`` (see :func:`chunk_table`), in bit order."""
    out: tuple[int, ...] = ()
    for table in tables:
        if mask & 255:
            out += table[mask & 255]
        mask >>= 8
        if not mask:
            break
    return out


CELL_CHUNKS = chunk_table(list(range(CELLS)))
TAKE_CHUNKS = chunk_table([ACT_TAKE + c for c in range(CELLS)])
BURN_CHUNKS = chunk_table([ACT_BURN + c for c in range(CELLS)])
SINGLE_CHUNKS = chunk_table([ACT_SINGLE + t for t in range(NUM_TILES)])
DROP_CHUNKS = chunk_table([ACT_DROP + t for t in range(NUM_TILES)])
TILE_CHUNKS = chunk_table(list(range(NUM_TILES)))


@dataclasses.dataclass(frozen=True)
class TileSet:
    """One tile set: shapes x colours, with the tables the rules read.

    ``shape_offsets[t]`` lists, for tile ``t``, the forward offsets its shape
    reaches as ``(shift, valid, pair_action_by_cell)``: a pair ``(a, a + shift)``
    is on the board exactly when bit ``a`` of ``valid`` is set, and its action
    number is ``pair_action_by_cell[a]``; ``pair_chunks[t]`` holds the same as
    ``(shift, valid, chunks)`` with :func:`chunk_table` tables of those actions.
    """

    name: str
    shapes: str
    colours: str
    codes: tuple[str, ...]
    names: tuple[str, ...]
    shape_of: tuple[int, ...]
    colour_of: tuple[int, ...]
    colour_masks: tuple[int, ...]
    shape_offsets: tuple[tuple[tuple[int, int, tuple[int, ...]], ...], ...]
    pair_chunks: tuple[tuple[tuple[int, int, Chunks], ...], ...]

    def tile(self, code: str) -> int:
        """The tile number of a two-letter code such as ``Lc`` (ValueError if none)."""
        try:
            return self.codes.index(code)
        except ValueError:
            raise ValueError(f"{code!r} is not a tile of the {self.name} set") from None

    def tile_by_name(self, name: str) -> int:
        """The tile number of a name such as ``L.cyan`` (ValueError if none)."""
        try:
            return self.names.index(name)
        except ValueError:
            raise ValueError(f"{name!r} is not a tile of the {self.name} set") from None


def _shape_table(shape: str) -> tuple[tuple[int, int, tuple[int, ...]], ...]:
    rows = []
    for dc, dr in sorted(o for o in DOUBLE_OFFSETS[shape] if _forward(o)):
        shift = dc * SIZE + dr
        valid = _valid_mask(dc, dr)
        acts = tuple(
            ACT_PAIR + PAIR_OF[(a, a + shift)] if valid >> a & 1 else -1 for a in range(CELLS)
        )
        rows.append((shift, valid, acts))
    return tuple(rows)


def _tileset(name: str, shapes: str, colours: str) -> TileSet:
    codes, names, shape_of, colour_of = [], [], [], []
    for si, shape in enumerate(shapes):
        for ci, letter in enumerate(colours):
            codes.append(shape + letter)
            names.append(f"{shape}.{COLOUR_NAMES[COLOUR_LETTERS.index(letter)]}")
            shape_of.append(si)
            colour_of.append(ci)
    assert len(codes) == NUM_TILES
    masks = tuple(
        sum(1 << t for t in range(NUM_TILES) if colour_of[t] == ci) for ci in range(len(colours))
    )
    tables = {shape: _shape_table(shape) for shape in shapes}
    chunks = {
        shape: tuple(
            (shift, valid, chunk_table(list(acts))) for shift, valid, acts in tables[shape]
        )
        for shape in shapes
    }
    return TileSet(
        name=name,
        shapes=shapes,
        colours=colours,
        codes=tuple(codes),
        names=tuple(names),
        shape_of=tuple(shape_of),
        colour_of=tuple(colour_of),
        colour_masks=masks,
        shape_offsets=tuple(tables[shapes[shape_of[t]]] for t in range(NUM_TILES)),
        pair_chunks=tuple(chunks[shapes[shape_of[t]]] for t in range(NUM_TILES)),
    )


FREE = _tileset("free", "IOTLS", "roygcbw")
"""7 colours x the 5 free tetrominoes."""
ONE_SIDED = _tileset("one-sided", "IOTSZJL", "roygc")
"""5 colours x the 7 one-sided Tetris pieces."""
