"""SFIRS notation: action numbers and texts, and the position string.

Action encoding (ints below :data:`NUM_ACTIONS` = 20,881):

* a move ``from-to`` is ``from * 144 + to`` (0 .. 20,735);
* a revival ``+cell`` is ``20,736 + cell``;
* ``stop`` (ending a chain before its last possible step) is ``20,880``.

Position string: six fields separated by spaces,
``BOARD SIDE CHAIN LAST TURN FIRST``:

* ``BOARD``: ranks 12 down to 1 separated by ``/``, files a..l in each; a
  number is a run of empty cells; ``W``/``B`` an active (turned) cube,
  ``w``/``b`` an inactive cube or a cube in the start area;
* ``SIDE``: ``w`` or ``b``, the colour to move (at the end: the colour that
  could not move, or would have moved next);
* ``CHAIN``: ``-`` at the start of a turn; in the middle of a chain, the cell of
  the cube just moved, a comma, and ``start`` or ``nostart``: whether moves out
  of the start area are permitted this turn (computed at the start of the turn);
* ``LAST``: ``w``, ``b`` or ``-``, who last moved a cube that was already in the
  play area;
* ``TURN``: completed turns;
* ``FIRST``: the colours that have not made their first move yet (``wb``,
  ``w``, ``b`` or ``-``).

>>> action_text(52 * 144 + 50), action_text(REVIVE + 78), action_text(STOP)
('e5-c5', '+g7', 'stop')
>>> fields = parse_position(INITIAL_POSITION)
>>> format_position(fields) == INITIAL_POSITION
True
"""

from __future__ import annotations

import re
from typing import NamedTuple

from shoal.core import InvalidNotationError, InvalidPositionError

from .geometry import CELLS, EDGE, SIZE, START, Bitboard, cell_name, parse_cell

__all__ = [
    "INITIAL_POSITION",
    "NUM_ACTIONS",
    "REVIVE",
    "STOP",
    "PositionFields",
    "action_text",
    "check_notation",
    "format_position",
    "parse_action_text",
    "parse_position",
]

REVIVE = CELLS * CELLS
STOP = REVIVE + CELLS
NUM_ACTIONS = STOP + 1
COLOURS = "wb"

_CELL = r"[a-l](?:1[0-2]|[1-9])"
_MOVE_RE = re.compile(rf"^({_CELL})-({_CELL})$")
_REVIVE_RE = re.compile(rf"^\+({_CELL})$")

INITIAL_POSITION = "12/1B8B1/12/12/4bwbw4/4wbwb4/4bwbw4/4wbwb4/12/12/1W8W1/12 w - - 0 wb"
"""The start position with White to move."""


def action_text(action: int) -> str:
    """The notation of ``action``: ``e5-c5``, ``+c7`` or ``stop``."""
    if action < REVIVE:
        origin, to = divmod(action, CELLS)
        return f"{cell_name(origin)}-{cell_name(to)}"
    if action < STOP:
        return "+" + cell_name(action - REVIVE)
    return "stop"


def parse_action_text(text: str) -> int:
    """The action number of well-formed ``text`` (raises InvalidNotationError).

    >>> parse_action_text("e5-c5") == 52 * 144 + 50
    True
    """
    match = _MOVE_RE.match(text)
    if match:
        return parse_cell(match.group(1)) * CELLS + parse_cell(match.group(2))
    match = _REVIVE_RE.match(text)
    if match:
        return REVIVE + parse_cell(match.group(1))
    if text == "stop":
        return STOP
    raise InvalidNotationError(
        f"{text!r}: an SFIRS action is a move like e5-c5, a revival like +c7, or stop"
    )


def check_notation(text: str) -> None:
    """Raise InvalidNotationError unless ``text`` is a well-formed action."""
    parse_action_text(text)


class PositionFields(NamedTuple):
    """The raw contents of a position string."""

    white: Bitboard
    black: Bitboard
    active: Bitboard
    colour: int
    """0 White, 1 Black: the colour to move."""
    just: int
    """The cube just moved in a chain, or -1 at the start of a turn."""
    permit: bool
    """Mid-chain: moves out of the start area permitted this turn."""
    last: int
    """-1, or the colour that last moved a cube already in the play area."""
    turn: int
    first: int
    """Bit ``colour`` set while that colour has not made its first move."""


def format_position(f: PositionFields) -> str:
    """The position string of ``f``."""
    ranks = []
    for y in range(SIZE - 1, -1, -1):
        out = []
        run = 0
        for x in range(SIZE):
            c = x + SIZE * y
            bit = 1 << c
            if f.white & bit:
                char = "W" if f.active & bit else "w"
            elif f.black & bit:
                char = "B" if f.active & bit else "b"
            else:
                run += 1
                continue
            if run:
                out.append(str(run))
                run = 0
            out.append(char)
        if run:
            out.append(str(run))
        ranks.append("".join(out))
    chain = "-"
    if f.just >= 0:
        chain = f"{cell_name(f.just)},{'start' if f.permit else 'nostart'}"
    last = "-" if f.last < 0 else COLOURS[f.last]
    first = "".join(COLOURS[c] for c in (0, 1) if f.first >> c & 1) or "-"
    return f"{'/'.join(ranks)} {COLOURS[f.colour]} {chain} {last} {f.turn} {first}"


def _bad(text: str, why: str) -> InvalidPositionError:
    return InvalidPositionError(f"{text!r}: {why}")


def parse_position(text: str) -> PositionFields:
    """The fields of a position string, checked for form and simple consistency.

    Raises InvalidPositionError with the reason. (The game checks what needs
    the rules, such as a chain without a possible follow-up.)
    """
    if not isinstance(text, str):
        raise InvalidPositionError(f"{text!r} is not a position string")
    parts = text.split()
    if len(parts) != 6:
        raise _bad(text, "expected six fields: BOARD SIDE CHAIN LAST TURN FIRST")
    board, side, chain, last_text, turn_text, first_text = parts
    ranks = board.split("/")
    if len(ranks) != SIZE:
        raise _bad(text, f"the board needs {SIZE} ranks separated by '/', not {len(ranks)}")
    white = black = active = 0
    for index, rank in enumerate(ranks):
        y = SIZE - 1 - index
        x = 0
        for token in re.findall(r"\d+|.", rank):
            if token.isascii() and token.isdigit():
                x += int(token)
                continue
            if token not in "WwBb":
                raise _bad(text, f"{token!r} is not a cube (W, w, B, b) or a number")
            if x >= SIZE:
                raise _bad(text, f"rank {y + 1} has more than {SIZE} cells")
            c = x + SIZE * y
            bit = 1 << c
            if token in "Ww":
                white |= bit
            else:
                black |= bit
            if token.isupper():
                if START & bit:
                    raise _bad(text, f"{cell_name(c)} is in the start area: write it lowercase")
                if EDGE & bit:
                    raise _bad(text, f"{cell_name(c)} is on the outer edge: it cannot be active")
                active |= bit
            x += 1
        if x != SIZE:
            raise _bad(text, f"rank {y + 1} has {x} cells, not {SIZE}")
    for name, board_bits in (("White", white), ("Black", black)):
        if bin(board_bits).count("1") > 10:
            raise _bad(text, f"{name} has more than 10 cubes")
    if side not in COLOURS:
        raise _bad(text, f"the side to move is w or b, not {side!r}")
    colour = COLOURS.index(side)
    just, permit = -1, False
    if chain != "-":
        cell_text, _, permit_text = chain.partition(",")
        if permit_text not in ("start", "nostart"):
            raise _bad(text, "a chain is CELL,start or CELL,nostart (or - at a turn's start)")
        try:
            just = parse_cell(cell_text)
        except KeyError:
            raise _bad(text, f"{cell_text!r} is not a cell") from None
        mine = white if colour == 0 else black
        if not mine >> just & 1 or active >> just & 1 or START >> just & 1:
            raise _bad(text, f"the chain's cube {cell_text} must be an inactive cube of {side}")
        permit = permit_text == "start"
    if last_text not in ("w", "b", "-"):
        raise _bad(text, f"the last play-area mover is w, b or -, not {last_text!r}")
    last = -1 if last_text == "-" else COLOURS.index(last_text)
    if not (turn_text.isascii() and turn_text.isdigit()):
        raise _bad(text, f"the turn count {turn_text!r} is not a number")
    turn = int(turn_text)
    if first_text not in ("wb", "w", "b", "-"):
        raise _bad(text, f"the first-move field is wb, w, b or -, not {first_text!r}")
    first = sum(1 << c for c in (0, 1) if COLOURS[c] in first_text)
    if just >= 0 and first >> colour & 1:
        raise _bad(text, "a colour in the middle of a chain has made its first move")
    return PositionFields(white, black, active, colour, just, permit, last, turn, first)
