"""Seed-text sentences that the rules tests did not check on their own, one test each.

Each docstring quotes (or names) the sentence of the seed text or rules/syrtis.md it checks.
"""

from __future__ import annotations

import random

import pytest

from shoal.core import IllegalActionError

from .helpers import MAJOR, after, legal, load, play

MOVES = "ssCSD/SsLcC/CccLS/sDSsc"


def test_each_turn_is_exactly_one_action_of_four_kinds() -> None:
    """Seed: "On your turn you must do exactly one action: move a tower, sink a tile, slide a
    tile, or pass." Every play action is one of the four, and each ends the turn."""
    s = play("....../sCScS./cL...C./S.s.c./C.SD.s./sDcCScL.")
    kinds = set()
    for action in s.legal_actions():
        text = s.action_text(action)
        kind = "pass" if text == "pass" else "sink" if text[0] == "x" else text[2]
        kinds.add(kind)
        nxt = s.child(action)
        assert (nxt.to_move, nxt.turn) == (1, s.turn + 1), text
    assert kinds == {"-", ">", "sink", "pass"}


def test_draw_reads_the_seeded_generator_like_a_mixed_pile() -> None:
    """Rules: drawing uses the game's seeded generator (a1 gets the first tile of the pile
    mixed by ``random.Random(seed).shuffle``; d4/f6 its opposite)."""
    for seed in range(10):
        rng = random.Random(seed)
        pile = [(1, 1)] * 9 + [(1, 0)] * 9 + [(0, 1)] * 9 + [(0, 0)] * 9
        rng.shuffle(pile)
        first = pile[-1]
        s = MAJOR.initial(seed)
        a1, f6 = 1, 1 << 35
        assert (bool(s.light & a1), bool(s.circle & a1)) == (bool(first[0]), bool(first[1]))
        assert (bool(s.light & f6), bool(s.circle & f6)) == (not first[0], not first[1])


CORNER = "SCL../S.s./CsLS./SD.SDS"
"""Light's only light tiles b2 and c3 touch at a corner; Light's circles b4, a2 are apart."""


def test_corner_contact_does_not_make_a_complete_island() -> None:
    """Seed: "(Groups that touch only at the corners are not connected.)" Light's two light
    tiles meet at a corner: no complete island; make c2 light too and they are one island."""
    assert play(CORNER).outcome is None
    edge = load("SCL../S.s./CsLs./SD.SDS play 0 - - 0,0 9")
    assert edge.outcome is not None
    assert (edge.outcome.winner, edge.outcome.reason) == (0, "complete island")


def test_corner_contact_does_not_carry_a_tower() -> None:
    """Seed: a tower moves within "its current light island or circle island", and corner
    contact joins no island: b2's tower (light square) cannot reach c3 across the corner."""
    s = play(CORNER)
    assert {t for t in legal(s) if "-" in t} == set()
    with pytest.raises(IllegalActionError, match=r"light island \(b2 is a light square\)"):
        s.apply_text("b2-c3")


def test_dark_sinks_next_to_its_own_towers_only() -> None:
    """Sink, for Dark: the open, unoccupied tiles edge-adjacent to Dark's towers d4 and a1
    (Light's b3 and c2 do not count for Dark)."""
    assert {t for t in legal(play(MOVES, mover=1)) if t[0] == "x"} == {"xc4", "xd3", "xa2", "xb1"}


def test_slide_cannot_leave_the_box_even_in_the_middle_of_the_turn() -> None:
    """Seed: "you may not increase the current width or length of the board, not even in
    the middle of the turn." b3 is empty and inside the box (files a-e, ranks 1-3), but the
    only way there from d3 runs through rank 4: refused. d3>e3 would leave e3 alone."""
    s = play("....../....../....../S.CcL../scSC../CSDscLSD.")
    assert {t for t in legal(s) if ">" in t} == {"d3>e2"}
    with pytest.raises(IllegalActionError, match="no path of empty cells inside the box"):
        s.apply_text("d3>b3")
    with pytest.raises(IllegalActionError, match="fall apart"):
        s.apply_text("d3>e3")


def test_each_sink_announces_the_count_since_the_opponent_last_sank() -> None:
    """Seed: "Whenever you sink a tile, announce how many you have sunk since the opponent
    last sunk one." The position string's streak field is that announcement."""
    s = after(play(MOVES), "xd2")
    assert s.position().split()[4] == "L1"
    s = after(s, "xa2")
    assert s.position().split()[4] == "D1"
    s = after(s, "xb4", "pass", "xb2")
    assert s.position().split()[4] == "L2"


@pytest.mark.parametrize(
    ("mover", "streak", "winner"),
    [(0, "-", 0), (0, "L2", 0), (0, "D1", 1), (1, "-", 0), (1, "D3", 1), (1, "L1", 0)],
)
def test_four_passes_in_a_row_by_either_side(mover: int, streak: str, winner: int) -> None:
    """Seed: "One player passes on four of that player's turns in a row." Then the player
    who most recently sank wins, or Light (who took the first turn) when nobody has."""
    passes = "3,0" if mover == 0 else "0,3"
    end = after(play(MOVES, mover=mover, streak=streak, passes=passes), "pass")
    assert end.outcome is not None
    assert (end.outcome.winner, end.outcome.reason) == (winner, "initiative: four passes")


def test_both_complete_with_no_sink_goes_to_the_first_player() -> None:
    """Seed: "In the unlikely event that no tiles have been sunk, the player who took the
    first turn wins" (here seat 1 plays Light; the slide completes both sides' islands)."""
    end = after(load(".sSCL/sL.SC/csD.C/CssDc play 1 1 - 0,0 9"), "a3>b3")
    assert end.outcome is not None
    assert (end.outcome.winner, end.outcome.reason) == (1, "initiative: both islands complete")


def test_the_mover_wins_by_completing_its_own_island() -> None:
    """Seed: "You win when ... all the remaining tiles of your shape are connected." Dark
    (seat 0) sinks its own stray square d3: the squares a4 a3 b3 b2 b1 a1 c1 are one island;
    Light's light tiles (c1 d1 apart) and circles (a2 apart) are not: Dark wins."""
    s = load("SCDcCD/sscLS/cSCC/sSscL play 1 0 - 0,0 9")
    assert s.outcome is None and s.sides() == ("dark", "light")
    end = after(s, "xd3")
    assert end.outcome is not None
    assert (end.outcome.winner, end.outcome.reason) == (0, "complete island")
