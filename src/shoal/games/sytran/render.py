"""Sytran as text and as SVG. Pure functions of a state.

The picture: pointy-top hexagons, rank ``r`` rows running left to right (rank 1
at the bottom), files running from lower left to upper right. A cell ``(q, r)``
sits at ``x = sqrt(3) (q + r / 2)``, ``y = -1.5 r`` (in cell radii). The five
rings are shaded from light (centre) to dark (rim), in text ``.`` and ``:`` by turns;
rank numbers stand at the right end of each row, file letters below the lowest cell of
each file.

>>> from shoal.games.sytran import Sytran
>>> print(render_text(Sytran(Sytran.Options(base=6)).initial().apply_text("f6")))
       . . . . . .  11
      . . . . . . .  10
     . . : : : : . .  9
    . . : : : : : . .  8
   . . : : . . : : . .  7
  . . : : . W . : : . .  6
 a . . : : . . : : . .  5
  b . . : : : : : . .  4
   c . . : : : : . .  3
    d . . . . . . .  2
     e . . . . . .  1
      f g h i j k
Black to move; Black may swap
"""

from __future__ import annotations

import functools
import math
from collections.abc import Sequence
from typing import TYPE_CHECKING

from shoal.core import Action
from shoal.core.svg import clickable_cell
from shoal.core.words import ENGLISH, Translator

from .geometry import FILES, Geometry
from .rules import COLOUR_NAMES, SytranState
from .words import colour_title, stones_left

if TYPE_CHECKING:
    pass

__all__ = ["render_svg", "render_text", "status_line"]

SQRT3 = math.sqrt(3.0)
RING_SHADES = ("#f4f1ea", "#dcd7cd", "#bfb9ad", "#9f998d", "#7c766b")
WHITE_STONE = ("#fbfaf6", "#5b5750")
BLACK_STONE = ("#23211f", "#000000")
LAST_MARK = "#d1452f"


def _label_spots(geo: Geometry) -> tuple[dict[tuple[int, int], str], dict[tuple[int, int], str]]:
    """Axial spots outside the board for file letters (below) and rank numbers (right)."""
    span = geo.base - 1
    files = {}
    for q in range(-span, span + 1):
        r_min = max(-span, -span - q)
        files[(q, r_min - 1)] = FILES[q + span]
    ranks = {}
    for r in range(-span, span + 1):
        q_max = min(span, span - r)
        ranks[(q_max + 1, r)] = str(r + geo.base)
    return files, ranks


def status_line(state: SytranState, tr: Translator = ENGLISH) -> str:
    """Who is to move and how far the turn has got, or the result (in ``tr``'s language)."""
    outcome = state.outcome
    sides = state.sides()
    titles = [colour_title(COLOUR_NAMES.index(side), tr) for side in sides]
    if outcome is not None:
        assert outcome.scores is not None
        each = tr.gettext("{side} {score}")
        scores = ", ".join(
            each.format(side=titles[seat], score=int(outcome.scores[seat])) for seat in (0, 1)
        )
        if outcome.winner is None:
            return tr.gettext("Game over: draw, {scores}").format(scores=scores)
        return tr.gettext("Game over: {side} wins, {scores}").format(
            side=titles[outcome.winner], scores=scores
        )
    seat = state.to_move
    assert seat is not None
    text = tr.gettext("{side} to move").format(side=titles[seat])
    if state.placed:
        n, left = state.placed, stones_left(state)
        text += tr.gettext("; {n} placed this turn, up to {left} more (ends by itself)").format(
            n=n, left=left
        )
    if state.swap_available:
        text += tr.gettext("; Black may swap")
    return text


_EMPTY = (":", ".")
"""An empty cell's character by ring parity: odd rings (1, 3, 5) ``.``, even rings ``:``."""


def cell_words(state: SytranState, tr: Translator = ENGLISH) -> dict[str, str]:
    """Each stone in words by its cell ("White stone"); empty cells are left out."""
    geo = state.game.geo
    white, black = state.stones_of(0), state.stones_of(1)
    stones = white | black
    words = (tr.gettext("White stone"), tr.gettext("Black stone"))
    out: dict[str, str] = {}
    for cell, bit in enumerate(geo.bit):
        if stones & bit:
            out[geo.names[cell]] = words[0] if white & bit else words[1]
    return out


def render_text(state: SytranState) -> str:
    """The board as text: ``W`` White, ``B`` Black, empty cells ``.`` on odd rings and ``:``
    on even rings (so the rings that set a turn's size show), with coordinates."""
    geo = state.game.geo
    span = geo.base - 1
    files, ranks = _label_spots(geo)
    lines = []
    for r in range(span, -span - 2, -1):
        row: dict[int, str] = {}
        for q in range(-span - 1, span + 2):
            col = 2 * q + r + 2 * span + 2
            cell = geo.by_coord.get((q, r))
            if cell is not None:
                colour = state.cell_colour(cell)
                row[col] = _EMPTY[geo.ring[cell] % 2] if colour is None else "WB"[colour]
            elif (q, r) in files:
                row[col] = files[(q, r)]
            elif (q, r) in ranks:
                row[col + 1] = ranks[(q, r)]
        if not row:
            continue
        width = max(row) + 1
        chars = [" "] * (width + 2)
        for col, text in sorted(row.items()):
            if col < 0:
                continue
            chars[col : col + len(text)] = list(text)
        lines.append("".join(chars).rstrip())
    lines.append(status_line(state))
    return "\n".join(lines)


def _xy(q: int, r: int, size: float, ox: float, oy: float) -> tuple[float, float]:
    return ox + size * SQRT3 * (q + r / 2), oy - size * 1.5 * r


def _hexagon(x: float, y: float, radius: float) -> str:
    points = []
    for k in range(6):
        angle = math.pi / 6 + k * math.pi / 3
        points.append(f"{x + radius * math.cos(angle):.1f},{y + radius * math.sin(angle):.1f}")
    return " ".join(points)


class _Layout:
    """The parts of the SVG that depend only on the board size (built once per base)."""

    size = 20.0
    margin = 34.0

    def __init__(self, geo: Geometry) -> None:
        size, margin = self.size, self.margin
        span = geo.base - 1
        half_w = size * SQRT3 * (span + 0.5)
        half_h = size * (1.5 * span + 1)
        self.width = 2 * (half_w + margin)
        self.height = 2 * (half_h + margin) + 22
        ox, oy = half_w + margin, half_h + margin
        self.centres = [_xy(q, r, size, ox, oy) for q, r in geo.coords]
        width, height = self.width, self.height
        head = [
            f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width:.0f} {height:.0f}" '
            f'class="board sytran base{geo.base}" font-family="Helvetica, Arial, sans-serif">',
            "<style>svg.sytran .cell.hl{fill:rgba(255,196,0,.38)}"
            "svg.sytran .cell.sel{fill:rgba(209,69,47,.35)}</style>",
            f'<rect width="{width:.0f}" height="{height:.0f}" fill="#f7f4ee"/>',
            f'<polygon points="{_hexagon(ox, oy, size * SQRT3 * (span + 0.62))}" '
            f'fill="#5f5a52" transform="rotate(30 {ox:.1f} {oy:.1f})"/>',
        ]
        for cell, (x, y) in enumerate(self.centres):
            shade = RING_SHADES[geo.ring[cell] - 1]
            head.append(
                f'<polygon points="{_hexagon(x, y, size * 0.97)}" fill="{shade}" '
                'stroke="#6f6a62" stroke-width="0.8" class="ring"/>'
            )
        self.head = "".join(head)
        files, ranks = _label_spots(geo)
        labels = []
        for (q, r), text in files.items():
            x, y = _xy(q, r, size, ox, oy)
            labels.append(
                f'<text x="{x + size * 0.25:.1f}" y="{y - size * 0.35 + 4:.1f}" font-size="12" '
                f'text-anchor="middle" fill="#4a463f" class="coord">{text}</text>'
            )
        for (q, r), text in ranks.items():
            x, y = _xy(q, r, size, ox, oy)
            labels.append(
                f'<text x="{x - size * 0.3:.1f}" y="{y + 4:.1f}" font-size="12" '
                f'text-anchor="middle" fill="#4a463f" class="coord">{text}</text>'
            )
        labels.append(_ring_legend(geo, margin))
        self.labels = "".join(labels)
        self.stones = [
            tuple(
                f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{size * 0.74:.1f}" fill="{fill}" '
                f'stroke="{stroke}" stroke-width="1.2" class="stone {COLOUR_NAMES[colour]}"/>'
                for colour, (fill, stroke) in enumerate((WHITE_STONE, BLACK_STONE))
            )
            for x, y in self.centres
        ]
        self.hits = [
            tuple(
                clickable_cell(
                    geo.names[cell], "polygon", f'points="{_hexagon(x, y, size)}"', highlighted=hl
                )
                for hl in (False, True)
            )
            for cell, (x, y) in enumerate(self.centres)
        ]
        self.no_hits_marked = "".join(hit for hit, _ in self.hits) + "</svg>"


def _ring_legend(geo: Geometry, margin: float) -> str:
    """The rings numbered, down the board's top left corner: each ring's shade with its
    number (a turn places as many stones as the number of the innermost ring it uses)."""
    radius = 17.0
    parts = ['<text x="6" y="20" font-size="19" fill="#2d2a26" class="legend">rings</text>']
    for ring in range(1, geo.num_rings + 1):
        x, y = 6 + radius, 30 + radius + (ring - 1) * radius * 2.05
        ink = "#2d2a26" if ring <= 4 else "#ffffff"
        parts.append(
            f'<polygon points="{_hexagon(x, y, radius)}" fill="{RING_SHADES[ring - 1]}" '
            f'stroke="#6f6a62" stroke-width="0.8" class="legend"/>'
            f'<text x="{x:.1f}" y="{y + 7:.1f}" font-size="19" font-weight="bold" '
            f'text-anchor="middle" fill="{ink}" class="legend">{ring}</text>'
        )
    return "".join(parts)


@functools.cache
def _layout(geo: Geometry) -> _Layout:
    return _Layout(geo)


def render_svg(
    state: SytranState,
    *,
    last: Sequence[Action] = (),
    highlight: Sequence[str] = (),
) -> str:
    """The board as a standalone SVG (see ``Game.render_svg`` for the contract).

    Highlighted cells are outlined and, when empty, carry their name (the
    coordinates diagram uses this).
    """
    geo = state.game.geo
    layout = _layout(geo)
    size = layout.size
    last_cells = {a for a in last if 0 <= a < geo.num_cells}
    marked = set(highlight)
    out = [layout.head]
    white, black = state.white, state.black
    if not marked:  # a live game's board: only the stones' cells, and no cell outlined
        cells = []
        stones = white | black
        while stones:
            low = stones & -stones
            cells.append(geo.bit_index[low.bit_length() - 1])
            stones ^= low
        cells.sort()
        for cell in cells:
            out.append(layout.stones[cell][0 if white & geo.bit[cell] else 1])
            if cell in last_cells:
                x, y = layout.centres[cell]
                out.append(
                    f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{size * 0.24:.1f}" '
                    f'fill="{LAST_MARK}" class="last"/>'
                )
        out.append(layout.labels)
        out.append(_status_text(layout, state))
        out.append(layout.no_hits_marked)
        return "".join(out)
    for cell, (x, y) in enumerate(layout.centres):
        bit = geo.bit[cell]
        colour = 0 if white & bit else 1 if black & bit else None
        if colour is not None:
            out.append(layout.stones[cell][colour])
            if cell in last_cells:
                out.append(
                    f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{size * 0.24:.1f}" '
                    f'fill="{LAST_MARK}" class="last"/>'
                )
        name = geo.names[cell]
        if name in marked:
            out.append(
                f'<polygon points="{_hexagon(x, y, size * 0.86)}" fill="none" '
                f'stroke="{LAST_MARK}" stroke-width="2.2" class="mark"/>'
            )
            if colour is None:
                out.append(
                    f'<text x="{x:.1f}" y="{y + 4:.1f}" font-size="10.5" text-anchor="middle" '
                    f'fill="#222">{name}</text>'
                )
    out.append(layout.labels)
    out.append(_status_text(layout, state))
    for cell in range(geo.num_cells):
        out.append(layout.hits[cell][geo.names[cell] in marked])
    out.append("</svg>")
    return "".join(out)


def _status_text(layout: _Layout, state: SytranState) -> str:
    return (
        f'<text x="{layout.width / 2:.1f}" y="{layout.height - 12:.1f}" font-size="13" '
        f'text-anchor="middle" fill="#2d2a26">{status_line(state)}</text>'
    )
