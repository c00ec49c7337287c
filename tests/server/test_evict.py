"""A process keeps in memory only the games it needs (issue 56): a finished game that no
socket watches leaves after :data:`FINISHED_IDLE` seconds unused and is loaded again, as it
was, when asked for; a game still on stays. What the process knew of a game's
correspondence clock leaves with it, and a game that cannot have one is never asked for."""

from __future__ import annotations

import time
from typing import Any

import pytest

from shoal.server.games.correspondence import never_timed
from shoal.server.games.creation import game_data
from shoal.server.games.manager import FINISHED_IDLE, NOTED_IDLE, UNFINISHED_IDLE
from tests.clients import TestClient

from ._live import auth, calls_of, until
from .corr_helpers import settle


def _made(client: TestClient, **body: Any) -> dict[str, Any]:
    answer = client.post("/api/games", json={"game": "connect4", **body})
    assert answer.status_code == 201, answer.text
    made: dict[str, Any] = answer.json()
    return made


def _moved(client: TestClient, made: dict[str, Any], version: int, action: int) -> int:
    """Play ``action`` in ``made``'s game at ``version`` with its token; the new version."""
    answer = client.post(
        f"/api/games/{made['id']}/actions",
        json={"version": version, "action": action},
        headers=auth(made["token"]),
    )
    assert answer.status_code == 200, answer.text
    number: int = answer.json()["version"]
    return number


def _resigned(client: TestClient, made: dict[str, Any]) -> dict[str, Any]:
    answer = client.post(
        f"/api/games/{made['id']}/resign", json={"version": 1}, headers=auth(made["token"])
    )
    assert answer.status_code == 200, answer.text
    view: dict[str, Any] = answer.json()
    return view


def test_a_finished_game_nobody_watches_leaves_memory_and_comes_back_as_it_was(
    client: TestClient,
) -> None:
    manager = client.app.state.context.manager
    forgotten: list[str] = []
    manager.on_evict(forgotten.append)
    made = _made(client, opponent="local")
    gid = made["id"]
    ended = _resigned(client, made)
    entry = manager.loaded(gid)
    assert entry.live.over
    assert manager.evict(now=entry.used + FINISHED_IDLE - 1) == 0  # not yet
    assert manager.loaded(gid) is entry
    assert manager.evict(now=entry.used + FINISHED_IDLE) == 1
    assert manager.loaded(gid) is None and forgotten == [gid]
    again = client.get(f"/api/games/{gid}").json()  # read back from the database
    assert manager.loaded(gid) is not None
    assert (again["version"], again["result"], again["turns"]) == (
        ended["version"],
        ended["result"],
        ended["turns"],
    )


def test_a_game_still_on_or_watched_stays(client: TestClient) -> None:
    """A finished game stays while a socket watches it; one still on stays the first
    :data:`UNFINISHED_IDLE` seconds unused."""
    manager = client.app.state.context.manager
    on = _made(client, opponent="local")
    watched = _made(client, opponent="friend", seat=0)
    with client.websocket_connect(f"/api/games/{watched['id']}/ws") as socket:
        assert socket.receive_json()["type"] == "view"
        _resigned(client, watched)
        assert socket.receive_json()["view"]["result"] is not None
        later = max(e.used for e in manager.all_loaded()) + UNFINISHED_IDLE - 1
        assert manager.evict(now=later) == 0
        assert manager.loaded(on["id"]) is not None
        assert manager.loaded(watched["id"]) is not None
    # its socket closed: the finished game goes, the one still on stays
    assert manager.evict(now=later) == 1
    assert manager.loaded(watched["id"]) is None
    assert manager.loaded(on["id"]) is not None


def test_a_game_at_one_screen_loaded_again_never_asks_for_a_correspondence_clock(
    client: TestClient,
) -> None:
    """A process that loads a game (as one that did not create it does) knows from the game
    itself that it has no correspondence clock: its moves read no clock row."""
    context = client.app.state.context
    reads = calls_of(context.correspondence.store, "clock")
    made = _made(client, opponent="local")
    gid, version = made["id"], 1
    context.manager.forget(gid)  # as if another process had created it
    for action in (3, 2, 3):
        version = _moved(client, made, version, action)
    settle(client)  # the clocks' work after each change is done
    assert reads == []


def _data(mode: str, time_control: str | None) -> Any:
    data = game_data(
        "connect4", {}, mode=mode, players=["a", "b"], token_hashes=["x", None], level="random"
    )
    data.time_control = time_control
    return data


@pytest.mark.parametrize(
    ("mode", "time_control", "never"),
    [
        ("local", None, True),  # at one screen: never days per move
        ("computer", None, True),  # a page's game against the computer
        ("friend", "5+3", True),  # agreed with a live clock
        ("computer", "5+3", True),
        ("friend", None, False),  # a friend's game may have days per move
        ("friend", "3d", False),
        ("computer", "2d", False),  # a bot's challenge with days per move
    ],
)
def test_only_a_game_that_cannot_have_a_correspondence_clock_is_never_timed(
    mode: str, time_control: str | None, never: bool
) -> None:
    assert never_timed(_data(mode, time_control)) is never


def test_a_game_still_on_leaves_after_ten_minutes_unused_unless_something_needs_it(
    client: TestClient,
) -> None:
    """A game still on with no clock running goes after :data:`UNFINISHED_IDLE` seconds
    unused, unless a chat socket is open on it or a part of the server keeps it
    (:meth:`GameManager.keep`); read back, it goes on where it was."""
    manager = client.app.state.context.manager
    made = _made(client, opponent="friend", seat=0)
    kept = _made(client, opponent="local")
    needed = {kept["id"]}
    manager.keep(lambda entry: entry.live.data.id in needed)
    gid = made["id"]
    moved = client.post(
        f"/api/games/{gid}/actions",
        json={"version": 1, "action": 3},
        headers=auth(made["token"]),
    )
    assert moved.status_code == 200, moved.text
    entry = manager.loaded(gid)
    assert manager.evict(now=entry.used + UNFINISHED_IDLE - 1) == 0
    with client.websocket_connect(f"/api/games/{gid}/social") as socket:
        socket.send_json({"token": made["token"]})
        socket.receive_json()  # its offers: the socket is served
        later = time.monotonic() + UNFINISHED_IDLE
        assert manager.evict(now=later) == 0  # the chat socket needs it
    deadline = time.monotonic() + 20
    while manager.evict(now=later) == 0:  # the server hears the socket close
        assert time.monotonic() < deadline, "the closed chat socket still holds the game"
        time.sleep(0.02)
    assert manager.loaded(gid) is None and manager.loaded(kept["id"]) is not None
    needed.clear()
    assert manager.evict(now=later) == 1
    answer = client.post(  # read back: the friend moves on from where it was
        f"/api/games/{gid}/actions",
        json={"version": entry.live.data.version, "action": 3},
        headers=auth(made["invite_token"]),
    )
    assert answer.status_code == 200, answer.text
    assert [t["text"] for t in answer.json()["turns"]] == ["d", "d"]


def test_the_computer_and_a_bot_api_stream_keep_a_game(client: TestClient) -> None:
    """The computer's turn needs the game loaded (its reply is made from the entry), and so
    does a Bot API stream of the game (it hears the game's changes through it)."""
    import asyncio

    context = client.app.state.context
    computer, streams = context.games.computer, context.bots.events
    made = _made(client, opponent="friend", seat=0)
    entry = context.manager.loaded(made["id"])
    assert not computer.needs(entry) and not streams.needs(entry)
    streams.games[made["id"]] = {asyncio.Queue()}  # as a stream of the game holds
    assert streams.needs(entry)
    entry.live.data.mode, entry.live.data.computer_seat = "computer", 0  # seat 0 to move
    assert entry.live.computer_to_move() and computer.needs(entry)


@pytest.mark.parametrize("db_url", ["postgres"], indirect=True)
def test_a_game_that_left_one_process_is_current_there_when_asked_again(db: str) -> None:
    """Two apps on one PostgreSQL: the game leaves B's memory, A moves meanwhile (B hears
    the notes and has nothing to update); asked again, B reads the game as A stored it and
    its socket's first view is the current one."""
    from shoal.server import create_app

    with TestClient(create_app(db)) as a, TestClient(create_app(db)) as b:
        made = _made(a, opponent="local")
        gid, version = made["id"], 1
        assert b.get(f"/api/games/{gid}").json()["version"] == 1
        manager = b.app.state.context.manager
        entry = manager.loaded(gid)
        assert manager.evict(now=entry.used + UNFINISHED_IDLE) == 1
        for action in (3, 2):
            version = _moved(a, made, version, action)
        assert manager.loaded(gid) is None  # the notes found nothing to update here
        with b.websocket_connect(f"/api/games/{gid}/ws") as socket:
            first = socket.receive_json()
        assert first["view"]["version"] == version == 3
        assert [t["text"] for t in first["view"]["turns"]] == ["d", "c"]


@pytest.mark.parametrize("db_url", ["postgres"], indirect=True)
def test_another_processs_move_drops_a_game_nobody_here_follows_instead_of_applying_it(
    db: str,
) -> None:
    """Two apps on one PostgreSQL. A move made through A reaches B, which has the game
    loaded: B applies it while B used the game within NOTED_IDLE seconds or a socket of B
    watches it; unused that long and unwatched, the move's note drops the game from B's
    memory instead (the evict hooks told), and B reads it back as stored when asked."""
    from shoal.server import create_app

    with TestClient(create_app(db)) as a, TestClient(create_app(db)) as b:
        made = _made(a, opponent="local")
        gid = made["id"]
        manager = b.app.state.context.manager
        forgotten: list[str] = []
        manager.on_evict(forgotten.append)

        assert b.get(f"/api/games/{gid}").json()["version"] == 1
        entry = manager.loaded(gid)
        version = _moved(a, made, 1, 3)  # used just now: applied
        until(lambda: entry.live.data.version == version, "B to apply the move")
        assert manager.loaded(gid) is entry and forgotten == []
        used = entry.used
        entry.used -= NOTED_IDLE  # B's own use is that long ago; catching up is not a use
        assert used - entry.used == NOTED_IDLE
        with b.websocket_connect(f"/api/games/{gid}/ws") as socket:
            assert socket.receive_json()["view"]["version"] == version
            entry.used -= NOTED_IDLE
            version = _moved(a, made, version, 2)  # watched here: applied, and the socket told
            assert socket.receive_json()["view"]["version"] == version
            assert manager.loaded(gid) is entry and entry.live.data.version == version
        entry.used = time.monotonic() - NOTED_IDLE
        version = _moved(a, made, version, 4)  # nobody here follows it: dropped, not applied
        until(lambda: manager.loaded(gid) is None, "the note to drop the game")
        assert forgotten == [gid] and entry.live.data.version == version - 1
        again = b.get(f"/api/games/{gid}").json()
        assert again["version"] == version == 4
        assert [t["text"] for t in again["turns"]] == ["d", "c", "e"]


@pytest.mark.parametrize("db_url", ["postgres"], indirect=True)
def test_a_game_against_the_computer_is_caught_up_not_dropped(db: str) -> None:
    """A game against the computer is kept and caught up however long this process left it
    unused: it watches for the reply the other process runs, to play it should that process
    die in mid-search."""
    from shoal.server import create_app

    with TestClient(create_app(db)) as a, TestClient(create_app(db)) as b:
        body = {"game": "connect4", "opponent": "computer", "seat": 0, "level": "random"}
        made = a.post("/api/games", json=body).json()
        gid = made["id"]
        manager = b.app.state.context.manager
        assert b.get(f"/api/games/{gid}").json()["version"] == 1
        entry = manager.loaded(gid)
        entry.used -= NOTED_IDLE
        _moved(a, made, 1, 3)
        until(lambda: entry.live.data.version >= 3, "the move, then the reply")
        assert manager.loaded(gid) is entry
