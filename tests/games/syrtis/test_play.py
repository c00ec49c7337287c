"""Syrtis as a whole: conformance on every variant and pairing, random games, rendering,
heuristics and diagrams."""

from __future__ import annotations

import random
import re

import pytest

from shoal.core.conformance import run_all
from shoal.games import get

from .helpers import MAJOR, MINOR, after, legal, load, play

MOVES = "ssCSD/SsLcC/CccLS/sDSsc"


@pytest.mark.parametrize("pairing", ["point", "mirror"])
@pytest.mark.parametrize("variant", ["major", "minor"])
def test_conformance_on_each_variant(variant: str, pairing: str) -> None:
    run_all(get("syrtis", variant=variant, pairing=pairing), seeds=range(2))


@pytest.mark.parametrize("game", [MAJOR, MINOR], ids=["major", "minor"])
def test_random_games_reach_the_end(game) -> None:  # type: ignore[no-untyped-def]
    """Random games end, with a winner and one of the documented reasons."""
    reasons = {
        "quicksand race",
        "complete island",
        "initiative: both islands complete",
        "initiative: consecutive passes",
        "initiative: four passes",
        "initiative: turn limit",
    }
    for seed in range(12):
        rng = random.Random(seed)
        s = game.initial(seed)
        while s.outcome is None:
            s = s.child(rng.choice(s.legal_actions()))
        assert s.outcome.winner in (0, 1) and s.outcome.reason in reasons
        assert s.to_move is None and not s.legal_actions()


def test_text_rendering_shows_tiles_towers_and_status() -> None:
    text = MINOR.render_text(play(MOVES))
    assert text.splitlines()[0] == "4  s   s   C   SD"
    assert text.splitlines()[-1] == "play: Light (seat 0) to move; no sink yet"
    over = after(play(MOVES, streak="L3"), "xd2")
    assert "wins by quicksand race" in MINOR.render_text(over)


def test_svg_has_tiles_towers_box_coordinates_and_hit_areas() -> None:
    s = load("....../sCScS./cL...C./S.s.c./C.SD.s./sDcCScL. play 0 0 - 0,0 9")
    last = (s.parse_action("a4>d2"),)
    end = s.child(last[0])
    svg = MAJOR.render_svg(end, last=last, highlight=("c3",))
    assert svg.startswith("<svg") and svg.endswith("</svg>") and "viewBox" in svg
    assert svg.count('class="tile ') == end.tiles.bit_count()
    assert svg.count('class="tower light"') == 2 and svg.count('class="tower dark"') == 2
    assert svg.count('class="symbol circle"') == end.circle.bit_count()
    assert 'class="box"' in svg and 'class="last"' in svg
    assert svg.count('class="cell') == 36 and 'class="cell hl" data-cell="c3"' in svg
    # hit areas are drawn last
    assert svg.rindex('class="tower') < svg.index('class="cell"')
    assert re.search(r">a</text>", svg) and re.search(r">6</text>", svg)


def test_svg_marks_a_sink_placement_and_swap() -> None:
    s = play(MOVES)
    sink = s.parse_action("xd2")
    assert "M" in MINOR.render_svg(s.child(sink), last=(sink,))
    setup = load("cscs/scsc/SCSC/CSCS swap - 0 - 0,0 0")
    swap = setup.parse_action("swap a1")
    assert MINOR.render_svg(setup.child(swap), last=(swap,)).count('class="last"') == 2


def test_click_paths() -> None:
    """Tower move and slide: (from, to); sink and placement: (cell,); a pair switch:
    (first cell,); pass and the side choice: ()."""
    s = load("....../sCScS./cL...C./S.s.c./C.SD.s./sDcCScL. play 0 0 - 0,0 9")
    paths = MAJOR.click_paths(s)
    assert paths[s.parse_action("a4-a5")] == ("a4", "a5")
    assert paths[s.parse_action("a4>d2")] == ("a4", "d2")
    assert paths[s.parse_action("xd1")] == ("d1",)
    assert paths[s.parse_action("pass")] == ()
    setup = load("cscs/scsc/SCSC/CSCS swap - 0 - 0,0 0")
    assert MINOR.click_paths(setup)[setup.parse_action("swap b2")] == ("b2",)
    place = load("ScCs/cSsC/sCcS/CsSc place - 0 - 0,0 0")
    paths = MINOR.click_paths(place)
    assert paths[place.parse_action("L@c4")] == paths[place.parse_action("D@c4")] == ("c4",)
    choose = load("SDcLCs/cLSDsC/sCcS/CsSc choose - 1 - 0,0 4")
    assert set(MINOR.click_paths(choose).values()) == {()}
    assert len(set(paths.values())) < len(paths)  # placements share paths: the client asks


def test_features_and_evaluation() -> None:
    s = play(MOVES)
    f = MINOR.features(s)
    assert f["l_mobility"] == 15 and f["d_mobility"] == 5
    assert f["l_sinks"] == 4 and f["tiles"] == 16
    for seat in (0, 1):
        assert -1 <= MINOR.evaluate(s, seat) <= 1
    assert MINOR.evaluate(s, 0) == pytest.approx(-MINOR.evaluate(s, 1))
    racing = play(MOVES, streak="L3")
    assert MINOR.evaluate(racing, 0) > MINOR.evaluate(s, 0)
    assert MINOR.evaluate(MINOR.initial(0), 0) == 0.0


def test_explain_speaks_of_islands_and_the_race() -> None:
    s = play(MOVES, streak="L3")
    assert MINOR.explain(s, s.parse_action("xd2")) == "xd2 wins at once (quicksand race)"
    gift = play("..c./sLsCLs/SD.CDC/C...")
    assert MINOR.explain(gift, gift.parse_action("xd3")).startswith("xd3 loses at once")
    s2 = play(MOVES)
    text = MINOR.explain(s2, s2.parse_action("xa3"))
    assert text.startswith("xa3 ")
    for action in s2.legal_actions():
        assert MINOR.explain(s2, action)


def test_explain_names_a_cut_island() -> None:
    """'sinks the last link of Dark's ... island' when a sink splits an opponent island."""
    s = play("SCCcL/C.CS/cc.CD/.sDSsL")
    reasons = {s.action_text(a): MINOR.explain(s, a) for a in s.legal_actions()}
    assert any("last link of Dark's" in r for r in reasons.values()), reasons


def test_diagrams_are_real_positions() -> None:
    diagrams = MAJOR.diagrams()
    names = [d.name for d in diagrams]
    assert names == ["setup", "islands", "move", "sink", "slide", "win"]
    for d in diagrams:
        svg = MAJOR.render_svg(d.state, last=d.last, highlight=d.highlight)
        assert svg.startswith("<svg")
        assert d.state.game.load(d.state.position()) == d.state
    assert diagrams[-1].state.outcome is not None


def test_sides_before_and_after_the_choice() -> None:
    s = load("SDcLCs/cLSDsC/sCcS/CsSc choose - 1 - 0,0 4")
    assert s.sides() == ("setup", "chooser")
    assert after(s, "dark").sides() == ("light", "dark")
    assert legal(after(s, "dark")) == legal(play("SDcLCs/cLSDsC/sCcS/CsSc"))
