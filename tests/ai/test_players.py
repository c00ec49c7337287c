"""Levels, specs, hints: legal play, the interface, the per-turn time budget."""

from __future__ import annotations

import random

import pytest

from shoal.ai import (
    DEFAULT_LEVEL,
    LEVEL_TABLE,
    LEVELS,
    MCTS,
    RandomPlayer,
    SearchPlayer,
    get_player,
    hint,
    level_player,
    play_turn,
)
from shoal.core import InvalidOptionError
from shoal.games import get, ids

from .positions import AVOID_LOSS, FORCED_WIN, WIN_IN_ONE
from .toygame import DoubleNim

GAME = get("connect4")


def test_levels_are_listed_weakest_first_with_club_the_default() -> None:
    assert LEVELS == ("random", "beginner", "casual", "club", "strong", "max")
    assert DEFAULT_LEVEL == "club"
    budgets = [level.iterations for level in LEVEL_TABLE]
    assert budgets == sorted(budgets)
    depths = [level.alphabeta_depth(GAME) for level in LEVEL_TABLE]
    assert depths == sorted(depths)


@pytest.mark.parametrize("level", LEVELS)
def test_every_level_builds_a_player_that_plays_legally(level: str) -> None:
    player = get_player(level, GAME, seed=1)
    assert player.name == level
    state = GAME.load(AVOID_LOSS)
    if level in ("strong", "max"):
        assert isinstance(player, SearchPlayer)
        player.iterations = 200  # the behaviour, not the budget, is under test
    assert player.choose(state) in state.legal_actions()


def test_level_scale_scales_both_the_iterations_and_the_turn_cap() -> None:
    """A game's ``level_scale`` multiplies a level's iteration budget and its time cap."""
    sytran = get("sytran")
    scale = sytran.ai_profile.level_scale
    assert scale == 0.5
    for level in LEVEL_TABLE:
        player = get_player(level.name, sytran, seed=1)
        assert isinstance(player, SearchPlayer)
        assert player.iterations == round(level.iterations * scale)
        assert player.turn_seconds == level.turn_seconds * scale
        unscaled = get_player(level.name, get("syrtis"), seed=1)
        assert isinstance(unscaled, SearchPlayer)
        assert (unscaled.iterations, unscaled.turn_seconds) == (
            level.iterations,
            level.turn_seconds,
        )


def test_unknown_levels_and_bad_specs_are_refused() -> None:
    for name in ("grandmaster", "mcts:iterations=many", "mcts:speed=3", "alphabeta:depth"):
        with pytest.raises(InvalidOptionError):
            get_player(name, GAME)


def test_specs_build_searchers_with_their_budgets() -> None:
    player = get_player("mcts:iterations=123,cutoff=10,exploration=0.5", GAME, seed=2)
    assert isinstance(player, SearchPlayer)
    assert player.iterations == 123
    player = get_player("alphabeta:depth=3,seconds=0.5", GAME)
    assert isinstance(player, SearchPlayer)
    assert (player.depth, player.seconds) == (3, 0.5)


@pytest.mark.parametrize("spec", ["beginner", "mcts:iterations=60", "alphabeta:depth=2"])
def test_the_ai_never_plays_an_illegal_action(spec: str) -> None:
    """Many games from random openings; ``apply`` checks every action."""
    rng = random.Random(5)
    for game_index in range(12):
        player = get_player(spec, GAME, seed=game_index)
        opponent = RandomPlayer(seed=game_index)
        state = GAME.initial()
        for _ in range(rng.randrange(8)):
            state = state.apply(rng.choice(state.legal_actions()))
            if state.outcome is not None:
                break
        seat = game_index % 2
        while state.outcome is None:
            mover = player if state.to_move == seat else opponent
            for action in play_turn(mover, state):
                state = state.apply(action)


def test_levels_win_in_one_and_block() -> None:
    for level in ("beginner", "casual", "club"):
        state = GAME.load(WIN_IN_ONE)
        assert state.action_text(get_player(level, GAME).choose(state)) == "d"
        state = GAME.load(AVOID_LOSS)
        assert state.action_text(get_player(level, GAME).choose(state)) == "d"


def test_a_player_with_a_fixed_seed_is_reproducible() -> None:
    state = GAME.initial()
    moves = []
    for _ in range(2):
        player = get_player("casual", GAME, seed=11)
        s = state
        line = []
        for _ in range(6):
            action = player.choose(s)
            line.append(action)
            s = s.child(action)
        moves.append(line)
    assert moves[0] == moves[1]


def test_a_multi_action_turn_shares_the_turn_time() -> None:
    game = DoubleNim(DoubleNim.Options(40))
    player = get_player("mcts:turn_seconds=0.4", game)
    assert isinstance(player, SearchPlayer)
    state = game.initial()
    first = player.budget_seconds(state)
    assert first is not None and first <= 0.4
    player._turn_actions = 1
    player._last_turn_actions = 2
    second = player.budget_seconds(state.child(0))  # same turn, same seat
    assert second is not None and second <= first


def test_hint_gives_the_action_and_a_reason_in_words() -> None:
    state = GAME.load(FORCED_WIN)
    h = hint(GAME, state, level="casual")
    assert state.action_text(h.action) == "d"
    assert "wins by force in 3" in h.reason
    assert "\n" not in h.reason
    assert h.value == 1.0
    state = GAME.initial()
    h = hint(GAME, state, level="beginner")
    assert "% of" in h.reason and h.action in state.legal_actions()


def test_a_level_takes_its_cutoff_and_exploration_from_the_profile_when_it_names_them() -> None:
    """``level_cutoffs`` and ``level_exploration`` override ``playout_cutoff`` and
    ``exploration`` for the levels they name, and only those."""
    for game_id in ids(all=True):
        game = get(game_id)
        profile = game.ai_profile
        if profile.algorithm != "mcts":
            continue
        for level in LEVEL_TABLE:
            searcher = level_player(level.name, game).searcher
            assert isinstance(searcher, MCTS)
            assert searcher.playout_cutoff == profile.cutoff_for(level.name), (game_id, level)
            factor = profile.exploration_for(level.name)
            assert searcher.c == pytest.approx(MCTS(game, exploration=factor).c), game_id
    sirtet = get("sirtet").ai_profile
    assert sirtet.cutoff_for("club") == sirtet.playout_cutoff == 4
    assert sirtet.cutoff_for("strong") > 4
    assert sirtet.exploration_for("max") < sirtet.exploration_for("strong") == 1.0
    sfirs = get("sfirs").ai_profile
    assert sfirs.cutoff_for("strong") is None and sfirs.cutoff_for("max") == 20
    assert sfirs.exploration_for("max") < sfirs.exploration_for("strong") == 1.0


def test_levels_make_errors_only_where_the_game_asks_for_them() -> None:
    """Error rates count only with the profile's ``level_errors``; from club up none."""
    for game_id in ids(all=True):
        game = get(game_id)
        rates = {level.name: level.errors(game) for level in LEVEL_TABLE}
        if game.ai_profile.level_errors:
            assert rates["beginner"] > rates["casual"] > 0.0
            assert rates["club"] == rates["strong"] == rates["max"] == 0.0
        else:
            assert set(rates.values()) == {0.0}, game_id
    assert get("sirtet").ai_profile.level_errors == 1.0


def test_a_player_errs_at_its_rate_with_the_searchs_lowest_rated_move() -> None:
    """With rate r about r of the decisions play the unproven move the search rates lowest."""
    state = GAME.initial()
    player = SearchPlayer("test", MCTS(GAME, seed=1), iterations=200, error_rate=0.5, seed=3)
    errors = 0
    for _ in range(200):
        action = player.choose(state)
        result = player.last_result
        assert result is not None
        if player.strayed:
            errors += 1
            values = {c.action: c.value for c in result.children if c.proven is None}
            del values[result.action]
            assert values[action] == min(values.values())
        else:
            assert action == result.action
    assert 70 <= errors <= 130


def test_an_error_is_never_a_proven_result() -> None:
    """Errors avoid proven results: with every other move proven, the search's choice stands.

    Double Nim with 11 stones is lost for the mover whatever it takes, and after either
    take 9 or 10 stones are left, so the rule against ending in one action does not apply:
    only the proven results keep the player from erring here.
    """
    game = DoubleNim(DoubleNim.Options(11))
    state = game.initial()
    player = SearchPlayer("test", MCTS(game, seed=1), iterations=20_000, error_rate=1.0)
    action = player.choose(state)
    result = player.last_result
    assert result is not None and result.proven == "loss"
    assert {c.proven for c in result.children} == {"loss"}
    assert not player.strayed
    assert action == result.action


def test_an_error_never_leaves_the_game_one_action_from_its_end() -> None:
    """A Sirtet pass lets the other player pass back and end the game: never an error."""
    game = get("sirtet")
    for seed in range(4):
        state = game.initial(seed)
        state = state.child(state.legal_actions()[0])
        state = state.child(state.legal_actions()[0])  # both picks made
        assert "pass" in [state.action_text(a) for a in state.legal_actions()]
        player = SearchPlayer("test", MCTS(game, seed=seed), iterations=60, error_rate=1.0)
        action = player.choose(state)
        assert player.strayed
        assert state.action_text(action) != "pass"
        after = state.child(action)
        assert all(after.child(a).outcome is None for a in after.legal_actions())


def test_hints_ignore_the_error_rate() -> None:
    """A hint is the search's own choice, even where the level itself would err.

    The searches get a time cap their 40 iterations never reach, so the
    comparison depends on the seeds alone, not on the machine's load.
    """
    game = get("sirtet")
    state = game.initial(4)
    state = state.child(state.legal_actions()[0])
    state = state.child(state.legal_actions()[0])  # both picks made: a real choice
    erring = []
    for seed in range(20):
        player = level_player("beginner", game, seed)
        player.choose(state)
        if player.strayed:
            erring.append(seed)
    assert erring, "beginner (error rate 0.35) should err on some of 20 seeds"
    for seed in erring[:3]:
        player = level_player("beginner", game, seed)
        searched = player.analyse(state, 60.0).action
        strayed = level_player("beginner", game, seed).choose(state)
        assert strayed != searched
        assert hint(game, state, level="beginner", seed=seed, seconds=60.0).action == searched
