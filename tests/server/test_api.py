"""The HTTP and WebSocket API with FastAPI's TestClient: every endpoint, its errors, restarts.

Errors are 4xx with a message a player understands, never 5xx, and leave the game as it was.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from shoal import games
from shoal.records import read
from shoal.server import create_app
from tests.clients import TestClient

GAME = "connect4"  # the calibration game: always registered


def auth(token: str) -> dict[str, str]:
    return {"X-Shoal-Token": token}


def create(client: TestClient, **body: Any) -> dict[str, Any]:
    body.setdefault("game", GAME)
    body.setdefault("level", "random")
    response = client.post("/api/games", json=body)
    assert response.status_code == 201, response.text
    data: dict[str, Any] = response.json()
    return data


def wait_for(
    client: TestClient, gid: str, test: Callable[[dict[str, Any]], bool]
) -> dict[str, Any]:
    deadline = time.monotonic() + 20
    while True:
        view: dict[str, Any] = client.get(f"/api/games/{gid}").json()
        if test(view) or time.monotonic() > deadline:
            return view
        time.sleep(0.02)


def play(client: TestClient, gid: str, token: str, **body: Any) -> Any:
    return client.post(f"/api/games/{gid}/actions", json=body, headers=auth(token))


def error(response: Any, status: int, words: str) -> None:
    assert response.status_code == status, response.text
    assert words in response.json()["detail"]


# -- catalog ------------------------------------------------------------------------
def test_catalog_lists_every_game_with_options_metadata(client: TestClient) -> None:
    catalog = client.get("/api/catalog").json()
    assert [g["id"] for g in catalog] == list(games.ids(all=True))
    for entry in catalog:
        cls = games.REGISTRY.game_class(entry["id"])
        assert entry["title"] == cls.title and entry["summary"] == cls.summary
        assert [o["name"] for o in entry["options"]] == [o.name for o in cls.option_infos()]
        assert len(entry["sides"]) == 2


def test_catalog_game_rules_page_and_start_picture(client: TestClient, tmp_path: Path) -> None:
    info = client.get(f"/api/catalog/{GAME}").json()
    assert info["title"] == "Connect Four" and "rules_html" in info
    svg = client.get(f"/api/catalog/{GAME}/start.svg")
    assert svg.status_code == 200 and svg.headers["content-type"].startswith("image/svg+xml")
    assert svg.text.startswith("<svg") and 'class="cell' in svg.text
    error(client.get("/api/catalog/nope"), 404, "unknown game")
    assert client.get("/api/catalog/..%2Fx/start.svg").status_code == 404


def test_rules_page_renders_the_docs_markdown(tmp_path: Path) -> None:
    (tmp_path / f"{GAME}.md").write_text(
        "# Connect Four\n\nDrop **stones**.\n\n| a | b |\n|---|---|\n| 1 | 2 |\n"
    )
    with TestClient(create_app("sqlite://", docs_dir=tmp_path)) as c:
        html = c.get(f"/api/catalog/{GAME}").json()["rules_html"]
    assert "<strong>stones</strong>" in html and "<table>" in html


def test_levels(client: TestClient) -> None:
    levels = client.get("/api/levels").json()
    assert "random" in levels["levels"] and levels["default"] in levels["levels"]


# -- creating games -------------------------------------------------------------------
def test_create_against_the_computer(client: TestClient) -> None:
    made = create(client, seat=0, seed=5, name="Ann")
    view = made["view"]
    assert made["seats"] == [0] and made["invite_token"] is None
    assert view["mode"] == "computer" and view["computer_seat"] == 1
    assert view["players"] == ["Ann", "computer (random)"] and view["you"] == [0]
    assert view["version"] == 1 and view["ply"] == 0 and view["to_move"] == 0
    assert view["seed"] == 5 and view["result"] is None and view["clock"] is None
    assert {a["text"] for a in view["legal"]} == set("abcdefg")
    assert all(a["path"] == [a["text"]] for a in view["legal"])
    assert view["svg"].startswith("<svg")
    assert made["token"] not in json.dumps(view)


def test_the_computer_moves_first_when_it_has_seat_0(client: TestClient) -> None:
    made = create(client, seat=1)
    view = wait_for(client, made["id"], lambda v: v["ply"] == 1)
    assert view["ply"] == 1 and view["to_move"] == 1 and not view["thinking"]
    assert view["turns"][0]["seat"] == 0 and view["turns"][0]["complete"]


def test_create_friend_and_local_games(client: TestClient) -> None:
    friend = create(client, opponent="friend", seat=1, clock={"base": 60, "increment": 2})
    assert friend["invite_token"] and friend["invite_token"] != friend["token"]
    view = friend["view"]
    assert view["clock"]["remaining"] == [60, 60] and view["clock"]["running"] is None
    assert view["allowed"] == {"undo": False, "hint": False, "resign": True}
    seen = client.get(f"/api/games/{friend['id']}", headers=auth(friend["invite_token"]))
    assert seen.json()["you"] == [0]
    local = create(client, opponent="local")
    assert local["seats"] == [0, 1] and local["view"]["players"] == ["Player 1", "Player 2"]


def test_create_with_a_random_seat_and_seed(client: TestClient) -> None:
    made = create(client, seat=None)
    assert made["seats"][0] in (0, 1) and isinstance(made["view"]["seed"], int)


@pytest.mark.parametrize(
    ("body", "status", "words"),
    [
        ({"game": "nope"}, 404, "unknown game"),
        ({"options": {"size": "3"}}, 400, "unknown option"),
        ({"level": "grandmaster"}, 400, "unknown level"),
        ({"clock": {"base": 60}}, 400, "clocks are for games against a friend"),
        ({"start": "not a position"}, 400, "expected"),
        (
            {"start": "......./......./......./x....../x....../x....../ o".replace("/ ", " ")},
            400,
            "",
        ),
    ],
)
def test_create_refuses_bad_requests(
    client: TestClient, body: dict[str, Any], status: int, words: str
) -> None:
    body = {"game": GAME, "level": "random", **body}
    response = client.post("/api/games", json=body)
    assert response.status_code == status, response.text
    assert words in response.json()["detail"]


def test_create_validates_fields(client: TestClient) -> None:
    for body in (
        {"game": GAME, "seat": 2},
        {"game": GAME, "opponent": "robot"},
        {"game": GAME, "seed": -1},
        {"game": GAME, "opponent": "friend", "clock": {"base": 0}},
        {},
    ):
        assert client.post("/api/games", json=body).status_code == 422


def test_create_from_a_start_position(client: TestClient) -> None:
    start = "......./......./......./......./......./...x... o"
    made = create(client, opponent="local", start=start)
    assert made["view"]["position"] == start and made["view"]["seed"] is None
    error(
        client.post(
            "/api/games",
            json={"game": GAME, "start": "xxxx.../ooo..../......./......./......./....... o"},
        ),
        400,
        "",
    )


# -- views ------------------------------------------------------------------------------
def test_view_of_an_unknown_game_is_404(client: TestClient) -> None:
    error(client.get("/api/games/nothing"), 404, "no game")


def test_spectators_see_the_game_without_tokens(client: TestClient) -> None:
    made = create(client, opponent="friend")
    view = client.get(f"/api/games/{made['id']}").json()
    assert view["you"] == []
    text = json.dumps(view)
    assert made["token"] not in text and made["invite_token"] not in text
    assert client.get(f"/api/games/{made['id']}", headers=auth("wrong")).json()["you"] == []


def test_recent_games(client: TestClient) -> None:
    made = create(client, opponent="local")
    listed = client.get("/api/games").json()
    assert listed[0]["id"] == made["id"] and listed[0]["game"] == GAME


# -- actions ---------------------------------------------------------------------------
def test_play_by_number_and_by_text(client: TestClient) -> None:
    made = create(client, opponent="local")
    gid, token = made["id"], made["token"]
    view = play(client, gid, token, version=1, action=3).json()
    assert view["version"] == 2 and view["turns"][0]["text"] == "d"
    view = play(client, gid, token, version=2, text=" D ").json()
    assert [t["text"] for t in view["turns"]] == ["d", "d"] and view["to_move"] == 0


def test_refused_actions_leave_the_game_unchanged(client: TestClient) -> None:
    made = create(client, opponent="friend")
    gid, token, invite = made["id"], made["token"], made["invite_token"]
    before = client.get(f"/api/games/{gid}").json()
    error(play(client, gid, "wrong", version=1, action=0), 403, "does not play")
    error(client.post(f"/api/games/{gid}/actions", json={"version": 1, "action": 0}), 403, "")
    error(play(client, gid, token, version=0, action=0), 409, "has changed")
    error(play(client, gid, invite, version=1, action=0), 409, "not your turn")
    error(play(client, gid, token, version=1, action=99), 422, "out of range")
    error(play(client, gid, token, version=1, text="z9"), 400, "")
    error(play(client, gid, token, version=1), 400, "either an action number or its text")
    error(play(client, gid, token, version=1, action=0, text="a"), 400, "either")
    assert play(client, gid, token, version=1, action="x").status_code == 422
    assert client.get(f"/api/games/{gid}").json() == before


def test_an_illegal_action_says_why(client: TestClient) -> None:
    made = create(client, opponent="local")
    gid, token = made["id"], made["token"]
    version = 1
    for _ in range(6):
        version = play(client, gid, token, version=version, action=0).json()["version"]
    before = client.get(f"/api/games/{gid}").json()
    error(play(client, gid, token, version=version, action=0), 422, "column a is full")
    error(play(client, gid, token, version=version, text="a"), 422, "a:")
    assert client.get(f"/api/games/{gid}").json() == before


def test_no_action_after_the_end(client: TestClient) -> None:
    made = create(client, opponent="local")
    gid, token = made["id"], made["token"]
    version = 1
    for action in (0, 1, 0, 1, 0, 1, 0):
        view = play(client, gid, token, version=version, action=action).json()
        version = view["version"]
    assert view["result"] == {
        "winner": 0,
        "reason": view["result"]["reason"],
        "sentence": "X wins: four in a row.",
        "scores": None,
        "result": "1-0",
    }
    assert view["legal"] == [] and view["to_move"] is None
    error(play(client, gid, token, version=version, action=2), 409, "over")
    error(
        client.post(f"/api/games/{gid}/resign", json={"version": version}, headers=auth(token)),
        409,
        "over",
    )


# -- the computer, undo, hint -------------------------------------------------------------
def test_the_computer_answers_and_undo_takes_back_the_pair(client: TestClient) -> None:
    made = create(client, seat=0)
    gid, token = made["id"], made["token"]
    error(
        client.post(f"/api/games/{gid}/undo", json={"version": 1}, headers=auth(token)),
        409,
        "nothing to undo",
    )
    play(client, gid, token, version=1, action=3)
    view = wait_for(client, gid, lambda v: v["ply"] == 2)
    assert view["to_move"] == 0 and view["allowed"]["undo"]
    error(
        client.post(f"/api/games/{gid}/undo", json={"version": 1}, headers=auth(token)),
        409,
        "changed",
    )
    error(
        client.post(f"/api/games/{gid}/undo", json={"version": view["version"]}, headers=auth("x")),
        403,
        "",
    )
    undone = client.post(
        f"/api/games/{gid}/undo", json={"version": view["version"]}, headers=auth(token)
    )
    assert undone.status_code == 200 and undone.json()["ply"] == 0
    assert undone.json()["version"] == view["version"] + 1


def test_undo_is_refused_between_friends(client: TestClient) -> None:
    made = create(client, opponent="friend")
    play(client, made["id"], made["token"], version=1, action=0)
    response = client.post(
        f"/api/games/{made['id']}/undo", json={"version": 2}, headers=auth(made["token"])
    )
    error(response, 403, "only for games against the computer")


def test_undo_at_one_screen_takes_back_one_turn(client: TestClient) -> None:
    made = create(client, opponent="local")
    gid, token = made["id"], made["token"]
    play(client, gid, token, version=1, action=0)
    play(client, gid, token, version=2, action=1)
    view = client.post(f"/api/games/{gid}/undo", json={"version": 3}, headers=auth(token)).json()
    assert [t["text"] for t in view["turns"]] == ["a"]


def test_hint(client: TestClient) -> None:
    made = create(client, seat=0)
    gid, token = made["id"], made["token"]
    hint = client.post(f"/api/games/{gid}/hint", json={"version": 1}, headers=auth(token)).json()
    assert hint["action"] in range(7) and hint["path"] == [hint["text"]] and hint["reason"]
    error(
        client.post(f"/api/games/{gid}/hint", json={"version": 7}, headers=auth(token)),
        409,
        "changed",
    )
    error(client.post(f"/api/games/{gid}/hint", json={"version": 1}, headers=auth("no")), 403, "")
    friend = create(client, opponent="friend")
    response = client.post(
        f"/api/games/{friend['id']}/hint", json={"version": 1}, headers=auth(friend["token"])
    )
    error(response, 403, "hints are off")
    response = client.post(
        f"/api/games/{friend['id']}/hint", json={"version": 1}, headers=auth(friend["invite_token"])
    )
    error(response, 403, "hints are off")


def test_hint_only_on_your_turn(client: TestClient) -> None:
    made = create(client, seat=1)
    wait_for(client, made["id"], lambda v: v["ply"] == 1)
    local = create(client, opponent="local")
    assert (
        client.post(
            f"/api/games/{local['id']}/hint", json={"version": 1}, headers=auth(local["token"])
        ).status_code
        == 200
    )


# -- resignation ----------------------------------------------------------------------------
def test_resign(client: TestClient) -> None:
    made = create(client, opponent="friend", seat=0)
    gid = made["id"]
    error(
        client.post(f"/api/games/{gid}/resign", json={"version": 0}, headers=auth(made["token"])),
        409,
        "changed",
    )
    view = client.post(
        f"/api/games/{gid}/resign", json={"version": 1}, headers=auth(made["invite_token"])
    ).json()
    assert view["result"]["winner"] == 0 and "resigned" in view["result"]["reason"]
    assert view["result"]["result"] == "1-0" and not view["allowed"]["undo"]
    error(play(client, gid, made["token"], version=view["version"], action=0), 409, "over")


# -- records and replays ----------------------------------------------------------------------
def test_record_download_and_replay_views(client: TestClient) -> None:
    made = create(client, opponent="local", seed=9)
    gid, token = made["id"], made["token"]
    version = 1
    for action in (3, 2, 3):
        version = play(client, gid, token, version=version, action=action).json()["version"]
    text = client.get(f"/api/games/{gid}/record")
    assert text.status_code == 200 and "attachment" in text.headers["content-disposition"]
    assert read(text.text).actions == [3, 2, 3]
    as_json = client.get(f"/api/games/{gid}/record?format=json")
    assert read(as_json.text).actions == [3, 2, 3]
    error(client.get(f"/api/games/{gid}/record?format=pdf"), 400, "not text or json")
    frame = client.get(f"/api/games/{gid}/replay/1").json()
    assert frame["ply"] == 1 and frame["total"] == 3 and len(frame["turns"]) == 1
    assert len(frame["all_turns"]) == 3 and frame["svg"].startswith("<svg")
    assert client.get(f"/api/games/{gid}/replay/0").json()["turns"] == []
    error(client.get(f"/api/games/{gid}/replay/4"), 404, "out of range")
    error(client.get("/api/games/none/record"), 404, "no game")


def test_resigned_game_record_says_so(client: TestClient) -> None:
    made = create(client, opponent="local")
    client.post(f"/api/games/{made['id']}/resign", json={"version": 1}, headers=auth(made["token"]))
    assert 'Termination "x resigned"' in client.get(f"/api/games/{made['id']}/record").text


def test_upload_a_record_and_replay_it(client: TestClient) -> None:
    made = create(client, opponent="local")
    play(client, made["id"], made["token"], version=1, action=4)
    text = client.get(f"/api/games/{made['id']}/record").text
    uploaded = client.post("/api/records", json={"text": text})
    assert uploaded.status_code == 201
    rid = uploaded.json()["id"]
    assert uploaded.json()["view"]["total"] == 1
    assert client.get(f"/api/records/{rid}/replay/1").json()["turns"][0]["text"] == "e"
    assert read(client.get(f"/api/records/{rid}/record?format=json").text).actions == [4]
    error(client.get(f"/api/records/{rid}/replay/2"), 404, "out of range")
    error(client.get("/api/records/none/replay/0"), 404, "no record")
    bad = text.replace("1. e", "1. q")
    error(client.post("/api/records", json={"text": bad}), 400, "line")
    error(client.post("/api/records", json={"text": "{not json"}), 400, "not JSON")
    error(client.post("/api/records", json={"text": ""}), 400, "no Game tag")


# -- live updates ------------------------------------------------------------------------------
def test_websocket_sends_the_view_and_every_change(client: TestClient) -> None:
    made = create(client, opponent="friend")
    gid = made["id"]
    with client.websocket_connect(f"/api/games/{gid}/ws") as socket:
        first = socket.receive_json()
        assert first["type"] == "view" and first["view"]["version"] == 1
        play(client, gid, made["token"], version=1, action=2)
        update = socket.receive_json()
        assert update["view"]["version"] == 2 and update["view"]["turns"][0]["text"] == "c"
        assert made["token"] not in json.dumps(update)
        socket.send_text("ping")
        assert socket.receive_json() == {"type": "pong"}


def test_websocket_shows_the_computer_thinking(client: TestClient) -> None:
    made = create(client, seat=0)
    with client.websocket_connect(f"/api/games/{made['id']}/ws") as socket:
        socket.receive_json()
        play(client, made["id"], made["token"], version=1, action=2)
        seen = [socket.receive_json()["view"] for _ in range(3)]
    assert any(v["thinking"] for v in seen)
    assert seen[-1]["ply"] == 2 and not seen[-1]["thinking"]


def test_websocket_for_an_unknown_game_closes(client: TestClient) -> None:
    from starlette.websockets import WebSocketDisconnect

    with pytest.raises(WebSocketDisconnect), client.websocket_connect("/api/games/none/ws") as s:
        s.receive_json()


# -- clocks -----------------------------------------------------------------------------------
def test_a_fallen_flag_loses_on_time(client: TestClient) -> None:
    made = create(client, opponent="friend", clock={"base": 0.6, "increment": 0})
    gid, host, friend = made["id"], made["token"], made["invite_token"]
    play(client, gid, host, version=1, action=0)
    view = play(client, gid, friend, version=2, action=1).json()
    assert view["clock"]["running"] == 0
    view = wait_for(client, gid, lambda v: v["result"] is not None)
    assert view["result"]["winner"] == 1 and "ran out of time" in view["result"]["reason"]
    assert view["clock"]["remaining"][0] == 0
    error(play(client, gid, host, version=view["version"], action=0), 409, "over")


THINK = 0.05
"""How long the host thinks in the clock's test: a think under 5 ms rounds to nothing in the
view (``remaining`` has two decimals), so the charge would not show (seen: 105.0)."""


def test_the_clock_charges_the_mover_and_adds_the_increment(client: TestClient) -> None:
    made = create(client, opponent="friend", clock={"base": 100, "increment": 5})
    gid, host, friend = made["id"], made["token"], made["invite_token"]
    play(client, gid, host, version=1, action=0)
    started = time.monotonic()
    play(client, gid, friend, version=2, action=1)
    time.sleep(THINK)  # the host thinks: longer than the view's rounding to 0.01 s
    view = play(client, gid, host, version=3, action=0).json()
    spent = time.monotonic() - started  # the host's think cannot have been longer than this
    left = view["clock"]["remaining"]
    # charged its think (at least THINK), given the increment: 100 - think + 5
    assert 105 - spent - 0.005 <= left[0] <= 105 - THINK + 0.005, (left, spent)
    # the friend's clock runs from the host's move: by the answer's view it may have lost the
    # time of the save (20 ms on a loaded machine once: 99.98), never more than ``spent``
    assert 100 - spent <= left[1] <= 100 and view["clock"]["running"] == 1, (left, spent)


# -- storage ------------------------------------------------------------------------------------
def test_games_survive_a_restart(db: str) -> None:
    with TestClient(create_app(db)) as first:
        made = create(first, opponent="friend", clock={"base": 300, "increment": 1})
        play(first, made["id"], made["token"], version=1, action=5)
        before = first.get(f"/api/games/{made['id']}").json()
    with TestClient(create_app(db)) as second:
        after = second.get(f"/api/games/{made['id']}", headers=auth(made["invite_token"])).json()
        assert after["turns"] == before["turns"] and after["version"] == before["version"]
        assert after["you"] == [1] and after["clock"]["base"] == 300
        response = play(second, made["id"], made["invite_token"], version=2, action=5)
        assert response.status_code == 200 and response.json()["ply"] == 2


def test_the_computer_resumes_after_a_restart(db: str) -> None:
    with TestClient(create_app(db)) as first:
        made = create(first, seat=0)
    # Store a human move directly, as if the server stopped before the computer answered.
    from shoal.server.games.store import Store

    store = Store(db)
    data = store.load(made["id"])
    assert data is not None
    data.actions, data.version = [3], 2
    store.save(data, 1)
    store.close()
    with TestClient(create_app(db)) as second:
        view = wait_for(second, made["id"], lambda v: v["ply"] == 2)
        assert view["ply"] == 2 and view["to_move"] == 0


def test_two_server_processes_cannot_both_accept_a_move(db: str) -> None:
    with TestClient(create_app(db)) as a, TestClient(create_app(db)) as b:
        made = create(a, opponent="local")
        gid, token = made["id"], made["token"]
        assert b.get(f"/api/games/{gid}").json()["version"] == 1  # b has it loaded
        assert play(a, gid, token, version=1, action=0).status_code == 200
        # 409 either way: from the database's version check, or (PostgreSQL) because the
        # relay has already brought version 2 to b
        error(play(b, gid, token, version=1, action=1), 409, "reload and try again")
        view = b.get(f"/api/games/{gid}").json()
        assert view["version"] == 2 and [t["text"] for t in view["turns"]] == ["a"]


# -- pages ---------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "path",
    [
        "/",
        "/new",
        f"/rules/{GAME}",
        "/game/abc",
        "/replay",
        "/replay/game/abc",
        "/static/style.css",
        "/static/game.js",
        "/favicon.ico",
        "/openapi.json",
    ],
)
def test_pages_and_static_files(client: TestClient, path: str) -> None:
    assert client.get(path).status_code == 200


def test_openapi_documents_the_api(client: TestClient) -> None:
    paths = client.get("/openapi.json").json()["paths"]
    for path in (
        "/api/catalog",
        "/api/games",
        "/api/games/{game_id}",
        "/api/games/{game_id}/actions",
        "/api/games/{game_id}/undo",
        "/api/games/{game_id}/hint",
        "/api/games/{game_id}/resign",
        "/api/games/{game_id}/record",
        "/api/games/{game_id}/replay/{k}",
        "/api/records",
        "/api/records/{record_id}/replay/{k}",
    ):
        assert path in paths


def test_rules_images_refuse_other_paths(client: TestClient) -> None:
    assert client.get("/rules/img/..%2F..%2Fpyproject.toml").status_code == 404
    assert client.get("/rules/img/nothing.svg").status_code == 404


def test_the_flag_falls_by_itself_and_watchers_see_it(client: TestClient) -> None:
    made = create(client, opponent="friend", clock={"base": 0.5, "increment": 0})
    gid, host, friend = made["id"], made["token"], made["invite_token"]
    play(client, gid, host, version=1, action=0)
    play(client, gid, friend, version=2, action=1)
    with client.websocket_connect(f"/api/games/{gid}/ws") as socket:
        view = socket.receive_json()["view"]
        while view["result"] is None:  # no request of ours: the server's timer ends it
            view = socket.receive_json()["view"]
    assert view["result"]["winner"] == 1 and view["result"]["reason"] == "x ran out of time"


def test_computer_searches_queue_behind_the_cap(db: str) -> None:
    with TestClient(create_app(db, max_searches=1)) as c:
        made = [create(c, seat=1) for _ in range(3)]
        for m in made:
            assert wait_for(c, m["id"], lambda v: v["ply"] == 1)["ply"] == 1


def test_the_game_view_says_what_each_side_plays_with(client: TestClient) -> None:
    """Syrtis's view names what each seat's side plays with once the side choice is made
    (issue 40, defect 8: which colour and shape are mine); before it, and in a game whose
    side names say it all, the words are empty."""
    made = client.post("/api/games", json={"game": "syrtis", "opponent": "local"}).json()
    gid, token, view = made["id"], made["token"], made["view"]
    assert view["sides"] == ["setup", "chooser"] and view["side_words"] == ["", ""]
    for _ in range(200):
        if "light" in view["sides"]:
            break
        first = view["legal"][0]["action"]
        answer = play(client, gid, token, version=view["version"], action=first)
        assert answer.status_code == 200, answer.text
        view = client.get(f"/api/games/{gid}").json()
    light = view["sides"].index("light")
    assert "circle" in view["side_words"][light] and "moves first" in view["side_words"][light]
    assert "square" in view["side_words"][1 - light]
    other = client.post("/api/games", json={"game": "cyclix", "opponent": "local"}).json()
    assert other["view"]["side_words"] == ["", ""]
