"""People and bots on separate leaderboards (issue 63), on SQLite and PostgreSQL: an account
marked a bot (``shoal_bots``: a program's, or one of the server's own levels) is ranked on the
game's bot board, never on the people's, and a person never on the bots'."""

from __future__ import annotations

from shoal.server.accounts.store import AccountStore
from shoal.server.bots.store import BotStore
from tests.clients import TestClient


def test_people_and_bots_are_ranked_apart(client: TestClient) -> None:
    context = client.app.state.context  # type: ignore[attr-defined]
    accounts, bots = AccountStore(context.store.engine), BotStore(context.store.engine)
    ids = {}
    for name in ("ann", "ben", "cy", "dee", "bot_a", "bot_b", "bot_c", "bot_d"):
        user = accounts.create_user(name, "x")
        assert user is not None
        ids[name] = user.id
        if name.startswith("bot_"):
            assert bots.mark(user.id)
    pairs = [("ann", "ben"), ("cy", "dee"), ("bot_a", "bot_b"), ("bot_c", "bot_d")]
    pairs += [("ann", "bot_a"), ("bot_c", "dee")]  # people and bots meet: both boards move
    for n in range(16):  # enough rated games to be established (deviation <= 110)
        for i, (a, b) in enumerate(pairs):
            score = (1.0, 0.0) if (n + i) % 3 else (0.0, 1.0)
            context.ratings.settle(f"g{n}-{i}", "cyclix", "live", [ids[a], ids[b]], score)
    board = client.get("/api/leaderboard/cyclix").json()
    people = {row["username"] for row in board["speeds"]["live"]}
    machines = {row["username"] for row in board["bots"]["live"]}
    assert people == {"ann", "ben", "cy", "dee"}
    assert machines == {"bot_a", "bot_b", "bot_c", "bot_d"}
    assert board["speeds"]["correspondence"] == board["bots"]["correspondence"] == []
    for rows in (board["speeds"]["live"], board["bots"]["live"]):  # each ranked from 1
        assert [row["rank"] for row in rows] == list(range(1, len(rows) + 1))
        assert [row["rating"] for row in rows] == sorted((r["rating"] for r in rows), reverse=True)
    page = client.get("/leaderboard/cyclix")
    assert page.status_code == 200 and "leaderboard.js" in page.text
