"""Game review: classification on constructed records, determinism, summaries."""

from __future__ import annotations

import pytest

from shoal.analysis.review import (
    THRESHOLDS,
    accuracy_of,
    classify,
    review_record,
    simulations_for,
)
from shoal.games import get
from shoal.records.record import Record


def _record(game_id: str, moves: str, start: str | None = None) -> Record:
    game = get(game_id)
    state = game.load(start) if start else game.initial()
    actions = []
    for text in moves.split():
        action = state.parse_action(text)
        actions.append(action)
        state = state.child(action)
    return Record.from_actions(game, actions, start=start)


def test_thresholds_are_lichess_points() -> None:
    assert dict(THRESHOLDS) == {"blunder": 30.0, "mistake": 20.0, "inaccuracy": 10.0}
    assert classify(30.0) == "blunder"
    assert classify(29.9) == "mistake"
    assert classify(20.0) == "mistake"
    assert classify(10.0) == "inaccuracy"
    assert classify(9.99) is None
    assert classify(-5.0) is None


def test_accuracy_curve_falls_with_the_drop() -> None:
    assert accuracy_of(0.0) == pytest.approx(100.0, abs=0.01)
    assert accuracy_of(-3.0) == accuracy_of(0.0)
    assert accuracy_of(10.0) > accuracy_of(20.0) > accuracy_of(60.0)
    assert accuracy_of(100.0) == 0.0


def test_throwing_away_a_proven_win_is_a_blunder() -> None:
    # x (to move) has three in a row on the bottom, a blocked by o: e wins at once.
    # x plays g instead, and o will block e: a proven win thrown away.
    start = "......./......./......./......./o....../oxxx.o. x"
    record = _record("connect4", "g", start=start)
    review = review_record(record, simulations=400, seed=1)
    (turn,) = review.turns
    assert turn.before == 100.0
    assert turn.best == "e"
    assert turn.after < 70.0
    assert turn.mark == "blunder"
    assert turn.symbol == "??"
    assert review.players[0].counts == {"inaccuracy": 0, "mistake": 0, "blunder": 1}


def test_the_engines_own_choices_are_never_marked() -> None:
    game = get("connect4")
    state = game.initial()
    actions = []
    from shoal.ai.mcts import MCTS

    searcher = MCTS(game, iterations=200, seed=3, reuse=False)
    for _ in range(8):
        result = searcher.search(state, iterations=200)
        actions.append(result.action)
        state = state.child(result.action)
    record = Record.from_actions(game, actions)
    review = review_record(record, simulations=200, seed=3)
    assert len(review.turns) == 8
    for turn in review.turns:
        if turn.engine_choice:
            assert turn.mark is None
            assert turn.played == turn.best


def test_a_winning_turn_ends_at_full_chance() -> None:
    start = "......./......./......./......./......o/.xxx.oo x"
    record = _record("connect4", "e", start=start)
    review = review_record(record, simulations=200)
    (turn,) = review.turns
    assert turn.after == 100.0
    assert turn.mark is None
    assert review.graph() == [100.0, 100.0]


def test_review_is_deterministic_with_a_seed() -> None:
    record = _record("connect4", "d d c e b f")
    first = review_record(record, simulations=150, seed=7).to_json_dict()
    second = review_record(record, simulations=150, seed=7).to_json_dict()
    assert first == second
    assert len(first["turns"]) == 6
    assert len(first["graph"]) == 7
    assert [p["turns"] for p in first["players"]] == [3, 3]


def test_progress_counts_every_search() -> None:
    record = _record("connect4", "d d c")
    seen: list[tuple[int, int]] = []
    review_record(record, simulations=50, progress=lambda done, total: seen.append((done, total)))
    assert seen[-1][0] == seen[-1][1] == 4
    assert [d for d, _ in seen] == [1, 2, 3, 4]


def test_budget_follows_level_and_game_scale() -> None:
    game = get("connect4")
    normal = simulations_for(game)
    assert normal == round(1000 * game.ai_profile.level_scale)
    assert simulations_for(game, "deep") == 4 * normal
    with pytest.raises(ValueError, match="review level 'huge' is unknown"):
        simulations_for(game, "huge")


def test_a_review_never_changes_the_record() -> None:
    record = _record("connect4", "d d c")
    before = record.to_text()
    review_record(record, simulations=50)
    assert record.to_text() == before
    with pytest.raises(ValueError, match="at least one simulation"):
        review_record(record, simulations=0)


def test_win_chance_is_the_roots_visit_weighted_value() -> None:
    from shoal.ai.result import ChildStat, SearchResult
    from shoal.analysis.review import win_chance

    children = (ChildStat(1, 3, 1.0), ChildStat(2, 1, -1.0))
    # the best child alone says +1 (a certain win); the root's visits say +0.5
    result = SearchResult("mcts", 1, 0, 1.0, 4, 0.1, (1,), children=children)
    assert win_chance(result) == 75.0
    assert win_chance(SearchResult("mcts", 1, 0, 0.2, 4, 0.1, (1,), proven="win")) == 100.0
    assert win_chance(SearchResult("mcts", 1, 0, 0.2, 4, 0.1, (1,), proven="loss")) == 0.0
    assert win_chance(SearchResult("mcts", 1, 0, 0.2, 4, 0.1, (1,), proven="draw")) == 50.0
    assert win_chance(SearchResult("mcts", 1, 0, 0.2, 0, 0.1, (1,))) == 60.0
