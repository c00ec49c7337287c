"""The catalogues (issue 62): complete in every language, placeholders and plural forms
right, in step with the code; the pseudo-locale; the client's JSON; the choice of language."""

from __future__ import annotations

import json
import shutil
import typing
from pathlib import Path

import pytest

from shoal.i18n import LANGUAGES, PSEUDO, accepted, catalogue, choose, known, tool
from shoal.i18n.catalogues import po_path
from shoal.i18n.extract import translate_html
from shoal.i18n.pseudo import pseudo
from shoal.server.accounts.routes.language import Language


def test_every_language_is_complete_and_in_step_with_the_code() -> None:
    """100% translated, no fuzzy entry, placeholders and plural forms agree (Babel's checks
    and ours), and the template is what extracting the code gives today."""
    assert tool.problems(fresh=True) == []
    assert tool.TRANSLATED == ("nl", "de", "fr", "it", "es")
    template = tool.read(tool.TEMPLATE)
    assert len([m for m in template if m.id]) >= 70  # the menu, the footer and the home page


def _broken(tmp_path: Path, old: str, new: str) -> list[str]:
    folder = tmp_path / f"locale{len(list(tmp_path.iterdir()))}"
    shutil.copytree(tool.LOCALE_DIR, folder, ignore=shutil.ignore_patterns("*.mo"))
    path = po_path("nl", folder)
    text = path.read_text("utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), "utf-8")
    return tool.problems(("nl",), folder=folder)


def test_the_check_finds_what_is_wrong(tmp_path: Path) -> None:
    """Each kind of fault fails the check, in words that name the message."""
    lost = _broken(tmp_path, 'msgstr "Profiel ({name})"', 'msgstr "Profiel"')
    assert any("'Profile ({name})'" in line and "{name}" in line for line in lost), lost
    added = _broken(tmp_path, 'msgstr "Spelen"', 'msgstr "Spelen {wie}"')
    assert any("'Play'" in line and "{wie}" in line for line in added), added
    empty = _broken(tmp_path, 'msgstr "Spelen"', 'msgstr ""')
    assert any("'Play' is not translated" in line for line in empty), empty
    fuzzy = _broken(tmp_path, 'msgid "Play"\n', '#, fuzzy\nmsgid "Play"\n')
    assert any("'Play' is fuzzy" in line for line in fuzzy), fuzzy
    plural = _broken(tmp_path, "nplurals=2; plural=(n != 1)", "nplurals=2; plural=(n > 1)")
    assert any("Plural-Forms" in line for line in plural), plural
    gone = _broken(tmp_path, 'msgid "Play"\nmsgstr "Spelen"\n', "")
    assert any("'Play' is missing" in line for line in gone), gone


def test_the_pseudo_locale_is_accented_longer_and_keeps_placeholders() -> None:
    words = catalogue(PSEUDO)
    for source in ("Start a game", "Profile ({name})", "No clock"):
        made = words.gettext(source)
        assert made != source and made.startswith("[") and made.endswith("]")
        assert len(made) >= 1.35 * len(source)
        outside = made.replace("{name}", "")
        assert not any(ch in outside for ch in "aeiou")  # every ASCII vowel is accented
    assert "{name}" in words.gettext("Profile ({name})")
    assert "{n}" in words.ngettext("{n} day / move", "{n} days / move", 3)
    assert pseudo("") == ""


def test_plural_forms_follow_each_language() -> None:
    assert catalogue("nl").ngettext("{n} day / move", "{n} days / move", 1) == "{n} dag per zet"
    assert catalogue("nl").ngettext("{n} day / move", "{n} days / move", 0) == "{n} dagen per zet"
    # French says the singular for 0 (n > 1 is plural)
    assert catalogue("fr").ngettext("{n} day / move", "{n} days / move", 0) == "{n} jour par coup"
    assert catalogue("fr").ngettext("{n} day / move", "{n} days / move", 2) == "{n} jours par coup"
    assert catalogue("en").ngettext("{n} day / move", "{n} days / move", 2) == "{n} days / move"
    assert catalogue("de").gettext("not a message") == "not a message"


def test_the_client_catalogue() -> None:
    """The page's JSON: the client's messages only (not the server's summaries), the plural
    rule, the languages in the picker's order; nothing in it can end the <script> element."""
    data = json.loads(catalogue("de").client())
    assert data["lang"] == "de" and data["plural"] == "(n != 1)"
    assert [code for code, _ in data["languages"]] == list(LANGUAGES)
    assert data["messages"]["New game"] == "Neue Partie"
    assert data["messages"]["{n} day / move"] == ["{n} Tag pro Zug", "{n} Tage pro Zug"]
    assert not any(key.startswith("Each side has a king") for key in data["messages"])
    assert json.loads(catalogue("en").client())["messages"] == {}
    assert "<" not in catalogue(PSEUDO).client()
    assert catalogue("fr").client().count("\\u003c") == 0  # no message has one today


def test_marked_html_is_translated_and_escaped() -> None:
    page = "<title data-t>A &amp; B</title><p>A &amp; B</p><p data-t>kept</p>"
    out = translate_html(page, lambda text: {"A & B": "X < Y"}.get(text, text))
    assert out == "<title data-t>X &lt; Y</title><p>A &amp; B</p><p data-t>kept</p>"


def test_the_language_is_account_then_cookie_then_accept_language_then_english() -> None:
    assert choose("de", "nl", "fr") == "de"
    assert choose(None, "nl", "fr") == "nl"
    assert choose(None, None, "fr-CA,fr;q=0.9") == "fr"
    assert choose(None, None, None) == "en"
    # a value shoal does not speak, or a malformed one, is passed over, never an error
    assert choose("xx", "nl", "fr") == "nl"
    assert choose("xx", "x" * 100, "fr") == "fr"
    assert choose(None, None, "ja, zh;q=0.9") == "en"


def test_accept_language_ranges() -> None:
    assert accepted("ja;q=1, it;q=0.5, es;q=0.8") == "es"
    assert accepted("pt-BR, nl-BE;q=0.7") == "nl"
    assert accepted("de;q=0, fr;q=0.1") == "fr"  # q=0: not acceptable
    assert accepted("DE-at") == "de"
    assert accepted("*") is None
    assert accepted("en-XA") == PSEUDO
    assert accepted("de;q=abc, it") == "it"  # a malformed quality drops that range only
    assert accepted("<script>, ;;, ,") is None
    assert accepted("de," * 1000) is None  # too long: ignored
    assert known("NL") == "nl" and known("en-xa") == PSEUDO and known("pt") is None


def test_the_api_offers_exactly_the_languages() -> None:
    assert list(typing.get_args(Language)) == list(LANGUAGES)


@pytest.mark.parametrize("language", ["nl", "de", "fr", "it", "es"])
def test_each_catalogue_has_its_plural_rule_in_its_header(language: str) -> None:
    text = po_path(language).read_text("utf-8")
    assert f'"Language: {language}\\n"' in text
    assert "Plural-Forms: nplurals=2;" in text


def test_update_keeps_the_header_comment_line_for_line(tmp_path: Path) -> None:
    """The glossaries in the header repeat lines under several games (``# draw = remise``);
    Babel alone would drop every repeat."""
    (tmp_path / "nl" / "LC_MESSAGES").mkdir(parents=True)
    shutil.copy(tool.TEMPLATE, tmp_path / tool.TEMPLATE.name)
    po = po_path("nl", tmp_path)
    text = (
        po_path("nl")
        .read_text("utf-8")
        .replace('msgid ""', '# Game:\n# draw = remise\nmsgid ""', 1)
    )
    po.write_text(text, "utf-8")
    before = tool.header_comment(po)
    assert before.count("# draw = remise\n") >= 2
    tool.update(("nl",), folder=tmp_path)
    assert tool.header_comment(po) == before
    assert tool.problems(("nl",), folder=tmp_path) == []


def test_the_offline_pages_catalogue_carries_the_games_words_and_its_python_says_them() -> None:
    """The offline page runs the games' Python in the browser: its catalogue has the games'
    messages too (no other page's does), and the Python says the game's words through it."""
    from shoal.interop.offline import OfflineGame

    page = json.loads(catalogue("nl").client(games=True))
    assert page["messages"]["Stone on {cell}"] == "Steen op {cell}"
    assert "Stone on {cell}" not in json.loads(catalogue("nl").client())["messages"]
    assert (
        page["messages"]["New game"] == json.loads(catalogue("nl").client())["messages"]["New game"]
    )
    game = OfflineGame("sytran", 0, words=page)
    view = game.play(game.view()["legal"][0]["action"])
    assert view["legal"][0]["label"].startswith("Steen op ")
    assert view["status"].startswith("Wit 1 steen in 1 groep") and view["spoken"][0]["label"] == (
        "Steen op j10"
    )
    english = OfflineGame("sytran", 0, actions=view["actions"])  # no words: as before
    assert english.view()["status"] == english.game.status(english.state)
    assert english.view()["status"].startswith("White 1 stone in 1 group")
    assert english.view()["svg"] == english.game.render_svg(english.state, last=english.last)


def test_only_the_offline_page_carries_the_games_words() -> None:
    from shoal.server.files import rendered

    assert "Steen op {cell}" in rendered("offline.html", "nl").decode()
    assert "Steen op {cell}" not in rendered("game.html", "nl").decode()
