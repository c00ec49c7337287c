"""Done-when of issue 23: a round robin of the computer's levels, rated by the server's code.

Six players (``random`` and the five named levels of :data:`shoal.ai.players.LEVELS`)
play 20 rated Cyclix games each pair (300 games, sides alternating), each game
stored with :class:`~shoal.server.games.store.Store` and settled by
:func:`~shoal.server.ratings.service.settle_live` as the server does (no HTTP). The
resulting ratings must order the players as the ladder of docs/ai.md does:
Spearman correlation >= 0.9. Cyclix is the cheapest game at every level
(docs/ai.md, "Median seconds per whole turn"); the whole run takes about a
minute with the native fast paths.
"""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest

from shoal.ai.players import LEVELS, get_player, play_turn
from shoal.core import Action
from shoal.server.accounts.store import AccountStore
from shoal.server.games.creation import game_data
from shoal.server.games.session import LiveGame
from shoal.server.games.store import Store
from shoal.server.ratings.service import settle_live
from shoal.server.ratings.store import RatingStore

GAME = "cyclix"
GAMES_PER_PAIR = 20


def spearman(xs: list[float], ys: list[float]) -> float:
    """Spearman's rank correlation (no ties in the inputs used here)."""

    def ranks(values: list[float]) -> list[int]:
        order = sorted(range(len(values)), key=lambda i: values[i])
        out = [0] * len(values)
        for rank, i in enumerate(order):
            out[i] = rank
        return out

    rx, ry = ranks(xs), ranks(ys)
    n = len(xs)
    d2 = sum((a - b) ** 2 for a, b in zip(rx, ry, strict=True))
    return 1.0 - 6.0 * d2 / (n * (n * n - 1))


def test_spearman_of_known_orders() -> None:
    assert spearman([1, 2, 3, 4], [10, 20, 30, 40]) == 1.0
    assert spearman([1, 2, 3, 4], [40, 30, 20, 10]) == -1.0
    assert spearman([1, 2, 3, 4, 5], [1, 3, 2, 4, 5]) == pytest.approx(0.9)


def _play(store: Store, ratings: RatingStore, ids: list[int], levels: list[str], seed: int) -> None:
    data = game_data(
        GAME,
        {},
        mode="friend",
        players=list(levels),
        token_hashes=["a" * 64, "b" * 64],
        seed=seed,
        accounts=list(ids),
        rated=True,
    )
    store.insert(data)
    live = LiveGame(data)
    game = live.game
    players = [get_player(level, game, seed=seed * 2 + s) for s, level in enumerate(levels)]
    state = live.state
    actions: list[Action] = []
    while state.outcome is None:
        turn = play_turn(players[state.to_move], state)
        for action in turn:
            state = state.apply(action)
        actions.extend(turn)
    final = live.next_data(actions=actions)  # no clock: the actions alone change
    store.save(final, data.version)
    changes = settle_live(ratings, LiveGame(final))
    assert changes is not None and [c["user_id"] for c in changes] == ids
    assert settle_live(ratings, LiveGame(final)) is None  # never twice


@pytest.mark.slow
def test_round_robin_orders_the_levels_like_the_ladder(tmp_path: Path) -> None:
    store = Store(f"sqlite:///{tmp_path / 'rr.sqlite3'}")
    accounts, ratings = AccountStore(store.engine), RatingStore(store.engine)
    users = {}
    for level in LEVELS:
        user = accounts.create_user(f"rr-{level}", "x")
        assert user is not None
        users[level] = user.id
    pairs = list(itertools.combinations(LEVELS, 2))
    seed = 0
    for round_ in range(GAMES_PER_PAIR):  # rounds, so every rating moves all along
        for a, b in pairs:
            seed += 1
            seats = [a, b] if round_ % 2 == 0 else [b, a]
            _play(store, ratings, [users[s] for s in seats], seats, seed)
    final = {level: ratings.rating(users[level], GAME, "correspondence") for level in LEVELS}
    assert sum(r.games for r in final.values()) == 2 * GAMES_PER_PAIR * len(pairs) >= 600
    ladder = [float(i) for i in range(len(LEVELS))]
    got = [final[level].rating.r for level in LEVELS]
    rho = spearman(ladder, got)
    print("ratings:", {level: round(final[level].rating.r) for level in LEVELS}, "rho", rho)
    assert rho >= 0.9, (rho, got)
    store.close()
