"""Every reading of the rules offered as an option ([decision] with named values) passes the
conformance suite, like the defaults do in test_conformance.py."""

from __future__ import annotations

import pytest

from shoal import games
from shoal.core.conformance import run_all


def readings() -> list[tuple[str, str, object]]:
    """(game, option, value) for every non-default value of every [decision] option."""
    out = []
    for game_id in games.ids():
        for info in type(games.get(game_id)).option_infos():
            if info.decision and info.choices:
                out += [(game_id, info.name, v) for v in info.choices if v != info.default]
    return out


def test_the_five_unsure_readings_are_offered() -> None:
    """rules/: Sytran shortage, Cyclix king_sight, SFIRS crossing and start_chain, Syrtis
    first_ending are options whose other values are listed."""
    offered = {(g, name) for g, name, _ in readings()}
    expected = {("sytran", "shortage"), ("cyclix", "king_sight")}
    expected |= {("sfirs", "crossing"), ("sfirs", "start_chain"), ("syrtis", "first_ending")}
    assert expected <= offered


@pytest.mark.parametrize(("game_id", "name", "value"), readings(), ids=str)
def test_every_reading_passes_the_conformance_suite(game_id: str, name: str, value: object) -> None:
    run_all(games.get(game_id, **{name: value}), seeds=range(2))
