"""Cyclix notation, position strings and bad input."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from shoal.core import (
    GameOverError,
    IllegalActionError,
    InvalidNotationError,
    InvalidPositionError,
)
from shoal.core.conformance import run_all
from shoal.games import get
from shoal.games.cyclix import START_POSITION, CyclixState
from shoal.games.cyclix.geometry import PASS, encode, square_of

GAME = get("cyclix")


def load(text: str) -> CyclixState:
    state = GAME.load(text)
    assert isinstance(state, CyclixState)
    return state


CARRY = load("......k/~~~..nb/.~~~r../..~~~~./..R.~../BN~~.../K...... w - - 0 12")
REENTRY = load("......k/.....nb/......./......./..R..../~B...../K...... w Nr - 0 9")
BLOCKED = load("......k/.....nb/....r../......./....R../BN...../K...... b - - 0 1")
SIGHT = load("......./......./.~~~k../~..~.../~.N..../~~..~../K...... w RBrbn - 0 0")
CHECK = load("......k/......./......./......./.N..R../.~B..../K~..r.. w bn - 0 0")
SEA = load(".k...../~~~~~~~/~~~~~~~/~~~K~~~/~~~~~~~/~~~~~.~/R~~~~~~ w BNrbn - 0 0")
KING_TAKES = load("......k/......b/......./......./n.R..../~B...../K...... w Nr - 0 0")


@pytest.mark.parametrize(
    ("state", "text", "action"),
    [
        (GAME.initial(), "Nb2-c4", encode(square_of("b2"), square_of("c4"))),
        (CARRY, "Rc3-c5^", encode(square_of("c3"), square_of("c5"))),
        (REENTRY, "Ka1-a3", encode(0, square_of("a3"))),
        (REENTRY, "Ka1-a3=N", encode(0, square_of("a3"), 3)),
        (KING_TAKES, "Ka1xa3", encode(0, square_of("a3"))),
    ],
)
def test_notation_of_each_kind_of_move(state: CyclixState, text: str, action: int) -> None:
    """Nb2-c4, Rc3-c7^ (carry), Ka1-a3, Ka1-a3=N (re-entry), Ka1xb2 (king capture)."""
    assert state.action_text(action) == text
    assert state.parse_action(text) == action


def test_capture_and_pass_notation() -> None:
    state = load("......k/.....nb/....r../......./....R../BN...../K...... w - - 0 0")
    assert state.action_text(state.parse_action("Re3xe5")) == "Re3xe5"
    stuck = load("~~~~~~k/~~~~~~~/~~~~~~~/~~~.~~~/~~~~~~~/~~~~~~~/K~~~~~~ w RBNrbn - 0 0")
    assert stuck.legal_actions() == (PASS,) and stuck.action_text(PASS) == "pass"
    assert stuck.parse_action("PASS") == PASS


def test_text_is_normalised_before_matching() -> None:
    assert REENTRY.parse_action(" ka1-a3=n ") == encode(0, square_of("a3"), 3)


@pytest.mark.parametrize("text", ["", "Nb2c4", "Nb8-c4", "Qd1-d2", "Rc3-c7=N", "Ka1-a3^", "x"])
def test_malformed_text_is_invalid_notation(text: str) -> None:
    with pytest.raises(InvalidNotationError):
        GAME.initial().parse_action(text)


@pytest.mark.parametrize(
    ("state", "text", "reason"),
    [
        (GAME.initial(), "Nb2-b4", "not a knight's jump"),
        (GAME.initial(), "Nd3-b4", "there is no piece on d3"),
        (GAME.initial(), "Re5-e4", "e5 holds a black piece; it is white's turn"),
        (BLOCKED, "Re5-e2", "the white rook on e3 stands between e5 and e2"),
        (SIGHT, "Nc3-a4^", "attacked by the black king on e5 .the kings would see each other"),
        (SIGHT, "Ka1-a5", "the white king on a5 would be attacked by the black king on e5"),
        (
            CHECK,
            "Nb3-d4",
            "in check and the white king on a1 would still be attacked by the black rook on e1",
        ),
        (CHECK, "Ka1-c3", "in check the king may only step to an adjacent tile"),
        (CHECK, "Ka1-b2", "b2 has no tile: the king lands only on tiles"),
        (SEA, "Kd4-d5", "d5 has no tile"),
        (SEA, "Kd4-c2", "c2 is not on a line from the king on d4"),
        (GAME.initial(), "Ka1-a3", "the king on a1 sees the tile on a2 first in that direction"),
        (GAME.initial(), "Bb2-c4", "b2 holds the knight, not the bishop"),
        (GAME.initial(), "Rc3xc5", "write it Rc3-c5"),
        (GAME.initial(), "Rc3-f6", "not on a rank or file"),
        (GAME.initial(), "Ba2-a1", "holds a piece of your own"),
        (
            GAME.initial(),
            "Ka1-b1",
            "the white king on b1 would be attacked by the black bishop on g6",
        ),
        (GAME.initial(), "pass", "pass is allowed only when you have no legal move"),
        (REENTRY, "Ka1-a3=R", "no rook in hand"),
        (KING_TAKES, "Ka1xa3=N", "no re-entry when the king captures"),
        (CARRY, "Rc3-c5", r"write it Rc3-c5\^"),
        (CARRY, "Rc3-c1^", "write it Rc3-c1"),
    ],
)
def test_illegal_moves_say_why_and_change_nothing(
    state: CyclixState, text: str, reason: str
) -> None:
    before = state.position()
    with pytest.raises(IllegalActionError, match=reason):
        state.parse_action(text)
    assert state.position() == before


def test_no_reentry_out_of_check_is_explained() -> None:
    state = load("......./~~~~~~~/~~b~.n~/..~K~~./~~~~~~~/......./...Bk.. w RNr - 0 0")
    with pytest.raises(IllegalActionError, match="no re-entry when the king moves out of check"):
        state.parse_action("Kd4-e5=R")


def test_illegal_action_numbers_are_refused() -> None:
    state = GAME.initial()
    with pytest.raises(IllegalActionError, match="Ka1-b1"):
        state.apply(encode(0, 1))
    with pytest.raises(IllegalActionError, match="out of range"):
        state.apply(PASS + 1)


def test_no_move_after_the_end() -> None:
    mate = load("~~~~~~k/~~~~~~~/~~~~.~~/~~~~~~~/~~~~~~~/~~~~~~~/K~R~~~~ w BNrbn - 0 41")
    over = mate.apply_text("Rc1-c7^")
    with pytest.raises(GameOverError):
        over.parse_action("pass")


# -- position strings --------------------------------------------------------------------


def test_position_round_trip_with_hands_repetitions_and_forfeits() -> None:
    state = GAME.initial()
    for text in ("Nb2-c4", "Nf6-d5", "Nc4-b2", "Nd5-f6", "Nb2-c4"):
        state = state.apply_text(text)  # type: ignore[assignment]
    text = state.position()
    fields = text.split()
    assert fields[3].count("*2") == 1 and len(fields[3].split(",")) == 4
    assert fields[4:] == ["0", "5"]
    again = load(text)
    assert again.position() == text and again == state
    assert again.apply_text("Nf6-d5").repetitions() == 2


@pytest.mark.parametrize(
    "text",
    [
        "",
        "nonsense",
        START_POSITION.replace(" w ", " x "),
        START_POSITION.replace("K......", "K....."),
        START_POSITION.replace("K......", "Q......"),
        START_POSITION.replace("K......", "~......"),  # no white king
        START_POSITION.replace("BN.....", "BNN...."),  # two knights
        START_POSITION.replace("BN.....", "B......"),  # the knight nowhere
        START_POSITION.replace("BN.....", "BN.....").replace(" - - ", " N - "),  # both
        START_POSITION.replace(" - - 0 0", " - - 3 0"),
        START_POSITION.replace(" - - 0 0", " - - 0 -1"),
        START_POSITION.replace(" - - 0 0", " - zz!* 0 0"),
        START_POSITION.replace(" - - 0 0", " - 5*3 0 0"),
        START_POSITION.replace(" - - 0 0", " - b,a 0 0"),
        "......k/.....n./....r../......./......./BN...../K.....R w b - 0 0",  # Black attacked
        "......k/.....nb/....r../......./..R..../.N...../K...... w NB - 0 0",  # hands out of order
    ],
)
def test_bad_position_strings_are_refused(text: str) -> None:
    with pytest.raises(InvalidPositionError):
        GAME.load(text)


@settings(max_examples=60, deadline=None)
@given(st.integers(min_value=0, max_value=10_000), st.integers(min_value=0, max_value=80))
def test_positions_of_random_play_round_trip(seed: int, plies: int) -> None:
    import random

    rng = random.Random(seed)
    state = GAME.initial()
    for _ in range(plies):
        if state.outcome is not None:
            break
        state = state.child(rng.choice(state.legal_actions()))  # type: ignore[assignment]
    assert GAME.load(state.position()).position() == state.position()
    for action in state.legal_actions():
        assert state.parse_action(state.action_text(action)) == action


def test_conformance_with_a_turn_limit() -> None:
    run_all(get("cyclix", max_turns=30), seeds=range(2))


def test_every_illegal_move_of_an_own_piece_gets_a_specific_reason() -> None:
    """In positions of random play, every refused move of one's own piece is explained by
    a rule (never the generic fallback), and a move said to leave the king attacked names
    the attacker."""
    import random

    from shoal.games.cyclix.explain import illegal_action_reason

    rng = random.Random(3)
    reasons: set[str] = set()
    for _ in range(12):
        state = GAME.initial()
        for _ in range(rng.randrange(0, 120)):
            if state.outcome is not None:
                break
            state = state.child(rng.choice(state.legal_actions()))  # type: ignore[assignment]
        if state.outcome is not None:
            continue
        legal = set(state.legal_actions())
        for square in state.pieces[4 * state.side : 4 * state.side + 4]:
            if square < 0:
                continue
            for to in range(49):
                for re_kind in range(4):
                    action = encode(square, to, re_kind)
                    if action in legal:
                        continue
                    reason = illegal_action_reason(state, action)
                    assert not reason.startswith("it would leave"), (state.position(), action)
                    if "would" in reason:
                        assert " by the " in reason
                    reasons.add(reason)
    assert len(reasons) > 100
