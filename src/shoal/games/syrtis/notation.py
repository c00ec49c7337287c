"""Syrtis notation: action text and position strings.

Actions (see :mod:`.geometry` for their numbers): tower move ``c3-d5``, slide
``c3>e3``, sink ``xb2``, ``pass``, pair switch ``swap c1`` (a pair is named by
its cell that comes first in the order a1, b1, ..., a2, ...), tower placement
``L@c3`` / ``D@d4``, side choice ``light`` / ``dark``. Input is read
case-insensitively and with spaces ignored except inside ``swap c1``.

Position string: seven space-separated fields.

1. the board, ranks from the top down to rank 1 separated by ``/``; a cell is
   ``.`` (no tile) or a tile letter (``c`` light circle, ``s`` light square,
   ``C`` dark circle, ``S`` dark square) followed by ``L`` or ``D`` when a
   Light or Dark tower stands on it;
2. the phase: ``swap`` (pair switching), ``place`` (towers), ``choose``
   (side choice) or ``play``;
3. the seat playing Light: ``0``, ``1``, or ``-`` before the side choice;
4. the seat to move, ``0`` or ``1``, or ``-`` once the game is over;
5. the sink streak: ``-`` when nobody has sunk a tile yet, else the side that
   sank last (``L`` or ``D``) and how many tiles it has sunk since the other
   side last sank, e.g. ``D3``;
6. the passes in a row of Light and of Dark, e.g. ``0,2`` (own turns);
7. the number of turns played so far (every set-up decision is a turn).

>>> from shoal.games.syrtis.geometry import geometry
>>> g = geometry(4)
>>> [format_action(g, a) for a in (3, 16 * 16 + 1, 2 * 256 + 5, g.pass_action, g.swap_base)]
['a1-d1', 'a1>b1', 'xb2', 'pass', 'swap a1']
>>> text_to_action(g, " L@C3 ") == g.place_l_base + g.cell("c3")
True
"""

from __future__ import annotations

import dataclasses
import re
from typing import NamedTuple

from shoal.core import InvalidNotationError, InvalidPositionError

from .geometry import Geometry

__all__ = [
    "PHASES",
    "SETUP_WORDS",
    "PositionFields",
    "SetupWords",
    "format_action",
    "format_position",
    "normalize",
    "parse_position",
    "text_to_action",
]

PHASES = ("swap", "place", "choose", "play")
"""Phase names of the position string, indexed by the phase number."""


class SetupWords(NamedTuple):
    """What a set-up phase asks, in words: ``status`` for the status line and the board's
    caption, ``duty`` for the reason a refused action gives."""

    status: str
    duty: str


SETUP_WORDS = (
    SetupWords(
        "the set-up player switches pairs until no colour or shape is all one group",
        "the set-up player must switch pairs until no colour or shape is connected",
    ),
    SetupWords("the set-up player places the towers", "the set-up player places the towers"),
    SetupWords("the other player chooses Light or Dark", "the other player chooses a side"),
)
"""The set-up phases' wordings, indexed like :data:`PHASES` (the one table every
interface and explanation uses)."""

TILE_LETTERS = "SsCc"
"""Tile letter by type index ``2 * is_circle + is_light``."""

_CELL = r"([a-f])([1-6])"
_RE = {
    "move": re.compile(rf"^{_CELL}-{_CELL}$"),
    "slide": re.compile(rf"^{_CELL}>{_CELL}$"),
    "sink": re.compile(rf"^x{_CELL}$"),
    "place": re.compile(rf"^([LD])@{_CELL}$"),
    "swap": re.compile(rf"^swap {_CELL}$"),
}


def format_action(geo: Geometry, action: int) -> str:
    """The notation of ``action`` on a board with geometry ``geo``."""
    c = geo.cells
    names = geo.names
    if action < geo.slide_base:
        return f"{names[action // c]}-{names[action % c]}"
    if action < geo.sink_base:
        a = action - geo.slide_base
        return f"{names[a // c]}>{names[a % c]}"
    if action < geo.place_l_base:
        return "x" + names[action - geo.sink_base]
    if action < geo.place_d_base:
        return "L@" + names[action - geo.place_l_base]
    if action < geo.swap_base:
        return "D@" + names[action - geo.place_d_base]
    if action < geo.pass_action:
        return "swap " + names[action - geo.swap_base]
    if action == geo.pass_action:
        return "pass"
    if action == geo.light_action:
        return "light"
    if action == geo.dark_action:
        return "dark"
    raise InvalidNotationError(f"action {action} is out of range")


def normalize(text: str) -> str:
    """Canonical spelling: lower case, no spaces, except ``swap c1`` and ``L@``/``D@``."""
    t = "".join(text.split()).lower()
    if t.startswith("swap"):
        return "swap " + t[4:]
    if t[1:2] == "@":
        return t[0].upper() + t[1:]
    return t


def text_to_action(geo: Geometry, text: str) -> int:
    """The action number that well-formed ``text`` names, legal or not.

    Raises InvalidNotationError for text that is no Syrtis action on this board.
    """
    t = normalize(text)
    if t == "pass":
        return geo.pass_action
    if t == "light":
        return geo.light_action
    if t == "dark":
        return geo.dark_action
    for kind, pattern in _RE.items():
        m = pattern.match(t)
        if not m:
            continue
        groups = m.groups()
        if kind == "place":
            cells = [_cell(geo, t, groups[1] + groups[2])]
        else:
            cells = [_cell(geo, t, groups[i] + groups[i + 1]) for i in range(0, len(groups), 2)]
        if kind == "move":
            return geo.move_base + cells[0] * geo.cells + cells[1]
        if kind == "slide":
            return geo.slide_base + cells[0] * geo.cells + cells[1]
        if kind == "sink":
            return geo.sink_base + cells[0]
        if kind == "swap":
            return geo.swap_base + cells[0]
        base = geo.place_l_base if groups[0] == "L" else geo.place_d_base
        return base + cells[0]
    raise InvalidNotationError(
        f"{text.strip()!r} is not a Syrtis action (examples: c3-d5, c3>e3, xb2, pass, "
        "swap c1, L@c3, D@d4, light, dark)"
    )


def _cell(geo: Geometry, text: str, name: str) -> int:
    if name not in geo.index:
        last = geo.names[-1]
        raise InvalidNotationError(f"{text}: {name} is off the board (a1..{last})")
    return geo.index[name]


@dataclasses.dataclass(frozen=True)
class PositionFields:
    """The contents of a position string, read but not yet checked against the rules."""

    tiles: int
    light: int
    circle: int
    light_towers: int
    dark_towers: int
    phase: int
    light_seat: int
    to_move: int | None
    sinker: int
    streak: int
    passes: tuple[int, int]
    turn: int


def format_position(geo: Geometry, f: PositionFields) -> str:
    """The position string of ``f`` (see the module docstring)."""
    ranks = []
    for r in range(geo.n - 1, -1, -1):
        out = []
        for col in range(geo.n):
            bit = 1 << (r * geo.n + col)
            if not f.tiles & bit:
                out.append(".")
                continue
            out.append(TILE_LETTERS[2 * bool(f.circle & bit) + bool(f.light & bit)])
            if f.light_towers & bit:
                out.append("L")
            elif f.dark_towers & bit:
                out.append("D")
        ranks.append("".join(out))
    seat = "-" if f.light_seat < 0 else str(f.light_seat)
    mover = "-" if f.to_move is None else str(f.to_move)
    streak = "-" if f.sinker < 0 else "LD"[f.sinker] + str(f.streak)
    return (
        f"{'/'.join(ranks)} {PHASES[f.phase]} {seat} {mover} {streak} "
        f"{f.passes[0]},{f.passes[1]} {f.turn}"
    )


def _bad(text: str, why: str) -> InvalidPositionError:
    return InvalidPositionError(f"{text!r}: {why}")


def parse_position(geo: Geometry, text: str) -> PositionFields:
    """Read a position string's fields (syntax only; raises InvalidPositionError)."""
    if not isinstance(text, str):
        raise InvalidPositionError(f"{text!r} is not text")
    parts = text.split()
    if len(parts) != 7:
        raise _bad(
            text,
            "expected 7 fields: board phase light-seat to-move streak passes turn",
        )
    board, phase, seat, mover, streak, passes, turn = parts
    ranks = board.split("/")
    n = geo.n
    if len(ranks) != n:
        raise _bad(text, f"the board needs {n} ranks separated by '/', found {len(ranks)}")
    tiles = light = circle = lt = dt = 0
    for k, rank in enumerate(ranks):
        r = n - 1 - k
        col = 0
        i = 0
        while i < len(rank):
            ch = rank[i]
            if col >= n:
                raise _bad(text, f"rank {r + 1} has more than {n} cells")
            bit = 1 << (r * n + col)
            if ch == ".":
                i += 1
            elif ch in TILE_LETTERS:
                kind = TILE_LETTERS.index(ch)
                tiles |= bit
                if kind & 1:
                    light |= bit
                if kind & 2:
                    circle |= bit
                i += 1
                if i < len(rank) and rank[i] in "LD":
                    if rank[i] == "L":
                        lt |= bit
                    else:
                        dt |= bit
                    i += 1
            else:
                raise _bad(text, f"{ch!r} in rank {r + 1} is not '.', c, s, C, S, L or D")
            col += 1
        if col != n:
            raise _bad(text, f"rank {r + 1} has {col} cells, not {n}")
    if phase not in PHASES:
        raise _bad(text, f"phase {phase!r} is not one of {', '.join(PHASES)}")
    if seat not in ("-", "0", "1"):
        raise _bad(text, f"the Light seat {seat!r} is not 0, 1 or -")
    if mover not in ("-", "0", "1"):
        raise _bad(text, f"the seat to move {mover!r} is not 0, 1 or -")
    if streak == "-":
        sinker, count = -1, 0
    else:
        m = re.fullmatch(r"([LD])([1-9][0-9]*)", streak)
        if not m:
            raise _bad(text, f"the sink streak {streak!r} is not '-' or like L2 / D3")
        sinker, count = "LD".index(m.group(1)), int(m.group(2))
    m = re.fullmatch(r"([0-9]+),([0-9]+)", passes)
    if not m:
        raise _bad(text, f"the passes {passes!r} are not two counts like 0,1")
    if not (turn.isascii() and turn.isdigit()):
        raise _bad(text, f"the turn {turn!r} is not a number")
    return PositionFields(
        tiles,
        light,
        circle,
        lt,
        dt,
        PHASES.index(phase),
        -1 if seat == "-" else int(seat),
        None if mover == "-" else int(mover),
        sinker,
        count,
        (int(m.group(1)), int(m.group(2))),
        int(turn),
    )
