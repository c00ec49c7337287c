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
"""

from __future__ import annotations

from typing import Any

from shoal.core import Action
from shoal.games import get
from shoal.records.record import Record

__all__ = ["OfflineGame"]


class OfflineGame:
    """One game of ``game_id`` from ``initial(seed)`` at the default options."""

    def __init__(self, game_id: str, seed: int, actions: list[Action] | None = None) -> None:
        self.game = get(game_id)
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
                "label": self.game.action_label(before, action),
                "news": self.game.action_news(before, action, self.state),
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
        state, game = self.state, self.game
        over = state.outcome is not None
        legal = [] if over else game.action_entries(state)
        return {
            "game": {"id": game.id, "title": game.title},
            "seed": self.seed,
            "ply": len(self.actions),
            "actions": list(self.actions),
            "to_move": None if over else state.to_move,
            "sides": list(state.sides()),
            "svg": game.render_svg(state, last=self.last),
            "legal": legal,
            "cells": game.cell_names(state),
            "spoken": self._said,
            "status": game.status(state),
            "ending": game.ending_sentence(state) if over else "",
        }

    def record_text(self, players: tuple[str, str]) -> str:
        """The game's record (what the records API takes back once online)."""
        record = Record.from_actions(self.game, self.actions, seed=self.seed, players=players)
        return record.to_text()
