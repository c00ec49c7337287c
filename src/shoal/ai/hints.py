"""Hints: the best action for the seat to move and a one-line reason in words.

The reason joins the game's own words (``game.explain``) and the search's view
("wins by force in 3 actions", "best by 62% of 1500 simulations").

>>> from shoal.games import get
>>> game = get("connect4")
>>> state = game.load("......./......./......./......./......./xxx.oo. o")
>>> h = hint(game, state, level="casual")
>>> state.action_text(h.action)
'd'
"""

from __future__ import annotations

import dataclasses

from shoal.core import Action, Game, State
from shoal.core.words import ENGLISH, Translator

from .levels import DEFAULT_LEVEL, level_player
from .result import SearchResult

__all__ = ["Hint", "hint"]


@dataclasses.dataclass(frozen=True)
class Hint:
    """A suggested action, why (one line), and its value for the seat to move in [-1, 1]."""

    action: Action
    reason: str
    value: float
    result: SearchResult | None = None


def hint(
    game: Game,
    state: State,
    level: str = DEFAULT_LEVEL,
    seed: int = 0,
    seconds: float | None = None,
    tr: Translator = ENGLISH,
) -> Hint:
    """The action the ``level`` player's search chooses in ``state``, with a reason.

    Always the search's own choice: a level's deliberate errors (its error rate)
    never reach a hint. ``seconds`` caps the search (default: the level's time
    per turn); with a cap the level's iterations never reach, the hint depends
    on ``seed`` alone, not on the machine's load.

    ``tr``: the language of the reason (the game's words and the search's view).

    Never changes ``state``; raises ValueError when the game is over.
    """
    if state.outcome is not None:
        raise ValueError("the game is over: no hint")
    legal = state.legal_actions()
    if len(legal) == 1:
        action = legal[0]
        words = game.explain(state, action, tr=tr)
        return Hint(action, tr.gettext("{reason}; the only legal action").format(reason=words), 0.0)
    player = level_player(level, game, seed)
    result = player.analyse(state, player.turn_seconds if seconds is None else seconds)
    words = game.explain(state, result.action, tr=tr)
    return Hint(result.action, f"{words}; {result.view(tr)}", result.value, result)
