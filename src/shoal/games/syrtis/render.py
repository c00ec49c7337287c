"""Syrtis rendering: plain text, SVG for the browser, and click paths.

>>> from shoal.games.syrtis import Syrtis
>>> s = Syrtis.with_options({"variant": "minor"}).load("cSsC/ScLCDs/sLCcSD/CsSc play 0 0 - 0,0 9")
>>> print(render_text(s))
4  c   S   s   C
3  S   cL  CD  s
2  sL  C   c   SD
1  C   s   S   c
   a   b   c   d
play: Light to move; no sink yet
"""

from __future__ import annotations

from collections.abc import Sequence

from shoal.core import Action
from shoal.core.svg import clickable_cell, drawn_once
from shoal.core.words import ENGLISH, Translator

from .geometry import FILES, bits_of
from .notation import TILE_LETTERS
from .rules import PLAY, SyrtisState

__all__ = ["click_paths", "render_svg", "render_text"]

_SIDE = ("Light", "Dark")


def status(state: SyrtisState, tr: Translator = ENGLISH) -> str:
    """One line saying whose decision it is, or how the game ended (in ``tr``'s language)."""
    from .explain import reason_words, setup_status, side_title

    if state.outcome is not None:
        w = state.outcome.winner
        name = side_title(state.sides()[w], tr) if w is not None else tr.gettext("Nobody")
        return tr.gettext("over: {side} wins by {reason}").format(
            side=name, reason=reason_words(state.outcome.reason, tr)
        )
    if state.phase != PLAY:
        return tr.gettext("set-up: {step}").format(step=setup_status(state.phase, tr))
    side = state.side_to_move
    assert side is not None
    names = (side_title("light", tr), side_title("dark", tr))
    race = (
        tr.gettext("no sink yet")
        if state.sinker < 0
        else tr.gettext("{side} has sunk {n} in a row").format(
            side=names[state.sinker], n=state.streak
        )
    )
    return tr.gettext("play: {side} to move; {race}").format(side=names[side], race=race)


def svg_words(state: SyrtisState, tr: Translator = ENGLISH) -> list[tuple[str, str]]:
    """The board's title and caption (its status line) as drawn, and in ``tr``'s language
    (``Game.svg_words``): the caption's element whole, as its size follows its words."""
    from html import escape

    side = state.geo.n * _S + 2 * _M
    english, said = status(state), escape(status(state, tr), quote=False)
    return [
        (f"<title>Syrtis: {english}</title>", f"<title>Syrtis: {said}</title>"),
        (_caption(english, side), _caption(said, side)),
    ]


def render_text(state: SyrtisState) -> str:
    """The board, rank N at the top: tile letter (c s C S) then the tower (L D) if any."""
    geo = state.geo
    n = geo.n
    lt, dt = state.towers
    lines = []
    for r in range(n - 1, -1, -1):
        cells = []
        for col in range(n):
            bit = 1 << (r * n + col)
            if not state.tiles & bit:
                cells.append(". ")
                continue
            kind = TILE_LETTERS[2 * bool(state.circle & bit) + bool(state.light & bit)]
            tower = "L" if lt & bit else "D" if dt & bit else " "
            cells.append(kind + tower)
        lines.append(f"{r + 1}  " + "  ".join(cells).rstrip())
    lines.append("   " + "   ".join("abcdef"[:n]))
    lines.append(status(state))
    return "\n".join(lines)


def cell_words(state: SyrtisState, tr: Translator = ENGLISH) -> dict[str, str]:
    """Each tile in words, by cell: its colour and shape, and the tower on it if any; then
    the cells without a tile ("Water")."""
    n = state.geo.n
    lt, dt = state.towers
    kinds = (  # by 2 * circle + light
        tr.gettext("Dark square tile"),
        tr.gettext("Light square tile"),
        tr.gettext("Dark circle tile"),
        tr.gettext("Light circle tile"),
    )
    with_light = tr.gettext("{tile} with the Light tower")
    with_dark = tr.gettext("{tile} with the Dark tower")
    out: dict[str, str] = {}
    water = []
    for r in range(n):
        for col in range(n):
            bit = 1 << (r * n + col)
            name = f"{'abcdef'[col]}{r + 1}"
            if not state.tiles & bit:
                water.append(name)
                continue
            tile = kinds[2 * bool(state.circle & bit) + bool(state.light & bit)]
            out[name] = (
                with_light.format(tile=tile)
                if lt & bit
                else with_dark.format(tile=tile)
                if dt & bit
                else tile
            )
    said = tr.gettext("Water")
    out.update((name, said) for name in water)
    return out


def click_paths(state: SyrtisState) -> dict[Action, tuple[str, ...]]:
    """Tower moves and slides: (from, to); sinks and placements: (cell,); a pair switch:
    (its first cell,); pass and the side choice: ()."""
    geo = state.geo
    names = geo.names
    c = geo.cells
    out: dict[Action, tuple[str, ...]] = {}
    for a in state.legal_actions():
        if a < geo.sink_base:
            m = a - geo.slide_base if a >= geo.slide_base else a
            out[a] = (names[m // c], names[m % c])
        elif a < geo.place_l_base:
            out[a] = (names[a - geo.sink_base],)
        elif a < geo.place_d_base:
            out[a] = (names[a - geo.place_l_base],)
        elif a < geo.swap_base:
            out[a] = (names[a - geo.place_d_base],)
        elif a < geo.pass_action:
            out[a] = (names[a - geo.swap_base],)
        else:
            out[a] = ()
    return out


# palette
_SEA = "#2f6f8f"
_SEA_DEEP = "#245a75"
_TILE = ("#f2e6c9", "#5a4636")  # light, dark
_TILE_EDGE = ("#c9b48a", "#2f241b")
_SYMBOL = ("#b0814d", "#d9c198")
_MARK = "#e4572e"
TARGET_COLOURS = ("#141414", "#ffe14d")
"""A cell to choose is ringed in two tones, dark outside and yellow inside: one of the two
stands out at 3:1 or more on the sea, a light tile and a dark tile alike (tests/games)."""
BACKGROUNDS = {"sea": _SEA, "light tile": _TILE[0], "dark tile": _TILE[1]}
"""What a target lies on."""
_S = 64
_M = 30


def _xy(state: SyrtisState, cell: int) -> tuple[float, float]:
    n = state.geo.n
    return _M + (cell % n) * _S, _M + (n - 1 - cell // n) * _S


def _centre(state: SyrtisState, cell: int) -> tuple[float, float]:
    x, y = _xy(state, cell)
    return x + _S / 2, y + _S / 2


def _tile(state: SyrtisState, cell: int) -> str:
    bit = 1 << cell
    return _tile_drawing(state.geo.n, cell, bool(state.light & bit), bool(state.circle & bit))


@drawn_once
def _tile_drawing(n: int, cell: int, light: bool, circle: bool) -> str:
    """The tile on ``cell`` of an ``n`` x ``n`` board, light or dark, circle or square."""
    x, y = _M + (cell % n) * _S, _M + (n - 1 - cell // n) * _S
    tone = 0 if light else 1
    parts = [
        f'<rect x="{x + 3}" y="{y + 3}" width="{_S - 6}" height="{_S - 6}" rx="7" '
        f'fill="{_TILE[tone]}" stroke="{_TILE_EDGE[tone]}" stroke-width="1.5" '
        f'class="tile {("light", "dark")[tone]}"/>'
    ]
    cx, cy = x + _S / 2, y + _S / 2
    colour = _SYMBOL[tone]
    if circle:
        parts.append(
            f'<circle cx="{cx}" cy="{cy}" r="{_S * 0.3:.1f}" fill="none" stroke="{colour}" '
            'stroke-width="3.5" class="symbol circle"/>'
        )
    else:
        h = _S * 0.27
        parts.append(
            f'<rect x="{cx - h:.1f}" y="{cy - h:.1f}" width="{2 * h:.1f}" height="{2 * h:.1f}" '
            f'fill="none" stroke="{colour}" stroke-width="3.5" class="symbol square"/>'
        )
    return "".join(parts)


def _tower(state: SyrtisState, cell: int, side: int) -> str:
    return _tower_drawing(state.geo.n, cell, side)


@drawn_once
def _tower_drawing(n: int, cell: int, side: int) -> str:
    """``side``'s tower on ``cell`` of an ``n`` x ``n`` board."""
    cx, cy = _M + (cell % n) * _S + _S / 2, _M + (n - 1 - cell // n) * _S + _S / 2
    if side == 0:  # Light: a round white tower
        r = _S * 0.19
        return (
            f'<g class="tower light"><circle cx="{cx + 2}" cy="{cy + 3}" r="{r:.1f}" '
            f'fill="#000" opacity=".35"/><circle cx="{cx}" cy="{cy}" r="{r:.1f}" fill="#fbfbf7" '
            f'stroke="#1e1e1e" stroke-width="2.5"/><circle cx="{cx}" cy="{cy}" '
            f'r="{r * 0.45:.1f}" fill="none" stroke="#1e1e1e" stroke-width="1.5"/></g>'
        )
    h = _S * 0.17
    return (
        f'<g class="tower dark"><rect x="{cx - h + 2:.1f}" y="{cy - h + 3:.1f}" '
        f'width="{2 * h:.1f}" height="{2 * h:.1f}" fill="#000" opacity=".35"/>'
        f'<rect x="{cx - h:.1f}" y="{cy - h:.1f}" width="{2 * h:.1f}" height="{2 * h:.1f}" '
        f'fill="#17171a" stroke="#f4f4f0" stroke-width="2.5"/>'
        f'<rect x="{cx - h * 0.45:.1f}" y="{cy - h * 0.45:.1f}" width="{h * 0.9:.1f}" '
        f'height="{h * 0.9:.1f}" fill="none" stroke="#f4f4f0" stroke-width="1.5"/></g>'
    )


def _ring(state: SyrtisState, cell: int) -> str:
    x, y = _xy(state, cell)
    return (
        f'<rect x="{x + 1.5}" y="{y + 1.5}" width="{_S - 3}" height="{_S - 3}" rx="8" '
        f'fill="none" stroke="{_MARK}" stroke-width="3" class="last"/>'
    )


def _last_marks(state: SyrtisState, last: Sequence[Action]) -> list[str]:
    geo = state.geo
    c = geo.cells
    out = []
    for a in last:
        if not 0 <= a < geo.num_actions:
            continue
        if a < geo.sink_base:
            m = a - geo.slide_base if a >= geo.slide_base else a
            f, t = m // c, m % c
            (x1, y1), (x2, y2) = _centre(state, f), _centre(state, t)
            dash = ' stroke-dasharray="7 5"' if a >= geo.slide_base else ""
            out.append(_ring(state, t))
            out.append(
                f'<line x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" stroke="{_MARK}" '
                f'stroke-width="4" stroke-linecap="round" marker-end="url(#arrow)" '
                f'opacity=".9" class="last"{dash}/>'
            )
            out.append(f'<circle cx="{x1}" cy="{y1}" r="5" fill="{_MARK}" class="last"/>')
        elif a < geo.place_l_base:
            cx, cy = _centre(state, a - geo.sink_base)
            d = _S * 0.22
            out.append(
                f'<circle cx="{cx}" cy="{cy}" r="{_S * 0.34:.1f}" fill="none" stroke="#bfe3f2" '
                f'stroke-width="2" opacity=".8" class="last"/>'
                f'<path d="M{cx - d:.1f},{cy - d:.1f}L{cx + d:.1f},{cy + d:.1f}'
                f'M{cx - d:.1f},{cy + d:.1f}L{cx + d:.1f},{cy - d:.1f}" stroke="{_MARK}" '
                'stroke-width="5" stroke-linecap="round" class="last"/>'
            )
        elif a < geo.swap_base:
            base = geo.place_l_base if a < geo.place_d_base else geo.place_d_base
            out.append(_ring(state, a - base))
        elif a < geo.pass_action:
            p = a - geo.swap_base
            out.append(_ring(state, p))
            out.append(_ring(state, state.game.partner[p]))
    return out


def _caption(text: str, side: float) -> str:
    """The status line under the board, kept inside it: a line too long for the small board
    (the set-up's sentences on 4x4) is set smaller and fitted to the board's width."""
    room = side - 16
    wide = 0.55 * 12 * len(text)  # a generous guess of its width at 12 px
    fit = ""
    size = 12.0
    if wide > room:
        size = max(8.0, round(12 * room / wide, 2))
        fit = f' textLength="{room}" lengthAdjust="spacingAndGlyphs"'
    return (
        f'<text x="{side / 2}" y="{side + 12}" text-anchor="middle" font-size="{size:g}"{fit} '
        f'fill="#d8ecf5" class="status">{text}</text>'
    )


@drawn_once
def _svg_tag(n: int) -> str:
    side = n * _S + 2 * _M
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {side} {side + 22}" '
        f'class="board syrtis" font-family="sans-serif">'
    )


@drawn_once
def _sea(n: int) -> str:
    """The style, the defs, the sea and the coordinates of an ``n`` x ``n`` board."""
    side = n * _S + 2 * _M
    dark, bright = TARGET_COLOURS
    parts = [
        # a cell to choose: the two-tone ring of the pattern below, over the page's own tint
        "<style>svg.syrtis .cell.hl{fill:url(#syrtis-target)!important;stroke:none!important}"
        "svg.syrtis .cell.sel{fill:#e4572e;fill-opacity:.3}</style>",
        "<defs>"
        '<pattern id="syrtis-target" width="1" height="1" patternContentUnits="objectBoundingBox">'
        f'<rect width="1" height="1" fill="{bright}" fill-opacity=".14"/>'
        f'<circle cx=".5" cy=".5" r=".4" fill="none" stroke="{dark}" stroke-width=".1"/>'
        f'<circle cx=".5" cy=".5" r=".4" fill="none" stroke="{bright}" stroke-width=".05"/>'
        "</pattern>"
        f'<marker id="arrow" viewBox="0 0 10 10" refX="7" refY="5" markerWidth="4" '
        f'markerHeight="4" orient="auto"><path d="M0,0L10,5L0,10z" fill="{_MARK}"/></marker>'
        f'<pattern id="waves" width="16" height="8" patternUnits="userSpaceOnUse">'
        f'<path d="M0,6 Q4,2 8,6 T16,6" fill="none" stroke="#4f8fae" stroke-width="1"/>'
        "</pattern></defs>",
        f'<rect width="{side}" height="{side + 22}" fill="{_SEA_DEEP}" rx="10"/>',
        f'<rect x="{_M}" y="{_M}" width="{n * _S}" height="{n * _S}" fill="{_SEA}"/>',
        f'<rect x="{_M}" y="{_M}" width="{n * _S}" height="{n * _S}" fill="url(#waves)"/>',
    ]
    for i in range(n):
        x = _M + i * _S + _S / 2
        y = _M + (n - 1 - i) * _S + _S / 2 + 5
        parts.append(
            f'<text x="{x}" y="{_M - 10}" text-anchor="middle" font-size="14" '
            f'fill="#d8ecf5" class="coord">{"abcdef"[i]}</text>'
            f'<text x="{x}" y="{_M + n * _S + 20}" text-anchor="middle" font-size="14" '
            f'fill="#d8ecf5" class="coord">{"abcdef"[i]}</text>'
            f'<text x="{_M / 2}" y="{y}" text-anchor="middle" font-size="14" '
            f'fill="#d8ecf5" class="coord">{i + 1}</text>'
            f'<text x="{_M + n * _S + _M / 2}" y="{y}" text-anchor="middle" font-size="14" '
            f'fill="#d8ecf5" class="coord">{i + 1}</text>'
        )
    return "".join(parts)


@drawn_once
def _hit(n: int, cell: int, highlighted: bool) -> str:
    x, y = _M + (cell % n) * _S, _M + (n - 1 - cell // n) * _S
    name = f"{FILES[cell % n]}{cell // n + 1}"
    geometry = f'x="{x}" y="{y}" width="{_S}" height="{_S}"'
    return clickable_cell(name, "rect", geometry, highlighted=highlighted)


@drawn_once
def _hits(n: int) -> str:
    """Every cell's hit area, none highlighted."""
    return "".join(_hit(n, cell, False) for cell in range(n * n))


def render_svg(
    state: SyrtisState,
    *,
    last: Sequence[Action] = (),
    highlight: Sequence[str] = (),
) -> str:
    """The board as SVG: sea, tiles with their symbol, towers, the bounding box of the
    tiles (dashed), the last actions marked, coordinates on the edges, hit areas last."""
    geo = state.geo
    n = geo.n
    side = n * _S + 2 * _M
    parts = [_svg_tag(n), f"<title>Syrtis: {status(state)}</title>", _sea(n)]
    for cell in bits_of(state.tiles):
        parts.append(_tile(state, cell))
    box = geo.box(state.tiles)
    if box:
        cells = bits_of(box)
        x0, y0 = _xy(state, cells[0])
        x1, y1 = _xy(state, cells[-1])
        left, right = min(x0, x1), max(x0, x1) + _S
        top, bottom = min(y0, y1), max(y0, y1) + _S
        parts.append(
            f'<rect x="{left + 0.5}" y="{top + 0.5}" width="{right - left - 1}" '
            f'height="{bottom - top - 1}" fill="none" stroke="#ffffff" stroke-width="2" '
            'stroke-dasharray="8 6" opacity=".75" class="box"/>'
        )
    parts.extend(_last_marks(state, last))
    for s_ in (0, 1):
        for cell in bits_of(state.towers[s_]):
            parts.append(_tower(state, cell, s_))
    parts.append(_caption(status(state), side))
    if highlight:
        marked = set(highlight)
        parts.extend(_hit(n, cell, geo.names[cell] in marked) for cell in range(geo.cells))
    else:
        parts.append(_hits(n))
    parts.append("</svg>")
    return "".join(parts)
