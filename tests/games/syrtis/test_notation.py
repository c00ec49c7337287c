"""Syrtis notation, position strings and bad input."""

from __future__ import annotations

import pytest

from shoal.core import (
    GameOverError,
    IllegalActionError,
    InvalidNotationError,
    InvalidOptionError,
    InvalidPositionError,
)
from shoal.games import get
from shoal.games.syrtis.notation import format_action, parse_position, text_to_action

from .helpers import MAJOR, MINOR, after, legal, load, play

MOVES = "ssCSD/SsLcC/CccLS/sDSsc"


def test_notation_of_every_action_kind() -> None:
    """Notation: tower move c3-d5; slide c3>e3; sink xb2; pass; swap c1; L@c3 / D@d4;
    light / dark."""
    geo = MAJOR.geo
    c = geo.cells
    c3, d5, e3, b2, c1, d4 = (geo.cell(n) for n in ("c3", "d5", "e3", "b2", "c1", "d4"))
    assert format_action(geo, c3 * c + d5) == "c3-d5"
    assert format_action(geo, geo.slide_base + c3 * c + e3) == "c3>e3"
    assert format_action(geo, geo.sink_base + b2) == "xb2"
    assert format_action(geo, geo.pass_action) == "pass"
    assert format_action(geo, geo.swap_base + c1) == "swap c1"
    assert format_action(geo, geo.place_l_base + c3) == "L@c3"
    assert format_action(geo, geo.place_d_base + d4) == "D@d4"
    assert format_action(geo, geo.light_action) == "light"
    assert format_action(geo, geo.dark_action) == "dark"
    for action in range(geo.num_actions):
        assert text_to_action(geo, format_action(geo, action)) == action


def test_a_pair_is_named_by_its_first_cell() -> None:
    """A pair is named by its cell that comes first in the order a1, b1, ..., f1, a2."""
    s = load("cscs/scsc/SCSC/CSCS swap - 0 - 0,0 0")
    assert "swap d1" in legal(s) and "swap a4" not in legal(s)
    with pytest.raises(IllegalActionError):
        s.parse_action("swap a4")


@pytest.mark.parametrize(
    ("text", "canonical"),
    [(" C2-C3 ", "c2-c3"), ("XD2", "xd2"), ("x d2", "xd2"), ("PASS", "pass"), ("c2 - c3", "c2-c3")],
)
def test_input_is_case_and_space_insensitive(text: str, canonical: str) -> None:
    s = play(MOVES)
    assert s.parse_action(text) == s.parse_action(canonical)


def test_placement_and_side_input_spellings() -> None:
    s = load("ScCs/cSsC/sCcS/CsSc place - 0 - 0,0 0")
    assert s.action_text(s.parse_action("l@b4")) == "L@b4"
    c = load("SDcLCs/cLSDsC/sCcS/CsSc choose - 1 - 0,0 4")
    assert c.action_text(c.parse_action(" Light ")) == "light"


@pytest.mark.parametrize(
    "text", ["", "  ", "zz99", "c3", "c3-", "c3-z9", "x", "xq1", "swap", "swapz1", "L@", "Q@c3",
             "c3>g1", "e5-e6", "light dark", "x a7"],
)  # fmt: skip
def test_malformed_text_is_invalid_notation(text: str) -> None:
    """Malformed notation raises InvalidNotationError and changes nothing."""
    s = play(MOVES)
    before = s.position()
    with pytest.raises(InvalidNotationError):
        s.parse_action(text)
    assert s.position() == before


@pytest.mark.parametrize(
    ("text", "why"),
    [
        ("b3-d4", "d4 is occupied by a tower"),
        ("b3-a3", r"a3 is not in the tower's light island \(b3 is a light square\)"),
        ("c2-b1", "b1 is not in the tower's light or circle island"),
        ("a1-b1", "a1 carries a Dark tower: Light moves only its own"),
        ("a4-b4", "no Light tower stands on a4"),
        ("xc3", "c3 has no open edge"),
        ("xd4", "d4 carries a tower"),
        ("xa1", "a1 carries a tower"),
        ("xd3", "d3 touches a tile carrying a Light tower only at a corner"),
        ("b3>c3", "c3 is not empty"),
        ("L@a4", "towers are placed only during the set-up"),
        ("swap a1", "pairs are switched only during the set-up"),
        ("light", "the sides are already chosen"),
    ],
)
def test_illegal_actions_say_why(text: str, why: str) -> None:
    """Illegal actions raise IllegalActionError with a reason; nothing changes."""
    s = play(MOVES)
    before = s.position()
    with pytest.raises(IllegalActionError, match=why):
        s.parse_action(text)
    action = text_to_action(s.geo, text)
    with pytest.raises(IllegalActionError, match=why):
        s.apply(action)
    assert s.position() == before


def test_illegal_sink_and_setup_reasons_in_player_words() -> None:
    """Each refusal names the rule that forbids the action."""
    s = play("s.C./SDcLCs/sCcSD/CscL.")
    with pytest.raises(IllegalActionError, match=r"^xd3: d3 is not next to a tile carrying"):
        s.apply_text("xd3")
    cut = play("cLs../S.../CcSDS/sDCscL")
    with pytest.raises(
        IllegalActionError, match=r"^xa3: without a3 the tiles would fall apart into 2 groups"
    ):
        cut.apply_text("xa3")
    apart = play("Sc../sL..C/C..s/cSDSDcL")
    with pytest.raises(
        IllegalActionError,
        match=r"^a3>b3: after the slide to b3 the tiles would fall apart into 2 groups",
    ):
        apart.apply_text("a3>b3")
    swap = load("cscs/scsc/SCSC/CSCS swap - 0 - 0,0 0")
    with pytest.raises(IllegalActionError, match="named by its first cell: swap a1"):
        swap.apply_text("swap d4")
    with pytest.raises(
        IllegalActionError, match="after the pair switching: the set-up player must switch"
    ):
        swap.apply_text("L@a4")
    with pytest.raises(IllegalActionError, match="after the four towers are placed"):
        swap.apply_text("dark")
    choose = load("SDcLCs/cLSDsC/sCcS/CsSc choose - 1 - 0,0 4")
    with pytest.raises(IllegalActionError, match="all four towers are placed: seat 1 now"):
        choose.apply_text("L@c4")


def test_illegal_slide_reasons() -> None:
    s = load("....../sCScS./cL...C./S.s.c./C.SD.s./sDcCScL. play 0 0 - 0,0 9")
    with pytest.raises(IllegalActionError, match="outside the bounding box"):
        s.apply_text("a4>f4")
    s2 = play("Sc../sL..C/C..s/cSDSDcL")
    with pytest.raises(IllegalActionError, match="connected"):
        s2.apply_text("a3>b2")
    s3 = load("....../....../.sCSD../.cL.c../.SDCsL../...... play 0 0 - 0,0 9")
    with pytest.raises(IllegalActionError, match="no path of empty cells"):
        s3.apply_text("d2>c3")  # c3 is in the box but not reachable from d2


def test_illegal_setup_reasons() -> None:
    s = load("ScCs/cSsC/sCcS/CsSc place - 0 - 0,0 0")
    with pytest.raises(IllegalActionError, match="stands on a light or circle tile"):
        s.apply_text("L@a4")
    with pytest.raises(IllegalActionError, match="stands on a dark or square tile"):
        s.apply_text("D@b4")
    with pytest.raises(IllegalActionError, match="set-up is not finished"):
        s.apply_text("pass")
    s = after(s, "L@b4", "L@c4")
    with pytest.raises(IllegalActionError, match="both Light towers"):
        s.apply_text("L@d4")
    with pytest.raises(IllegalActionError, match="already carries a tower"):
        s.apply_text("D@c4")


def test_out_of_range_and_game_over() -> None:
    s = play(MOVES)
    with pytest.raises(IllegalActionError, match="out of range"):
        s.apply(MINOR.num_distinct_actions)
    with pytest.raises(IllegalActionError):
        s.apply(-1)
    end = after(play(MOVES, streak="L3"), "xd2")
    with pytest.raises(GameOverError):
        end.apply_text("pass")
    with pytest.raises(GameOverError):
        end.apply(MINOR.geo.pass_action)


# -- position strings ----------------------------------------------------------------------
def test_board_field_example_from_the_rules() -> None:
    """Board field: the rank `cSL..sC` reads light circle; dark square with a Light tower;
    no tile; no tile; light square; dark circle. (A Light tower on a dark square cannot
    arise in a game, so the syntax reader reads the example and a load refuses it.)"""
    text = "cSL..sC/....../....../....../....../sLSDsD... play 0 0 L1 0,0 50"
    geo = MAJOR.geo
    f = parse_position(geo, text)
    a6, b6, e6, f6 = (1 << geo.cell(n) for n in ("a6", "b6", "e6", "f6"))
    assert f.light & a6 and f.circle & a6
    assert not f.light & b6 and not f.circle & b6 and f.light_towers & b6
    assert not f.tiles & (1 << geo.cell("c6")) and not f.tiles & (1 << geo.cell("d6"))
    assert f.light & e6 and not f.circle & e6
    assert not f.light & f6 and f.circle & f6
    with pytest.raises(InvalidPositionError, match="own colour or its own shape"):
        MAJOR.load(text)


@pytest.mark.parametrize(
    "text",
    [
        "ssCSD/SsLcC/CccLS/sDSsc play 0 0 - 0,0 9",
        "ssCSD/SsLcC/CccLS/sDSsc play 1 1 D3 0,2 57",
        "ssCSD/SsLcC/CccLS/sDSsc play 0 - L4 0,0 60",
        "cscs/scsc/SCSC/CSCS swap - 0 - 0,0 7",
        "ScCs/cSsC/sCcS/CsSc place - 0 - 0,0 0",
        "SDcLCs/cLSDsC/sCcS/CsSc choose - 1 - 0,0 4",
        "sLsS./sLSsD./SSD../.... play 0 - D1 0,0 20",
    ],
)
def test_positions_round_trip_exactly(text: str) -> None:
    """Position strings reload exactly, counters included."""
    s = load(text)
    assert s.position() == text
    assert load(s.position()) == s


def test_initial_position_string() -> None:
    """The start: the drawn board, the phase, no sides, seat 0 to decide, no counters."""
    assert MINOR.initial(1).position().endswith(" swap - 0 - 0,0 0")
    assert MINOR.initial(0).position().endswith(" place - 0 - 0,0 0")
    # the example of docs/games/syrtis.md
    assert MAJOR.initial(239).position() == (
        "CSsSSS/ccssSs/cCCCcs/CSsssS/CcCCSS/cccCcs swap - 0 - 0,0 0"
    )


@pytest.mark.parametrize(
    ("text", "why"),
    [
        ("", "expected 7 fields"),
        ("nonsense", "expected 7 fields"),
        ("////", "expected 7 fields"),
        ("ssCSD/SsLcC/CccLS play 0 0 - 0,0 9", "needs 4 ranks"),
        ("ssCSD/SsLcC/CccLS/sDSscs play 0 0 - 0,0 9", "more than 4 cells"),
        ("ssCSD/SsLcC/CccLS/sDSs play 0 0 - 0,0 9", "has 3 cells"),
        ("ssCSD/SsLcC/CccLS/sDSsx play 0 0 - 0,0 9", "'x'"),
        ("ssCSD/SsLcC/CccLS/sDSsc game 0 0 - 0,0 9", "phase"),
        ("ssCSD/SsLcC/CccLS/sDSsc play 2 0 - 0,0 9", "Light seat"),
        ("ssCSD/SsLcC/CccLS/sDSsc play 0 3 - 0,0 9", "seat to move"),
        ("ssCSD/SsLcC/CccLS/sDSsc play 0 0 X2 0,0 9", "sink streak"),
        ("ssCSD/SsLcC/CccLS/sDSsc play 0 0 L5 0,0 9", "streaks stop"),
        ("ssCSD/SsLcC/CccLS/sDSsc play 0 0 - 0;0 9", "passes"),
        ("ssCSD/SsLcC/CccLS/sDSsc play 0 0 - 0,0 x", "turn"),
        ("ssCSD/SsLcLC/CccLS/sDSsc play 0 0 - 0,0 9", "only two Light"),
        ("ssCS/SsLcC/CccLS/sDSsc play 0 0 - 0,0 9", "two Light and two Dark"),
        ("ssCSD/SsLcC/CccLS/sDSsc play - 0 - 0,0 9", "Light seat is '-'"),
        ("ssCSD/SsLcC/CccLS/sDSsc play 0 - - 0,0 9", "not over"),
        ("ssCSD/SsLcC/CccLS/sDSsc play 0 0 L4 0,0 9", "is over"),
        ("ssCSD/SsLcC/CccLS/sDSsc play 0 0 - 1,1 9", "game is over"),
        ("ScCs/cSsC/sCcS/CsSc swap - 0 - 0,0 0", "needs a fully connected"),
        ("cscs/scsc/SCSC/CSCS swap - 0 - 0,0 100", "ends after"),
        ("cscsL/scsc/SCSC/CSCS swap - 0 - 0,0 1", "towers are placed only after"),
        ("ScCs/cSsC/sCcS/CsSc place - 1 - 0,0 0", "seat 0 decides"),
        ("ScCs/cSsC/sCcS/CsSc place 0 0 - 0,0 0", "Light seat is '-'"),
        ("ScCs/cSsC/sCcS/CsSc place - 0 L1 0,0 0", "during the set-up"),
        ("SDcLCs/cLSDsC/sCcS/CsSc place - 0 - 0,0 4", "phase is 'choose'"),
    ],
)
def test_bad_positions_are_refused(text: str, why: str) -> None:
    """Bad position strings raise InvalidPositionError with a clear message."""
    with pytest.raises(InvalidPositionError, match=why):
        MINOR.load(text)


def test_major_position_on_a_minor_game_is_refused() -> None:
    with pytest.raises(InvalidPositionError, match="needs 4 ranks"):
        MINOR.load(MAJOR.initial(0).position())


@pytest.mark.parametrize("values", [{"variant": "huge"}, {"pairing": "spiral"}, {"size": 6}])
def test_bad_options(values: dict[str, str]) -> None:
    with pytest.raises(InvalidOptionError):
        get("syrtis", **values)


def test_pairing_is_a_decision_option() -> None:
    """Every [decision] is an option or a documented constant: pairing is an option."""
    infos = {i.name: i for i in MAJOR.option_infos()}
    assert infos["pairing"].decision and infos["pairing"].choices == ("point", "mirror")
    assert infos["variant"].choices == ("major", "minor")
