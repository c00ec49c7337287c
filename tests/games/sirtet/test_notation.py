"""Sirtet notation, whole turns, position strings and bad input."""

from __future__ import annotations

import pytest

from shoal.core import IllegalActionError, InvalidNotationError, InvalidPositionError

from .helpers import FREE, ONE_SIDED, load, play, position, texts

BOARD = {"c3": "Oc", "d5": "Ob", "a1": "Ig", "f6": "Tw"}


def test_atomic_notation_of_every_kind() -> None:
    state = load(BOARD, "LcIr", "Lb")
    assert texts(state) == {"pass", "double L.cyan", "single L.cyan", "single I.red"}
    assert texts(play(state, "double L.cyan")) == {"take c3+d5", "take d5+f6"}
    single = play(state, "single I.red")
    assert "take e2" not in texts(single) and "take a1" in texts(single)
    assert texts(play(single, "take a1")) == {"burn c3", "burn d5", "burn f6", "keep"}


@pytest.mark.parametrize(
    ("text", "norm"),
    [
        ("TAKE D5+C3", "take c3+d5"),
        ("take  d5 + c3", "take c3+d5"),
        ("double l.CYAN", "double L.cyan"),
        ("  Pass ", "pass"),
    ],
)
def test_normalisation_pairs_in_alphabetical_order_and_tile_case(text: str, norm: str) -> None:
    state = load(BOARD, "LcIr", "Lb")
    assert state.normalize_text(text) == norm


def test_a_pair_given_in_either_order_parses() -> None:
    state = play(load(BOARD, "LcIr", "Lb"), "double L.cyan")
    assert state.parse_action("take d5+c3") == state.parse_action("take c3+d5")


@pytest.mark.parametrize(
    ("turn", "atomic"),
    [
        ("L.cyan: c3 d5", ["double L.cyan", "take c3+d5"]),
        ("L.cyan: d5 c3", ["double L.cyan", "take c3+d5"]),
        ("I.red: e2 / b6", ["single I.red", "take e2", "burn b6"]),
        ("I.red: e2", ["single I.red", "take e2", "keep"]),
        ("pass", ["pass"]),
    ],
)
def test_whole_turn_notation(turn: str, atomic: list[str]) -> None:
    board = dict(BOARD, e2="Ow", b6="Sy")
    state = load(board, "LcIr", "Lb")
    actions = state.parse_turn(turn)
    got = []
    s = state
    for action in actions:
        got.append(s.action_text(action))
        s = s.child(action)
    assert got == atomic
    canonical = turn.replace("d5 c3", "c3 d5")
    assert state.turn_text(actions) == canonical


def test_single_harvest_of_the_last_tile_is_a_two_part_turn() -> None:
    state = load({"e2": "Ob"}, "Ty", "Lb")
    actions = state.parse_turn("T.yellow: e2")
    assert len(actions) == 2 and state.turn_text(actions) == "T.yellow: e2"


@pytest.mark.parametrize(
    "text",
    ["pick z9", "double L", "take c3+", "burn", "drop X.pink", "single L.pink", "take g1", "hello"],
)
def test_malformed_notation_is_invalid(text: str) -> None:
    state = load(BOARD, "LcIr", "Lb")
    with pytest.raises(InvalidNotationError):
        state.parse_action(text)


def test_one_sided_names_z_and_j_but_free_does_not() -> None:
    with pytest.raises(InvalidNotationError):
        load(BOARD, "LcIr", "Lb").parse_action("double Z.red")
    state = load({"a1": "Zr", "b3": "Jc"}, "LgSo", "Io", tileset="one-sided")
    assert "double L.green" in texts(state) and "double S.orange" in texts(state)


@pytest.mark.parametrize(
    ("moves", "text", "message"),
    [
        ((), "double I.red", "no two board tiles sit like two cells of an I"),
        ((), "single L.blue", "L.blue is not in your harvest"),
        ((), "take c3", "now seat 0 discards a harvest tile"),
        (
            ("double L.cyan",),
            "take a1+c3",
            "a1 and c3 do not sit like two cells of the discarded L ",
        ),
        (("double L.cyan",), "take c3+e5", "e5 is a hole"),
        (("double L.cyan",), "pass", "now seat 0 takes the two tiles"),
        (("single I.red",), "take b2", "b2 is a hole"),
        (("single I.red", "take a1"), "burn a1", "a1 is a hole"),
        ((), "drop L.cyan", "now seat 0 discards a harvest tile"),
    ],
)
def test_illegal_actions_say_why_and_change_nothing(
    moves: tuple[str, ...], text: str, message: str
) -> None:
    state = play(load(BOARD, "LcIr", "Lb"), *moves)
    before = state.position()
    with pytest.raises(IllegalActionError, match=message):
        state.parse_action(text)
    assert state.position() == before


def test_pick_illegal_reasons() -> None:
    board = {
        c: code
        for c, code in zip(
            [f + str(r) for f in "abcdef" for r in range(1, 7) if f + str(r) != "c4"],
            [s + c for s in "IOTLS" for c in "roygcbw"],
            strict=True,
        )
    }
    state = load(board, phase="pick", start="c4")
    with pytest.raises(IllegalActionError, match="f6 is not next to the Start cell c4"):
        state.parse_action("pick f6")
    with pytest.raises(IllegalActionError, match="c4 is a hole"):
        state.parse_action("pick c4")


def test_illegal_numbers_raise_and_change_nothing() -> None:
    state = load(BOARD, "LcIr", "Lb")
    with pytest.raises(IllegalActionError, match="take c3"):
        state.apply(36 + 14)
    with pytest.raises(IllegalActionError, match="out of range"):
        state.apply(10_000)


# -- position strings --------------------------------------------------------------------
def test_documented_position_example_round_trips() -> None:
    text = position(BOARD, "LcIr", "Lb", turn=12)
    assert text.startswith(".........." + "Tw/......Ob..../")
    state = FREE.load(text)
    assert state.position() == text and state.to_move == 0 and state.turn == 12


def test_take2_phase_names_the_discarded_tile() -> None:
    state = play(load(BOARD, "LcIr", "Lb"), "double L.cyan")
    fields = state.position().split()
    assert fields[5] == "take2:Lc"
    assert FREE.load(state.position()) == state


@pytest.mark.parametrize(
    ("text", "why"),
    [
        ("", "9 fields"),
        (position(BOARD, "LcIr", "Lb").replace("Tw", "Tx", 1), "not a tile"),
        (position(BOARD, "LcIr", "Lb").replace(" c4 ", " c3 "), "must be a hole"),
        (position(BOARD, "LcIr", "Lb").replace("choose", "dance"), "phase"),
        (position(BOARD, "LcIr", "Lb").replace("choose 0", "choose -"), "mover"),
        (position(BOARD, "LcIr", "Lb", passes=2), "two passes"),
        (position(BOARD, "LcIr", "Lb").replace(" 10", " x"), "turn"),
        (position(BOARD, "LcIr", "Lb", discard="IoIy"), "tiles missing"),
        (position({"a1": "Zr"}, "Lc", "Lb"), "not a tile of the free set"),
        (position({}, "Lc", "Lb", phase="drop"), "only the seat with more"),
        (position({}, "LcLr", "Lb", phase="over", mover="-"), "must be equal"),
        (position(BOARD, "LcIr", "Lb", phase="take2:Lb"), "not in the discard zone"),
        (position({}, "Lc", "Lb"), "board is empty"),
        (position(BOARD, "Lc", "Lb", phase="pick"), "picks one tile"),
    ],
)
def test_bad_position_strings_are_refused(text: str, why: str) -> None:
    with pytest.raises(InvalidPositionError, match=why):
        FREE.load(text)


def test_a_tile_twice_is_refused() -> None:
    text = position(BOARD, "LcIr", "Lb").replace("Tw", "Ob", 1)
    with pytest.raises(InvalidPositionError, match="appears twice"):
        FREE.load(text)


def test_one_sided_positions_round_trip() -> None:
    state = ONE_SIDED.initial(4)
    assert ONE_SIDED.load(state.position()) == state
    with pytest.raises(InvalidPositionError):
        FREE.load(state.position())
