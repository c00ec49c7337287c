"""The AI finds each game's tactics at low budgets, and never plays an illegal action.

Positions are hand-built with each game's position string (docs/games/GAME.md);
the Sytran and Sirtet ones were taken from random games and checked by an
exhaustive search to have exactly one winning choice.
"""

from __future__ import annotations

import random

import pytest

from shoal.ai import analyse, get_player
from shoal.core import State
from shoal.games import get
from shoal.games.syrtis import Syrtis
from shoal.games.sytran import Sytran

# Cyclix, White to move: the rook carries its tile to c7 (or g1) next to the bare
# black king, which in check may only step onto a neighbouring tile: there is none.
CYCLIX_MATE_IN_ONE = "~~~~~~k/~~~~~~~/~~~~.~~/~~~~~~~/~~~~~~~/~~~~~~~/K~R~~~~ w BNrbn - 0 41"

# Syrtis Minor, Light (seat 0) to move with three sinks in a row: any fourth sink wins
# the quicksand race; a tower move or a pass does not.
SYRTIS_RACE = "ssCSD/SsLcC/CccLS/sDSsc play 0 0 L3 0,0 9"

# Sytran base 6, Black to move, four empty cells: only f6 (the centre, ring 1: a turn of
# one stone) wins; each other cell loses.
SYTRAN_LAST_CELLS = (
    "bbwbbw/bbbbbwb/wbwwwbbb/wbbbbbbbw/bwbwbwwbbw/wbbbw1wwbww/wwbw2wwwb/wwwwbwwww/bbbbwbbb/"
    "bwwww1b/wbwbww b 0:- wb 39"
)

# Sirtet, board empty, seat 0 has the larger harvest and must drop one tile to equalise:
# only dropping the green S keeps a winning colour standing; any other drop draws.
SIRTET_DROP = (
    "............/............/............/............/............/............ "
    "IcOyLySgSc IoOoSrSy IrIyIgIbIwOrOgOcObOwTrToTyTgTcTbTwLrLoLgLcLbLwSoSbSw a6 drop 0 0 23"
)


def _wins_by_force(state: State, action: int) -> bool:
    """Whether ``action`` wins for the mover against every reply (exhaustive, short games)."""
    seat = state.to_move

    def value(s: State) -> int:
        if s.outcome is not None:
            winner = s.outcome.winner
            return 0 if winner is None else (1 if winner == seat else -1)
        values = [value(s.child(a)) for a in s.legal_actions()]
        return max(values) if s.to_move == seat else min(values)

    return value(state.child(action)) == 1


def test_cyclix_alphabeta_finds_a_mate_in_one() -> None:
    state = get("cyclix").load(CYCLIX_MATE_IN_ONE)
    result = analyse(state, depth=2)
    after = state.child(result.action)
    assert after.outcome is not None and after.outcome.reason == "checkmate"
    assert after.outcome.winner == 0
    assert result.proven == "win" and result.proof_length == 1


def test_cyclix_mcts_finds_the_mate_too() -> None:
    state = get("cyclix").load(CYCLIX_MATE_IN_ONE)
    result = analyse(state, "mcts", iterations=200)
    assert state.child(result.action).outcome.reason == "checkmate"  # type: ignore[union-attr]


def test_syrtis_fourth_sink_wins_the_quicksand_race() -> None:
    state = Syrtis.with_options({"variant": "minor"}).load(SYRTIS_RACE)
    result = analyse(state, iterations=100)
    assert state.action_text(result.action).startswith("x")
    after = state.child(result.action)
    assert after.outcome is not None
    assert (after.outcome.winner, after.outcome.reason) == (0, "quicksand race")
    assert result.proven == "win" and result.proof_length == 1


def test_syrtis_level_player_takes_the_race_win() -> None:
    state = Syrtis.with_options({"variant": "minor"}).load(SYRTIS_RACE)
    player = get_player("beginner", state.game, seed=3)
    assert state.child(player.choose(state)).outcome.reason == "quicksand race"  # type: ignore[union-attr]


def test_sytran_the_only_winning_last_stone() -> None:
    state = Sytran.with_options({"base": 6}).load(SYTRAN_LAST_CELLS)
    winning = [a for a in state.legal_actions() if _wins_by_force(state, a)]
    assert [state.action_text(a) for a in winning] == ["f6"]
    assert len(state.legal_actions()) == 4
    result = analyse(state, iterations=300)
    assert state.action_text(result.action) == "f6"
    assert result.proven == "win"


def test_sirtet_the_only_winning_drop() -> None:
    state = get("sirtet").load(SIRTET_DROP)
    winning = [a for a in state.legal_actions() if _wins_by_force(state, a)]
    assert [state.action_text(a) for a in winning] == ["drop S.green"]
    result = analyse(state, iterations=200)
    assert state.action_text(result.action) == "drop S.green"
    assert result.proven == "win"


# SFIRS, White to move: h8-l8 ends inactive on the edge, so White goes on, and after the
# follow-up Black is left without an active cube that can move: a win in three actions.
SFIRS_CHAIN_WIN = "5w6/10B1/12/7b4/4b1bw4/4wbw4b/5wb4w/1W5b4/6w5/5b6/8W1W1/4b7 w - b 6 -"
# SFIRS, Black in a chain after k11: g8-i8 wins in three actions as well.
SFIRS_CHAIN_WIN_BLACK = (
    "9w2/10b1/12/1B8W1/4bwb5/w1b3wb4/bwwb8/5bw5/7w4/6w5/7b4/12 b k11,start b 9 -"
)


@pytest.mark.parametrize(
    ("position", "move"), [(SFIRS_CHAIN_WIN, "h8-l8"), (SFIRS_CHAIN_WIN_BLACK, "g8-i8")]
)
def test_sfirs_alphabeta_finds_a_win_in_three(position: str, move: str) -> None:
    """Alpha-beta at depth 3 proves these; MCTS with random playouts does not at 3,000
    iterations (recorded in docs/ai.md), so the test names the search."""
    state = get("sfirs").load(position)
    result = analyse(state, "alphabeta", depth=3)
    assert state.action_text(result.action) == move
    assert result.proven == "win" and result.proof_length == 3


GAMES = ["syrtis", "sirtet", "sytran", "cyclix", "sfirs", "connect4"]


@pytest.mark.parametrize("game_id", GAMES)
def test_beginner_never_plays_an_illegal_action(game_id: str) -> None:
    """Random openings, then the beginner level against itself: every choice is legal."""
    game = get(game_id)
    if game_id == "sytran":
        game = Sytran.with_options({"base": 6})
    for index in range(3):
        rng = random.Random(index)
        state = game.initial(index)
        for _ in range(4):
            if state.outcome is not None:
                break
            state = state.child(rng.choice(state.legal_actions()))
        players = [get_player("beginner", game, seed=2 * index + k) for k in (0, 1)]
        actions = 0
        while state.outcome is None and actions < 60:
            seat = state.to_move
            assert seat is not None
            action = players[seat].choose(state)
            assert action in state.legal_actions()
            state = state.apply(action)
            actions += 1
