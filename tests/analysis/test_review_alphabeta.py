"""Review of a game searched by alpha-beta (Cyclix): the game's own search judges its turns."""

from __future__ import annotations

import random

from shoal.ai.alphabeta import AlphaBeta
from shoal.analysis.review import review_record
from shoal.games import get
from shoal.records.record import Record


def _random_record(seed: int, turns: int) -> Record:
    game = get("cyclix")
    state, rng, actions = game.initial(seed), random.Random(seed), []
    while not state.is_over and len(actions) < turns:
        action = rng.choice(list(state.legal_actions()))
        actions.append(action)
        state = state.child(action)
    return Record.from_actions(game, actions, seed=seed)


def test_an_alphabeta_game_is_reviewed_with_alphabeta_one_ply_deeper_than_club() -> None:
    review = review_record(_random_record(1, 20))
    assert review.budget == "alpha-beta to depth 4"
    assert review.to_json_dict()["budget"] == "alpha-beta to depth 4"
    assert review_record(_random_record(1, 6), level="deep").budget == "alpha-beta to depth 5"
    # an explicit simulation budget still asks for MCTS, for every game
    assert review_record(_random_record(1, 6), simulations=50).budget == "50 MCTS simulations"


def test_the_engines_own_turns_keep_their_value_and_are_never_marked() -> None:
    """Every turn the depth-4 search's choice: no drop at all, no mark, full accuracy."""
    game = get("cyclix")
    state, actions = game.initial(2), []
    searcher = AlphaBeta(game, depth=4, seed=0)
    for _ in range(12):
        searcher.table.clear()
        action = searcher.search(state, depth=4).action
        actions.append(action)
        state = state.child(action)
        if state.is_over:
            break
    review = review_record(Record.from_actions(game, actions, seed=2))
    assert all(t.engine_choice and t.mark is None for t in review.turns)
    for t in review.turns:
        assert t.after == t.before or t.after in (0.0, 100.0)
    assert all(p.accuracy > 99.9 for p in review.players)


def test_a_random_mover_loses_chances_and_gets_marked() -> None:
    """Random turns in a game of captures: many marked, accuracy well below the engine's."""
    review = review_record(_random_record(1, 60))
    marked = [t for t in review.turns if t.mark is not None]
    assert len(marked) >= 10
    assert all(t.before - t.after >= 10.0 for t in marked)
    assert all(p.accuracy < 80.0 for p in review.players)
