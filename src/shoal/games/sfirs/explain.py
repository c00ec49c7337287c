"""SFIRS: why an action is illegal, in words (the reasons behind every refusal).

>>> from shoal.games import get
>>> state = get("sfirs").initial()
>>> why_illegal(state, 0)  # action 0: a1 to a1
'there is no cube on a1'
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from shoal.core.words import ENGLISH, Translator

from .geometry import CELLS, EDGE, MOVE_PASS, NB8, ORTH, START, bits, cell_name
from .notation import REVIVE, STOP

if TYPE_CHECKING:
    from .rules import SfirsState

__all__ = ["ending_sentence", "why_illegal"]


def why_illegal(state: SfirsState, action: int) -> str:
    """Why ``action`` is illegal in ``state``, in words."""
    if action == STOP:
        return "stop only ends a chain after a move that made the moved cube inactive"
    colour = state.colour
    mine = state.cubes(colour)
    occ = state.cubes(0) | state.cubes(1)
    active = state.active
    names = ("White", "Black")
    if action >= REVIVE:
        c = action - REVIVE
        name = cell_name(c)
        if not state.in_chain:
            return "a revival only follows a move that made the moved cube inactive"
        if not mine >> c & 1:
            return f"there is no {names[colour]} cube on {name}"
        if START >> c & 1 or active >> c & 1:
            return f"the cube on {name} is not inactive"
        if c == state.just_moved:
            return f"the cube on {name} has just been moved"
        if EDGE >> c & 1:
            return f"the cube on {name} is on the outer edge"
        inactive = occ & ~active & ~START
        near = bits(NB8[c] & inactive)
        if near:
            return f"the cube on {name} is next to the inactive cube on {cell_name(near[0])}"
        return "it is not a legal follow-up here"
    origin, to = divmod(action, CELLS)
    text = f"{cell_name(origin)}"
    if not occ >> origin & 1:
        return f"there is no cube on {text}"
    if not mine >> origin & 1:
        return f"the cube on {text} is {names[1 - colour]}'s"
    from_start = bool(START >> origin & 1)
    if not from_start and not active >> origin & 1:
        return f"the cube on {text} is inactive"
    ox, oy, tx, ty = origin % 12, origin // 12, to % 12, to // 12
    if ox != tx and oy != ty:
        return "cubes move only along a rank or a file"
    distance = abs(tx - ox) + abs(ty - oy)
    if distance < 2:
        return "a cube moves at least 2 squares"
    step = (1 if tx > ox else -1 if tx < ox else 0) + 12 * (1 if ty > oy else -1 if ty < oy else 0)
    for k in range(1, distance + 1):
        if occ >> (origin + k * step) & 1:
            return f"the cube on {cell_name(origin + k * step)} is in the way"
    if START >> to & 1:
        if from_start:
            return "a cube may not move from one start-area square to another"
        return "a cube may not move into the start area"
    if state.in_chain and not from_start and not active >> origin & 1:
        return f"the cube on {text} is inactive"
    if state.before_first_move(colour) and not from_start:
        return "a player's first move is with a cube from the start area"
    if from_start and not state.may_leave_start:
        return (
            "a cube may leave the start area only if its player had an active cube "
            "that could move at the start of the turn"
        )
    act2 = active & ~(1 << origin)
    passed = bits(MOVE_PASS[action] & act2)
    if from_start and passed:
        return (
            "a cube leaving the start area may not pass or end next to the active cube on "
            f"{cell_name(passed[0])}"
        )
    in_line = bits(ORTH[to] & act2)
    if in_line:
        return f"it would end in line next to the active cube on {cell_name(in_line[0])}"
    return "it crosses the start area without making any cube inactive"


def side_title(side: str, tr: Translator = ENGLISH) -> str:
    """A colour (``white``, ``black``) as a sentence names its player, with a capital: the
    side's word on the game page in ``tr``'s language."""
    word = {"white": tr.gettext("white"), "black": tr.gettext("black")}.get(side, side)
    return word[:1].upper() + word[1:]


def ending_sentence(state: SfirsState, tr: Translator = ENGLISH) -> str:
    """How a finished game ended, in a sentence (who won and why that wins), in ``tr``'s
    language."""
    outcome = state.outcome
    if outcome is None or outcome.winner is None:
        return ""
    sides = state.sides()
    winner = side_title(sides[outcome.winner], tr)
    stuck = side_title(sides[1 - outcome.winner], tr)
    if outcome.reason.startswith("turn limit"):
        first = tr.gettext("The game reached its turn limit")
    else:
        first = tr.gettext("{side} has no active cube that can move, so the game is over").format(
            side=stuck
        )
    if outcome.reason.endswith("no play-area move"):
        return tr.gettext(
            "{end}. Nobody ever moved a cube already out in the open, so {side}, who made "
            "the last move, wins."
        ).format(end=first, side=winner)
    return tr.gettext(
        "{end}. {side} wins: the last to move a cube that was already out in the open."
    ).format(end=first, side=winner)


def action_label(text: str, tr: Translator = ENGLISH) -> str:
    """An action's notation in words, for menus, buttons and a screen reader (in ``tr``'s
    language).

    >>> action_label("e5-c5"), action_label("+g7"), action_label("stop")
    ('Cube e5 to c5', 'Revive the cube on g7', 'Stop the chain here')
    """
    if text == "stop":
        return tr.gettext("Stop the chain here")
    if text.startswith("+"):
        return tr.gettext("Revive the cube on {cell}").format(cell=text[1:])
    if "-" in text:
        frm, to = text.split("-", 1)
        return tr.gettext("Cube {a} to {b}").format(a=frm, b=to)
    return text
