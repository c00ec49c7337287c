"""Sytran notation, whole turns, position strings and bad input."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from shoal.core import (
    GameOverError,
    IllegalActionError,
    InvalidNotationError,
    InvalidPositionError,
)
from shoal.games import get
from shoal.games.sytran import SytranState

from .helpers import load, position
from .reference import board_cells, name

GAME = get("sytran")


def _after(state: SytranState, *turns: str) -> SytranState:
    for turn in turns:
        for action in state.parse_turn(turn):
            state = state.child(action)
    return state


def test_cell_names_follow_q_plus_b_minus_1_and_r_plus_b() -> None:
    """Notation: (q, r) is the letter for q + B - 1 and the number r + B."""
    for base in (6, 8, 10):
        geo = get("sytran", base=base).geo
        for cell in range(geo.num_cells):
            assert geo.names[cell] == name(base, geo.coords[cell])
    assert GAME.geo.names[0] == "j10"
    assert get("sytran", base=6).geo.names[0] == "f6"


def test_a_turn_is_its_stones_sorted_by_file_then_rank_numerically() -> None:
    """Notation: a turn is its stones joined by commas, sorted by file, then rank as a number."""
    state = _after(GAME.initial(), "j10")
    actions = [state.parse_action(t) for t in ("r9", "b12", "p2", "h19", "e7")]
    assert state.turn_text(actions) == "b12,e7,h19,p2,r9"
    ranks = _after(GAME.initial(), "j10", "b12,e7,h19,p2,r9")
    turn = [ranks.parse_action(t) for t in ("l16", "l2", "l1")]
    first = ranks.child(turn[0]).child(turn[1])
    assert first.placed == 2
    assert ranks.turn_text([*turn[:2], first.parse_action("l1")]) == "l1,l2,l16"


def test_parse_turn_accepts_any_order_and_spaces() -> None:
    """split_turn: comma form, any order, spaces and capitals tolerated."""
    state = _after(GAME.initial(), "j10")
    assert state.split_turn("b12, e7") == ["b12", "e7"]
    a = state.parse_turn("r9,b12,p2,h19,e7")
    b = state.parse_turn(" B12 , e7,h19 ,p2,r9")
    assert sorted(a) == sorted(b)


@pytest.mark.parametrize(
    ("turn", "message"),
    [
        (
            "b12,e7",
            "not complete: the innermost ring used is 5 and only 2 stones are placed; "
            "place another on ring 3 or beyond",
        ),
        ("k9,k10", "already complete"),
        ("b12,b12,e7,h19,p2", "named twice"),
        ("swap,b12", "whole turn by itself"),
        ("b12,,e7", "not a turn"),
    ],
)
def test_bad_turns_are_refused(turn: str, message: str) -> None:
    """Whole turns must be exactly one complete turn."""
    state = _after(GAME.initial(), "j10")
    with pytest.raises((IllegalActionError, InvalidNotationError), match=message):
        state.parse_turn(turn)


@pytest.mark.parametrize("text", ["a1", "z9", "j", "10j", "j10j", "swop", "j-10", "t10", "j0"])
def test_malformed_cells_are_invalid_notation(text: str) -> None:
    """Bad input: text that names no cell raises InvalidNotationError."""
    with pytest.raises(InvalidNotationError):
        GAME.initial().parse_action(text)


def test_illegal_actions_say_why_and_change_nothing() -> None:
    """Bad input: occupied cells, count-rule violations and a late swap raise with reasons."""
    state = _after(GAME.initial(), "j10", "b12,e7,h19,p2,r9")
    before = state.position()
    with pytest.raises(IllegalActionError, match="j10 is occupied"):
        state.apply_text("j10")
    with pytest.raises(IllegalActionError, match="the swap is only allowed"):
        state.apply_text("swap")
    mid = state.apply_text("a10")
    with pytest.raises(IllegalActionError, match="k9 is on ring 1") as info:
        mid.apply_text("k9")
    assert str(info.value) == (
        "k9: k9 is on ring 1: after 1 stone this turn (innermost ring 5) a further stone must "
        "go on ring 2 or beyond, since a stone on ring 1 would allow only 1 stone in the turn"
    )
    with pytest.raises(IllegalActionError, match="k9 is on ring 1"):
        mid.apply(GAME.geo.by_name["k9"])
    with pytest.raises(IllegalActionError, match="out of range"):
        mid.apply(10_000)
    assert state.position() == before
    with pytest.raises(IllegalActionError, match="only Black may swap"):
        GAME.initial().apply_text("swap")


def test_no_action_after_the_end() -> None:
    """Bad input: actions after the end raise GameOverError."""
    rng = random.Random(3)
    state = get("sytran", base=6).initial()
    while state.outcome is None:
        state = state.child(rng.choice(state.legal_actions()))
    with pytest.raises(GameOverError):
        state.apply(0)
    with pytest.raises(GameOverError):
        state.apply_text("f6")


def test_position_string_format_example() -> None:
    """Position string: rows from the top rank, colour, placed:ring, seats, turn."""
    state = _after(get("sytran", base=6).initial(), "f6")
    assert state.position() == "6/7/8/9/10/5w5/10/9/8/7/6 b 0:- wb 1"
    state = state.apply_text("a6")
    assert state.position() == "6/7/8/9/10/b4w5/10/9/8/7/6 b 1:3 wb 1"
    swapped = _after(get("sytran", base=6).initial(), "f6", "swap")
    assert swapped.position() == "6/7/8/9/10/5w5/10/9/8/7/6 b 0:- bw 2"


def test_positions_round_trip_through_random_games() -> None:
    """Position strings reload exactly (all fields, every base)."""
    for base in (6, 8, 10):
        game = get("sytran", base=base)
        rng = random.Random(base)
        state = game.initial()
        while True:
            loaded = game.load(state.position())
            assert loaded == state and loaded.position() == state.position()
            assert loaded.turn == state.turn and loaded.legal_actions() == state.legal_actions()
            if state.outcome is not None:
                assert loaded.outcome == state.outcome
                break
            state = state.child(rng.choice(state.legal_actions()))


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "expected 5 fields"),
        ("6/7/8/9/10/11/10/9/8/7 w 0:- wb 0", "has 11 rows"),
        ("6/7/8/9/10/12/10/9/8/7/6 w 0:- wb 0", "has 11 cells"),
        ("6/7/8/9/10/5x5/10/9/8/7/6 w 0:- wb 0", "not made of w, b"),
        ("6/7/8/9/10/11/10/9/8/7/6 x 0:- wb 0", "colour to move"),
        ("6/7/8/9/10/11/10/9/8/7/6 w 0 wb 0", "placed:ring"),
        ("6/7/8/9/10/11/10/9/8/7/6 w 0:- ww 0", "seats"),
        ("6/7/8/9/10/11/10/9/8/7/6 w 0:- wb x", "not a number"),
        ("6/7/8/9/10/11/10/9/8/7/6 b 0:- wb 0", "w is to move"),
        ("6/7/8/9/10/11/10/9/8/7/6 - 0:- wb 0", "someone is to move"),
        ("6/7/8/9/10/5b5/10/9/8/7/6 w 0:- wb 0", "Black has stones"),
        ("6/7/8/9/10/11/10/9/8/7/6 w 0:- bw 1", "swap can only"),
        ("6/7/8/9/10/5w5/10/9/8/7/6 w 1:1 wb 2", "turn is over"),
        ("6/7/8/9/10/5w5/10/9/8/7/6 w 1:- wb 2", "a ring is given"),
        ("6/7/8/9/10/5w5/10/9/8/7/6 w 1:3 wb 2", "no stone of the mover on ring 3"),
        ("6/7/8/9/10/5w5/10/9/8/7/6 w 2:3 wb 2", "fewer stones"),
        ("6/7/8/9/10/05w5/10/9/8/7/6 w 0:- wb 2", "bad count"),
        ("6/7/8/9/10/w10w/10/9/8/7/6 w 0:- wb 2", "only 11 cells"),
        ("6/7/8/9/10/5w5/10/9/8/7/6 w 0:- wb 0", "White's first turn"),
        ("6/7/8/9/10/b4w5/10/9/8/7/6 b 0:- wb 1", "Black's first turn"),
    ],
)
def test_bad_position_strings_are_refused(text: str, message: str) -> None:
    """Bad input: position strings that cannot be read or cannot arise."""
    with pytest.raises(InvalidPositionError, match=message):
        get("sytran", base=6).load(text)


def test_a_full_board_loads_as_over_and_a_turn_in_progress_needs_a_legal_stone() -> None:
    """Position strings: '-' to move exactly on a full board; a live turn needs a legal stone."""
    cells = [name(6, c) for c in sorted(board_cells(6))]
    full = position(6, white=cells[::2], black=cells[1::2], to_move="-", turn=40)
    state = get("sytran", base=6).load(full)
    assert state.outcome is not None and state.position() == full
    rest = [c for c in cells if c != "f6"]
    stuck = position(6, white=rest[::2], black=rest[1::2], progress="1:3", turn=40)
    with pytest.raises(InvalidPositionError, match="no further stone is legal"):
        get("sytran", base=6).load(stuck)
    assert load(6, white=rest[::2], black=rest[1::2], turn=40).legal_actions() == (0,)


@settings(max_examples=60, deadline=None)
@given(st.text(alphabet="abcjs0123456789wb/-: ,", max_size=40))
def test_arbitrary_text_never_crashes_the_parsers(text: str) -> None:
    """Property: any text is a legal action, or raises the shoal error family."""
    state = _after(GAME.initial(), "j10")
    for parse in (state.parse_action, state.parse_turn, GAME.load):
        try:
            result = parse(text)
        except ValueError:
            continue
        assert result is not None
