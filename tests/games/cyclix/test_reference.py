"""Differential test: the fast engine and the slow reference agree on legal moves and results.

Positions come from random play, from the start and from random set-ups
(random tiles, pieces and hands), so that sparse boards, full hands and kings
in check all occur. The engine and the reference (``reference.py``) are compared
on the set of legal move texts and on the result at every position.
"""

from __future__ import annotations

import random

import pytest

from shoal.core import Game, InvalidPositionError
from shoal.games import get
from shoal.games.cyclix import CyclixState

from . import reference

GAME = get("cyclix")
POSITIONS = 5000


def random_setup(rng: random.Random, game: Game = GAME) -> CyclixState:
    """A random legal position: random tiles, every piece on a tile or in hand."""
    while True:
        density = rng.choice((0.25, 0.4, 0.6, 0.8, 1.0))
        tiles = [s for s in range(49) if rng.random() < density]
        if len(tiles) < 8:
            continue
        rng.shuffle(tiles)
        tiled = set(tiles)
        board = ["." if s in tiled else "~" for s in range(49)]
        hand = []
        free = list(tiles)
        for char in "KRBNkrbn":
            if char in "Kk" or rng.random() < 0.7:
                board[free.pop()] = char
            else:
                hand.append(char)
        ranks = ["".join(board[r * 7 : r * 7 + 7]) for r in range(6, -1, -1)]
        text = f"{'/'.join(ranks)} {rng.choice('wb')} {''.join(hand) or '-'} - 0 0"
        try:
            return game.load(text)  # type: ignore[return-value]
        except InvalidPositionError:
            continue  # the side not to move was in check


def result_name(state: CyclixState) -> str | None:
    outcome = state.outcome
    if outcome is None:
        return None
    if outcome.reason == "checkmate":
        return ("white" if outcome.winner == 0 else "black") + " checkmate"
    return {"threefold repetition": "draw repetition", "both players forfeit": "draw forfeits"}[
        outcome.reason
    ]


def compare_game(
    start: CyclixState, rng: random.Random, plies: int, differ: list[int] | None = None
) -> int:
    state = start
    states = [state]
    texts = []
    while state.outcome is None and len(texts) < plies:
        action = rng.choice(state.legal_actions())
        texts.append(state.action_text(action))
        state = state.child(action)
        states.append(state)
    sight = start.game.options.king_sight
    expected = reference.play_out(reference.from_string(start.position()), texts, sight)
    assert len(expected) == len(states)
    for engine_state, (legal, result) in zip(states, expected):
        assert set(engine_state.legal_texts()) == legal, engine_state.position()
        assert result_name(engine_state) == result, engine_state.position()
        if differ is not None and result is None:
            pos = reference.from_string(engine_state.position())
            if set(reference.moves(pos)) != legal:
                differ.append(1)
    return len(states)


@pytest.mark.parametrize("king_sight", ["always", "free"])
def test_engine_and_reference_agree_on_5000_random_positions(king_sight: str) -> None:
    """Every reading of the kings' sight: legal moves and results on >= 5,000 positions;
    under ``free`` some of them must allow other moves than ``always``."""
    game = get("cyclix", king_sight=king_sight)
    rng = random.Random(2011)
    count = 0
    games = 0
    differ: list[int] = []
    while count < POSITIONS:
        if games % 3 == 0:
            start: CyclixState = game.initial()  # type: ignore[assignment]
            plies = 400
        else:
            start = random_setup(rng, game)
            plies = 40
        count += compare_game(start, rng, plies, differ if king_sight == "free" else None)
        games += 1
    assert count >= POSITIONS
    if king_sight == "free":
        assert len(differ) >= 20
