"""The option ``shortage``: the three readings of "If less than the required number of cells is
vacant, then a player must place a stone on all of them", each on a hand-built position of
rules/sytran.md where the readings differ."""

from __future__ import annotations

import pytest

from shoal.core import IllegalActionError, InvalidOptionError
from shoal.games import get
from shoal.games.sytran import SytranState

from .helpers import load, names_on_rings, texts
from .reference import board_cells, name

READINGS = ("flow", "strands", "literal")


def one_on(ring: int, skip: int = 0) -> str:
    """A cell of ``ring`` on base 10 (the ``skip``-th in name order)."""
    return sorted(names_on_rings(10, [ring]))[skip]


def board_with_vacant(vacant: list[str], shortage: str) -> SytranState:
    """Base 10, every cell filled except ``vacant``; White to start a turn."""
    filled = sorted({name(10, c) for c in board_cells(10)} - set(vacant))
    return load(10, shortage=shortage, white=filled[::2], black=filled[1::2], turn=40)


def test_the_option_lists_three_readings_with_flow_by_default() -> None:
    """Shortage [decision], option ``shortage``: flow (default), strands, literal."""
    info = {o.name: o for o in get("sytran").option_infos()}["shortage"]
    assert info.default == "flow"
    assert info.choices == READINGS
    assert info.decision
    assert get("sytran").shortage == "flow"


def test_an_unknown_reading_is_refused_in_words() -> None:
    with pytest.raises(InvalidOptionError, match="shortage"):
        get("sytran", shortage="sideways")


@pytest.mark.parametrize("shortage", READINGS)
def test_a_full_board_start_is_the_same_under_every_reading(shortage: str) -> None:
    """Away from a shortage the readings agree: every empty cell starts a turn."""
    state = get("sytran", shortage=shortage).initial()
    assert len(state.legal_actions()) == 271


def test_flow_a_ring5_stone_is_followed_by_the_ring4_stone_in_the_same_turn() -> None:
    """flow: the only empty cells are one on ring 5 and one on ring 4; a stone on ring 5 must
    be followed by the ring-4 stone in the same turn."""
    r5, r4 = one_on(5), one_on(4)
    state = board_with_vacant([r5, r4], "flow").apply_text(r5)
    assert state.colour_to_move == 0 and state.placed == 1
    assert texts(state) == {r4}


def test_strands_a_ring5_stone_with_rings_5_and_out_full_ends_the_turn() -> None:
    """strands: the innermost ring (5) fixes the count; fewer cells than 5 are vacant on
    rings 5 and outward: the player fills exactly those and the turn ends."""
    r5, r4 = one_on(5), one_on(4)
    state = board_with_vacant([r5, r4], "strands").apply_text(r5)
    assert state.colour_to_move == 1 and state.placed == 0
    assert texts(state) == {r4}


def test_literal_whole_board_shortage_fills_every_vacant_cell_in_one_turn() -> None:
    """literal: fewer cells vacant on the whole board (2) than the innermost vacant ring's
    number (4): the player fills every vacant cell, which ends the game."""
    r5, r4 = one_on(5), one_on(4)
    state = board_with_vacant([r5, r4], "literal")
    assert texts(state) == {r5, r4}
    state = state.apply_text(r5)
    assert state.colour_to_move == 0 and texts(state) == {r4}
    assert state.apply_text(r4).outcome is not None


def test_flow_the_centre_stays_empty_after_three_ring5_stones() -> None:
    """flow: a vacant cell on an inner ring that the count rule forbids (the centre, after
    three ring-5 stones) stays empty."""
    rim = [one_on(5, k) for k in range(4)]
    state = board_with_vacant(["j10", *rim], "flow")
    assert texts(state) == {"j10", *rim}
    for cell in rim[:3]:
        state = state.apply_text(cell)
    assert texts(state) == {rim[3]}
    state = state.apply_text(rim[3])
    assert state.colour_to_move == 1 and texts(state) == {"j10"}


def test_literal_a_turn_that_cannot_reach_its_count_is_not_started() -> None:
    """literal: a turn is always a set of as many stones as its innermost ring's number. With
    the centre and four ring-5 cells vacant, five ring-5 stones cannot be placed: only the
    centre (a turn of one) is legal."""
    rim = [one_on(5, k) for k in range(4)]
    state = board_with_vacant(["j10", *rim], "literal")
    assert texts(state) == {"j10"}
    with pytest.raises(IllegalActionError, match="shortage=literal"):
        state.apply_text(rim[0])


def test_strands_a_ring3_stone_with_one_ring2_cell_left_ends_the_turn() -> None:
    """strands: with one ring-3 and one ring-2 cell vacant, a stone on the ring-3 cell ends
    the turn; flow and literal go on to the ring-2 cell in the same turn."""
    r3, r2 = one_on(3), one_on(2)
    strands = board_with_vacant([r3, r2], "strands").apply_text(r3)
    assert strands.colour_to_move == 1 and texts(strands) == {r2}
    for shortage in ("flow", "literal"):
        state = board_with_vacant([r3, r2], shortage).apply_text(r3)
        assert state.colour_to_move == 0 and texts(state) == {r2}, shortage


def test_literal_refuses_a_dead_end_that_flow_allows() -> None:
    """literal against flow: centre, one ring-4 and one ring-5 cell vacant. Under flow a stone
    on ring 4 or 5 starts a turn that ends short (two stones, innermost ring 4); under literal
    only the centre is legal, and the refusal says why."""
    r5, r4 = one_on(5), one_on(4)
    flow = board_with_vacant(["j10", r4, r5], "flow")
    assert texts(flow) == {"j10", r4, r5}
    short = flow.apply_text(r4).apply_text(r5)
    assert short.colour_to_move == 1  # the turn ended with 2 stones, innermost ring 4
    literal = board_with_vacant(["j10", r4, r5], "literal")
    assert texts(literal) == {"j10"}
    assert not literal.is_legal(literal.game.geo.by_name[r4])
    reason = literal.explain_illegal(literal.game.geo.by_name[r4])
    assert "needs 4 stones" in reason and "shortage=literal" in reason


def test_the_reading_is_kept_in_game_records() -> None:
    """A record names the option when it differs from the default, and replays with it."""
    from shoal.records import read
    from shoal.records.record import Record

    game = get("sytran", base=6, shortage="strands")
    state = game.initial()
    actions = []
    while state.outcome is None:
        actions.append(state.legal_actions()[-1])
        state = state.child(actions[-1])
    text = Record.from_actions(game, actions).to_text()
    assert '[Option "shortage=strands"]' in text
    again = read(text)
    assert again.game.options.shortage == "strands"
    assert again.final_state().position() == state.position()
