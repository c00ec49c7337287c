"""Late positions of random games: a test of a whole game played through an interface (the
browser, the terminal) starts a long game near its end, where each turn costs seconds."""

from __future__ import annotations

import random

from shoal import games

LATE = 30
"""A game longer than twice this many plies is played from this many plies before its end."""


def late_position(game_id: str, seed: int) -> str:
    """The position ``LATE`` plies before the end of a random game of ``game_id`` (seeded), or
    "" (the usual start) when such a game is short."""
    game = games.get(game_id)
    rng = random.Random(seed)
    state = game.initial(seed)
    seen = [state]
    while not state.is_over:
        state = state.child(rng.choice(list(state.legal_actions())))
        seen.append(state)
    return seen[-1 - LATE].position() if len(seen) > 2 * LATE + 1 else ""
