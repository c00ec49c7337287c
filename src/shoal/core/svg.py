"""The clickable cell every game's SVG draws: one place for the contract with the web client.

:meth:`shoal.core.Game.render_svg` promises that every clickable cell is drawn
last, as one transparent shape with ``class="cell"`` (``"cell hl"`` when it is
highlighted) and ``data-cell="ID"``, the id :meth:`~shoal.core.Game.click_paths`
uses. Renderers draw the shape they like (a square, a hexagon) through
:func:`clickable_cell` and never spell the contract themselves.
"""

from __future__ import annotations

__all__ = ["clickable_cell"]


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
