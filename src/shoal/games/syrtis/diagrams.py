"""Pictures for the rules page, built from real positions (``game.diagrams()``).

>>> from shoal.games.syrtis import Syrtis
>>> [d.name for d in Syrtis().diagrams()]
['setup', 'islands', 'move', 'sink', 'slide', 'win']
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from shoal.core import Diagram

if TYPE_CHECKING:
    from .game import Syrtis

__all__ = ["diagrams"]

SETUP_SEED = 239
"""A Major seed (point pairing) whose drawn board needs pair switching."""
PLAY = "csSsSS/sSCsssD/sSccsS/cCSScCD/CCCsLcC/cLcCcCS play 0 0 - 0,0 17"
"""A full Major board after the set-up, Light (seat 0) to move."""
SLIDE = "....../sCScS./cL...C./S.s.c./C.SD.s./sDcCScL. play 0 0 - 0,0 9"
"""A small Major island with water inside its bounding box."""
WIN = "cLSScsS/CDCCCS./c.scSc/CDsSC.C/.cL...s/.....S play 1 1 L3 0,0 103"
"""Light (seat 1) to move; the slide b2>e3 joins all of Light's circles."""


def diagrams(game: Syrtis) -> list[Diagram]:
    """Set-up, islands, a tower move, a sink, a slide inside the box, a win (Major boards)."""
    from .game import Syrtis as _Syrtis

    major = _Syrtis(type(game.options)(variant="major", pairing="point"))
    geo = major.geo
    names = geo.names

    def cells(bits: int) -> tuple[str, ...]:
        return tuple(names[c] for c in range(geo.cells) if bits >> c & 1)

    start = major.initial(SETUP_SEED)
    whole = next(
        b
        for b in (
            start.light,
            start.tiles & ~start.light,
            start.circle,
            start.tiles & ~start.circle,
        )
        if geo.connected(b)
    )
    out = [
        Diagram(
            "setup",
            f"A drawn Major board (seed {SETUP_SEED}): each cell and its point reflection hold "
            "opposite tiles. The highlighted group is one whole colour or shape, so seat 0 "
            "must switch pairs before placing the towers.",
            start,
            highlight=cells(whole),
        )
    ]
    play = major.load(PLAY)
    island = geo.flood(1 << geo.cell("d2"), play.light)
    out.append(
        Diagram(
            "islands",
            "Light's tower on d2 stands on a light square: its light island (highlighted) is "
            "where it may go. Tiles touching only at a corner are not connected.",
            play,
            highlight=cells(island),
        )
    )
    move = play.parse_action("d2-d5")
    out.append(
        Diagram(
            "move",
            "d2-d5: the tower crosses its light island in one move; other towers would not "
            "block it.",
            play.child(move),
            last=(move,),
            highlight=cells(island & ~(1 << geo.cell("d2"))),
        )
    )
    sink = play.parse_action("xd1")
    out.append(
        Diagram(
            "sink",
            "xd1: a tile next to Light's tower, without a tower, on the open rim, sinks.",
            play.child(sink),
            last=(sink,),
        )
    )
    small = major.load(SLIDE)
    slide = small.parse_action("a4>d2")
    out.append(
        Diagram(
            "slide",
            "a4>d2: the tile under Light's tower slides through water, turning twice, inside "
            "the dashed bounding box of the tiles.",
            small.child(slide),
            last=(slide,),
        )
    )
    end = major.load(WIN)
    win = end.parse_action("b2>e3")
    out.append(
        Diagram(
            "win",
            "b2>e3: Light's slide joins all the remaining circle tiles into one island: a "
            "complete island wins.",
            end.child(win),
            last=(win,),
        )
    )
    return out
