"""Every rule sentence of rules/sirtet.md and of the seed text, with the tests that check it.

``SENTENCES`` maps each sentence (abridged) to the tests (``module::name``) that check it
on hand-built positions with exact legal actions or outcomes; the last test here checks
that every named test exists. The tests below fill the gaps the first audit found.
"""

from __future__ import annotations

import importlib
import itertools

import pytest

from shoal.games.sirtet.geometry import SHAPE_CELLS, symmetries

from .helpers import FREE, ONE_SIDED, load, play, texts
from .reference import all_codes

R = "test_rules"
N = "test_notation"
S = "test_sentences"

SENTENCES: dict[str, list[str]] = {
    # -- rules file -----------------------------------------------------------------------
    "Components: 36 tiles, one Start tile and 35 = 7 colours x the 5 free tetrominoes": [
        f"{R}::test_components_35_tiles_are_7_colours_by_the_5_free_tetrominoes",
        f"{S}::test_every_rules_decision_is_an_option_or_a_documented_named_constant",
        f"{S}::test_setup_1_every_tile_is_on_the_board_once_and_the_start_cell_is_random",
    ],
    "Shapes as cell sets I O T L S": [
        f"{R}::test_shape_offsets_under_8_symmetries_match_the_hand_table",
        f"{R}::test_the_rules_file_s_cell_set_reaches_the_same_offsets_as_ours",
        f"{S}::test_the_8_symmetries_are_distinct_transformations",
    ],
    "Option tileset=one-sided: 7 Tetris pieces x 5 colours; all 8 symmetries still apply": [
        f"{R}::test_option_one_sided_uses_7_tetris_pieces_by_5_colours",
        f"{S}::test_double_harvest_takes_exactly_the_pair_at_each_offset",
        f"{S}::test_one_sided_z_and_j_reach_both_mirror_images",
    ],
    "Set-up 1: shuffle (seeded) all 36 tiles into a 6x6 board": [
        f"{R}::test_setup_shuffles_36_tiles_and_the_start_cell_becomes_a_hole",
        f"{S}::test_setup_1_every_tile_is_on_the_board_once_and_the_start_cell_is_random",
    ],
    "Set-up 2: remove the Start tile; its cell is a hole; it goes to the discard zone": [
        f"{R}::test_setup_the_start_tile_goes_to_the_discard_zone",
        f"{N}::test_pick_illegal_reasons",
    ],
    "Set-up 3: seat 0, then seat 1, takes one tile from the 8 king-move neighbours": [
        f"{R}::test_setup_first_player_then_second_picks_from_the_8_king_neighbours",
        f"{R}::test_setup_corner_start_cell_has_3_neighbours",
        f"{S}::test_every_rules_decision_is_an_option_or_a_documented_named_constant",
    ],
    "A turn is one of Double Harvest, Single Harvest, Pass": [
        f"{R}::test_a_turn_is_double_single_or_pass_double_only_with_a_legal_pair",
    ],
    "Double Harvest: discard T; take a and b with b - a an offset of T's shape (8 symmetries)": [
        f"{R}::test_double_harvest_discards_the_tile_then_takes_the_two_cells",
        f"{R}::test_double_harvest_pairs_follow_the_shape_offsets",
        f"{S}::test_double_harvest_takes_exactly_the_pair_at_each_offset",
        f"{S}::test_double_harvest_pair_counts_on_a_full_board_match_hand_counts",
    ],
    "O reaches the 8 neighbours; I 1-3 straight; T, L, S their own sets (knight for L, S)": [
        f"{R}::test_shape_offsets_under_8_symmetries_match_the_hand_table",
        f"{S}::test_double_is_offered_exactly_with_the_shapes_that_reach_the_offset",
    ],
    "Single Harvest: discard; take any one board tile; optionally discard one board tile": [
        f"{R}::test_single_harvest_takes_any_tile_then_may_burn_one",
    ],
    "Pass": [f"{R}::test_pass_does_nothing_but_hand_over"],
    "Harvested and discarded board cells become holes; nothing slides": [
        f"{R}::test_double_harvest_discards_the_tile_then_takes_the_two_cells",
        f"{R}::test_single_harvest_takes_any_tile_then_may_burn_one",
    ],
    "A Double Harvest is offered only with a harvest tile for which some legal pair exists": [
        f"{R}::test_double_harvest_not_offered_when_no_pair_fits",
        f"{S}::test_double_is_offered_exactly_with_the_shapes_that_reach_the_offset",
    ],
    "When a Single Harvest takes the last board tile, the turn ends there": [
        f"{R}::test_single_harvest_taking_the_last_tile_ends_the_turn_without_a_burn",
        f"{R}::test_single_harvest_last_tile_with_more_tiles_goes_to_the_drop",
    ],
    "A turn is several atomic decisions, exposed step by step": [
        f"{S}::test_a_turn_is_several_atomic_decisions_of_one_seat",
    ],
    "The game ends when the board is empty": [
        f"{R}::test_double_harvest_taking_the_last_two_tiles_ends_the_game",
        f"{R}::test_a_burn_that_empties_the_board_ends_the_game",
    ],
    "... or when both players pass on consecutive turns": [
        f"{R}::test_both_players_passing_on_consecutive_turns_ends_the_game",
        f"{R}::test_a_pass_after_a_harvest_does_not_end_the_game",
        f"{S}::test_passes_right_after_the_picks_end_the_game",
    ],
    "The player with more harvest tiles discards until both have the same number": [
        f"{R}::test_equalising_the_player_with_more_tiles_drops_until_equal",
        f"{R}::test_equalising_when_the_second_player_has_more",
        f"{S}::test_the_equalising_player_chooses_what_to_drop_and_it_can_decide",
    ],
    "Counts per colour, sorted largest first, compared position by position; equal = draw": [
        f"{R}::test_colour_counts_sorted_largest_first_compared_position_by_position",
        f"{S}::test_lexicographic_comparison_more_cases",
    ],
    "Notation: shape.colour; pick, double, single, pass, take, burn, keep, drop": [
        f"{N}::test_atomic_notation_of_every_kind",
        f"{N}::test_normalisation_pairs_in_alphabetical_order_and_tile_case",
    ],
    "Whole turns: L.cyan: c3 d5, O.blue: e2 / b6, O.blue: e2, pass": [
        f"{N}::test_whole_turn_notation",
        f"{N}::test_single_harvest_of_the_last_tile_is_a_two_part_turn",
        f"{S}::test_picks_and_drops_are_turns_of_their_own_text",
    ],
    "Position string: the board field first, ranks 6 to 1, .. holes, shape+colour letters": [
        f"{N}::test_documented_position_example_round_trips",
        f"{N}::test_take2_phase_names_the_discarded_tile",
    ],
    # -- seed text --------------------------------------------------------------------------
    "Seed: 36 tiles: 1 Start tile and 7 groups of 5 tetrominoes in different colors": [
        f"{R}::test_components_35_tiles_are_7_colours_by_the_5_free_tetrominoes",
    ],
    "Seed: Goal: collect the largest number of tiles of the same color": [
        f"{S}::test_lexicographic_comparison_more_cases",
    ],
    "Seed Setup 1: shuffle and place randomly face up: a random 6x6 board": [
        f"{S}::test_setup_1_every_tile_is_on_the_board_once_and_the_start_cell_is_random",
    ],
    "Seed Setup 2: take away the Start tile, put it beside the board: the Discard zone": [
        f"{R}::test_setup_the_start_tile_goes_to_the_discard_zone",
    ],
    "Seed Setup 3: first player; each chooses a single tile surrounding the Start tile": [
        f"{R}::test_setup_first_player_then_second_picks_from_the_8_king_neighbours",
    ],
    "Seed: the players take turns harvesting the Board": [
        f"{S}::test_a_turn_is_several_atomic_decisions_of_one_seat",
    ],
    "Seed: the active player MUST choose one of Double Harvest, Single Harvest, Pass": [
        f"{R}::test_a_turn_is_double_single_or_pass_double_only_with_a_legal_pair",
    ],
    "Seed Double: MUST discard a harvest tile, then MUST add two tiles placed like the dots": [
        f"{R}::test_double_harvest_must_take_two_tiles_no_pass_or_keep",
        f"{S}::test_double_harvest_takes_exactly_the_pair_at_each_offset",
    ],
    "Seed Single: MUST discard, MUST add one tile, then CAN discard a board tile": [
        f"{R}::test_single_harvest_takes_any_tile_then_may_burn_one",
    ],
    "Seed Pass: the player does nothing in this turn": [
        f"{R}::test_pass_does_nothing_but_hand_over",
    ],
    "Seed End: no more tiles on the Board, or both players Pass on two consecutive turns": [
        f"{R}::test_double_harvest_taking_the_last_two_tiles_ends_the_game",
        f"{R}::test_both_players_passing_on_consecutive_turns_ends_the_game",
    ],
    "Seed: the player with more tiles MUST discard any of their tiles until equality": [
        f"{S}::test_the_equalising_player_chooses_what_to_drop_and_it_can_decide",
    ],
    "Seed: group tiles by color, order the groups by size": [
        f"{R}::test_scores_are_the_largest_colour_groups",
    ],
    "Seed: the winner has the largest group; else compare the second largest and so on": [
        f"{R}::test_colour_counts_sorted_largest_first_compared_position_by_position",
        f"{S}::test_lexicographic_comparison_more_cases",
    ],
    "Seed: ... until a winner is found or the game is declared a draw": [
        f"{S}::test_lexicographic_comparison_more_cases",
    ],
    "Seed sample game: North doubles cyan L for cyan O + blue O, ...; the game is a draw": [
        f"{R}::test_the_sample_game_ends_in_a_draw",
    ],
}

STEPS = {
    "ortho": {(1, 0), (-1, 0), (0, 1), (0, -1)},
    "diag": {(1, 1), (1, -1), (-1, 1), (-1, -1)},
    "two": {(2, 0), (-2, 0), (0, 2), (0, -2)},
    "three": {(3, 0), (-3, 0), (0, 3), (0, -3)},
    "knight": {(a, b) for a, b in itertools.permutations((1, 2, -1, -2), 2) if abs(a) != abs(b)},
}
HAND = {
    "I": ("ortho", "two", "three"),
    "O": ("ortho", "diag"),
    "T": ("ortho", "diag", "two"),
    "L": ("ortho", "diag", "two", "knight"),
    "J": ("ortho", "diag", "two", "knight"),
    "S": ("ortho", "diag", "knight"),
    "Z": ("ortho", "diag", "knight"),
}
"""Hand-written per shape: the kinds of step its two cells can make."""


def cell(f: int, r: int) -> str:
    return "abcdef"[f] + str(r + 1)


def test_every_sentence_names_existing_tests() -> None:
    assert len(SENTENCES) >= 35
    for sentence, names in SENTENCES.items():
        assert names, sentence
        for name in names:
            module, _, func = name.partition("::")
            mod = importlib.import_module(f"tests.games.sirtet.{module}")
            assert callable(getattr(mod, func, None)), f"{sentence}: {name} is missing"


# -- set-up -------------------------------------------------------------------------------
@pytest.mark.parametrize("game", [FREE, ONE_SIDED], ids=["free", "one-sided"])
def test_setup_1_every_tile_is_on_the_board_once_and_the_start_cell_is_random(game) -> None:  # type: ignore[no-untyped-def]
    """Set-up 1: shuffle (seeded) all 36 tiles into the board; the Start tile is one of them."""
    tileset = "free" if game is FREE else "one-sided"
    starts = set()
    boards = set()
    for seed in range(40):
        state = game.initial(seed)
        board = state.position().split()[0].replace("/", "")
        codes = [board[i : i + 2] for i in range(0, 72, 2)]
        assert sorted(c for c in codes if c != "..") == sorted(all_codes(tileset))
        assert codes.count("..") == 1
        starts.add(state.start)
        boards.add(board)
        assert game.initial(seed).position() == state.position()  # seeded
    assert len(boards) == 40 and len(starts) >= 15


# -- shapes and the Double Harvest ----------------------------------------------------------
def test_the_8_symmetries_are_distinct_transformations() -> None:
    """'under one of the 8 symmetries': the images of an asymmetric shape are 8 distinct
    shapes; O has 1, I 2, T and S 4 (hand-counted)."""

    def normal(cells: tuple[tuple[int, int], ...]) -> frozenset[tuple[int, int]]:
        mx = min(x for x, _ in cells)
        my = min(y for _, y in cells)
        return frozenset((x - mx, y - my) for x, y in cells)

    distinct = {s: len({normal(i) for i in symmetries(SHAPE_CELLS[s])}) for s in SHAPE_CELLS}
    assert distinct == {"I": 2, "O": 1, "T": 4, "L": 8, "J": 8, "S": 4, "Z": 4}
    assert normal(SHAPE_CELLS["J"]) in {normal(i) for i in symmetries(SHAPE_CELLS["L"])}
    assert normal(SHAPE_CELLS["Z"]) in {normal(i) for i in symmetries(SHAPE_CELLS["S"])}


@pytest.mark.parametrize("shape", "IOTLSZJ")
def test_double_harvest_takes_exactly_the_pair_at_each_offset(shape: str) -> None:
    """Double Harvest: the two taken tiles sit like two cells of the paid tile's shape, under
    all 8 symmetries; every offset from c3 on a two-tile board, against the hand table."""
    one_sided = shape in "ZJ"
    tileset = "one-sided" if one_sided else "free"
    paid, other = shape + "c", ("I" if shape != "I" else "O") + "r"
    opponent = "Lo" if one_sided else "Lb"
    reach = set().union(*(STEPS[k] for k in HAND[shape]))
    for f, r in itertools.product(range(6), range(6)):
        target = cell(f, r)
        if target == "c3":
            continue
        start = "a6" if target != "a6" else "b6"
        state = load(
            {"c3": "Oy", target: "Ty"}, paid + other, opponent, start=start, tileset=tileset
        )
        name = f"{shape}.cyan"
        if (f - 2, r - 2) in reach:
            assert f"double {name}" in texts(state), target
            after = play(state, f"double {name}")
            assert texts(after) == {"take " + "+".join(sorted(("c3", target)))}
        else:
            assert f"double {name}" not in texts(state), target


def test_one_sided_z_and_j_reach_both_mirror_images() -> None:
    """One-sided set: 'all 8 symmetries still apply': Z takes an S-shaped pair, J an L's."""
    board = {"b2": "Or", "c4": "Ty", "d1": "Ig"}  # b2-c4 (1, 2), b2-d1 (2, -1), c4-d1 no
    state = load(board, "ZcJcOc", "Lo", tileset="one-sided", start="a6")
    assert texts(state) == {
        "pass",
        "double Z.cyan",
        "double J.cyan",
        "single Z.cyan",
        "single J.cyan",
        "single O.cyan",
    }
    for tile in ("Z.cyan", "J.cyan"):
        assert texts(play(state, f"double {tile}")) == {"take b2+c4", "take b2+d1"}


@pytest.mark.parametrize(
    ("board", "doubles"),
    [
        ({"a1": "Ig", "a4": "Tw"}, {"I"}),  # three straight
        ({"a1": "Ig", "a3": "Tw"}, {"I", "T", "L"}),  # two straight
        ({"a1": "Ig", "b3": "Tw"}, {"L", "S"}),  # a knight step
        ({"a1": "Ig", "b2": "Tw"}, {"O", "T", "L", "S"}),  # diagonal
        ({"a1": "Ig", "b1": "Tw"}, {"I", "O", "T", "L", "S"}),  # neighbour
        ({"a1": "Ig", "c3": "Tw"}, set()),  # two diagonal steps: nobody
    ],
)
def test_double_is_offered_exactly_with_the_shapes_that_reach_the_offset(
    board: dict[str, str], doubles: set[str]
) -> None:
    """'A Double Harvest is offered only with a harvest tile for which some legal pair exists'."""
    state = load(board, "IrOrTrLrSr", "Lb")
    singles = {f"single {s}.red" for s in "IOTLS"}
    assert texts(state) == {"pass"} | singles | {f"double {s}.red" for s in doubles}


@pytest.mark.parametrize(
    ("shape", "count"),
    # hand counts on a 6x6 board: ortho 60, diag 50, two straight 48, three 36, knight 80
    # pairs; minus those at the two holes a1 and f6 (corners: ortho 2, diag 1, two 2,
    # three 2, knight 2 each)
    [
        ("I", 60 + 48 + 36 - 2 * 6),
        ("O", 60 + 50 - 2 * 3),
        ("T", 60 + 50 + 48 - 2 * 5),
        ("L", 60 + 50 + 48 + 80 - 2 * 7),
        ("S", 60 + 50 + 80 - 2 * 5),
    ],
)
def test_double_harvest_pair_counts_on_a_full_board_match_hand_counts(
    shape: str, count: int
) -> None:
    codes = [c for c in all_codes("free") if c != shape + "c"]
    cells = [cell(f, r) for f in range(6) for r in range(6) if cell(f, r) not in ("a1", "f6")]
    state = load(
        dict(zip(cells, codes, strict=True)),
        start="a1",
        phase=f"take2:{shape}c",
        discard=shape + "c",
    )
    assert len(state.legal_actions()) == count


# -- turns ------------------------------------------------------------------------------
def test_a_turn_is_several_atomic_decisions_of_one_seat() -> None:
    """'A turn is several atomic decisions'; seed: 'the players take turns'."""
    state = load({"c3": "Oc", "d5": "Ob", "a1": "Ig", "f6": "Tw", "e1": "Sy"}, "Ir", "Lb")
    seen = []
    for text in ("single I.red", "take a1", "burn f6"):
        seen.append((state.to_move, state.turn, state.phase_name))
        state = play(state, text)
    assert seen == [(0, 10, "choose"), (0, 10, "take1"), (0, 10, "burn")]
    assert (state.to_move, state.turn, state.phase_name) == (1, 11, "choose")
    state = play(state, "L.blue: c3 d5")
    assert (state.to_move, state.turn, state.phase_name) == (0, 12, "choose")


def test_passes_right_after_the_picks_end_the_game() -> None:
    """Two passes on consecutive turns end the game, even the first two turns of play."""
    state = FREE.initial(1)
    state = play(state, "pick b4", "pick b5")
    state = play(state, "pass")
    assert state.outcome is None and state.to_move == 1
    state = play(state, "pass")
    assert state.outcome is not None and state.position().split()[5:8] == ["over", "-", "2"]


def test_picks_and_drops_are_turns_of_their_own_text() -> None:
    state = FREE.initial(1)
    pick = state.parse_turn("pick b4")
    assert state.turn_text(pick) == "pick b4"
    drop = play(load({"a1": "Ig"}, "IrOy", "Lr", passes=1), "pass")
    actions = drop.parse_turn("drop O.yellow")
    assert drop.turn_text(actions) == "drop O.yellow"
    assert drop.child(actions[0]).turn == drop.turn + 1


# -- the end ----------------------------------------------------------------------------
def test_the_equalising_player_chooses_what_to_drop_and_it_can_decide() -> None:
    """Seed: 'MUST choose and discard any of their tiles until equality is achieved'."""
    state = play(load({"a1": "Ig"}, "IrOrTg", "IbOb", passes=1), "pass")
    assert state.to_move == 0
    assert texts(state) == {"drop I.red", "drop O.red", "drop T.green"}
    draw = play(state, "drop T.green")
    assert draw.outcome is not None and draw.outcome.winner is None
    loss = play(state, "drop I.red")
    assert loss.outcome is not None
    assert (loss.outcome.winner, loss.outcome.reason) == (1, "largest colour group 2 v 1")
    assert "Ir" in loss.position().split()[3]  # the dropped tile goes to the discard zone


@pytest.mark.parametrize(
    ("h0", "h1", "winner", "reason"),
    [
        ("IrOrTrLg", "IcOcTbLb", 0, "largest colour group 3 v 2"),  # 3-1 beats 2-2
        ("IrOrTgLgSbIc", "IoOoTyLyIwOw", 1, "third largest colour group 2 v 1"),
        ("IrOrTgLgSbIc", "IoOoTyLyIwSg", None, "draw: equal colour groups"),
        ("IrOo", "IcOb", None, "draw: equal colour groups"),
        ("IrOrTrLrSr", "IbObTbLbSg", 0, "largest colour group 5 v 4"),
    ],
)
def test_lexicographic_comparison_more_cases(
    h0: str, h1: str, winner: int | None, reason: str
) -> None:
    """Seed: the largest group wins, then the second largest and so on, else a draw."""
    state = load({}, h0, h1, phase="over", mover="-")
    assert state.outcome is not None
    assert (state.outcome.winner, state.outcome.reason) == (winner, reason)


def test_every_rules_decision_is_an_option_or_a_documented_named_constant() -> None:
    """The [decision]s of the rules file: Components (option tileset), the picks
    (PICK_NEIGHBOURHOOD), the dots (DOUBLE_OFFSETS); each named on the docs page."""
    from pathlib import Path

    from shoal.games.sirtet import geometry

    info = {i.name: i for i in FREE.option_infos()}
    assert info["tileset"].decision
    assert sorted(geometry.PICK_NEIGHBOURHOOD) == sorted(
        (a, b) for a in (-1, 0, 1) for b in (-1, 0, 1) if a or b
    )
    assert {s: set(o) for s, o in geometry.DOUBLE_OFFSETS.items()} == {
        s: set().union(*(STEPS[k] for k in kinds)) for s, kinds in HAND.items()
    }
    docs = (Path(__file__).parents[3] / "docs" / "games" / "sirtet.md").read_text()
    for name in ("option `tileset`", "`geometry.PICK_NEIGHBOURHOOD`", "`geometry.DOUBLE_OFFSETS`"):
        assert name in docs
