"""Sytran rules: a test per sentence of rules/sytran.md and the seed, on hand-built positions."""

from __future__ import annotations

import itertools
import random

import pytest

from shoal.core import InvalidOptionError
from shoal.games import get
from shoal.games.sytran import SytranState
from shoal.games.sytran.geometry import geometry

from .helpers import load, names_on_rings, texts
from .reference import board_cells, cell_of, name, ring

GAME = get("sytran")


# -- Board ---------------------------------------------------------------------------------


@pytest.mark.parametrize(("base", "cells"), [(10, 271), (8, 169), (6, 91)])
def test_board_hexhex_of_base_b_has_the_documented_odd_cell_count(base: int, cells: int) -> None:
    """Board: base 10 has 271 cells, base 8 169, base 6 91: always odd."""
    game = get("sytran", base=base)
    assert game.geo.num_cells == cells == len(board_cells(base))
    assert cells % 2 == 1
    assert len(game.initial().legal_actions()) == cells


def test_ring_sizes_of_base_10_are_7_30_54_78_102() -> None:
    """Ring number = floor(d / 2) + 1; base 10: 7, 30, 54, 78, 102 cells."""
    geo = geometry(10)
    assert [geo.ring_sizes[k] for k in range(1, 6)] == [7, 30, 54, 78, 102]
    for cell in range(geo.num_cells):
        assert geo.ring[cell] == geo.distance(cell) // 2 + 1


@pytest.mark.parametrize(("base", "sizes"), [(8, [7, 30, 54, 78]), (6, [7, 30, 54])])
def test_smaller_bases_have_fewer_rings(base: int, sizes: list[int]) -> None:
    """Ring number on bases 8 and 6: the same double rings, cut at the rim."""
    geo = geometry(base)
    assert [geo.ring_sizes[k] for k in range(1, geo.num_rings + 1)] == sizes


def test_six_neighbours_per_cell_and_the_centre_is_j10() -> None:
    """Six neighbours per cell; the six neighbours of j10 are i10 k10 j9 j11 k9 i11."""
    geo = geometry(10)
    centre = geo.by_name["j10"]
    assert geo.ring[centre] == 1 and geo.distance(centre) == 0
    assert {geo.names[n] for n in geo.neighbours[centre]} == {
        "i10",
        "k10",
        "j9",
        "j11",
        "k9",
        "i11",
    }
    interior = [c for c in range(geo.num_cells) if geo.distance(c) < 9]
    assert all(len(geo.neighbours[c]) == 6 for c in interior)
    corners = [c for c in range(geo.num_cells) if len(geo.neighbours[c]) == 3]
    assert sorted(geo.names[c] for c in corners) == ["a10", "a19", "j1", "j19", "s1", "s10"]


def test_options_base_choices_and_penalty_range() -> None:
    """Options: base 10 (default), 8, 6; penalty P default 8 within 0..50."""
    assert (GAME.options.base, GAME.options.penalty) == (10, 8)
    infos = {i.name: i for i in GAME.option_infos()}
    assert infos["penalty"].decision and infos["base"].choices == (6, 8, 10)
    for bad in ({"base": 7}, {"penalty": -1}, {"penalty": 51}, {"colour": 1}):
        with pytest.raises(InvalidOptionError):
            get("sytran", **bad)


# -- Play ----------------------------------------------------------------------------------


def test_empty_board_white_moves_first_every_cell_legal_no_swap() -> None:
    """Empty board, White moves first; Black's swap is not available to White."""
    state = GAME.initial()
    assert state.to_move == 0 and state.side_name(0) == "white"
    assert texts(state) == {name(10, c) for c in board_cells(10)}
    assert "swap" not in texts(state)


def test_each_player_places_only_their_own_stones() -> None:
    """Each player places only their own stones."""
    state = GAME.initial().apply_text("j10")
    assert state.cell_colour(GAME.geo.by_name["j10"]) == 0
    state = state.apply_text("h10")
    assert state.cell_colour(GAME.geo.by_name["h10"]) == 1
    assert state.to_move == 1 and state.placed == 1


def test_each_player_has_enough_stones() -> None:
    """Seed: 'Each player has enough stones of their own colour': no supply ever runs out.

    Base 6: White already has 86 of the 91 cells and still places three more (five corners
    are free, all on ring 3); Black, with no stone yet, then fills the last two.
    """
    free = ["a6", "a11", "f11", "k6", "k1"]
    white = [name(6, c) for c in board_cells(6) if name(6, c) not in free]
    state = load(6, white=white, turn=40)
    assert texts(state) == set(free)
    for cell in free[:3]:
        assert state.turn == 40
        state = state.apply_text(cell)
    assert state.turn == 41 and texts(state) == {"k6", "k1"}
    state = state.apply_text("k6").apply_text("k1")
    # White 89 stones in one group: 81; Black two lone corners: 2 - 16
    assert state.outcome is not None and state.outcome.scores == (81.0, -14.0)


def test_one_stone_on_ring_1_ends_the_turn() -> None:
    """One stone on ring 1 ends the turn."""
    state = load(10, white=["a10"], black=["s10"], turn=2)
    after = state.apply_text("k9")
    assert after.turn == 3 and after.to_move == 1 and after.placed == 0


def _play_order(state: SytranState, order: tuple[str, ...]) -> None:
    """Plays ``order`` checking the exact legal set before each stone and the turn's end."""
    base = state.game.options.base
    geo = state.game.geo
    occupied = {geo.names[c] for c in range(geo.num_cells) if state.cell_colour(c) is not None}
    placed: list[str] = []
    smallest = 99
    turn = state.turn
    for text in order:
        assert state.turn == turn
        n = len(placed)
        expected = (
            {name(base, c) for c in board_cells(base) if n + 1 <= min(smallest, ring(c))}
            - occupied
            - set(placed)
        )
        assert texts(state) == expected, (order, text)
        state = state.apply_text(text)
        placed.append(text)
        smallest = min(smallest, ring(cell_of(base, text)))
    assert state.turn == turn + 1, f"{order}: turn not over after {len(order)} stones"
    assert len(order) == smallest


@pytest.mark.parametrize(
    "stones",
    [
        ("k9",),  # ring 1: one stone
        ("h10", "b12"),  # rings 2, 5: two stones
        ("f11", "m13", "b12"),  # rings 3, 4, 5: three stones
        ("c10", "d9", "b12", "r9"),  # rings 4, 4, 5, 5: four stones
        ("b12", "e7", "h19", "p2", "r9"),  # ring 5 only: five stones
        ("h10", "l8"),  # rings 2, 2
        ("f11", "g8", "n11"),  # rings 3, 3, 3
    ],
)
def test_count_rule_in_every_order(stones: tuple[str, ...]) -> None:
    """A turn places k stones, k = innermost ring used; order within the turn is free;
    atomic form: a stone on c is legal iff n + 1 <= min(m, ring(c))."""
    start = load(10, white=["j10"], black=["a10"], turn=2)
    for order in itertools.permutations(stones):
        _play_order(start, order)


def test_an_inner_stone_after_too_many_stones_is_illegal() -> None:
    """Count rule: after two ring-5 stones, a ring-2 stone would need k = 2: illegal."""
    state = load(10, white=["j10"], black=["a10"], turn=2)
    state = state.apply_text("b12").apply_text("e7")
    legal = texts(state)
    assert "h10" not in legal and "i11" not in legal
    assert legal == names_on_rings(10, (3, 4, 5), exclude={"b12", "e7", "a10"})
    with pytest.raises(Exception, match="ring 2: after 2 stones"):
        state.apply_text("h10")


def test_placing_is_mandatory_there_is_no_pass() -> None:
    """Placing is mandatory: the turn ends only when no further stone is legal."""
    state = load(10, white=["j10"], black=["a10"], turn=2).apply_text("b12")
    assert all(state.action_text(a) not in ("pass", "swap") for a in state.legal_actions())
    assert state.turn == 2 and state.placed == 1 and state.smallest == 5


def test_shortage_ring5_then_the_last_ring4_cell_in_the_same_turn() -> None:
    """Shortage: only a ring-5 and a ring-4 cell empty: both go down in one turn, either order."""
    geo = geometry(10)
    everything = [geo.names[c] for c in range(geo.num_cells) if geo.names[c] not in ("b12", "c10")]
    white = everything[::2]
    black = everything[1::2]
    for first, second in (("b12", "c10"), ("c10", "b12")):
        state = load(10, white=white, black=black, turn=40)
        assert texts(state) == {"b12", "c10"}
        state = state.apply_text(first)
        assert texts(state) == {second}
        assert state.turn == 40
        end = state.apply_text(second)
        assert end.outcome is not None and end.turn == 41


def test_shortage_centre_stays_empty_after_three_ring5_stones() -> None:
    """Shortage: the centre, forbidden after three ring-5 stones, stays empty for the opponent."""
    geo = geometry(10)
    free = ("j10", "b12", "e7", "h19")
    rest = [geo.names[c] for c in range(geo.num_cells) if geo.names[c] not in free]
    state = load(10, white=rest[::2], black=rest[1::2], turn=40)
    state = state.apply_text("b12")
    assert texts(state) == {"e7", "h19"}
    state = state.apply_text("h19")
    assert texts(state) == {"e7"}
    state = state.apply_text("e7")
    assert state.turn == 41 and state.to_move == 1 and state.outcome is None
    assert texts(state) == {"j10"}
    end = state.apply_text("j10")
    assert end.outcome is not None


def test_shortage_a_first_stone_on_the_centre_ends_the_turn() -> None:
    """Shortage: with the centre and rim cells free, a centre stone still ends the turn."""
    geo = geometry(10)
    free = ("j10", "b12", "e7")
    rest = [geo.names[c] for c in range(geo.num_cells) if geo.names[c] not in free]
    state = load(10, white=rest[::2], black=rest[1::2], turn=40).apply_text("j10")
    assert state.turn == 41 and texts(state) == {"b12", "e7"}


# -- Swap ----------------------------------------------------------------------------------


def test_swap_only_on_blacks_first_decision() -> None:
    """Swap: Black's first decision may be swap (only then)."""
    state = GAME.initial()
    assert "swap" not in texts(state)
    state = state.apply_text("b12")
    assert "swap" not in texts(state)  # White mid-turn
    for text in ("e7", "h19", "p2", "r9"):
        state = state.apply_text(text)
    assert state.turn == 1 and "swap" in texts(state)  # Black's first decision
    placed = state.apply_text("j10")
    assert "swap" not in texts(placed)  # Black's second turn... now White
    mid = state.apply_text("a10")
    assert mid.turn == 1 and "swap" not in texts(mid)  # Black's second decision
    with pytest.raises(Exception, match="only allowed as Black's first decision"):
        mid.apply_text("swap")
    later = mid
    while later.turn < 4:
        later = later.child(later.legal_actions()[-1])
    assert "swap" not in texts(later)


def test_swap_exchanges_colours_whites_stones_stay_first_player_plays_black_next() -> None:
    """Swap: colours exchange, White's stones stay, the first player plays Black and moves."""
    state = GAME.initial().parse_turn("b12,e7,h19,p2,r9")
    s = GAME.initial()
    for a in state:
        s = s.child(a)
    swapped = s.apply_text("swap")
    assert swapped.sides() == ("black", "white")
    assert swapped.to_move == 0 and swapped.colour_to_move == 1
    assert swapped.white == s.white and swapped.black == 0
    assert swapped.turn == 2 and "swap" not in texts(swapped)
    after = swapped.apply_text("j10")  # seat 0 places a Black stone
    assert after.cell_colour(GAME.geo.by_name["j10"]) == 1
    assert after.to_move == 1 and after.colour_to_move == 0  # seat 1 now plays White
    with pytest.raises(Exception, match="already been made"):
        after.apply_text("swap")


def test_swap_is_its_own_turn_text() -> None:
    """Notation: swap is written `swap` and is a whole turn."""
    s = GAME.initial().apply_text("j10")
    assert s.turn_text([GAME.geo.num_cells]) == "swap"
    assert s.parse_turn("swap") == [GAME.geo.num_cells]


# -- End and score ---------------------------------------------------------------------------


def _draw_board() -> tuple[list[str], list[str]]:
    """Base 6: Black ranks 5-8 plus the five left cells of rank 4 (one group, 45 stones);
    White the rest: ranks 9-11 and ranks 1-4 (two groups, 46 stones)."""
    black, white = [], []
    rank4 = sorted(c for c in board_cells(6) if c[1] + 6 == 4)
    for cell in sorted(board_cells(6)):
        if 5 <= cell[1] + 6 <= 8 or cell in rank4[:5]:
            black.append(name(6, cell))
        else:
            white.append(name(6, cell))
    return white, black


def test_score_is_stones_minus_p_per_group_with_several_groups() -> None:
    """Score: own stones - P x own groups; highest wins; scores per seat; reason."""
    white, black = _draw_board()
    assert (len(white), len(black)) == (46, 45)
    last = white[-1]
    before = load(6, white=white[:-1], black=black, turn=30)
    end = before.apply_text(last)
    outcome = end.outcome
    assert outcome is not None
    # White 46 stones in 2 groups: 46 - 16 = 30; Black 45 in 1 group: 45 - 8 = 37
    assert outcome.scores == (30.0, 37.0)
    assert outcome.winner == 1 and outcome.reason == "score 37 to 30"
    assert end.to_move is None and end.legal_actions() == ()


def test_equal_scores_draw_with_odd_penalty() -> None:
    """Score: equal scores draw (possible only with odd P: 46 - 2 = 45 - 1)."""
    white, black = _draw_board()
    end = load(6, penalty=1, white=white[:-1], black=black, turn=30).apply_text(white[-1])
    assert end.outcome is not None
    assert end.outcome.winner is None and end.outcome.scores == (44.0, 44.0)
    assert end.outcome.reason == "score 44 to 44"


def test_scores_follow_the_seats_after_a_swap() -> None:
    """Scores per seat: after a swap seat 1 owns the White stones."""
    white, black = _draw_board()
    end = load(6, white=white[:-1], black=black, seats="bw", turn=31).apply_text(white[-1])
    assert end.outcome is not None
    assert end.outcome.scores == (37.0, 30.0) and end.outcome.winner == 0


@pytest.mark.parametrize("penalty", [0, 2, 8])
def test_even_penalty_on_an_odd_board_never_draws(penalty: int) -> None:
    """Score: 'With P even and an odd cell count, no draw can happen' (random full boards)."""
    rng = random.Random(penalty)
    game = get("sytran", base=6, penalty=penalty)
    for _ in range(20):
        state = game.initial()
        while state.outcome is None:
            state = state.child(rng.choice(state.legal_actions()))
        white, black = state.outcome.scores
        assert state.outcome.winner is not None and white != black
        assert (white - black) % 2 == 1  # stone counts of opposite parity, P x groups even


def test_penalty_zero_counts_stones_only() -> None:
    """P is agreed before the game: P = 0 counts stones only."""
    white, black = _draw_board()
    end = load(6, penalty=0, white=white[:-1], black=black, turn=30).apply_text(white[-1])
    assert end.outcome is not None and end.outcome.scores == (46.0, 45.0)
    assert end.outcome.winner == 0 and end.outcome.reason == "score 46 to 45"


def test_the_game_ends_exactly_when_the_board_is_full() -> None:
    """The game ends when the board is full (and not before)."""
    white, black = _draw_board()
    before = load(6, white=white[:-1], black=black, turn=30)
    assert before.outcome is None and texts(before) == {white[-1]}
    assert before.apply_text(white[-1]).outcome is not None


def test_a_single_stone_is_a_group() -> None:
    """Seed: 'A single stone is a group' (and a group is maximal: a White ring is one group)."""
    lone = ["f6", "a6", "k6", "f1", "f11"]
    white = [name(6, c) for c in sorted(board_cells(6)) if name(6, c) not in lone]
    end = load(6, white=white[1:], black=lone, turn=30).apply_text(white[0])
    assert end.outcome is not None
    # White: 86 stones in one group (around the Black holes): 78; Black: 5 lone stones: 5 - 40
    assert end.outcome.scores == (78.0, -35.0)
    assert end.outcome.reason == "score 78 to -35"
