"""The AlphaZero example (examples/alphazero.py) runs end to end in a tiny configuration."""

from __future__ import annotations

import importlib.util
import json
import math
import sys
from pathlib import Path
from typing import Any

import jax
import jax.numpy as jnp
import numpy as np
import pytest

from shoal import games
from shoal.ai.baseline import BaselineAgent, read_network

pytest.importorskip("mctx", reason="the optional extra `jax` is not installed (scripts/setup)")
pytest.importorskip("flax", reason="the optional extra `jax` is not installed (scripts/setup)")
pytest.importorskip("optax", reason="the optional extra `jax` is not installed (scripts/setup)")

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "alphazero.py"


@pytest.fixture(scope="module")
def az() -> Any:
    spec = importlib.util.spec_from_file_location("shoal_example_alphazero", EXAMPLE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def test_wilson_interval(az: Any) -> None:
    from alphazero_io import wilson  # beside the example, on the path it set

    low, high = wilson(9, 10)
    assert (round(low, 4), round(high, 4)) == (0.5958, 0.9821)
    low, high = wilson(0, 20)
    assert low == 0.0 and 0.16 < high < 0.17
    assert wilson(100, 100)[1] == pytest.approx(1.0)


def test_value_targets_alternate_seats_and_mask_unfinished_games(az: Any) -> None:
    # one game column: moves 0..3, the game ends on move 2 won by its mover; move 3 starts
    # a new game that has not ended inside the data
    reward = jnp.array([[0.0], [0.0], [1.0], [0.0]])
    ended = jnp.array([[False], [False], [True], [False]])
    player = jnp.array([[0], [1], [0], [0]])
    data = az.Sample(obs=None, policy=None, reward=reward, terminated=ended, player=player)
    values, known = az.AlphaZero.targets(data)
    assert values[:, 0].tolist()[:3] == [1.0, -1.0, 1.0]
    assert known[:, 0].tolist() == [True, True, True, False]


def test_value_targets_keep_their_sign_within_a_turn_of_several_actions(az: Any) -> None:
    """Sytran's stones: seat 0 moves twice in a row, then seat 1 wins; the outcome passes
    back negated only where the seat changes."""
    reward = jnp.array([[0.0], [0.0], [0.0], [1.0]])
    ended = jnp.array([[False], [False], [False], [True]])
    player = jnp.array([[0], [0], [1], [1]])
    data = az.Sample(obs=None, policy=None, reward=reward, terminated=ended, player=player)
    values, known = az.AlphaZero.targets(data)
    assert values[:, 0].tolist() == [-1.0, -1.0, 1.0, 1.0]
    assert known[:, 0].tolist() == [True] * 4


def test_search_takes_a_win_in_one(az: Any) -> None:
    cfg = az.QUICK
    agent = az.AlphaZero(cfg)
    params = agent.init_params(jax.random.PRNGKey(1))
    env = agent.env
    state = env.init(jax.random.PRNGKey(0))
    for column in (3, 0, 3, 0, 3, 0):  # seat 0 wins by playing column 3 again
        state = env.step(state, column)
    batch = jax.tree_util.tree_map(lambda a: a[None], state)
    out = agent.search(params, jax.random.PRNGKey(2), batch, 16, 0.0)
    assert int(out.action[0]) == 3


def test_quick_run_end_to_end(az: Any, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exc:
        az.main(["--help"])
    assert exc.value.code == 0
    assert "--simulations" in capsys.readouterr().out

    net = tmp_path / "net.npz"
    result = az.main(
        [
            "--quick",
            "--seed",
            "3",
            "--json",
            str(tmp_path / "r.json"),
            "--plot",
            str(tmp_path / "c.png"),
            "--save",
            str(net),
        ]
    )
    assert [p["iteration"] for p in result["curve"]] == [1, 2]
    for point in result["curve"]:
        assert math.isfinite(point["policy_loss"]) and math.isfinite(point["value_loss"])
        rec = point["raw_vs_random"]
        assert rec["wins"] + rec["draws"] + rec["losses"] == rec["games"] == az.QUICK.eval_games
    for stage in ("untrained", "trained"):
        assert set(result[stage]) == {"raw_policy", f"search_{az.QUICK.eval_simulations}"}
        for rec in result[stage].values():
            assert rec["games"] == az.QUICK.final_games
            assert rec["wilson95"][0] <= rec["win_rate"] <= rec["wilson95"][1]
    assert json.loads((tmp_path / "r.json").read_text())["config"]["iterations"] == 2
    written = list(tmp_path.glob("c.*"))
    assert len(written) == 1 and written[0].stat().st_size > 0
    # the hand-written SVG, for a venv without matplotlib
    from alphazero_io import _svg

    curve = result["curve"]
    evals = [(p["iteration"], p["raw_vs_random"]) for p in curve]
    svg = _svg([p["iteration"] for p in curve], curve, evals)
    assert svg.startswith("<svg") and svg.count("<polyline") == 3
    # the saved network plays with numpy alone, as the flax net does, on the core protocol
    network = read_network(net)
    assert network.meta["env"] == "connect4" and network.meta["iterations_done"] == 2
    assert network.meta["train_cpu_s"] > 0 and "--quick" in network.meta["command"]
    game = games.get("connect4")
    state = game.initial(0).apply(3)
    obs = jnp.asarray([game.observation(state, 1)], dtype=jnp.float32)
    params = az.AlphaZero(az.QUICK).init_params(jax.random.PRNGKey(0))
    flax_logits, _ = az.Net(7, az.QUICK.width, az.QUICK.depth).apply(params, obs)
    mine = az.to_network(params, az.QUICK.depth, {})
    assert np.allclose(mine.forward(np.asarray(obs))[0], np.asarray(flax_logits), atol=1e-5)
    agent = BaselineAgent(game, net=str(net))
    assert agent.choose(state) in state.legal_actions()
