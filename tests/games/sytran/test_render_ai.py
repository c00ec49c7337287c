"""Sytran rendering, click paths, diagrams and AI knowledge."""

from __future__ import annotations

import random
import re

from shoal.games import get
from shoal.games.sytran import SytranState

from .helpers import load

GAME = get("sytran")


def _opening() -> SytranState:
    state = GAME.initial()
    for action in state.parse_turn("b12,e7,h19,p2,r9"):
        state = state.child(action)
    assert isinstance(state, SytranState)
    return state


def test_svg_follows_the_contract_with_hit_areas_last() -> None:
    """SVG: a viewBox, no fixed size, one transparent hit area per cell drawn last."""
    state = _opening()
    svg = GAME.render_svg(state, last=state.parse_turn("swap") and (), highlight=("j10",))
    assert svg.startswith("<svg") and 'viewBox="' in svg and " width=" not in svg.split(">")[0]
    cells = re.findall(r'data-cell="([a-s][0-9]+)"', svg)
    assert len(cells) == 271 and set(cells) == set(GAME.geo.names)
    assert svg.index('class="cell') > svg.rindex('class="stone')
    assert '<polygon class="cell hl" data-cell="j10"' in svg
    assert svg.count('fill="transparent"') == 271


def test_svg_shows_five_ring_shades_stones_and_the_last_turn() -> None:
    """SVG: five ring shades, White and Black stones, the last turn's stones marked."""
    start = GAME.initial().apply_text("j10")
    turn = start.parse_turn("b12,e7,h19,p2,r9")
    state = start
    for a in turn:
        state = state.child(a)
    svg = GAME.render_svg(state, last=turn)
    shades = set(re.findall(r'fill="(#[0-9a-f]{6})" stroke="#6f6a62"', svg))
    assert len(shades) == 5
    assert svg.count('class="stone white"') == 1 and svg.count('class="stone black"') == 5
    assert svg.count('class="last"') == 5
    for label in ("j1", "19", ">a<", ">s<"):
        assert label in svg


def test_click_paths_one_cell_per_stone_and_an_empty_path_for_swap() -> None:
    """Click paths: each stone (cell,), the swap ()."""
    state = _opening()
    paths = GAME.click_paths(state)
    assert paths[GAME.geo.num_cells] == ()
    assert paths[GAME.geo.by_name["j10"]] == ("j10",)
    assert set(paths) == set(state.legal_actions())


def test_text_render_has_coordinates_and_status() -> None:
    """Text: the hex rows, W and B stones, rank and file labels, who is to move."""
    text = GAME.render_text(_opening())
    board = text.rsplit("\n", 1)[0]
    assert board.count("B") == 0 and board.count("W") == 5
    assert "19" in text and text.rstrip().endswith("Black to move; Black may swap")
    lines = text.splitlines()
    assert len(lines) == 21 and lines[-2].split() == list("jklmnopqrs")


def test_text_render_shows_the_rings() -> None:
    """Text: empty cells show their ring, '.' on odd rings and ':' on even ones, as the web
    board shades them; the legend says so."""
    state = GAME.initial().apply_text("j10")  # j10 is the centre, ring 1
    lines = GAME.render_text(state).splitlines()
    cells = [c for line in lines[:-2] for c in line.split() if c in ".:WB"]
    assert len(cells) == GAME.geo.num_cells
    centre = GAME.geo.by_name["j10"]
    ring2 = next(c for c in range(GAME.geo.num_cells) if GAME.geo.ring[c] == 2)
    empty = GAME.initial()
    text = GAME.render_text(empty)
    rows = [line.split() for line in text.splitlines()[:-2]]
    counted = [c for row in rows for c in row if c in ".:"]
    assert counted.count(":") == sum(GAME.geo.ring[c] % 2 == 0 for c in range(GAME.geo.num_cells))
    assert counted.count(".") == sum(GAME.geo.ring[c] % 2 == 1 for c in range(GAME.geo.num_cells))
    assert GAME.geo.ring[centre] == 1 and GAME.geo.ring[ring2] == 2
    assert "W" in "".join(lines[:-1])  # the stone on the centre replaces its '.'
    assert ". on rings 1, 3, 5 and : on rings 2, 4" in GAME.text_legend()


def test_diagrams_are_real_positions() -> None:
    """diagrams(): rings, coordinates, a turn of three, the swap, a final position with score."""
    diagrams = {d.name: d for d in GAME.diagrams()}
    assert set(diagrams) == {"rings", "coordinates", "turn-of-three", "swap", "final"}
    assert len(diagrams["turn-of-three"].last) == 3
    assert diagrams["swap"].state.sides() == ("black", "white")
    final = diagrams["final"].state
    assert final.outcome is not None and "scores" in diagrams["final"].caption
    for d in diagrams.values():
        assert GAME.render_svg(d.state, last=d.last, highlight=d.highlight).endswith("</svg>")


def test_explain_joining_two_groups() -> None:
    """explain(): 'joins two White groups, saving 8 points'."""
    state = load(10, white=["h10", "j10"], black=["a10"], turn=2)
    action = state.parse_action("i10")
    assert GAME.explain(state, action) == "i10 joins two White groups, saving 8 points"
    other = load(10, white=["h10"], black=["a10"], turn=2)
    assert "starts a new White group" in GAME.explain(other, other.parse_action("b12"))
    assert "extends a White group" in GAME.explain(other, other.parse_action("h11"))
    blocking = load(10, white=["h10", "j10"], black=["a10"], to_move="b", turn=3)
    assert "keeps 2 White groups apart" in GAME.explain(blocking, blocking.parse_action("i10"))
    assert GAME.explain(_opening(), GAME.geo.num_cells).startswith("swap")


def test_features_and_evaluation() -> None:
    """Features count groups, stones per ring and merge cells; evaluate is in [-1, 1]."""
    state = load(10, white=["h10", "j10"], black=["a10", "a11", "s10"], turn=2)
    f = GAME.features(state)
    assert f["white_groups"] == 2 and f["black_groups"] == 2
    assert f["white_merge_cells"] == 1  # i10 touches both White stones
    assert f["ring5_stones_diff"] == -3 and f["ring1_stones_diff"] == 1
    value = GAME.evaluate(state, 0)
    assert -1 < value < 1 and abs(value + GAME.evaluate(state, 1)) < 1e-9
    rng = random.Random(2)
    s = get("sytran", base=6).initial()
    while s.outcome is None:
        s = s.child(rng.choice(s.legal_actions()))
    assert s.outcome is not None
    game6 = get("sytran", base=6)
    assert game6.evaluate(s, 0) == s.outcome.value_for(0)


def test_ai_profile_is_mcts() -> None:
    """ai_profile: MCTS with full playouts, budgets scaled for 272-action games."""
    assert GAME.ai_profile.algorithm == "mcts" and GAME.ai_profile.level_scale < 1


def test_merge_cells_are_empty_cells_touching_two_own_groups() -> None:
    """The evaluation's merge cells: empty cells adjacent (by the board's neighbour table)
    to two or more groups of one colour, counted cell by cell along random games of every
    base, equal the shift-based count the evaluation uses."""
    from shoal.games.sytran.heuristics import _merge_cells
    from shoal.games.sytran.rules import group_bitboards

    rng = random.Random(47)
    checked = 0
    for base in (6, 8, 10):
        game = get("sytran", base=base)
        geo = game.geo
        for _ in range(3):
            state = game.initial()
            while state.outcome is None:
                empty = geo.full & ~(state.white | state.black)
                for colour in (0, 1):
                    groups = group_bitboards(state.stones_of(colour), geo.width)
                    by_table = sum(
                        1
                        for cell in state.empty_cells
                        if sum(1 for g in groups if g & geo.neighbour_mask[cell]) >= 2
                    )
                    assert _merge_cells(geo.width, groups, empty) == by_table
                    checked += 1
                state = state.child(rng.choice(state.legal_actions()))
    assert checked > 1000
