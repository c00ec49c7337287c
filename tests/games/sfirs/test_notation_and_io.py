"""Notation, position strings, bad input, perft, options, rendering and heuristics."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from shoal.analysis.perft import perft
from shoal.core import (
    GameOverError,
    IllegalActionError,
    InvalidNotationError,
    InvalidPositionError,
)
from shoal.core.conformance import run_all
from shoal.games import get
from shoal.games.sfirs.notation import NUM_ACTIONS, REVIVE, STOP

from .build import GAME, make, play, texts

DATA = json.loads((Path(__file__).parent / "perft.json").read_text())
INITIAL = GAME.initial()


@pytest.mark.parametrize("entry", DATA["positions"], ids=lambda e: e["name"])
def test_perft_counts(entry: dict) -> None:  # type: ignore[type-arg]
    state = GAME.load(entry["position"])
    assert [perft(state, d) for d in range(len(entry["counts"]))] == entry["counts"]


def test_action_encoding() -> None:
    """Moves are from*144+to, revivals 20736+cell, stop 20880."""
    assert INITIAL.parse_action("e5-c5") == 52 * 144 + 50
    assert (REVIVE, STOP, NUM_ACTIONS) == (20736, 20880, 20881)
    assert GAME.num_distinct_actions == 20881
    chained = make("Wc3 wf10 Wj4 Bk11", chain="-")
    state = play(chained, "c3-a3")
    assert state.parse_action("+f10") == REVIVE + 9 * 12 + 5
    assert state.parse_action("stop") == STOP


@pytest.mark.parametrize("text", [" E5 - C5 ", "e5-c5", "E5-C5"])
def test_notation_is_normalised(text: str) -> None:
    assert INITIAL.parse_action(text) == INITIAL.parse_action("e5-c5")


@pytest.mark.parametrize("text", ["e13-e5", "m1-a1", "e5c5", "+m3", "stop now", "e5-", "-e5", "x"])
def test_malformed_notation_is_refused(text: str) -> None:
    before = INITIAL.position()
    with pytest.raises(InvalidNotationError):
        INITIAL.parse_action(text)
    assert INITIAL.position() == before


@pytest.mark.parametrize(
    ("text", "why"),
    [
        ("g5-g4", "at least 2 squares"),
        ("f6-f4", "the cube on f5 is in the way"),
        ("b2-b4", "first move is with a cube from the start area"),
        ("f5-f3", "the cube on f5 is Black's"),
        ("c3-c5", "there is no cube on c3"),
        ("stop", "stop only ends a chain"),
        ("+b2", "a revival only follows a move"),
    ],
)
def test_illegal_actions_say_why_and_change_nothing(text: str, why: str) -> None:
    before = INITIAL.position()
    with pytest.raises(IllegalActionError, match=why):
        INITIAL.parse_action(text)
    with pytest.raises(IllegalActionError, match=why):
        INITIAL.apply(_number(text))
    assert INITIAL.position() == before


def _number(text: str) -> int:
    from shoal.games.sfirs.notation import parse_action_text

    return parse_action_text(text)


def test_actions_after_the_end_are_refused() -> None:
    end = make("wa4 Bk11", last="b")
    assert end.outcome is not None
    with pytest.raises(GameOverError):
        end.apply(0)
    with pytest.raises(GameOverError):
        end.parse_action("a4-a6")


def test_position_string_documented_example() -> None:
    assert INITIAL.position() == (
        "12/1B8B1/12/12/4bwbw4/4wbwb4/4bwbw4/4wbwb4/12/12/1W8W1/12 w - - 0 wb"
    )
    state = play(INITIAL, "f8-f12")
    assert state.position() == (
        "5w6/1B8B1/12/12/4b1bw4/4wbwb4/4bwbw4/4wbwb4/12/12/1W8W1/12 w f12,start - 0 b"
    )
    assert GAME.load(state.position()) == state
    end = make("wa4 Bk11", last="b", turn=7)
    assert GAME.load(end.position()) == end and end.position().endswith(" w - b 7 -")


@pytest.mark.parametrize(
    ("position", "why"),
    [
        ("", "six fields"),
        ("12/12 w - - 0 -", "12 ranks"),
        ("12/12/12/12/12/12/12/12/12/12/12/11 w - - 0 -", "rank 1 has 11 cells"),
        ("12/12/12/12/12/12/12/12/12/12/12/12x w - - 0 -", "not a cube"),
        ("12/12/12/12/12/12/12/12/12/12/12/W11 w - - 0 -", "outer edge"),
        ("12/12/12/12/4W7/12/12/12/12/12/12/12 w - - 0 -", "start area"),
        ("12/12/12/12/12/12/12/12/12/12/12/13 w - - 0 -", "rank 1 has 13 cells"),
        ("12/12/12/12/12/12/12/12/12/12/12/12 x - - 0 -", "side to move"),
        ("12/12/12/12/12/12/12/12/12/12/1W10/12 w c3,start - 0 -", "inactive cube of w"),
        ("12/12/12/12/12/12/12/12/12/12/1w10/12 w b2,maybe - 0 -", "CELL,start"),
        ("12/12/12/12/12/12/12/12/12/12/1w10/12 w b2,start - 0 -", "no follow-up"),
        ("12/12/12/12/12/12/12/12/12/12/12/12 w - x 0 -", "play-area mover"),
        ("12/12/12/12/12/12/12/12/12/12/12/12 w - - -1 -", "turn count"),
        ("12/12/12/12/12/12/12/12/12/12/12/12 w - - 0 bw", "first-move field"),
    ],
)
def test_bad_position_strings_are_refused(position: str, why: str) -> None:
    with pytest.raises(InvalidPositionError, match=why):
        GAME.load(position)


def test_a_chain_cannot_continue_past_the_turn_limit() -> None:
    with pytest.raises(InvalidPositionError, match="turn limit"):
        make("Wc3 wa3 Bk11", chain="a3,start", turn=500)


@pytest.mark.parametrize("options", [{"first": "black"}, {"max_turns": 4}])
def test_conformance_of_variants(options: dict) -> None:  # type: ignore[type-arg]
    run_all(get("sfirs", **options), seeds=range(3))


def test_click_paths_and_svg_contract() -> None:
    state = play(make("Wc3 wf10 Wj4 Bk11"), "c3-a3")
    paths = GAME.click_paths(state)
    assert paths[state.parse_action("+f10")] == ("f10",)
    assert paths[state.parse_action("stop")] == ()
    assert paths[state.parse_action("j4-j2")] == ("j4", "j2")
    svg = GAME.render_svg(state, last=[state.parse_action("j4-j2")], highlight=["j4"])
    assert svg.startswith("<svg") and 'viewBox="0 0 ' in svg and "width=" not in svg[:120]
    assert svg.count('class="cell') == 144
    assert svg.index('data-cell="a1"') > svg.rindex('class="cube')
    assert 'class="cell hl" data-cell="j4"' in svg and 'class="chain"' in svg
    assert "marker-end" in svg


def test_render_text_shows_regions_and_status() -> None:
    text = GAME.render_text(play(INITIAL, "f8-f12"))
    assert "chain after f12" in text and "~ ~" in text and "b : b w" in text


def test_heuristics() -> None:
    f = GAME.features(INITIAL)
    assert f["white_movable"] == f["black_movable"] == 2
    assert f["white_start"] == 8 and f["white_revivable"] == 0
    assert GAME.evaluate(INITIAL, 0) == 0.0
    strong = make("Wd4 Wj4 wb7 Bk11", side="b")
    assert GAME.evaluate(strong, 0) > 0 > GAME.evaluate(strong, 1)
    state = make("Wd2 Bh3 Bk11")
    assert "deactivates h3" in GAME.explain(state, state.parse_action("d2-g2"))
    end = make("Wd4 be5", side="w")
    assert "wins" in GAME.explain(end, end.parse_action("d4-d2"))
    assert texts(INITIAL)


def test_an_unfinished_chain_says_what_must_come_next() -> None:
    """Whole turns: a chain left open names the inactive cube and the follow-up or stop due."""
    state = make("Wc3 Wj10 Bk11")
    with pytest.raises(IllegalActionError) as info:
        state.parse_turn("c3-a3")
    assert str(info.value) == (
        "c3-a3: the turn is not complete: the cube on a3 ended inactive, so a follow-up "
        "(a move or a revival) or stop must come next"
    )
    assert state.parse_turn("c3-a3; stop") == [state.parse_action("c3-a3"), 20880]
