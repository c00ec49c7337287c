"""Sirtet notation: atomic actions, whole turns and position strings.

Atomic actions (in the order a turn makes them)::

    pick b4                 initial pick next to the Start cell
    double L.cyan           discard L.cyan for a Double Harvest
    single O.blue           discard O.blue for a Single Harvest
    pass
    take c3+d5              the two cells of a Double Harvest, alphabetical
    take e2                 the cell of a Single Harvest
    burn b6 / keep          the optional board discard after a Single Harvest
    drop T.red              an equalising discard at the end

Whole turns: ``L.cyan: c3 d5``, ``O.blue: e2 / b6``, ``O.blue: e2``, ``pass``
(a pick or a drop is a turn of its own and keeps its atomic text).

Position string: nine space-separated fields::

    BOARD HARVEST0 HARVEST1 DISCARD START PHASE MOVER PASSES TURN

``BOARD`` lists ranks 6 to 1 separated by ``/``, each cell two characters
(``..`` a hole, else the shape letter and the colour letter, ``Lc``);
``HARVEST0``/``HARVEST1``/``DISCARD`` are tile codes run together in tile
order (``-`` when empty; the Start tile is always in the discard zone and is
not listed); ``START`` the Start cell; ``PHASE`` one of ``pick``, ``choose``,
``take2:Lc`` (the Double Harvest of the discarded L.cyan), ``take1``, ``burn``,
``drop``, ``over``; ``MOVER`` ``0``, ``1`` or ``-`` once over; ``PASSES`` the
run of consecutive passes just made (0 to 2); ``TURN`` the completed turns.

>>> parse_turn_parts("L.cyan: c3 d5")
['double L.cyan', 'take c3+d5']
>>> parse_turn_parts("O.blue: e2 / b6")
['single O.blue', 'take e2', 'burn b6']
>>> normalize("  TAKE d5+C3 ")
'take c3+d5'
"""

from __future__ import annotations

import re

from shoal.core import InvalidNotationError, InvalidPositionError

from .geometry import (
    ACT_BURN,
    ACT_DOUBLE,
    ACT_DROP,
    ACT_KEEP,
    ACT_PAIR,
    ACT_PASS,
    ACT_SINGLE,
    ACT_TAKE,
    CELL_NAMES,
    CELLS,
    NUM_TILES,
    PAIR_A,
    PAIR_B,
    SIZE,
    TileSet,
    cell_index,
)

__all__ = [
    "PHASES",
    "PositionFields",
    "action_text",
    "check_atomic",
    "format_position",
    "normalize",
    "parse_position",
    "parse_turn_parts",
]

PICK, CHOOSE, TAKE2, TAKE1, BURN, DROP, OVER = range(7)
PHASES = ("pick", "choose", "take2", "take1", "burn", "drop", "over")

_CELL = r"[a-f][1-6]"
_TILE = r"[A-Z]\.[a-z]+"
_ATOMIC = re.compile(
    rf"^(pick {_CELL}|(double|single|drop) {_TILE}|pass|keep|take {_CELL}(\+{_CELL})?"
    rf"|burn {_CELL})$"
)
_TURN = re.compile(rf"^({_TILE}):\s*({_CELL})(?:\s+({_CELL})|\s*/\s*({_CELL}))?$")


def action_text(ts: TileSet, action: int) -> str:
    """The text of an action number (context free: each number has one meaning)."""
    if action < ACT_TAKE:
        return "pick " + CELL_NAMES[action]
    if action < ACT_BURN:
        return "take " + CELL_NAMES[action - ACT_TAKE]
    if action < ACT_KEEP:
        return "burn " + CELL_NAMES[action - ACT_BURN]
    if action == ACT_KEEP:
        return "keep"
    if action == ACT_PASS:
        return "pass"
    if action < ACT_SINGLE:
        return "double " + ts.names[action - ACT_DOUBLE]
    if action < ACT_DROP:
        return "single " + ts.names[action - ACT_SINGLE]
    if action < ACT_PAIR:
        return "drop " + ts.names[action - ACT_DROP]
    index = action - ACT_PAIR
    return f"take {CELL_NAMES[PAIR_A[index]]}+{CELL_NAMES[PAIR_B[index]]}"


def _fix_tile_case(match: re.Match[str]) -> str:
    return match.group(1).upper() + "." + match.group(2).lower()


def normalize(text: str) -> str:
    """Canonical spelling: single spaces, lower case but the shape letter, sorted pairs."""
    norm = " ".join(text.split()).lower()
    norm = re.sub(r"\b([a-z])\.([a-z]+)\b", _fix_tile_case, norm)
    pair = re.fullmatch(rf"take ({_CELL})\s*\+\s*({_CELL})", norm)
    if pair:
        a, b = sorted((pair.group(1), pair.group(2)))
        norm = f"take {a}+{b}"
    return norm


def check_atomic(text: str) -> None:
    """Raise InvalidNotationError unless normalised ``text`` has the form of an action."""
    if not _ATOMIC.match(text):
        raise InvalidNotationError(
            f"{text!r} is not a Sirtet action (pick b4, double L.cyan, single O.blue, pass, "
            "take c3+d5, take e2, burn b6, keep, drop T.red)"
        )


def parse_turn_parts(text: str) -> list[str]:
    """The atomic texts of a whole turn (``L.cyan: c3 d5`` and the like).

    A single harvest without a burn gives two parts; the caller adds ``keep``
    when the turn asks for it. Text that is no turn gives itself back as one part.
    """
    norm = normalize(text)
    match = _TURN.match(norm)
    if not match:
        return [norm]
    tile, first, second, burn = match.groups()
    if second is not None:
        a, b = sorted((first, second))
        return [f"double {tile}", f"take {a}+{b}"]
    parts = [f"single {tile}", f"take {first}"]
    if burn is not None:
        parts.append(f"burn {burn}")
    return parts


PositionFields = tuple[tuple[int, ...], int, int, int, int, int, int, int, int, int]
"""(layout, h0, h1, discard, start, phase, pending, mover, passes, turn)."""


def _tiles_text(ts: TileSet, mask: int) -> str:
    return "".join(ts.codes[t] for t in range(NUM_TILES) if mask >> t & 1) or "-"


def format_position(ts: TileSet, fields: PositionFields) -> str:
    """The position string of the raw state fields (``layout`` has -1 for holes)."""
    layout, h0, h1, disc, start, phase, pending, mover, passes, turn = fields
    ranks = []
    for rank in range(SIZE - 1, -1, -1):
        ranks.append(
            "".join(
                ".." if layout[f * SIZE + rank] < 0 else ts.codes[layout[f * SIZE + rank]]
                for f in range(SIZE)
            )
        )
    phase_text = PHASES[phase] + (":" + ts.codes[pending] if phase == TAKE2 else "")
    return " ".join(
        (
            "/".join(ranks),
            _tiles_text(ts, h0),
            _tiles_text(ts, h1),
            _tiles_text(ts, disc),
            CELL_NAMES[start],
            phase_text,
            "-" if phase == OVER else str(mover),
            str(passes),
            str(turn),
        )
    )


def _read_tiles(ts: TileSet, text: str, what: str, position: str) -> list[int]:
    if text == "-":
        return []
    if len(text) % 2:
        raise InvalidPositionError(f"{position!r}: {what} {text!r} is not a run of tile codes")
    tiles = []
    for i in range(0, len(text), 2):
        try:
            tiles.append(ts.tile(text[i : i + 2]))
        except ValueError as error:
            raise InvalidPositionError(f"{position!r}: {what}: {error}") from None
    return tiles


def parse_position(ts: TileSet, position: str) -> PositionFields:
    """Read the fields of a position string; checks the form and that each tile is once.

    Raises InvalidPositionError. Game-level consistency (phase versus board)
    is checked by the caller.
    """
    if not isinstance(position, str):
        raise InvalidPositionError(f"{position!r} is not a position string")
    parts = position.split()
    if len(parts) != 9:
        raise InvalidPositionError(
            f"{position!r}: expected 9 fields (board, harvest 0, harvest 1, discard zone, "
            "start cell, phase, mover, passes, turn)"
        )
    board_text, h0_text, h1_text, disc_text, start_text, phase_text, mover_text, p, t = parts
    ranks = board_text.split("/")
    if len(ranks) != SIZE or any(len(r) != 2 * SIZE for r in ranks):
        raise InvalidPositionError(f"{position!r}: the board needs 6 ranks of 6 two-letter cells")
    layout = [-1] * CELLS
    seen: dict[int, str] = {}

    def place(tile: int, where: str) -> None:
        if tile in seen:
            raise InvalidPositionError(
                f"{position!r}: {ts.names[tile]} appears twice ({seen[tile]} and {where})"
            )
        seen[tile] = where

    for index, rank_text in enumerate(ranks):
        rank = SIZE - 1 - index
        for f in range(SIZE):
            code = rank_text[2 * f : 2 * f + 2]
            if code == "..":
                continue
            try:
                tile = ts.tile(code)
            except ValueError as error:
                raise InvalidPositionError(f"{position!r}: board: {error}") from None
            cell = f * SIZE + rank
            place(tile, CELL_NAMES[cell])
            layout[cell] = tile
    masks = []
    for text, what in ((h0_text, "harvest 0"), (h1_text, "harvest 1"), (disc_text, "discard")):
        mask = 0
        for tile in _read_tiles(ts, text, what, position):
            place(tile, what)
            mask |= 1 << tile
        masks.append(mask)
    if len(seen) != NUM_TILES:
        missing = ", ".join(ts.names[t] for t in range(NUM_TILES) if t not in seen)
        raise InvalidPositionError(f"{position!r}: tiles missing: {missing}")
    try:
        start = cell_index(start_text)
    except ValueError as error:
        raise InvalidPositionError(f"{position!r}: start cell: {error}") from None
    phase_name, _, pending_code = phase_text.partition(":")
    if phase_name not in PHASES or (phase_name == "take2") != bool(pending_code):
        raise InvalidPositionError(
            f"{position!r}: phase {phase_text!r} is not pick, choose, take2:XX, take1, burn, "
            "drop or over"
        )
    phase = PHASES.index(phase_name)
    pending = -1
    if pending_code:
        try:
            pending = ts.tile(pending_code)
        except ValueError as error:
            raise InvalidPositionError(f"{position!r}: phase: {error}") from None
    if mover_text not in ("0", "1", "-") or (mover_text == "-") != (phase == OVER):
        raise InvalidPositionError(f"{position!r}: mover must be 0 or 1, or - once over")
    mover = 0 if mover_text == "-" else int(mover_text)
    if p not in ("0", "1", "2"):
        raise InvalidPositionError(f"{position!r}: passes must be 0, 1 or 2")
    if not (t.isascii() and t.isdigit()):
        raise InvalidPositionError(f"{position!r}: turn {t!r} is not a number")
    return (
        tuple(layout),
        masks[0],
        masks[1],
        masks[2],
        start,
        phase,
        pending,
        mover,
        int(p),
        int(t),
    )


def action_kind_cells(action: int) -> tuple[int, ...]:
    """The board cells an action names (for click paths and marks)."""
    if action < ACT_KEEP:
        return (action % CELLS,)
    if action >= ACT_PAIR:
        index = action - ACT_PAIR
        return (PAIR_A[index], PAIR_B[index])
    return ()
