"""A game that says ``fixed_action_words`` words each action alike in every position where
it is legal: its text, its label and its click path depend on the action alone (the server
then words each action once per live game, issue 39). Checked along random games of every
such game and option choice; the server's view of a live game gives the same legal actions
as worded afresh."""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import pytest

from shoal import games
from shoal.core import Action
from shoal.server.games.session import LiveGame
from tests.server.game_data import local_game

from .variants import variants

FIXED = [g for g in games.ids(all=True) if games.get(g).fixed_action_words]


def test_sytran_says_so() -> None:
    assert FIXED == ["sytran"]


@pytest.mark.parametrize("game_id", FIXED)
def test_each_action_is_worded_alike_wherever_it_is_legal(game_id: str) -> None:
    for game in variants(game_id):
        seen: dict[Action, tuple[str, str, tuple[str, ...]]] = {}
        for seed in range(4):
            rng = random.Random(seed)
            state = game.initial(seed)
            while state.outcome is None:
                paths = game.click_paths(state)
                for action in state.legal_actions():
                    words = (state.action_text(action), game.action_label(state, action))
                    worded = (*words, paths.get(action, ()))
                    assert seen.setdefault(action, worded) == worded, (game.options, action)
                state = state.child(rng.choice(list(state.legal_actions())))
        assert len(seen) > 50


@pytest.mark.parametrize("game_id", FIXED)
def test_the_live_views_legal_actions_are_those_worded_afresh(game_id: str) -> None:
    """Along a random game, the view's entries (each made once, reused by later versions)
    equal the legal actions worded from the version's own state."""
    data = dataclasses.replace(local_game("g"), game=game_id, seed=1)
    live = LiveGame(data)
    rng = random.Random(2)
    while not live.over:
        state, game = live.state, live.game
        paths = game.click_paths(state)
        fresh: list[dict[str, Any]] = [
            {
                "action": a,
                "text": state.action_text(a),
                "label": game.action_label(state, a),
                "path": list(paths.get(a, ())),
            }
            for a in state.legal_actions()
        ]
        assert live.view(0)["legal"] == fresh
        action = rng.choice(list(state.legal_actions()))
        data = dataclasses.replace(data, actions=[*data.actions, action], version=data.version + 1)
        live = LiveGame.extend(live, data)
