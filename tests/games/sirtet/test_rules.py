"""Sirtet rules on hand-built positions: each test names the rule sentence it checks.

Rules file: /work/shared/rules/sirtet.md; seed text: seeds/001_ca2e25f18656c12a.txt.
"""

from __future__ import annotations

import random

import pytest

from shoal.games.sirtet.diagrams import SAMPLE_END_START, SAMPLE_END_TURNS
from shoal.games.sirtet.geometry import ACT_DOUBLE, ACT_SINGLE, SHAPE_CELLS, offsets_of, symmetries

from .helpers import FREE, ONE_SIDED, load, play, texts

ORTHO = {(1, 0), (-1, 0), (0, 1), (0, -1)}
DIAG = {(1, 1), (1, -1), (-1, 1), (-1, -1)}
STRAIGHT2 = {(2, 0), (-2, 0), (0, 2), (0, -2)}
STRAIGHT3 = {(3, 0), (-3, 0), (0, 3), (0, -3)}
KNIGHT = {(1, 2), (2, 1), (-1, 2), (-2, 1), (1, -2), (2, -1), (-1, -2), (-2, -1)}
REACH = {
    "I": ORTHO | STRAIGHT2 | STRAIGHT3,
    "O": ORTHO | DIAG,
    "T": ORTHO | STRAIGHT2 | DIAG,
    "L": ORTHO | STRAIGHT2 | DIAG | KNIGHT,
    "S": ORTHO | DIAG | KNIGHT,
    "Z": ORTHO | DIAG | KNIGHT,
    "J": ORTHO | STRAIGHT2 | DIAG | KNIGHT,
}
"""Hand-written: the offsets each shape reaches (rules: O the 8 neighbours, I 1-3 straight,
L and S include knight steps)."""

COLOURS = ("red", "orange", "yellow", "green", "cyan", "blue", "white")
FULL_CODES = [s + c for s in "IOTLS" for c in "roygcbw"]


def full_board(start: str) -> dict[str, str]:
    cells = [f + str(r) for f in "abcdef" for r in range(1, 7) if f + str(r) != start]
    return dict(zip(cells, FULL_CODES, strict=True))


# -- components ------------------------------------------------------------------------
def test_components_35_tiles_are_7_colours_by_the_5_free_tetrominoes() -> None:
    names = set(FREE.tileset.names)
    assert names == {f"{s}.{c}" for s in "IOTLS" for c in COLOURS}
    assert len(FREE.tileset.names) == 35


def test_option_one_sided_uses_7_tetris_pieces_by_5_colours() -> None:
    names = set(ONE_SIDED.tileset.names)
    assert names == {f"{s}.{c}" for s in "IOTSZJL" for c in COLOURS[:5]}
    info = {i.name: i for i in FREE.option_infos()}["tileset"]
    assert info.decision and info.default == "free" and info.choices == ("free", "one-sided")


@pytest.mark.parametrize("shape", sorted(REACH))
def test_shape_offsets_under_8_symmetries_match_the_hand_table(shape: str) -> None:
    assert set(offsets_of(shape)) == REACH[shape]


def test_the_rules_file_s_cell_set_reaches_the_same_offsets_as_ours() -> None:
    rules_s = ((1, 0), (2, 0), (0, 1), (1, 1))
    found = {
        (bx - ax, by - ay)
        for image in symmetries(rules_s)
        for ax, ay in image
        for bx, by in image
        if (ax, ay) != (bx, by)
    }
    assert found == REACH["S"]
    assert len(symmetries(SHAPE_CELLS["L"])) == 8


@pytest.mark.parametrize("shape", "IOTLS")
def test_double_harvest_pairs_follow_the_shape_offsets(shape: str) -> None:
    """Double Harvest: the offset b - a equals the offset between two cells of T's shape."""
    tile = shape + "c"
    other_tile = "Ir" if shape != "I" else "Or"
    for f in range(6):
        for r in range(6):
            target = "abcdef"[f] + str(r + 1)
            if target == "c3":
                continue
            start = "a6" if target != "a6" else "b6"
            state = load({"c3": "Ow", target: "Tw"}, tile + other_tile, "Lb", start=start)
            offered = f"double {shape}.cyan" in texts(state)
            assert offered == ((f - 2, r - 2) in REACH[shape]), (shape, target)


# -- set-up ----------------------------------------------------------------------------
def test_setup_shuffles_36_tiles_and_the_start_cell_becomes_a_hole() -> None:
    state = FREE.initial(1)
    board = state.position().split()[0]
    assert board.count("..") == 1
    fields = state.position().split()
    assert fields[1:4] == ["-", "-", "-"]  # harvests and discard (the Start tile is implicit)
    assert state.tile_at(state.start) is None
    assert fields[5:] == ["pick", "0", "0", "0"]
    assert FREE.initial(1) == state and FREE.initial(2) != state


def test_setup_the_start_tile_goes_to_the_discard_zone() -> None:
    """Seed: take away the Start tile and put it beside the board: the Discard zone."""
    state = FREE.initial(3)
    assert "discard: Start" in FREE.render_text(state)
    assert state.disc == 0 and bin(state.occ).count("1") == 35


def test_setup_first_player_then_second_picks_from_the_8_king_neighbours() -> None:
    state = load(full_board("c4"), phase="pick", start="c4")
    assert texts(state) == {f"pick {c}" for c in ["b3", "b4", "b5", "c3", "c5", "d3", "d4", "d5"]}
    state = play(state, "pick b4")
    assert state.to_move == 1 and state.turn == 11
    assert texts(state) == {f"pick {c}" for c in ["b3", "b5", "c3", "c5", "d3", "d4", "d5"]}
    state = play(state, "pick d5")
    assert state.to_move == 0 and state.phase_name == "choose"
    assert state.harvest(0).bit_count() == state.harvest(1).bit_count() == 1


def test_setup_corner_start_cell_has_3_neighbours() -> None:
    state = load(full_board("a1"), phase="pick", start="a1")
    assert texts(state) == {"pick a2", "pick b1", "pick b2"}


# -- a turn: double harvest --------------------------------------------------------------
BOARD = {"c3": "Oc", "d5": "Ob", "a1": "Ig", "f6": "Tw"}


def test_a_turn_is_double_single_or_pass_double_only_with_a_legal_pair() -> None:
    state = load(BOARD, "LcIr", "Lb")
    assert texts(state) == {"pass", "double L.cyan", "single L.cyan", "single I.red"}


def test_double_harvest_discards_the_tile_then_takes_the_two_cells() -> None:
    state = play(load(BOARD, "LcIr", "Lb"), "double L.cyan")
    assert state.to_move == 0 and state.turn == 10  # the turn goes on
    assert "Lc" in state.position().split()[3] and state.phase_name == "take2"
    assert texts(state) == {"take c3+d5", "take d5+f6"}  # a knight step each
    state = play(state, "take c3+d5")
    fields = state.position().split()
    assert fields[0] == "..........Tw/" + "............/" * 4 + "Ig.........."
    assert state.tile_at(18) is None and state.tile_at(22) is None  # holes: nothing slides
    assert fields[1] == "IrOcOb"
    assert state.to_move == 1 and state.turn == 11 and state.phase_name == "choose"
    assert texts(state) >= {"pass", "single L.blue"}


def test_double_harvest_is_offered_per_tile_even_with_equal_shapes() -> None:
    state = load(BOARD, "LcLrIr", "Lb")
    assert {"double L.cyan", "double L.red"} <= texts(state)


def test_double_harvest_not_offered_when_no_pair_fits() -> None:
    state = load({"a1": "Ig", "f6": "Tw"}, "LcOrIrTrSr", "Lb")
    assert texts(state) == {"pass"} | {
        f"single {s}.{c}"
        for s, c in [("L", "cyan"), ("O", "red"), ("I", "red"), ("T", "red"), ("S", "red")]
    }


def test_double_harvest_must_take_two_tiles_no_pass_or_keep() -> None:
    """Seed: after discarding, the player MUST choose and add two tiles."""
    state = play(load({"a1": "Ig", "a2": "Tw", "a4": "Ow"}, "Ir", "Lb"), "double I.red")
    assert texts(state) == {"take a1+a2", "take a1+a4", "take a2+a4"}


def test_double_harvest_taking_the_last_two_tiles_ends_the_game() -> None:
    """End: the board is empty (seat 0 then holds 2 tiles to seat 1's 1: it drops one)."""
    state = play(load({"a1": "Ig", "b2": "Tw"}, "Or", "Lb"), "O.red: a1 b2")
    assert state.phase_name == "drop" and state.to_move == 0 and state.turn == 11
    assert texts(state) == {"drop I.green", "drop T.white"}
    state = play(state, "drop T.white")
    assert state.outcome is not None and state.outcome.winner is None


# -- a turn: single harvest ----------------------------------------------------------------
def test_single_harvest_takes_any_tile_then_may_burn_one() -> None:
    state = play(load(BOARD, "Ir", "Lb"), "single I.red")
    assert texts(state) == {"take a1", "take c3", "take d5", "take f6"}
    state = play(state, "take d5")
    assert state.to_move == 0 and state.phase_name == "burn"
    assert texts(state) == {"burn a1", "burn c3", "burn f6", "keep"}
    burnt = play(state, "burn f6")
    assert burnt.tile_at(35) is None and "Tw" in burnt.position().split()[3]
    assert burnt.to_move == 1 and burnt.turn == 11
    kept = play(state, "keep")
    assert kept.tile_at(35) is not None and kept.to_move == 1 and kept.turn == 11


def test_single_harvest_taking_the_last_tile_ends_the_turn_without_a_burn() -> None:
    state = play(load({"e2": "Ob"}, "Ty", "Lb"), "single T.yellow", "take e2")
    assert state.turn == 11 and state.outcome is not None
    assert state.outcome.winner is None and state.outcome.reason == "draw: equal colour groups"
    assert state.legal_actions() == ()


def test_single_harvest_last_tile_with_more_tiles_goes_to_the_drop() -> None:
    state = play(load({"e2": "Ob"}, "TyLy", "Lb"), "T.yellow: e2")
    assert state.phase_name == "drop" and state.to_move == 0 and state.turn == 11
    assert texts(state) == {"drop L.yellow", "drop O.blue"}


def test_a_burn_that_empties_the_board_ends_the_game() -> None:
    state = play(load({"a1": "Ig", "b1": "Ow"}, "Tr", "Lr"), "T.red: a1 / b1")
    assert state.outcome is not None and state.outcome.reason == "draw: equal colour groups"
    assert "Ow" in state.position().split()[3]


# -- pass and the end ----------------------------------------------------------------------
def test_pass_does_nothing_but_hand_over() -> None:
    state = load(BOARD, "Ir", "Lb")
    after = play(state, "pass")
    assert after.to_move == 1 and after.turn == 11 and after.passes == 1
    assert after.position().split()[:5] == state.position().split()[:5]


def test_both_players_passing_on_consecutive_turns_ends_the_game() -> None:
    state = play(load(BOARD, "Ir", "Lr"), "pass", "pass")
    assert state.outcome is not None and state.outcome.winner is None
    assert state.position().split()[5:8] == ["over", "-", "2"]


def test_a_pass_after_a_harvest_does_not_end_the_game() -> None:
    state = play(load(BOARD, "Ir", "Lr"), "pass", "L.red: f6", "pass")
    assert state.outcome is None and state.to_move == 1


def test_equalising_the_player_with_more_tiles_drops_until_equal() -> None:
    state = play(load(BOARD, "IrOyTy", "Lr", passes=1), "pass")
    assert state.phase_name == "drop" and state.to_move == 0
    assert texts(state) == {"drop I.red", "drop O.yellow", "drop T.yellow"}
    state = play(state, "drop I.red")
    assert state.outcome is None and state.to_move == 0 and state.phase_name == "drop"
    state = play(state, "drop O.yellow")
    assert state.outcome is not None and state.turn == 13
    assert state.outcome.winner is None  # T.yellow v L.red: 1 v 1


def test_equalising_when_the_second_player_has_more() -> None:
    state = play(load(BOARD, "Ir", "LrOr", passes=1), "pass")
    assert state.to_move == 1 and texts(state) == {"drop L.red", "drop O.red"}


@pytest.mark.parametrize(
    ("h0", "h1", "winner", "reason"),
    [
        ("IrOrTgLb", "IcOcTcLw", 1, "largest colour group 3 v 2"),
        ("IrOrTrLgSgIb", "IcOcTcLwSyIo", 0, "second largest colour group 2 v 1"),
        ("IrOrTgLg", "IcOcTbLb", None, "draw: equal colour groups"),
        ("IrOoTyLg", "IcObTwLr", None, "draw: equal colour groups"),
    ],
)
def test_colour_counts_sorted_largest_first_compared_position_by_position(
    h0: str, h1: str, winner: int | None, reason: str
) -> None:
    state = load({}, h0, h1, phase="over", mover="-", passes=0)
    assert state.outcome is not None
    assert (state.outcome.winner, state.outcome.reason) == (winner, reason)


def test_scores_are_the_largest_colour_groups() -> None:
    state = load({}, "IrOrTgLb", "IcOcTcLw", phase="over", mover="-")
    assert state.outcome is not None and state.outcome.scores == (2.0, 3.0)


def test_the_sample_game_ends_in_a_draw() -> None:
    """Seed sample game: North doubles with cyan L for cyan O and blue O, South with blue L
    for green I and white O; North makes a Single Harvest; both pass; a draw."""
    state = FREE.load(SAMPLE_END_START)
    state = play(state, *SAMPLE_END_TURNS[:3], SAMPLE_END_TURNS[3])
    assert state.outcome is None
    state = play(state, SAMPLE_END_TURNS[4])
    assert state.outcome is not None and state.outcome.winner is None
    assert state.outcome.reason == "draw: equal colour groups"
    assert state.outcome.scores == (3.0, 3.0)


@pytest.mark.parametrize("careful", [0, 1])
def test_a_player_who_never_double_harvests_keeps_one_tile_and_draws_every_game(
    careful: int,
) -> None:
    """A consequence of the rules: Single Harvests and passes keep a harvest at its one
    picked tile, the larger harvest is cut down to one tile at the end, and one tile
    against one tile is equal colour groups; so either player can force a draw."""
    for seed in range(200):
        rng = random.Random(seed)
        state = FREE.initial(seed)
        while state.outcome is None:
            legal = list(state.legal_actions())
            if state.to_move == careful:
                legal = [a for a in legal if not ACT_DOUBLE <= a < ACT_SINGLE]
                assert state.harvest(careful).bit_count() <= 1
            state = state.child(rng.choice(legal))
        assert state.outcome.winner is None, (seed, state.outcome)
