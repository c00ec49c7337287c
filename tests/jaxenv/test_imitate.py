"""examples/imitate.py (issue 63): a tiny imitation run end to end in seconds (two teacher
games of Syrtis minor, one held out, two epochs), saved as a baseline that plays legal moves
with numpy and carries its command, its time, the epoch kept and its games against random and
beginner; its teacher samples kept for a later run and refused to a run of other settings."""

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
    samples = tmp_path / "samples.npz"
    words = ["--env", "syrtis_minor", "--teacher", "casual", "--games", "2", "--epochs", "2"]
    words += ["--batch", "8", "--width", "16", "--depth", "1", "--eval-games", "2"]
    words += ["--holdout", "0.5", "--data", str(samples)]
    meta = imitate.main([*words, "--save", str(net), "--json", str(tmp_path / "run.json")])
    assert meta["positions"] > meta["held_out_positions"] > 0 and meta["train_cpu_s"] > 0
    kept = [point for point in meta["curve"] if point.get("kept")]
    assert len(kept) == 1 and kept[0]["held_value_loss"] == min(
        point["held_value_loss"] for point in meta["curve"]
    )
    assert samples.exists()
    with pytest.raises(SystemExit, match="samples of other settings"):
        imitate.main([*words[:5], "3", *words[6:], "--save", str(tmp_path / "other.npz")])
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
