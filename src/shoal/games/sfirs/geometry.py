"""SFIRS board geometry: cells, regions, neighbourhoods and rays, built once at import.

The board has 12 files ``a``..``l`` and 12 ranks ``1``..``12``. Cell ``x + 12 * y``
is file ``x`` (0 = ``a``) and rank ``y + 1``; a bitboard is a Python int whose
bit ``c`` stands for cell ``c``.

Regions: the **outer edge** (44 cells in file a or l or rank 1 or 12), the
**start area** (the centre 4x4, e5..h8) and the **play area** (the other 84).

"Next to" means the 8 surrounding cells (:data:`NB8`); the "in line" rule uses
the 4 orthogonal ones (:data:`ORTH`).

>>> cell_name(0), cell_name(143), parse_cell("e5")
('a1', 'l12', 52)
>>> bin(EDGE).count("1"), bin(START).count("1"), bin(PLAY).count("1")
(44, 16, 84)
"""

from __future__ import annotations

__all__ = [
    "CELLS",
    "DIRECTIONS",
    "EDGE",
    "FILES",
    "MOVE_CROSSES",
    "MOVE_PASS",
    "NB8",
    "ORTH",
    "PLAY",
    "RAYS",
    "SIZE",
    "START",
    "Bitboard",
    "Cell",
    "Step",
    "bits",
    "cell_name",
    "parse_cell",
    "region",
]

Cell = int
"""A square of the board, ``x + 12 * y``."""

Bitboard = int
"""A set of cells as an int (bit ``c`` = cell ``c``)."""

SIZE = 12
CELLS = SIZE * SIZE
FILES = "abcdefghijkl"
DIRECTIONS = ((1, 0), (-1, 0), (0, 1), (0, -1))

_NAMES = tuple(f"{FILES[c % SIZE]}{c // SIZE + 1}" for c in range(CELLS))
_BY_NAME = {name: c for c, name in enumerate(_NAMES)}


def cell_name(cell: Cell) -> str:
    """The name of ``cell``, e.g. ``e5``."""
    return _NAMES[cell]


def parse_cell(text: str) -> Cell:
    """The cell named ``text`` (raises KeyError for a name off the board)."""
    return _BY_NAME[text]


def bits(board: Bitboard) -> list[Cell]:
    """The cells of ``board`` in increasing order.

    >>> bits(0b1010)
    [1, 3]
    """
    out = []
    while board:
        low = board & -board
        out.append(low.bit_length() - 1)
        board ^= low
    return out


def _on_board(x: int, y: int) -> bool:
    return 0 <= x < SIZE and 0 <= y < SIZE


EDGE: Bitboard = sum(
    1 << (x + SIZE * y)
    for y in range(SIZE)
    for x in range(SIZE)
    if x in (0, SIZE - 1) or y in (0, SIZE - 1)
)
START: Bitboard = sum(1 << (x + SIZE * y) for y in range(4, 8) for x in range(4, 8))
PLAY: Bitboard = ((1 << CELLS) - 1) & ~EDGE & ~START


def region(cell: Cell) -> str:
    """``"edge"``, ``"start"`` or ``"play"``."""
    if EDGE >> cell & 1:
        return "edge"
    if START >> cell & 1:
        return "start"
    return "play"


def _neighbours(cell: Cell, steps: tuple[tuple[int, int], ...]) -> Bitboard:
    x, y = cell % SIZE, cell // SIZE
    return sum(1 << (x + dx + SIZE * (y + dy)) for dx, dy in steps if _on_board(x + dx, y + dy))


_KING = tuple((dx, dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1) if dx or dy)
NB8: tuple[Bitboard, ...] = tuple(_neighbours(c, _KING) for c in range(CELLS))
"""The 8 cells next to each cell."""
ORTH: tuple[Bitboard, ...] = tuple(_neighbours(c, DIRECTIONS) for c in range(CELLS))
"""The 4 cells orthogonally next to each cell."""


Step = tuple[int, int, int, bool]
"""One step of a ray: ``(to, to_bit, passed, crosses)``."""


def _rays() -> tuple[tuple[tuple[int, tuple[Step, ...]], ...], ...]:
    """Per cell and direction: the bit of the first cell, and the steps from 2 on.

    A step is ``(to, to_bit, passed, crosses)``: ``passed`` is every cell next
    to a cell travelled through up to ``to`` (the start cell excluded);
    ``crosses`` is True when a cell strictly between the start and ``to`` is in
    the start area. Moves are at least 2 long, so the first cell only blocks.
    """
    table = []
    for cell in range(CELLS):
        x, y = cell % SIZE, cell // SIZE
        per_dir = []
        for dx, dy in DIRECTIONS:
            steps = []
            passed = 0
            crosses = False
            first_bit = 0
            k = 1
            while _on_board(x + k * dx, y + k * dy):
                to = x + k * dx + SIZE * (y + k * dy)
                passed |= NB8[to]
                if k == 1:
                    first_bit = 1 << to
                else:
                    steps.append((to, 1 << to, passed, crosses))
                if START >> to & 1:
                    crosses = True
                k += 1
            if first_bit:
                per_dir.append((first_bit, tuple(steps)))
        table.append(tuple(per_dir))
    return tuple(table)


RAYS = _rays()
"""``RAYS[cell]``: per direction on the board, ``(first_bit, steps)`` (see :func:`_rays`)."""

MOVE_PASS: list[Bitboard] = [0] * (CELLS * CELLS)
"""``MOVE_PASS[from * 144 + to]``: the cells next to the cells travelled through."""
MOVE_CROSSES: list[bool] = [False] * (CELLS * CELLS)
"""``MOVE_CROSSES[from * 144 + to]``: True when the move crosses start-area cells."""
for _cell in range(CELLS):
    for _first, _steps in RAYS[_cell]:
        for _to, _bit, _passed, _crosses in _steps:
            MOVE_PASS[_cell * CELLS + _to] = _passed
            MOVE_CROSSES[_cell * CELLS + _to] = _crosses
