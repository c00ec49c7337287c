"""The option ``first_ending`` ([decision] in rules/syrtis.md): which ending wins when one turn
achieves both the quicksand race and a complete island: ``race`` (default) or ``island``."""

from __future__ import annotations

import pytest

from shoal.core import InvalidOptionError
from shoal.games import get
from shoal.games.syrtis import SyrtisState

# Light (seat 0) has sunk three in a row; sinking c1 makes four and completes Dark's island.
BOTH = "SCCcL/C.CS/cc.CD/.sDSsL play 0 0 L3 0,0 9"
# Light's sink of d3 completes Dark's island only (no race).
ISLAND_ONLY = "..c./sLsCLs/SD.CDC/C... play 0 0 - 0,0 9"


def load(position: str, first_ending: str) -> SyrtisState:
    state = get("syrtis", variant="minor", first_ending=first_ending).load(position)
    assert isinstance(state, SyrtisState)
    return state


def test_the_option_offers_race_by_default_and_island() -> None:
    info = {o.name: o for o in get("syrtis").option_infos()}["first_ending"]
    assert (info.default, info.choices, info.decision) == ("race", ("race", "island"), True)
    with pytest.raises(InvalidOptionError, match="first_ending"):
        get("syrtis", first_ending="both")


def test_race_the_fourth_sink_wins_even_when_it_completes_the_opponents_island() -> None:
    """race: the quicksand race is checked first: it goes to the player who sank last."""
    end = load(BOTH, "race").apply_text("xc1")
    assert end.outcome is not None
    assert (end.outcome.winner, end.outcome.reason) == (0, "quicksand race")


def test_island_a_single_complete_island_is_checked_before_the_race() -> None:
    """island: the original's order: the complete island first, so Dark, whose island the
    fourth sink completed, wins."""
    end = load(BOTH, "island").apply_text("xc1")
    assert end.outcome is not None
    assert (end.outcome.winner, end.outcome.reason) == (1, "complete island")


@pytest.mark.parametrize("first_ending", ["race", "island"])
def test_the_readings_agree_when_only_one_ending_happens(first_ending: str) -> None:
    """Without a race in the same turn both readings give the island to Dark."""
    end = load(ISLAND_ONLY, first_ending).apply_text("xd3")
    assert end.outcome is not None
    assert (end.outcome.winner, end.outcome.reason) == (1, "complete island")


def test_a_loaded_finished_position_is_judged_by_the_reading() -> None:
    """The order also decides the outcome of a finished position read from a string."""
    end = load(BOTH, "race").apply_text("xc1")
    text = end.position()
    assert load(text, "race").outcome == end.outcome
    island = load(text, "island").outcome
    assert island is not None and (island.winner, island.reason) == (1, "complete island")
