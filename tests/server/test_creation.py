"""New games' data made in one place (server/creation.py): checks and the rematch's swap."""

from __future__ import annotations

import random

import pytest

from shoal import games
from shoal.core import ShoalError
from shoal.server.errors import ApiError
from shoal.server.games.creation import fresh_clock, game_data, rematch_data
from shoal.server.games.models import hash_token


def test_a_new_game_is_checked_and_starts_at_version_one() -> None:
    data = game_data(
        "cyclix", {}, mode="friend", players=["A", "B"], token_hashes=["h0", "h1"], seed=5
    )
    assert (data.game, data.seed, data.start, data.actions, data.version) == (
        "cyclix", 5, None, [], 1)  # fmt: skip
    with pytest.raises(ShoalError):
        game_data("chess", {}, mode="friend", players=["A", "B"], token_hashes=[None, None])
    with pytest.raises(ShoalError):
        game_data("cyclix", {"no_such": "1"}, mode="friend", players=["A", "B"],
                  token_hashes=[None, None])  # fmt: skip


def test_a_start_position_that_is_already_over_is_refused_in_words() -> None:
    game = games.REGISTRY.from_mapping("cyclix", {})
    state = game.initial(3)
    rng = random.Random(3)
    while not state.is_over:
        state = state.child(rng.choice(list(state.legal_actions())))
    with pytest.raises(ApiError, match="already over"):
        game_data("cyclix", {}, mode="friend", players=["A", "B"], token_hashes=[None, None],
                  start=state.position())  # fmt: skip
    with pytest.raises(ShoalError):
        game_data("cyclix", {}, mode="friend", players=["A", "B"], token_hashes=[None, None],
                  start="not a position")  # fmt: skip


def test_a_rematch_swaps_sides_players_accounts_and_restarts_the_clock() -> None:
    old = game_data("syrtis", {}, mode="friend", players=["Ann", "Bo"], token_hashes=["a", "b"],
                    clock=fresh_clock(60, 2), accounts=[7, None])  # fmt: skip
    old.clock = {"base": 60.0, "increment": 2.0, "remaining": [3.0, 41.0], "since": 1.0}
    old.actions = [1, 2, 3]
    new, tokens = rematch_data(old)
    assert new.id != old.id and new.game == "syrtis" and new.actions == [] and new.version == 1
    assert new.players == ["Bo", "Ann"] and new.accounts == [None, 7]
    # the player of old seat s holds seat 1 - s, with a fresh token of their own
    assert new.token_hashes == [hash_token(tokens[1]), hash_token(tokens[0])]
    assert tokens[0] != tokens[1]
    assert new.clock == {"base": 60.0, "increment": 2.0, "remaining": [60.0, 60.0],
                         "since": None}  # fmt: skip
