"""Sytran notation: cell names and the position string.

Cells. ``(q, r)`` is named by the letter for ``q + B - 1`` (``a`` = 0) and the
number ``r + B``: on base 10 the centre is ``j10`` and its neighbours are
``i10``, ``k10``, ``j9``, ``j11``, ``k9`` and ``i11``. A whole turn is its
stones joined by commas, sorted by file then rank (numerically): ``e5,f7``; the
swap is ``swap``.

Position string: five fields separated by spaces,
``ROWS COLOUR PLACED:RING SEATS TURN``.

* ``ROWS``: the board's rows (constant rank), from the top rank ``2B - 1`` down
  to rank 1, separated by ``/``; each row from its leftmost (lowest file) cell
  to the right: ``w`` White, ``b`` Black, a number for that many empty cells.
* ``COLOUR``: the colour to move, ``w`` or ``b``; ``-`` once the game is over.
* ``PLACED:RING``: stones placed so far in this turn and the innermost ring
  they used (``0:-`` at the start of a turn).
* ``SEATS``: the colours of seat 0 and seat 1: ``wb``, or ``bw`` after a swap.
* ``TURN``: the number of completed turns (the swap counts as a turn).

>>> from shoal.games.sytran.geometry import geometry
>>> geo = geometry(6)
>>> text = format_position(geo, geo.bit[0], 0, 1, 0, 6, 0, 1)
>>> text
'6/7/8/9/10/5w5/10/9/8/7/6 b 0:- wb 1'
>>> parse_position(geo, text) == (geo.bit[0], 0, 1, 0, 6, 0, 1)
True
"""

from __future__ import annotations

import functools
import operator
import re
from collections.abc import Callable

from shoal.core import InvalidNotationError, InvalidPositionError

from .geometry import FILES, Cell, Geometry, cell_colours

__all__ = [
    "SWAP_TEXT",
    "TURN_SEPARATOR",
    "format_position",
    "parse_cell_text",
    "parse_position",
    "rows",
]

TURN_SEPARATOR = ","
"""[decision] A whole turn is its stones' cells joined by this, sorted by file then rank."""
SWAP_TEXT = "swap"
"""[decision] The notation of Black's swap."""

_CELL = re.compile(r"([a-z])([0-9]{1,2})")
_ROW = re.compile(r"[0-9]+|[wb]")
_CHARS = bytes.maketrans(b"\x00\x01\x02", b".wb")
_EMPTY_RUN = re.compile(r"\.+")


def _run_length(match: re.Match[str]) -> str:
    return str(len(match.group()))


@functools.cache
def _row_pickers(geo: Geometry) -> tuple[Callable[[str], tuple[str, ...]], ...]:
    """Per row of :func:`rows`: picks the row's cells (in order) from a string per cell id."""
    return tuple(
        operator.itemgetter(*row) if len(row) > 1 else lambda board, c=row[0]: (board[c],)
        for row in rows(geo)
    )


def parse_cell_text(geo: Geometry, text: str) -> Cell:
    """The cell id that ``text`` (lower case, no spaces) names; InvalidNotationError if none.

    >>> from shoal.games.sytran.geometry import geometry
    >>> parse_cell_text(geometry(10), "j10")
    0
    >>> parse_cell_text(geometry(10), "a1")
    Traceback (most recent call last):
    ...
    shoal.core.errors.InvalidNotationError: a1: not a cell of the base-10 board (a1 .. s19, \
the corners cut off)
    """
    cell = geo.by_name.get(text)
    if cell is not None:
        return cell
    span = geo.base - 1
    last = f"{FILES[2 * span]}{2 * span + 1}"
    if _CELL.fullmatch(text):
        raise InvalidNotationError(
            f"{text}: not a cell of the base-{geo.base} board (a1 .. {last}, the corners cut off)"
        )
    raise InvalidNotationError(
        f"{text!r}: a placement is a cell like j10 (file letter, rank number); "
        "a turn is cells joined by commas; or swap"
    )


@functools.cache
def rows(geo: Geometry) -> tuple[tuple[Cell, ...], ...]:
    """The board's rows from the top rank down, each from left to right (cell ids)."""
    span = geo.base - 1
    return tuple(
        tuple(geo.by_coord[(q, r)] for q in range(-span, span + 1) if (q, r) in geo.by_coord)
        for r in range(span, -span - 1, -1)
    )


def format_position(
    geo: Geometry,
    white: int,
    black: int,
    colour: int | None,
    placed: int,
    smallest: int,
    swapped: int,
    turn: int,
) -> str:
    """The position string of the given fields (see the module docstring)."""
    board = cell_colours(geo, white, black).translate(_CHARS).decode()
    parts = [_EMPTY_RUN.sub(_run_length, "".join(pick(board))) for pick in _row_pickers(geo)]
    ring = "-" if placed == 0 else str(smallest)
    side = "-" if colour is None else "wb"[colour]
    seats = "bw" if swapped else "wb"
    return f"{'/'.join(parts)} {side} {placed}:{ring} {seats} {turn}"


def parse_position(geo: Geometry, text: str) -> tuple[int, int, int | None, int, int, int, int]:
    """``(white, black, colour, placed, smallest, swapped, turn)`` from a position string.

    Raises InvalidPositionError with the reason when the string cannot be read
    or describes a position that cannot arise.
    """
    if not isinstance(text, str):
        raise InvalidPositionError(f"{text!r} is not text")
    fields = text.split()
    if len(fields) != 5:
        raise InvalidPositionError(
            f"{text!r}: expected 5 fields: rows, colour to move, placed:ring, seats, turn"
        )
    board, side, progress, seats, turn_text = fields
    board_rows = rows(geo)
    texts = board.split("/")
    if len(texts) != len(board_rows):
        raise InvalidPositionError(
            f"{text!r}: a base-{geo.base} board has {len(board_rows)} rows, not {len(texts)}"
        )
    white = black = 0
    for index, (row_text, row) in enumerate(zip(texts, board_rows)):
        rank = 2 * geo.base - 1 - index
        tokens = _ROW.findall(row_text)
        if "".join(tokens) != row_text or not row_text:
            raise InvalidPositionError(
                f"{text!r}: rank {rank}: {row_text!r} is not made of w, b and numbers"
            )
        pos = 0
        for token in tokens:
            if token in ("w", "b"):
                if pos >= len(row):
                    raise InvalidPositionError(f"{text!r}: rank {rank} has only {len(row)} cells")
                if token == "w":
                    white |= geo.bit[row[pos]]
                else:
                    black |= geo.bit[row[pos]]
                pos += 1
            else:
                if token.startswith("0"):
                    raise InvalidPositionError(f"{text!r}: rank {rank}: bad count {token!r}")
                pos += int(token)
        if pos != len(row):
            raise InvalidPositionError(
                f"{text!r}: rank {rank} has {len(row)} cells, the string gives {pos}"
            )
    full = (white | black) == geo.full
    if side not in ("w", "b", "-"):
        raise InvalidPositionError(f"{text!r}: the colour to move is w, b or - (over)")
    match = re.fullmatch(r"([0-9]):([0-9]|-)", progress)
    if match is None:
        raise InvalidPositionError(f"{text!r}: {progress!r} is not placed:ring, like 0:- or 2:5")
    placed = int(match.group(1))
    smallest = 6 if match.group(2) == "-" else int(match.group(2))
    if seats not in ("wb", "bw"):
        raise InvalidPositionError(f"{text!r}: seats are wb or bw (after a swap)")
    swapped = int(seats == "bw")
    if not (turn_text.isascii() and turn_text.isdigit()) or (
        len(turn_text) > 1 and turn_text[0] == "0"
    ):
        raise InvalidPositionError(f"{text!r}: the turn number {turn_text!r} is not a number")
    turn = int(turn_text)
    colour = None if side == "-" else "wb".index(side)
    # consistency
    if full != (colour is None):
        raise InvalidPositionError(
            f"{text!r}: the game is over exactly when the board is full"
            if full
            else f"{text!r}: the board is not full, so someone is to move"
        )
    if colour is None and placed:
        raise InvalidPositionError(f"{text!r}: the game is over, no turn is under way")
    if (placed == 0) != (smallest == 6):
        raise InvalidPositionError(f"{text!r}: a ring is given exactly when stones were placed")
    if placed and not (1 <= smallest <= geo.num_rings and placed < smallest):
        raise InvalidPositionError(
            f"{text!r}: after {placed} stones with innermost ring {smallest} the turn is over"
        )
    if colour is not None and colour != (turn + swapped) & 1:
        raise InvalidPositionError(
            f"{text!r}: on turn {turn} {'with' if swapped else 'without'} the swap, "
            f"{'wb'[(turn + swapped) & 1]} is to move"
        )
    if swapped and turn < 2:
        raise InvalidPositionError(f"{text!r}: a swap can only have happened by turn 2")
    if turn == 0 and black:
        raise InvalidPositionError(f"{text!r}: Black has stones before its first turn")
    if turn == 0 and white.bit_count() != placed:
        raise InvalidPositionError(
            f"{text!r}: in White's first turn the board holds exactly the {placed} stones "
            "placed so far"
        )
    if turn == 1 and not swapped and black.bit_count() != placed:
        raise InvalidPositionError(
            f"{text!r}: in Black's first turn the board holds exactly the {placed} Black "
            "stones placed so far"
        )
    if colour is not None and placed:
        mine = black if colour else white
        if mine.bit_count() < placed:
            raise InvalidPositionError(f"{text!r}: fewer stones on the board than placed")
        if not mine & geo.ring_mask[smallest]:
            raise InvalidPositionError(f"{text!r}: no stone of the mover on ring {smallest}")
        empties = geo.full & ~(white | black)
        allowed = sum(geo.ring_mask[k] for k in range(placed + 1, geo.num_rings + 1))
        if not empties & allowed:
            raise InvalidPositionError(f"{text!r}: no further stone is legal, so the turn is over")
    return white, black, colour, placed, smallest, swapped, turn
