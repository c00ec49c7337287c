"""One door per move (issue 58): a move made through the page's ``POST``, through the game's
socket and through the Bot API is the same move.

The same correspondence game of Connect Four (no set-up seed: the same start) is played three
times between alice (always by ``POST``) and robot, a bot account that moves once by
``POST /api/games/{id}/actions``, once by ``move`` messages on the game's socket and once by
``POST /api/bot/game/{id}/move/{text}``; robot also tries a move out of turn, a move in
words that mean nothing, and a move once the game is over. The three games must leave the
same stored game, the same notifications, the same messages on a spectator's socket, and
the same refusals in the same words.
"""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Callable
from typing import Any

import pytest

from shoal.server.bots.service import new_api_token
from shoal.server.games.start import Side, start_game
from tests.clients import TestClient

from .corr_helpers import account, as_user, context, run

MOVES = ["a", "b", "a", "b", "a", "b", "g", "b"]
"""alice (first) and robot in turn; robot's fourth ``b`` wins (four in column b)."""

ROBOT_TRIES = {0: ["b"], 1: ["zz", " "]}
"""Before the move of this index, robot tries these words: out of turn, then nonsense and
blank words."""

Refusal = tuple[int, str]
Move = Callable[[str], Refusal | None]


class Players:
    """One client of the app, alice's or robot's as asked (their session cookies)."""

    def __init__(self, client: TestClient) -> None:
        self.client = client
        self.alice = account(client, "alice")
        self.robot = account(client, "robot")
        bots = client.app.state.context.bots  # type: ignore[attr-defined]
        found = bots.accounts.by_name("robot")
        assert found is not None and bots.store.mark(found[0].id)
        self.token = new_api_token(bots.store, found[0].id)
        """robot's API token."""

    def as_alice(self) -> TestClient:
        as_user(self.client, self.alice)
        return self.client

    def as_robot(self) -> TestClient:
        as_user(self.client, self.robot)
        return self.client

    def game(self) -> str:
        """A new correspondence game of alice (first) and robot, challenged and accepted."""
        body = {"username": "robot", "game": "connect4", "colour": "first", "time_control": "2d"}
        made = self.as_alice().post("/api/challenges", json=body)
        assert made.status_code == 201, made.text
        accepted = self.as_robot().post(f"/api/challenges/{made.json()['id']}/accept")
        assert accepted.status_code == 200, accepted.text
        return str(accepted.json()["game"])

    def version(self, game_id: str) -> int:
        return int(self.client.get(f"/api/games/{game_id}").json()["version"])


def _refusal(answer: Any) -> Refusal | None:
    return None if answer.status_code == 200 else (answer.status_code, answer.json()["detail"])


def by_post(players: Players, game_id: str) -> Move:
    """robot's moves as the page's ``POST /api/games/{id}/actions`` (its cookie)."""

    def move(text: str) -> Refusal | None:
        body = {"version": players.version(game_id), "text": text}
        return _refusal(players.as_robot().post(f"/api/games/{game_id}/actions", json=body))

    return move


def by_bot_api(players: Players, game_id: str) -> Move:
    """robot's moves through the Bot API (its API token, no cookie)."""

    def move(text: str) -> Refusal | None:
        as_user(players.client, None)
        bearer = {"Authorization": f"Bearer {players.token}"}
        return _refusal(players.client.post(f"/api/bot/game/{game_id}/move/{text}", headers=bearer))

    return move


def by_socket(players: Players, socket: Any, game_id: str) -> Move:
    """robot's moves as ``move`` messages on its own game socket (opened with its cookie)."""
    count = iter(range(1, 1000))

    def move(text: str) -> Refusal | None:
        ident = next(count)
        message = {"type": "move", "id": ident, "version": players.version(game_id), "text": text}
        socket.send_text(json.dumps(message))
        while True:  # robot's socket: the deltas of every move (its own with the ack), an error
            answer = socket.receive_json()
            if answer.get("ack") == ident:
                return None
            if answer.get("type") == "error" and answer.get("id") == ident:
                return (int(answer["status"]), str(answer["detail"]))

    return move


def _plain(value: Any, game_id: str) -> Any:
    """``value`` without the game's id, set-up seed (unused by Connect Four) and the moments."""
    if isinstance(value, dict):
        return {
            k: _plain(v, game_id)
            for k, v in value.items()
            if k not in ("id", "seed", "time", "server_time", "now", "deadline")
        }
    if isinstance(value, list):
        return [_plain(v, game_id) for v in value]
    return value.replace(game_id, "GAME") if isinstance(value, str) else value


def play(players: Players, game_id: str, move: Move) -> dict[str, Any]:
    """Play :data:`MOVES` (robot's through ``move``) while a spectator watches; what the
    game left: the stored game, its notifications, the spectator's messages, the refusals."""
    client = players.client
    refusals: list[Refusal | None] = []
    with client.websocket_connect(f"/api/games/{game_id}/ws?deltas=1") as spectator:
        seen = [spectator.receive_json()]
        for index, text in enumerate(MOVES):
            for words in ROBOT_TRIES.get(index, []):
                refusals.append(move(words))
            if index % 2 == 0:
                body = {"version": players.version(game_id), "text": text}
                moved = players.as_alice().post(f"/api/games/{game_id}/actions", json=body)
                assert moved.status_code == 200, moved.text
            else:
                assert move(text) is None
            seen.append(spectator.receive_json())
        refusals.append(move("c"))  # the game is over
    run(client, context(client).correspondence.settle)
    stored = context(client).store.load(game_id)
    assert stored is not None
    kept = {k: v for k, v in vars(stored).items() if k not in ("id", "seed", "token_hashes")}
    kept["seats_with_a_token"] = [h is not None for h in stored.token_hashes]
    notices = {}
    for name, as_player in (("alice", players.as_alice), ("robot", players.as_robot)):
        mine = as_player().get("/api/notifications").json()["notifications"]
        notices[name] = [n for n in mine if n["game"] == game_id]
    return _plain({"stored": kept, "notices": notices, "seen": seen, "refusals": refusals}, game_id)


def test_a_move_by_post_by_socket_and_by_the_bot_api_is_the_same_move(client: TestClient) -> None:
    players = Players(client)
    games: dict[str, dict[str, Any]] = {}
    game_id = players.game()
    games["post"] = play(players, game_id, by_post(players, game_id))
    game_id = players.game()
    players.as_robot()
    with client.websocket_connect(f"/api/games/{game_id}/ws?deltas=1") as own:
        own.receive_json()  # the view
        games["socket"] = play(players, game_id, by_socket(players, own, game_id))
    game_id = players.game()
    games["bot"] = play(players, game_id, by_bot_api(players, game_id))
    post = games["post"]
    assert post["refusals"] == [
        (409, "it is not your turn: your opponent is to move"),
        (400, "'zz': a drop is a column letter a to g"),
        (400, "empty action"),
        (409, "the game is over"),
    ]
    assert [m["type"] for m in post["seen"]] == ["view"] + ["delta"] * len(MOVES)
    assert post["seen"][-1]["set"]["result"]["winner"] == 1
    assert post["stored"]["actions"] == [0, 1, 0, 1, 0, 1, 6, 1]
    kinds = {name: [n["kind"] for n in found] for name, found in post["notices"].items()}
    assert kinds["alice"][0] == "game_ended" and kinds["alice"].count("your_turn") == 3
    assert kinds["robot"][0] == "game_ended" and kinds["robot"].count("your_turn") == 4
    for way in ("socket", "bot"):
        for part in ("stored", "notices", "seen", "refusals"):
            assert games[way][part] == post[part], f"{way}: its {part} differ from the POST's"


@pytest.mark.parametrize("db_url", ["sqlite"], indirect=True)
def test_a_duel_of_two_bots_is_played_by_the_one_computer_loop(client: TestClient) -> None:
    """Rule: the computer's turns in every game go through one loop bounded by the searches'
    queue: a tournament's game between two of the server's bots waits for a free search."""
    ctx = context(client)

    async def start() -> tuple[str, asyncio.Semaphore]:
        queue = ctx.computer._searches = asyncio.Semaphore(0)  # no search may start
        started = await start_game(
            ctx.manager,
            ctx.correspondence,
            game="connect4",
            options={},
            colour="first",
            time_control=None,
            rated=False,
            creator=Side("shoal-random", None, "random"),
            other=Side("shoal-beginner", None, "random"),
        )
        assert started.token is None and started.other_token is None
        ctx.computer.duel(await ctx.manager.entry(started.data.id), ("random", "random"))
        return started.data.id, queue

    game_id, queue = run(client, start)
    time.sleep(0.3)
    assert client.get(f"/api/games/{game_id}").json()["version"] == 1  # waiting for a search
    run(client, lambda: queue.release())  # one search at a time: the duel plays on to its end
    for _ in range(200):
        view = client.get(f"/api/games/{game_id}").json()
        if view["result"] is not None:
            break
        time.sleep(0.05)
    assert view["result"] is not None and view["ply"] >= 7
