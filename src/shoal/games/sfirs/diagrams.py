"""Pictures for the SFIRS rules page, built from real positions.

The later positions come from actual games (random play from fixed seeds);
each diagram replays the turn it shows, so the pictures always match the rules.

>>> from shoal.games.sfirs import Sfirs
>>> [d.name for d in Sfirs().diagrams()]
['start', 'activation', 'passing', 'chain', 'end']
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from shoal.core import Action, Diagram, State

if TYPE_CHECKING:
    from .game import Sfirs

__all__ = ["diagrams"]

# Black's turn 8 of the random game from seed 7: two moves that end inactive, then a revival.
_CHAIN_FROM = "5w6/2B7B1/12/12/4b1bw2W1/2W2bwb4/4bwb5/2W2bw5/7b4/12/1W8W1/12 b - w 7 -"
_CHAIN_TURN = "g6-l6; c11-f11; +h4"
# The last turn of the random game from seed 7: Black is left without an active cube.
_END_FROM = "5w6/5b2b3/4b2w4/12/3b4w1W1/2wb2w5/1wb2w5b/2wb2w5/4b7/12/12/7b4 w - b 12 -"
_END_TURN = "k8-k2"


def _turn(state: State, text: str) -> tuple[State, tuple[Action, ...]]:
    actions = state.parse_turn(text)
    for action in actions:
        state = state.child(action)
    return state, tuple(actions)


def diagrams(game: Sfirs) -> list[Diagram]:
    """The rules-page diagrams: regions and start, activation, passing, a chain, an end."""
    out = [
        Diagram(
            "start",
            "The board: outer edge (dark sand), play area (light) and start area (blue). "
            "Sixteen cubes fill the start area in a checkerboard; the four corner cubes of the "
            "play area start active (turned 45 degrees).",
            game.initial(),
        )
    ]
    state, actions = _turn(game.initial(), "e5-c5")
    out.append(
        Diagram(
            "activation",
            "White's first move e5-c5 brings a cube out of the start area; it ends in the play "
            "area with nothing around it, so it becomes active.",
            state,
            actions,
        )
    )
    state, _ = _turn(state, "h7-j7")
    state, actions = _turn(state, "k2-k9")
    out.append(
        Diagram(
            "passing",
            "k2-k9 passes Black's active cube on j7 (next to k6, k7 and k8), which becomes "
            "inactive; k9 ends alone and becomes active.",
            state,
            actions,
            ("j7",),
        )
    )
    state, actions = _turn(game.load(_CHAIN_FROM), _CHAIN_TURN)
    out.append(
        Diagram(
            "chain",
            f"A chain ({_CHAIN_TURN}): g6-l6 crosses the empty h6 and ends on the outer edge, "
            "inactive, so Black may go on; c11-f11 ends next to White's f12 and turns inactive "
            "too; the revival +h4 turns Black's h4 active again and ends the turn.",
            state,
            actions,
            ("h4",),
        )
    )
    state, actions = _turn(game.load(_END_FROM), _END_TURN)
    out.append(
        Diagram(
            "end",
            "White plays k8-k2, a cube already in the play area. Black has no active cube, so "
            "Black has no legal action and the game ends: White, the last to move a play-area "
            "cube, wins.",
            state,
            actions,
        )
    )
    return out
