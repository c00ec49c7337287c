"""The tournaments API: bad input is refused with words and changes nothing; joining,
withdrawing and late entries; live no-shows lose and two of them withdraw the player."""

from __future__ import annotations

import datetime
import time
from typing import Any

import pytest

from shoal.server import create_app
from tests.clients import TestClient

from ..accounts_helpers import error, signup
from .helpers import As, event, make, resign

GOOD: dict[str, Any] = {"game": "connect4", "format": "swiss", "rounds": 3, "clock": "3+2"}


@pytest.mark.parametrize("db_url", ["sqlite"], indirect=True)
@pytest.mark.parametrize(
    ("change", "status", "words"),
    [
        ({"format": "knockout"}, 422, "format"),
        ({"game": "chess"}, 422, "chess"),
        ({"options": {"width": "huge"}}, 422, "width"),
        ({"clock": "fast"}, 422, "time control"),
        ({"clock": "0+0"}, 422, "0+0"),
        ({"rounds": None}, 422, "rounds"),
        ({"rounds": 40}, 422, "rounds"),
        ({"format": "arena", "clock": "3d"}, 422, "arena is played live"),
        ({"format": "arena", "minutes": 0.1}, 422, "minutes"),
        ({"starts": "next tuesday"}, 422, "ISO time"),
        ({"max_players": 1}, 422, "max_players"),
        ({"max_players": 201}, 422, "max_players of a Swiss is 2 to 200, not 201"),
        ({"format": "arena", "max_players": 501}, 422, "max_players of an arena is 2 to 500"),
        ({"format": "round_robin", "max_players": 65}, 422, "of a round robin is 2 to 64"),
        ({"game": "sytran", "clock": "1+1"}, 422, "too fast for Sytran: a game lasts about 47"),
        (
            {"game": "cyclix", "clock": "1+0"},
            422,
            "1.71 s a turn, up to 1 min a side; give at least 3 s a turn (e.g. 2+0 or 1+3)",
        ),
    ],
)
def test_a_bad_event_is_refused_with_words_and_nothing_is_made(
    client: TestClient, change: dict[str, Any], status: int, words: str
) -> None:
    assert signup(client, "alice").status_code == 201
    error(client.post("/api/tournaments", json={**GOOD, **change}), status, words)
    assert client.get("/api/tournaments").json() == {"upcoming": [], "running": [], "finished": []}


@pytest.mark.parametrize("db_url", ["sqlite"], indirect=True)
def test_an_arena_of_500_and_a_swiss_of_200_are_accepted(client: TestClient) -> None:
    """The caps of issue 59: an arena takes 500 players, a Swiss 200 (each format's own)."""
    assert signup(client, "alice").status_code == 201
    arena = make(client, **{**GOOD, "format": "arena", "minutes": 5, "max_players": 500})
    swiss = make(client, **{**GOOD, "max_players": 200})
    assert (event(client, arena)["max_players"], event(client, swiss)["max_players"]) == (500, 200)


@pytest.mark.parametrize("db_url", ["sqlite"], indirect=True)
def test_the_form_says_what_a_clock_means_for_the_game(client: TestClient) -> None:
    """GET /api/tournaments/clock-advice: a game's typical length and the seconds a turn a
    clock leaves, or the refusal an event would get; an unknown game: 422 with words."""
    url = "/api/tournaments/clock-advice"
    fine = client.get(url, params={"game": "sytran", "clock": "5+3"}).json()
    assert fine == {
        "advice": "A game lasts about 47 turns a side: about 9.38 s a turn, up to 7 min a side.",
        "seconds_a_turn": 9.38,
        "refused": None,
    }
    fast = client.get(url, params={"game": "sytran", "clock": "1+1"}).json()
    assert fast["seconds_a_turn"] == 2.28 and "give at least 3 s a turn" in fast["refused"]
    slow = client.get(url, params={"game": "sfirs", "clock": "3d"}).json()
    assert (
        slow["seconds_a_turn"] is None and slow["refused"] is None and "27 turns" in slow["advice"]
    )
    error(client.get(url, params={"game": "chess", "clock": "5+3"}), 422, "chess")


@pytest.mark.parametrize("db_url", ["sqlite"], indirect=True)
def test_signed_out_unknown_ids_and_wrong_steps_are_refused(client: TestClient) -> None:
    error(client.post("/api/tournaments", json=GOOD), 401, "not signed in")
    error(client.get("/api/tournaments/77"), 404, "no tournament 77")
    assert signup(client, "alice").status_code == 201
    error(client.post("/api/tournaments/77/join"), 404, "no tournament 77")
    tid = make(client, **GOOD)
    error(client.post(f"/api/tournaments/{tid}/withdraw"), 409, "not in this tournament")
    error(client.post(f"/api/tournaments/{tid}/invite", json={"bot": "alice"}), 422, "not one of")
    error(client.post(f"/api/tournaments/{tid}/invite", json={"bot": "nobody"}), 404, "no bot")
    listed = client.get("/api/tournaments").json()
    assert [(e["id"], e["game"], e["format"]) for e in listed["upcoming"]] == [
        (tid, "connect4", "swiss")
    ]
    assert event(client, tid)["players"] == []


@pytest.mark.parametrize("db_url", ["sqlite"], indirect=True)
def test_withdrawing_before_the_start_frees_the_place_and_a_full_event_refuses(
    three: tuple[Any, TestClient, TestClient, TestClient],
) -> None:
    _app, a, b, c = three
    tid = make(a, **{**GOOD, "max_players": 3, "starts": "2099-01-01T00:00:00Z"})
    for client in (a, b):
        assert client.post(f"/api/tournaments/{tid}/join").status_code == 200
    assert b.post(f"/api/tournaments/{tid}/withdraw").status_code == 200
    assert [p["name"] for p in event(a, tid)["players"]] == ["alice"]
    assert c.post(f"/api/tournaments/{tid}/join").status_code == 200
    assert b.post(f"/api/tournaments/{tid}/join").status_code == 200
    view = event(a, tid)
    assert view["status"] == "upcoming"  # full, but it starts at its time
    assert len(view["players"]) == 3
    with TestClient(_app) as d:
        assert signup(d, "dave").status_code == 201
        error(d.post(f"/api/tournaments/{tid}/join"), 409, "full")


@pytest.mark.parametrize("db_url", ["sqlite"], indirect=True)
def test_a_late_entrant_is_paired_from_the_next_round_and_a_withdrawn_one_no_more(
    db: str,
) -> None:
    app = create_app(db, tournament_tick=0.2)
    with TestClient(app) as shared:
        a, b, c, d = (As(shared, name) for name in ("alice", "bobby", "carol", "dave"))
        clients = {"alice": a, "bobby": b, "carol": c, "dave": d}
        starts = datetime.datetime.now(datetime.UTC) + datetime.timedelta(seconds=5)
        tid = make(a, **{**GOOD, "max_players": 4, "starts": starts.isoformat()})
        for client in (a, b, c):
            assert client.post(f"/api/tournaments/{tid}/join").status_code == 200
        # it starts at its time, on the ticker; starting and pairing the first round are two
        # steps (a crash between them leaves the round for the next tick), so wait for both
        deadline = time.monotonic() + 60  # it starts in 5 s; a loaded machine ticks late
        while not (view := event(a, tid))["rounds"]:
            assert view["status"] in ("upcoming", "running"), view
            assert time.monotonic() < deadline, f"the first round was not paired: {view}"
            time.sleep(0.1)  # polls for the condition, with the deadline above
        assert view["status"] == "running" and view["rounds"][0]["bye"]
        assert d.post(f"/api/tournaments/{tid}/join").status_code == 200  # a late entry
        assert b.post(f"/api/tournaments/{tid}/withdraw").status_code == 200
        for _ in range(200):
            view = event(a, tid)
            if view["round"] >= 2:
                break
            for client in clients.values():
                mine = event(client, tid)
                for game_id in mine["your_games"]:
                    resign(client, game_id)
            time.sleep(0.05)
        else:
            raise AssertionError(f"the second round was not paired: {view}")
        second = view["rounds"][1]
        seated = {n for p in second["pairings"] for n in p["players"]} | {second["bye"]}
        assert seated == {"alice", "carol", "dave"}
        first = view["rounds"][0]
        if first["bye"] != "bobby":  # bobby's game of round one was lost when he withdrew
            game = next(p for p in first["pairings"] if "bobby" in p["players"])
            assert game["result"] == ("0-1" if game["players"][0] == "bobby" else "1-0")
        assert next(p for p in view["players"] if p["name"] == "bobby")["withdrawn"]


@pytest.mark.parametrize("db_url", ["sqlite"], indirect=True)
def test_live_no_shows_lose_and_two_of_them_withdraw_the_player(db: str) -> None:
    """A player who does not make their first move in time loses the game (a forfeit);
    after two no-shows they are withdrawn."""
    app = create_app(db, tournament_tick=0.1, first_move_seconds=2.0)
    with TestClient(app) as shared:
        a, b, c = (As(shared, name) for name in ("alice", "bobby", "carol"))
        tid = make(a, game="connect4", format="double_round_robin", clock="3+2", max_players=3)
        for client in (a, b, c):
            assert client.post(f"/api/tournaments/{tid}/join").status_code == 200
        deadline = time.monotonic() + 60
        while event(a, tid)["status"] != "finished":
            assert time.monotonic() < deadline, event(a, tid)
            for client in (a, b):  # carol never moves; alice and bobby resign to each other
                mine = event(client, tid)
                for game_id in mine["your_games"]:
                    pairing = next(
                        p for r in mine["rounds"] for p in r["pairings"] if p["game"] == game_id
                    )
                    if "carol" not in pairing["players"] and pairing["players"][0] == (
                        "alice" if client is a else "bobby"
                    ):
                        resign(client, game_id)
                    elif "carol" in pairing["players"]:
                        game = client.get(f"/api/games/{game_id}").json()
                        if game["result"] is None and game["to_move"] in game["you"]:
                            client.post(
                                f"/api/games/{game_id}/actions",
                                json={
                                    "version": game["version"],
                                    "action": game["legal"][0]["action"],
                                },
                            )
            time.sleep(0.05)
        final = event(a, tid)
    carol = next(p for p in final["players"] if p["name"] == "carol")
    assert carol["withdrawn"] and carol["no_shows"] == 2
    games = [p for r in final["rounds"] for p in r["pairings"]]
    against = [p for p in games if "carol" in p["players"]]
    assert len(against) == 4
    # her first two games were no-shows (forfeits); the others, after her withdrawal,
    # were lost without a game or resigned for her
    assert sum(p["forfeit"] for p in against) >= 2
    for p in against:
        assert p["result"] == ("0-1" if p["players"][0] == "carol" else "1-0")
    lines = {line["player"]: line for line in final["standings"]}
    assert lines["carol"]["points"] == 0.0
    assert lines["alice"]["points"] == lines["bobby"]["points"] == 3.0


@pytest.mark.parametrize("db_url", ["sqlite"], indirect=True)
def test_entry_conditions_an_invited_list_and_a_rating_range(
    three: tuple[Any, TestClient, TestClient, TestClient],
) -> None:
    """An optional entry condition: only the invited names, or a rating range (a newcomer
    is rated 1500); the creator's bot invitations pass."""
    _app, a, b, c = three
    tid = make(a, **GOOD, invited=["alice", "Bobby"])
    assert b.post(f"/api/tournaments/{tid}/join").status_code == 200  # names ignore case
    error(c.post(f"/api/tournaments/{tid}/join"), 403, "by invitation")
    assert a.post(f"/api/tournaments/{tid}/invite", json={"bot": "shoal-random"}).status_code == 200
    high = make(a, **GOOD, min_rating=1600)
    error(b.post(f"/api/tournaments/{high}/join"), 403, "1600 or more")
    low = make(a, **GOOD, max_rating=1400)
    error(b.post(f"/api/tournaments/{low}/join"), 403, "1400 or less")
    fits = make(a, **GOOD, min_rating=1400, max_rating=1600)
    assert b.post(f"/api/tournaments/{fits}/join").status_code == 200
    error(
        a.post("/api/tournaments", json={**GOOD, "min_rating": 1600, "max_rating": 1400}),
        422,
        "above",
    )
    assert event(a, tid)["invited"] == ["Bobby", "alice"]
    assert [p["name"] for p in event(a, high)["players"]] == []


@pytest.mark.parametrize("db_url", ["sqlite"], indirect=True)
def test_a_bot_api_program_joins_with_its_token_and_plays_its_game(db: str) -> None:
    """Bots join like players: a Bot API program enters with its token and its
    tournament game is its own (it acts on it through the Bot API)."""
    from shoal.server.bots.service import new_api_token

    app = create_app(db, tournament_tick=0.1)
    with TestClient(app) as shared:
        a, b = As(shared, "alice"), As(shared, "botty")
        bots: Any = app.state.context.bots
        bot_id = bots.accounts.by_name("botty")[0].id
        assert bots.store.mark(bot_id)
        bearer = {"Authorization": f"Bearer {new_api_token(bots.store, bot_id)}"}
        tid = make(a, game="connect4", format="round_robin", clock="3+2", max_players=2)
        error(
            a.post(f"/api/tournaments/{tid}/join", headers={"Authorization": "Bearer x"}), 401, ""
        )
        assert a.post(f"/api/tournaments/{tid}/join").status_code == 200
        joined = b.post(f"/api/tournaments/{tid}/join", headers=bearer)
        assert joined.status_code == 200, joined.text
        view = event(a, tid)
        assert view["status"] == "running"
        game_id = view["rounds"][0]["pairings"][0]["game"]
        resigned = b.post(f"/api/bot/game/{game_id}/resign", headers=bearer)
        assert resigned.status_code == 200, resigned.text
        for _ in range(100):
            view = event(a, tid)
            if view["status"] == "finished":
                break
            time.sleep(0.05)
    lines = {line["player"]: line["points"] for line in view["standings"]}
    assert lines == {"alice": 1.0, "botty": 0.0}
