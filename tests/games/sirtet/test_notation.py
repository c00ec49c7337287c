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


def test_an_unknown_tile_name_says_which_tiles_exist() -> None:
    state = load(BOARD, "LcIr", "Lb")
    with pytest.raises(InvalidNotationError) as info:
        state.parse_action("double Z.red")
    assert str(info.value) == (
        "double Z.red: Z.red is not a tile of the free set (a tile is SHAPE.colour with "
        "shape I O T L S and colour red orange yellow green cyan blue white)"
    )
    one_sided = load({"a1": "Zr"}, "Lc", "Io", tileset="one-sided")
    with pytest.raises(
        InvalidNotationError, match="shape I O T S Z J L and colour red orange yellow green cyan\\)"
    ):
        one_sided.parse_action("single L.blue")


def test_one_sided_names_z_and_j_but_free_does_not() -> None:
    with pytest.raises(InvalidNotationError):
        load(BOARD, "LcIr", "Lb").parse_action("double Z.red")
    state = load({"a1": "Zr", "b3": "Jc"}, "LgSo", "Io", tileset="one-sided")
    assert "double L.green" in texts(state) and "double S.orange" in texts(state)


CHOOSE_NEXT = (
    "first pay with a tile from your harvest: double TILE to take two board tiles, "
    "single TILE to take one (e.g. double L.cyan); or pass"
)
L_REACH = "a neighbour, a diagonal neighbour, two cells straight or a knight's step"


@pytest.mark.parametrize(
    ("moves", "text", "message"),
    [
        (
            (),
            "double I.red",
            "double I.red: no two board tiles sit like two cells of an I (an I reaches one, "
            "two or three cells along a rank or file); a Single Harvest with I.red is possible",
        ),
        ((), "single L.blue", "single L.blue: L.blue is in your opponent's harvest, not yours"),
        (
            (),
            "double O.cyan",
            "double O.cyan: O.cyan is still on the board at c3, not in your harvest",
        ),
        ((), "single S.red", "single S.red: S.red is in the discard zone, not in your harvest"),
        (
            (),
            "take c3",
            "take c3: tiles are taken only after paying with a harvest tile; " + CHOOSE_NEXT,
        ),
        ((), "pick c3", "pick c3: the picks are over; " + CHOOSE_NEXT),
        (
            (),
            "keep",
            "keep: keep answers the optional burn after the tile of a Single Harvest; "
            + CHOOSE_NEXT,
        ),
        (
            (),
            "burn c3",
            "burn c3: a board tile is burnt only right after the tile of a Single "
            "Harvest; " + CHOOSE_NEXT,
        ),
        (
            (),
            "drop L.cyan",
            "drop L.cyan: tiles are dropped only at the end, to even out the "
            "harvests; " + CHOOSE_NEXT,
        ),
        (
            ("double L.cyan",),
            "take a1+c3",
            "take a1+c3: a1 and c3 do not sit like two cells of the discarded L (L.cyan): "
            "an L reaches " + L_REACH,
        ),
        (("double L.cyan",), "take c3+e5", "take c3+e5: e5 is a hole: its tile is already gone"),
        (
            ("double L.cyan",),
            "take c3",
            "take c3: a Double Harvest takes two tiles at once (e.g. take c3+d5)",
        ),
        (
            ("double L.cyan",),
            "take c3+c3",
            "take c3+c3: a Double Harvest takes two different tiles",
        ),
        (
            ("double L.cyan",),
            "pass",
            "pass: you cannot pass now; you paid L.cyan for a Double Harvest: now take two "
            "board tiles that sit like two cells of an L (e.g. take c3+d5)",
        ),
        (("single I.red",), "take b2", "take b2: b2 is a hole: its tile is already gone"),
        (
            ("single I.red",),
            "take c4",
            "take c4: c4 is a hole (the Start tile's cell): there is no tile to take",
        ),
        (
            ("single I.red",),
            "take a1+c3",
            "take a1+c3: a Single Harvest takes one tile (e.g. take a1)",
        ),
        (
            ("single I.red",),
            "keep",
            "keep: keep answers the optional burn after the tile of a "
            "Single Harvest; you are making a Single Harvest: now take any one board tile "
            "(e.g. take a1)",
        ),
        (("single I.red", "take a1"), "burn a1", "burn a1: a1 is a hole: its tile is already gone"),
        (
            ("single I.red", "take a1"),
            "pass",
            "pass: you cannot pass now; your Single Harvest ends with the optional board "
            "discard: burn a board tile (e.g. burn c3) or keep",
        ),
    ],
)
def test_illegal_actions_say_why_and_change_nothing(
    moves: tuple[str, ...], text: str, message: str
) -> None:
    state = play(load(BOARD, "LcIr", "Lb"), *moves)
    before = state.position()
    with pytest.raises(IllegalActionError) as info:
        state.parse_action(text)
    assert str(info.value) == message
    assert state.position() == before


def test_drop_phase_illegal_reasons() -> None:
    state = play(load(BOARD, "IrOyTy", "Lr", passes=1), "pass")
    with pytest.raises(IllegalActionError) as info:
        state.parse_action("pass")
    assert str(info.value) == (
        "pass: you cannot pass now; the game is over but for the evening out: you hold 3 "
        "tiles to 1 and drop one at a time (e.g. drop I.red)"
    )
    with pytest.raises(IllegalActionError, match=r"L\.red is in your opponent's harvest"):
        state.parse_action("drop L.red")


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
    with pytest.raises(IllegalActionError) as info:
        state.parse_action("pick f6")
    assert str(info.value) == (
        "pick f6: f6 is not next to the Start cell c4: pick one of b3, b4, b5, c3, c5, d3, d4, d5"
    )
    with pytest.raises(IllegalActionError, match=r"c4 is a hole \(the Start tile's cell\)"):
        state.parse_action("pick c4")
    with pytest.raises(IllegalActionError) as info:
        state.parse_action("pass")
    assert str(info.value) == (
        "pass: you cannot pass now; the game starts with the picks: you pick one tile next to "
        "the Start cell c4 (e.g. pick b3)"
    )
    taken = play(state, "pick b4")
    with pytest.raises(IllegalActionError, match="b4 is a hole: its tile is already gone"):
        taken.parse_action("pick b4")


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
        (position({}, "Lc", "Lb", phase="over", mover="-", passes=2), "not a pass"),
        (position({}, "LcLr", "Lb", phase="drop", passes=1), "not a pass"),
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
