"""examples/open_data_jax.py (issue 63): a month of open data loaded as a JAX environment's
action ids and replayed there; a game whose action the environment does not allow, or whose
end it sees elsewhere, is counted (Connect Four: its environment compiles in seconds)."""

from __future__ import annotations

import importlib.util
import random
import sys
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from shoal import games
from shoal.records import Ending, Record
from shoal.records.archive import ArchiveWriter

pytest.importorskip("jax", reason="the optional extra `jax` is not installed (scripts/setup)")

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "open_data_jax.py"


@pytest.fixture(scope="module")
def example() -> Any:
    spec = importlib.util.spec_from_file_location("shoal_example_open_data_jax", EXAMPLE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def _games(count: int) -> list[Record]:
    game, out = games.get("connect4"), []
    for seed in range(count):
        rng, state, actions = random.Random(seed), game.initial(0), []
        while state.outcome is None:
            legal = state.legal_actions()
            actions.append(legal[rng.randrange(len(legal))])
            state = state.apply(actions[-1])
        out.append(Record.from_actions(game, actions, players=("a", "b")))
    resigned = Record.from_actions(game, [3, 3, 2], players=("a", "b"))
    resigned.ending = Ending("1-0", "o resigned")
    return [*out, resigned]


def test_a_month_loads_as_action_ids_and_replays_in_jax(example: Any, tmp_path: Path) -> None:
    records = _games(6)
    path = tmp_path / "shoal_connect4_2026-11.jsonl.zst"
    with ArchiveWriter(path, level=1) as out:
        for record in records:
            out.write_line(record.to_json_dict())
    month = example.load(path)["connect4"]
    assert month.actions.shape == (7, max(len(r.actions) for r in records))
    assert month.actions[6, :4].tolist() == [3, 3, 2, -1] and month.lengths[6] == 3
    assert month.winners[6] == -1  # resigned: not ended by the rules
    assert example.replay(month) == {"games": 7, "illegal": 0, "wrong_end": 0}
    # a record the environment does not follow: a game cut one action short (the rules'
    # end is missing there), and a seventh drop into one column (not legal)
    month.actions[0, month.lengths[0] - 1] = -1
    month.lengths[0] -= 1
    assert example.replay(month) == {"games": 7, "illegal": 0, "wrong_end": 1}
    full = example.Month("connect4", np.full((1, 7), 3, np.int32), np.array([7]), np.array([0]), 0)
    assert example.replay(full)["illegal"] == 1
    assert example.main([str(path)])["connect4"]["games"] == 7
