"""The two options that read the SFIRS text another way ([decision]s in rules/sfirs.md):
``crossing`` (whom the limit on crossing empty start-area squares binds) and ``start_chain``
(whether a start-area follow-up that ends inactive allows a further follow-up)."""

from __future__ import annotations

import pytest

from shoal.core import IllegalActionError, InvalidOptionError
from shoal.games import get

from .build import kind, make, moves_from, play, texts

OUTSIDE = get("sfirs", crossing="outside")
NO_CHAIN = get("sfirs", start_chain="no")


def test_the_options_and_their_defaults() -> None:
    infos = {o.name: o for o in get("sfirs").option_infos()}
    assert (infos["crossing"].default, infos["crossing"].choices) == ("all", ("all", "outside"))
    assert (infos["start_chain"].default, infos["start_chain"].choices) == ("yes", ("yes", "no"))
    assert infos["crossing"].decision and infos["start_chain"].decision
    with pytest.raises(InvalidOptionError, match="crossing"):
        get("sfirs", crossing="inside")
    with pytest.raises(InvalidOptionError, match="start_chain"):
        get("sfirs", start_chain="maybe")


def test_crossing_all_an_inner_start_cube_leaves_only_by_ending_inactive() -> None:
    """crossing=all (default): the limit applies to every cube, so the inner start cube on f7
    (crossing e7, f8, g7 or f6/f5 to get out) can only leave by ending inactive: on the edge."""
    state = make("wf7 Wk2 Bk11")
    assert moves_from(state, "f7") == {"f7-a7", "f7-l7", "f7-f12", "f7-f1"}
    with pytest.raises(IllegalActionError, match="crosses the start area"):
        state.apply_text("f7-c7")


def test_crossing_outside_a_start_cube_leaving_may_pass_empty_start_squares() -> None:
    """crossing=outside: the limit applies only to cubes coming from outside the start area; a
    start-area cube leaving it may pass its empty squares (and still may not pass or end next
    to active cubes)."""
    state = make("wf7 Wk2 Bk11", game=OUTSIDE)
    assert moves_from(state, "f7") == {
        *(f"f7-{f}7" for f in "abcdijkl"),
        *(f"f7-f{r}" for r in (1, 2, 3, 4, 9, 10, 11, 12)),
    }
    after = play(state, "f7-c7")
    assert kind(after, "c7") == "active" and after.colour == 1
    # next to an active cube is still forbidden: Black's active c9 is next to c8
    assert "f7-c8" not in moves_from(make("wf8 Bc9 Wk2 Bk11", game=OUTSIDE), "f8")


def test_crossing_outside_still_binds_cubes_from_outside() -> None:
    """crossing=outside: a play-area cube crossing empty start squares must still end inactive
    or make another inactive (the seed test's c6 across e6..h6)."""
    plain = make("Wc6 Bk11", game=OUTSIDE)
    assert "c6-j6" not in moves_from(plain, "c6") and "c6-l6" in moves_from(plain, "c6")


def test_start_chain_yes_a_start_area_follow_up_ending_inactive_chains_again() -> None:
    """start_chain=yes (default): a start-area follow-up that ends inactive allows a further
    follow-up (here the active k2 or stop)."""
    state = play(make("we5 wh8 Wk2 Bk11"), "e5-a5", "h8-h12")
    assert state.in_chain and state.turn == 0
    assert texts(state) == moves_from(state, "k2") | {"stop"}


def test_start_chain_no_a_start_area_follow_up_ends_the_chain() -> None:
    """start_chain=no: item 1 says only that a start-area cube "may be moved": the follow-up
    h8-h12 ends inactive on the edge, and the turn is over."""
    state = play(make("we5 wh8 Wk2 Bk11", game=NO_CHAIN), "e5-a5")
    assert state.in_chain  # the turn's first move chains under both readings
    assert "h8-h12" in texts(state) and "k2-k4" in texts(state)
    after = play(state, "h8-h12")
    assert not after.in_chain and after.colour == 1 and after.turn == 1
    assert kind(after, "h12") == "inactive"


def test_start_chain_no_an_active_follow_up_still_chains() -> None:
    """start_chain=no changes only start-area follow-ups: item 2's "again" still holds."""
    state = play(make("we5 Wk2 Wd9 Bk11", game=NO_CHAIN), "e5-a5")
    after = play(state, "k2-a2")  # an active cube's follow-up, ending on the edge
    assert after.in_chain and after.colour == 0
    assert texts(after) == moves_from(after, "d9") | {"stop"}
