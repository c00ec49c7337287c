"""The open data (issue 63), on SQLite and PostgreSQL: ``shoal db export`` of a site with
finished, aborted and unfinished games, chat, an e-mail address, a guest's typed name and a
closed account; the files are read back game by game, their counts and SHA-256 checked against
the manifest, and nothing private is in them; ``/database`` lists and serves exactly them."""

from __future__ import annotations

import datetime
import io
import json
import sqlite3
from pathlib import Path
from typing import Any

import pytest
import zstandard
from sqlalchemy import create_engine, update

from shoal import games
from shoal.analysis.book import book_lines, book_path
from shoal.cli.main import main
from shoal.core.puzzles import load_puzzles
from shoal.records.archive import read_games, read_lines, read_manifest, sha256_of
from shoal.server import create_app
from shoal.server.accounts.store import AccountStore
from shoal.server.games.tables import GameRow
from tests.clients import TestClient

from .accounts_helpers import login, signup

SECRETS = ("SECRET-CHAT-42", "ann@example.org", "Zed Realname", "benjamin")
"""What must never leave: a chat line, an e-mail address, a guest's typed name, and the
name of an account closed before the export."""


def _act(client: TestClient, game_id: str, token: str, text: str) -> dict[str, Any]:
    view = client.get(f"/api/games/{game_id}", headers={"X-Shoal-Token": token}).json()
    answer = client.post(
        f"/api/games/{game_id}/actions",
        json={"version": view["version"], "text": text},
        headers={"X-Shoal-Token": token},
    )
    assert answer.status_code == 200, answer.text
    return view


def _resign(client: TestClient, game_id: str, token: str) -> None:
    view = client.get(f"/api/games/{game_id}", headers={"X-Shoal-Token": token}).json()
    answer = client.post(
        f"/api/games/{game_id}/resign",
        json={"version": view["version"]},
        headers={"X-Shoal-Token": token},
    )
    assert answer.status_code == 200, answer.text


def _friend_game(
    client: TestClient, host: str, guest: str | None, name: str = ""
) -> tuple[str, str, str]:
    """A Connect Four game between ``host`` (signed in, or a guest called ``name``) and
    ``guest`` (an account, or None: a guest); its id and both seats' tokens."""
    client.cookies.clear()
    if host:
        login(client, host)
    made = client.post("/api/games", json={"game": "connect4", "opponent": "friend", "name": name})
    assert made.status_code == 201, made.text
    body = made.json()
    client.cookies.clear()
    if guest:
        login(client, guest)
    claimed = client.post(
        f"/api/games/{body['id']}/claim",
        json={"name": guest or "guest"},
        headers={"X-Shoal-Token": body["invite_token"]},
    )
    assert claimed.status_code == 200, claimed.text
    token = claimed.json()["token"]
    if guest:
        client.post("/api/me/claims", json={"games": [{"id": body["id"], "token": token}]})
    client.cookies.clear()
    return body["id"], body["token"], token


def _site(client: TestClient) -> dict[str, str]:
    """The site's games; answers each kept game's id by what it shows."""
    for name in ("ann", "benjamin"):
        assert signup(client, name).status_code == 201
        client.post("/api/auth/logout")
    login(client, "ann")
    assert (
        client.put(
            "/api/notifications/settings",
            json={"email": "ann@example.org", "mail_turns": False, "mail_challenges": False},
        ).status_code
        == 200
    )
    client.cookies.clear()
    ids = {}
    # ann v benjamin: four turns and a chat line, then benjamin resigns
    game, ann, ben = _friend_game(client, "ann", "benjamin")
    for token, text in ((ann, "d"), (ben, "e"), (ann, "d"), (ben, "e")):
        _act(client, game, token, text)
    said = client.post(
        f"/api/games/{game}/chat",
        json={"text": "SECRET-CHAT-42", "room": "players"},
        headers={"X-Shoal-Token": ann},
    )
    assert said.status_code == 201, said.text
    _resign(client, game, ben)
    ids["resigned"] = game
    # a guest called "Zed Realname" v ann: four in a row for the guest
    game, zed, ann = _friend_game(client, "", "ann", name="Zed Realname")
    for token, text in ((zed, "a"), (ann, "b"), (zed, "a"), (ann, "b"), (zed, "a"), (ann, "b")):
        _act(client, game, token, text)
    _act(client, game, zed, "a")
    ids["four"] = game
    # aborted, and still on: neither is published
    game, ann, ben = _friend_game(client, "ann", "benjamin")
    _act(client, game, ann, "c")
    view = client.get(f"/api/games/{game}", headers={"X-Shoal-Token": ben}).json()
    aborted = client.post(
        f"/api/games/{game}/abort",
        json={"version": view["version"]},
        headers={"X-Shoal-Token": ben},
    )
    assert aborted.status_code == 200, aborted.text
    ids["aborted"] = game
    game, ann, _ = _friend_game(client, "ann", "benjamin")
    _act(client, game, ann, "c")
    ids["on"] = game
    return ids


def _decompressed(path: Path) -> str:
    with open(path, "rb") as raw:
        return io.TextIOWrapper(zstandard.ZstdDecompressor().stream_reader(raw)).read()


def test_export_reads_back_game_by_game_with_nothing_private(db: str, tmp_path: Path) -> None:
    with TestClient(create_app(db)) as client:
        ids = _site(client)
        context = client.app.state.context  # type: ignore[attr-defined]
        accounts = AccountStore(context.store.engine)
        found = accounts.by_name("benjamin")
        assert found is not None
        accounts.update_user(found[0].id, deleted=True)  # closed before the export
    engine = create_engine(db)
    with engine.begin() as connection:  # the resigned game ended last month
        last_month = datetime.datetime.now() - datetime.timedelta(days=40)
        connection.execute(
            update(GameRow).where(GameRow.id == ids["resigned"]).values(updated=last_month)
        )
    engine.dispose()
    out = tmp_path / "open-data"
    assert main(["db", "export", "--database", db, "--out", str(out), "--level", "3"]) == 0

    manifest = read_manifest(out)
    listed = {f["name"]: f for f in manifest["files"]}
    kinds = {f["kind"] for f in manifest["files"]}
    assert kinds == {"games-text", "games-jsonl", "puzzles", "book"}
    months = sorted(f["month"] for f in manifest["files"] if f["kind"] == "games-text")
    assert months == sorted(
        {last_month.strftime("%Y-%m"), datetime.datetime.now().strftime("%Y-%m")}
    )
    sums = (out / "SHA256SUMS").read_text().splitlines()
    assert len(sums) == len(listed)
    for name, about in listed.items():
        path = out / name
        assert path.stat().st_size == about["bytes"] and sha256_of(path) == about["sha256"]
        assert f"{about['sha256']}  {name}" in sums
        text = _decompressed(path)
        for secret in SECRETS:
            assert secret not in text, (secret, name)
        assert "token" not in text.lower() or about["kind"] in ("puzzles", "book"), name

    games_seen: dict[str, Any] = {}
    for name, about in listed.items():
        if about["kind"] == "games-jsonl":
            lines = list(read_lines(out / name))
            records = list(read_games(out / name))  # the same games, replayed
            text_records = list(read_games(out / name.replace(".jsonl.zst", ".txt.zst")))
            assert len(lines) == len(records) == len(text_records) == about["count"]
            for line, record, text_record in zip(lines, records, text_records, strict=True):
                assert record.actions == text_record.actions
                assert record.extra_tags["Id"] == line["id"] == text_record.extra_tags["Id"]
                games_seen[line["id"]] = record
    assert set(games_seen) == {ids["resigned"], ids["four"]}  # not the aborted, not the one on
    resigned = games_seen[ids["resigned"]]
    assert resigned.players == ("ann", "anonymous")  # a closed account
    assert resigned.result() == ("1-0", resigned.result()[1]) and resigned.actions == [3, 4, 3, 4]
    assert resigned.extra_tags["Mode"] == "friend"
    four = games_seen[ids["four"]]
    assert four.players == ("guest", "ann")  # a guest's typed name stays with them
    assert four.final_state().outcome is not None and four.result()[0] == "1-0"

    puzzles = {f["game"]: f for f in manifest["files"] if f["kind"] == "puzzles"}
    for game_id, about in puzzles.items():
        lines = list(read_lines(out / about["name"]))
        shipped = load_puzzles(games.get(game_id))
        assert len(lines) == about["count"] == len(shipped)
        assert {p["id"] for p in lines} == {p.id for p in shipped}
        assert all({"rating", "theme", "solution", "position"} <= set(p) for p in lines)
    books = [f for f in manifest["files"] if f["kind"] == "book"]
    assert books
    for about in books:  # the shipped book, line for line: a header, then its games
        lines = list(read_lines(out / about["name"]))
        shipped = book_lines(book_path(about["game"]))
        assert [json.loads(line) for line in shipped] == lines
        assert about["count"] == len(lines) - 1 and {"seed", "actions", "winner"} <= set(lines[1])

    with TestClient(create_app(db, open_data_dir=out)) as client:
        answer = client.get("/api/database").json()
        assert answer["files"] == manifest["files"] and answer["exported"] == manifest["exported"]
        first = manifest["files"][0]["name"]
        got = client.get(f"/database/files/{first}")
        assert got.status_code == 200 and got.content == (out / first).read_bytes()
        for bad in ("manifest.json", "SHA256SUMS", "..%2Fopen-data%2Fmanifest.json", "games/x.zst"):
            refused = client.get(f"/database/files/{bad}")
            assert refused.status_code == 404, bad
            assert "there is no published file" in refused.json()["detail"]
        page = client.get("/database")
        assert page.status_code == 200 and "database.js" in page.text
    with TestClient(create_app(db, open_data_dir=tmp_path / "nothing")) as client:
        assert client.get("/api/database").json() == {
            "exported": None,
            "version": None,
            "files": [],
        }
    assert json.loads((out / "manifest.json").read_text())["format"] == "shoal-open-data"


def test_export_refuses_bad_input_and_makes_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """No database there, one that is not shoal's, a bad --level: refused in words, and
    neither a database nor an export folder is made."""
    out = tmp_path / "open-data"
    missing = tmp_path / "none.sqlite3"
    assert main(["db", "export", "--database", f"sqlite:///{missing}", "--out", str(out)]) == 1
    assert "there is no database file" in capsys.readouterr().err
    assert not missing.exists() and not out.exists()
    other = tmp_path / "other.sqlite3"
    with sqlite3.connect(other) as connection:
        connection.execute("CREATE TABLE notes (body TEXT)")
    connection.close()
    assert main(["db", "export", "--database", f"sqlite:///{other}", "--out", str(out)]) == 1
    assert "holds no shoal tables" in capsys.readouterr().err
    assert not out.exists()
    argv = ["db", "export", "--database", f"sqlite:///{other}", "--out", str(out), "--level", "0"]
    assert main(argv) == 2
    assert "--level is a zstandard level from 1 to 22" in capsys.readouterr().err
    assert not out.exists()
