"""A game against the computer with no server: the Python side of the offline page.

The offline page (``web/offline.js``) runs this module in the browser under Pyodide
(CPython compiled to WebAssembly), with shoal's pure-Python games: the board, the
notation, the click paths, the status and the record come from the very code the
server runs. The computer's searches run in the game's C core compiled to WebAssembly
(``web/engine.js``), kept in step with this game action by action. Nothing here is a
rule: it only shapes what the page shows, like the server's game view.

>>> game = OfflineGame("connect4", 0)
>>> view = game.play(3)
>>> view["ply"], view["to_move"], view["legal"][0]["text"]
(1, 1, 'a')
>>> "[Game \\"connect4\\"]" in game.record_text(("me", "computer"))
True

The game's words (status, ending, labels, news, cells' names, the board's words) are said in
the page's language: the page hands over its catalogue (``words``: the JSON the page carries,
``{lang, plural, messages}``, with the games' messages on the offline page), English without.

>>> words = {"lang": "nl", "plural": "(n != 1)", "messages": {"Stone on {cell}": "Steen op {cell}"}}
>>> OfflineGame("sytran", 0, words=words).view()["legal"][0]["label"]
'Steen op j10'
>>> OfflineGame("sytran", 0).view()["legal"][0]["label"]
'Stone on j10'
"""

from __future__ import annotations

import gettext
from collections.abc import Callable, Mapping
from typing import Any

from shoal.core import Action
from shoal.core.words import ENGLISH, Translator, board_words
from shoal.games import get
from shoal.records.record import Record

__all__ = ["OfflineGame", "PageWords"]


class PageWords:
    """A :class:`~shoal.core.words.Translator` of the page's catalogue (``messages``: a
    message's words, or its plural forms as a list; ``plural``: the language's gettext rule).

    >>> words = PageWords({"{n} stone": ["{n} Stein", "{n} Steine"], "Hole": "Loch"}, "(n != 1)")
    >>> words.gettext("Hole"), words.ngettext("{n} stone", "{n} stones", 2), words.gettext("x")
    ('Loch', '{n} Steine', 'x')
    """

    def __init__(self, messages: Mapping[str, Any], plural: str = "(n != 1)") -> None:
        self.messages = messages
        self._plural: Callable[[int], int] = gettext.c2py(plural)

    def gettext(self, message: str) -> str:
        found = self.messages.get(message)
        return found if isinstance(found, str) and found else message

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        found = self.messages.get(singular)
        if isinstance(found, list | tuple):
            index = self._plural(n)
            if 0 <= index < len(found) and found[index]:
                return str(found[index])
        return singular if n == 1 else plural


def _translator(words: Mapping[str, Any] | None) -> Translator:
    if not words or str(words.get("lang", "en")) == "en" or not words.get("messages"):
        return ENGLISH
    return PageWords(words["messages"], str(words.get("plural") or "(n != 1)"))


class OfflineGame:
    """One game of ``game_id`` from ``initial(seed)`` at the default options, its words in
    the language of ``words`` (the page's catalogue; English without)."""

    def __init__(
        self,
        game_id: str,
        seed: int,
        actions: list[Action] | None = None,
        words: Mapping[str, Any] | None = None,
    ) -> None:
        self.game = get(game_id)
        self.tr = _translator(words)
        self.seed = seed
        self.actions: list[Action] = []
        self.state = self.game.initial(seed)
        self.last: list[Action] = []  # the last whole turn, marked on the board
        self._turn: list[Action] = []  # the actions of the turn in progress
        self._said: list[dict[str, Any]] = []  # the last action in words (the live log's)
        for action in actions or []:
            self.play(action)

    def play(self, action: Action) -> dict[str, Any]:
        """Plays a legal action (ValueError otherwise, nothing changes) and returns the view."""
        before = self.state
        self.state = before.apply(action)
        seat = before.to_move
        assert seat is not None  # apply refused any action after the end
        self._said = [
            {
                "ply": len(self.actions),
                "seat": seat,
                "side": before.side_name(seat),
                "label": self.game.action_label(before, action, tr=self.tr),
                "news": self.game.action_news(before, action, self.state, tr=self.tr),
            }
        ]
        self.actions.append(action)
        self._turn.append(action)
        if self.state.outcome is not None or self.state.turn != before.turn:
            self.last, self._turn = self._turn, []  # the turn is over: mark it
        return self.view()

    def view(self) -> dict[str, Any]:
        """What the page shows: the board, the legal actions with their clicks, each cell's
        name, the status; ``spoken``: the last action played in words, for the live log (as
        the server's game view says it)."""
        state, game, tr = self.state, self.game, self.tr
        over = state.outcome is not None
        legal = [] if over else game.action_entries(state)
        if tr is not ENGLISH:
            for entry in legal:
                entry["label"] = game.action_label(state, entry["action"], tr=tr)
        svg = game.render_svg(state, last=self.last)
        return {
            "game": {"id": game.id, "title": game.title},
            "seed": self.seed,
            "ply": len(self.actions),
            "actions": list(self.actions),
            "to_move": None if over else state.to_move,
            "sides": list(state.sides()),
            "svg": svg if tr is ENGLISH else board_words(svg, game.svg_words(state, tr=tr)),
            "legal": legal,
            "cells": game.cell_names(state, tr=tr),
            "spoken": self._said,
            "status": game.status(state, tr=tr),
            "ending": game.ending_sentence(state, tr=tr) if over else "",
        }

    def record_text(self, players: tuple[str, str]) -> str:
        """The game's record (what the records API takes back once online)."""
        record = Record.from_actions(self.game, self.actions, seed=self.seed, players=players)
        return record.to_text()
