"""SFIRS rendering: plain text, SVG and click paths. Pure functions of the state.

Text: ``W``/``B`` active cubes, ``w``/``b`` inactive cubes and cubes in the
start area; empty cells are ``~`` on the outer edge, ``:`` in the start area
and ``.`` in the play area.

>>> from shoal.games.sfirs import Sfirs
>>> print(render_text(Sfirs().initial()).splitlines()[2])
11  ~ B . . . . . . . . B ~  11
"""

from __future__ import annotations

from collections.abc import Sequence

from shoal.core import Action
from shoal.core.svg import clickable_cell, drawn_once
from shoal.core.words import ENGLISH, Translator

from .geometry import CELLS, EDGE, FILES, SIZE, START, cell_name, parse_cell
from .notation import REVIVE, STOP
from .rules import SfirsState

__all__ = ["click_paths", "render_svg", "render_text"]


def _empty_char(cell: int) -> str:
    if EDGE >> cell & 1:
        return "~"
    if START >> cell & 1:
        return ":"
    return "."


_CUBE_WORDS = {"active": "active", "inactive": "inactive", "start": "in the start area"}


def cell_words(state: SfirsState, tr: Translator = ENGLISH) -> dict[str, str]:
    """Each cube in words by its cell: its colour and whether it is active."""
    from .words import cube_words

    out: dict[str, str] = {}
    cubes = state.cubes(0) | state.cubes(1)
    for c in range(SIZE * SIZE):
        if not cubes >> c & 1:
            continue
        cube = state.cube_at(c)
        if cube is not None:
            words = cube_words(*cube, tr)
            out[cell_name(c)] = words[:1].upper() + words[1:]
    return out


def render_text(state: SfirsState) -> str:
    """The board as text, rank 12 at the top, with a status line."""
    header = "    " + " ".join(FILES)
    lines = [header]
    for y in range(SIZE - 1, -1, -1):
        row = []
        for x in range(SIZE):
            c = x + SIZE * y
            cube = state.cube_at(c)
            if cube is None:
                row.append(_empty_char(c))
            else:
                colour, kind = cube
                char = "wb"[colour]
                row.append(char.upper() if kind == "active" else char)
        lines.append(f"{y + 1:>2}  {' '.join(row)}  {y + 1}")
    lines.append(header)
    names = ("White", "Black")
    if state.outcome is not None:
        winner = state.sides()[state.outcome.winner] if state.outcome.winner is not None else ""
        lines.append(f"game over: {winner.capitalize()} wins ({state.outcome.reason})")
    else:
        status = f"{names[state.colour]} to move, turn {state.turn + 1}"
        if state.in_chain:
            status += f"; chain after {cell_name(state.just_moved)} (follow up or stop)"
        lines.append(status)
    return "\n".join(lines)


# -- SVG -----------------------------------------------------------------------------
_CELL = 48
_MARGIN = 28
_FILL = {"edge": "#c8b08a", "play": "#f1e7d0", "start": "#a9c1cf"}
_CUBE = (("#fbfaf5", "#3a3631"), ("#2b2a2e", "#0d0d0f"))  # (fill, stroke) per colour
_PATH = "#d1552c"
_REVIVE = "#2f9a5b"


def _xy(cell: int) -> tuple[float, float]:
    """The centre of ``cell`` in SVG coordinates."""
    x, y = cell % SIZE, cell // SIZE
    return _MARGIN + (x + 0.5) * _CELL, _MARGIN + (SIZE - 1 - y + 0.5) * _CELL


def _region_of(cell: int) -> str:
    if EDGE >> cell & 1:
        return "edge"
    if START >> cell & 1:
        return "start"
    return "play"


_SIDE = 2 * _MARGIN + SIZE * _CELL


@drawn_once
def _board() -> str:
    """The board without its cubes: the cells by region, the outlines, the coordinates."""
    side = _SIDE
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {side} {side}" '
        'class="board sfirs" font-family="sans-serif">',
        "<defs>"
        f'<marker id="sfirs-arrow" viewBox="0 0 10 10" refX="7" refY="5" markerWidth="4" '
        f'markerHeight="4" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" '
        f'fill="{_PATH}"/></marker>'
        "</defs>",
        f'<rect width="{side}" height="{side}" rx="10" fill="#5a4632"/>',
    ]
    for c in range(CELLS):
        cx, cy = _xy(c)
        out.append(
            f'<rect x="{cx - _CELL / 2:.0f}" y="{cy - _CELL / 2:.0f}" width="{_CELL}" '
            f'height="{_CELL}" fill="{_FILL[_region_of(c)]}" stroke="#8d7a5c" '
            'stroke-width="0.8"/>'
        )
    # region outlines: the start area and the play area's inner border
    lo = _MARGIN + 4 * _CELL
    out.append(
        f'<rect x="{lo}" y="{lo}" width="{4 * _CELL}" height="{4 * _CELL}" fill="none" '
        'stroke="#41657a" stroke-width="2.5"/>'
    )
    inner = _MARGIN + _CELL
    out.append(
        f'<rect x="{inner}" y="{inner}" width="{10 * _CELL}" height="{10 * _CELL}" '
        'fill="none" stroke="#7b6440" stroke-width="2"/>'
    )
    for i in range(SIZE):
        x = _MARGIN + (i + 0.5) * _CELL
        y = _MARGIN + (SIZE - 1 - i + 0.5) * _CELL
        for ty in (_MARGIN / 2 + 5, side - _MARGIN / 2 + 5):
            out.append(
                f'<text x="{x:.0f}" y="{ty:.0f}" font-size="14" text-anchor="middle" '
                f'fill="#f1e7d0" class="coord">{FILES[i]}</text>'
            )
        for tx in (_MARGIN / 2, side - _MARGIN / 2):
            out.append(
                f'<text x="{tx:.0f}" y="{y + 5:.0f}" font-size="13" text-anchor="middle" '
                f'fill="#f1e7d0" class="coord">{i + 1}</text>'
            )
    return "".join(out)


@drawn_once
def _cube(c: int, colour: int, kind: str) -> str:
    """A cube of ``colour`` on cell ``c``: a square, turned and dotted when it is active."""
    fill, stroke = _CUBE[colour]
    cx, cy = _xy(c)
    half = _CELL * 0.31
    rotate = f' transform="rotate(45 {cx:.0f} {cy:.0f})"' if kind == "active" else ""
    out = (
        f'<rect x="{cx - half:.1f}" y="{cy - half:.1f}" width="{2 * half:.1f}" '
        f'height="{2 * half:.1f}" rx="3" fill="{fill}" stroke="{stroke}" '
        f'stroke-width="2"{rotate} class="cube {"wb"[colour]} {kind}"/>'
    )
    if kind == "active":
        dot = stroke if colour == 0 else "#e9c46a"
        out += f'<circle cx="{cx:.0f}" cy="{cy:.0f}" r="3.5" fill="{dot}"/>'
    return out


@drawn_once
def _hit(c: int, highlighted: bool) -> str:
    cx, cy = _xy(c)
    geometry = f'x="{cx - _CELL / 2:.0f}" y="{cy - _CELL / 2:.0f}" width="{_CELL}" height="{_CELL}"'
    return clickable_cell(cell_name(c), "rect", geometry, highlighted=highlighted)


@drawn_once
def _hits() -> str:
    """Every cell's hit area, none highlighted."""
    return "".join(_hit(c, False) for c in range(CELLS))


def render_svg(
    state: SfirsState, *, last: Sequence[Action] = (), highlight: Sequence[str] = ()
) -> str:
    """The board as a standalone SVG (see ``Game.render_svg`` for the contract)."""
    out = [_board()]
    for name in highlight:
        try:
            hx, hy = _xy(parse_cell(name))
        except KeyError:
            continue
        out.append(
            f'<rect x="{hx - _CELL / 2 + 2:.0f}" y="{hy - _CELL / 2 + 2:.0f}" '
            f'width="{_CELL - 4}" height="{_CELL - 4}" fill="#f4d35e" opacity="0.55"/>'
        )
    # the last turn: paths under the cubes, revival rings over them
    revived = []
    for action in last:
        if action < REVIVE:
            origin, to = divmod(action, CELLS)
            x1, y1 = _xy(origin)
            x2, y2 = _xy(to)
            out.append(
                f'<circle cx="{x1:.0f}" cy="{y1:.0f}" r="7" fill="{_PATH}" opacity="0.8" '
                'class="last"/>'
            )
            out.append(
                f'<line x1="{x1:.0f}" y1="{y1:.0f}" x2="{x2:.0f}" y2="{y2:.0f}" '
                f'stroke="{_PATH}" stroke-width="5" stroke-linecap="round" opacity="0.8" '
                'marker-end="url(#sfirs-arrow)" class="last"/>'
            )
        elif action < STOP:
            revived.append(action - REVIVE)
    cubes = state.cubes(0) | state.cubes(1)
    while cubes:  # the cubes' cells in increasing order
        c = (cubes & -cubes).bit_length() - 1
        cubes &= cubes - 1
        cube = state.cube_at(c)
        if cube is not None:
            out.append(_cube(c, *cube))
    if state.in_chain:
        cx, cy = _xy(state.just_moved)
        out.append(
            f'<rect x="{cx - _CELL / 2 + 3:.0f}" y="{cy - _CELL / 2 + 3:.0f}" '
            f'width="{_CELL - 6}" height="{_CELL - 6}" fill="none" stroke="{_PATH}" '
            'stroke-width="2.5" stroke-dasharray="5 3" class="chain"/>'
        )
    for c in revived:
        cx, cy = _xy(c)
        out.append(
            f'<circle cx="{cx:.0f}" cy="{cy:.0f}" r="{_CELL * 0.46:.0f}" fill="none" '
            f'stroke="{_REVIVE}" stroke-width="3.5" class="last revival"/>'
        )
    if highlight:
        marked = set(highlight)
        out.extend(_hit(c, cell_name(c) in marked) for c in range(CELLS))
    else:
        out.append(_hits())
    out.append("</svg>")
    return "".join(out)


def click_paths(state: SfirsState) -> dict[Action, tuple[str, ...]]:
    """Moves are (from, to), revivals (cell,), ``stop`` has no cell."""
    paths: dict[Action, tuple[str, ...]] = {}
    for action in state.legal_actions():
        if action < REVIVE:
            origin, to = divmod(action, CELLS)
            paths[action] = (cell_name(origin), cell_name(to))
        elif action < STOP:
            paths[action] = (cell_name(action - REVIVE),)
        else:
            paths[action] = ()
    return paths
