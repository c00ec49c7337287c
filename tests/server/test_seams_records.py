"""Issue 38, item 4: an ending the rules did not make is in the record, in both formats.

Before: after a resignation the view said ``0-1`` while the text record said
``[Result "*"]`` and the JSON ``"result": "*", "reason": ""``. Now resignations, time-outs,
aborts and agreed draws keep their result and reason, and both formats read them back.
"""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from shoal.core import RecordError
from shoal.records import Ending, read_json, read_text
from shoal.server.games.session import LiveGame
from tests.clients import TestClient

from .corr_helpers import context, run


class Duel:
    """A connect4 game between two people online, seen from both seats."""

    def __init__(self, client: TestClient, **more: Any) -> None:
        made = client.post(
            "/api/games", json={"game": "connect4", "opponent": "friend", "seat": 0, **more}
        )
        assert made.status_code == 201, made.text
        self.client = client
        self.id: str = made.json()["id"]
        self.tokens = [made.json()["token"], made.json()["invite_token"]]

    def post(self, seat: int, path: str, **body: Any) -> None:
        body.setdefault("version", self.client.get(f"/api/games/{self.id}").json()["version"])
        done = self.client.post(
            f"/api/games/{self.id}/{path}", json=body, headers={"X-Shoal-Token": self.tokens[seat]}
        )
        assert done.status_code == 200, done.text

    def records(self) -> tuple[str, str]:
        text = self.client.get(f"/api/games/{self.id}/record").text
        as_json = self.client.get(f"/api/games/{self.id}/record?format=json").text
        return text, as_json


def check_both(duel: Duel, result: str, reason: str) -> None:
    """The view, the text record and the JSON record all say ``result`` and ``reason`` (the
    words the rules give: connect4's sides are ``x`` and ``o``), and both records read back."""
    view = duel.client.get(f"/api/games/{duel.id}").json()["result"]
    assert view is not None and (view["result"], view["reason"]) == (result, reason), view
    text, as_json = duel.records()
    assert f'[Result "{result}"]' in text and f'[Reason "{reason}"]' in text, text
    assert read_text(text).ending == Ending(result, reason)
    assert read_json(as_json).ending == Ending(result, reason)
    assert read_text(text).to_text() == text  # a round trip changes nothing
    uploaded = duel.client.post("/api/records", json={"text": text})
    assert uploaded.status_code == 201, uploaded.text


def test_a_resignation_is_in_both_record_formats(client: TestClient) -> None:
    """Rule: a resignation's result and reason are in the text and JSON records."""
    duel = Duel(client)
    duel.post(0, "actions", action=3)
    duel.post(0, "resign")
    check_both(duel, "0-1", "x resigned")


def test_an_agreed_draw_is_in_both_record_formats(client: TestClient) -> None:
    """Rule: an agreed draw's result and reason are in both formats."""
    duel = Duel(client)
    duel.post(0, "actions", action=3)
    duel.post(1, "draw", action="offer")
    duel.post(0, "draw", action="accept")
    check_both(duel, "1/2-1/2", "drawn by agreement")


def test_an_abort_is_in_both_record_formats(client: TestClient) -> None:
    """Rule: an abort is ``*`` with its reason in both formats."""
    duel = Duel(client)
    duel.post(1, "abort")
    check_both(duel, "*", "aborted by o")


@pytest.mark.parametrize("db_url", ["sqlite"], indirect=True)
def test_a_time_out_is_in_both_record_formats(client: TestClient) -> None:
    """Rule: a time-out's result and reason are in both formats: the server's clock flags
    the game, and its ``/record`` says so."""
    duel = Duel(client, clock={"base": 60, "increment": 0})
    duel.post(0, "actions", action=3)
    duel.post(1, "actions", action=3)  # each side has made a turn: x's clock runs
    manager = context(client).manager
    entry = run(client, manager.entry, duel.id)
    clock = dict(entry.live.data.clock)
    clock["since"] -= 61  # x has thought for a minute and more
    entry.live = LiveGame(dataclasses.replace(entry.live.data, clock=clock))
    assert run(client, manager.check_flag, entry) is True
    check_both(duel, "0-1", "x ran out of time")


def test_a_result_on_an_unfinished_game_needs_a_reason() -> None:
    """Rule: a Result other than ``*`` on an unfinished replay needs its Reason, and results
    are the four tokens."""
    base = '[Game "connect4"]\n[Seed "0"]\n'
    with pytest.raises(RecordError, match="does not match"):
        read_text(base + '[Result "1-0"]\n\n1. d\n')
    with pytest.raises(RecordError, match="is not one of"):
        read_text(base + '[Result "2-0"]\n[Reason "x"]\n\n1. d\n')
    assert read_text(base + '[Result "0-1"]\n[Reason "resigned"]\n\n1. d\n').ending == Ending(
        "0-1", "resigned"
    )
