"""The reader's language (issue 62): one rule for every page and the catalog, account >
cookie > Accept-Language > English; ``PUT /api/language``; English pages unchanged."""

from __future__ import annotations

import re

from babel.messages.pofile import read_po

from shoal import games
from shoal.i18n import LOCALE_DIR
from shoal.i18n.extract import option_label
from tests.clients import TestClient

from .accounts_helpers import signup


def _lang(client: TestClient, path: str = "/", **headers: str) -> tuple[str, str]:
    """The page's ``<html lang>`` and title."""
    response = client.get(path, headers=headers)
    assert response.status_code == 200
    assert response.headers["content-language"] in response.text
    assert "Accept-Language" in response.headers["vary"]
    lang = re.search(r'<html lang="([^"]+)">', response.text)
    title = re.search(r"<title[^>]*>([^<]*)</title>", response.text)
    assert lang and title
    return lang.group(1), title.group(1)


def test_the_language_is_the_accounts_then_the_cookies_then_the_browsers(
    client: TestClient,
) -> None:
    assert _lang(client) == ("en", "shoal — play five abstract games")
    assert _lang(client, **{"Accept-Language": "nl-BE,nl;q=0.9,en;q=0.5"}) == (
        "nl",
        "shoal — speel vijf abstracte spellen",
    )
    assert _lang(client, **{"Accept-Language": "ja, it;q=0.4"})[0] == "it"
    assert _lang(client, "/game/nosuch", **{"Accept-Language": "es"})[0] == "es"
    page = client.get("/", headers={"Accept-Language": "de"}).text
    assert '"New game":"Neue Partie"' in page  # the client's catalogue is in the page
    # the picker's cookie wins over the browser
    assert client.put("/api/language", json={"language": "de"}).json() == {
        "language": "de",
        "account": False,
    }
    assert client.cookies.get("shoal_lang") == "de"
    assert _lang(client, **{"Accept-Language": "nl"})[0] == "de"
    # an account's setting wins over the cookie (another device's, or an older choice)
    assert signup(client, "polyglot").status_code == 201
    assert _lang(client, **{"Accept-Language": "nl"})[0] == "de"  # no setting yet: the cookie
    assert client.put("/api/language", json={"language": "fr"}).json()["account"] is True
    client.cookies.set("shoal_lang", "it")
    assert _lang(client, **{"Accept-Language": "nl"})[0] == "fr"
    summaries = {g["id"]: g["summary"] for g in client.get("/api/catalog").json()}
    assert summaries["cyclix"].startswith("Chaque camp a un roi")
    assert client.get("/api/catalog/cyclix").json()["summary"].startswith("Chaque camp")
    # the board preferences keep the language beside them
    prefs = {"coordinates": False, "theme": "grey"}
    assert client.put("/api/me/prefs", json=prefs).status_code == 200
    assert client.get("/api/me").json()["prefs"] == {
        "coordinates": False,
        "theme": "grey",
        "language": "fr",
    }
    client.post("/api/auth/logout")
    assert _lang(client, **{"Accept-Language": "nl"})[0] == "it"  # signed out: the cookie
    english = client.get("/api/catalog", headers={"Accept-Language": "en"}, cookies={})
    assert english.status_code == 200


def test_a_language_shoal_does_not_speak_changes_nothing(client: TestClient) -> None:
    assert signup(client, "monoglot").status_code == 201
    for body in ({"language": "xx"}, {"language": "en-XA"}, {"language": 3}, {}):
        refused = client.put("/api/language", json=body)
        assert refused.status_code == 422, body
        assert "language" in refused.text
    assert "shoal_lang" not in client.cookies
    assert "language" not in client.get("/api/me").json()["prefs"]
    # from another site: refused, the account and the cookie as they were
    other = client.put(
        "/api/language", json={"language": "de"}, headers={"Origin": "https://evil.example"}
    )
    assert other.status_code == 403
    assert "shoal_lang" not in client.cookies
    assert "language" not in client.get("/api/me").json()["prefs"]
    # a cookie or header shoal does not speak is passed over: English
    client.cookies.set("shoal_lang", "klingon")
    assert _lang(client, **{"Accept-Language": "tlh, *;q=0.1"})[0] == "en"


def test_the_games_options_read_in_the_readers_language(client: TestClient) -> None:
    """A game option's label and help are said in the reader's language (the forms and the
    rules page show them); its name, default and values stay as the code has them."""
    english = client.get("/api/catalog/sytran", headers={"Accept-Language": "en"})
    dutch = client.get("/api/catalog/sytran", headers={"Accept-Language": "nl"})
    options = {o["name"]: o for o in english.json()["options"]}
    assert options["base"]["label"] == "base"
    assert options["base"]["help"] == "board size: cells per side of the hexhex board"
    translated = {o["name"]: o for o in dutch.json()["options"]}
    assert translated["base"]["label"] == "basis"
    assert translated["base"]["help"] == "bordgrootte: velden per zijde van het zeshoekige bord"
    assert translated["shortage"]["help"].startswith(
        "te weinig vrije velden voor het aantal: doorlopen"
    )
    for name, option in options.items():  # only the words change
        same = {k: v for k, v in option.items() if k not in ("label", "help", "choice_labels")}
        assert {
            k: v for k, v in translated[name].items() if k not in ("label", "help", "choice_labels")
        } == same
    assert options["shortage"]["choice_labels"] == ["flow", "strands", "literal"]
    assert translated["shortage"]["choice_labels"] == ["doorlopen", "strengen", "letterlijk"]
    assert translated["base"]["choice_labels"] == ["6", "8", "10"]
    assert translated["penalty"]["choice_labels"] is None
    german = client.get("/api/catalog", headers={"Accept-Language": "de"}).json()
    cyclix = {o["name"]: o for g in german if g["id"] == "cyclix" for o in g["options"]}
    assert cyclix["max_turns"]["label"] == "max. Züge"
    assert cyclix["king_sight"]["choice_labels"] == ["immer", "frei"]


def test_every_game_options_words_are_in_the_template() -> None:
    """Every option's label, help and values in words of every game on the site are messages
    of the template (the extractor found them, wherever the game names its values)."""
    with (LOCALE_DIR / "messages.pot").open("rb") as f:
        template = {m.id for m in read_po(f) if m.id}
    for game_id in games.ids(all=True):
        for info in games.REGISTRY.game_class(game_id).option_infos():
            assert option_label(info.name) in template, (game_id, info.name)
            assert info.help in template, (game_id, info.name)
            for value in info.choices or ():
                assert not isinstance(value, str) or value in template, (game_id, value)
