"""What a chat line may hold (issue 61): the word lists per language (the operator's folder
extends and trims them), links only from accounts a day old, on both databases."""

from __future__ import annotations

import datetime
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import update

from shoal.server.accounts.tables import UserRow
from shoal.server.moderation.chatrules import ChatRules, has_link, languages_of
from tests.clients import TestClient

from .accounts_helpers import error, rows
from .moderation_helpers import friend_game, lines, say


def test_words_and_links_in_a_game_chat(three: Any, db: str) -> None:
    app, alice, bobby, _carol = three
    gid = friend_game(alice, bobby, "bobby")["id"]

    # a listed word, however it is spelled, is refused in words and stored nowhere
    for text in ("what a b1tchy move", "F U U U C K this", "you w4nker"):
        error(say(alice, gid, text), 422, "a word the site does not allow")
    # a word of another language only for a writer of that language (and English for all)
    assert say(alice, gid, "putain de coup").status_code == 201
    french = {"Accept-Language": "fr-CH, fr;q=0.9"}  # (refused in the writer's language)
    error(say(alice, gid, "putain de coup", **french), 422, "un mot que le site n'autorise pas")

    # links: not from an account younger than a day, nor from a guest; the site's own are fine
    error(say(alice, gid, "free coins at https://spam.example/x"), 422, "younger than a day")
    error(say(alice, gid, "visit www.spam.example"), 422, "younger than a day")
    error(say(alice, gid, "cheap-coins.com"), 422, "younger than a day")
    assert say(alice, gid, "replay: http://127.0.0.1:8000/replay/game/x").status_code == 201
    two_days = datetime.timedelta(days=2)
    created = app.state.context.accounts.store.by_name("alice")[0].created
    rows(db, update(UserRow).where(UserRow.username == "alice").values(created=created - two_days))
    assert say(alice, gid, "rules at https://example.org/rules").status_code == 201
    with TestClient(app) as guest:
        spectator = {"room": "spectators", "text": "see https://example.org", "name": "Guesty"}
        error(guest.post(f"/api/games/{gid}/chat", json=spectator), 422, "not allowed from guests")
    assert lines(bobby, gid) == [
        "putain de coup",
        "replay: http://127.0.0.1:8000/replay/game/x",
        "rules at https://example.org/rules",
    ]


def test_the_operator_extends_and_trims_the_lists(tmp_path: Path) -> None:
    (tmp_path / "fr.txt").write_text("# the operator's French\nzut*\n!putain*\n", encoding="utf-8")
    (tmp_path / "nl.txt").write_text("klootzak\n", encoding="utf-8")
    rules = ChatRules(tmp_path)
    assert rules.bad_word("zut alors", ["fr"]) == "zut*"
    assert rules.bad_word("putain", ["fr"]) is None  # taken out of the shipped list
    assert rules.bad_word("merde", ["fr"]) == "merde*"  # the rest stays
    assert rules.bad_word("klootzak", ["nl"]) == "klootzak"
    assert "nl" in rules.languages
    with pytest.raises(ValueError, match="not a folder"):
        ChatRules(tmp_path / "missing")


def test_links_and_languages_are_read_as_written() -> None:
    assert has_link("https://a.example/b") and has_link("go to www.x.org")
    assert has_link("mail me at spam.ru") and not has_link("a move: c3-e5, then e4.")
    assert not has_link("https://shoal.example/game/1", "shoal.example")
    assert languages_of(None) == ["en"]
    assert languages_of("de-DE,de;q=0.9,en;q=0.8") == ["de", "en"]
    assert languages_of("*, x-private, fr") == ["fr", "en"]
