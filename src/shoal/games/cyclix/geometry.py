"""Board geometry of Cyclix, built once at import: squares, rays, knight jumps, lines.

Squares are ints ``0..48``: ``a1 = 0``, ``b1 = 1`` ... ``g1 = 6``, ``a2 = 7`` ...
``g7 = 48`` (``square = 7 * rank + file``). A set of squares is a bitboard: a
Python int whose bit ``s`` stands for square ``s``.

>>> SQUARE_NAMES[0], SQUARE_NAMES[48], square_of("c3")
('a1', 'g7', 16)
>>> [SQUARE_NAMES[s] for s in RAYS[square_of("a1")][0]]
['b1', 'c1', 'd1', 'e1', 'f1', 'g1']
>>> bin(BETWEEN_ANY[square_of("a1") * 49 + square_of("a4")])
'0b100000010000000'
"""

from __future__ import annotations

__all__ = [
    "ADJACENT_BB",
    "ALL_SQUARES",
    "BETWEEN_ANY",
    "BETWEEN_DIAG",
    "BETWEEN_ORTH",
    "BISHOP",
    "DIRECTIONS",
    "FILES",
    "KINDS",
    "KING",
    "KNIGHT",
    "KNIGHT_BB",
    "KNIGHT_KIND",
    "NUM_ACTIONS",
    "NUM_SQUARES",
    "PASS",
    "RAYS",
    "ROOK",
    "SIZE",
    "SQUARE_NAMES",
    "Bitboard",
    "Square",
    "decode",
    "encode",
    "square_of",
]

Square = int
"""A square ``0..48`` (``7 * rank + file``, a1 = 0)."""

Bitboard = int
"""A set of squares as an int (bit ``s`` = square ``s``)."""

SIZE = 7
NUM_SQUARES = SIZE * SIZE
FILES = "abcdefg"
ALL_SQUARES: Bitboard = (1 << NUM_SQUARES) - 1
SQUARE_NAMES: tuple[str, ...] = tuple(
    f"{FILES[s % SIZE]}{s // SIZE + 1}" for s in range(NUM_SQUARES)
)
_INDEX = {name: s for s, name in enumerate(SQUARE_NAMES)}

DIRECTIONS: tuple[tuple[int, int], ...] = (
    (1, 0),
    (-1, 0),
    (0, 1),
    (0, -1),
    (1, 1),
    (-1, -1),
    (1, -1),
    (-1, 1),
)
"""(file step, rank step): the four orthogonal directions first, then the four diagonal."""


def square_of(name: str) -> Square:
    """The square named ``name`` (``"a1"`` .. ``"g7"``); KeyError for anything else."""
    return _INDEX[name]


def _on(f: int, r: int) -> bool:
    return 0 <= f < SIZE and 0 <= r < SIZE


def _ray(s: Square, df: int, dr: int) -> tuple[Square, ...]:
    f, r = s % SIZE + df, s // SIZE + dr
    out = []
    while _on(f, r):
        out.append(r * SIZE + f)
        f, r = f + df, r + dr
    return tuple(out)


RAYS: tuple[tuple[tuple[Square, ...], ...], ...] = tuple(
    tuple(_ray(s, df, dr) for df, dr in DIRECTIONS) for s in range(NUM_SQUARES)
)
"""``RAYS[s][d]``: the squares from ``s`` (excluded) outward in direction ``d``, nearest first."""

KNIGHT: tuple[tuple[Square, ...], ...] = tuple(
    tuple(
        (s // SIZE + dr) * SIZE + s % SIZE + df
        for df, dr in ((1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2))
        if _on(s % SIZE + df, s // SIZE + dr)
    )
    for s in range(NUM_SQUARES)
)
"""``KNIGHT[s]``: the knight jumps from ``s``."""

KNIGHT_BB: tuple[Bitboard, ...] = tuple(sum(1 << t for t in KNIGHT[s]) for s in range(49))
ADJACENT_BB: tuple[Bitboard, ...] = tuple(
    sum(1 << ray[0] for ray in RAYS[s] if ray) for s in range(NUM_SQUARES)
)


def _between(orth: bool, diag: bool) -> tuple[int, ...]:
    """Flat table ``[a * 49 + b]``: squares strictly between a and b, or -1 if not aligned."""
    table = [-1] * (NUM_SQUARES * NUM_SQUARES)
    for a in range(NUM_SQUARES):
        for d, ray in enumerate(RAYS[a]):
            if (d < 4 and not orth) or (d >= 4 and not diag):
                continue
            mask = 0
            for b in ray:
                table[a * NUM_SQUARES + b] = mask
                mask |= 1 << b
    return tuple(table)


BETWEEN_ORTH = _between(True, False)
"""``BETWEEN_ORTH[a * 49 + b]``: squares strictly between a and b on a rank or file, else -1."""
BETWEEN_DIAG = _between(False, True)
"""``BETWEEN_DIAG[a * 49 + b]``: squares strictly between a and b on a diagonal, else -1."""
BETWEEN_ANY = _between(True, True)
"""``BETWEEN_ANY[a * 49 + b]``: squares strictly between a and b on any line, else -1."""


KING, ROOK, BISHOP, KNIGHT_KIND = 0, 1, 2, 3
"""Piece kinds; piece index ``4 * side + kind`` (White 0..3, Black 4..7)."""
KINDS = "KRBN"
"""The letter of each kind, by kind."""
PASS = NUM_SQUARES * NUM_SQUARES * 4
"""The forfeit action (``pass``): legal only when nothing else is."""
NUM_ACTIONS = PASS + 1
"""Actions are ints below this: ``(from * 49 + to) * 4 + reentry``, and PASS."""


def encode(frm: Square, to: Square, reentry: int = 0) -> int:
    """The action moving the piece on ``frm`` to ``to`` (``reentry``: 0 or a kind 1..3).

    >>> encode(0, 14, 3)
    59
    """
    return (frm * NUM_SQUARES + to) * 4 + reentry


def decode(action: int) -> tuple[Square, Square, int]:
    """``(from, to, reentry)`` of a move action (not :data:`PASS`).

    >>> decode(59)
    (0, 14, 3)
    """
    ft, reentry = divmod(action, 4)
    frm, to = divmod(ft, NUM_SQUARES)
    return frm, to, reentry
