"""Sirtet as text and as SVG, and the click paths of the legal actions.

Click ids: board cells by name (``c3``); harvest tiles ``h0-Lc`` / ``h1-Ob``
(seat, tile code). A Double or Single Harvest is a click on the harvest tile to
discard: the two share that path, so the client asks which harvest is meant;
``pass`` and ``keep`` have no cell.

>>> from shoal.games.sirtet import Sirtet
>>> s = Sirtet().initial(3)
>>> print(render_text(s).splitlines()[0])
    a  b  c  d  e  f
"""

from __future__ import annotations

from collections.abc import Sequence

from shoal.core import Action
from shoal.core.svg import clickable_cell, drawn_once
from shoal.core.words import ENGLISH, Translator

from .geometry import (
    ACT_DOUBLE,
    ACT_PAIR,
    CELL_NAMES,
    CELLS,
    COLOUR_LETTERS,
    COLOUR_NAMES,
    FILES,
    KING_MASK,
    NUM_TILES,
    SHAPE_CELLS,
    SIZE,
)
from .notation import BURN, CHOOSE, DROP, PICK, TAKE1, TAKE2, action_kind_cells
from .rules import SirtetState, colour_counts
from .words import reason_words, tile_name

__all__ = ["click_paths", "render_svg", "render_text"]

PALETTE = {
    "red": ("#d9453b", "#8e2119"),
    "orange": ("#f08c2a", "#9c5107"),
    "yellow": ("#f3cb3a", "#a07e08"),
    "green": ("#46a957", "#1f6a2c"),
    "cyan": ("#2fb8c6", "#156d77"),
    "blue": ("#3b66c9", "#1c3a80"),
    "white": ("#f6f5ef", "#8b877a"),
}
_BG = "#22313f"
_TILE_BG = "#efe6d0"
_HOLE = "#14202b"
_INK = "#e9edf1"
_MARK = "#ff5a5f"


def _colour(state: SirtetState, tile: int) -> str:
    ts = state.ts
    return COLOUR_NAMES[COLOUR_LETTERS.index(ts.colours[ts.colour_of[tile]])]


def _tiles(mask: int) -> list[int]:
    return [t for t in range(NUM_TILES) if mask >> t & 1]


def _status(state: SirtetState) -> str:
    if state.outcome is not None:
        o = state.outcome
        who = "draw" if o.winner is None else f"the {state.sides()[o.winner]} player wins"
        return f"game over: {who} ({o.reason})"
    seat = state.mover
    ts = state.ts
    what = {
        PICK: "picks a tile next to the Start cell",
        CHOOSE: "discards a harvest tile (double or single harvest) or passes",
        TAKE2: f"takes two tiles that sit like two cells of {ts.names[state.pending]}",
        TAKE1: "takes one tile",
        BURN: "may discard one board tile (burn) or keep",
        DROP: "drops harvest tiles down to equal numbers",
    }[state.phase]
    return f"the {state.sides()[seat]} player {what}"


def _short_status(state: SirtetState, tr: Translator = ENGLISH) -> str:
    player = (tr.gettext("First player"), tr.gettext("Second player"))
    sides = state.sides()
    if state.outcome is not None:
        o = state.outcome
        reason = reason_words(o.reason, tr)
        if o.winner is None:
            return reason
        who = player[0] if sides[o.winner] == "first" else player[1]
        return tr.gettext("{player} wins: {reason}").format(player=who, reason=reason)
    who = player[0] if sides[state.mover] == "first" else player[1]
    phase = state.phase
    if phase == PICK:
        what = tr.gettext("{player} picks next to the start")
    elif phase == CHOOSE:
        what = tr.gettext("{player} doubles, singles or passes")
    elif phase == TAKE2:
        what = tr.gettext("{player} takes two tiles for {tile}")
    elif phase == TAKE1:
        what = tr.gettext("{player} takes one tile")
    elif phase == BURN:
        what = tr.gettext("{player} burns a board tile or keeps")
    else:
        what = tr.gettext("{player} drops down to equal harvests")
    pending = state.ts.names[state.pending] if phase == TAKE2 else ""
    return what.format(player=who, tile=pending)


def _zone_title(state: SirtetState, seat: int | None, tr: Translator = ENGLISH) -> str:
    """A panel's title beside the board: a harvest's (its player, its size, its colour
    groups; an arrow before the mover's), or the discard zone's (``seat`` None)."""
    from html import escape

    if seat is None:
        return escape(tr.gettext("Discard zone (+ Start tile)"), quote=False)
    harvest = state.harvest(seat)
    counts = colour_counts(state.ts, harvest)
    first = state.sides()[seat] == "first"
    player = tr.gettext("First player") if first else tr.gettext("Second player")
    size = harvest.bit_count()
    title = tr.gettext("{player}: {tiles}, colour groups {groups}").format(
        player=player,
        tiles=tr.ngettext("{n} tile", "{n} tiles", size).format(n=size),
        groups="-".join(map(str, counts)) or "0",
    )
    mover = state.outcome is None and state.mover == seat
    title = escape(title, quote=False)
    return f"&#x25b6; {title}" if mover else title


def svg_words(state: SirtetState, tr: Translator = ENGLISH) -> list[tuple[str, str]]:
    """The board's caption and its panels' titles as drawn, and in ``tr``'s language
    (``Game.svg_words``)."""
    from html import escape

    english, said = _short_status(state), escape(_short_status(state, tr), quote=False)
    out = [(f' class="status">{english}<', f' class="status">{said}<')]
    for seat in (0, 1, None):
        out.append((f">{_zone_title(state, seat)}<", f">{_zone_title(state, seat, tr)}<"))
    # The word on the Start cell (its own message: "start" alone is the move tree's "start").
    # English draws "start"; the message says what it is (English is the message itself).
    start = tr.gettext("start (the word drawn on the Start cell)")
    if not start.startswith("start (the word"):
        out.append((' class="start">start<', f' class="start">{escape(start, quote=False)}<'))
    return out


def cell_words(state: SirtetState, tr: Translator = ENGLISH) -> dict[str, str]:
    """Each tile on the board in words by its cell ("Yellow T tile"), then the holes."""
    out: dict[str, str] = {}
    holes = []
    for f in range(SIZE):
        for rank in range(SIZE):
            tile = state.tile_at(f * SIZE + rank)
            if tile is not None:
                words = tile_name(state.ts.names[tile], 2, tr)
                out[f"{FILES[f]}{rank + 1}"] = words[:1].upper() + words[1:]
            else:
                holes.append(f"{FILES[f]}{rank + 1}")
    hole = tr.gettext("Hole")
    out.update((cell, hole) for cell in holes)
    return out


def render_text(state: SirtetState) -> str:
    """The board (tile codes, ``..`` holes), harvests, discard zone and who decides what."""
    ts = state.ts
    lines = ["    " + "  ".join(FILES)]
    for rank in range(SIZE - 1, -1, -1):
        row = []
        for f in range(SIZE):
            tile = state.tile_at(f * SIZE + rank)
            row.append(".." if tile is None else ts.codes[tile])
        lines.append(f"{rank + 1}  " + " ".join(row))
    for seat in (0, 1):
        harvest = state.harvest(seat)
        names = " ".join(ts.names[t] for t in _tiles(harvest)) or "-"
        counts = colour_counts(ts, harvest)
        lines.append(f"harvest {seat} ({harvest.bit_count()}; groups {counts}): {names}")
    lines.append("discard: Start " + " ".join(ts.names[t] for t in _tiles(state.disc)))
    lines.append(_status(state))
    return "\n".join(lines)


def _tile_svg(state: SirtetState, tile: int, x: float, y: float, size: float) -> str:
    """A tile: a cream square with its tetromino in its colour."""
    ts = state.ts
    return _tile_drawing(ts.shapes[ts.shape_of[tile]], _colour(state, tile), x, y, size)


@drawn_once
def _tile_drawing(shape: str, colour: str, x: float, y: float, size: float) -> str:
    """A tile of ``shape`` (its letter) and ``colour`` (its name) at ``x, y``."""
    fill, stroke = PALETTE[colour]
    cells = SHAPE_CELLS[shape]
    w = max(cx for cx, _ in cells) + 1
    h = max(cy for _, cy in cells) + 1
    unit = size * 0.8 / 4
    ox = x + (size - w * unit) / 2
    oy = y + (size - h * unit) / 2
    parts = [
        f'<rect x="{x + 1:.1f}" y="{y + 1:.1f}" width="{size - 2:.1f}" height="{size - 2:.1f}" '
        f'rx="{size * 0.1:.1f}" fill="{_TILE_BG}" stroke="#b9ac8e" stroke-width="1"/>'
    ]
    for cx, cy in cells:
        px = ox + cx * unit
        py = oy + (h - 1 - cy) * unit
        parts.append(
            f'<rect x="{px:.1f}" y="{py:.1f}" width="{unit:.1f}" height="{unit:.1f}" '
            f'fill="{fill}" stroke="{stroke}" stroke-width="{max(1.0, size / 50):.1f}"/>'
        )
    return "".join(parts)


_CS = 64  # a board cell
_MARGIN = 30
_BOARD_PX = _CS * SIZE


@drawn_once
def _board_frame() -> str:
    """The board's frame and its coordinates."""
    cs, margin, board_px = _CS, _MARGIN, _BOARD_PX
    parts = [
        f'<rect x="{margin - 6}" y="{margin - 6}" width="{board_px + 12}" '
        f'height="{board_px + 12}" rx="8" fill="#3a4b5c"/>'
    ]
    for f in range(SIZE):
        parts.append(
            f'<text x="{margin + f * cs + cs / 2}" y="{margin + board_px + 22}" '
            f'class="coord">{FILES[f]}</text>'
        )
    for rank in range(SIZE):
        parts.append(
            f'<text x="{margin / 2 - 2}" y="{margin + (SIZE - 1 - rank) * cs + cs / 2 + 5}" '
            f'class="coord">{rank + 1}</text>'
        )
    return "".join(parts)


@drawn_once
def _hole(x: int, y: int, start: bool) -> str:
    """An empty board cell at ``x, y`` (with the word "start" on the Start cell)."""
    cs = _CS
    text = (
        f'<text x="{x + cs / 2}" y="{y + cs / 2 + 4}" class="start">start</text>' if start else ""
    )
    return (
        f'<rect x="{x + 3}" y="{y + 3}" width="{cs - 6}" height="{cs - 6}" rx="6" '
        f'fill="{_HOLE}" stroke="#0b1117" stroke-width="2"/>' + text
    )


@drawn_once
def _hit(cid: str, x: float, y: float, size: float, highlighted: bool) -> str:
    geometry = f'x="{x:.1f}" y="{y:.1f}" width="{size:.1f}" height="{size:.1f}"'
    return clickable_cell(cid, "rect", geometry, highlighted=highlighted)


def _last_marks(state: SirtetState, last: Sequence[Action]) -> tuple[set[int], set[int]]:
    """The board cells emptied and the tiles moved by the last turn's actions."""
    cells: set[int] = set()
    tiles: set[int] = set()
    for action in last:
        if 0 <= action < ACT_DOUBLE or action >= ACT_PAIR:
            for c in action_kind_cells(action):
                cells.add(c)
                tiles.add(state.layout[c])
        elif action < ACT_PAIR:
            tiles.add((action - ACT_DOUBLE) % NUM_TILES)
    tiles.discard(-1)
    return cells, tiles


def render_svg(
    state: SirtetState, *, last: Sequence[Action] = (), highlight: Sequence[str] = ()
) -> str:
    """The board with coordinates, both harvests and the discard zone.

    >>> from shoal.games.sirtet import Sirtet
    >>> svg = render_svg(Sirtet().initial(3))
    >>> svg.startswith("<svg") and 'data-cell="a1"' in svg and svg.endswith("</svg>")
    True
    """
    ts = state.ts
    cs = _CS
    margin = _MARGIN
    board_px = _BOARD_PX
    px0 = margin + board_px + 30  # the side panel
    tsz = 40
    per_row = 8
    panel_w = per_row * tsz
    last_cells, last_tiles = _last_marks(state, last)
    hl = set(highlight)
    parts: list[str] = []
    hits: list[str] = []

    def hit(cid: str, x: float, y: float, size: float) -> None:
        hits.append(_hit(cid, x, y, size, cid in hl))

    # board
    parts.append(_board_frame())
    pick_zone = KING_MASK[state.start] if state.phase == PICK else 0
    for c in range(CELLS):
        f, rank = divmod(c, SIZE)
        x = margin + f * cs
        y = margin + (SIZE - 1 - rank) * cs
        tile = state.tile_at(c)
        if tile is None:
            parts.append(_hole(x, y, c == state.start))
        else:
            parts.append(_tile_svg(state, tile, x + 2, y + 2, cs - 4))
        if pick_zone >> c & 1 and tile is not None:
            parts.append(
                f'<rect x="{x + 2}" y="{y + 2}" width="{cs - 4}" height="{cs - 4}" rx="7" '
                'fill="none" stroke="#ffd166" stroke-width="2" stroke-dasharray="5 3"/>'
            )
        if c in last_cells:
            parts.append(
                f'<rect x="{x + 5}" y="{y + 5}" width="{cs - 10}" height="{cs - 10}" rx="5" '
                f'fill="none" stroke="{_MARK}" stroke-width="3" class="last"/>'
            )
        hit(CELL_NAMES[c], x, y, cs)

    # side panel: harvests and discard zone
    y = margin - 6

    def zone(title: str, tiles: list[int], ids: str | None, active: bool) -> None:
        nonlocal y
        colour = "#ffd166" if active else _INK
        parts.append(f'<text x="{px0}" y="{y + 14}" class="zone" fill="{colour}">{title}</text>')
        y += 22
        rows = max(1, -(-len(tiles) // per_row))
        parts.append(
            f'<rect x="{px0 - 4}" y="{y - 4}" width="{panel_w + 8}" height="{rows * tsz + 8}" '
            f'rx="6" fill="#2d3e4f" stroke="{colour if active else "#3a4b5c"}"/>'
        )
        for i, tile in enumerate(tiles):
            tx = px0 + (i % per_row) * tsz
            ty = y + (i // per_row) * tsz
            parts.append(_tile_svg(state, tile, tx, ty, tsz))
            if tile in last_tiles:
                parts.append(
                    f'<rect x="{tx + 2}" y="{ty + 2}" width="{tsz - 4}" height="{tsz - 4}" '
                    f'rx="4" fill="none" stroke="{_MARK}" stroke-width="2.5" class="last"/>'
                )
            if ids is not None:
                hit(f"{ids}-{ts.codes[tile]}", tx, ty, tsz)
        y += rows * tsz + 18

    for seat in (0, 1):
        mover = state.outcome is None and state.mover == seat
        zone(_zone_title(state, seat), _tiles(state.harvest(seat)), f"h{seat}", mover)
    zone(_zone_title(state, None), _tiles(state.disc), None, False)
    parts.append(f'<text x="{px0}" y="{y + 8}" class="status">{_short_status(state)}</text>')
    width = px0 + panel_w + 20
    height = max(margin + board_px + 34, y + 22)
    head = (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height:.0f}" '
        f'class="board sirtet" font-family="sans-serif">'
        # every rule scoped to this board, so nothing leaks into the page around it
        "<style>svg.sirtet .coord{fill:#c9d3dc;font-size:15px;text-anchor:middle}"
        "svg.sirtet .start{fill:#ffd166;font-size:11px;text-anchor:middle}"
        "svg.sirtet .zone{font-size:14px;font-weight:bold}"
        "svg.sirtet .status{fill:#e9edf1;font-size:13px}</style>"
        f'<rect width="{width}" height="{height:.0f}" fill="{_BG}"/>'
    )
    return head + "".join(parts) + "".join(hits) + "</svg>"


def click_paths(state: SirtetState) -> dict[Action, tuple[str, ...]]:
    """For each legal action, the ids to click: board cells, or ``hSEAT-CODE`` tiles."""
    ts = state.ts
    paths: dict[Action, tuple[str, ...]] = {}
    for action in state.legal_actions():
        cells = action_kind_cells(action)
        if cells:
            paths[action] = tuple(CELL_NAMES[c] for c in cells)
        elif ACT_DOUBLE <= action < ACT_PAIR:
            tile = (action - ACT_DOUBLE) % NUM_TILES
            paths[action] = (f"h{state.mover}-{ts.codes[tile]}",)
        else:
            paths[action] = ()
    return paths
