"""Pictures for the rules page, built from real positions by the game's own code.

>>> from shoal.games.sirtet import Sirtet
>>> [d.name for d in Sirtet().diagrams()][:2]
['setup', 'double-I']
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from shoal.core import Diagram

from .geometry import (
    ACT_BURN,
    ACT_DOUBLE,
    ACT_PAIR,
    ACT_SINGLE,
    ACT_TAKE,
    CELL_NAMES,
    PAIR_A,
    PAIR_B,
)
from .notation import CHOOSE
from .rules import SirtetState

if TYPE_CHECKING:
    from .game import Sirtet

__all__ = ["SAMPLE_END_START", "SAMPLE_END_TURNS", "diagrams"]

SAMPLE_END_START = (
    "..Lo......../......Ob..../........To../Ow..Oc....../............/Ig........Sw "
    "IrIcOrTyTcLc IbOgTbLbSySg IoIyIwOoOyTrTgTwLrLyLgLwSrSoScSb c4 choose 0 0 26"
)
"""The last turns of the seed's sample game, rebuilt (the seed's pictures are not at hand)."""

SAMPLE_END_TURNS = ("L.cyan: c3 d5", "L.blue: a1 a3", "T.yellow: f1", "pass", "pass")
"""North (seat 0) doubles with cyan L for cyan O and blue O; South doubles with blue L for
green I and white O; North makes a Single Harvest; both pass: a draw."""


def _random_states(game: Sirtet, seed: int) -> list[SirtetState]:
    rng = random.Random(seed)
    state = game.initial(seed)
    states = [state]
    while state.outcome is None:
        legal = state.legal_actions()
        state = state.child(legal[rng.randrange(len(legal))])
        states.append(state)
    return states


def _showcase(action: int) -> tuple[int, int, int]:
    """Prefer the pair whose offset shows the shape best (long steps, not diagonals)."""
    index = action - ACT_PAIR
    a, b = PAIR_A[index], PAIR_B[index]
    dc, dr = abs(b // 6 - a // 6), abs(b % 6 - a % 6)
    return (dc + dr, -dc * dr, -abs(a // 6 - 2) - abs(a % 6 - 2))


def _double_for(game: Sirtet, shape: str) -> Diagram:
    ts = game.tileset
    for seed in range(200):
        for state in _random_states(game, seed):
            if state.phase != CHOOSE or state.turn < 6:
                continue
            for action in state.legal_actions():
                if not ACT_DOUBLE <= action < ACT_SINGLE:
                    continue
                tile = action - ACT_DOUBLE
                if ts.shapes[ts.shape_of[tile]] != shape:
                    continue
                mid = state.child(action)
                take = max(mid.legal_actions(), key=_showcase)
                after = mid.child(take)
                text = state.turn_text([action, take])
                return Diagram(
                    f"double-{shape}",
                    f"Double Harvest {text}: seat {state.mover} discards {ts.names[tile]} "
                    "and takes two tiles that sit like two of its cells.",
                    after,
                    (action, take),
                )
    raise AssertionError(f"no double harvest with {shape} found")  # pragma: no cover


def _single_with_burn(game: Sirtet) -> Diagram:
    for state in _random_states(game, 11):
        if state.phase == CHOOSE and state.turn >= 8:
            harvest = state.harvest(state.mover)
            tile = (harvest & -harvest).bit_length() - 1
            first = ACT_SINGLE + tile
            mid = state.child(first)
            take = ACT_TAKE + (mid.occ & -mid.occ).bit_length() - 1
            mid2 = mid.child(take)
            burn = ACT_BURN + mid2.occ.bit_length() - 1
            after = mid2.child(burn)
            text = state.turn_text([first, take, burn])
            return Diagram(
                "single-burn",
                f"Single Harvest with burn {text}: the discarded tile pays for any one board "
                f"tile; then {CELL_NAMES[burn - ACT_BURN]} goes to the discard zone.",
                after,
                (first, take, burn),
            )
    raise AssertionError("no single harvest found")  # pragma: no cover


def diagrams(game: Sirtet) -> list[Diagram]:
    """A set-up board, a Double Harvest per shape, a Single Harvest with burn, an end."""
    setup = game.initial(1)
    out = [
        Diagram(
            "setup",
            "Set-up: the Start tile's cell is a hole; seat 0, then seat 1, picks one of the "
            "tiles around it (dashed).",
            setup,
            (),
            tuple(CELL_NAMES[a] for a in setup.legal_actions()),
        )
    ]
    out.extend(_double_for(game, shape) for shape in game.tileset.shapes)
    out.append(_single_with_burn(game))
    state = game.load(SAMPLE_END_START)
    last: list[int] = []
    for turn in SAMPLE_END_TURNS:
        last = state.parse_turn(turn)
        for action in last:
            state = state.child(action)
    out.append(
        Diagram(
            "end",
            "The end of the sample game: after both pass, each has 7 tiles in groups "
            "3-2-1-1: a draw.",
            state,
            tuple(last),
        )
    )
    return out
