"""Issue 57 in-process: health and readiness, who may read ``/metrics`` and what it counts,
request ids and the log's lines, and ``shoal serve`` refusing operator settings that cannot
work. The same against a real two-worker server: ``test_ops_live.py``."""

from __future__ import annotations

import asyncio
import io
import json
import logging
import re
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import create_engine, text
from starlette.requests import Request

from shoal.server import create_app
from shoal.server.context import Settings
from shoal.server.db.migrate import head
from shoal.server.errors import ApiError
from shoal.server.ops.health import Readiness, Ready
from shoal.server.ops.logs import JsonFormatter, TextFormatter, logging_config
from shoal.server.ops.routes import check_metrics_access
from shoal.server.ops.service import check_networks
from tests.clients import TestClient

from ..cli.inproc import shoal
from ._live import auth
from .ops_helpers import samples

TOKEN = "metrics-token-0123456789"
SQLITE = pytest.mark.parametrize("db_url", ["sqlite"], indirect=True)  # no database in it


@pytest.fixture
def client(db: str) -> Iterator[TestClient]:
    app = create_app(db, metrics_token=TOKEN, metrics_allow=["10.0.0.0/8", "192.0.2.7"])
    with TestClient(app) as c:
        yield c


def _metrics(client: TestClient) -> dict[Any, float]:
    answer = client.get("/metrics", headers={"Authorization": f"Bearer {TOKEN}"})
    assert answer.status_code == 200, answer.text
    return samples(answer.text)


def _value(found: dict[Any, float], name: str, **labels: str) -> float:
    return found.get((name, tuple(sorted(labels.items()))), 0.0)


@SQLITE
def test_healthz_readyz_and_request_ids(client: TestClient, db: str) -> None:
    alive = client.get("/healthz")
    assert alive.status_code == 200 and alive.json() == {"status": "alive"}
    assert len(alive.headers["x-request-id"]) == 16  # made here
    kept = client.get("/healthz", headers={"X-Request-Id": "proxy-id.42_a"})
    assert kept.headers["x-request-id"] == "proxy-id.42_a"  # the proxy's, kept
    for bad in ("two words", "x" * 65, "a\tb"):
        made = client.get("/healthz", headers={"X-Request-Id": bad})
        assert made.headers["x-request-id"] != bad and len(made.headers["x-request-id"]) == 16
    ready = client.get("/readyz")
    assert ready.status_code == 200
    assert ready.json() == {"status": "ready", "revision": head(), "head": head()}
    engine = create_engine(db)
    with engine.begin() as conn:  # a schema behind the code: an upgrade not run
        conn.execute(text("UPDATE alembic_version SET version_num = 's0044'"))
    behind = client.get("/readyz")
    assert behind.status_code == 503 and behind.headers["retry-after"] == "5"
    assert behind.json()["detail"].startswith(f"the database's schema is at s0044, not at {head()}")
    with engine.begin() as conn:
        conn.execute(text("DROP TABLE alembic_version"))
    assert "no schema revision" in client.get("/readyz").json()["detail"]
    assert client.get("/healthz").status_code == 200  # alive all the while
    engine.dispose()


def test_readiness_of_a_database_that_does_not_answer_or_hangs() -> None:
    gone = Readiness(create_engine("postgresql+psycopg://shoal@127.0.0.1:9/none"))
    found = asyncio.run(gone.check())
    assert not found.ready and "not answering (OperationalError)" in (found.reason or "")

    class Hangs(Readiness):
        queries = 0

        def _query(self) -> Ready:
            Hangs.queries += 1
            time.sleep(0.5)
            return Ready(True, head(), head())

    async def three_at_once() -> list[Ready]:
        hangs = Hangs(create_engine("sqlite://"), timeout=0.1)
        return list(await asyncio.gather(*(hangs.check() for _ in range(3))))

    answers = asyncio.run(three_at_once())
    assert Hangs.queries == 1  # one query for the three checks
    assert all(
        not a.ready and a.reason == "the database did not answer within 0.1 s" for a in answers
    )


@SQLITE
def test_metrics_are_for_the_operator_only(client: TestClient) -> None:
    stranger = client.get("/metrics")
    assert stranger.status_code == 401
    assert stranger.headers["www-authenticate"] == 'Bearer realm="shoal metrics"'
    assert "shoal_" not in stranger.text
    for wrong in ("Bearer nope", f"Basic {TOKEN}", f"Bearer {TOKEN}x", "Bearer"):
        assert client.get("/metrics", headers={"Authorization": wrong}).status_code == 401
    assert client.get("/metrics", headers={"Authorization": f"Bearer {TOKEN}"}).status_code == 200
    for allowed in ("10.1.2.3", "192.0.2.7"):  # the operator's addresses need no token
        with TestClient(client.app, client=(allowed, 5000)) as inside:
            assert inside.get("/metrics").status_code == 200
    with TestClient(client.app, client=("192.0.2.8", 5000)) as outside:
        assert outside.get("/metrics").status_code == 401


def _asked(settings: Settings, address: str, authorization: str | None = None) -> int:
    """The status ``check_metrics_access`` answers (200: let through)."""
    headers = [(b"authorization", authorization.encode())] if authorization else []
    request = Request({"type": "http", "headers": headers, "client": (address, 1)})
    try:
        check_metrics_access(request, settings)
    except ApiError as error:
        return error.status
    return 200


def test_metrics_are_closed_without_a_token_or_addresses() -> None:
    closed = Settings()
    assert _asked(closed, "127.0.0.1") == 403
    assert _asked(closed, "127.0.0.1", f"Bearer {TOKEN}") == 403
    only = Settings(metrics_allow=("127.0.0.1", "2001:db8::/32"))
    assert _asked(only, "127.0.0.1") == 200 and _asked(only, "2001:db8::5") == 200
    assert _asked(only, "127.0.0.2") == 403 and _asked(only, "testclient") == 403
    with pytest.raises(ValueError, match=re.escape("'10.0.0.0/33' is not an address or a network")):
        check_networks(("10.0.0.0/33",))


@SQLITE
def test_the_counters_of_a_game_against_the_computer(client: TestClient) -> None:
    """Every door counts: the player's moves (HTTP) and the computer's replies (its
    thread), by game; the game's start; requests by route template; the open socket."""
    before = _metrics(client)
    made = client.post(
        "/api/games", json={"game": "connect4", "opponent": "computer", "level": "random"}
    ).json()
    gid, token = made["id"], made["token"]
    with client.websocket_connect(f"/api/games/{gid}/ws") as watcher:
        assert watcher.receive_json()["type"] == "view"
        open_now = _metrics(client)
        assert _value(open_now, "shoal_sockets_open", channel="game") == 1
        version = client.get(f"/api/games/{gid}").json()["version"]
        for _ in range(2):
            moved = client.post(
                f"/api/games/{gid}/actions",
                json={"version": version, "action": 3},
                headers=auth(token),
            )
            assert moved.status_code == 200, moved.text
            deadline = time.monotonic() + 10
            while (view := client.get(f"/api/games/{gid}").json())["to_move"] != 0:
                assert time.monotonic() < deadline, "the computer did not reply"
                time.sleep(0.02)
            version = view["version"]
    assert client.get("/no/such/page").status_code == 404
    after = _metrics(client)
    moves = _value(after, "shoal_moves_total", game="connect4")
    assert moves - _value(before, "shoal_moves_total", game="connect4") == 4
    started = _value(after, "shoal_games_started_total", game="connect4")
    assert started - _value(before, "shoal_games_started_total", game="connect4") == 1
    route = {"method": "POST", "route": "/api/games/{game_id}/actions"}
    gained = _value(after, "shoal_http_requests_total", **route, status="200") - _value(
        before, "shoal_http_requests_total", **route, status="200"
    )
    assert gained == 2
    assert _value(after, "shoal_http_requests_total", method="GET", route="unmatched", status="404")
    assert _value(after, "shoal_sockets_open", channel="game") == 0
    busy = ("shoal_searches_busy", (("kind", "computer"),))
    assert busy in after and after[busy] == 0  # the computer's searches were counted, and ended
    names = {name for name, _ in after}
    assert "shoal_db_query_duration_seconds_count" in names and "shoal_workers" in names
    assert not any(name.endswith("_created") for name in names)


@SQLITE
def test_access_lines_carry_the_request_and_never_a_secret(client: TestClient) -> None:
    stream = io.StringIO()
    handler = logging.StreamHandler(stream)
    handler.setFormatter(JsonFormatter())
    access = logging.getLogger("shoal.access")
    access.addHandler(handler)
    level = access.level
    access.setLevel(logging.INFO)
    try:
        made = client.post(
            "/api/games",
            json={"game": "connect4", "opponent": "local"},
            headers={"X-Request-Id": "rid-57", "Cookie": "shoal_session=cookie-secret-57"},
        )
        client.get("/unsubscribe?token=12.query-secret-57")
        client.get("/healthz")  # at debug level: not in an info log
    finally:
        access.removeHandler(handler)
        access.setLevel(level)
    lines = [json.loads(line) for line in stream.getvalue().splitlines()]
    assert [x["route"] for x in lines] == ["/api/games", "/unsubscribe"]
    first = lines[0]
    assert first["request_id"] == "rid-57" and first["status"] == 201
    assert first["method"] == "POST" and first["path"] == "/api/games"
    assert first["level"] == "INFO" and first["logger"] == "shoal.access" and first["pid"] > 0
    assert lines[1]["path"] == "/unsubscribe" and lines[1]["status"] == 400
    everything = stream.getvalue()
    for secret in ("cookie-secret-57", "query-secret-57", made.json()["token"]):
        assert secret not in everything


def test_the_formats_and_the_redaction_of_any_line() -> None:
    record = logging.LogRecord(
        "shoal.serve",
        logging.WARNING,
        __file__,
        1,
        "the database postgresql://shoal:pw-57@db/shoal said: Authorization: Bearer tok-57",
        None,
        None,
    )
    record.route = "/x"
    text_line = TextFormatter().format(record)
    assert " WARNING [" in text_line and " - shoal.serve: the database " in text_line
    assert text_line.endswith("route=/x")
    json_line = json.loads(JsonFormatter().format(record))
    assert json_line["level"] == "WARNING" and json_line["route"] == "/x"
    for line in (text_line, json.dumps(json_line)):
        assert "pw-57" not in line and "tok-57" not in line
    with pytest.raises(ValueError, match="the log format is one of text, json"):
        logging_config("xml")


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (("--metrics-allow", "10.0.0.0/99"), "--metrics-allow: '10.0.0.0/99' is not an address"),
        (("--push-service", "ftp://x"), "--push-service: the push service 'ftp://x'"),
        (("--wait-database", "-1"), "--wait-database is seconds"),
        (("--log-format", "xml"), "invalid choice: 'xml'"),
    ],
)
def test_serve_refuses_settings_that_cannot_work(args: tuple[str, ...], words: str) -> None:
    done = shoal("serve", "--database", "sqlite://", *args)
    assert done.returncode == 2 and words in done.stderr, done.stderr


@pytest.mark.parametrize("url", ["sqlite://", "sqlite:///:memory:"])
def test_serve_refuses_a_database_in_memory(url: str) -> None:
    """A site's database outlives its process, and SQLite in memory is one connection that
    every request's thread would share (two at once can fail): serve refuses it in words."""
    done = shoal("serve", "--database", url)
    assert done.returncode == 2, done.stderr
    assert f"--database {url}: a SQLite database in memory is lost" in done.stderr
    assert "sqlite:///shoal.sqlite3" in done.stderr


def test_serve_refuses_key_and_token_files_others_may_read(tmp_path: Path) -> None:
    for flag, what in (("--secret-key-file", "site key"), ("--metrics-token-file", "token")):
        path = tmp_path / flag
        path.write_text("k" * 40)
        path.chmod(0o644)
        done = shoal("serve", "--database", "sqlite://", flag, str(path))
        assert done.returncode == 2, done.stderr
        assert f"{what} file" in done.stderr and f"chmod 600 {path}" in done.stderr
    short = tmp_path / "short"
    short.write_text("too short")
    short.chmod(0o600)
    done = shoal("serve", "--database", "sqlite://", "--secret-key-file", str(short))
    assert done.returncode == 2 and "at least 32" in done.stderr


def test_a_labelled_child_is_the_metrics_own_and_counts_where_it_says() -> None:
    """``labelled`` gives the very child ``labels`` gives (looked up once): an increment
    through it is the metric's, under its labels, and other labels are other children."""
    from shoal.server.ops.metrics import MOVES, labelled

    child = labelled(MOVES, "labelled-test")
    assert child is MOVES.labels("labelled-test")
    assert labelled(MOVES, "labelled-test") is child
    assert labelled(MOVES, "labelled-other") is not child
    before = MOVES.labels("labelled-test")._value.get()
    labelled(MOVES, "labelled-test").inc(2)
    assert MOVES.labels("labelled-test")._value.get() == before + 2
