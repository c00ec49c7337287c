"""The server's refusals in the reader's language (issue 62): written once in English where
they happen, said at the exception handlers in the request's language (account, cookie,
``Accept-Language``); English byte for byte as before; machine fields unchanged."""

from __future__ import annotations

import pytest

from shoal.i18n import N_, Text, catalogue
from shoal.server.errors import ApiError, validation_words
from shoal.server.limits.rules import RULES, refusal
from tests.clients import TestClient

from .accounts_helpers import signup

SQLITE = pytest.mark.parametrize("db_url", ["sqlite"], indirect=True)

NL = {"Accept-Language": "nl"}
DE = {"Accept-Language": "de-DE,de;q=0.9"}


@SQLITE
def test_a_refusal_is_said_in_the_requests_language(client: TestClient) -> None:
    missing = client.get("/api/games/nosuchgame1")
    nl = client.get("/api/games/nosuchgame1", headers=NL)
    de = client.get("/api/games/nosuchgame1", headers=DE)
    assert missing.status_code == nl.status_code == de.status_code == 404
    assert missing.json() == {"detail": "there is no game 'nosuchgame1'"}
    assert nl.json() == {"detail": "er is geen partij 'nosuchgame1'"}
    assert de.json() == {"detail": "es gibt keine Partie 'nosuchgame1'"}


@SQLITE
def test_a_request_that_does_not_parse_and_starlettes_own_are_said_too(
    client: TestClient,
) -> None:
    body = {"game": "connect4", "opponent": "friend", "seat": "x"}
    english = client.post("/api/games", json=body)
    dutch = client.post("/api/games", json=body, headers=NL)
    assert english.status_code == dutch.status_code == 422
    assert "must be" in english.json()["detail"]
    assert "moet" in dutch.json()["detail"] and "seat" in dutch.json()["detail"]
    assert client.get("/api/nosuch", headers=DE).json() == {"detail": "Nicht gefunden"}
    assert client.get("/api/nosuch").json() == {"detail": "Not Found"}


@SQLITE
def test_the_account_language_wins_and_sign_in_refusals_are_said_in_it(
    client: TestClient,
) -> None:
    assert signup(client, "greta").status_code == 201
    assert client.put("/api/language", json={"language": "de"}).status_code == 200
    client.cookies.delete("shoal_lang")  # the account's setting alone
    refused = client.put("/api/blocks/greta")
    assert refused.status_code == 400
    assert refused.json() == {"detail": "du kannst dich nicht selbst blockieren"}


def test_values_are_never_translated_and_a_broken_translation_says_the_english() -> None:
    # a value that happens to be a message (a name "day") is put in as it is
    assert Text(N_("there is no player {username}"), {"username": "day"}).say("de") == (
        "es gibt keinen Spieler day"
    )
    error = ApiError(404, "there is no seek {seek}", seek=7)
    assert error.message == "there is no seek 7" and error.words("nl") == (
        "er is geen partijverzoek 7"
    )
    broken = Text("no such {thing}", {"other": 1})
    assert broken.say("fr") == "no such {thing}"  # never a defect of the handler
    assert str(refusal(RULES["events"], 3600.5)) == (
        "too many new events from your account: at most 10 per day; try again in 61 min"
    )
    assert refusal(RULES["events"], 3600.5).say("it") == (
        "troppi nuovi eventi dal tuo account: al massimo 10 per giorno; riprova tra 61 min"
    )
    words = validation_words([{"type": "missing", "loc": ("body", "version"), "msg": "x"}])
    assert (str(words), words.say("es")) == ("version is missing", "falta version")
    assert catalogue("en").gettext("Not Found") == "Not Found"


@SQLITE
def test_the_clock_advice_and_its_refusal_are_said_in_the_readers_language(
    client: TestClient,
) -> None:
    query = {"game": "sytran", "clock": "1+1"}
    english = client.get("/api/tournaments/clock-advice", params=query).json()
    dutch = client.get("/api/tournaments/clock-advice", params=query, headers=NL).json()
    assert english["advice"] == (
        "A game lasts about 47 turns a side: about 2.28 s a turn, up to 2 min a side."
    )
    assert dutch["advice"] == (
        "Een partij duurt ongeveer 47 beurten per speler: ongeveer 2,28 s per beurt, "
        "tot 2 min per speler."
    )
    assert english["refused"].startswith("this clock is too fast for Sytran")
    assert dutch["refused"].startswith("deze klok is te snel voor Sytran")
    assert dutch["seconds_a_turn"] == english["seconds_a_turn"] == 2.28
