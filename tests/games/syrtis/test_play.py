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
    assert text.splitlines()[-1] == "play: Light to move; no sink yet"
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


def test_svg_caption_stays_inside_the_small_board() -> None:
    """The set-up's long status lines are fitted to the 4x4 board's width (issue 40: the
    Syrtis course's caption ran outside the dark board); a short one keeps its 12 px."""
    setup = load("cscs/scsc/SCSC/CSCS swap - 0 - 0,0 0")
    svg = MINOR.render_svg(setup)
    side = float(re.search(r'viewBox="0 0 ([\d.]+)', svg).group(1))  # type: ignore[union-attr]
    caption = re.search(r'<text ([^>]*) class="status">([^<]*)</text>', svg)
    assert caption is not None and len(caption.group(2)) > 60
    fitted = re.search(r'textLength="([\d.]+)"', caption.group(1))
    assert fitted is not None and float(fitted.group(1)) <= side - 16
    short = MAJOR.render_svg(play(MOVES))
    assert re.search(r'font-size="12" fill="#d8ecf5" class="status"', short)


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


def test_observation_planes_from_each_seat() -> None:
    """Board planes (tile, light, circle, own towers, other towers) and constant planes
    (sides, to move, phase, streaks, passes, no sink yet, turn), all in [0, 1]."""
    s = load("cSsC/ScLCDs/sLCcSD/CsSc play 1 1 D3 1,0 250")  # seat 1 Light, to move
    n = 16
    assert MINOR.observation_shape() == (17, 4, 4) and MAJOR.observation_shape() == (17, 6, 6)

    def plane(obs: list[float], k: int) -> list[float]:
        return obs[k * n : (k + 1) * n]

    def cells(values: list[float]) -> set[str]:
        return {MINOR.geo.names[c] for c, v in enumerate(values) if v}

    light, dark = MINOR.observation(s, 1), MINOR.observation(s, 0)
    for obs in (light, dark):
        assert len(obs) == 17 * n and all(0.0 <= v <= 1.0 for v in obs)
        assert plane(obs, 0) == [1.0] * n
        assert cells(plane(obs, 1)) == {"a4", "c4", "b3", "d3", "a2", "c2", "b1", "d1"}
        assert cells(plane(obs, 2)) == {"a4", "d4", "b3", "c3", "b2", "c2", "a1", "d1"}
        assert plane(obs, 8) == plane(obs, 9) == plane(obs, 10) == [0.0] * n  # play phase
        assert plane(obs, 15) == [0.0] * n  # a tile has been sunk
        assert plane(obs, 16) == [0.25] * n
    assert cells(plane(light, 3)) == cells(plane(dark, 4)) == {"b3", "a2"}
    assert cells(plane(light, 4)) == cells(plane(dark, 3)) == {"c3", "d2"}
    assert plane(light, 5) == plane(dark, 6) == [1.0] * n
    assert plane(light, 6) == plane(dark, 5) == [0.0] * n
    assert plane(light, 7) == [1.0] * n and plane(dark, 7) == [0.0] * n
    assert plane(light, 12) == plane(dark, 11) == [0.75] * n  # Dark's streak of 3
    assert plane(light, 11) == plane(dark, 12) == [0.0] * n
    assert plane(light, 13) == plane(dark, 14) == [0.25] * n  # Light passed once
    setup = load("cscs/scsc/SCSC/CSCS swap - 0 - 0,0 0")
    obs = MINOR.observation(setup, 0)
    assert plane(obs, 8) == [1.0] * n and plane(obs, 15) == [1.0] * n
    assert plane(obs, 5) == plane(obs, 6) == [0.0] * n
