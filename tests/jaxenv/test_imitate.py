"""examples/imitate.py (issue 63): a tiny imitation run end to end in seconds (two teacher
games of Syrtis minor, one epoch), saved as a baseline that plays legal moves with numpy and
carries its command, its time and its games against random and beginner."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from typing import Any

import pytest

from shoal import games
from shoal.ai.baseline import BaselineAgent, read_network

pytest.importorskip("optax", reason="the optional extra `jax` is not installed (scripts/setup)")

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "imitate.py"


@pytest.fixture(scope="module")
def imitate() -> Any:
    spec = importlib.util.spec_from_file_location("shoal_example_imitate", EXAMPLE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def test_a_tiny_imitation_run_saves_a_baseline_with_its_figures(
    imitate: Any, tmp_path: Path
) -> None:
    net = tmp_path / "syrtis_minor.npz"
    words = ["--env", "syrtis_minor", "--teacher", "casual", "--games", "2", "--epochs", "1"]
    words += ["--batch", "8", "--width", "16", "--depth", "1", "--eval-games", "2"]
    meta = imitate.main([*words, "--save", str(net), "--json", str(tmp_path / "run.json")])
    assert meta["positions"] > 8 and meta["train_cpu_s"] > 0
    assert meta["evaluation"].keys() == {"random", "beginner"}
    for figures in meta["evaluation"].values():
        assert figures["games"] == 2 and figures["wins"] + figures["draws"] + figures["losses"] == 2
    saved = read_network(net)
    assert saved.meta["command"].endswith(f"--save {net} --json {tmp_path / 'run.json'}")
    assert saved.meta["game"] == "syrtis" and saved.meta["options"] == {"variant": "minor"}
    assert saved.meta["evaluation"] == meta["evaluation"]
    game = games.REGISTRY.from_mapping("syrtis", {"variant": "minor"})
    agent = BaselineAgent(game, net=str(net))
    state = game.initial(5)
    for _ in range(6):
        if state.outcome is not None:
            break
        action = agent.choose(state)
        assert action in state.legal_actions()
        state = state.apply(action)
    with pytest.raises(ValueError, match="plays syrtis variant=minor, not connect4"):
        BaselineAgent(games.get("connect4"), net=str(net))
