"""The clickable cell every game's SVG draws (one place for the contract with the web
client), and the cache of the parts of a drawing that never change within a game.

:meth:`shoal.core.Game.render_svg` promises that every clickable cell is drawn
last, as one transparent shape with ``class="cell"`` (``"cell hl"`` when it is
highlighted) and ``data-cell="ID"``, the id :meth:`~shoal.core.Game.click_paths`
uses. Renderers draw the shape they like (a square, a hexagon) through
:func:`clickable_cell` and never spell the contract themselves.

A live game draws its board once per version (issue 39): the board, its cells,
coordinates and a piece on a given cell come out the same in every position, so
renderers draw them through functions wrapped in :func:`drawn_once`, pure
functions of hashable arguments (never a state) whose text is kept and reused.
:func:`forget_drawings` empties every such cache (the tests draw each position
afresh with it and compare).
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any, TypeVar, cast

__all__ = ["clickable_cell", "drawn_once", "forget_drawings"]

F = TypeVar("F", bound=Callable[..., str])

_DRAWINGS: list[Any] = []


def drawn_once(function: F) -> F:
    """``function`` (pure, hashable arguments, a text out) with its results kept: up to
    8,192 of them, the least recently used dropped first (``1`` and ``1.0`` are
    different arguments, as they are drawn differently).

    >>> @drawn_once
    ... def dot(x: int) -> str:
    ...     return f'<circle cx="{x}"/>'
    >>> dot(3) is dot(3)
    True
    """
    cached = functools.lru_cache(maxsize=8192, typed=True)(function)
    _DRAWINGS.append(cached)
    return cast(F, cached)


def forget_drawings() -> None:
    """Empty the caches of every :func:`drawn_once` function (the next drawing is fresh)."""
    for cached in _DRAWINGS:
        cached.cache_clear()


def clickable_cell(cell_id: str, shape: str, geometry: str, *, highlighted: bool = False) -> str:
    """One clickable cell: an SVG element ``shape`` with the given geometry attributes.

    ``geometry`` holds the shape's own attributes, already formatted (e.g.
    ``'x="0" y="0" width="10" height="10"'`` or ``'points="..."'``).

    >>> clickable_cell("a1", "rect", 'x="0" y="0" width="10" height="10"')
    '<rect class="cell" data-cell="a1" x="0" y="0" width="10" height="10" fill="transparent"/>'
    >>> clickable_cell("e5", "polygon", 'points="0,0 1,0 1,1"', highlighted=True)
    '<polygon class="cell hl" data-cell="e5" points="0,0 1,0 1,1" fill="transparent"/>'
    """
    cls = "cell hl" if highlighted else "cell"
    return f'<{shape} class="{cls}" data-cell="{cell_id}" {geometry} fill="transparent"/>'
