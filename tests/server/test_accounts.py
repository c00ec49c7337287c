"""Accounts through the API: sign up / in / out, sessions, seats tied to accounts."""

from __future__ import annotations

import datetime
import io
import json
import time
import zipfile
from collections.abc import Iterator
from typing import Any

import pytest
from sqlalchemy import select, update

from shoal.server import create_app
from shoal.server.accounts.tables import SessionRow
from tests.clients import TestClient

from .accounts_helpers import PASSWORD, error, login, rows, signup

GAME = "connect4"


@pytest.fixture
def app(db: str) -> Any:
    return create_app(db)


PORTAL: dict[int, Any] = {}


@pytest.fixture
def client(app: Any) -> Iterator[TestClient]:
    with TestClient(app) as c:
        PORTAL[id(app)] = c.portal
        yield c
    del PORTAL[id(app)]


def other(app: Any) -> TestClient:
    """Another browser on the same app: its own cookies, the app's event loop."""
    browser = TestClient(app)
    browser.portal = PORTAL[id(app)]  # background work (the computer) outlives the request
    return browser


def users(db: str) -> int:
    """Accounts made by signing up (the computer's own accounts have no password)."""
    sql = "SELECT count(*) FROM shoal_users WHERE password_hash LIKE '$argon2%'"
    return int(rows(db, sql)[0][0])


def wait_turn(client: TestClient, gid: str, seat: int) -> dict[str, Any]:
    deadline = time.monotonic() + 20
    while True:
        view: dict[str, Any] = client.get(f"/api/games/{gid}").json()
        if view["to_move"] == seat or view["result"] or time.monotonic() > deadline:
            return view
        time.sleep(0.02)


# -- sign up, in, out ---------------------------------------------------------------
def test_signup_signs_in_with_a_safe_cookie_and_stores_only_an_argon2id_hash(
    client: TestClient, db: str
) -> None:
    response = signup(client, "Alice_1")
    assert response.status_code == 201, response.text
    assert PASSWORD not in response.text
    cookie = response.headers["set-cookie"]
    assert cookie.startswith("shoal_session=")
    assert "HttpOnly" in cookie and "SameSite=lax" in cookie and "Secure" not in cookie
    assert "Max-Age=2592000" in cookie
    assert client.get("/api/me").json()["username"] == "Alice_1"
    (stored,) = rows(db, "SELECT password_hash FROM shoal_users WHERE name_key = 'alice_1'")[0]
    assert stored.startswith("$argon2id$") and PASSWORD not in stored
    secret = client.cookies["shoal_session"]
    (session_hash,) = rows(db, "SELECT id_hash FROM shoal_sessions")[0]
    assert secret not in session_hash and len(session_hash) == 64


def test_the_cookie_is_secure_over_https(app: Any) -> None:
    with TestClient(app, base_url="https://shoal.example") as c:
        assert "Secure" in signup(c, "alice").headers["set-cookie"]


def test_login_logout_and_me(client: TestClient, app: Any) -> None:
    signup(client, "alice")
    browser = other(app)
    error(browser.get("/api/me"), 401, "not signed in")
    assert login(browser, "ALICE").json()["username"] == "alice"  # names ignore case
    assert browser.get("/api/me").status_code == 200
    assert browser.post("/api/auth/logout").status_code == 200
    error(browser.get("/api/me"), 401, "not signed in")
    assert client.get("/api/me").status_code == 200  # the other browser stays signed in


def test_session_answers_guests_with_null_not_401(client: TestClient, app: Any) -> None:
    """``/api/session``, which every page asks: a guest gets ``{"account": null}`` with 200
    (no 401 in a guest's console); a signed-in browser gets the account ``/api/me`` gives."""
    guest = other(app).get("/api/session")
    assert guest.status_code == 200 and guest.json() == {"account": None}
    signup(client, "alice")
    assert client.get("/api/session").json() == {"account": client.get("/api/me").json()}
    assert client.post("/api/auth/logout").status_code == 200
    assert client.get("/api/session").json() == {"account": None}


@pytest.mark.parametrize(
    ("name", "password", "status", "words"),
    [
        ("al", PASSWORD, 400, "3 to 20 characters"),
        ("a" * 21, PASSWORD, 400, "3 to 20 characters"),
        ("al ice", PASSWORD, 400, "letters, digits"),
        ("alicé", PASSWORD, 400, "letters, digits"),
        ("bob", "short", 400, "at least 8 characters"),
        ("bobbybob", "BobbyBob", 400, "must not be the username"),
        ("ALICE", PASSWORD, 409, "is taken"),
    ],
)
def test_bad_signups_are_refused_in_words_and_change_nothing(
    client: TestClient, app: Any, db: str, name: str, password: str, status: int, words: str
) -> None:
    signup(client, "alice")
    fresh = other(app)
    error(signup(fresh, name, password), status, words)
    assert users(db) == 1
    assert "shoal_session" not in fresh.cookies


def test_unknown_user_and_wrong_password_get_the_same_answer(client: TestClient) -> None:
    signup(client, "alice")
    wrong = login(client, "alice", "not the password")
    unknown = login(client, "nobody", "not the password")
    assert wrong.status_code == unknown.status_code == 401
    assert wrong.json() == unknown.json() == {"detail": "wrong username or password"}
    assert "set-cookie" not in wrong.headers and "set-cookie" not in unknown.headers


def test_unknown_user_and_wrong_password_take_the_same_time(
    production_hash_cost: None, client: TestClient
) -> None:
    """At the production cost of Argon2id (the tests' lower cost is too cheap to time)."""
    hasher = client.app.state.context.accounts.hasher  # type: ignore[attr-defined]
    assert (hasher.time_cost, hasher.memory_cost) == (2, 19456)
    signup(client, "alice")

    times: dict[str, list[float]] = {"alice": [], "nobody": []}
    for _ in range(7):  # in turn, so that a busy spell of the machine falls on both
        for name, taken in times.items():
            start = time.perf_counter()
            login(client, name, "not the password")
            taken.append(time.perf_counter() - start)
    known, unknown = (sorted(taken)[3] for taken in times.values())
    # Both pay one Argon2id check (without the dummy hash, "nobody" would answer ~100x sooner;
    # a full CI run once measured 2.6x between the two when each took its seven in a row).
    assert 0.25 < known / unknown < 4, (known, unknown)


def test_too_many_attempts_answer_429_with_retry_after(client: TestClient, db: str) -> None:
    signup(client, "alice")
    for _ in range(8):
        error(login(client, "alice", "guess guess"), 401, "wrong username or password")
    refused = login(client, "alice")  # even the right password waits
    error(refused, 429, "too many sign-in attempts for this account")
    assert int(refused.headers["Retry-After"]) > 0
    assert rows(db, "SELECT count(*) FROM shoal_sessions")[0][0] == 1  # signup's only


def test_too_many_attempts_from_one_address(client: TestClient) -> None:
    for n in range(20):
        error(login(client, f"user{n}", "guess guess"), 401, "wrong username")
    refused = login(client, "user99", "guess guess")
    error(refused, 429, "from your address")
    assert "Retry-After" in refused.headers


def test_an_expired_session_is_refused_and_removed(client: TestClient, db: str) -> None:
    signup(client, "alice")
    past = datetime.datetime.now(datetime.UTC).replace(tzinfo=None) - datetime.timedelta(days=1)
    rows(db, update(SessionRow).values(expires=past))
    error(client.get("/api/me"), 401, "not signed in")
    assert rows(db, "SELECT count(*) FROM shoal_sessions")[0][0] == 0


def test_a_session_slides_forward_when_used(client: TestClient, db: str) -> None:
    signup(client, "alice")
    soon = datetime.datetime.now(datetime.UTC).replace(tzinfo=None) + datetime.timedelta(days=2)
    rows(db, update(SessionRow).values(expires=soon))
    assert client.get("/api/me").status_code == 200
    (expires,) = rows(db, select(SessionRow.expires))[0]
    assert expires > soon + datetime.timedelta(days=27)


def test_a_forged_session_is_refused(client: TestClient) -> None:
    signup(client, "alice")
    client.cookies.set("shoal_session", "forged-" + "x" * 40)
    error(client.get("/api/me"), 401, "not signed in")
    client.cookies.set("shoal_session", "y" * 5000)
    error(client.get("/api/me"), 401, "not signed in")


def test_sign_out_everywhere_ends_every_session(client: TestClient, app: Any, db: str) -> None:
    signup(client, "alice")
    phone = other(app)
    login(phone, "alice")
    assert phone.get("/api/me").status_code == 200
    done = client.post("/api/auth/logout-everywhere").json()
    assert done["sessions"] == 2
    error(phone.get("/api/me"), 401, "not signed in")
    error(client.get("/api/me"), 401, "not signed in")


def test_change_password(client: TestClient, app: Any) -> None:
    signup(client, "alice")
    phone = other(app)
    login(phone, "alice")
    bad = client.post("/api/auth/password", json={"old": "wrong one", "new": "another pass"})
    error(bad, 403, "current password is wrong")
    short = client.post("/api/auth/password", json={"old": PASSWORD, "new": "short"})
    error(short, 400, "at least 8")
    assert login(other(app), "alice").status_code == 200  # nothing changed
    ok = client.post("/api/auth/password", json={"old": PASSWORD, "new": "another pass"})
    assert ok.status_code == 200
    assert client.get("/api/me").status_code == 200  # this browser stays signed in
    error(phone.get("/api/me"), 401, "not signed in")  # the others are signed out
    error(login(other(app), "alice"), 401, "wrong username or password")
    assert login(other(app), "alice", "another pass").status_code == 200


# -- cross-site protection ------------------------------------------------------------
@pytest.mark.parametrize(
    "headers",
    [{"Origin": "https://evil.example"}, {"Sec-Fetch-Site": "cross-site"}],
)
def test_cross_site_changes_with_the_cookie_are_refused(
    client: TestClient, app: Any, db: str, headers: dict[str, str]
) -> None:
    signup(client, "alice")
    made = client.post("/api/games", json={"game": GAME, "opponent": "local"}).json()
    gid = made["id"]
    body = {"version": 1, "action": made["view"]["legal"][0]["action"]}
    error(client.post(f"/api/games/{gid}/actions", json=body, headers=headers), 403, "")
    assert client.get(f"/api/games/{gid}").json()["version"] == 1  # nothing changed
    error(client.post("/api/auth/logout-everywhere", headers=headers), 403, "another site")
    assert client.get("/api/me").status_code == 200
    fresh = other(app)
    error(
        fresh.post(
            "/api/auth/signup", json={"username": "bob", "password": PASSWORD}, headers=headers
        ),
        403,
        "another site",
    )
    assert users(db) == 1
    # The same change from the site itself, and a program's seat token from anywhere, work.
    same = {"Origin": "http://testserver", "Sec-Fetch-Site": "same-origin"}
    assert client.post(f"/api/games/{gid}/actions", json=body, headers=same).status_code == 200
    program = {**headers, "X-Shoal-Token": made["token"]}
    body["version"] = 2
    body["action"] = client.get(f"/api/games/{gid}").json()["legal"][0]["action"]
    assert fresh.post(f"/api/games/{gid}/actions", json=body, headers=program).status_code == 200


# -- seats tied to accounts ---------------------------------------------------------
def test_a_signed_in_players_game_plays_from_any_browser_where_they_are_signed_in(
    client: TestClient, app: Any
) -> None:
    signup(client, "alice")
    made = client.post(
        "/api/games", json={"game": GAME, "opponent": "computer", "level": "random", "seat": 0}
    ).json()
    gid = made["id"]
    assert made["view"]["players"][0] == "alice"
    laptop = other(app)
    login(laptop, "alice")
    view = laptop.get(f"/api/games/{gid}").json()
    assert view["you"] == [0]
    action = view["legal"][0]["action"]
    played = laptop.post(f"/api/games/{gid}/actions", json={"version": 1, "action": action})
    assert played.status_code == 200, played.text
    stranger = other(app)
    assert stranger.get(f"/api/games/{gid}").json()["you"] == []
    view = wait_turn(stranger, gid, 0)
    refused = stranger.post(
        f"/api/games/{gid}/actions",
        json={"version": view["version"], "action": view["legal"][0]["action"]},
    )
    error(refused, 403, "does not play")
    mine = laptop.get("/api/me/games").json()
    assert [g["id"] for g in mine] == [gid] and mine[0]["your_turn"] is True


def test_guest_seats_move_to_the_account_on_signup(client: TestClient, app: Any, db: str) -> None:
    made = client.post("/api/games", json={"game": GAME, "opponent": "friend", "seat": 1}).json()
    gid, token = made["id"], made["token"]
    response = signup(
        client, "alice", claims=[{"id": gid, "token": token}, {"id": "nope", "token": "x"}]
    )
    assert response.json()["claimed"] == [gid]
    view = client.get(f"/api/games/{gid}").json()
    assert view["players"][1] == "alice" and view["you"] == [1]
    phone = other(app)
    login(phone, "alice")
    assert phone.get(f"/api/games/{gid}").json()["you"] == [1]
    assert rows(db, "SELECT game_id, seat FROM shoal_seats") == [(gid, 1)]
    # The guest token still plays, and the friend's invite token was not taken.
    assert client.get(f"/api/games/{gid}", headers={"X-Shoal-Token": token}).json()["you"] == [1]
    bob = other(app)
    signup(bob, "bobby", claims=[{"id": gid, "token": token}])
    assert bob.get(f"/api/games/{gid}").json()["you"] == []  # alice's seat stays hers


def test_profile_export_and_delete(client: TestClient, app: Any, db: str) -> None:
    signup(client, "alice")
    made = client.post("/api/games", json={"game": GAME, "opponent": "local"}).json()
    gid = made["id"]
    client.post(f"/api/games/{gid}/resign", json={"version": 1})
    profile = other(app).get("/api/users/ALICE").json()
    assert profile["username"] == "alice" and profile["ratings"] == {}
    assert [g["id"] for g in profile["games"]] == [gid] and profile["playing"] == []
    played = profile["games"][0]  # a profile's list says the speed, rated or not, the ending
    assert (played["speed"], played["time_control"], played["rated"]) == ("untimed", None, False)
    assert "resign" in played["result"]["reason"]
    assert other(app).get("/api/users/alice", params={"game": "sytran"}).json()["games"] == []
    error(other(app).get("/api/users/nobody"), 404, "no player")
    archive = zipfile.ZipFile(io.BytesIO(client.get("/api/me/export").content))
    assert archive.namelist() == ["shoal-alice.json", f"shoal-{GAME}-{gid}.txt"]
    assert "Result" in archive.read(f"shoal-{GAME}-{gid}.txt").decode()
    document = json.loads(archive.read("shoal-alice.json"))  # the account's data too (issue 57)
    assert document["account"]["username"] == "alice" and document["games"][0]["id"] == gid
    error(client.request("DELETE", "/api/me", json={"password": "wrong pass"}), 403, "wrong")
    assert client.get("/api/me").status_code == 200
    assert client.request("DELETE", "/api/me", json={"password": PASSWORD}).json()["games"] == 1
    error(client.get("/api/me"), 401, "not signed in")
    error(other(app).get("/api/users/alice"), 404, "no player")
    error(login(other(app), "alice"), 401, "wrong username or password")
    assert client.get(f"/api/games/{gid}").json()["players"] == ["deleted player"] * 2
    assert rows(db, "SELECT count(*) FROM shoal_seats")[0][0] == 0


def test_prefs(client: TestClient) -> None:
    signup(client, "alice")
    put = client.put("/api/me/prefs", json={"coordinates": False, "theme": "grey"})
    assert put.status_code == 200
    assert client.get("/api/me").json()["prefs"] == {"coordinates": False, "theme": "grey"}
    assert client.put("/api/me/prefs", json={"theme": "pink"}).status_code == 422
    assert client.get("/api/me").json()["prefs"]["theme"] == "grey"
