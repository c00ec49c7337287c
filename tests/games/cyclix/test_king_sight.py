"""The option ``king_sight`` ([decision] in rules/cyclix.md, "Check"): ``always`` (a king
attacks the first tile it sees along each line, so the kings never see each other) or
``free`` (a king that is itself in check attacks only the adjacent tiles, so a move that
leaves the enemy king in check may let the kings see each other)."""

from __future__ import annotations

import pytest

from shoal.core import IllegalActionError, InvalidOptionError, InvalidPositionError
from shoal.games import get
from shoal.games.cyclix import CyclixState

# a1..g7; "~" a square without a tile. White king b1, Black king a4, a2 and a3 without tiles.
KINGS_APART = "......./......./......./k....../~....../~....../.K..... w RBNrbn - 0 0"
# White king a1 and Black king a4 see each other; White to move and in check.
FACING = "......./......./......./k....../~....../~...R../K...... w BNrbn - 0 0"
# White king b1, Black king b3 with a tile on b2 between them.
NEAR = "......./......./......./......./.k...../~....../.K..... w RBNrbn - 0 0"


def load(position: str, king_sight: str) -> CyclixState:
    state = get("cyclix", king_sight=king_sight).load(position)
    assert isinstance(state, CyclixState)
    return state


def test_the_option_offers_always_by_default_and_free() -> None:
    info = {o.name: o for o in get("cyclix").option_infos()}["king_sight"]
    assert (info.default, info.choices, info.decision) == ("always", ("always", "free"), True)
    with pytest.raises(InvalidOptionError, match="king_sight"):
        get("cyclix", king_sight="sometimes")


def test_always_a_king_may_not_move_into_the_enemy_kings_sight() -> None:
    """always: two kings may never see each other: no move may create that (Kb1-a1 would
    put the White king in sight of the Black king on a4 across a2 and a3)."""
    state = load(KINGS_APART, "always")
    assert sorted(state.legal_texts()) == [
        f"Kb1-{to}{re}" for to in ("b2", "c1", "c2") for re in ("", "=B", "=N", "=R")
    ]
    with pytest.raises(IllegalActionError, match="the kings would see each other"):
        state.apply_text("Kb1-a1")


def test_free_a_move_that_checks_the_enemy_king_may_let_the_kings_see_each_other() -> None:
    """free: Kb1-a1 puts the Black king in check (the White king sees it), so the Black king
    attacks only its adjacent tiles and the move is legal, re-entries included."""
    state = load(KINGS_APART, "free")
    assert sorted(state.legal_texts()) == [
        f"Kb1-{to}{re}" for to in ("a1", "b2", "c1", "c2") for re in ("", "=B", "=N", "=R")
    ]
    after = state.apply_text("Kb1-a1")
    assert after.in_check  # Black is in check from the White king's sight
    assert sorted(after.legal_texts()) == ["Ka4-a5", "Ka4-b3", "Ka4-b4", "Ka4-b5"]


def test_free_a_king_next_to_the_enemy_king_is_still_attacked() -> None:
    """free: a king in check still attacks its adjacent tiles: Kb1-b2 or Kb1-c2 next to the
    Black king on b3 stays illegal under both readings."""
    for reading in ("always", "free"):
        state = load(NEAR, reading)
        assert sorted(state.legal_texts()) == [
            f"Kb1-{to}{re}" for to in ("a1", "c1") for re in ("", "=B", "=N", "=R")
        ], reading


def test_always_refuses_a_position_where_the_kings_see_each_other() -> None:
    with pytest.raises(InvalidPositionError, match="not to move has its king attacked"):
        load(FACING, "always")


def test_free_a_king_in_check_from_the_enemy_kings_sight_may_answer_with_any_safe_move() -> None:
    """free: White in check from the Black king's sight; the White king checks back by its own
    sight, so every rook move is legal; the king moves only to adjacent tiles (a2 has none),
    without re-entry (not when moving out of check)."""
    state = load(FACING, "free")
    assert state.in_check
    rook = [f"Re2-{t}" for t in ("b2", "c2", "d2", "e1", "e3", "e4", "e5", "e6", "e7", "f2", "g2")]
    assert sorted(state.legal_texts()) == sorted(["Ka1-b1", "Ka1-b2", "Re2-a2^", *rook])


def test_free_still_refuses_a_position_where_a_rook_attacks_the_side_not_to_move() -> None:
    """free changes only what a king in check threatens: a rook on g1 attacking the White king
    on a1, with Black to move, is still a position that cannot arise."""
    position = "......./......./......./k....../~....../~....../K.....r b RBNbn - 0 0"
    with pytest.raises(InvalidPositionError, match="not to move has its king attacked"):
        load(position, "free")
