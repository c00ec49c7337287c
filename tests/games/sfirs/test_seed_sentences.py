"""Every sentence of the original SFIRS rules text (seeds/004), each on a hand-built position.

Each test quotes the sentence it checks in its docstring.
"""

from __future__ import annotations

import pytest

from shoal.core import IllegalActionError, InvalidPositionError
from shoal.games import get
from shoal.games.sfirs.geometry import EDGE, PLAY, START, bits, cell_name, parse_cell

from .build import GAME, kind, make, moves_from, play, texts

INITIAL = GAME.initial()


def _names(board: int) -> set[str]:
    return {cell_name(c) for c in bits(board)}


# -- the board ------------------------------------------------------------------------
def test_sfirs_is_a_game_for_two_players() -> None:
    """'SFIRS is a game for two players.'"""
    assert INITIAL.sides() == ("white", "black")
    assert INITIAL.to_move == 0
    assert play(INITIAL, "f8-f12", "stop").to_move == 1


def test_square_board_of_12_rows_and_columns() -> None:
    """'SFIRS is played on a square board with rows and columns of 12 squares each.'"""
    ranks = INITIAL.position().split()[0].split("/")
    assert len(ranks) == 12
    assert EDGE | PLAY | START == (1 << 144) - 1
    assert cell_name(0) == "a1" and cell_name(143) == "l12"


def test_board_consists_of_three_parts() -> None:
    """'The board consists of three parts: the start area, the play area, and the outer edge.'"""
    assert EDGE & PLAY == 0 and EDGE & START == 0 and PLAY & START == 0
    assert EDGE | PLAY | START == (1 << 144) - 1


def test_center_16_squares_are_the_start_area() -> None:
    """'The center 16 squares (4 by 4 squares) make up the start area.'"""
    assert _names(START) == {f + r for f in "efgh" for r in ("5", "6", "7", "8")}


def test_outer_edge_is_the_44_squares_on_the_sides() -> None:
    """'The outer edge consists of the 44 squares that are on the sides of the board.'"""
    assert len(bits(EDGE)) == 44
    assert all(n[0] in "al" or n[1:] in ("1", "12") for n in _names(EDGE))


def test_remaining_84_squares_are_the_play_area() -> None:
    """'The remaining 84 squares make up the play area.'"""
    assert len(bits(PLAY)) == 84
    assert {"b2", "k11", "d5", "i8", "e4", "e9"} <= _names(PLAY)


# -- pieces and the start ---------------------------------------------------------------
def test_each_player_has_10_cubes_white_and_black() -> None:
    """'Each player has 10 pieces (cubes). One player plays with white pieces, the other with
    black pieces.'"""
    assert len(bits(INITIAL.cubes(0))) == 10 and len(bits(INITIAL.cubes(1))) == 10
    eleven = "Wb2 Wk2 we5 wg5 wf6 wh6 we7 wg7 wf8 wh8 Wd3"
    with pytest.raises(InvalidPositionError, match="more than 10 cubes"):
        make(eleven)


def test_starting_positions_of_the_pieces() -> None:
    """'The starting positions of the pieces on the board are as follows:' (the picture)"""
    assert _names(INITIAL.cubes(0)) == {
        "e5", "g5", "f6", "h6", "e7", "g7", "f8", "h8", "b2", "k2",
    }  # fmt: skip
    assert _names(INITIAL.cubes(1)) == {
        "f5", "h5", "e6", "g6", "f7", "h7", "e8", "g8", "b11", "k11",
    }  # fmt: skip


def test_start_area_filled_16_cubes_8_each_alternating() -> None:
    """'The start area is completely filled with pieces; 16 in total, 8 pieces from each
    player. The player's pieces are placed in alternating fashion.'"""
    white, black = INITIAL.cubes(0) & START, INITIAL.cubes(1) & START
    assert white | black == START
    assert len(bits(white)) == len(bits(black)) == 8
    for c in bits(START):
        for d in bits(START):
            if abs(c - d) in (1, 12) and (c % 12 == d % 12 or c // 12 == d // 12):
                assert (white >> c & 1) != (white >> d & 1), (cell_name(c), cell_name(d))


def test_corner_cubes_two_each_same_colour_same_side() -> None:
    """'There are also pieces in each corner of the play area; 4 in total, 2 pieces from each
    player. These pieces are positioned so that 2 pieces of the same color are on the same side
    of the board.'"""
    corners = {"b2": 0, "k2": 0, "b11": 1, "k11": 1}
    for name, colour in corners.items():
        assert INITIAL.cube_at(parse_cell(name)) == (colour, "active")
    assert (INITIAL.cubes(0) | INITIAL.cubes(1)) & PLAY == sum(1 << parse_cell(n) for n in corners)


def test_players_decide_colours_and_who_starts() -> None:
    """'Players themselves decide who plays with which color and who gets to start.'"""
    black_first = get("sfirs", first="black").initial()
    assert black_first.sides() == ("black", "white")
    assert black_first.colour == 1 and black_first.to_move == 0
    assert {t.split("-")[0] for t in texts(black_first)} == {"f5", "h5", "e6", "h7", "e8", "g8"}


def test_players_alternate_moving_one_piece_at_a_time() -> None:
    """'Next, the players alternate moving one piece at a time.'"""
    state = play(INITIAL, "e5-c5")  # ends active: the turn passes
    assert (state.to_move, state.turn, state.colour) == (1, 1, 1)
    state = play(state, "e8-c8")
    assert (state.to_move, state.turn, state.colour) == (0, 2, 0)


# -- the first move -----------------------------------------------------------------------
def test_first_move_of_any_player_is_with_a_start_area_cube() -> None:
    """'The First move of any player is always with a piece that is inside the start area.'"""
    origins = {t.split("-")[0] for t in texts(INITIAL)}
    assert origins <= _names(START)
    black = play(INITIAL, "e5-c5")
    assert {t.split("-")[0] for t in texts(black)} <= _names(START)
    # a hand-built position: White's first move is still to come, b2 may not move
    state = make("Wb2 we5 Bk11", first="w")
    assert texts(state) == {
        "e5-c5", "e5-b5", "e5-a5", "e5-e3", "e5-e2", "e5-e1", "e5-e12", "e5-l5",
    }  # fmt: skip
    with pytest.raises(IllegalActionError, match="first move is with a cube from the start"):
        state.apply_text("b2-b4")


def test_start_cube_may_move_to_the_play_area_or_the_outer_edge() -> None:
    """'Such a piece may be moved to the play area or to the outer edge.'"""
    assert moves_from(INITIAL, "e5") == {"e5-c5", "e5-b5", "e5-a5", "e5-e3", "e5-e2", "e5-e1"}
    assert moves_from(INITIAL, "f8") == {"f8-f10", "f8-f11", "f8-f12"}
    assert kind(play(INITIAL, "e5-c5"), "c5") == "active"
    assert kind(play(INITIAL, "e5-a5"), "a5") == "inactive"


def test_pieces_may_not_pass_over_one_another_first_move() -> None:
    """'Pieces may not pass over one another.' (first occurrence, about the first move)"""
    assert moves_from(INITIAL, "f6") == set()  # boxed in by e6, g6, f5, f7
    assert moves_from(INITIAL, "g5") == {"g5-g3", "g5-g2", "g5-g1"}


def test_first_move_is_with_a_cube_on_the_outside_of_the_start_area() -> None:
    """'The first move will therefore always be with a piece that is on the outside of the
    start area.'"""
    origins = {t.split("-")[0] for t in texts(INITIAL)}
    assert origins == {"e5", "g5", "h6", "e7", "f8", "h8"}
    assert not origins & {"f6", "g6", "f7", "g7"}
    assert len(texts(INITIAL)) == 24


# -- active and inactive ------------------------------------------------------------------
def test_move_ending_in_play_area_with_empty_surroundings_makes_the_cube_active() -> None:
    """'If a move ends on a square that is part of the play area of which the adjacent squares
    are empty, then the piece has to be made active.'"""
    state = make("Wd4 bh4 bd8 Bk11")
    after = play(state, "d4-f4")
    assert kind(after, "f4") == "active" and after.colour == 1


def test_an_active_piece_is_placed_at_45_degrees() -> None:
    """'An active piece must be placed at a 45 degree angle on a square on the board.'"""
    state = make("Wd4 wa4 Bk11")
    svg = GAME.render_svg(state)
    assert svg.count("rotate(45") == 2  # d4 and k11
    assert 'class="cube w inactive"' in svg and 'class="cube w active"' in svg
    assert "W" in GAME.render_text(state).splitlines()[9]  # rank 4: the active cube upper case


def test_active_pieces_may_be_moved_inactive_may_not() -> None:
    """'Active pieces may be moved; inactive pieces may not be moved.'"""
    state = make("Wd4 wd8 wh4 Bk11")
    assert {t.split("-")[0] for t in texts(state)} == {"d4"}
    with pytest.raises(IllegalActionError, match="the cube on d8 is inactive"):
        state.apply_text("d8-d10")


def test_active_and_inactive_do_not_apply_in_the_start_area() -> None:
    """'The terms inactive and active do not apply to pieces that are in the start area of the
    board.'"""
    assert kind(INITIAL, "e5") == "start"
    with pytest.raises(InvalidPositionError, match="start area"):
        make("We5 Wk2")


def test_start_area_cubes_move_although_not_turned() -> None:
    """'Despite the fact that pieces in the start area are not at 45 degree angles, they may
    still be moved to the play area or to the outer edge or the board.'"""
    state = make("we5 Wk2 Bk11")
    assert moves_from(state, "e5") == {
        "e5-c5", "e5-b5", "e5-a5", "e5-e3", "e5-e2", "e5-e1", "e5-e12", "e5-l5",
    }  # fmt: skip


def test_start_cube_moves_even_next_to_inactive_play_area_cubes() -> None:
    """'Pieces in the start area may even be moved if there are one or more inactive pieces in
    adjacent squares of the play area.'"""
    state = make("we5 bd4 bd5 Wk2 Bk11")
    # d5 blocks the way left; down, e4 is the first square, e3 ends next to d4 (inactive)
    assert moves_from(state, "e5") == {"e5-e3", "e5-e2", "e5-e1", "e5-e12", "e5-l5"}
    assert kind(play(state, "e5-e3"), "e3") == "inactive"


# -- how pieces move -------------------------------------------------------------------
def test_pieces_only_move_horizontally_or_vertically() -> None:
    """'Pieces may only be moved horizontally or vertically.'"""
    state = make("Wd4 bh4 bd8 Bk11")
    assert moves_from(state, "d4") == {
        "d4-b4", "d4-a4", "d4-f4", "d4-g4", "d4-d6", "d4-d7", "d4-d2", "d4-d1",
    }  # fmt: skip
    with pytest.raises(IllegalActionError, match="only along a rank or a file"):
        state.apply_text("d4-f6")


def test_pieces_always_move_at_least_2_squares() -> None:
    """'Pieces must always be moved at least 2 squares.'"""
    state = make("Wd4 bh4 bd8 Bk11")
    assert not {"d4-c4", "d4-e4", "d4-d5", "d4-d3"} & texts(state)
    with pytest.raises(IllegalActionError, match="at least 2 squares"):
        state.apply_text("d4-e4")


def test_pieces_may_not_pass_over_one_another() -> None:
    """'Pieces may not pass over one another.'"""
    state = make("Wd4 bh4 bd8 Bk11")
    assert not {"d4-i4", "d4-l4", "d4-d9", "d4-d12"} & texts(state)
    with pytest.raises(IllegalActionError, match="the cube on h4 is in the way"):
        state.apply_text("d4-j4")


def test_no_move_from_the_play_area_into_the_start_area() -> None:
    """'Pieces may not be moved from the play area to the start area.'"""
    state = make("Wd6 Bk11")
    assert not {m for m in moves_from(state, "d6") if m[3] in "efgh" and m[4:] == "6"}
    with pytest.raises(IllegalActionError, match="may not move into the start area"):
        state.apply_text("d6-f6")


def test_no_move_within_the_start_area() -> None:
    """'Moving within the start area is also not allowed.'"""
    state = make("we5 Wk2 Bk11")
    assert not {"e5-g5", "e5-h5", "e5-e7", "e5-e8"} & texts(state)
    with pytest.raises(IllegalActionError, match="from one start-area square to another"):
        state.apply_text("e5-g5")


def test_leaving_the_start_area_may_not_end_next_to_or_pass_active_cubes() -> None:
    """'When moving a piece from the start area to the play area or to the outer edge,
    stopping next to or passing other active pieces is not allowed.'"""
    # Black's active c4 is next to d5, the first square on the way left: no move left
    state = make("we5 Bc4 Wk2 Bk11")
    assert moves_from(state, "e5") == {"e5-e3", "e5-e2", "e5-e1", "e5-e12", "e5-l5"}
    with pytest.raises(IllegalActionError, match="may not pass or end next to the active cube"):
        state.apply_text("e5-c5")
    # an active cube of one's own counts too; f3 is passed going down (next to e4 and e2)
    state = make("we5 Wf3 Bk11")
    assert moves_from(state, "e5") == {"e5-c5", "e5-b5", "e5-a5", "e5-e12", "e5-l5"}


def test_cube_leaving_the_start_area_may_end_inactive_on_edge_or_by_inactive_cubes() -> None:
    """'The piece that is moved may however be made inactive by placing it in the outer edge or
    next to one or more already inactive pieces.'"""
    state = make("we5 bc4 Wk2 Bk11")
    assert moves_from(state, "e5") == {
        "e5-c5", "e5-b5", "e5-a5", "e5-e3", "e5-e2", "e5-e1", "e5-e12", "e5-l5",
    }  # fmt: skip
    for move, cell in (("e5-c5", "c5"), ("e5-b5", "b5"), ("e5-a5", "a5")):
        after = play(state, move)
        assert kind(after, cell) == "inactive" and kind(after, "c4") == "inactive"


def test_ending_next_to_or_passing_active_cubes_makes_them_inactive() -> None:
    """'If a move ends next to one or more active pieces, or if these are passed, these pieces
    must be made inactive.'"""
    # passing: f3 is next to e2, f2 and g2 on the way d2-h2
    after = play(make("Wd2 Bf3 Bk11"), "d2-h2")
    assert kind(after, "f3") == "inactive" and kind(after, "h2") == "active"
    # ending next to (diagonally): h3
    after = play(make("Wd2 Bh3 Bk11"), "d2-g2")
    assert kind(after, "h3") == "inactive" and kind(after, "g2") == "inactive"
    # a cube next to the square the mover left only is not passed
    after = play(make("Wd2 Bc3 Bk11"), "d2-g2")
    assert kind(after, "c3") == "active"


def test_move_may_not_end_next_to_an_active_cube_in_the_same_row_or_column() -> None:
    """'A move may not end on a square next to another active piece that is in the same row or
    column as the piece that is being moved.'"""
    state = make("Wd2 Bh2 Bk11")
    assert moves_from(state, "d2") == {
        "d2-a2", "d2-b2", "d2-f2", *(f"d2-d{rank}" for rank in range(4, 13)),
    }  # fmt: skip
    with pytest.raises(IllegalActionError, match="in line next to the active cube on h2"):
        state.apply_text("d2-g2")
    state = make("Wd2 Bg3 Bk11")  # in the column of the square where it would end
    # f2 and h2 end diagonally next to g3: allowed; g2 is banned, later squares pass g3
    assert moves_from(state, "d2") == {
        "d2-a2", "d2-b2", "d2-f2", "d2-h2", "d2-i2", "d2-j2", "d2-k2", "d2-l2",
        *(f"d2-d{rank}" for rank in range(4, 13)),
    }  # fmt: skip
    # an inactive cube in line is no obstacle
    assert "d2-g2" in texts(make("Wd2 bh2 Bk11"))


def test_ending_next_to_other_pieces_makes_the_moved_cube_inactive() -> None:
    """'If a player places his/her piece next to one or more other pieces at the end of a move,
    the player has to make the piece inactive.'"""
    assert kind(play(make("Wd4 bh4 bd8 Bk11"), "d4-g4"), "g4") == "inactive"
    # next to a start-area cube counts too
    assert kind(play(make("Wd2 be5 Bk11"), "d2-d4"), "d4") == "inactive"


def test_ending_on_the_outer_edge_makes_the_moved_cube_inactive() -> None:
    """'If a player places his/her piece on the outer edge of the board, the player has to make
    the piece inactive.'"""
    after = play(make("Wd4 Bk11"), "d4-a4")
    assert kind(after, "a4") == "inactive"
    assert after.colour == 1  # no follow-up possible: the turn is over, no stop offered


# -- chains -------------------------------------------------------------------------
def test_made_inactive_allows_one_of_three_actions_immediately() -> None:
    """'If a player has to make his/her piece inactive at the end of a move, the player is
    allowed to immediately afterwards perform one of the three actions listed below:'"""
    state = play(make("Wc3 Wj10 Bk11"), "c3-a3")
    assert state.in_chain and state.colour == 0 and state.turn == 0
    assert texts(state) == moves_from(state, "j10") | {"stop"}
    assert play(state, "stop").colour == 1


def test_follow_up_1_another_start_area_cube() -> None:
    """'1. If the player has one or more other pieces in the start area, one of these may be
    moved.'"""
    state = play(make("we5 wh8 Wk2 Bk11"), "e5-a5")
    assert state.in_chain
    assert moves_from(state, "h8") == {
        "h8-j8", "h8-k8", "h8-l8", "h8-h10", "h8-h11", "h8-h12", "h8-a8", "h8-h1",
    }  # fmt: skip


def test_follow_up_2_another_active_cube_and_chain_again() -> None:
    """'2. If the player has one or more other active pieces, one of these may be moved. If
    this piece also has to be made inactive at the end of the move, then the player is again
    allowed to perform one of the three actions from this list.'"""
    start = make("Wc3 Wj10 Wi3 Bb11")
    state = play(start, "c3-a3")
    assert state.in_chain and "j10-j12" in texts(state)
    state = play(state, "j10-j12")
    assert state.in_chain and state.turn == 0
    assert texts(state) == moves_from(state, "i3") | {"stop"}
    state = play(state, "i3-i1")  # inactive again, but nothing left to follow up with
    assert not state.in_chain and state.colour == 1 and state.turn == 1
    # a follow-up that ends active ends the turn
    assert play(start, "c3-a3", "j10-j8").colour == 1


def test_follow_up_3_revive_an_inactive_cube_not_on_edge_nor_next_to_inactive() -> None:
    """'3. If the player has one or more other inactive pieces, one of these may be revived
    (made active again). Only pieces that are not in the outer edge or next to one or more
    other inactive pieces can be revived.'"""
    state = play(make("Wd2 wf10 wa7 wc8 wc9 bj6 be5 Bk11"), "d2-d4")
    assert state.in_chain and kind(state, "d4") == "inactive"
    # d4 was just moved, a7 is on the edge, c8 and c9 are next to each other, j6 is Black's
    assert texts(state) == {"+f10", "stop"}
    for cell, why in (
        ("d4", "has just been moved"),
        ("a7", "on the outer edge"),
        ("c8", "next to the inactive cube on c9"),
        ("j6", "no White cube on j6"),
    ):
        with pytest.raises(IllegalActionError, match=why):
            state.apply_text("+" + cell)
    after = play(state, "+f10")
    assert kind(after, "f10") == "active" and after.colour == 1 and after.turn == 1


def test_crossing_the_start_area_only_to_make_a_cube_inactive() -> None:
    """'Crossing the start area is not allowed unless it is necessary to make the piece that is
    being moved inactive, and/or to make one or more other pieces inactive.'"""
    right = {"c6-i6", "c6-j6", "c6-k6", "c6-l6"}
    file_c = {f"c6-c{rank}" for rank in (1, 2, 3, 4, 8, 9, 10, 11, 12)}
    plain = make("Wc6 Bk11")
    # across e6..h6 only l6 (the edge) makes the cube inactive
    assert moves_from(plain, "c6") == {"c6-a6", "c6-l6"} | file_c
    with pytest.raises(IllegalActionError, match="crosses the start area"):
        plain.apply_text("c6-j6")
    # passing Black's active d7 (next to d6 and e6) makes another cube inactive
    passing = make("Wc6 Bd7 Bk11")
    assert moves_from(passing, "c6") == {"c6-a6"} | right | file_c
    after = play(passing, "c6-j6")
    assert kind(after, "d7") == "inactive" and kind(after, "j6") == "active"
    # a cube leaving the start area crosses other empty start squares the same way
    assert moves_from(make("wf7 Wk2 Bk11"), "f7") == {"f7-a7", "f7-l7", "f7-f12", "f7-f1"}


# -- the end --------------------------------------------------------------------------
def test_winner_is_the_last_player_to_move_a_cube_already_in_the_play_area() -> None:
    """'The player that wins (after each player has made at least one move) is the last player
    that has been able to move a piece that was already inside the play area.'"""
    state = make("Wd4 be5 Bk11", side="w")
    state = play(state, "d4-a4")  # White moves a play-area cube; a4 ends inactive
    assert state.last_play_mover == 0 and state.colour == 1
    state = play(state, "e5-c5")  # Black only brings a cube out of the start area
    assert state.outcome is not None  # White cannot move
    assert state.outcome.winner == 0 and state.outcome.reason == "no legal action"
    # had Black moved k11, Black would be the last play-area mover and win
    state = play(make("Wd4 be5 Bk11"), "d4-a4", "k11-k9")
    assert state.outcome is not None and state.outcome.winner == 1


def test_no_start_area_move_without_an_active_movable_cube_at_turn_start() -> None:
    """'A player is not allowed to move a piece from the start area to the play area or to the
    outer edge if he/she does not have at least one active and movable piece in the play area
    at the beginning of his/her turn.'"""
    # no active cube at all: e5 may not move, so White has no action and the game ends
    state = make("we5 wa7 Bk11", last="b")
    assert state.legal_actions() == ()
    assert state.outcome is not None and state.outcome.winner == 1
    # an active cube that cannot move (b2 boxed in by c2 and b3) does not count
    state = make("Wb2 bc2 bb3 we5 Bk11", last="b")
    assert state.legal_actions() == () and state.outcome is not None
    # with a movable active cube, e5 may move
    assert moves_from(make("Wb2 bc2 we5 Bk11"), "e5")
    # the check is made at the beginning of the turn: after c3 (White's only active cube)
    # ends inactive, e5 may still leave the start area as a follow-up
    state = play(make("Wc3 we5 Bk11"), "c3-a3")
    assert state.in_chain and "e5-c5" in texts(state)
    with pytest.raises(IllegalActionError, match="at the start of the turn"):
        make("we5 wa3 Wc10 Bk11", chain="a3,nostart").apply_text("e5-c5")
