"""Sytran's review marks turns at the default budget (issue 26).

Random playouts to the end of a Sytran game blur one turn's effect below every
threshold (a 95-turn random game marked nothing); the review cuts its playouts
where the game's profile says for ``"review"`` and scores the leaf.
"""

from __future__ import annotations

import random

from shoal.analysis.review import review_record, simulations_for
from shoal.games import get
from shoal.records import Record


def _random_turns(turns: int, seed: int = 1) -> Record:
    game = get("sytran")
    state = game.initial(seed)
    rng = random.Random(seed)
    actions = []
    while state.turn < turns and state.outcome is None:
        action = rng.choice(state.legal_actions())
        actions.append(action)
        state = state.child(action)
    return Record.from_actions(game, actions, seed=seed)


def test_the_review_cuts_sytran_playouts_and_no_other_game_changes() -> None:
    assert get("sytran").ai_profile.cutoff_for("review") == 4
    for game_id in ("syrtis", "sirtet", "cyclix", "sfirs", "connect4"):
        profile = get(game_id).ai_profile
        assert profile.cutoff_for("review") == profile.playout_cutoff, game_id


def test_random_sytran_turns_are_marked_at_the_default_budget() -> None:
    record = _random_turns(20)
    review = review_record(record)
    assert review.simulations == simulations_for(record.game) == 500
    marked = [t for t in review.turns if t.mark]
    assert marked, [round(t.drop, 1) for t in review.turns]
    assert all(t.drop >= 10.0 and not t.engine_choice for t in marked)
    assert all(t.best and t.best != t.played for t in marked)
