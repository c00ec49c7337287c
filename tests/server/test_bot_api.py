"""The Bot API through the app: tokens, moves in notation, refusals in words, bot accounts."""

from __future__ import annotations

import asyncio
import time
from typing import Any

from shoal import games
from shoal.server.bots.service import BotEvents, new_api_token
from tests.clients import TestClient

from .accounts_helpers import error, rows, signup


def _bot(client: TestClient, name: str) -> tuple[int, str]:
    """A signed-up account made a bot, and a fresh API token of it."""
    with TestClient(client.app) as other:
        assert signup(other, name).status_code == 201
    bots: Any = client.app.state.context.bots  # type: ignore[attr-defined]
    found = bots.accounts.by_name(name)
    assert found is not None
    assert bots.store.mark(found[0].id)
    return found[0].id, new_api_token(bots.store, found[0].id)


def _bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def _texts(seed: int, count: int) -> list[str]:
    """The first legal action's text ``count`` times over, from Cyclix's set-up ``seed``."""
    state = games.get("cyclix").initial(seed)
    out = []
    for _ in range(count):
        action = state.legal_actions()[0]
        out.append(state.action_text(action))
        state = state.apply(action)
    return out


def test_a_person_plays_a_program_bot_by_name(client: TestClient, db: str) -> None:
    _, token = _bot(client, "robot")
    assert signup(client, "alice").status_code == 201
    made = client.post("/api/games/vs/robot", json={"game": "cyclix", "seed": 3, "seat": 0})
    assert made.status_code == 201, made.text
    game_id = made.json()["id"]
    first, second = _texts(3, 2)
    # the bot may not move out of turn, and nothing changes
    error(
        client.post(f"/api/bot/game/{game_id}/move/{second}", headers=_bearer(token)),
        409,
        "not your turn",
    )
    view = client.post(f"/api/games/{game_id}/actions", json={"version": 1, "text": first})
    assert view.status_code == 200, view.text
    # wrong notation and an illegal action: refused in words, nothing changed
    error(client.post(f"/api/bot/game/{game_id}/move/zz99", headers=_bearer(token)), 400, "")
    moved = client.post(f"/api/bot/game/{game_id}/move/{second}", headers=_bearer(token))
    assert moved.status_code == 200, moved.text
    assert moved.json()["state"]["moves"] == [first, second]
    assert moved.json()["state"]["turn"] == 0
    assert client.get(f"/api/games/{game_id}").json()["version"] == 3


def test_tokens_refused_in_words(client: TestClient, db: str) -> None:
    user_id, token = _bot(client, "robot")
    error(client.get("/api/bot/account"), 401, "Bearer")
    error(client.get("/api/bot/account", headers={"Authorization": token}), 401, "Bearer TOKEN")
    error(client.get("/api/bot/account", headers=_bearer("shb_wrong")), 401, "not known")
    assert client.get("/api/bot/account", headers=_bearer(token)).json()["username"] == "robot"
    bots: Any = client.app.state.context.bots  # type: ignore[attr-defined]
    assert bots.store.revoke_tokens(user_id) == 1
    error(client.get("/api/bot/account", headers=_bearer(token)), 401, "revoked")
    # only the hash is stored
    stored = (
        [r[0] for r in rows(db, "SELECT token_hash FROM shoal_bot_tokens")]
        if db.startswith("sqlite")
        else []
    )
    assert token not in stored


def test_a_bot_cannot_play_another_game(client: TestClient, db: str) -> None:
    _, token = _bot(client, "robot")
    _, other_token = _bot(client, "robot2")
    made = client.post(
        "/api/games/vs/robot",
        json={"game": "cyclix", "seed": 3, "seat": 1},
        headers=_bearer(other_token),
    )
    assert made.status_code == 201, made.text
    game_id = made.json()["id"]
    assert signup(client, "carol").status_code == 201
    mine = client.post("/api/games/vs/robot2", json={"game": "cyclix", "seed": 3, "seat": 1})
    first = _texts(3, 1)[0]
    error(
        client.post(f"/api/bot/game/{mine.json()['id']}/move/{first}", headers=_bearer(token)),
        403,
        "this token does not play in this game",  # the page's words (one door per move)
    )
    ok = client.post(f"/api/bot/game/{game_id}/move/{first}", headers=_bearer(token))
    assert ok.status_code == 200, ok.text


def test_named_games_refused_in_words(client: TestClient, db: str) -> None:
    error(client.post("/api/games/vs/shoal-club", json={"game": "cyclix"}), 401, "sign in")
    assert signup(client, "alice").status_code == 201
    error(client.post("/api/games/vs/nobody", json={"game": "cyclix"}), 404, "no user")
    error(client.post("/api/games/vs/alice", json={"game": "cyclix"}), 400, "yourself")
    with TestClient(client.app) as other:
        assert signup(other, "bob").status_code == 201
    error(client.post("/api/games/vs/bob", json={"game": "cyclix"}), 400, "not a bot")
    error(client.post("/api/games/vs/shoal-club", json={"game": "chess"}), 404, "")


def test_the_computer_bots_play_by_name(client: TestClient, db: str) -> None:
    names = [b["username"] for b in client.get("/api/bots").json()]
    assert names == [
        "shoal-random",
        "shoal-beginner",
        "shoal-casual",
        "shoal-club",
        "shoal-strong",
        "shoal-max",
    ]
    assert signup(client, "alice").status_code == 201
    made = client.post("/api/games/vs/shoal-random", json={"game": "cyclix", "seed": 3, "seat": 1})
    assert made.status_code == 201, made.text
    game_id = made.json()["id"]
    for _ in range(200):
        view = client.get(f"/api/games/{game_id}").json()
        if view["version"] > 1:
            break
        time.sleep(0.05)
    assert view["version"] == 2  # the computer moved first, as shoal-random
    games_of_bot = client.get("/api/users/shoal-random")
    assert games_of_bot.status_code == 200
    assert view["players"] == ["shoal-random", "alice"]


def test_a_bot_resigns_and_then_nothing_changes(client: TestClient, db: str) -> None:
    _, token = _bot(client, "robot")
    assert signup(client, "alice").status_code == 201
    game_id = client.post("/api/games/vs/robot", json={"game": "cyclix", "seed": 3}).json()["id"]
    error(client.post(f"/api/bot/game/{game_id}/resign"), 401, "Bearer")
    resigned = client.post(f"/api/bot/game/{game_id}/resign", headers=_bearer(token))
    assert resigned.status_code == 200, resigned.text
    state = resigned.json()["state"]
    assert state["status"] == "over" and state["winner"] == 0 and "resigned" in state["reason"]
    error(client.post(f"/api/bot/game/{game_id}/resign", headers=_bearer(token)), 409, "over")
    first = _texts(3, 1)[0]
    error(client.post(f"/api/bot/game/{game_id}/move/{first}", headers=_bearer(token)), 409, "over")
    assert client.get(f"/api/games/{game_id}").json()["version"] == 2


def test_a_disabled_bot_cannot_use_its_token(client: TestClient, db: str) -> None:
    user_id, token = _bot(client, "robot")
    bots: Any = client.app.state.context.bots  # type: ignore[attr-defined]
    bots.accounts.update_user(user_id, disabled=True)
    error(client.get("/api/bot/account", headers=_bearer(token)), 401, "disabled")
    assert "robot" not in [b["username"] for b in client.get("/api/bots").json()]
    assert signup(client, "alice").status_code == 201
    error(client.post("/api/games/vs/robot", json={"game": "cyclix"}), 409, "disabled")


def test_other_areas_push_events_to_open_streams() -> None:
    events = BotEvents()

    async def run() -> None:
        queue = events.open_user(7)
        assert events.send(7, {"type": "challenge", "challenge": {"id": "c1"}}) == 1
        assert await queue.get() == {"type": "challenge", "challenge": {"id": "c1"}}
        events.close_user(7, queue)
        assert events.send(7, {"type": "challenge"}) == 0  # no stream open: nobody hears it

    asyncio.run(run())


def test_a_bot_answers_the_lobbys_challenges(client: TestClient, db: str) -> None:
    _, token = _bot(client, "robot")
    _, other = _bot(client, "robot2")
    assert signup(client, "alice").status_code == 201
    body = {"username": "robot", "game": "cyclix", "colour": "first"}
    first = client.post("/api/challenges", json=body)
    assert first.status_code == 201, first.text
    challenge_id = first.json()["id"]
    error(client.post(f"/api/bot/challenge/{challenge_id}/accept"), 401, "Bearer")
    error(
        client.post(f"/api/bot/challenge/{challenge_id}/accept", headers=_bearer(other)),
        403,
        "only the challenged",
    )
    error(client.post("/api/bot/challenge/999/accept", headers=_bearer(token)), 404, "no challenge")
    accepted = client.post(f"/api/bot/challenge/{challenge_id}/accept", headers=_bearer(token))
    assert accepted.status_code == 200, accepted.text
    game_id, seat = accepted.json()["game"], accepted.json()["seat"]
    assert seat == 1
    view = client.get(f"/api/games/{game_id}").json()
    assert view["players"] == ["alice", "robot"]
    error(
        client.post(f"/api/bot/challenge/{challenge_id}/decline", headers=_bearer(token)),
        409,
        "not open",
    )
    second = client.post("/api/challenges", json=body).json()["id"]
    declined = client.post(f"/api/bot/challenge/{second}/decline", headers=_bearer(token))
    assert declined.status_code == 200, declined.text
    again = client.post(f"/api/bot/challenge/{second}/accept", headers=_bearer(token))
    error(again, 409, "it was declined")
