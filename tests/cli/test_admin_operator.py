"""``shoal admin export-user / close-user / delete-game / ban-address / unban-address / bans``
and ``shoal db current`` (issues 56, 57), run in the tests' process on a site a test app
filled. That a running server learns of each change is test_admin_live.py's part.
"""

from __future__ import annotations

import io
import json
import time
import zipfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import create_engine, text

from shoal.server import create_app
from shoal.server.admin.export import FORMAT
from shoal.server.push.store import PushStore, Subscription
from tests.clients import TestClient

from ..server.accounts_helpers import login, rows, signup
from .inproc import shoal

ENDPOINT = "https://push.example.net/wpush/v2/SECRET-PATH-OF-THE-DEVICE"


@dataclass
class Site:
    """A site with two players and what they made."""

    url: str
    app: Any
    game: str
    """alice's rated game with bobby (finished: alice resigned), with chat both ways."""
    watched: str
    """A guest's game, where alice wrote as a spectator."""


def admin(site: Site, *args: str) -> Any:
    return shoal("admin", "--database", site.url, *args)


@pytest.fixture
def site(db_url: str) -> Iterator[Site]:
    app = create_app(db_url)
    with TestClient(app) as alice, TestClient(app) as bobby, TestClient(app) as guest:
        signup(alice, "alice"), signup(bobby, "bobby")
        made = alice.post(
            "/api/games", json={"game": "cyclix", "opponent": "friend", "rated": True}
        ).json()
        gid = made["id"]
        claimed = bobby.post(
            f"/api/games/{gid}/claim", json={}, headers={"X-Shoal-Token": made["invite_token"]}
        )
        assert claimed.status_code == 200, claimed.text
        for who, words in ((alice, "good luck"), (bobby, "you too")):
            sent = who.post(f"/api/games/{gid}/chat", json={"room": "players", "text": words})
            assert sent.status_code == 201, sent.text
        version = alice.get(f"/api/games/{gid}").json()["version"]
        resigned = alice.post(f"/api/games/{gid}/resign", json={"version": version})
        assert resigned.status_code == 200, resigned.text
        other = guest.post("/api/games", json={"game": "connect4", "opponent": "local"}).json()
        guest.post(f"/api/games/{other['id']}/resign", json={"version": 1})
        said = alice.post(
            f"/api/games/{other['id']}/chat",
            json={"room": "spectators", "text": "well played", "name": "alice"},
        )
        assert said.status_code == 201, said.text
        alice.put("/api/notifications/settings", json={"email": "alice@example.org"})
        bobby.post("/api/challenges", json={"username": "alice", "game": "connect4"})
        study = {
            "title": "Alice's ideas",
            "visibility": "private",
            "chapters": [{"name": "a", "game": "connect4"}],
        }
        assert alice.post("/api/studies", json=study).status_code == 201
        alice_id = alice.get("/api/me").json()
        assert alice_id["username"] == "alice"
        yield Site(db_url, app, gid, other["id"])


def _user_id(url: str, name: str) -> int:
    return int(rows(url, "SELECT id FROM shoal_users WHERE username = :n", n=name)[0][0])


def test_export_user_holds_everything_about_the_player_and_no_secret(
    site: Site, tmp_path: Path
) -> None:
    """And the player's own download holds the same document (one function)."""
    uid = _user_id(site.url, "alice")
    PushStore(create_engine(site.url)).subscribe(
        Subscription(uid, ENDPOINT, "P256DH-KEY", "AUTH-KEY")
    )
    done = admin(site, "export-user", "ALICE")
    assert done.returncode == 0, done.stderr
    document = json.loads(done.stdout)
    assert (document["format"], document["version"]) == (FORMAT, 1)
    assert document["account"]["username"] == "alice" and document["account"]["id"] == uid
    assert len(document["account"]["sessions"]) == 1
    assert document["email"]["email"] == "alice@example.org"
    games = {g["id"]: g for g in document["games"]}
    assert list(games) == [site.game] and games[site.game]["seats"] == [0]
    assert "resign" in games[site.game]["record"] and games[site.game]["rated"]
    assert sorted(c["text"] for c in document["chat"]) == ["good luck", "well played"]
    assert [n["kind"] for n in document["notifications"]] == ["challenge"]
    assert [c["challenger"] for c in document["challenges"]] == [_user_id(site.url, "bobby")]
    assert [s["title"] for s in document["studies"]["owned"]] == ["Alice's ideas"]
    assert len(document["studies"]["owned"][0]["chapters"]) == 1
    assert document["push_devices"][0]["service"] == "https://push.example.net"
    assert [h["game_id"] for h in document["rating_history"]] == [site.game]
    assert [r["game"] for r in document["ratings"]] == ["cyclix"]
    secrets = rows(site.url, "SELECT password_hash FROM shoal_users WHERE id = :u", u=uid)[0]
    sessions = rows(site.url, "SELECT id_hash FROM shoal_sessions WHERE user_id = :u", u=uid)
    for secret in (*secrets, *(s[0] for s in sessions), "SECRET-PATH", "P256DH-KEY", "AUTH-KEY"):
        assert secret not in done.stdout
    assert "bobby" not in json.dumps(document["chat"])  # only alice's own lines
    with TestClient(site.app) as alice:
        login(alice, "alice")
        archive = zipfile.ZipFile(io.BytesIO(alice.get("/api/me/export").content))
    assert archive.namelist() == ["shoal-alice.json", f"shoal-cyclix-{site.game}.txt"]
    own = json.loads(archive.read("shoal-alice.json"))
    written = tmp_path / "alice.json"
    done = admin(site, "export-user", "alice", "--output", str(written))
    assert done.returncode == 0 and "written to" in done.stdout
    operator = json.loads(written.read_text())
    for document in (own, operator):
        del document["exported"]
        document["account"]["sessions"] = len(document["account"]["sessions"])
    assert own == operator  # one function; only the time and the sessions' expiry differ
    nowhere = admin(site, "export-user", "alice", "--output", str(tmp_path / "no" / "x.json"))
    assert nowhere.returncode == 1 and "cannot write" in nowhere.stderr
    missing = admin(site, "export-user", "nobody")
    assert missing.returncode == 1 and "there is no user 'nobody'" in missing.stderr


def test_close_user_is_the_players_own_deletion(site: Site) -> None:
    uid = _user_id(site.url, "alice")
    done = admin(site, "close-user", "alice")
    assert done.returncode == 0, done.stderr
    assert (
        "alice's account closed: 1 sessions ended, 1 games now show 'deleted player'" in done.stdout
    )
    assert rows(site.url, "SELECT deleted FROM shoal_users WHERE id = :u", u=uid) == [(True,)]
    for table in ("shoal_sessions", "shoal_notify_settings", "shoal_notifications", "shoal_seats"):
        assert rows(site.url, f"SELECT count(*) FROM {table} WHERE user_id = :u", u=uid) == [(0,)]
    assert rows(site.url, "SELECT status FROM shoal_challenges") == [("cancelled",)]
    with TestClient(site.app) as client:  # the running app reads the note on its tick
        deadline = time.monotonic() + 15
        while client.get(f"/api/games/{site.game}").json()["players"][0] != "deleted player":
            assert time.monotonic() < deadline, "the app kept the old name"
            time.sleep(0.1)
        assert login(client, "alice").status_code == 401
        assert signup(client, "alice").status_code == 409  # the name is not given out again
    again = admin(site, "close-user", "alice")
    assert again.returncode == 1 and "alice's account is closed already" in again.stderr
    missing = admin(site, "close-user", "nobody")
    assert missing.returncode == 1 and "there is no user 'nobody'" in missing.stderr


@pytest.mark.parametrize("db_url", ["sqlite"], indirect=True)
def test_delete_game_takes_what_hangs_on_it_and_refuses_an_events_game(db_url: str) -> None:
    app = create_app(db_url, tournament_tick=0.1)
    with TestClient(app) as alice, TestClient(app) as bobby:
        signup(alice, "alice"), signup(bobby, "bobby")
        made = alice.post("/api/games", json={"game": "cyclix", "opponent": "friend"}).json()
        alice.post(f"/api/games/{made['id']}/chat", json={"room": "players", "text": "hi"})
        event = {"game": "connect4", "format": "round_robin", "clock": "3d", "max_players": 2}
        tid = alice.post("/api/tournaments", json=event).json()["id"]
        for player in (alice, bobby):
            assert player.post(f"/api/tournaments/{tid}/join").status_code == 200
        deadline = time.monotonic() + 30
        while not (rounds := alice.get(f"/api/tournaments/{tid}").json()["rounds"]):
            assert time.monotonic() < deadline, "the event never paired"
            time.sleep(0.1)
        paired = rounds[0]["pairings"][0]["game"]
    site = Site(db_url, app, made["id"], "")
    refused = admin(site, "delete-game", paired)
    assert refused.returncode == 1 and f"is a game of event {tid}" in refused.stderr
    done = admin(site, "delete-game", made["id"])
    assert done.returncode == 0 and f"game {made['id']} deleted" in done.stdout
    for table in ("shoal_games", "shoal_seats", "shoal_chat", "shoal_offers"):
        column = "id" if table == "shoal_games" else "game_id"
        assert rows(db_url, f"SELECT count(*) FROM {table} WHERE {column} = :g", g=made["id"]) == [
            (0,)
        ]
    assert rows(db_url, "SELECT count(*) FROM shoal_games WHERE id = :g", g=paired) == [(1,)]
    missing = admin(site, "delete-game", made["id"])
    assert missing.returncode == 1 and f"there is no game {made['id']!r}" in missing.stderr


@pytest.mark.parametrize("db_url", ["sqlite"], indirect=True)
def test_bans_are_added_replaced_listed_and_lifted(db_url: str) -> None:
    site = Site(db_url, None, "", "")
    for bad, words in (
        ("10.9.1.0/16", "bits set after its prefix: did you mean 10.9.0.0/16?"),
        ("the neighbours", "is not an address range"),
    ):
        refused = admin(site, "ban-address", bad)
        assert refused.returncode == 1 and words in refused.stderr
    assert admin(site, "ban-address", "10.9.0.0/16", "--days", "0").returncode == 1
    banned = admin(site, "ban-address", "10.9.0.0/16", "--days", "2", "--reason", "spam")
    assert (
        banned.returncode == 0
        and "10.9.0.0/16 banned: it is refused every change until" in banned.stdout
    )
    again = admin(site, "ban-address", "10.9.0.0/16", "--guests")
    assert "its guests are refused" in again.stdout and "replaced" in again.stdout
    assert admin(site, "ban-address", "2001:db8::/32").returncode == 0
    listed = admin(site, "bans").stdout.splitlines()
    assert listed[1].split()[:3] == ["10.9.0.0/16", "guests", "lifted"]
    assert listed[2].split()[:2] == ["2001:db8::/32", "all"]
    assert admin(site, "unban-address", "10.9.0.0/16").returncode == 0
    missing = admin(site, "unban-address", "10.9.0.0/16")
    assert missing.returncode == 1 and "is not banned" in missing.stderr
    assert len(admin(site, "bans").stdout.splitlines()) == 2


def test_every_operator_command_has_help() -> None:
    for action in (
        "export-user",
        "close-user",
        "delete-game",
        "ban-address",
        "unban-address",
        "bans",
    ):
        done = shoal("admin", action, "--help")
        assert done.returncode == 0 and "usage: shoal admin" in done.stdout, action
    assert shoal("db", "current", "--help").returncode == 0


def test_admin_never_makes_a_database(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Before, ``shoal admin list`` without ``--database`` made an empty ./shoal.sqlite3."""
    monkeypatch.chdir(tmp_path)
    no_env = {"SHOAL_DATABASE": None}
    refused = shoal("admin", "list", env=no_env)
    assert (
        refused.returncode == 1
        and "no database given, and there is no shoal.sqlite3 here" in refused.stderr
    )
    typo = shoal("admin", "--database", "sqlite:///shaol.sqlite3", "list", env=no_env)
    assert typo.returncode == 1 and "there is no database file 'shaol.sqlite3'" in typo.stderr
    assert shoal("db", "current", env=no_env).returncode == 1
    assert list(tmp_path.iterdir()) == []  # nothing was made
    empty = tmp_path / "empty.sqlite3"
    empty.write_bytes(b"")
    foreign = shoal("admin", "--database", f"sqlite:///{empty}", "list", env=no_env)
    assert foreign.returncode == 1 and "holds no shoal tables" in foreign.stderr
    old = shoal("db", "upgrade", "--revision", "s0044", env=no_env)  # ./shoal.sqlite3, behind
    assert old.returncode == 0, old.stderr
    behind = shoal("admin", "list", env=no_env)
    assert behind.returncode == 1 and "is at revision s0044" in behind.stderr
    current = shoal("db", "current", env=no_env)
    assert current.returncode == 1 and current.stdout.startswith(
        "s0044 (behind: run shoal db upgrade"
    )
    assert shoal("db", "upgrade", env={"SHOAL_DATABASE": "sqlite:///shoal.sqlite3"}).returncode == 0
    at_head = shoal("db", "current", env={"SHOAL_DATABASE": "sqlite:///shoal.sqlite3"})
    assert at_head.returncode == 0 and at_head.stdout.endswith("(head)\n")
    assert shoal("admin", "list", env=no_env).returncode == 0
    engine = create_engine("sqlite:///shoal.sqlite3")
    with engine.begin() as connection:
        connection.execute(text("UPDATE alembic_version SET version_num = 'z9999'"))
    engine.dispose()
    newer = shoal("db", "current", env=no_env)
    assert newer.returncode == 1 and "unknown to this shoal (a newer one?)" in newer.stdout
