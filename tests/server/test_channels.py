"""Every live channel crosses server processes (issue 56), by docs/server.md's table.

Two real ``shoal serve`` processes, A and B, on one private PostgreSQL, started once for
the module. For each row of the table "Every live channel across processes" and each
identity it names, the page's socket (or stream, or poll) is opened on B and the change is
made through A: a seat token (or a guest's key, or an anonymous reader) and an account's
cookie on a browser that holds no token. The channels are also listed from the code
(every WebSocket route, every streamed route, every events' channel a running app
subscribes to): one without a row fails the first test.

The rows are subtests of one test (pytest's ``subtests``), so that one xdist worker runs
them all and the two servers start once (xdist's ``--dist loadgroup`` does not group
tests under pytest 9.2 with xdist 3.8: it marks node ids pytest no longer reads).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import secrets
from collections.abc import AsyncIterator, Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import pytest
import websockets
from fastapi.responses import StreamingResponse
from fastapi.routing import APIRoute

from shoal.server import create_app
from shoal.server.tournaments.deltas import apply_delta
from tests.clients import TestClient

from ..cli.inproc import shoal
from ..pg import PostgresServer
from ._live import LiveServer
from .test_seams_sockets import websocket_routes

DOCS = Path(__file__).resolve().parents[2] / "docs" / "server.md"
PASSWORD = "correct horse battery"
WAIT = 20.0


# -- the table ----------------------------------------------------------------------------
@dataclass(frozen=True)
class Row:
    """A row of the table: the channel, where its page listens, how it crosses, who reads."""

    channel: str
    listens: str
    how: str
    identities: tuple[str, ...]


def table() -> list[Row]:
    """The rows of docs/server.md's "Every live channel across processes"."""
    text = DOCS.read_text()
    section = text[text.index("### Every live channel across processes") :]
    rows = []
    for line in section.splitlines()[1:]:
        if line.startswith("#"):
            break
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) != 5 or not cells[0].startswith("`"):
            continue  # prose, the header, the rule
        who = tuple(i.strip() for i in cells[4].split(",") if i.strip() != "none")
        rows.append(Row(cells[0].strip("`"), cells[1], cells[3], who))
    assert len(rows) >= 10, rows
    return rows


IDENTITY = {
    "seat token": "guest",
    "guest key": "guest",
    "anonymous reader": "guest",
    "account cookie": "account",
    "bot API token": "bot",
}
"""The table's words for who reads, and the test's kinds of identity."""

CASES = [(row.channel, IDENTITY[who]) for row in table() for who in row.identities]
"""Each channel with each identity of its row."""


# -- two servers on one database, once ------------------------------------------------------
@dataclass
class Site:
    """Processes A and B on one database, two accounts, a bot and its API token."""

    a: LiveServer
    b: LiveServer
    url: str
    cookies: dict[str, str] = field(default_factory=dict)
    bot: str = ""

    def http(self, server: LiveServer, who: str | None = None, **headers: str) -> httpx.Client:
        """A client of ``server`` with ``who``'s cookie (None: a guest)."""
        if who is not None:
            headers["Cookie"] = self.cookies[who]
        return httpx.Client(base_url=server.url, headers=headers, timeout=WAIT)

    def ws(self, path: str, who: str | None = None) -> Any:
        """A WebSocket on B (with ``who``'s cookie), as a page on B opens it."""
        headers = {"Cookie": self.cookies[who]} if who is not None else {}
        return websockets.connect(
            self.b.url.replace("http://", "ws://") + path,
            additional_headers=headers,
            open_timeout=WAIT,
        )


@pytest.fixture(scope="module")
def site(
    postgres_server: PostgresServer, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[Site]:
    url = postgres_server.new_database(migrated=True)
    folder = tmp_path_factory.mktemp("channels")
    servers: list[LiveServer] = []
    try:
        for name in ("a", "b"):
            servers.append(
                LiveServer(url, folder / f"{name}.log", "--log-level", "warning").start()
            )
        made = Site(servers[0], servers[1], url)
        for name in ("alice", "bobby", "robot"):
            signed = httpx.post(
                made.a.url + "/api/auth/signup", json={"username": name, "password": PASSWORD}
            )
            assert signed.status_code == 201, signed.text
            made.cookies[name] = f"shoal_session={signed.cookies['shoal_session']}"
        assert shoal("admin", "--database", url, "bot", "robot").returncode == 0
        token = shoal("admin", "--database", url, "token", "robot")
        assert token.returncode == 0, token.stderr
        made.bot = token.stdout.splitlines()[-1]
        yield made
    finally:
        for server in servers:
            server.stop()
        for server in servers:
            assert "Traceback" not in server.log(), server.log()


# -- the code's channels are the table's ------------------------------------------------------
def streamed_routes(routes: list[Any]) -> list[str]:
    """The paths of every route that answers a stream (ndjson), included routers walked."""
    found = []
    for route in routes:
        if isinstance(route, APIRoute) and route.response_class is StreamingResponse:
            found.append(route.path)
        inner = getattr(route, "original_router", None)
        if inner is not None:
            found += streamed_routes(inner.routes)
    return found


@pytest.mark.parametrize("db_url", ["postgres"], indirect=True)
def test_every_channel_of_the_code_has_its_row(db: str) -> None:
    """Rule: every WebSocket route, streamed route and events' channel of a running app on
    PostgreSQL (the relay's included) is in the table; a new one without a row fails."""
    app = create_app(db)
    with TestClient(app):
        channels = app.state.context.events.channels()
    rows = table()
    listens = " ".join(row.listens for row in rows)
    hows = " ".join(row.how for row in rows)
    for path in websocket_routes(app.routes):
        assert f"`WS {path}`" in listens, f"WS {path} has no row in docs/server.md's table"
    for path in streamed_routes(app.routes):
        assert f"`GET {path}`" in listens, f"GET {path} has no row in docs/server.md's table"
    assert {"games", "lobby", "notices", "social", "studies", "bots"} <= set(channels)
    for channel in channels:
        assert f"event `{channel}`" in hows, f"events' channel {channel!r} has no row"
    servers_own = ["analysis", "admin", "ops.heartbeat"]  # no page's channel to test
    assert [row.channel for row in rows if not row.identities] == servers_own
    assert {channel for channel, _ in CASES} == {row.channel for row in rows} - set(servers_own)
    assert set(SCENARIOS) == {row.channel for row in rows if row.identities}


# -- helpers of the scenarios -----------------------------------------------------------------
async def until(socket: Any, test: Callable[[dict[str, Any]], bool]) -> dict[str, Any]:
    """The socket's first message that passes ``test`` (others are skipped), within WAIT."""
    async with asyncio.timeout(WAIT):
        while True:
            message = json.loads(await socket.recv())
            if test(message):
                return message


def post(client: httpx.Client, path: str, body: Any = None, token: str | None = None) -> Any:
    headers = {"X-Shoal-Token": token} if token else {}
    answer = client.post(path, json=body, headers=headers)
    assert answer.status_code in (200, 201), f"{path}: {answer.status_code} {answer.text}"
    return answer.json()


async def call(function: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
    """A blocking call (an HTTP request through A) off the test's event loop."""
    return await asyncio.to_thread(function, *args, **kwargs)


@dataclass
class Game:
    """A game made through A: ``me`` (seat 1, the page's player on B) and the opponent
    (seat 0, through A). A guest's seats have tokens; an account's page has none."""

    id: str
    me: str | None  # my seat token (None: my account's cookie plays it)
    them: str  # the opponent's seat token
    me_a: httpx.Client  # me on A
    them_a: httpx.Client  # the opponent on A
    me_b: httpx.Client  # me on B
    who: str | None  # my account, for the page's cookie

    def view(self) -> dict[str, Any]:
        answer: dict[str, Any] = self.them_a.get(
            f"/api/games/{self.id}", headers={"X-Shoal-Token": self.them}
        ).json()
        return answer


def new_game(site: Site, identity: str, **more: Any) -> Game:
    """A connect4 game between two people online, made through A; the opponent moves first."""
    who = "alice" if identity == "account" else None
    me_a, me_b = site.http(site.a, who), site.http(site.b, who)
    them_a = site.http(site.a, "bobby" if identity == "account" else None)
    made = post(me_a, "/api/games", {"game": "connect4", "opponent": "friend", "seat": 1, **more})
    claimed = post(them_a, f"/api/games/{made['id']}/claim", {"name": "Ben"}, made["invite_token"])
    game = Game(
        made["id"], None if who else made["token"], claimed["token"], me_a, them_a, me_b, who
    )
    assert game.view()["to_move"] == 0
    return game


@contextlib.asynccontextmanager
async def social(site: Site, game: Game) -> AsyncIterator[Any]:
    """My social socket on B, greeted: it knows my seat by my token or my account's cookie."""
    async with site.ws(f"/api/games/{game.id}/social", game.who) as socket:
        await socket.send(json.dumps({"token": game.me}))
        hello = await until(socket, lambda m: m["type"] == "offers")
        assert hello["you"] == [1], hello  # my seat, on any browser
        await until(socket, lambda m: m["type"] == "history" and m["room"] == "spectators")
        yield socket


def move(game: Game, client: httpx.Client, token: str | None) -> int:
    view = game.view()
    body = {"version": view["version"], "action": view["legal"][0]["action"]}
    return int(post(client, f"/api/games/{game.id}/actions", body, token)["version"])


# -- the scenarios: the page on B, the change through A ----------------------------------------
async def game_moves(site: Site, identity: str) -> None:
    game = new_game(site, identity)
    async with site.ws(f"/api/games/{game.id}/ws?deltas=1", game.who) as page:
        first = await until(page, lambda m: m["type"] == "view")
        version = await call(move, game, game.them_a, game.them)  # the opponent, through A
        delta = await until(page, lambda m: m["type"] == "delta")
        assert (delta["base"], delta["set"]["version"]) == (first["view"]["version"], version)
        # my reply on the page's own socket on B: my token, or my account's cookie alone
        legal = delta["set"].get("legal") or first["view"]["legal"]
        message = {"type": "move", "id": 7, "version": version, "action": legal[0]["action"]}
        await page.send(json.dumps({**message, "token": game.me}))
        acked = await until(page, lambda m: m.get("ack") == 7 or m.get("type") == "error")
        assert acked["type"] == "delta", acked
    async with asyncio.timeout(WAIT):  # stored, and seen through A once A hears of it
        while (await call(game.view))["version"] != version + 1:
            await asyncio.sleep(0.05)


async def game_clocks(site: Site, identity: str) -> None:
    game = new_game(site, identity, clock={"base": 300, "increment": 2})
    await call(move, game, game.them_a, game.them)
    await call(move, game, game.me_a, game.me)  # each side moved once: the clocks run
    async with site.ws(f"/api/games/{game.id}/ws?deltas=1", game.who) as page:
        view = (await until(page, lambda m: m["type"] == "view"))["view"]
        assert view["clock"]["running"] == 0, view["clock"]
        await call(move, game, game.them_a, game.them)  # the opponent, through A
        delta = await until(page, lambda m: m["type"] == "delta")
        clock = delta["set"]["clock"]
        assert clock["running"] == 1 and 290 < clock["remaining"][0] <= 302, clock


async def game_chat(site: Site, identity: str) -> None:
    game = new_game(site, identity)
    chat = f"/api/games/{game.id}/chat"
    await call(post, game.them_a, chat, {"room": "players", "text": "before"}, game.them)
    async with site.ws(f"/api/games/{game.id}/social", game.who) as socket:
        await socket.send(json.dumps({"token": game.me}))
        history = await until(socket, lambda m: m["type"] == "history" and m["room"] == "players")
        assert [m["text"] for m in history["messages"]] == ["before"]  # not "No messages yet"
        await call(post, game.them_a, chat, {"room": "players", "text": "hello from A"}, game.them)
        got = await until(socket, lambda m: m["type"] == "chat")
        assert got["message"]["text"] == "hello from A" and got["message"]["seat"] == 0
        body = {"room": "spectators", "text": "a spectator on A", "name": "Sam"}
        await call(post, site.http(site.a), chat, body)
        got = await until(socket, lambda m: m["type"] == "chat")
        assert got["message"]["room"] == "spectators"


async def game_offers(site: Site, identity: str) -> None:
    game = new_game(site, identity)
    async with social(site, game) as socket:
        version = game.view()["version"]
        body = {"version": version, "action": "offer"}
        await call(post, game.them_a, f"/api/games/{game.id}/draw", body, game.them)
        offered = await until(socket, lambda m: m["type"] == "offers" and m["draw"] is not None)
        assert offered["draw"] == 0
        # I decline on B, with my token or my account's cookie alone
        body = {"version": version, "action": "decline"}
        await call(post, game.me_b, f"/api/games/{game.id}/draw", body, game.me)
        await until(socket, lambda m: m["type"] == "offers" and m["draw"] is None)


async def game_mutes(site: Site, identity: str) -> None:
    game = new_game(site, identity)
    async with social(site, game) as socket:
        await call(post, game.me_a, f"/api/games/{game.id}/mute", {"muted": True}, game.me)
        muted = await until(socket, lambda m: m["type"] == "offers")
        assert muted["mutes"] == [1]  # my mute made on A reaches my page on B
        chat = f"/api/games/{game.id}/chat"
        await call(post, game.them_a, chat, {"room": "players", "text": "muted"}, game.them)
        body = {"room": "spectators", "text": "after it", "name": "Sam"}
        await call(post, site.http(site.a), chat, body)
        got = await until(socket, lambda m: m["type"] == "chat")
        assert got["message"]["text"] == "after it"  # the muted one never came


async def game_rematch(site: Site, identity: str) -> None:
    game = new_game(site, identity)
    body = {"version": game.view()["version"]}
    await call(post, game.them_a, f"/api/games/{game.id}/resign", body, game.them)
    async with social(site, game) as socket:
        path = f"/api/games/{game.id}/rematch"
        assert (await call(post, game.them_a, path, None, game.them))["offered"] is True
        offered = await until(socket, lambda m: m["type"] == "offers" and m["rematch"])
        assert offered["rematch"] == {"offered_by": 0, "game": None}
        accepted = await call(post, game.me_b, path, None, game.me)  # I accept on B
        new = accepted["game"]
        started = await until(socket, lambda m: m["type"] == "offers" and m["rematch"]["game"])
        assert started["rematch"]["game"] == new
        assert (accepted["token"] is None) == (game.me is None)
    seat = await call(post, game.them_a, f"{path}/token", None, game.them)  # their seat, on A
    assert seat["game"] == new
    theirs = game.them_a.get(f"/api/games/{new}", headers={"X-Shoal-Token": seat["token"]})
    mine = game.me_b.get(
        f"/api/games/{new}", headers={"X-Shoal-Token": accepted["token"]} if game.me else {}
    )
    assert (theirs.json()["you"], mine.json()["you"]) == ([1], [0])  # sides swapped


async def lobby_seeks(site: Site, identity: str) -> None:
    who = "alice" if identity == "account" else None
    key = f"guest-key-{secrets.token_hex(8)}"
    headers = {"X-Shoal-Guest": key} if who is None else {}
    me_a = site.http(site.a, who, **headers)
    async with site.ws("/api/lobby/ws", who) as lobby:
        await until(lobby, lambda m: m["type"] == "seeks")
        if who is None:
            await lobby.send(json.dumps({"guest": key}))
            await until(lobby, lambda m: m["type"] == "seeks")
        body = {"game": "syrtis", "colour": "first", "time_control": "2d", "name": "Gil"}
        made = await call(post, me_a, "/api/seeks", body)

        def listed(message: dict[str, Any]) -> bool:
            return message["type"] == "seeks" and made["id"] in [s["id"] for s in message["seeks"]]

        seeks = (await until(lobby, listed))["seeks"]
        assert [s["mine"] for s in seeks if s["id"] == made["id"]] == [True]  # mine, on B
        gone = await call(me_a.delete, f"/api/seeks/{made['id']}")
        assert gone.status_code == 200, gone.text
        await until(lobby, lambda m: m["type"] == "seeks" and not listed(m))


async def lobby_challenges(site: Site, identity: str) -> None:
    async with site.ws("/api/lobby/ws", "alice") as lobby:
        await until(lobby, lambda m: m["type"] == "seeks")
        body = {"username": "alice", "game": "cyclix", "time_control": "3d"}
        await call(post, site.http(site.a, "bobby"), "/api/challenges", body)
        await until(lobby, lambda m: m["type"] == "challenges")


async def notices(site: Site, identity: str) -> None:
    async with site.ws("/api/notifications/ws", "alice") as page:
        before = (await until(page, lambda m: m["type"] == "notification"))["unread"]
        body = {"username": "alice", "game": "syrtis", "time_control": "3d"}
        await call(post, site.http(site.a, "bobby"), "/api/challenges", body)
        pushed = await until(page, lambda m: "notification" in m)
        assert pushed["unread"] == before + 1
        assert pushed["notification"]["text"] == "bobby challenges you to Syrtis"


async def studies(site: Site, identity: str) -> None:
    alice_a = site.http(site.a, "alice")
    body = {"title": "Openings", "visibility": "public", "chapters": [{"game": "connect4"}]}
    study = (await call(post, alice_a, "/api/studies", body))["id"]
    reader = "alice" if identity == "account" else None
    async with site.ws(f"/api/studies/{study}/ws", reader) as page:
        await until(page, lambda m: m["type"] == "hello")
        renamed = await call(alice_a.patch, f"/api/studies/{study}", json={"title": "Endings"})
        assert renamed.status_code == 200, renamed.text
        await until(page, lambda m: m["type"] == "study")


async def tournaments(site: Site, identity: str) -> None:
    body = {"game": "cyclix", "format": "round_robin", "clock": "3d", "max_players": 4}
    event = (await call(post, site.http(site.a, "alice"), "/api/tournaments", body))["id"]
    reader = "alice" if identity == "account" else None
    path = f"/api/tournaments/{event}"
    async with site.ws(f"{path}/ws", reader) as page:
        first = await until(page, lambda m: m["type"] == "view")
        assert first["view"]["players"] == [] and first["view"]["creator"] == (reader == "alice")
        polled = (await call(site.http(site.b, reader).get, f"{path}/changes")).json()
        assert polled["tag"] == first["tag"]  # one tag for one view, socket or read
        await call(post, site.http(site.a, "bobby"), f"{path}/join")
        # only the change since the view B's socket gave the page (issues 56 and 59)
        change = await until(page, lambda m: m["type"] == "change")
    assert change["base"] == first["tag"] and "view" not in change
    after = apply_delta(first["view"], change)
    assert [p["name"] for p in after["players"]] == ["bobby"]
    assert after["creator"] == (reader == "alice") and after["joined"] is False
    # the page's read while its socket is down: the change since the tag it has
    since = (
        await call(site.http(site.b, reader).get, f"{path}/changes", params={"base": first["tag"]})
    ).json()
    assert since["base"] == first["tag"] and since["tag"] == change["tag"]
    assert apply_delta(first["view"], since) == after


async def _ndjson(site: Site, path: str) -> AsyncIterator[dict[str, Any]]:
    headers = {"Authorization": f"Bearer {site.bot}"}
    async with (
        httpx.AsyncClient(base_url=site.b.url, timeout=WAIT) as client,
        client.stream("GET", path, headers=headers) as stream,
    ):
        assert stream.status_code == 200
        async for line in stream.aiter_lines():
            if line.strip():
                yield json.loads(line)


async def next_line(lines: AsyncIterator[dict[str, Any]], kind: str) -> dict[str, Any]:
    async with asyncio.timeout(WAIT):
        async for line in lines:
            if line["type"] == kind:
                return line
    raise AssertionError(f"the stream ended before a {kind!r} line")


async def bots_events(site: Site, identity: str) -> None:
    lines = _ndjson(site, "/api/bot/stream/event")
    bobby = site.http(site.a, "bobby")
    try:
        stream = asyncio.create_task(next_line(lines, "challenge"))
        await asyncio.sleep(0.5)  # the stream is open on B
        body = {"username": "robot", "game": "connect4", "time_control": "3d"}
        made = await call(post, bobby, "/api/challenges", body)
        assert (await stream)["challenge"]["id"] == made["id"]
        robot_a = site.http(site.a, Authorization=f"Bearer {site.bot}")
        game = (await call(post, robot_a, f"/api/bot/challenge/{made['id']}/accept"))["game"]
        started = await next_line(lines, "gameStart")
        assert started["game"]["id"] == game
    finally:
        await lines.aclose()


async def bots_game(site: Site, identity: str) -> None:
    bobby = site.http(site.a, "bobby")
    game = (await call(post, bobby, "/api/games/vs/robot", {"game": "connect4", "seat": 0}))["id"]
    lines = _ndjson(site, f"/api/bot/game/stream/{game}")
    try:
        full = await next_line(lines, "gameFull")
        version = full["state"]["version"]
        view = (await call(bobby.get, f"/api/games/{game}")).json()
        body = {"version": view["version"], "action": view["legal"][0]["action"]}
        await call(post, bobby, f"/api/games/{game}/actions", body)
        state = await next_line(lines, "gameState")
        assert state["version"] == version + 1 and len(state["moves"]) == 1
    finally:
        await lines.aclose()


SCENARIOS: dict[str, Callable[[Site, str], Any]] = {
    "game.moves": game_moves,
    "game.clocks": game_clocks,
    "game.chat": game_chat,
    "game.offers": game_offers,
    "game.mutes": game_mutes,
    "game.rematch": game_rematch,
    "lobby.seeks": lobby_seeks,
    "lobby.challenges": lobby_challenges,
    "notices": notices,
    "studies": studies,
    "tournaments": tournaments,
    "bots.events": bots_events,
    "bots.game": bots_game,
}


def test_a_change_through_a_reaches_the_page_on_b(site: Site, subtests: Any) -> None:
    """Rule: the change made through process A reaches the page connected to process B, for
    each channel of docs/server.md's table and each identity of its row (a subtest each)."""
    assert len(CASES) >= 20, CASES
    for channel, identity in CASES:
        with subtests.test(msg=f"{channel} ({identity})"):
            asyncio.run(SCENARIOS[channel](site, identity))
