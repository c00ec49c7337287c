"""SFIRS knowledge for the AI: features, a static evaluation and hints in words.

The game ends when the player to move has no active cube that can move, and
the last player to move a cube already in the play area wins; so what counts is
how many active cubes each side can still move (``movable``), how many inactive
cubes could come back (``revivable``) and how many cubes wait in the start area
(the reserve that chains draw on).

>>> from shoal.games.sfirs import Sfirs
>>> s = Sfirs().initial()
>>> features(s)["white_movable"], features(s)["black_start"]
(2.0, 8.0)
>>> evaluate(s, 0)
0.0
"""

from __future__ import annotations

import math
from collections.abc import Iterable

from shoal.core import Action, Seat
from shoal.core.words import ENGLISH, Translator

from .geometry import CELLS, EDGE, NB8, START, bits, cell_name
from .notation import REVIVE, STOP
from .rules import SfirsState, active_moves

__all__ = ["evaluate", "explain", "feature_words", "features"]

_SIDES = ("white", "black")


def movable(state: SfirsState, colour: int) -> int:
    """The number of ``colour``'s active cubes that have a move."""
    occ = state.cubes(0) | state.cubes(1)
    active = state.active
    count = 0
    for c in bits(state.cubes(colour) & active):
        moves: list[int] = []
        active_moves(1 << c, occ, active, moves)
        count += bool(moves)
    return count


def revivable(state: SfirsState, colour: int) -> int:
    """The number of ``colour``'s inactive cubes that a revival could choose."""
    occ = state.cubes(0) | state.cubes(1)
    inactive = occ & ~state.active & ~START
    return sum(1 for c in bits(state.cubes(colour) & inactive & ~EDGE) if not NB8[c] & inactive)


def features(state: SfirsState) -> dict[str, float]:
    """Counts per colour: movable and active cubes, revivable cubes, start-area cubes."""
    out: dict[str, float] = {}
    for colour, name in enumerate(("white", "black")):
        mine = state.cubes(colour)
        out[f"{name}_movable"] = float(movable(state, colour))
        out[f"{name}_active"] = float(bin(mine & state.active).count("1"))
        out[f"{name}_revivable"] = float(revivable(state, colour))
        out[f"{name}_start"] = float(bin(mine & START).count("1"))
    last = state.last_play_mover
    out["last_play_mover"] = 0.0 if last < 0 else (1.0 if last == 0 else -1.0)
    return out


def feature_words(names: Iterable[str], tr: Translator = ENGLISH) -> dict[str, str]:
    """The features' names in words in ``tr``'s language (``Game.feature_words``)."""
    said = {
        "white_movable": tr.gettext("white movable"),
        "white_active": tr.gettext("white active"),
        "white_revivable": tr.gettext("white revivable"),
        "white_start": tr.gettext("white start"),
        "black_movable": tr.gettext("black movable"),
        "black_active": tr.gettext("black active"),
        "black_revivable": tr.gettext("black revivable"),
        "black_start": tr.gettext("black start"),
        "last_play_mover": tr.gettext("last play mover"),
    }
    return {name: said.get(name) or name.replace("_", " ") for name in names}


def evaluate(state: SfirsState, seat: Seat) -> float:
    """A value in [-1, 1] for ``seat``: mostly the difference in movable cubes."""
    if state.outcome is not None:
        return state.outcome.value_for(seat)
    f = features(state)
    colour = seat ^ state.game.swap
    sign = 1.0 if colour == 0 else -1.0
    x = (
        0.35 * (f["white_movable"] - f["black_movable"])
        + 0.1 * (f["white_active"] - f["black_active"])
        + 0.08 * (f["white_revivable"] - f["black_revivable"])
        + 0.03 * (f["white_start"] - f["black_start"])
        + 0.1 * f["last_play_mover"]
    )
    return 0.95 * math.tanh(sign * x)


def explain(state: SfirsState, action: Action, tr: Translator = ENGLISH) -> str:
    """A one-line reason in words for ``action`` (in ``tr``'s language)."""
    from .explain import side_title

    colour = state.colour
    me, them = side_title(_SIDES[colour], tr), side_title(_SIDES[1 - colour], tr)
    text = state.action_text(action)
    after = state.child(action)
    if after.outcome is not None:
        winner = after.outcome.winner
        if winner is not None and after.sides()[winner] == _SIDES[colour]:
            return tr.gettext("{move} wins: {side} is left without a move").format(
                move=text, side=them
            )
        return tr.gettext("{move} ends the game").format(move=text)
    mine_after, theirs_after = movable(after, colour), movable(after, 1 - colour)
    tally = tr.gettext("{side} keeps {mine} movable cube(s) to {other}'s {theirs}").format(
        side=me, mine=mine_after, other=them, theirs=theirs_after
    )
    if action == STOP:
        return tr.gettext("stop ends the chain here; {tally}").format(tally=tally)
    if action >= REVIVE:
        return tr.gettext("{move} turns that cube active again; {tally}").format(
            move=f"+{cell_name(action - REVIVE)}", tally=tally
        )
    origin = action // CELLS
    lost = state.active & ~after.active & ~(1 << origin)
    theirs = bits(lost & state.cubes(1 - colour))
    ours = bits(lost & state.cubes(colour))
    parts = []
    if START >> origin & 1:
        parts.append(tr.gettext("brings a cube out of the start area"))
    else:
        parts.append(tr.gettext("moves a play-area cube (the win goes to the last such mover)"))
    if theirs:
        cells = ", ".join(cell_name(c) for c in theirs)
        parts.append(tr.gettext("deactivates {cells}").format(cells=cells))
    if ours:
        cells = ", ".join(cell_name(c) for c in ours)
        parts.append(tr.gettext("costs own {cells}").format(cells=cells))
    if after.in_chain:
        parts.append(tr.gettext("ends inactive, so the chain may go on"))
    return f"{text} {'; '.join(parts)}; {tally}"
