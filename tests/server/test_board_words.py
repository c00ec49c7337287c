"""The board in words and the actions in words (issues 40 and 60: the screen-reader view), by
game.

Each game says what stands on each cell by the ids its SVG's cells carry, grouped lichess's
way ("White rook: c1"); the game's view says the actions of its last turns with the game's
own action labels, the state each was played from deciding the words.
"""

from __future__ import annotations

import random
import re

import pytest

from shoal.core import Game
from shoal.games import get
from shoal.server.games.views import spoken_view, turn_list

GAMES = ["syrtis", "sirtet", "sytran", "cyclix", "sfirs"]


def _played(game: Game, n: int, seed: int = 3) -> tuple[list, list]:
    rng = random.Random(seed)
    states, actions = [game.initial(0)], []
    for _ in range(n):
        state = states[-1]
        if state.is_over:
            break
        action = rng.choice(list(state.legal_actions()))
        actions.append(action)
        states.append(state.child(action))
    return states, actions


@pytest.mark.parametrize("game_id", GAMES)
def test_the_board_in_words_names_each_cell_by_its_svg_id(game_id: str) -> None:
    game = get(game_id)
    states, _ = _played(game, 12)
    state = states[-1]
    cells = game.cell_words(state)
    assert cells, "every game says what stands on its cells"
    drawn = set(re.findall(r'data-cell="([^"]+)"', game.render_svg(state)))
    assert set(cells) <= drawn
    lines = game.describe(state)
    beside = game.off_board_words(state)  # the hands, harvests and discard zone, last
    assert lines[len(lines) - len(beside) :] == beside
    lines = lines[: len(lines) - len(beside)]
    listed = [cell for line in lines for cell in line.split(": ", 1)[1].split(", ")]
    assert sorted(listed) == sorted(cells)  # each cell once, under its words
    for line in lines:
        words, where = line.split(": ", 1)
        assert all(cells[cell] == words for cell in where.split(", "))


def test_a_game_without_cell_words_reads_out_its_text_board() -> None:
    game = get("connect4")
    state = game.initial(0)
    assert game.cell_words(state) == {}
    rows = [line.rstrip() for line in game.render_text(state).splitlines() if line.strip()]
    assert game.describe(state)[-len(rows) :] == rows


@pytest.mark.parametrize("game_id", GAMES)
def test_the_last_turns_are_said_in_the_games_own_words(game_id: str) -> None:
    game = get(game_id)
    states, actions = _played(game, 15)
    turns = turn_list(states, actions)
    spoken = spoken_view(game, states, turns, actions)
    first = turns[-2]["start"] if len(turns) > 1 else 0
    assert [s["ply"] for s in spoken] == list(range(first, len(actions)))
    for said in spoken:
        state = states[said["ply"]]
        assert said["seat"] == state.to_move
        assert said["side"] == state.side_name(said["seat"])
        assert said["label"] == game.action_label(state, actions[said["ply"]])
        child = states[said["ply"] + 1]
        assert said["news"] == game.action_news(state, actions[said["ply"]], child)
