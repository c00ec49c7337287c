"""Baseline networks as players (issue 63): the decision rule on hand-made networks, and the
shipped networks (load, size, what they say about themselves, legal and repeatable play).

The hand-made networks have no hidden layer, so their value head is ``tanh`` of a weighted
sum of the observation: a weight on one cell of the "my stones" plane and the opposite on the
"their stones" plane makes a stone there worth the same to whoever owns it, seen from either
seat. The player must take that cell whatever the policy head prefers, and must read the
value of a position where the other seat moves as the other seat's (negated).
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from shoal import games, jaxenv
from shoal.ai.baseline import BASELINE_DIR, BaselineAgent, Network, available, save_network
from shoal.core import Game, options_to_strings

SYTRAN6 = games.REGISTRY.from_mapping("sytran", {"base": "6"})
SHIPPED = ("sytran_6", "syrtis_minor")


def linear_network(
    game: Game, value_w: np.ndarray, policy_b: np.ndarray, value_b: float = 0.0
) -> Network:
    """A network without hidden layers: policy = bias only, value = tanh(obs @ value_w + b)."""
    inputs = int(np.prod(game.observation_shape()))
    actions = game.num_distinct_actions
    meta = {"game": game.id, "options": options_to_strings(game.options)}
    return Network(
        [],
        (np.zeros((inputs, actions), np.float32), policy_b.astype(np.float32)),
        (value_w.reshape(inputs, 1).astype(np.float32), np.full(1, value_b, np.float32)),
        meta,
    )


def sytran_agent(tmp_path: Path, cell: int, favoured: int) -> BaselineAgent:
    """A Sytran base 6 network whose value head wants ``cell`` and policy head ``favoured``."""
    geo = SYTRAN6.geo
    side = 2 * geo.base - 1
    q, r = geo.coords[cell]
    index = (r + geo.base - 1) * side + q + geo.base - 1
    value_w = np.zeros(8 * side * side)
    value_w[side * side + index] = 2.0  # plane 1: the observer's stones
    value_w[2 * side * side + index] = -2.0  # plane 2: the other player's stones
    policy_b = np.zeros(SYTRAN6.num_distinct_actions)
    policy_b[favoured] = 10.0
    path = tmp_path / f"sytran_{cell}.npz"
    save_network(linear_network(SYTRAN6, value_w, policy_b), path)
    return BaselineAgent(SYTRAN6, net=str(path))


def test_the_value_head_decides_whatever_the_policy_prefers(tmp_path: Path) -> None:
    """The centre (ring 1) ends the turn: the next position is seen by the other seat, whose
    value (a stone of theirs there: -tanh 2) must be negated; a rim cell (ring 3) keeps the
    turn going: the same seat moves again and its value counts as it is. The policy head
    favours another cell by 10 logits: the raw policy's argmax would play that one."""
    geo = SYTRAN6.geo
    start = SYTRAN6.initial()
    rim = geo.ring_start[3]  # the first ring-3 cell
    assert geo.ring[0] == 1 and geo.ring[rim] == 3 and start.child(0).to_move == 1
    assert start.child(rim).to_move == 0  # the turn goes on
    for cell in (0, rim):
        agent = sytran_agent(tmp_path, cell, favoured=45)
        values = agent.action_values(start)
        assert values[cell] == pytest.approx(np.tanh(2.0), abs=1e-6)
        assert all(abs(v) < 1e-6 for a, v in values.items() if a != cell)
        assert agent.choose(start) == cell
        # and as Black, after White's centre stone: the same cell is wanted from that side
        if cell != 0:
            black = start.child(0)
            assert black.to_move == 1 and agent.choose(black) == cell


def test_ties_go_to_the_policy_and_an_ending_is_scored_by_its_result(tmp_path: Path) -> None:
    """With a value head that says nothing (all zero), the policy's favourite is played; a
    move that wins the game is worth exactly 1, more than the head's tanh gives any other
    (here every other move leaves the opponent at tanh(-1): +0.76 for the mover)."""
    agent = sytran_agent(tmp_path, cell=0, favoured=45)
    zero = linear_network(SYTRAN6, np.zeros(8 * 121), agent.network.policy[1])
    agent.network = zero
    start = SYTRAN6.initial()
    assert agent.choose(start) == 45
    connect4 = games.get("connect4")
    win = connect4.initial()
    for action in (0, 6, 0, 6, 0, 6):  # seat 0 has three in column a; a fourth wins
        win = win.apply(action)
    value_w = np.zeros(int(np.prod(connect4.observation_shape())))
    policy_b = np.zeros(7)
    policy_b[3] = 10.0
    path = tmp_path / "connect4.npz"
    save_network(linear_network(connect4, value_w, policy_b, value_b=-1.0), path)
    c4 = BaselineAgent(connect4, net=str(path))
    values = c4.action_values(win)
    assert values[0] == 1.0
    assert all(v == pytest.approx(np.tanh(1.0)) for a, v in values.items() if a != 0)
    assert c4.choose(win) == 0


@pytest.mark.parametrize("env", SHIPPED)
def test_a_shipped_baseline_loads_is_small_and_plays_legal_moves(env: str) -> None:
    """The shipped file: under 5 MB, its game and options the environment's, its training
    command, time and measured games in its meta; from either seat (Sytran's swap, Syrtis's
    set-up and side choice come first) its first decisions against random are legal actions,
    and it answers a position the same way twice (each decision is a batch of forward passes,
    slow where numpy's threads contend with another test's: few decisions)."""
    path = BASELINE_DIR / f"{env}.npz"
    assert env in available() and path.stat().st_size < 5_000_000
    game_id, options = jaxenv.CORE_GAMES[env]
    game = games.REGISTRY.from_mapping(game_id, {k: str(v) for k, v in options.items()})
    agent = BaselineAgent(game, net=env)
    meta = agent.network.meta
    assert (meta["game"], meta["options"]) == (game_id, {k: str(v) for k, v in options.items()})
    assert meta["command"].startswith("python examples/imitate.py") and meta["train_cpu_s"] > 0
    for level in ("random", "beginner"):
        figures = meta["evaluation"][level]
        assert figures["games"] >= 100 and len(figures["score_interval"]) == 2
    rng = np.random.default_rng(1)
    for seat in (0, 1):
        state, decisions = game.initial(3), 0
        while state.outcome is None and decisions < 5:
            legal = state.legal_actions()
            if state.to_move == seat:
                action = agent.choose(state)
                assert action in legal
                if decisions == 0:
                    assert agent.choose(state) == action
                decisions += 1
            else:
                action = legal[int(rng.integers(len(legal)))]
            state = state.apply(action)
        assert decisions == 5 or (decisions > 0 and state.outcome is not None)
