"""Parse once, apply once (issue 58): an action is applied once, when it is checked, and the
state made then is the one stored and made live; a game another process moved is caught up
by applying only the actions this process does not have.

The applications are counted: every ``State.child`` of the game's state class (a checked
``apply`` is ``child`` after the legality check).
"""

from __future__ import annotations

import random
import threading
from collections.abc import Iterator
from typing import Any

import pytest

from shoal import games
from shoal.server import create_app
from shoal.server.games.creation import game_data, new_token
from shoal.server.games.models import hash_token
from shoal.server.games.moves import play
from shoal.server.games.session import LiveGame
from tests.clients import TestClient

from .corr_helpers import context, run

SEED = 13
"""Syrtis from set-up seed 13, played at random from ``random.Random(13)``, lasts 345 actions."""


class Applies:
    """Counts the calls of the Syrtis state's ``child``, of the live game's replays and of its
    extensions, made in the event loop of ``client``'s app (not in another app's)."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch, client: TestClient) -> None:
        here = run(client, threading.get_ident)
        self.children = 0
        self.replays = 0
        self.extends = 0
        state_class = type(games.get("syrtis").initial(SEED))
        child, init, extend = state_class.child, LiveGame.__init__, LiveGame.extend.__func__

        def counted_child(state: Any, action: int) -> Any:
            self.children += threading.get_ident() == here
            return child(state, action)

        def counted_init(live: LiveGame, data: Any) -> None:
            self.replays += threading.get_ident() == here
            init(live, data)

        def counted_extend(cls: Any, *args: Any, **kwargs: Any) -> LiveGame:
            self.extends += threading.get_ident() == here
            return extend(cls, *args, **kwargs)

        monkeypatch.setattr(state_class, "child", counted_child)
        monkeypatch.setattr(LiveGame, "__init__", counted_init)
        monkeypatch.setattr(LiveGame, "extend", classmethod(counted_extend))


def _actions(count: int) -> list[int]:
    """The first ``count`` actions of the random Syrtis game of :data:`SEED`."""
    rng, state, out = random.Random(SEED), games.get("syrtis").initial(SEED), []
    for _ in range(count):
        action = rng.choice(state.legal_actions())
        out.append(action)
        state = state.apply(action)
    assert state.outcome is None
    return out


@pytest.fixture
def long_game(db: str) -> Iterator[tuple[TestClient, str, str, list[int]]]:
    """A Syrtis game at one screen, 300 actions in, with a clock; its seat token; the next
    action of its random game."""
    token = new_token()
    actions = _actions(301)
    data = game_data(
        "syrtis",
        {},
        mode="local",
        players=["one", "two"],
        token_hashes=[hash_token(token), hash_token(token)],
        seed=SEED,
        clock={"base": 600.0, "increment": 5.0, "remaining": [600.0, 600.0], "since": None},
    )
    data.actions = actions[:300]
    with TestClient(create_app(db)) as client:
        context(client).store.insert(data)
        yield client, data.id, token, actions


def test_a_move_applies_its_action_once(
    long_game: tuple[TestClient, str, str, list[int]], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Rule: a move's action is applied once, when it is checked (a clocked game's turn that
    ends needs no second application to move the clock, nor the live game to extend)."""
    client, game_id, token, actions = long_game
    manager = context(client).manager
    entry = run(client, manager.entry, game_id)
    version = entry.live.data.version
    before = entry.live
    text = before.state.action_text(actions[300])
    applies = Applies(monkeypatch, client)

    async def move() -> tuple[int, str | None]:
        return await play(manager, game_id, version, token, text=text)

    assert run(client, move)[0] == version + 1
    assert (applies.children, applies.replays, applies.extends) == (1, 0, 1)
    assert entry.live.data.actions == actions[:301]
    assert entry.live.states[:301] == before.states
    assert entry.live.data.clock is not None and entry.live.data.clock["since"] is not None


def test_a_game_moved_in_another_process_is_caught_up_by_its_missing_action(
    long_game: tuple[TestClient, str, str, list[int]], db: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Rule: another process's move costs this process the missing action, applied once by
    one ``extend``, not a replay of the game's 300 actions."""
    client, game_id, token, actions = long_game
    manager = context(client).manager
    entry = run(client, manager.entry, game_id)  # loaded here: 300 actions
    live_before = entry.live
    applies = Applies(monkeypatch, client)  # (on PostgreSQL the relay may catch up first)
    with TestClient(create_app(db)) as elsewhere:  # another process on the same database
        view = elsewhere.get(f"/api/games/{game_id}").json()
        moved = elsewhere.post(
            f"/api/games/{game_id}/actions",
            json={"version": view["version"], "action": actions[300]},
            headers={"X-Shoal-Token": token},
        )
        assert moved.status_code == 200, moved.text
        new_version = moved.json()["version"]

    async def catch_up() -> None:
        async with entry.lock:
            await manager.catch_up(entry, new_version)

    run(client, catch_up)
    assert entry.live.data.version == new_version and entry.live.data.actions == actions[:301]
    assert (applies.children, applies.replays, applies.extends) == (1, 0, 1)
    assert entry.live.states[:301] == live_before.states  # the 301 states kept, not made again
    assert entry.live.states[-1] == live_before.state.apply(actions[300])
