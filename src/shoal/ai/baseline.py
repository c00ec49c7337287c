"""Trained baseline networks as players: ``baseline:ENV`` (``baseline:sytran_6``).

A baseline is a small network (an MLP: the game's observation planes -> policy logits over
the action ids, and a value) trained for the JAX environment ``ENV`` (by
``examples/imitate.py`` or ``examples/alphazero.py``) and shipped as
``baselines/ENV.npz`` beside this module: its layers as arrays and a ``meta`` JSON string (the
environment, the game and options it plays, the training command, its time, and its measured
games). It plays here with numpy alone, no JAX, by its value head one action deep: each legal
action's resulting position is scored in one batched forward pass (the observation of
:meth:`~shoal.core.Game.observation` for the seat to move there, negated when that is the
other seat: in Sytran a turn is several actions of one seat; a position that ends the game is
scored by its result), and the best is played, ties to the higher policy logit, then the
lower action id. So it is deterministic and fast; it ignores any budget it is given.

Why not the raw policy (the legal action with the highest logit): a policy head trained on a
search's root visit shares learns what those shares say, and on ``sytran_6`` club's shares are
nearly uniform over the legal actions (docs/ai.md, "Baselines"); the argmax of such a policy
turns a small edge per cell into a systematic choice (one-stone turns) and lost to random.

``get_player("baseline:sytran_6", game)`` gives one (:func:`shoal.ai.get_player`), so
``shoal arena`` and the ladder take it by that name.
"""

from __future__ import annotations

import functools
import json
from pathlib import Path
from typing import Any

import numpy as np
from numpy.typing import NDArray

from shoal.core import Action, Game, InvalidOptionError, State, options_to_strings

__all__ = ["BASELINE_DIR", "BaselineAgent", "Network", "available", "load_network", "save_network"]

BASELINE_DIR = Path(__file__).resolve().parent / "baselines"
"""Where the shipped networks are."""

Floats = NDArray[np.float32]


class Network:
    """An MLP's weights: hidden ReLU layers, a policy head and a tanh value head."""

    def __init__(
        self,
        hidden: list[tuple[Floats, Floats]],
        policy: tuple[Floats, Floats],
        value: tuple[Floats, Floats],
        meta: dict[str, Any],
    ) -> None:
        self.hidden = hidden
        self.policy = policy
        self.value = value
        self.meta = meta

    def forward(self, obs: Floats) -> tuple[Floats, Floats]:
        """Policy logits ``[batch, actions]`` and values ``[batch]`` for observations."""
        x = obs.reshape((obs.shape[0], -1)).astype(np.float32)
        for w, b in self.hidden:
            x = np.maximum(x @ w + b, 0.0)
        logits = x @ self.policy[0] + self.policy[1]
        value = np.tanh(x @ self.value[0] + self.value[1])[:, 0]
        return logits, value

    @property
    def parameters(self) -> int:
        """How many numbers the network holds."""
        arrays = [a for layer in (*self.hidden, self.policy, self.value) for a in layer]
        return int(sum(a.size for a in arrays))


def save_network(network: Network, path: Path) -> None:
    """Write ``network`` as an ``.npz`` (float32 arrays and the ``meta`` JSON)."""
    arrays: dict[str, Any] = {"meta": np.array(json.dumps(network.meta, sort_keys=True))}
    for i, (w, b) in enumerate(network.hidden):
        arrays[f"hidden_{i}_w"], arrays[f"hidden_{i}_b"] = w, b
    arrays["policy_w"], arrays["policy_b"] = network.policy
    arrays["value_w"], arrays["value_b"] = network.value
    np.savez_compressed(path, allow_pickle=False, **{k: np.asarray(v) for k, v in arrays.items()})


def read_network(path: Path) -> Network:
    """The network in the ``.npz`` file ``path``."""
    with np.load(path, allow_pickle=False) as data:
        meta = json.loads(str(data["meta"]))
        depth = sum(1 for key in data.files if key.startswith("hidden_") and key.endswith("_w"))

        def as32(key: str) -> Floats:
            return np.asarray(data[key], dtype=np.float32)

        hidden = [(as32(f"hidden_{i}_w"), as32(f"hidden_{i}_b")) for i in range(depth)]
        return Network(
            hidden, (as32("policy_w"), as32("policy_b")), (as32("value_w"), as32("value_b")), meta
        )


def available() -> list[str]:
    """The environments that have a shipped network."""
    return sorted(p.stem for p in BASELINE_DIR.glob("*.npz"))


@functools.cache
def load_network(env_id: str) -> Network:
    """The shipped network of ``env_id`` (InvalidOptionError names the ones there are)."""
    path = BASELINE_DIR / f"{env_id}.npz"
    if not path.is_file():
        raise InvalidOptionError(
            f"no baseline network for {env_id!r} (there are: {', '.join(available()) or 'none'})"
        )
    return read_network(path)


class BaselineAgent:
    """A player that plays a network's value head one action deep (see the module's text):
    ``net`` is the environment id of a shipped network, or the path of an ``.npz`` file.

    Usable as a :class:`~shoal.ai.players.Player` (``choose(state)``) and as a ladder agent
    (``choose(state, budget)``; the budget is not needed: one forward pass a decision).
    """

    budget = "time"

    def __init__(self, game: Game, seed: int = 0, *, net: str) -> None:
        if net.endswith(".npz"):  # a network of one's own, from a training run
            if not Path(net).is_file():
                raise InvalidOptionError(f"there is no network file {net!r}")
            self.network = read_network(Path(net))
        else:
            self.network = load_network(net)
        self.name = f"baseline:{net}"
        self.game = game
        meta = self.network.meta
        wanted = (meta["game"], dict(meta.get("options", {})))
        given = (game.id, options_to_strings(game.options))
        if wanted != given:
            raise InvalidOptionError(
                f"the baseline {net!r} plays {_describe(*wanted)}, not {_describe(*given)}"
            )

    def scores(self, state: State) -> tuple[Floats, float]:
        """The policy logits over every action id, and the value for the seat to move."""
        seat = state.to_move
        if seat is None:
            raise ValueError("the game is over")
        obs = np.asarray(self.game.observation(state, seat), dtype=np.float32)[None, :]
        logits, value = self.network.forward(obs)
        return logits[0], float(value[0])

    def action_values(self, state: State) -> dict[Action, float]:
        """Each legal action's value for the seat to move: the value head's for the position it
        leads to (negated when the other seat moves there), or the result if the game ends."""
        seat = state.to_move
        if seat is None:
            raise ValueError("the game is over")
        values: dict[Action, float] = {}
        rows: list[list[float]] = []
        signs: list[tuple[Action, float]] = []
        for action in state.legal_actions():
            child = state.child(action)
            outcome, mover = child.outcome, child.to_move
            if outcome is not None or mover is None:
                winner = outcome.winner if outcome is not None else None
                values[action] = 0.0 if winner is None else (1.0 if winner == seat else -1.0)
                continue
            rows.append(self.game.observation(child, mover))
            signs.append((action, 1.0 if mover == seat else -1.0))
        if rows:
            _, predicted = self.network.forward(np.asarray(rows, dtype=np.float32))
            for (action, sign), value in zip(signs, predicted, strict=True):
                values[action] = sign * float(value)
        return values

    def choose(self, state: State, budget: object = None) -> Action:
        """The legal action whose resulting position is worth most to the seat to move (ties to
        the higher policy logit, then the lower action id)."""
        values = self.action_values(state)
        logits, _ = self.scores(state)
        return max(values, key=lambda action: (values[action], float(logits[action]), -action))


def _describe(game_id: str, options: dict[str, str]) -> str:
    words = " ".join(f"{k}={v}" for k, v in sorted(options.items()))
    return f"{game_id} {words}".strip()
