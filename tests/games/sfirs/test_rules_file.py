"""The sentences and [decision]s of rules/sfirs.md that the seed tests do not already cover."""

from __future__ import annotations

import dataclasses
import random

import pytest

from shoal.games import get
from shoal.games.sfirs import SfirsOptions

from .build import GAME, kind, make, moves_from, play, texts


def test_next_to_means_the_8_surrounding_squares() -> None:
    """'"Next to" / "adjacent" [decision]: the 8 surrounding squares.'"""
    assert kind(play(make("Wd2 bh3 Bk11"), "d2-g2"), "g2") == "inactive"  # diagonal
    assert kind(play(make("Wd2 bh4 Bk11"), "d2-g2"), "g2") == "active"  # two away


def test_start_area_cubes_are_neither_active_nor_inactive() -> None:
    """'Cubes in the start area are neither; they may always move out when the rules allow.'"""
    state = make("we5 Wk2 Bk11")
    assert kind(state, "e5") == "start"
    assert "e5-c5" in texts(state)
    # they never count as inactive: d4 next to start cube e5 may be revived
    chained = make("wd4 wb7 we5 Wk2 Bk11", chain="b7,start")
    assert "+d4" in texts(chained)


def test_passing_excludes_the_square_it_left() -> None:
    """'Passing a cube = it is next to a square the moving cube travels through (not counting
    the square it left).'"""
    after = play(make("Wd6 Bc5 Bk11"), "d6-d8")  # c5 is next to d6, the square left, only
    assert kind(after, "c5") == "active"
    after = play(make("Wd6 Bc7 Bk11"), "d6-d9")  # c7 is next to d7 (travelled)
    assert kind(after, "c7") == "inactive" and kind(after, "d9") == "active"


def test_ending_diagonally_next_to_active_cubes_is_allowed_and_deactivates() -> None:
    """'Ending diagonally next to active cubes is allowed and makes them inactive.'"""
    after = play(make("Wd2 Bh3 Bk11"), "d2-g2")
    assert kind(after, "h3") == "inactive" and kind(after, "g2") == "inactive"


def test_every_active_cube_passed_becomes_inactive_own_ones_too() -> None:
    """'Every active cube it ends next to or passed becomes inactive.'"""
    after = play(make("Wd2 Wf3 Bk11"), "d2-h2")
    assert kind(after, "f3") == "inactive" and kind(after, "h2") == "active"


def test_moved_cube_is_active_only_alone_in_the_play_area() -> None:
    """'the moved cube becomes inactive if it ends on the outer edge, or next to any cube;
    otherwise (play area, nothing next to it) it becomes active.'"""
    state = make("Wd4 bf6 Bk11")
    assert kind(play(state, "d4-d2"), "d2") == "active"
    assert kind(play(state, "d4-d1"), "d1") == "inactive"
    assert kind(play(state, "d4-d7"), "d7") == "active"  # e6.. are empty start squares
    assert kind(play(make("Wd4 we6 Bk11"), "d4-d7"), "d7") == "inactive"


def test_any_move_that_ends_inactive_chains_a_start_area_follow_up_included() -> None:
    """'Chaining: whenever a move (any move, a follow-up included) ends with the moved cube
    made inactive, the player may then do one of these (optional)'"""
    state = play(make("we5 wh8 Wk2 Bk11"), "e5-a5", "h8-h12")
    assert state.in_chain and state.turn == 0
    assert texts(state) == moves_from(state, "k2") | {"stop"}


def test_stop_is_offered_only_when_a_follow_up_is_possible() -> None:
    """'`stop` is offered only when a follow-up is possible.'"""
    assert "stop" not in texts(make("Wd4 Bk11"))  # not at the start of a turn
    after = play(make("Wd4 Bk11"), "d4-a4")  # inactive, but nothing to follow up with
    assert after.colour == 1 and "stop" not in texts(after)


def test_a_revival_ends_the_turn() -> None:
    """'A follow-up move that again ends inactive allows a further follow-up; a revival ends
    the turn.'"""
    after = play(make("Wc3 wf10 Wj4 Bk11"), "c3-a3", "+f10")
    assert after.colour == 1 and after.turn == 1 and kind(after, "j4") == "active"


def test_no_legal_action_at_turn_start_ends_the_game() -> None:
    """'[decision] A player with no legal action at the start of their turn ends the game.'"""
    state = make("wa4 bc7 Bk11", side="w", last="w")
    assert state.outcome is not None and state.to_move is None
    assert state.outcome.winner == 0 and state.outcome.reason == "no legal action"


def test_without_a_play_area_move_the_last_mover_wins() -> None:
    """'If no such move happened, the player who made the last move wins [decision].'"""
    state = play(make("we5 Wk2 bk11"), "e5-c5")  # Black has no active cube
    assert state.outcome is not None and state.outcome.winner == 0
    assert state.outcome.reason == "no legal action, no play-area move"


def test_safety_turn_limit_ends_the_game_decided_by_the_same_rule() -> None:
    """'Safety [decision]: a game that reaches 500 turns (a whole chain is one turn) ends and
    is decided by the same rule; record the reason.'"""
    state = make("Wc3 Wj10 Bb11", turn=499, last="b")
    chained = play(state, "c3-a3")
    assert chained.outcome is None and chained.turn == 499  # a chain is one turn
    end = play(chained, "stop")
    assert end.turn == 500 and end.outcome is not None
    assert end.outcome.winner == 0 and end.outcome.reason == "turn limit"
    short = get("sfirs", max_turns=2)
    end = play(make("Wd4 Bk11", game=short, last="-"), "d4-d2", "k11-k9")
    assert end.outcome is not None and end.outcome.reason == "turn limit"
    assert end.outcome.winner == 1  # Black moved a play-area cube last


def test_turn_notation_joins_atomic_actions() -> None:
    """'A whole turn joins them with `; ` (`f8-f10; b2-b4; +c7`).'"""
    state = make("Wc3 wf10 Wj10 Wi3 Bb11")
    turn = state.parse_turn("c3-a3; j10-j12; +f10")
    assert state.turn_text(turn) == "c3-a3; j10-j12; +f10"
    assert state.parse_turn("c3-a3; stop") == [state.parse_action("c3-a3"), 20880]


def test_decisions_are_options_or_named_constants() -> None:
    """'The players choose colours and who starts (option; default White starts).'"""
    infos = {info.name: info for info in GAME.option_infos()}
    assert infos["first"].default == "white" and infos["first"].decision
    assert infos["max_turns"].default == 500 and infos["max_turns"].decision
    assert dataclasses.fields(SfirsOptions)[0].name == "first"
    from shoal.games.sfirs import rules

    assert rules.ADJACENCY and rules.CORNERS and rules.START_LAYOUT and rules.NO_ACTION_ENDS_GAME
    assert rules.IN_LINE and rules.LAST_MOVER_FALLBACK


@pytest.mark.parametrize("first", ["white", "black"])
def test_either_colour_may_start(first: str) -> None:
    """'The players choose colours and who starts.'"""
    state = get("sfirs", first=first).initial()
    assert state.sides()[0] == first and state.position().split()[1] == first[0]


def test_no_game_is_decided_before_both_players_have_moved() -> None:
    """'The original's "(after each player has made at least one move)" only says that no game
    is decided before both have moved, which the start position guarantees.'"""
    # Start-area cubes may not pass active cubes, so only b2/k2 follow-ups could reach the
    # other side's corner cubes; check 1,000 random first turns per colour.
    rng = random.Random(3)
    for first in ("white", "black"):
        start = get("sfirs", first=first).initial()
        for _ in range(1000):
            state = start
            while state.turn == 0:
                state = state.child(rng.choice(list(state.legal_actions())))
            assert state.outcome is None and state.legal_actions()
