"""The game's words in a live game's view, in a reader's language (issue 62): the keys of a
view that a reader reads (:data:`WORDED`), made from the version's view in English by
:func:`worded_view`; every other key of a view is the same for every reader."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from shoal.core import Action, Game, State
from shoal.core.words import Translator
from shoal.i18n import catalogue

from .models import GameData
from .views import board_words, outcome_view, spoken_view

__all__ = ["WORDED", "worded_view"]

WORDED = ("status", "result", "words", "cells", "spoken", "legal", "side_words", "svg")
"""The keys of a view that are in the reader's language (the game's words: its status line,
the result's sentence, the board in words, the live log's labels and news, the actions'
labels, what each side plays with, the words drawn on the board); every other key is the
same for every reader (docs/translating.md)."""


def worded_view(
    game: Game,
    states: Sequence[State],
    data: GameData,
    static: dict[str, Any],
    constants: dict[str, Any],
    language: str,
) -> dict[str, Any]:
    """The :data:`WORDED` keys of a version's view (``static``, the English one, of the game
    replayed to ``states``) in ``language``. ``constants`` are the game's parts of a view
    that do not change between versions: the labels of a game whose labels depend on the
    action alone are kept there, per language, once said."""
    state, tr = states[-1], catalogue(language)
    legal: list[dict[str, Any]] = static["legal"]
    if legal:
        kept: dict[Action, dict[str, Any]] | None = None
        if constants["entries"] is not None:
            kept = constants.setdefault("worded_entries", {}).setdefault(language, {})
        legal = [
            (kept.get(e["action"]) if kept is not None else None)
            or _worded_entry(game, e, state, tr, kept)
            for e in legal
        ]
    worded = {
        "status": game.status(state, tr=tr),
        "result": outcome_view(state, data.ended, tr),
        "words": game.describe(state, tr=tr),
        "cells": game.cell_names(state, tr=tr),
        "spoken": spoken_view(game, list(states), static["turns"], data.actions, tr),
        "legal": legal,
        "side_words": [game.side_description(side, tr=tr) for side in state.sides()],
    }
    svg = board_words(static["svg"], game.svg_words(state, tr=tr))
    if svg is not static["svg"]:
        worded["svg"] = svg
    return worded


def _worded_entry(
    game: Game,
    entry: dict[str, Any],
    state: State,
    tr: Translator,
    kept: dict[Action, dict[str, Any]] | None,
) -> dict[str, Any]:
    """A legal action's entry with its label in ``tr``'s language (kept when the game's
    labels depend on the action alone)."""
    label = game.action_label(state, entry["action"], tr=tr)
    worded = entry if label == entry["label"] else {**entry, "label": label}
    if kept is not None:
        kept[entry["action"]] = worded
    return worded
