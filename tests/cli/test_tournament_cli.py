"""``shoal tournament simulate``: a simulated event shaped as ``GET /api/tournaments/{id}``."""

from __future__ import annotations

import json

import pytest

from shoal.cli.main import main


def _simulate(capsys: pytest.CaptureFixture[str], *args: str) -> dict:  # type: ignore[type-arg]
    assert main(["tournament", "simulate", *args, "--json"]) == 0
    return json.loads(capsys.readouterr().out)  # type: ignore[no-any-return]


def test_a_swiss_is_shaped_like_the_api_and_repeats_from_its_seed(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Swiss: rounds with pairings [{players, game, result}] and bye; standings with
    player, points and tiebreaks; the same seed gives the same event."""
    args = ("--format", "swiss", "--players", "7", "--rounds", "4", "--seed", "5")
    event = _simulate(capsys, *args)
    assert event == _simulate(capsys, *args)
    assert len(event["rounds"]) == 4
    for rnd in event["rounds"]:
        assert set(rnd) >= {"pairings", "bye"}
        assert rnd["bye"] in event["players"]
        for pairing in rnd["pairings"]:
            assert set(pairing) >= {"players", "game", "result"}
            assert pairing["result"] in ("1-0", "0-1", "1/2-1/2")
    assert len({r["bye"] for r in event["rounds"]}) == 4
    lines = event["standings"]
    assert sorted(line["player"] for line in lines) == [f"p{i}" for i in range(1, 8)]
    assert set(lines[0]["tiebreaks"]) == {
        "sonneborn_berger",
        "buchholz",
        "buchholz_cut1",
        "head_to_head",
        "wins",
    }
    assert sum(line["points"] for line in lines) == 3 * 4 + 4  # three games and a bye a round


def test_a_double_round_robin_of_five_plays_ten_rounds(capsys: pytest.CaptureFixture[str]) -> None:
    """Double round robin of five: ten rounds, each pair twice, one bye each per cycle."""
    event = _simulate(capsys, "--format", "double_round_robin", "--players", "5")
    assert len(event["rounds"]) == 10
    pairs = [tuple(p["players"]) for r in event["rounds"] for p in r["pairings"]]
    assert len(pairs) == len(set(pairs)) == 20


def test_bad_input_is_a_clear_error(capsys: pytest.CaptureFixture[str]) -> None:
    """Too few players, too many rounds: exit 2 with a message, nothing printed."""
    assert main(["tournament", "simulate", "--format", "swiss", "--players", "1"]) == 2
    assert "--players" in capsys.readouterr().err
    assert (
        main(
            ["tournament", "simulate", "--format", "round_robin", "--players", "4", "--rounds", "9"]
        )
        == 2
    )
    assert "3 rounds" in capsys.readouterr().err
