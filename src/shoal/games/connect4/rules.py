"""Connect Four (7 columns x 6 rows): the calibration game.

It exists so that shoal's framework speed can be compared with other systems
on a game they all have. Bitboards as Python ints: column ``c`` uses bits
``7c .. 7c+5`` (bottom to top) and bit ``7c+6`` stays empty as a guard, so
four-in-a-row tests are four shifts and masks.

Notation: a drop is its column letter, ``a`` to ``g``. Position string: the
rows from the top (row 6) to the bottom, ``/``-separated, ``x`` (seat 0),
``o`` (seat 1) or ``.``, then a space and the seat to move (``x`` or ``o``),
e.g. ``......./......./......./......./......./...x... o``.

>>> game = Connect4()
>>> s = game.initial()
>>> for text in "d d e e f f".split():
...     s = s.apply_text(text)
>>> s.legal_actions()
(0, 1, 2, 3, 4, 5, 6)
>>> s.apply_text("g").outcome
Outcome(winner=0, reason='four in a row', scores=None)
"""

from __future__ import annotations

import dataclasses
from collections.abc import Hashable, Sequence

from shoal.core import (
    Action,
    Game,
    InvalidNotationError,
    InvalidPositionError,
    Outcome,
    State,
)
from shoal.core.svg import clickable_cell
from shoal.core.words import ENGLISH, Translator

__all__ = ["Connect4", "Connect4Options", "Connect4State"]

WIDTH, HEIGHT = 7, 6
_H1 = HEIGHT + 1
FILES = "abcdefg"
BOTTOM = tuple(1 << (_H1 * c) for c in range(WIDTH))
TOP = tuple(1 << (_H1 * c + HEIGHT - 1) for c in range(WIDTH))
# legal moves by the set of full columns (7 bits): no per-move list building.
_LEGAL_BY_FULL = tuple(
    tuple(c for c in range(WIDTH) if not full >> c & 1) for full in range(1 << WIDTH)
)
_WINS = (Outcome(0, "four in a row"), Outcome(1, "four in a row"))
_DRAW = Outcome(None, "board full")


def _four(board: int) -> bool:
    m = board & (board >> 1)
    if m & (m >> 2):
        return True
    m = board & (board >> _H1)
    if m & (m >> 2 * _H1):
        return True
    m = board & (board >> (_H1 - 1))
    if m & (m >> 2 * (_H1 - 1)):
        return True
    m = board & (board >> (_H1 + 1))
    return bool(m & (m >> 2 * (_H1 + 1)))


@dataclasses.dataclass(frozen=True)
class Connect4Options:
    """Connect Four has no options."""


class Connect4State(State):
    """A Connect Four position: the mover's stones, all stones, full columns, ply."""

    __slots__ = ("_mine", "_mask", "_full", "_ply", "_legal")

    game: Connect4

    def __init__(
        self, game: Connect4, mine: int, mask: int, full: int, ply: int, outcome: Outcome | None
    ) -> None:
        self.game = game
        self._mine = mine  # stones of the seat to move (or of the last mover once over)
        self._mask = mask
        self._full = full
        self._ply = ply
        self.turn = ply
        self.outcome = outcome
        if outcome is None:
            self.to_move = ply & 1
            self._legal = _LEGAL_BY_FULL[full]
        else:
            self.to_move = None
            self._legal = ()

    def legal_actions(self) -> Sequence[Action]:
        return self._legal

    def child(self, action: Action) -> Connect4State:
        mask = self._mask
        new_mask = mask | (mask + BOTTOM[action])
        mover = self._mine | (new_mask ^ mask)
        full = self._full
        if new_mask & TOP[action]:
            full |= 1 << action
        ply = self._ply + 1
        if _four(mover):
            return Connect4State(self.game, mover, new_mask, full, ply, _WINS[self._ply & 1])
        if ply == WIDTH * HEIGHT:
            return Connect4State(self.game, mover, new_mask, full, ply, _DRAW)
        return Connect4State(self.game, mover ^ new_mask, new_mask, full, ply, None)

    def stones(self, seat: int) -> int:
        """The bitboard of ``seat``'s stones."""
        mover_seat = self._ply & 1 if self.outcome is None else (self._ply - 1) & 1
        return self._mine if seat == mover_seat else self._mine ^ self._mask

    def cell(self, col: int, row: int) -> int | None:
        """The seat whose stone is at (col, row), or None."""
        bit = 1 << (_H1 * col + row)
        if not self._mask & bit:
            return None
        return 0 if self.stones(0) & bit else 1

    def key(self) -> Hashable:
        return (self.stones(0), self._mask)

    def position(self) -> str:
        rows = []
        for row in range(HEIGHT - 1, -1, -1):
            chars = []
            for col in range(WIDTH):
                seat = self.cell(col, row)
                chars.append("." if seat is None else "xo"[seat])
            rows.append("".join(chars))
        return "/".join(rows) + " " + "xo"[self._ply & 1]

    def action_text(self, action: Action) -> str:
        return FILES[action]

    def normalize_text(self, text: str) -> str:
        return text.strip().lower()

    def check_notation(self, text: str) -> None:
        if len(text) != 1 or text not in FILES:
            raise InvalidNotationError(f"{text!r}: a drop is a column letter a to g")

    def illegal_text_reason(self, text: str) -> str:
        return f"column {text} is full"

    def explain_illegal(self, action: Action) -> str:
        return f"column {FILES[action]} is full"

    def sides(self) -> tuple[str, str]:
        return ("x", "o")


class Connect4(Game[Connect4State]):
    """Connect Four, 7x6; the first to make four in a row wins; a full board draws."""

    id = "connect4"
    title = "Connect Four"
    rules_version = "1"
    summary = (
        "Players drop stones into seven columns of six rows; a stone falls to the "
        "lowest free row. Four in a row, across, up or diagonally, wins; a full board draws."
    )
    Options = Connect4Options
    side_names = ("x", "o")

    def ending_sentence(self, state: Connect4State, *, tr: Translator = ENGLISH) -> str:
        """Four in a row, or a full board (in ``tr``'s language; the sides are X and O).

        >>> game = Connect4()
        >>> start = game.load("......./......./......./......./......./xxx.ooo x")
        >>> game.ending_sentence(start.apply_text("d"))
        'X wins: four in a row.'
        """
        outcome = state.outcome
        if outcome is None:
            return ""
        if outcome.winner is None:
            return tr.gettext("A draw: {reason}.").format(reason=tr.gettext("board full"))
        side = state.side_name(outcome.winner).upper()
        reason = tr.gettext("four in a row")
        return tr.gettext("{side} wins: {reason}.").format(side=side, reason=reason)

    @property
    def num_distinct_actions(self) -> int:
        return WIDTH

    @property
    def max_game_length(self) -> int:
        return WIDTH * HEIGHT

    def initial(self, seed: int = 0) -> Connect4State:
        return Connect4State(
            self,
            mine=0,
            mask=0,
            full=0,
            ply=0,
            outcome=None,
        )

    def load(self, position: str) -> Connect4State:
        parts = position.split()
        if len(parts) != 2 or parts[1] not in ("x", "o"):
            raise InvalidPositionError(
                f"{position!r}: expected six rows and the side to move (x or o)"
            )
        rows = parts[0].split("/")
        if len(rows) != HEIGHT or any(len(r) != WIDTH for r in rows):
            raise InvalidPositionError(f"{position!r}: expected 6 rows of 7 cells")
        boards = [0, 0]
        mask = 0
        for index, text in enumerate(rows):
            row = HEIGHT - 1 - index
            for col, char in enumerate(text):
                if char == ".":
                    continue
                if char not in "xo":
                    raise InvalidPositionError(f"{position!r}: {char!r} is not x, o or .")
                bit = 1 << (_H1 * col + row)
                boards["xo".index(char)] |= bit
                mask |= bit
        for col in range(WIDTH):
            column = (mask >> (_H1 * col)) & ((1 << HEIGHT) - 1)
            if column & (column + 1):
                raise InvalidPositionError(f"{position!r}: a stone floats in column {FILES[col]}")
        counts = bin(boards[0]).count("1"), bin(boards[1]).count("1")
        ply = counts[0] + counts[1]
        if counts[0] - counts[1] not in (0, 1) or "xo"[ply & 1] != parts[1]:
            raise InvalidPositionError(f"{position!r}: stone counts do not fit the side to move")
        full = sum(1 << c for c in range(WIDTH) if mask & TOP[c])
        wins = _four(boards[0]), _four(boards[1])
        if wins[0] and wins[1]:
            raise InvalidPositionError(f"{position!r}: both sides have four in a row")
        outcome: Outcome | None = None
        if wins[0] or wins[1]:
            outcome = _WINS[0 if wins[0] else 1]
            if (ply - 1) & 1 != (0 if wins[0] else 1):
                raise InvalidPositionError(f"{position!r}: the winner did not move last")
            mine = boards[(ply - 1) & 1]
        else:
            if ply == WIDTH * HEIGHT:
                outcome = _DRAW
                mine = boards[(ply - 1) & 1]
            else:
                mine = boards[ply & 1]
        return Connect4State(
            self,
            mine=mine,
            mask=mask,
            full=full,
            ply=ply,
            outcome=outcome,
        )

    def render_text(self, state: Connect4State) -> str:
        lines = []
        for row in range(HEIGHT - 1, -1, -1):
            cells = []
            for col in range(WIDTH):
                seat = state.cell(col, row)
                cells.append("." if seat is None else "xo"[seat])
            lines.append(f"{row + 1} " + " ".join(cells))
        lines.append("  " + " ".join(FILES))
        return "\n".join(lines)

    def render_svg(
        self,
        state: Connect4State,
        *,
        last: Sequence[Action] = (),
        highlight: Sequence[str] = (),
    ) -> str:
        size = 60
        parts = [
            f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH * size} '
            f'{HEIGHT * size}" class="board connect4">',
            f'<rect width="{WIDTH * size}" height="{HEIGHT * size}" fill="#1f4e9c"/>',
        ]
        last_cols = set(last)
        for col in range(WIDTH):
            for row in range(HEIGHT):
                seat = state.cell(col, row)
                fill = "#f4f1e8" if seat is None else ("#d7263d", "#f5c518")[seat]
                cx, cy = col * size + size // 2, (HEIGHT - 1 - row) * size + size // 2
                parts.append(f'<circle cx="{cx}" cy="{cy}" r="{size * 0.4:.0f}" fill="{fill}"/>')
                top_stone = seat is not None and (
                    row == HEIGHT - 1 or state.cell(col, row + 1) is None
                )
                if col in last_cols and top_stone:
                    parts.append(
                        f'<circle cx="{cx}" cy="{cy}" r="{size * 0.15:.0f}" fill="#222" '
                        'class="last"/>'
                    )
        for col in range(WIDTH):
            geometry = f'x="{col * size}" y="0" width="{size}" height="{HEIGHT * size}"'
            parts.append(
                clickable_cell(FILES[col], "rect", geometry, highlighted=FILES[col] in highlight)
            )
        parts.append("</svg>")
        return "".join(parts)

    def observation_shape(self) -> tuple[int, ...]:
        """Planes: the observer's stones, the other seat's stones, empty cells."""
        return (3, HEIGHT, WIDTH)

    def observation(self, state: Connect4State, seat: int) -> list[float]:
        out = [0.0] * (3 * HEIGHT * WIDTH)
        for row in range(HEIGHT):
            for col in range(WIDTH):
                owner = state.cell(col, row)
                plane = 2 if owner is None else (0 if owner == seat else 1)
                out[(plane * HEIGHT + row) * WIDTH + col] = 1.0
        return out

    def click_paths(self, state: Connect4State) -> dict[Action, tuple[str, ...]]:
        return {a: (FILES[a],) for a in state.legal_actions()}


GAME_CLASS = Connect4
