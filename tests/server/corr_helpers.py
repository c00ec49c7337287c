"""Helpers of the correspondence and notification tests: two accounts, one correspondence game."""

from __future__ import annotations

import dataclasses
from typing import Any

from shoal.server.context import ServerContext
from tests.clients import TestClient

from ._live import auth
from .accounts_helpers import signup


@dataclasses.dataclass
class Clock:
    """An injected clock: epoch seconds that move only when told."""

    now: float = 1_800_000_000.0

    def __call__(self) -> float:
        return self.now


def context(client: TestClient) -> ServerContext:
    """The app's shared state."""
    ctx: ServerContext = client.app.state.context  # type: ignore[attr-defined]
    return ctx


def run(client: TestClient, fn: Any, *args: Any) -> Any:
    """Run the coroutine function ``fn(*args)`` in the app's event loop; its result."""
    assert client.portal is not None
    return client.portal.call(fn, *args)


def settle(client: TestClient) -> None:
    """Wait until the clocks and notifications of every stored change are done, and every
    push and mail they started has reached its receiver (or was found unwanted): what the
    devices and the inbox got is then final, with no wait for "nothing more comes"."""

    async def everything() -> None:
        ctx = context(client)
        await ctx.correspondence.settle()
        if ctx.notifier.pusher is not None:
            await ctx.notifier.pusher.settle()
        if ctx.notifier.mailer is not None:
            await ctx.notifier.mailer.settle()

    run(client, everything)


def as_user(client: TestClient, cookie: str | None) -> None:
    """Make the client's next requests those of the account with this session cookie."""
    client.cookies.clear()
    if cookie is not None:
        client.cookies.set("shoal_session", cookie)


def account(client: TestClient, name: str) -> str:
    """Sign up ``name``; its session cookie."""
    client.cookies.clear()
    response = signup(client, name)
    assert response.status_code == 201, response.text
    cookie = client.cookies.get("shoal_session")
    assert cookie
    return cookie


@dataclasses.dataclass
class Game:
    """A correspondence game between two accounts: its id and each seat's token."""

    id: str
    tokens: list[str]
    cookies: list[str]


def correspondence_game(client: TestClient, a: str, b: str, days: int = 1) -> Game:
    """A connect4 game of ``days`` per move: the account of cookie ``a`` on seat 0, ``b`` on 1."""
    as_user(client, a)
    made = client.post(
        "/api/games",
        json={"game": "connect4", "opponent": "friend", "seat": 0, "correspondence_days": days},
    )
    assert made.status_code == 201, made.text
    gid = made.json()["id"]
    as_user(client, b)
    claimed = client.post(
        f"/api/games/{gid}/claim", json={}, headers=auth(made.json()["invite_token"])
    )
    assert claimed.status_code == 200, claimed.text
    token = claimed.json()["token"]  # signed in: the seat is b's account's from the claim
    assert client.get(f"/api/games/{gid}").json()["you"] == [1]
    settle(client)
    return Game(gid, [made.json()["token"], token], [a, b])


def move(client: TestClient, game: Game, seat: int) -> dict[str, Any]:
    """``seat`` plays its first legal action (signed in as its account); the new view."""
    as_user(client, game.cookies[seat])
    view = client.get(f"/api/games/{game.id}").json()
    assert view["to_move"] == seat, view["to_move"]
    response = client.post(
        f"/api/games/{game.id}/actions",
        json={"version": view["version"], "action": view["legal"][0]["action"]},
        headers=auth(game.tokens[seat]),
    )
    assert response.status_code == 200, response.text
    settle(client)
    result: dict[str, Any] = response.json()
    return result
