"""A game's live updates as deltas (issue 39): ``WS /api/games/{id}/ws?deltas=1`` sends the
whole view once, then per change only what changed, encoded once for every watcher; a
socket without ``deltas`` still gets whole views. A delta applied to the view it was made
from gives the server's new view."""

from __future__ import annotations

import asyncio
import copy
import itertools
import random
from typing import Any

import pytest
from sqlalchemy import event, update

from shoal import games
from shoal.server.games.models import GameData
from shoal.server.games.store import StaleVersionError, Store
from shoal.server.games.tables import GameRow
from shoal.server.games.views import turn_list, view_delta
from tests.clients import TestClient

from .game_data import local_game
from .test_api import create, play

VOLATILE = ("clock", "you", "correspondence")  # the server's time, and the request's own keys


def applied(view: dict[str, Any], delta: dict[str, Any]) -> dict[str, Any]:
    """The client's rule (web/game.js applyDelta): the keys set, the turns from turns_from,
    the board spliced."""
    assert delta["type"] == "delta" and delta["base"] == view["version"]
    changes = delta["set"]
    merged = {**view, **changes}
    if "turns" in changes:
        merged["turns"] = [*view["turns"][: delta["turns_from"]], *changes["turns"]]
    if "svg_splice" in delta:
        start, end, text = delta["svg_splice"]
        merged["svg"] = view["svg"][:start] + text + view["svg"][len(view["svg"]) - end :]
    return merged


def same_view(a: dict[str, Any], b: dict[str, Any]) -> None:
    strip = lambda v: {k: x for k, x in v.items() if k not in VOLATILE}  # noqa: E731
    assert strip(a) == strip(b)


def test_a_delta_applied_to_its_base_gives_the_new_view(client: TestClient) -> None:
    made = create(client, opponent="local")
    gid, token = made["id"], made["token"]
    views = [made["view"]]
    for _ in range(5):
        view = views[-1]
        body = {"version": view["version"], "action": view["legal"][0]["action"]}
        views.append(play(client, gid, token, **body).json())
    for old, new in itertools.pairwise(views):
        delta = view_delta(copy.deepcopy(old), new)
        same_view(applied(old, delta), new)
        assert "game" not in delta["set"] and "players" not in delta["set"]  # unchanged: not sent
        assert delta["set"]["version"] == old["version"] + 1
        assert len(delta["set"]["turns"]) <= 2  # the turns from the first that changed
    thinking = {**views[-1], "thinking": True}
    assert view_delta(views[-1], thinking)["set"] == {"thinking": True}
    assert view_delta(thinking, {**thinking, "rematch": None})["set"] == {}


def test_a_takeback_of_turns_sends_the_shorter_list(client: TestClient) -> None:
    made = create(client, opponent="local")
    gid, token = made["id"], made["token"]
    view = made["view"]
    for _ in range(4):
        view = play(client, gid, token, version=view["version"], action=view["legal"][0]["action"])
        view = view.json()
    undone = client.post(
        f"/api/games/{gid}/undo",
        json={"version": view["version"]},
        headers={"X-Shoal-Token": token},
    ).json()
    delta = view_delta(view, undone)
    assert delta["turns_from"] == len(undone["turns"]) and delta["set"]["turns"] == []
    same_view(applied(view, delta), undone)


def test_the_socket_sends_deltas_to_those_that_ask_and_views_to_the_others(
    client: TestClient,
) -> None:
    made = create(client, opponent="friend")
    gid, host, guest = made["id"], made["token"], made["invite_token"]
    with (
        client.websocket_connect(f"/api/games/{gid}/ws?deltas=1") as fast,
        client.websocket_connect(f"/api/games/{gid}/ws") as whole,
    ):
        first = fast.receive_json()
        assert first["type"] == "view" and first["view"]["version"] == 1
        assert whole.receive_json()["type"] == "view"
        view = first["view"]
        for seat, token in ((0, host), (1, guest)):
            answer = play(
                client, gid, token, version=view["version"], action=view["legal"][0]["action"]
            )
            assert answer.status_code == 200, answer.text
            delta = fast.receive_json()
            assert delta["type"] == "delta" and delta["base"] == view["version"]
            assert host not in str(delta) and guest not in str(delta)
            view = applied(view, delta)
            full = whole.receive_json()
            assert full["type"] == "view"
            same_view(view, full["view"])
            same_view(view, answer.json())
            assert view["to_move"] == 1 - seat


def test_the_computer_thinking_and_its_reply_arrive_as_deltas(client: TestClient) -> None:
    made = create(client, seat=0)
    gid = made["id"]
    with client.websocket_connect(f"/api/games/{gid}/ws?deltas=1") as socket:
        view = socket.receive_json()["view"]
        play(client, gid, made["token"], version=1, action=2)
        seen = []
        while not seen or view["ply"] < 2 or view["thinking"]:
            message = socket.receive_json()
            assert message["type"] == "delta"
            view = applied(view, message)
            seen.append(view["thinking"])
    assert True in seen and view["ply"] == 2
    same_view(view, client.get(f"/api/games/{gid}").json())


def _data(version: int, actions: list[int]) -> GameData:
    return local_game("g1", version, actions)


def _mark_players(store: Store, game_id: str, players: list[str]) -> None:
    """Write ``players`` into the stored row behind the store's back (the version unchanged)."""
    with store.engine.begin() as connection:
        connection.execute(update(GameRow).where(GameRow.id == game_id).values(players=players))


def test_a_save_writes_the_changed_columns_over_its_version_only(db: str) -> None:
    """A save given the data it was made from writes only the columns that differ (here the
    actions and the version): a column it did not change keeps what the row holds, whatever
    the way the save takes (Core in a thread, the SQLite file's driver, psycopg's loop)."""
    store = Store(db)
    try:
        first = _data(1, [])
        store.insert(first)
        _mark_players(store, "g1", ["kept", "too"])
        sets: list[set[str]] = []

        def seen(conn: Any, cursor: Any, statement: str, *rest: Any) -> None:
            if statement.lstrip().upper().startswith("UPDATE SHOAL_GAMES"):
                head = statement.split(" WHERE ")[0].split(" SET ", 1)[1]
                sets.append({part.split("=")[0].strip() for part in head.split(",")})

        event.listen(store.engine, "before_cursor_execute", seen)
        second = _data(2, [3])
        store.save(second, 1, first)
        assert sets == [{"actions", "version", "updated"}]
        loaded = store.load("g1")
        assert loaded is not None and loaded.actions == [3] and loaded.version == 2
        assert loaded.players == ["kept", "too"]  # not written over: it did not change
        third = _data(3, [3, 4])

        async def in_loop() -> None:
            try:
                await store.save_in_loop(third, 2, second)
            finally:
                await store.close_in_loop()

        asyncio.run(in_loop())
        after = store.load("g1")
        assert after is not None and after.actions == [3, 4] and after.version == 3
        assert after.players == ["kept", "too"]
        with pytest.raises(StaleVersionError):
            store.save(_data(4, [3, 5]), 2, second)  # made from version 2: refused
        again = store.load("g1")
        assert again is not None and again.actions == [3, 4] and again.version == 3
        store.save(_data(4, [3, 4, 5]), 3)  # no ``before``: every column is written
        assert (whole := store.load("g1")) is not None and whole.players == ["a", "b"]
    finally:
        store.close()


@pytest.mark.parametrize("game_id", ["connect4", *games.ids()])
def test_the_turns_taken_from_an_earlier_version_are_the_turns_split_anew(game_id: str) -> None:
    """turn_list with an earlier version's turns (a move, an undo, a takeback) gives what
    splitting the whole game again gives: every game, with multi-action turns."""
    rng = random.Random(3)
    game = games.get(game_id)
    for seed in range(4):
        state = game.initial(seed)
        states, actions = [state], []
        while state.outcome is None and len(actions) < 40:
            actions.append(rng.choice(state.legal_actions()))
            state = state.child(actions[-1])
            states.append(state)
        for old_length in range(0, len(actions) + 1, 3):
            known = turn_list(states[: old_length + 1], actions[:old_length])
            for new_length in (old_length + 1, old_length + 2, max(0, old_length - 3)):
                if new_length > len(actions):
                    continue
                same = min(old_length, new_length)
                fresh = turn_list(states[: new_length + 1], actions[:new_length])
                reused = turn_list(states[: new_length + 1], actions[:new_length], known, same)
                assert reused == fresh, (game_id, seed, old_length, new_length)
