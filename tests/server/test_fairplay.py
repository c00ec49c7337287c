"""Fair play (issue 61) on both databases: the browser's signal, the check after each rated
game (bots exempt), the agreement test's report, and an engine mark that takes a player's
rated games out of the ratings and gives the opponents back what they lost."""

from __future__ import annotations

import time
from typing import Any

from shoal.analysis.fairplay import Agreement
from shoal.server.fairplay.store import Seat

from .accounts_helpers import error, rows
from .moderation_helpers import act, friend_game, make_moderator, play_one, resign


def _fairplay_rows(db: str, game_id: str) -> list[tuple[Any, ...]]:
    """The game's fair-play rows once the check is done (it runs in the background)."""
    for _ in range(300):
        found = rows(
            db,
            "SELECT seat, status FROM shoal_fairplay WHERE game_id = :g ORDER BY seat",
            g=game_id,
        )
        if found and all(status != "running" for _, status in found):
            return found
        time.sleep(0.1)
    raise AssertionError(f"the check of {game_id} did not end: {found}")


def test_the_tab_signal_and_the_check_after_a_rated_game(three: Any, db: str) -> None:
    app, alice, bobby, carol = three
    make_moderator(app, "carol")
    rated = friend_game(alice, bobby, "bobby", rated=True)
    casual = friend_game(alice, bobby, "bobby")
    path = f"/api/games/{rated['id']}/fairplay"

    # the page of a player of a rated game on watches; a spectator's or a casual game's not
    assert alice.get(path).json() == {"watch": True}
    assert carol.get(path).json() == {"watch": False}
    assert alice.get(f"/api/games/{casual['id']}/fairplay").json() == {"watch": False}

    view = alice.get(f"/api/games/{rated['id']}").json()
    seen = {"tool": "analysis", "position": view["position"]}
    error(carol.post(path, json=seen), 403, "for the game's players")
    error(alice.post(path, json={**seen, "position": "nonsense"}), 400, "not one of the game's")
    assert alice.post(path, json={**seen, "tool": "telepathy"}).status_code == 422
    assert alice.post(path, json=seen).json() == {"reported": True}
    packed = {"tool": "offline", "position": view["engine_position"]}
    assert alice.post(path, json=packed).json() == {"reported": False}  # one report a game
    casual_view = alice.get(f"/api/games/{casual['id']}").json()
    casual_seen = {"tool": "hint", "position": casual_view["position"]}
    assert alice.post(f"/api/games/{casual['id']}/fairplay", json=casual_seen).json() == {
        "reported": False
    }
    group = carol.get("/api/mod/queue").json()["groups"][0]
    assert group["player"]["username"] == "alice"
    signal = group["reports"][0]
    assert (signal["kind"], signal["reason"], signal["reporter"]) == (
        "fairplay",
        "tab",
        "the site (fair play)",
    )
    assert signal["details"]["tool"] == "analysis"
    assert signal["context"]["game"]["rated"] is True

    # once the rated game ends, both seats are checked (the review of the game, stored)
    play_one(alice if view["to_move"] == view["you"][0] else bobby, rated["id"])
    resign(alice, rated["id"])
    assert _fairplay_rows(db, rated["id"]) == [(0, "done"), (1, "done")]
    assert alice.get(path).json() == {"watch": False}  # over: nothing to watch
    files = carol.get("/api/mod/players/alice").json()["player"]["fairplay"]
    assert [(f["game"], f["speed"], f["games"]) for f in files] == [
        ("connect4", "correspondence", 1)
    ]

    # a bot's seat is never checked: a rated game against the site's computer
    challenge = alice.post(
        "/api/challenges",
        json={"username": "shoal-random", "game": "connect4", "time_control": None, "rated": True},
    )
    assert challenge.status_code == 201, challenge.text
    against_bot = challenge.json()["game_id"] or challenge.json()["url"].rsplit("/", 1)[-1]
    resign(alice, against_bot)
    checked = _fairplay_rows(db, against_bot)
    seats = rows(db, "SELECT seat, user_id FROM shoal_seats WHERE game_id = :g", g=against_bot)
    alice_id = rows(db, "SELECT id FROM shoal_users WHERE username = 'alice'")[0][0]
    assert checked == [(s, "done") for s, user in seats if user == alice_id]
    # and it is marked as a bot wherever it shows: the game's players, its profile
    marks = {
        s["seat"]: s["bot"] for s in alice.get(f"/api/games/{against_bot}/ratings").json()["seats"]
    }
    assert marks == {s: user != alice_id for s, user in seats}
    assert alice.get("/api/users/shoal-random").json()["bot"] is True
    assert alice.get("/api/users/bobby").json()["bot"] is False


def test_an_improbable_agreement_is_reported_once(three: Any) -> None:
    app, _alice, _bobby, carol = three
    make_moderator(app, "carol")
    fairplay = app.state.context.fairplay
    ids = {n: app.state.context.accounts.store.by_name(n)[0].id for n in ("alice", "bobby")}

    def stored(game_id: str, user: int, rating: float, turns: int, agreed: int) -> None:
        assert fairplay.store.claim(game_id, "cyclix", "live", [Seat(0, user, rating)])
        fairplay.store.finish(game_id, [Agreement(0, turns, agreed, 80.0)])

    for i in range(60):  # bobby's games, the reference: about half the turns agree
        stored(f"ref{i}", ids["bobby"], 1450 + i * 2, 20, 8 + i % 5)
    for i in range(9):
        stored(f"own{i}", ids["alice"], 1500, 20, 19)
    verdict = fairplay.judge(ids["alice"], "cyclix", "live", "own8")
    assert verdict.z is None and "9 of 10" in verdict.why  # not enough games yet: no test
    stored("own9", ids["alice"], 1500, 20, 19)
    verdict = fairplay.judge(ids["alice"], "cyclix", "live", "own9")
    assert verdict.flagged and verdict.z is not None and verdict.z > 4
    assert not fairplay.judge(ids["bobby"], "cyclix", "live", "ref59").flagged
    fairplay.judge(ids["alice"], "cyclix", "live", "own9")  # still open: not reported twice
    reports = [r for g in carol.get("/api/mod/queue").json()["groups"] for r in g["reports"]]
    assert [(r["reason"], r["game"]) for r in reports] == [("agreement", "own9")]
    assert reports[0]["details"]["games"] == 10 and reports[0]["details"]["rate"] == 0.95


def test_an_engine_mark_gives_the_opponents_their_points_back(three: Any) -> None:
    app, alice, bobby, carol = three
    make_moderator(app, "carol")
    won = friend_game(alice, bobby, "bobby", rated=True)
    resign(bobby, won["id"])  # alice wins: bobby loses points
    lost = friend_game(alice, bobby, "bobby", rated=True)
    resign(alice, lost["id"])  # bobby wins: points he keeps

    def rating(client: Any, name: str) -> int:
        profile = client.get(f"/api/users/{name}").json()
        return int(profile["ratings"]["connect4"]["speeds"]["correspondence"]["rating"])

    for game in (won, lost):  # both settled
        assert (
            carol.get(f"/api/games/{game['id']}/ratings").json()["seats"][0]["change"] is not None
        )
    change = {
        s["seat"]: s["change"] for s in carol.get(f"/api/games/{won['id']}/ratings").json()["seats"]
    }
    bobby_lost = -min(change.values())
    before = rating(carol, "bobby")

    marked = act(carol, "engine", username="alice", reason="engine use")
    assert marked.status_code == 201, marked.text
    assert marked.json()["details"]["ratings"]["games"] == 2
    assert rating(carol, "bobby") == before + bobby_lost
    assert carol.get("/api/users/alice").json()["ratings"] == {}
    assert carol.get(f"/api/games/{won['id']}/ratings").json()["unrated"] == (
        "a player was marked as an engine user"
    )
    error(act(carol, "engine", username="alice"), 409, "already")

    after = friend_game(alice, bobby, "bobby", rated=True)  # new games do not count
    resign(bobby, after["id"])
    assert carol.get(f"/api/games/{after['id']}/ratings").json()["unrated"] == (
        "a player was marked as an engine user"
    )
    assert carol.get("/api/mod/players/alice").json()["player"]["standing"]["engine"] is True
    assert act(carol, "unengine", username="alice").status_code == 201
    again = friend_game(alice, bobby, "bobby", rated=True)
    resign(bobby, again["id"])
    assert carol.get(f"/api/games/{again['id']}/ratings").json()["unrated"] is None
