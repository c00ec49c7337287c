"""Load a month of shoal's open data into a JAX environment: its games as action ids, replayed.

``python examples/open_data_jax.py open-data/games/sytran/shoal_sytran_2026-11.jsonl.zst``

The open data's games (docs/data.md) are read with ``shoal.records.archive.read_games``; a
record's actions are the game's action ids, which are the JAX environments' action ids
(``shoal.jaxenv``, docs/jax.md). The games of one environment (the record's game and options:
``sytran`` with ``base=6`` is ``sytran_6``) become padded arrays, ``actions`` ``[games,
length]`` (``-1`` past a game's end), ``lengths`` and ``winners``, ready for training; then
every game is replayed through ``env.step`` at once (``vmap`` over the games, ``lax.scan``
over the actions) and the replay checks that each action is legal in the environment and
that the environment ends each game where the record does, with the record's winner.

A game the environment cannot start from the record's own start (a random set-up drawn by the
core engine's seed, Syrtis and Sirtet, or a record that starts from a position) is counted
and left out of the replay: its action ids are still the environment's.

Needs the ``jax`` extra (scripts/setup installs it).
"""

from __future__ import annotations

import argparse
import dataclasses
from collections.abc import Sequence
from pathlib import Path

import jax
import jax.numpy as jnp
import numpy as np

from shoal import jaxenv
from shoal.core import options_to_strings
from shoal.records import Record
from shoal.records.archive import read_games


@dataclasses.dataclass
class Month:
    """One environment's games of a file, as arrays."""

    env_id: str
    actions: np.ndarray  # int32 [games, length], -1 past the end
    lengths: np.ndarray  # int32 [games]
    winners: np.ndarray  # int32 [games]: 0 or 1, 2 a draw by the rules, -1 not ended by the rules
    skipped: int  # games this environment cannot start as the record does


def env_of(record: Record) -> str | None:
    """The JAX environment that plays the record's game with its options (None: none)."""
    wanted = (record.game.id, options_to_strings(record.game.options))
    for env_id, (game_id, options) in jaxenv.CORE_GAMES.items():
        given = record.game.with_options({k: str(v) for k, v in options.items()})
        if (game_id, options_to_strings(given.options)) == wanted:
            return env_id
    return None


def load(path: Path) -> dict[str, Month]:
    """The file's games, per environment, as padded arrays of action ids."""
    found: dict[str, list[Record]] = {}
    skipped: dict[str, int] = {}
    for record in read_games(path):
        env_id = env_of(record)
        if env_id is None:
            continue
        if record.start is not None or record.game.random_setup:
            skipped[env_id] = skipped.get(env_id, 0) + 1
            continue
        found.setdefault(env_id, []).append(record)
    months = {}
    for env_id, records in found.items():
        length = max(len(r.actions) for r in records)
        actions = np.full((len(records), length), -1, dtype=np.int32)
        for i, r in enumerate(records):
            actions[i, : len(r.actions)] = r.actions
        outcomes = [r.final_state().outcome for r in records]
        winners = [-1 if o is None else 2 if o.winner is None else o.winner for o in outcomes]
        months[env_id] = Month(
            env_id,
            actions,
            np.array([len(r.actions) for r in records], dtype=np.int32),
            np.array(winners, dtype=np.int32),
            skipped.get(env_id, 0),
        )
    for env_id, count in skipped.items():
        empty = np.zeros(0, np.int32)
        months.setdefault(env_id, Month(env_id, empty.reshape(0, 0), empty, empty, count))
    return months


def replay(month: Month) -> dict[str, int]:
    """Replay ``month``'s games in its environment: counts of games, of illegal actions, and
    of games the environment ended elsewhere or with another winner than the record."""
    env = jaxenv.make(month.env_id)
    games = len(month.lengths)
    if games == 0:
        return {"games": 0, "illegal": 0, "wrong_end": 0}
    state = jax.vmap(env.init)(jax.random.split(jax.random.PRNGKey(0), games))

    def step(carry: tuple, actions: jax.Array) -> tuple:
        state, illegal, ended_at = carry
        live = actions >= 0
        safe = jnp.where(live, actions, 0)
        legal = jnp.take_along_axis(state.legal_action_mask, safe[:, None], axis=1)[:, 0]
        illegal = illegal + jnp.sum(live & ~legal & ~state.terminated)
        nxt = jax.vmap(env.step)(state, safe)
        state = jax.tree_util.tree_map(
            lambda new, old: jnp.where(live.reshape((-1,) + (1,) * (new.ndim - 1)), new, old),
            nxt,
            state,
        )
        ended_at = jnp.where(live & state.terminated & (ended_at < 0), state._step_count, ended_at)
        return (state, illegal, ended_at), None

    start = (state, jnp.array(0), jnp.full(games, -1))
    (final, illegal, ended_at), _ = jax.jit(lambda s, a: jax.lax.scan(step, s, a))(
        start, jnp.asarray(month.actions.T)
    )
    first = np.asarray(final.rewards[:, 0])
    env_winner = np.where(first > 0, 0, np.where(first < 0, 1, 2))
    terminated = np.asarray(final.terminated)
    by_rules = month.winners >= 0
    # over by the rules: the environment ends it at the same action with the same winner;
    # ended off the board (a resignation, time): the environment has not ended it
    right = np.where(
        by_rules,
        (np.asarray(ended_at) == month.lengths) & (env_winner == month.winners),
        ~terminated,
    )
    wrong = ~right
    return {"games": games, "illegal": int(illegal), "wrong_end": int(wrong.sum())}


def main(argv: Sequence[str] | None = None) -> dict[str, dict[str, int]]:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("file", type=Path, help="an open-data games file (.jsonl.zst, .txt.zst)")
    args = parser.parse_args(argv)
    out = {}
    for env_id, month in sorted(load(args.file).items()):
        figures = replay(month)
        figures["skipped"] = month.skipped
        out[env_id] = figures
        print(
            f"{env_id}: {figures['games']} games as action ids {month.actions.shape}, replayed in "
            f"JAX: {figures['illegal']} illegal actions, {figures['wrong_end']} ended otherwise; "
            f"{month.skipped} left out (a set-up the environment cannot start from)"
        )
    return out


if __name__ == "__main__":
    main()
