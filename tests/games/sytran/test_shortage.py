"""The option ``shortage``: the three readings of "If less than the required number of cells is
vacant, then a player must place a stone on all of them", each on a hand-built position of
rules/sytran.md where the readings differ."""

from __future__ import annotations

import pytest

from shoal.core import IllegalActionError, InvalidOptionError
from shoal.games import get
from shoal.games.sytran import SytranState

from ..paths import legal_on_path
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


def test_strands_a_ring5_stone_with_rings_5_and_out_full_ends_the_turn(path: str) -> None:
    """strands: the first stone's ring (5) fixes the count; fewer cells than 5 are vacant on
    rings 5 and outward: the player fills exactly those and the turn ends."""
    r5, r4 = one_on(5), one_on(4)
    state = board_with_vacant([r5, r4], "strands").apply_text(r5)
    assert state.colour_to_move == 1 and state.placed == 0
    assert legal_on_path(state, path) == {r4}


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


def test_strands_a_ring3_stone_with_one_ring2_cell_left_ends_the_turn(path: str) -> None:
    """strands: with one ring-3 and one ring-2 cell vacant, a stone on the ring-3 cell ends
    the turn; flow and literal go on to the ring-2 cell in the same turn."""
    r3, r2 = one_on(3), one_on(2)
    strands = board_with_vacant([r3, r2], "strands").apply_text(r3)
    assert strands.colour_to_move == 1 and legal_on_path(strands, path) == {r2}
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


def test_strands_the_ring_k_of_the_turns_first_stone_fixes_the_count(path: str) -> None:
    """strands: "the ring k of the turn's first stone fixes the count: every further stone of
    that turn goes on ring k or outward (never inward, so the count stays k)". Vacant: the
    centre, two cells on each of rings 2, 3 and 4, three on ring 5. After a first stone on
    ring 4 only the other ring-4 cell and the ring-5 cells are legal (flow also offers rings 2
    and 3), and the refusal of a ring-3 cell says why."""
    vacant = ["j10", *(one_on(r, k) for r in (2, 3, 4) for k in (0, 1)), *rim(3)]
    outward = {one_on(4, 1), *rim(3)}
    for shortage, legal in (
        ("strands", outward),
        ("flow", set(vacant) - {"j10", one_on(4)}),
    ):
        state = board_with_vacant(vacant, shortage).apply_text(one_on(4))
        assert state.colour_to_move == 0 and state.placed == 1, shortage
        assert legal_on_path(state, path) == legal, shortage
    strands = board_with_vacant(vacant, "strands").apply_text(one_on(4))
    inward = strands.game.geo.by_name[one_on(3)]
    assert not strands.is_legal(inward)
    with pytest.raises(IllegalActionError, match="shortage=strands"):
        strands.apply_text(one_on(3))
    reason = strands.explain_illegal(inward)
    assert f"{one_on(3)} is on ring 3" in reason and "first stone, on ring 4" in reason
    assert "ring 4 or outward" in reason


def test_strands_the_turn_places_k_stones(path: str) -> None:
    """strands: "the turn places k stones": a first stone on ring 3 of the empty board is
    followed by exactly two more on rings 3 to 5, then the turn passes to Black."""
    state = get("sytran", shortage="strands").initial()
    state = state.apply_text(one_on(3))
    assert legal_on_path(state, path) == names_on_rings(10, [3, 4, 5], [one_on(3)])
    state = state.apply_text(one_on(5))
    assert state.colour_to_move == 0 and state.placed == 2
    assert legal_on_path(state, path) == names_on_rings(10, [3, 4, 5], [one_on(3), one_on(5)])
    state = state.apply_text(one_on(4))
    assert state.colour_to_move == 1 and state.placed == 0


def test_strands_fewer_than_k_vacant_on_rings_k_and_out_fills_exactly_those(path: str) -> None:
    """strands: "when fewer than k cells are vacant on rings k and outward, the player fills
    exactly those cells and the turn ends". Vacant: the centre, one ring-4 and three ring-5
    cells; a first stone on ring 5 is followed by the two other ring-5 cells only, and the
    turn ends after three stones, the ring-4 cell and the centre left vacant."""
    vacant = ["j10", one_on(4), *rim(3)]
    state = board_with_vacant(vacant, "strands").apply_text(rim(3)[0])
    assert legal_on_path(state, path) == set(rim(3)[1:])
    state = state.apply_text(rim(3)[1])
    assert state.colour_to_move == 0 and legal_on_path(state, path) == {rim(3)[2]}
    state = state.apply_text(rim(3)[2])
    assert state.colour_to_move == 1 and state.placed == 0
    assert legal_on_path(state, path) == {"j10", one_on(4)}
    flow = board_with_vacant(vacant, "flow").apply_text(rim(3)[0])
    assert texts(flow) == {one_on(4), *rim(3)[1:]}  # flow: the ring-4 cell may follow


def test_strands_example_a_ring5_first_stone_is_followed_by_four_more_on_ring5(
    path: str,
) -> None:
    """strands, the rules' example: "a first stone on ring 5 is followed by four more on ring
    5 or outward; a ring-4 cell is not legal in that turn"."""
    state = get("sytran", shortage="strands").initial().apply_text(one_on(5))
    for placed in range(1, 5):
        assert state.colour_to_move == 0 and state.placed == placed
        legal = legal_on_path(state, path)
        assert legal == names_on_rings(10, [5], legal_placed(state))
        assert one_on(4) not in legal
        state = state.apply_text(sorted(legal)[0])
    assert state.colour_to_move == 1 and state.placed == 0


def test_strands_issue_41_reproduction_a_ring5_first_stone_allows_no_inner_cell() -> None:
    """Issue 41: ``new sytran seed=288545018 shortage=strands``, ``play c9`` (ring 5),
    ``legal``: c10, f7 and g10 (rings 4 to 2) were offered; only ring 5 is legal."""
    from shoal.engine.protocol import EngineSession

    session = EngineSession()
    assert session.handle("new sytran seed=288545018 shortage=strands").startswith("= ")
    assert session.handle("play c9") == "=\n\n"
    legal = set(session.handle("legal")[2:].split())
    assert legal == names_on_rings(10, [5], ["c9"])
    assert not legal & {"c10", "f7", "g10"}
    before = session.handle("position")
    refusal = session.handle("play f7")
    assert refusal.startswith("? f7: f7 is on ring 4") and "shortage=strands" in refusal
    assert session.handle("position") == before


def test_strands_a_whole_turn_is_a_set_placed_innermost_ring_first() -> None:
    """strands: a whole turn is written as its stones sorted ("e5,f7"); its first stone is
    the one on its innermost ring, whatever the written order. A turn of one ring-3 and two
    ring-5 cells is accepted with the ring-5 cells written first; one stone short, the
    refusal names the ring the next stone must go on."""
    state = get("sytran", shortage="strands").initial()
    geo = state.game.geo
    assert [geo.ring[geo.by_name[n]] for n in ("b10", "c8", "g14")] == [5, 5, 3]
    turn = "b10,c8,g14"
    actions = state.parse_turn(turn)
    assert [geo.names[a] for a in actions] == ["g14", "b10", "c8"]
    assert state.turn_text(actions) == turn
    with pytest.raises(IllegalActionError, match="place another on ring 3 or beyond"):
        state.parse_turn("b10,g14")


def rim(count: int) -> list[str]:
    """``count`` ring-5 cells of base 10."""
    return [one_on(5, k) for k in range(count)]


def legal_placed(state: SytranState) -> list[str]:
    """The cells that hold a stone."""
    geo = state.game.geo
    return [geo.names[c] for c in range(geo.num_cells) if state.cell_colour(c) is not None]


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
