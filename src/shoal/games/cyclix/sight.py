"""Cyclix's two readings of the kings' sight (option ``king_sight``). Pure, no I/O.

A king attacks the first tile it sees along each line, so two kings may never see each
other (``always``, the default, in :mod:`.rules`). The other reading, ``free``, takes the
rules' "when in check it may move only to the adjacent squares that have a tile" as the
limit of what such a king threatens: **a king in check from an enemy rook, bishop or knight
attacks only the adjacent tiles**, so a move that leaves the enemy king in check from such
a piece may let the kings see each other. Sight between the two kings never counts as the
check that allows this: a king seen along a line by an enemy king that is not in check from
a rook, bishop or knight is attacked, and that check must be ended like any other.

After a move, the mover's king must not be attacked: not by an enemy rook, bishop or knight,
not by the enemy king next to it, and not by the enemy king's sight unless the mover's
rook, bishop or knight then attacks that king. At the start of a turn the side to move is in
check exactly as under ``always``: the last mover's king is attacked by nothing, so in
particular not by a rook, bishop or knight, and its sight counts in full.

>>> from shoal.games import get
>>> game = get("cyclix", king_sight="free")
>>> len(game.initial().legal_actions()) == len(get("cyclix").initial().legal_actions())
True
"""

from __future__ import annotations

from shoal.core import Action

from .geometry import Bitboard
from .rules import apply_move, attacked, generate

__all__ = ["KING_SIGHT_READINGS", "generate_free", "safe_free"]

KING_SIGHT_READINGS = ("always", "free")
"""The values of the option ``king_sight``, the default first."""

_EVERY_TILE = (1 << 49) - 1
"""A board full of tiles: a king then sees only its adjacent squares."""


def _occupied(sq: tuple[int, ...]) -> int:
    return sum(1 << s for s in sq if s >= 0)


def safe_free(sq: tuple[int, ...], tiles: Bitboard, side: int) -> bool:
    """Under ``free``: ``side`` (who has just moved) does not have its king attacked."""
    o, e = 4 * side, 4 - 4 * side
    k, ek = sq[o], sq[e]
    occ = _occupied(sq)
    enemy = sq[e], sq[e + 1], sq[e + 2], sq[e + 3]
    if not attacked(k, occ, tiles, *enemy):
        return True
    if attacked(k, occ, _EVERY_TILE, *enemy):
        return False  # a rook, bishop or knight, or the enemy king next to it
    # only the enemy king's distant sight reaches k: harmless when a rook, bishop or knight
    # of ``side`` attacks that king (a full board of tiles leaves ``side``'s king only its
    # adjacent squares, and it is not next to ``ek``: its own sight never counts here)
    return attacked(ek, occ, _EVERY_TILE, sq[o], sq[o + 1], sq[o + 2], sq[o + 3])


def generate_free(sq: tuple[int, ...], tiles: Bitboard, side: int) -> tuple[list[Action], bool]:
    """The legal moves of ``side`` under ``king_sight=free`` and whether it is in check."""
    moves, check = generate(sq, tiles, side, pseudo=True)
    legal = []
    for action in moves:
        after, after_tiles, _ = apply_move(sq, tiles, side, action)
        if safe_free(after, after_tiles, side):
            legal.append(action)
    return legal, check
