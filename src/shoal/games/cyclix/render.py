"""Cyclix as text and SVG, and the click paths (pure functions of a state).

>>> from shoal.games.cyclix import Cyclix
>>> print(text(Cyclix().initial()))
7  . . . . . . k
6  . . . . . n b
5  . . . . r . .
4  . . . . . . .
3  . . R . . . .
2  B N . . . . .
1  K . . . . . .
   a b c d e f g
white to move; hands: white -, black -
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from shoal.core import Action
from shoal.core.svg import clickable_cell, drawn_once
from shoal.core.words import ENGLISH, Translator

from .geometry import FILES, KINDS, PASS, SIZE, SQUARE_NAMES, decode
from .rules import CyclixState

if TYPE_CHECKING:
    pass

__all__ = ["click_paths", "svg", "text"]

_CELL = 64
_MARGIN = 28
_PANEL = 172
# as character references, with the text-style selector U+FE0E: the SVG stays ASCII (its
# text is sent in every move's delta; see shoal.server.games.views.view_delta)
_GLYPHS = {
    0: "&#x265a;&#xfe0e;",
    1: "&#x265c;&#xfe0e;",
    2: "&#x265d;&#xfe0e;",
    3: "&#x265e;&#xfe0e;",
}
_SIDE_WORDS = ("white", "black")


def text(state: CyclixState) -> str:
    """The board as text: ``KRBN`` White, ``krbn`` Black, ``.`` a tile, ``~`` no tile."""
    board = ["." if state.tiles >> s & 1 else "~" for s in range(49)]
    for index, s in enumerate(state.pieces):
        if s >= 0:
            board[s] = "KRBNkrbn"[index]
    lines = [
        f"{r + 1}  " + " ".join(board[r * SIZE : r * SIZE + SIZE]) for r in range(SIZE - 1, -1, -1)
    ]
    lines.append("   " + " ".join(FILES))
    hands = [
        "".join(KINDS[k] if side == 0 else KINDS[k].lower() for k in state.hand(side)) or "-"
        for side in (0, 1)
    ]
    if state.outcome is not None:
        winner = state.outcome.winner
        head = (
            f"{_SIDE_WORDS[winner]} wins ({state.outcome.reason})"
            if winner is not None
            else f"draw ({state.outcome.reason})"
        )
    else:
        head = f"{_SIDE_WORDS[state.side]} to move" + (" (in check)" if state.in_check else "")
    lines.append(f"{head}; hands: white {hands[0]}, black {hands[1]}")
    return "\n".join(lines)


_PIECE_WORDS = ("king", "rook", "bishop", "knight")


def cell_words(state: CyclixState, tr: Translator = ENGLISH) -> dict[str, str]:
    """Each piece in words by its square ("White rook"), then the empty tiles ("Empty tile"),
    then the squares without a tile ("Water")."""
    from .words import piece_words

    pieces: dict[int, str] = {}
    for index, s in enumerate(state.pieces):
        if s >= 0:
            words = piece_words(index // 4, index % 4, tr)[1]
            pieces[s] = words[:1].upper() + words[1:]
    out = {SQUARE_NAMES[s]: words for s, words in sorted(pieces.items())}
    empty, water = tr.gettext("Empty tile"), tr.gettext("Water")
    for s in range(SIZE * SIZE):
        if state.tiles >> s & 1 and s not in pieces:
            out[SQUARE_NAMES[s]] = empty
    for s in range(SIZE * SIZE):
        if not state.tiles >> s & 1 and s not in pieces:
            out[SQUARE_NAMES[s]] = water
    return out


def status_caption(state: CyclixState, tr: Translator = ENGLISH) -> str:
    """The board's caption: who is to move (and a check), or the result (as the SVG writes
    it: an em dash as a reference)."""
    from .words import reason_words

    seat = state.side if state.outcome is None else state.outcome.winner or 0
    title = tr.gettext("black") if seat else tr.gettext("white")
    title = title[:1].upper() + title[1:]
    outcome = state.outcome
    if outcome is None:
        if state.in_check:
            return tr.gettext("{side} to move &#x2014; check!").format(side=title)
        return tr.gettext("{side} to move").format(side=title)
    reason = reason_words(outcome.reason, tr)
    if outcome.winner is None:
        return tr.gettext("Draw: {reason}").format(reason=reason)
    return tr.gettext("{side} wins: {reason}").format(side=title, reason=reason)


def svg_words(state: CyclixState, tr: Translator = ENGLISH) -> list[tuple[str, str]]:
    """The board's caption and its hands' titles (and "empty") as drawn, and in ``tr``'s
    language (``Game.svg_words``)."""
    from html import escape

    black, white = tr.gettext("Black hand"), tr.gettext("White hand")
    empty = tr.gettext("empty")
    out = [
        (
            f' class="status">{status_caption(state)}<',
            f' class="status">{status_caption(state, tr)}<',
        ),
        (">Black hand<", f">{escape(black, quote=False)}<"),
        (">White hand<", f">{escape(white, quote=False)}<"),
    ]
    out += [
        (">empty<", f">{escape(empty, quote=False)}<") for side in (0, 1) if not state.hand(side)
    ]
    return out


def _xy(square: int) -> tuple[int, int]:
    return _MARGIN + (square % SIZE) * _CELL, _MARGIN + (SIZE - 1 - square // SIZE) * _CELL


@drawn_once
def _glyph(x: float, y: float, kind: int, side: int, size: float) -> str:
    fill, stroke = ("#fbfaf5", "#1d1d1d") if side == 0 else ("#1d1d1d", "#e9e4d4")
    return (
        f'<text x="{x:.1f}" y="{y:.1f}" font-size="{size:.0f}" text-anchor="middle" '
        f'dominant-baseline="central" fill="{fill}" stroke="{stroke}" stroke-width="1.4" '
        'paint-order="stroke" font-family="DejaVu Sans, Segoe UI Symbol, Noto Sans Symbols2, '
        f'serif" class="piece {_SIDE_WORDS[side]} {"krbn"[kind]}">{_GLYPHS[kind]}</text>'
    )


_BOARD_PX = SIZE * _CELL
_WIDTH = _MARGIN * 2 + _BOARD_PX + _PANEL
_HEIGHT = _MARGIN * 2 + _BOARD_PX


@drawn_once
def _head() -> str:
    """The document's start: the defs, the background and the sea."""
    width, height, board_px = _WIDTH, _HEIGHT, _BOARD_PX
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" '
        'class="board cyclix">'
        "<defs>"
        '<pattern id="cyclix-waves" width="16" height="8" patternUnits="userSpaceOnUse">'
        '<path d="M0 6 Q4 2 8 6 T16 6" fill="none" stroke="#5c9cc0" stroke-width="1.2"/>'
        "</pattern>"
        '<radialGradient id="cyclix-check"><stop offset="0" stop-color="#ff2a1a" '
        'stop-opacity="0.95"/><stop offset="1" stop-color="#ff2a1a" stop-opacity="0"/>'
        "</radialGradient></defs>"
        f'<rect width="{width}" height="{height}" fill="#ece6d6"/>'
        f'<rect x="{_MARGIN}" y="{_MARGIN}" width="{board_px}" height="{board_px}" '
        'fill="#2f6f94"/>'
        f'<rect x="{_MARGIN}" y="{_MARGIN}" width="{board_px}" height="{board_px}" '
        'fill="url(#cyclix-waves)"/>'
    )


@drawn_once
def _square(s: int, tile: bool, marked: bool) -> str:
    """Square ``s``: its tile if it has one, lit when the last move marked it."""
    x, y = _xy(s)
    if tile:
        light = (s % SIZE + s // SIZE) % 2 == 0
        fill = "#d9b77e" if light else "#cfa66a"
        if marked:
            fill = "#eed85a" if light else "#e3c94a"
        return (
            f'<rect x="{x + 3}" y="{y + 5}" width="{_CELL - 6}" height="{_CELL - 6}" '
            'rx="7" fill="#1e4a63" opacity="0.55"/>'
            f'<rect x="{x + 3}" y="{y + 3}" width="{_CELL - 6}" height="{_CELL - 6}" '
            f'rx="7" fill="{fill}" stroke="#8a6a3a" stroke-width="1.2" class="tile"/>'
        )
    if marked:
        return (
            f'<rect x="{x + 5}" y="{y + 5}" width="{_CELL - 10}" height="{_CELL - 10}" '
            'rx="7" fill="none" stroke="#eed85a" stroke-width="2.5" '
            'stroke-dasharray="6 4" class="last"/>'
        )
    return ""


@drawn_once
def _coordinates() -> str:
    out = []
    for i in range(SIZE):
        cx = _MARGIN + i * _CELL + _CELL / 2
        cy = _MARGIN + (SIZE - 1 - i) * _CELL + _CELL / 2
        style = (
            'font-family="sans-serif" font-size="13" fill="#5a4a30" text-anchor="middle" '
            'class="coord"'
        )
        out.append(f'<text x="{cx:.0f}" y="{_MARGIN - 9}" {style}>{FILES[i]}</text>')
        out.append(f'<text x="{cx:.0f}" y="{_HEIGHT - 10}" {style}>{FILES[i]}</text>')
        out.append(
            f'<text x="{_MARGIN / 2:.0f}" y="{cy + 5:.0f}" {style}>{i + 1}</text>'
            f'<text x="{_MARGIN * 1.5 + _BOARD_PX:.0f}" y="{cy + 5:.0f}" {style}>{i + 1}</text>'
        )
    return "".join(out)


@drawn_once
def _hit(s: int, highlighted: bool) -> str:
    x, y = _xy(s)
    geometry = f'x="{x}" y="{y}" width="{_CELL}" height="{_CELL}"'
    return clickable_cell(SQUARE_NAMES[s], "rect", geometry, highlighted=highlighted)


@drawn_once
def _hits() -> str:
    """Every square's hit area, none highlighted."""
    return "".join(_hit(s, False) for s in range(49))


def svg(state: CyclixState, *, last: Sequence[Action] = (), highlight: Sequence[str] = ()) -> str:
    """The board as SVG: sea, tiles, pieces, hands beside the board, last move and check."""
    board_px = _BOARD_PX
    height = _HEIGHT
    out = [_head()]
    marked: set[int] = set()
    for action in last:
        if action != PASS and 0 <= action < PASS:
            frm, to, _ = decode(action)
            marked.update((frm, to))
    tiles = state.tiles
    for s in range(49):
        out.append(_square(s, bool(tiles >> s & 1), s in marked))
    if (state.in_check and state.outcome is None) or (
        state.outcome is not None and state.outcome.reason == "checkmate"
    ):
        k = state.pieces[4 * state.side]
        x, y = _xy(k)
        out.append(
            f'<circle cx="{x + _CELL / 2}" cy="{y + _CELL / 2}" r="{_CELL * 0.46:.1f}" '
            'fill="url(#cyclix-check)" class="check"/>'
        )
    for index, s in enumerate(state.pieces):
        if s >= 0:
            x, y = _xy(s)
            out.append(_glyph(x + _CELL / 2, y + _CELL / 2 + 1, index & 3, index // 4, 46))
    out.append(_coordinates())
    px = _MARGIN * 2 + board_px
    label = 'font-family="sans-serif" font-size="14" fill="#3b2f1c"'
    for side, top in ((1, _MARGIN), (0, _MARGIN + board_px - 110)):
        out.append(
            f'<rect x="{px}" y="{top}" width="{_PANEL - 12}" height="110" rx="8" '
            f'fill="#f7f2e6" stroke="#b9a77f" class="hand {_SIDE_WORDS[side]}"/>'
            f'<text x="{px + 10}" y="{top + 22}" {label}>{_SIDE_WORDS[side].title()} hand</text>'
        )
        hand = state.hand(side)
        if not hand:
            out.append(
                f'<text x="{px + 10}" y="{top + 70}" font-family="sans-serif" '
                'font-size="13" fill="#9a8a6a">empty</text>'
            )
        for n, kind in enumerate(hand):
            out.append(_glyph(px + 26 + n * 42, top + 68, kind, side, 38))
    status = status_caption(state)
    out.append(
        f'<text x="{px}" y="{height / 2 + 5:.0f}" font-family="sans-serif" font-size="13" '
        f'font-weight="bold" fill="#3b2f1c" class="status">{status}</text>'
    )
    if not highlight:
        out.append(_hits())
        out.append("</svg>")
        return "".join(out)
    wanted = set(highlight)
    for s in range(49):
        if SQUARE_NAMES[s] in wanted:
            x, y = _xy(s)
            out.append(
                f'<circle cx="{x + _CELL / 2}" cy="{y + _CELL / 2}" r="{_CELL * 0.16:.1f}" '
                'fill="#2e8b57" fill-opacity="0.75" stroke="#f4fff4" class="target"/>'
            )
    for s in range(49):
        out.append(_hit(s, SQUARE_NAMES[s] in wanted))
    out.append("</svg>")
    return "".join(out)


def click_paths(state: CyclixState) -> dict[Action, tuple[str, ...]]:
    """(from, to) for every move; re-entry variants share the plain king move's path."""
    paths: dict[Action, tuple[str, ...]] = {}
    for action in state.legal_actions():
        if action == PASS:
            paths[action] = ()
        else:
            frm, to, _ = decode(action)
            paths[action] = (SQUARE_NAMES[frm], SQUARE_NAMES[to])
    return paths
