"""A native search's root statistics, built from the C rows only when first read."""

from __future__ import annotations

import dataclasses
import pickle

import pytest

from shoal.ai import MCTS
from shoal.ai.native import native_search_available
from shoal.games import get

pytestmark = pytest.mark.skipif(not native_search_available(), reason="native MCTS not built")


def _searcher() -> MCTS:
    searcher = MCTS(get("sytran"), seed=7)
    assert searcher.native
    return searcher


def test_children_read_late_are_those_of_their_own_search() -> None:
    game = get("sytran")
    start = game.initial(0)
    later = start.child(start.legal_actions()[5])
    eager = _searcher().search(start, iterations=300)
    read_now = eager.children
    searcher = _searcher()
    lazy = searcher.search(start, iterations=300)
    searcher.search(later, iterations=300)  # the C tree moves on (reuse) before the read
    assert lazy.children == read_now
    assert len(read_now) > 1
    # visits of the root's children sum to its simulations; values are the root seat's
    assert sum(c.visits for c in read_now) == lazy.simulations
    best = max(read_now, key=lambda c: c.visits)
    assert lazy.share(best.action) == best.visits / lazy.simulations


def test_a_lazy_result_copies_compares_and_pickles_like_any_result() -> None:
    result = _searcher().search(get("sytran").initial(0), iterations=200)
    copy = dataclasses.replace(result, seconds=0.5)
    assert copy.children == result.children and copy.seconds == 0.5
    back = pickle.loads(pickle.dumps(result))
    assert back == result and back.children == result.children
    assert "best by" in result.view()


def test_a_subclass_equal_to_a_game_does_not_take_its_engine_away() -> None:
    # a game subclass defined outside a game package (as tests do) has no fast module; its
    # "no engine" must not be remembered for the equal registered game
    base = get("connect4")

    class Elsewhere(type(base)):  # type: ignore[misc]
        pass

    other = Elsewhere()
    assert other == base
    assert other.native_engine() is None
    assert base.native_engine() is not None
