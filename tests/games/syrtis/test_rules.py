"""Syrtis rules, one test (or a few) per sentence of rules/syrtis.md and the seed text.

Each test names the sentence it checks in its docstring; positions are hand-built
with position strings (minor boards mostly, rank 4 on the left of the board field).
"""

from __future__ import annotations

import random

import pytest

from shoal.core import IllegalActionError, InvalidPositionError
from shoal.games import get
from shoal.games.syrtis.rules import SWAP_LIMIT, TURN_LIMIT

from .helpers import MAJOR, MINOR, after, legal, load, play

# A 4x4 board with no complete island: Light towers on b3 (light square) and c2 (light
# circle), Dark towers on d4 (dark square) and a1 (light square).
MOVES = "ssCSD/SsLcC/CccLS/sDSsc"


# -- components and variants ---------------------------------------------------------------
@pytest.mark.parametrize(("game", "cells", "each"), [(MAJOR, 36, 9), (MINOR, 16, 4)])
def test_variants_major_36_tiles_9_each_minor_16_tiles_4_each(game, cells, each) -> None:  # type: ignore[no-untyped-def]
    """Variant major: 36 tiles, 9 of each type, 6x6; minor: 16 tiles, 4 of each, 4x4."""
    for seed in range(20):
        s = game.initial(seed)
        assert s.tiles.bit_count() == cells
        light, circle, tiles = s.light, s.circle, s.tiles
        counts = [
            (light & circle).bit_count(),
            (light & ~circle).bit_count(),
            (tiles & ~light & circle).bit_count(),
            (tiles & ~light & ~circle).bit_count(),
        ]
        assert counts == [each] * 4


def test_default_variant_is_major_and_pairing_is_point() -> None:
    """Variant `major` (default); `pairing = "point"` (default)."""
    game = get("syrtis")
    assert game.options.variant == "major" and game.options.pairing == "point"
    assert game.geo.names[-1] == "f6" and MINOR.geo.names[-1] == "d4"


def test_tile_letters_four_types() -> None:
    """Tiles have a colour and a shape: c light circle, s light square, C dark circle, S."""
    s = play("cSsC/ScLCDs/sLCcSD/CsSc")
    geo = s.geo
    a4, b4, c4, d4 = (1 << geo.cell(n) for n in ("a4", "b4", "c4", "d4"))
    assert s.light & a4 and s.circle & a4
    assert not s.light & b4 and not s.circle & b4
    assert s.light & c4 and not s.circle & c4
    assert not s.light & d4 and s.circle & d4


def test_four_towers_two_light_two_dark() -> None:
    """Four towers: two Light (round), two Dark (square)."""
    s = play(MOVES)
    assert s.towers[0].bit_count() == 2 and s.towers[1].bit_count() == 2


def test_light_owns_light_and_circle_dark_owns_dark_and_square() -> None:
    """Light owns the colour light and the shape circle; Dark owns dark and square."""
    s = load("ScCs/cSsC/sCcS/CsSc place - 0 - 0,0 3")
    texts = legal(s)
    # every tile but the dark squares a4 b3 d2 c1 takes a Light tower
    assert {t[2:] for t in texts if t.startswith("L@")} == {
        "b4", "c4", "d4", "a3", "c3", "d3", "a2", "b2", "c2", "a1", "b1", "d1",
    }  # fmt: skip
    # every tile but the light circles b4 a3 c2 d1 takes a Dark tower
    assert {t[2:] for t in texts if t.startswith("D@")} == {
        "a4", "c4", "d4", "b3", "c3", "d3", "a2", "b2", "d2", "a1", "b1", "c1",
    }  # fmt: skip


def test_coordinates_never_renumber_after_a_sink() -> None:
    """Tiles stay on integer grid cells; sinking empties a cell; coordinates never renumber."""
    s = after(play(MOVES), "xd2")
    assert s.position().split()[0] == "ssCSD/SsLcC/CccL./sDSsc"
    assert "d2" not in {t[1:] for t in legal(s) if t.startswith("x")}
    assert "a1-b1" in legal(s)  # Dark's tower still named by the same cells


def test_sliding_moves_a_tile_to_another_cell() -> None:
    """Sliding moves a tile to another cell (the tower rides along)."""
    s = after(play("....../....../.sCSD../.cL.c../.SDCsL../......"), "b3>c3")
    assert s.position().split()[0] == "....../....../.sCSD../..cLc../.SDCsL../......"


# -- set-up -------------------------------------------------------------------------------
@pytest.mark.parametrize("pairing", ["point", "mirror"])
@pytest.mark.parametrize("variant", ["major", "minor"])
def test_pairing_and_draw_pairs_hold_opposite_tiles(variant: str, pairing: str) -> None:
    """Pairing point: (c, r) <-> (N-1-c, N-1-r); mirror: (c, r) <-> (c, N-1-r). The partner
    of each odd cell gets a tile of the opposite colour AND opposite shape."""
    game = get("syrtis", variant=variant, pairing=pairing)
    n = game.geo.n
    for seed in range(10):
        s = game.initial(seed)
        for cell in range(n * n):
            f, r = cell % n, cell // n
            mate = (n - 1 - r) * n + (n - 1 - f) if pairing == "point" else (n - 1 - r) * n + f
            assert game.partner[cell] == mate
            assert (s.light >> cell & 1) != (s.light >> mate & 1)
            assert (s.circle >> cell & 1) != (s.circle >> mate & 1)


def test_draw_uses_the_seeded_generator() -> None:
    """Drawing uses the game's seeded generator: same seed, same board; seeds differ."""
    assert MAJOR.initial(5) == MAJOR.initial(5)
    assert len({MAJOR.initial(seed).position() for seed in range(10)}) == 10
    rng = random.Random(0)
    pile = [(1, 1)] * 9 + [(1, 0)] * 9 + [(0, 1)] * 9 + [(0, 0)] * 9
    rng.shuffle(pile)  # mixed face down; the first tile drawn goes to a1
    odd = pile[-1]
    a1 = 1 << MAJOR.geo.cell("a1")
    assert (bool(MAJOR.initial(0).light & a1), bool(MAJOR.initial(0).circle & a1)) == (
        bool(odd[0]),
        bool(odd[1]),
    )


def test_draw_never_fails_for_many_seeds() -> None:
    """The counts guarantee a tile of the opposite type exists (seed: no stuck draw)."""
    for seed in range(300):
        assert MINOR.initial(seed).tiles == MINOR.geo.full


# A minor board whose light tiles (ranks 3-4) and dark tiles (ranks 1-2) are connected.
CONNECTED = "cscs/scsc/SCSC/CSCS swap - 0 - 0,0 0"


def test_pair_switching_offers_every_pair_to_seat_0() -> None:
    """Pair switching: while a colour or shape is fully connected, seat 0 must switch the
    two tiles of a pair (one action per switch; a pair named by its first cell)."""
    s = load(CONNECTED)
    assert s.to_move == 0 and s.sides() == ("setup", "chooser")
    assert legal(s) == {f"swap {c}" for c in ("a1", "b1", "c1", "d1", "a2", "b2", "c2", "d2")}


def test_pair_switching_repeats_until_nothing_is_connected() -> None:
    """... repeatedly, until no colour and no shape is fully connected."""
    s = after(load(CONNECTED), "swap a2")
    assert s.position() == "cscs/scsS/cCSC/CSCS swap - 0 - 0,0 1"
    assert after(s, "swap a1").phase == 0  # dark is still one group
    assert after(s, "swap a2").position() == "cscs/scsc/SCSC/CSCS swap - 0 - 0,0 2"
    s = after(s, "swap b1")
    assert s.position() == "csSs/scsS/cCSC/CcCS place - 0 - 0,0 2"


def test_pair_switch_exchanges_the_two_tiles() -> None:
    """Switch the two tiles of a pair: a1 and its point partner d4 trade tiles."""
    s = after(load(CONNECTED), "swap a1")
    assert s.position() == "cscC/scsc/SCSC/sSCS place - 0 - 0,0 1"


def test_towers_only_after_pair_switching() -> None:
    """Only then may towers be placed."""
    s = load(CONNECTED)
    with pytest.raises(IllegalActionError, match="after the pair switching"):
        s.apply_text("L@a4")


def test_no_switching_when_nothing_is_connected() -> None:
    """Switching happens only if a colour or shape is fully connected on the drawn board."""
    for seed in range(40):
        s = MINOR.initial(seed)
        geo = s.geo
        whole = any(
            geo.connected(b) for b in (s.light, s.tiles & ~s.light, s.circle, s.tiles & ~s.circle)
        )
        assert (s.phase == 0) == whole
        assert all(t.startswith("swap") for t in legal(s)) == whole


def test_swap_limit_ends_switching() -> None:
    """Guard: after SWAP_LIMIT switches the set-up goes on to the towers."""
    assert SWAP_LIMIT == 100
    s = load("cscs/scsc/SCSC/CSCS swap - 0 - 0,0 99")
    s = after(s, "swap a2")  # still connected, but the limit is reached
    assert s.phase == 1


def test_towers_placed_by_seat_0_one_per_action() -> None:
    """Seat 0 places the four towers, one action each, on an unoccupied tile of the tower's
    own colour or own shape (a Light tower on a light tile or a circle tile)."""
    s = load("ScCs/cSsC/sCcS/CsSc place - 0 - 0,0 0")
    s = after(s, "L@b4", "L@c4", "D@a4")
    assert s.to_move == 0 and s.turn == 3
    texts = legal(s)
    assert not any(t.startswith("L@") for t in texts)  # both Light towers placed
    assert {t for t in texts if t.startswith("D@")} == {
        "D@" + c for c in ("d4", "b3", "c3", "d3", "a2", "b2", "d2", "a1", "b1", "c1")
    }  # c4 is taken; b4 a3 c2 d1 are light circles
    s = after(s, "D@d4")
    assert s.to_move == 1 and legal(s) == {"light", "dark"}


def test_side_choice_light_moves_first() -> None:
    """Seat 1 chooses Light or Dark. Light moves first (the chooser may move twice in a
    row: the turn counter, not the seat, marks turns)."""
    base = load("SDcLCs/cLSDsC/sCcS/CsSc choose - 1 - 0,0 4")
    light = after(base, "light")
    assert light.sides() == ("dark", "light") and light.to_move == 1 and light.turn == 5
    dark = after(base, "dark")
    assert dark.sides() == ("light", "dark") and dark.to_move == 0 and dark.turn == 5


def test_full_setup_from_a_seed() -> None:
    """Draw, switches, four placements, the side choice: each decision is one turn."""
    s = MINOR.initial(0)
    rng = random.Random(1)
    turns = 0
    while s.phase != 3:
        s = s.child(rng.choice(s.legal_actions()))
        turns += 1
        assert s.turn == turns
    assert s.towers[0].bit_count() == 2 and s.towers[1].bit_count() == 2


# -- a turn: move a tower --------------------------------------------------------------------
def test_tower_moves_within_own_colour_or_shape_island() -> None:
    """Move a tower: one of your towers to any unoccupied tile of the island it stands in,
    taken in your colour or your shape (light square: the light island; light circle:
    either)."""
    moves = {t for t in legal(play(MOVES)) if "-" in t}
    b3 = {"b3-a4", "b3-b4", "b3-c3", "b3-b2", "b3-c1", "b3-d1"}  # light island only
    c2 = {"c2-" + c for c in ("a4", "b4", "c3", "b2", "c1", "d1", "c4", "d3", "a2")}
    assert moves == b3 | c2


def test_dark_tower_on_dark_square_and_light_square() -> None:
    """Dark's tower on a light square tile moves through the square island; on a dark
    square tile through either its dark or its square island."""
    moves = {t for t in legal(play(MOVES, mover=1)) if "-" in t}
    assert moves == {"a1-b1", "a1-c1", "d4-c4", "d4-d3", "d4-d2"}


def test_dark_circle_tile_gives_the_circle_island() -> None:
    """On a dark circle tile a Light tower moves through the circle island only (not to
    the light square a2 next to it; b3 is taken by the other Light tower)."""
    s = play("cSsC/ScLCs/sCLcSD/CDsSc")
    moves = {t for t in legal(s) if "-" in t and t.startswith("b2")}
    assert moves == {"b2-c2", "b2-c3"}


def test_other_towers_do_not_block_the_way() -> None:
    """Other towers do not block the way; only the destination must be unoccupied."""
    # c3 holds Dark's tower between b3 and d3 in the circle island b3-c3-d3-d4-c4
    s = play("SsCc/ScLCDc/CSsSD/cLsCc")
    assert {t for t in legal(s) if t.startswith("b3-")} == {"b3-b4", "b3-c4", "b3-d3", "b3-d4"}
    s = play("SDsCc/ScLCDcL/CSsS/csCc")  # now d3 holds a tower too: d4 is still reached
    assert {t for t in legal(s) if t.startswith("b3-")} == {"b3-b4", "b3-c4", "b3-d4"}
    with pytest.raises(IllegalActionError, match="d3 is occupied"):
        s.apply_text("b3-d3")


# -- a turn: sink a tile -------------------------------------------------------------------
SINKS = "s.C./SDcLCs/sCcSD/CscL."


def test_sink_needs_orthogonal_adjacency_no_tower_and_an_open_edge() -> None:
    """Sink a tile: (1) orthogonally adjacent to a tile carrying one of your towers,
    (2) carries no tower, (3) has an open edge. Here a4 and c4 touch b3 only at a corner,
    a3 carries Dark's tower, c3 and b2 have no open edge, so only b1 sinks."""
    assert {t for t in legal(play(SINKS)) if t.startswith("x")} == {"xb1"}


def test_board_edge_counts_as_open() -> None:
    """An open edge: an edge neighbour cell with no tile (off the grid counts: the full
    start board can be sunk from its rim)."""
    assert {t for t in legal(play(MOVES)) if t.startswith("x")} == {"xa3", "xb4", "xc1", "xd2"}


def test_sink_any_colour_or_shape() -> None:
    """Any colour or shape may be sunk: Light sinks dark and light tiles alike."""
    texts = legal(play(MOVES))
    assert {"xa3", "xd2"} <= texts  # dark squares
    assert {"xb4", "xc1"} <= texts  # light squares


def test_sink_must_keep_the_tiles_connected() -> None:
    """After every turn all tiles form one group: sinking a3 would cut a4 and b4 off."""
    s = play("cLs../S.../CcSDS/sDCscL")
    assert legal(s) == {"a4-b4", "d1-c1", "pass", "xb4", "xc1", "xd2"}
    with pytest.raises(IllegalActionError, match="connected"):
        s.apply_text("xa3")


# -- a turn: slide a tile ------------------------------------------------------------------
SLIDES = "....../sCScS./cL...C./S.s.c./C.SD.s./sDcCScL. play 0 0 - 0,0 9"


def test_slide_through_empty_cells_turning_inside_the_box() -> None:
    """Slide a tile: a tile carrying your tower moves along orthogonal steps through empty
    cells, turning as often as you like (a4 to d2 turns twice), never leaving the bounding
    box (rank 6 and file f stay out of reach)."""
    s = load(SLIDES)
    slides = {t for t in legal(s) if ">" in t}
    assert slides == {"a4>" + c for c in ("b4", "c4", "d4", "b3", "d3", "b2", "d2")}
    with pytest.raises(IllegalActionError, match="outside the bounding box"):
        s.apply_text("a4>a6")


def test_slide_box_is_the_box_at_the_start_of_the_turn() -> None:
    """Never leaving the bounding box as it stood at the start of the turn (seed: you may
    not increase the width or length of the board, not even in the middle of the turn)."""
    s = load("....../....../.sCSD../.cL.c../.SDCsL../...... play 0 0 - 0,0 9")
    assert {t for t in legal(s) if ">" in t} == {"b3>c3"}
    with pytest.raises(IllegalActionError, match="outside the bounding box"):
        s.apply_text("b3>a3")


def test_slide_carries_the_tower_and_keeps_connection() -> None:
    """The tower rides along; a slide that leaves the tiles apart is illegal."""
    s = after(load(SLIDES), "a4>d2")
    assert s.position().split()[0] == "....../sCScS./....C./S.s.c./C.SDcLs./sDcCScL."
    s = play("Sc../sL..C/C..s/cSDSDcL")  # a3 holds a4-b4 to the rest: every slide cuts
    assert not any(">" in t for t in legal(s))
    with pytest.raises(IllegalActionError, match="connected"):
        s.apply_text("a3>b3")


def test_slide_destination_differs() -> None:
    """The destination differs from the start."""
    s = load(SLIDES)
    with pytest.raises(IllegalActionError, match="differ"):
        s.apply(s.geo.slide_base + s.geo.cell("a4") * 36 + s.geo.cell("a4"))


def test_slide_only_a_tile_carrying_your_tower() -> None:
    """A tile carrying one of YOUR towers: Dark's tower tile cannot be slid by Light."""
    s = load(SLIDES)
    with pytest.raises(IllegalActionError, match="c2 carries a Dark tower: Light slides only"):
        s.apply_text("c2>d2")
    with pytest.raises(IllegalActionError, match="no Light tower stands on b1"):
        s.apply_text("b1>b2")


# -- a turn: pass --------------------------------------------------------------------------
def test_pass_always_allowed() -> None:
    """Pass: always allowed."""
    assert "pass" in legal(play(MOVES)) and "pass" in legal(play(MOVES, mover=1))


def test_pass_forced_when_nothing_else_is_legal() -> None:
    """Pass is forced when nothing else is legal (seed: a player who cannot perform any
    other action must pass): four towers on a 2x2 block, no water inside the box."""
    s = play("..../..../SDcL../cLSD..")
    assert legal(s) == {"pass"}
    assert legal(play("..../..../SDcL../cLSD..", mover=1)) == {"pass"}


def test_passing_does_not_require_passing_again() -> None:
    """Seed: passing does not require you to pass on future turns."""
    s = after(play(MOVES), "pass", "xa2")
    assert legal(s) == legal(play("ssCSD/SsLcC/.ccLS/sDSsc", streak="D1", passes="1,0"))
    assert len(legal(s)) > 1


# -- islands -------------------------------------------------------------------------------
def test_corner_contact_does_not_connect_islands() -> None:
    """Island = an edge-connected group sharing a colour or a shape; corner contact does
    not connect: the light checkerboard has eight one-tile islands."""
    s = play("cSsC/ScLCDs/sLCcSD/CsSc")
    feats = MINOR.features(s)
    assert feats["l_colour_islands"] == 8 and feats["d_colour_islands"] == 8


# -- end of the game -----------------------------------------------------------------------
def test_quicksand_race_four_sinks_in_a_row_win() -> None:
    """Quicksand race: when one player's streak of sinks since the other last sank reaches
    4, that player wins."""
    s = play(MOVES, streak="L3")
    end = after(s, "xd2")
    assert end.outcome is not None and end.outcome.winner == 0
    assert end.outcome.reason == "quicksand race"


def test_non_sink_turns_do_not_break_the_streak() -> None:
    """Non-sink turns do not break it (seed: sink four while your opponent sinks none)."""
    s = after(play(MOVES, streak="L1"), "xd2", "a1-b1", "c2-c3", "pass", "xb4")
    assert s.position().endswith("L3 0,1 14")
    end = after(s, "b1-a1", "xc4")
    assert end.outcome is not None and end.outcome.reason == "quicksand race"


def test_an_opponent_sink_resets_the_streak() -> None:
    """Whenever your opponent sinks a tile, your count goes back to the discard pile."""
    s = after(play(MOVES, streak="L3"), "c2-c3", "xa2")
    assert s.sinker == 1 and s.streak == 1 and s.outcome is None


def test_race_is_checked_before_complete_island() -> None:
    """Checked in this order: the quicksand race first (Dark's island completes too)."""
    end = after(play("SCCcL/C.CS/cc.CD/.sDSsL", streak="L3"), "xc1")
    assert end.outcome is not None and (end.outcome.winner, end.outcome.reason) == (
        0,
        "quicksand race",
    )


def test_complete_island_wins_for_the_one_player_who_has_it() -> None:
    """Complete island: all remaining tiles of their colour or shape form one island; if
    exactly one player has one, that player wins (here Light's sink completes Dark's)."""
    end = after(play("..c./sLsCLs/SD.CDC/C..."), "xd3")
    assert end.outcome is not None and (end.outcome.winner, end.outcome.reason) == (
        1,
        "complete island",
    )


def test_a_single_remaining_tile_counts_as_complete() -> None:
    """A single remaining tile counts (Light's last light tile? here: one circle left)."""
    end = after(play("s.sSD/SDcsL./csLSS/SS.s", streak="D2"), "xa2")
    assert end.outcome is not None and (end.outcome.winner, end.outcome.reason) == (
        0,
        "complete island",
    )
    assert end.circle.bit_count() == 1


def test_no_remaining_tile_counts_as_complete() -> None:
    """[decision] No remaining tile at all also counts: without circles Light is complete,
    so with Dark's squares (all tiles) complete too, initiative decides."""
    s = load("sLsS./sLSsD./SSD../.... play 0 - D1 0,0 20")
    assert s.outcome is not None
    assert (s.outcome.winner, s.outcome.reason) == (1, "initiative: both islands complete")


def test_both_complete_ends_by_initiative_most_recent_sinker() -> None:
    """Initiative: both players have a complete island at once; the player who most recently
    sank a tile wins (Light's slide completes both; Dark sank last)."""
    end = after(play(".sSCL/sL.SC/csD.C/CssDc", streak="D2"), "a3>b3")
    assert end.outcome is not None
    assert (end.outcome.winner, end.outcome.reason) == (1, "initiative: both islands complete")


def test_both_complete_after_a_sink() -> None:
    """Both complete at once after Light's sink: Light sank last and wins."""
    end = after(play("SS../ssCs/ssSDCL/cLCD.."), "xd3")
    assert end.outcome is not None
    assert (end.outcome.winner, end.outcome.reason) == (0, "initiative: both islands complete")


@pytest.mark.parametrize(("streak", "winner"), [("-", 0), ("D2", 1), ("L1", 0)])
def test_consecutive_passes_end_the_game(streak: str, winner: int) -> None:
    """Light and Dark pass on consecutive turns: the most recent sinker wins; if nobody has
    sunk a tile, Light wins (seed: the player who took the first turn)."""
    s = play(MOVES, mover=1, streak=streak, passes="1,0")
    end = after(s, "pass")
    assert end.outcome is not None
    assert (end.outcome.winner, end.outcome.reason) == (winner, "initiative: consecutive passes")


def test_dark_then_light_passes_also_end() -> None:
    """Consecutive passes in either order end the game."""
    end = after(play(MOVES, streak="D1", passes="0,1"), "pass")
    assert end.outcome is not None and end.outcome.winner == 1


def test_four_own_passes_in_a_row_end_the_game() -> None:
    """One player has passed on four of their own turns in a row: initiative."""
    s = play(MOVES, streak="D1", passes="3,0")
    assert after(s, "c2-c3").outcome is None
    end = after(s, "pass")
    assert end.outcome is not None
    assert (end.outcome.winner, end.outcome.reason) == (1, "initiative: four passes")


def test_four_passes_need_a_row() -> None:
    """In a row: any other action resets the count."""
    s = after(play(MOVES, passes="3,0"), "c2-c3")
    assert s.passes == (0, 0)


def test_no_draws_and_winner_seat_follows_the_side_choice() -> None:
    """There are no draws; winners are seats bound to sides by the side choice."""
    s = load(f"{MOVES} play 1 0 - 1,0 9")  # seat 1 plays Light and passed; Dark to move
    assert s.sides() == ("dark", "light")
    end = after(s, "pass")
    assert end.outcome is not None and end.outcome.winner == 1  # Light, nobody sank


def test_turn_limit_guard() -> None:
    """Guard (documented constant): a game reaching TURN_LIMIT turns ends by initiative."""
    s = load(f"{MOVES} play 0 0 D1 0,0 {TURN_LIMIT - 1}")
    end = after(s, "c2-c3")
    assert end.outcome is not None
    assert (end.outcome.winner, end.outcome.reason) == (1, "initiative: turn limit")


# -- the set-up draw, step by step (seed text) ---------------------------------------------
class _ScriptedMix(random.Random):
    """A generator whose ``shuffle`` lays the pile out in a given order (top first)."""

    def __init__(self, *piles: list[str]) -> None:
        super().__init__(0)
        self.piles = list(piles)

    def shuffle(self, x: list, random: object = None) -> None:  # type: ignore[override]
        kinds = {"c": (1, 1), "s": (1, 0), "C": (0, 1), "S": (0, 0)}
        pile = [kinds[k] for k in self.piles.pop(0)]
        assert sorted(pile) == sorted(x)
        x[:] = pile[::-1]  # the engine draws from the end of the list


def test_draw_follows_the_face_down_pile_and_reshuffles_unplaced_tiles() -> None:
    """Seed: "Randomly select a tile and place it in position 1. Then turn tiles face up until
    you find one with the opposite color and opposite shape; place it in position 2. Continue
    placing a random tile in each odd-numbered position ... Whenever the face down pile is
    empty turn all the unplaced tiles face down, mix them, and resume." Odd cells take the
    next face-down tile (never a face-up one); a partner takes a face-up opposite tile when
    one lies there, else tiles are turned up until one appears."""
    from shoal.games.syrtis.setup import draw_board

    geo = MINOR.geo
    # a1: c; turn s, C (stay face up), S -> d4.  b1: s -> C from the face-up tiles -> c4.
    # c1: C -> s face up -> b4.  d1: c; turn c c s s C C, then S -> a4.  a2: S -> c (face
    # up) -> d3.  b2: S -> c -> c3; the face-down pile is empty.  c2: the unplaced s s C C
    # are mixed again (s C C s): s -> turn C -> b3.  d2: C -> turn s -> a3.
    rng = _ScriptedMix(list("csCSsCcccssCCSSS"), list("sCCs"))
    light, circle = draw_board(geo, geo.partner("point"), rng)
    s = load(f"{_board(geo, light, circle)} place - 0 - 0,0 0")
    assert s.position().split()[0] == "SsCS/sCcc/SSsC/csCc"
    assert rng.piles == []  # the second mix happened


def _board(geo, light: int, circle: int) -> str:  # type: ignore[no-untyped-def]
    ranks = []
    for r in range(geo.n - 1, -1, -1):
        ranks.append(
            "".join(
                "SsCc"[2 * (circle >> c & 1) + (light >> c & 1)] for c in range(r * 4, r * 4 + 4)
            )
        )
    return "/".join(ranks)


def test_draw_differs_from_a_plain_bag_draw() -> None:
    """The face-up tiles wait for the next mix, so the board is not the one a draw from
    every remaining tile would make (seed text wins over the rules file's summary)."""
    plain = 0
    for seed in range(30):
        rng = random.Random(seed)
        bag = [(1, 1)] * 9 + [(1, 0)] * 9 + [(0, 1)] * 9 + [(0, 0)] * 9
        light = circle = 0
        done: set[int] = set()
        for cell in range(36):
            if cell in done:
                continue
            kind = bag.pop(rng.randrange(len(bag)))
            bag.remove((1 - kind[0], 1 - kind[1]))
            mate = MAJOR.partner[cell]
            light |= 1 << (cell if kind[0] else mate)
            circle |= 1 << (cell if kind[1] else mate)
            done |= {cell, mate}
        s = MAJOR.initial(seed)
        plain += (s.light, s.circle) == (light, circle)
    assert plain == 0


@pytest.mark.parametrize(
    ("text", "why"),
    [
        ("cSsC/ScCs/sCcS/CsSc place - 0 - 0,0 0", "pair a1-d4 must hold tiles of opposite"),
        ("ScCs/cSsC/sCcS/CsS. place - 0 - 0,0 0", "every cell holds a tile"),
        ("ScCs/cSsC/sCcS/CsSL. play 0 0 L1 0,0 9", "own colour or its own shape"),
        ("ScCs/cSsC/sCcDS/CsScL place - 0 - 0,0 2", "own colour or its own shape"),
        ("ScCs/..../sLCcSD/CDsScL play 0 0 L2 0,0 9", "one edge-connected group"),
    ],
)
def test_impossible_positions_are_refused(text: str, why: str) -> None:
    """Set-up boards are full with opposite pairs; a tower stands on its own colour or shape
    (it is placed so and its tile travels with it); tiles stay one group after every turn."""
    with pytest.raises(InvalidPositionError, match=why):
        MINOR.load(text)
