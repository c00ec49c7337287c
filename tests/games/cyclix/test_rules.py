"""Every sentence of the Cyclix rules (rules/cyclix.md and the seed text) on hand-built positions.

Boards are written rank 7 first: ``KRBN`` White, ``krbn`` Black, ``.`` an empty
tile, ``~`` a square without a tile.

Where each sentence is checked (rules file, then the seed text; the other test
files cover notation and the differential test against ``reference.py``):

* 7x7, 49 tiles, K R B N each, White first, the provisional start:
  ``test_start_...``, ``test_seed_white_moves_first_then_turns_alternate``.
* untiled squares stay on the board, pieces pass over them and land only by
  carrying: ``test_rook_lines_...``, ``test_bishop_lines_...``,
  ``test_seed_pieces_move_over_squares_without_tiles_but_do_not_land_on_them``.
* rook, bishop lines, only pieces block; knight jumps; end on an empty tile, an
  enemy, or sea with the tile: ``test_rook_...``, ``test_bishop_...``,
  ``test_knight_...``, ``test_carrying_...``, ``test_moving_to_an_empty_tile_...``.
* the Shakti king, first tile in 8 directions past sea, capture there, own piece
  blocks: ``test_king_looks_past_untiled_squares_to_the_first_tile``,
  ``test_king_stops_at_its_own_piece``; in check only adjacent tiles:
  ``test_in_check_the_king_moves_only_to_adjacent_tiles``,
  ``test_check_by_rook_bishop_knight_and_king``; never carries:
  ``test_the_king_never_carries_...``, ``test_seed_pieces_move_over_...``.
* the king's tile is removed or takes a piece from hand; re-entry optional, own
  pieces only, not after a capture nor out of check (either or both):
  ``test_reentry_...``, ``test_no_reentry_...``, ``test_seed_no_reentry_...``,
  ``test_seed_a_captured_piece_in_hand_is_re_entered_by_its_owner``.
* captured pieces to the owner's hand: ``test_capture_returns_...``.
* attacks by rook, bishop, knight and the enemy king's sight; a king may not move
  into check: ``test_check_by_...``,
  ``test_the_king_never_moves_onto_a_square_any_enemy_piece_attacks``; kings never
  see each other: ``test_two_kings_may_never_see_each_other``,
  ``test_a_position_where_the_kings_see_each_other_is_refused``.
* no move may leave the own king attacked; out of check by moving, interposing
  or capturing: ``test_a_move_must_not_leave_...``, ``test_in_check_move_out_...``.
* checkmate: ``test_checkmate_loses``, ``test_seed_checkmate_...``; a player who
  can move must, else passes: ``test_no_stalemate_...``; both forfeit
  [decision]: ``test_both_players_forfeit_...``, ``test_both_forfeits_draw_...``;
  threefold (pieces, tiles, hands, side): ``test_threefold_...``,
  ``test_repetition_needs_the_same_side_to_move``; the turn-limit option:
  ``test_the_turn_limit_option_draws_long_games``.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from shoal.analysis.perft import perft
from shoal.core import IllegalActionError, InvalidPositionError, Outcome
from shoal.games import get
from shoal.games.cyclix import START_POSITION, CyclixState, rules

from . import reference

GAME = get("cyclix")
DATA = json.loads((Path(__file__).parent / "perft.json").read_text())


def load(*ranks: str, side: str = "w", hands: str = "-") -> CyclixState:
    state = GAME.load(f"{'/'.join(ranks)} {side} {hands} - 0 0")
    assert isinstance(state, CyclixState)
    return state


def texts(state: CyclixState, prefix: str = "") -> set[str]:
    return {t for t in state.legal_texts() if t.startswith(prefix)}


def play(state: CyclixState, *moves: str) -> CyclixState:
    for move in moves:
        state = state.apply_text(move)  # type: ignore[assignment]
    return state


def board(state: CyclixState) -> str:
    return state.position().split()[0]


def agrees_with_reference(state: CyclixState) -> bool:
    return set(reference.moves(reference.from_string(state.position()))) == texts(state)


# -- board and pieces -------------------------------------------------------------------


def test_start_all_49_squares_tiled_each_side_king_rook_bishop_knight_white_first() -> None:
    """7x7 squares, all covered by tiles; K R B N each; the provisional diagram; White first."""
    state = GAME.initial()
    assert state.position() == START_POSITION
    assert state.tiles == (1 << 49) - 1
    assert board(state) == "......k/.....nb/....r../......./..R..../BN...../K......"
    assert state.to_move == 0 and state.sides() == ("white", "black")
    assert state.hand(0) == () and state.hand(1) == ()


@pytest.mark.parametrize("depth", range(len(DATA["counts"])))
def test_perft_from_the_start(depth: int) -> None:
    assert perft(GAME.load(DATA["start"]), depth) == DATA["counts"][depth]


@pytest.mark.parametrize("entry", DATA["positions"], ids=lambda entry: entry["name"])
def test_perft_of_positions_with_sea_hands_and_check(entry: dict[str, object]) -> None:
    """Perft of set-up positions (counts to depth 3 also reached by the reference)."""
    state = GAME.load(str(entry["position"]))
    counts = entry["counts"]
    assert isinstance(counts, list)
    assert [perft(state, depth) for depth in range(len(counts))] == counts


def test_reference_perft_two_from_the_start() -> None:
    start = reference.from_string(START_POSITION)
    assert sum(len(reference.moves(p)) for p in reference.moves(start).values()) == 451


# -- rook, bishop, knight ---------------------------------------------------------------


def test_rook_lines_untiled_and_empty_tiles_do_not_block_pieces_do() -> None:
    """Rook: lines as in chess; empty tiles and untiled squares do not block; pieces do."""
    state = load(
        "...n..k", "...~...", "...~...", ".B.R~.~", ".......", "...~...", "K..N...", hands="rb"
    )
    assert texts(state, "Rd4") == {
        "Rd4-d5^", "Rd4-d6^", "Rd4xd7", "Rd4-d3", "Rd4-d2^",
        "Rd4-c4", "Rd4-e4^", "Rd4-f4", "Rd4-g4^",
    }  # fmt: skip
    assert agrees_with_reference(state)


def test_bishop_lines_untiled_and_empty_tiles_do_not_block_pieces_do() -> None:
    """Bishop: diagonals as in chess, over untiled squares, stopped by pieces."""
    state = load(
        "k.....n", ".....~.", "..N.~..", "...B...", "..~.~..", ".~...r.", "K......", hands="Rb"
    )
    assert texts(state, "Bd4") == {
        "Bd4-e5^", "Bd4-f6^", "Bd4xg7", "Bd4-c3^", "Bd4-b2^", "Bd4-e3^", "Bd4xf2",
    }  # fmt: skip
    assert agrees_with_reference(state)


def test_knight_jumps_over_pieces_and_lands_on_tile_enemy_or_untiled_square() -> None:
    """Knight: jumps as in chess; ends on an empty tile, an enemy (capture), or carries."""
    state = load("......k", ".......", ".......", ".......", "..r....", "BR.~...", "KN.....",
                 hands="bn")  # fmt: skip
    assert texts(state, "N") == {"Nb1-a3", "Nb1xc3", "Nb1-d2^"}
    assert agrees_with_reference(state)


def test_carrying_takes_the_tile_along_and_the_origin_becomes_untiled() -> None:
    """R, B, N may end on an untiled square: they take their tile along."""
    state = load("......k", ".......", ".......", ".......", "..r....", "BR.~...", "KN.....",
                 hands="bn")  # fmt: skip
    after = play(state, "Nb1-d2^")
    assert board(after) == "......k/......./......./......./..r..../BR.N.../K~....."
    assert bin(after.tiles).count("1") == bin(state.tiles).count("1")


def test_moving_to_an_empty_tile_leaves_the_origin_tile_in_place() -> None:
    """A rook, bishop or knight ending on an empty tile carries nothing: all tiles stay."""
    state = play(GAME.initial(), "Nb2-c4")
    assert board(state) == "......k/.....nb/....r../..N..../..R..../B....../K......"
    assert state.tiles == (1 << 49) - 1


def test_capture_returns_the_captured_piece_to_its_owners_hand() -> None:
    """Capture: the captured piece returns to its owner's hand."""
    state = load("......k", ".......", ".......", ".......", "..r....", "BR.~...", "KN.....",
                 hands="bn")  # fmt: skip
    after = play(state, "Nb1xc3")
    assert after.hand(1) == (1, 2, 3)
    assert after.position().split()[2] == "rbn"
    assert board(after) == "......k/......./......./......./..N..../BR.~.../K......"


# -- the king ----------------------------------------------------------------------------

SIGHT = (".......", "~~~~~~~", "~~~~~n~", "..~K~~.", "~~~~~~~", ".......", "...Bk..")


def test_king_looks_past_untiled_squares_to_the_first_tile() -> None:
    """King: in each direction it looks past untiled squares to the first tile and moves
    there if empty, captures there if enemy; never onto an attacked square; with pieces in
    hand each plain move also comes with re-entry; no re-entry with a capture."""
    state = load(*SIGHT[:2], "~~~~~~~", "..~K~~n", *SIGHT[4:], hands="RNrb")
    plain = {"Kd4-d7", "Kd4-g7", "Kd4-a7", "Kd4-b4", "Kd4-b2"}
    assert texts(state, "K") == (
        plain | {t + "=R" for t in plain} | {t + "=N" for t in plain} | {"Kd4xg4"}
    )
    assert agrees_with_reference(state)


def test_king_stops_at_its_own_piece() -> None:
    """King: the first tile it sees holds its own piece in every direction: no king move."""
    state = load("~~~~~~k", "~~~~~~~", "~~~~~~~", "~~~~~~~", "~~~~~~~", "BN~~~~~", "KR~~~~~",
                 hands="rbn")  # fmt: skip
    assert texts(state, "K") == set()


def test_in_check_the_king_moves_only_to_adjacent_tiles() -> None:
    """When in check the king may only move to adjacent squares with a tile (empty or an
    enemy to capture); and re-entry is not allowed when moving out of check."""
    state = load(*SIGHT[:2], "~~b~.n~", *SIGHT[3:], hands="RNr")
    assert state.in_check
    assert texts(state) == {"Kd4-e5", "Kd4xc5"}
    assert agrees_with_reference(state)


def test_the_king_never_carries_its_tile_and_the_tile_it_leaves_is_removed() -> None:
    """When the king moves, the tile it leaves is removed (no piece in hand)."""
    state = load(*SIGHT[:2], "~~~~~~~", "..~K~~n", *SIGHT[4:], hands="RNrb")
    after = play(state, "Kd4-b4")
    assert board(after) == "......./~~~~~~~/~~~~~~~/.K~~~~n/~~~~~~~/......./...Bk.."
    assert not after.tiles >> 24 & 1  # d4 is now sea
    assert after.history == ()  # a tile is gone: no earlier position can come back


def test_reentry_puts_a_piece_from_hand_on_the_tile_the_king_left() -> None:
    """If the player has a piece in hand, it may be put on the vacated tile instead."""
    state = load("......k", ".....nb", ".......", ".......", "..R....", "~B.....", "K......",
                 hands="Nr")  # fmt: skip
    assert texts(state, "K") == {"Ka1-a3", "Ka1-a3=N"}
    after = play(state, "Ka1-a3=N")
    assert board(after) == "......k/.....nb/......./......./K.R..../~B...../N......"
    assert after.hand(0) == () and after.tiles >> 0 & 1
    assert len(after.history) == 1  # no tile removed: earlier positions still count
    plain = play(state, "Ka1-a3")
    assert board(plain) == "......k/.....nb/......./......./K.R..../~B...../~......"


def test_a_re_entered_piece_acts_at_once_and_can_give_check() -> None:
    """Re-entry puts the player's own piece from hand on the vacated tile, where it plays at
    once: the rook re-entered on a1 checks the black king on a5 along the a-file (over
    empty tiles); Black in check may only step to adjacent tiles off the file, a6 included
    in the rook's line once the king has left a5."""
    state = load(".......", ".......", "k......", ".......", ".......", ".......", "K......",
                 hands="RBNrbn")  # fmt: skip
    after = play(state, "Ka1-b1=R")
    assert board(after) == "......./......./k....../......./......./......./RK....."
    assert after.hand(0) == (2, 3) and after.in_check
    assert texts(after) == {"Ka5-b4", "Ka5-b5", "Ka5-b6"}
    assert agrees_with_reference(after)


def test_no_reentry_without_a_piece_in_hand() -> None:
    """Re-entry needs a piece of the player's own in hand (Black's rook is no use to White)."""
    state = load("......k", ".....nb", ".......", ".......", "..R....", "~BN....", "K......",
                 hands="r")  # fmt: skip
    assert texts(state, "K") == {"Ka1-a3", "Ka1-b1"}


def test_no_reentry_when_the_king_captures() -> None:
    """Re-entry is not allowed when the king's move is a capture."""
    state = load("......k", "......b", ".......", ".......", "n.R....", "~B.....", "K......",
                 hands="Nr")  # fmt: skip
    assert texts(state, "K") == {"Ka1xa3"}
    assert play(state, "Ka1xa3").hand(1) == (1, 3)


# -- check -------------------------------------------------------------------------------


def test_check_by_rook_bishop_knight_and_king() -> None:
    """A king is attacked by an enemy rook, bishop or knight as their moves reach it
    (over sea squares and empty tiles alike); in check it only steps to adjacent tiles."""
    rook = load("......k", ".......", ".......", ".......", ".......", ".......", "K~~~r..",
                hands="RBNbn")  # fmt: skip
    rook_over_tiles = load("......k", ".......", ".......", ".......", ".......", ".......",
                           "K...r..", hands="RBNbn")  # fmt: skip
    bishop = load("......k", ".......", ".......", "...b...", "..~....", ".~.....", "K......",
                  hands="RBNrn")  # fmt: skip
    knight = load("......k", ".......", ".......", ".......", ".n.....", ".......", "K......",
                  hands="RBNrb")  # fmt: skip
    assert rook.in_check and texts(rook) == {"Ka1-a2", "Ka1-b2"}
    assert rook_over_tiles.in_check and texts(rook_over_tiles) == {"Ka1-a2", "Ka1-b2"}
    assert bishop.in_check and texts(bishop) == {"Ka1-a2", "Ka1-b1"}
    assert knight.in_check and texts(knight) == {"Ka1-a2", "Ka1-b1", "Ka1-b2"}
    quiet = load("......k", ".......", ".......", ".......", ".......", "~~.....", "K~b....",
                 hands="RBNrn")  # fmt: skip
    assert not quiet.in_check  # a3 is guarded by the bishop over b2; c1 is taken
    assert texts(quiet) == {"Ka1-c3", "Ka1-c3=R", "Ka1-c3=B", "Ka1-c3=N", "Ka1xc1"}


def test_the_king_never_moves_onto_a_square_any_enemy_piece_attacks() -> None:
    """Seed: "A king may not move in check" (into check). The enemy king attacks the first
    tile it sees past sea (e5, seen from g7 over f6), the rook attacks through an empty
    tile (c3 and c4 from c1 over sea c2), the bishop over sea (c5 from e7 over d6), the
    knight by its jump (d3, e4). Left: d7 past the sea of d5 and d6, and e3."""
    state = load("R~~.b~k", "~~~~~~~", "~~.~.~~", "~~.K.~~", "~~...~~", "~~~~~n~", "N~r~~~B")
    assert not state.in_check
    assert texts(state, "K") == {"Kd4-d7", "Kd4-e3"}
    assert agrees_with_reference(state)
    # the enemy king looks past sea only: from g5 it sees e3 over f4, and e5 over f5
    moved = load("R~~.b~.", "~~~~~~~", "~~.~.~k", "~~.K.~~", "~~...~~", "~~~~~n~", "N~r~~~B")
    assert texts(moved, "K") == {"Kd4-d7"}


def test_a_position_where_the_kings_see_each_other_is_refused() -> None:
    """Two kings may never see each other: such a position cannot be loaded (the side
    that just moved would have left its king attacked)."""
    with pytest.raises(InvalidPositionError, match="attacked"):
        load("~~~~~~k", "~~~~~~~", "~~~~~~~", "~~~~~~~", "~~~~~~~", "~~~~~~~", "K~~~~~~",
             hands="RBNrbn")  # fmt: skip


def test_two_kings_may_never_see_each_other() -> None:
    """No move may make the kings see each other: not a king move to a square in sight,
    not a piece carrying away the only tile between them."""
    state = load(".......", ".......", ".~~~k..", "~..~...", "~.N....", "~~..~..", "K......",
                 hands="RBrbn")  # fmt: skip
    assert texts(state) == {"Ka1-b1", "Ka1-b1=R", "Ka1-b1=B", "Nc3-b1", "Nc3-d1", "Nc3-e4"}
    assert agrees_with_reference(state)


def test_a_move_must_not_leave_the_own_king_attacked() -> None:
    """A pinned rook may only move along the line of the attacker."""
    state = load("r.....k", ".......", ".......", ".......", "R......", ".......", "K......",
                 hands="BNbn")  # fmt: skip
    assert texts(state, "R") == {"Ra3-a2", "Ra3-a4", "Ra3-a5", "Ra3-a6", "Ra3xa7"}


def test_in_check_move_out_interpose_or_capture_the_attacker() -> None:
    """In check the player must move out, interpose a piece (carrying a tile too), or
    capture the attacker."""
    state = load("......k", ".......", ".......", ".......", ".N..R..", ".~B....", "K~..r..",
                 hands="bn")  # fmt: skip
    assert state.in_check
    assert texts(state) == {"Ka1-a2", "Nb3-c1", "Bc2-b1^", "Bc2-d1", "Re3xe1"}
    assert agrees_with_reference(state)


# -- end of the game ---------------------------------------------------------------------


def test_checkmate_loses() -> None:
    """Checkmate (in check with no legal move) loses."""
    state = load("~~~~~~k", "~~~~~~~", "~~~~.~~", "~~~~~~~", "~~~~~~~", "~~~~~~~", "K~R~~~~",
                 hands="BNrbn")  # fmt: skip
    mate = play(state, "Rc1-c7^")
    assert mate.outcome == Outcome(0, "checkmate")
    assert mate.legal_actions() == () and mate.to_move is None


def test_no_stalemate_a_player_who_cannot_move_must_pass() -> None:
    """No stalemate: a player with no legal move who is not in check forfeits the turn:
    pass is then the only legal action (and never legal otherwise)."""
    state = load("~~~~~~k", "~~~~~~~", "~~~~~~~", "~~~~~~~", "~~~~~~~", "~~~~~~~", "~KR....",
                 side="b", hands="BNrbn")  # fmt: skip
    assert not state.in_check and state.outcome is None
    assert texts(state) == {"pass"}
    after = play(state, "pass")
    assert after.to_move == 0 and after.forfeits == 1 and "pass" not in texts(after)


def test_both_players_forfeit_in_a_row_is_a_draw() -> None:
    """If both players forfeit in a row, the game is drawn [decision]."""
    state = load("~~~~~~k", "~~~~~~~", "~~~~~~~", "~~~.~~~", "~~~~~~~", "~~~~~~~", "K~~~~~~",
                 hands="RBNrbn")  # fmt: skip
    assert texts(state) == {"pass"}
    once = play(state, "pass")
    assert once.outcome is None and texts(once) == {"pass"}
    assert play(once, "pass").outcome == Outcome(None, "both players forfeit")


def test_threefold_repetition_is_a_draw() -> None:
    """Threefold repetition of the same position (pieces, tiles, hands, side) draws."""
    cycle = ("Nb2-c4", "Nf6-d5", "Nc4-b2", "Nd5-f6")
    twice = play(GAME.initial(), *cycle)
    assert twice.position().split()[0] == board(GAME.initial())
    assert twice.outcome is None and twice.repetitions() == 2
    almost = play(twice, *cycle[:3])
    assert almost.outcome is None
    third = play(almost, cycle[3])
    assert third.outcome == Outcome(None, "threefold repetition")
    expected = reference.play_out(reference.from_string(START_POSITION), list(cycle * 2))
    assert expected[-1][1] == "draw repetition" and all(r is None for _, r in expected[:-1])


def test_repetition_needs_the_same_side_to_move() -> None:
    """Threefold repetition: the side to move is part of the position."""
    state = load("~~~~~~k", "~~~~~~~", "~~~~~~~", "~~~.~~~", "~~~~~~~", "~~~~~~~", "K~~~~~~",
                 hands="RBNrbn")  # fmt: skip
    once = play(state, "pass")
    assert once.repetitions() == 1  # same board, other side to move: a new position


def test_the_turn_limit_option_draws_long_games() -> None:
    """The safety option max_turns (default 1000; the rules set no limit): a game still
    running after that many turns is drawn ("turn limit")."""
    game = get("cyclix", max_turns=2)
    state = play(game.initial(), "Nb2-c4")  # type: ignore[arg-type]
    assert state.outcome is None
    assert play(state, "Nf6-d5").outcome == Outcome(None, "turn limit")
    # a mate on the last allowed turn is still a mate
    game = get("cyclix", max_turns=42)
    before = game.load("~~~~~~k/~~~~~~~/~~~~.~~/~~~~~~~/~~~~~~~/~~~~~~~/K~R~~~~ w BNrbn - 0 41")
    assert before.apply_text("Rc1-c7^").outcome == Outcome(0, "checkmate")
    assert before.apply_text("Rc1-d1^").outcome == Outcome(None, "turn limit")
    assert get("cyclix").options.max_turns == 1000


# -- sentences of the seed text not covered above --------------------------------------


def test_seed_pieces_move_over_squares_without_tiles_but_do_not_land_on_them() -> None:
    """Seed: "Pieces may move over squares without tiles, but may not land on them" and
    "With the exception of the king, pieces may take the tile they occupy along with them
    to a square that doesn't hold a tile". The king on d4 has only sea around it: it
    flies to the first tiles (d7, g7, f2; a7 is seen by the black king) and never onto
    sea; the rook lands on sea only by carrying its tile (^)."""
    state = load(".k.....", "~~~~~~~", "~~~~~~~", "~~~K~~~", "~~~~~~~", "~~~~~.~", "R~~~~~~",
                 hands="BNrbn")  # fmt: skip
    kings = {"Kd4-d7", "Kd4-g7", "Kd4-f2"}
    assert texts(state, "K") == kings | {t + "=B" for t in kings} | {t + "=N" for t in kings}
    assert texts(state, "R") == {
        "Ra1-a2^", "Ra1-a3^", "Ra1-a4^", "Ra1-a5^", "Ra1-a6^", "Ra1-a7",
        "Ra1-b1^", "Ra1-c1^", "Ra1-d1^", "Ra1-e1^", "Ra1-f1^", "Ra1-g1^",
    }  # fmt: skip
    after = play(state, "Ra1-d1^")
    assert board(after) == ".k...../~~~~~~~/~~~~~~~/~~~K~~~/~~~~~~~/~~~~~.~/~~~R~~~"
    assert agrees_with_reference(state)


def test_seed_white_moves_first_then_turns_alternate() -> None:
    """Seed: "White moves first, then turns alternate"."""
    state = GAME.initial()
    sides = []
    for move in ("Nb2-c4", "Nf6-d5", "Nc4-b2"):
        sides.append(state.to_move)
        state = play(state, move)
    assert sides == [0, 1, 0] and state.to_move == 1 and state.turn == 3
    with pytest.raises(IllegalActionError, match="b2 holds a white piece; it is black's turn"):
        state.parse_action("Nb2-c4")


def test_seed_a_captured_piece_in_hand_is_re_entered_by_its_owner() -> None:
    """Seed: "A captured piece is removed from the board and returned to the owner, who is
    then said to have the piece 'in hand'. A piece in hand may conditionally be
    re-entered": after Nf6xd5 White's bishop is in hand and comes back on a1."""
    state = play(GAME.initial(), "Ba2-d5", "Nf6xd5")
    assert state.hand(0) == (2,) and state.hand(1) == ()
    assert texts(state, "K") == {"Ka1-a2", "Ka1-a2=B"}
    after = play(state, "Ka1-a2=B")
    assert board(after) == "......k/......b/...nr../......./..R..../KN...../B......"
    assert after.hand(0) == () and after.tiles == (1 << 49) - 1


def test_seed_no_reentry_under_either_or_both_conditions() -> None:
    """Seed: "There are two conditions under either or both of which the king may not
    re-enter a piece: if the king makes a capture; if the king moves out of check". In
    check from the knight on b3, with three pieces in hand, the king may only take b2."""
    state = load("......k", ".......", ".......", ".......", ".n.....", "~b.....", "K~.....",
                 hands="RBNr")  # fmt: skip
    assert state.in_check
    assert texts(state) == {"Ka1xb2"}
    after = play(state, "Ka1xb2")
    assert after.hand(0) == (1, 2, 3) and not after.tiles & 1  # a1 sank, nothing re-entered


def test_seed_checkmate_with_flights_seen_by_the_enemy_king() -> None:
    """Seed: "To checkmate the opponent's king" (the object). The rook checks along the
    seventh rank over sea; the black king may only step to adjacent tiles, f6 is seen by
    the white king over the sea of the f-file and g6 is guarded by the bishop."""
    state = load(".~~~~~k", "~~~~~..", "~~~~~~~", "~~~~B~~", "R~~~~~~", "~~~~~~~", "~~~~~K~",
                 hands="Nrbn")  # fmt: skip
    mate = play(state, "Ra3-a7")
    assert mate.in_check and mate.outcome == Outcome(0, "checkmate")
    unguarded = load(".~~~~~k", "~~~~~..", "~~~~~~~", "~~~~~~~", "R~~~~~~", "~~~~~~~",
                     "~~~~~K~", hands="BNrbn")  # fmt: skip
    escape = play(unguarded, "Ra3-a7")
    assert escape.outcome is None and texts(escape) == {"Kg7-g6"}


def test_threefold_repetition_counts_tiles_not_only_pieces() -> None:
    """Threefold repetition of the same position (pieces, *tiles*, hands, side to move):
    the rook carries the c5 tile away and back by another route, so the pieces stand as
    at the start but c4 is sea and c5 a tile: a new position."""
    start = load("......k", ".....nb", "..~.r..", ".......", "..R....", "BN.....", "K......")
    moves = ("Rc3-c5^", "Re5-e6", "Rc5-c4", "Re6-e7", "Rc4-c3^", "Re7-e5")
    after = play(start, *moves)
    assert board(after) == "......k/.....nb/....r../..~..../..R..../BN...../K......"
    assert after.to_move == 0 and after.history  # no tile removed: the start still counts
    assert after.repetitions() == 1


def test_both_forfeits_draw_is_the_decision_constant(monkeypatch: pytest.MonkeyPatch) -> None:
    """If both players forfeit in a row, the game is drawn [decision]: the constant
    BOTH_FORFEITS_DRAW is what the rules consult; without it, passing goes on until the
    position repeats a third time."""
    monkeypatch.setattr(rules, "BOTH_FORFEITS_DRAW", False)
    state = load("~~~~~~k", "~~~~~~~", "~~~~~~~", "~~~.~~~", "~~~~~~~", "~~~~~~~", "K~~~~~~",
                 hands="RBNrbn")  # fmt: skip
    twice = play(state, "pass", "pass")
    assert twice.outcome is None and twice.forfeits == 2
    assert play(twice, "pass", "pass").outcome == Outcome(None, "threefold repetition")
