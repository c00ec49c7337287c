"""The rules pages in the reader's language (issue 62, docs/translating.md): a translated
rules page is ``docs/games/LANG/GAME.md`` beside the English ``docs/games/GAME.md``; the
catalog serves it in the reader's language, game by game falling back to the English (the
reference), and ``?rules_language=en`` asks for the English. The translations keep the
English page's sections, pictures, diagrams and notation, name the programmers' sections with
the catalogue's words, and use the words of their language's glossary (the ``.po``'s header)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from shoal import games
from shoal.i18n import catalogue
from shoal.i18n.catalogues import po_path
from shoal.i18n.tool import TRANSLATED, header_comment
from shoal.server import create_app
from shoal.server.catalog.routes import rules_languages, rules_page
from shoal.server.settings import DEFAULT_DOCS
from tests.clients import TestClient

# The games whose rules are translated, and the first heading after the title of each
# game's rules in each language that has it (docs/games/LANG/GAME.md).
FIRST_HEADING = {
    "sytran": {
        "en": "The board",
        "nl": "Het bord",
        "de": "Das Brett",
        "fr": "Le plateau",
        "it": "Il tavoliere",
        "es": "El tablero",
    },
    "syrtis": {
        "en": "Boards and options",
        "nl": "Borden en opties",
        "de": "Bretter und Optionen",
        "fr": "Plateaux et options",
        "it": "Tavolieri e opzioni",
        "es": "Tableros y opciones",
    },
    "sirtet": {
        "en": "The tiles",
        "nl": "De tegels",
        "de": "Die Plättchen",
        "fr": "Les tuiles",
        "it": "Le tessere",
        "es": "Las losetas",
    },
}
BOARD = FIRST_HEADING["sytran"]

# Each translated game's picture that the reader's page must show as the English does.
PICTURE = {
    "sytran": "img/sytran-rings.svg",
    "syrtis": "img/syrtis-islands.svg",
    "sirtet": "img/sirtet-setup.svg",
}

# The glossary's terms a game's summary (the home page) says in the same words.
SUMMARY_TERMS = {
    "sytran": ("stone", "turn", "ring", "group"),
    "syrtis": ("tile", "island", "tower", "colour", "shape"),
    "sirtet": ("tile", "harvest", "Double Harvest", "Single Harvest"),
}

TRANSLATIONS = [
    (game, language)
    for game, headings in FIRST_HEADING.items()
    for language in TRANSLATED
    if language in headings
]

# The programmers' sections: the English heading and the catalogue's message for it.
TECHNICAL = {
    "Position string": "Position string",
    "Action encoding": "Action encoding",
    "Observations (for learning agents)": "Observations (for learning agents)",
    "Engine notes": "Engine notes",
    "AI knowledge": "AI knowledge",
}


def _rules(client: TestClient, game: str, language: str, query: str = "") -> dict[str, str]:
    response = client.get(f"/api/catalog/{game}{query}", headers={"Accept-Language": language})
    assert response.status_code == 200
    assert response.headers["vary"] == "Accept-Language, Cookie"
    return dict(response.json())


def _untranslated(language: str) -> str | None:
    """A game with English rules and none yet in ``language``, if one is left."""
    for game in games.ids(all=True):
        english = DEFAULT_DOCS / f"{game}.md"
        if english.exists() and not (DEFAULT_DOCS / language / f"{game}.md").exists():
            return game
    return None


@pytest.mark.parametrize(("game", "language"), TRANSLATIONS)
def test_the_rules_read_in_the_readers_language(
    client: TestClient, game: str, language: str
) -> None:
    """Each language's reader gets the game's translated rules; the English, the reference,
    is one query away; a game without a translation falls back to its English rules."""
    info = _rules(client, game, language)
    assert info["rules_language"] == language
    first = FIRST_HEADING[game]
    assert info["rules_languages"] == [code for code in ("en", *TRANSLATED) if code in first]
    assert f"<h2>{first[language]}</h2>" in info["rules_html"]
    assert f"<h2>{first['en']}</h2>" not in info["rules_html"]
    assert f'src="{PICTURE[game]}"' in info["rules_html"]  # the same pictures
    english = _rules(client, game, language, "?rules_language=en")
    assert english["rules_language"] == "en"
    assert f"<h2>{first['en']}</h2>" in english["rules_html"]
    assert english["summary"] == info["summary"]  # the page's own words stay the reader's
    ignored = _rules(client, game, language, "?rules_language=xx")
    assert ignored["rules_language"] == language
    if (untranslated := _untranslated(language)) is not None:
        other = _rules(client, untranslated, language)
        assert other["rules_language"] == "en" and language not in other["rules_languages"]
        assert other["rules_html"].startswith("<h1>")


def test_english_readers_and_the_pseudo_locale_read_the_english(client: TestClient) -> None:
    assert _rules(client, "sytran", "en")["rules_language"] == "en"
    assert _rules(client, "sytran", "en-XA")["rules_language"] == "en"
    assert _rules(client, "sytran", "ja")["rules_language"] == "en"


def test_the_rules_page_shell_speaks_the_readers_language(client: TestClient) -> None:
    """The page's title and the words of its reference note travel in the page."""
    page = client.get("/rules/sytran", headers={"Accept-Language": "nl"}).text
    assert '<html lang="nl">' in page and "<title data-t>Regels — shoal</title>" in page
    assert "Vertaald uit de Engelse regels; die zijn de referentie." in page
    assert "Lees de regels in het Engels" in page
    english = client.get("/rules/sytran").text
    assert "<title data-t>Rules — shoal</title>" in english


def test_a_missing_translation_falls_back_game_by_game(tmp_path: Path) -> None:
    (tmp_path / "nl").mkdir()
    (tmp_path / "connect4.md").write_text("# Connect Four\n\nDrop stones.\n", "utf-8")
    (tmp_path / "nl" / "connect4.md").write_text("# Connect Four\n\nLaat stenen vallen.\n", "utf-8")
    (tmp_path / "nl" / "sirtet.md").write_text("# Sirtet\n\nAlleen vertaald.\n", "utf-8")
    assert rules_languages(tmp_path, "connect4") == ["en", "nl"]
    assert rules_page(tmp_path, "connect4", "nl") == (
        "# Connect Four\n\nLaat stenen vallen.\n",
        "nl",
    )
    assert rules_page(tmp_path, "connect4", "de") == ("# Connect Four\n\nDrop stones.\n", "en")
    assert rules_page(tmp_path, "sirtet", "nl") == ("# Sirtet\n\nAlleen vertaald.\n", "nl")
    assert rules_page(tmp_path, "sirtet", "de") is None  # no English page, no German either
    assert rules_page(tmp_path, "cyclix", "nl") is None
    with TestClient(create_app("sqlite://", docs_dir=tmp_path)) as c:
        dutch = _rules(c, "connect4", "nl")
        assert dutch["rules_language"] == "nl" and "Laat stenen vallen." in dutch["rules_html"]
        german = _rules(c, "connect4", "de")
        assert german["rules_language"] == "en" and "Drop stones." in german["rules_html"]
        none = _rules(c, "cyclix", "nl")
        assert none["rules_html"] is None and none["rules_language"] is None
        assert none["rules_languages"] == []


def _outline(text: str) -> tuple[list[str], list[str], list[str], int, int]:
    """What a translation keeps of its English: the pictures, the code blocks, the inline
    notation (backticks), and how many sections and table rows."""
    pictures = re.findall(r"!\[[^\]]*\]\(([^)]+)\)", text)
    blocks = re.findall(r"```\n(.*?)```", text, re.S)
    prose = re.sub(r"```\n.*?```", "", text, flags=re.S)
    code = sorted(re.findall(r"`([^`\n]+)`", re.sub(r"\s*\n\s*", " ", prose)))
    sections = len(re.findall(r"^## ", text, re.M))
    rows = len(re.findall(r"^\s*\|", text, re.M))
    return pictures, blocks, code, sections, rows


# rules.js's TECHNICAL: the English headings of the programmers' sections, folded below the
# rules; a translation's heading is folded when it starts with the catalogue's words.
TECHNICAL_ENGLISH = re.compile(
    r"^(position strings?|action (encoding|numbers)|perft|observations|engine notes|"
    r"ai knowledge|ai)\b",
    re.I,
)


@pytest.mark.parametrize(("game", "language"), TRANSLATIONS)
def test_a_translation_keeps_the_english_pages_shape(game: str, language: str) -> None:
    english = (DEFAULT_DOCS / f"{game}.md").read_text("utf-8")
    translated = (DEFAULT_DOCS / language / f"{game}.md").read_text("utf-8")
    assert translated.startswith(english.splitlines()[0] + "\n")  # the title, a name
    assert _outline(translated) == _outline(english)
    words = catalogue(language)
    folded = [words.gettext(source) for source in TECHNICAL]
    english_headings = re.findall(r"^## (.+)$", english, re.M)
    headings = re.findall(r"^## (.+)$", translated, re.M)
    for source, heading in zip(english_headings, headings, strict=True):
        if source in TECHNICAL:  # the catalogue's very words
            assert heading == words.gettext(TECHNICAL[source]), (language, source, heading)
        technical = bool(TECHNICAL_ENGLISH.match(heading)) or heading.startswith(tuple(folded))
        assert technical == bool(TECHNICAL_ENGLISH.match(source)), (language, source, heading)


def _glossary(language: str) -> dict[str, dict[str, str]]:
    """The glossary in the header comment of a language's catalogue, as the file has it (Babel's
    reader drops a line that repeats an earlier one): by game, English term -> the language's
    word(s)."""
    out: dict[str, dict[str, str]] = {}
    game = ""
    for line in (x.rstrip("\n") for x in header_comment(po_path(language))):
        if m := re.fullmatch(r"# (\w+):", line):
            game = m.group(1).lower()
            out[game] = {}
        elif game and (m := re.fullmatch(r"#\s+(.+?) = (.+)", line)):
            out[game][m.group(1)] = m.group(2)
    return out


@pytest.mark.parametrize(("game", "language"), TRANSLATIONS)
def test_the_glossary_is_the_translations_words(game: str, language: str) -> None:
    """Each term of a game's glossary is in its translated rules page (the first form said,
    before any bracket), and the game's summary in the catalogue uses the same words for its
    main terms."""
    glossary = _glossary(language)
    assert len(glossary[game]) >= 20
    text = " ".join((DEFAULT_DOCS / language / f"{game}.md").read_text("utf-8").lower().split())
    for term, words in glossary[game].items():
        for word in words.split(" (")[0].split(", "):
            assert word.lower() in text, (language, term, word)
    summary = catalogue(language).gettext(games.REGISTRY.game_class(game).summary).lower()
    for term in SUMMARY_TERMS[game]:  # the term, or the term in a game's sense: "tile (...)"
        [word] = [w for t, w in glossary[game].items() if t == term or t.startswith(term + " (")]
        word = word.split(" (")[0].lower()
        assert word in summary or word.rstrip("e") in summary, (language, term, word)


# Cyclix and SFIRS (issue 62), translated in every language: by game, the first heading after
# the title in each language; the programmers' headings their English pages have, with the
# catalogue's message for each (Cyclix's "AI" is the catalogue's "AI knowledge"; "Perft" is a
# word of every language); the glossary's terms their summaries use.
RULES_B = {
    "cyclix": {
        "en": "Pieces and board",
        "de": "Figuren und Brett",
        "nl": "Stukken en bord",
        "fr": "Les pièces et le plateau",
        "it": "Pezzi e tavoliere",
        "es": "Piezas y tablero",
    },
    "sfirs": {
        "en": "The board and the cubes",
        "de": "Das Brett und die Würfel",
        "nl": "Het bord en de kubussen",
        "fr": "Le plateau et les cubes",
        "it": "Il tavoliere e i cubi",
        "es": "El tablero y los cubos",
    },
}
RULES_B_TECHNICAL = {**TECHNICAL, "AI": "AI knowledge", "Perft": "Perft"}
RULES_B_SUMMARY_TERMS = {
    "cyclix": ("tile", "king", "rook", "bishop", "knight"),
    "sfirs": ("cube", "start area", "play area", "active", "inactive"),
}
RULES_B_PAGES = [(g, lang) for g, pages in RULES_B.items() for lang in pages if lang != "en"]


def test_cyclix_and_sfirs_are_translated_in_every_language() -> None:
    for game, pages in RULES_B.items():
        assert set(pages) == {"en", *TRANSLATED}, game
        assert rules_languages(DEFAULT_DOCS, game) == ["en", *TRANSLATED], game


@pytest.mark.parametrize(("game", "language"), RULES_B_PAGES)
def test_cyclix_and_sfirs_rules_read_in_the_readers_language(
    client: TestClient, game: str, language: str
) -> None:
    info = _rules(client, game, language)
    assert info["rules_language"] == language
    assert info["rules_languages"] == [
        "en",
        *(lang for lang in TRANSLATED if lang in RULES_B[game]),
    ]
    assert f"<h2>{RULES_B[game][language]}</h2>" in info["rules_html"]
    assert f"<h2>{RULES_B[game]['en']}</h2>" not in info["rules_html"]
    english = _rules(client, game, language, "?rules_language=en")
    assert f"<h2>{RULES_B[game]['en']}</h2>" in english["rules_html"]


@pytest.mark.parametrize(("game", "language"), RULES_B_PAGES)
def test_cyclix_and_sfirs_translations_keep_the_english_pages_shape(
    game: str, language: str
) -> None:
    english = (DEFAULT_DOCS / f"{game}.md").read_text("utf-8")
    translated = (DEFAULT_DOCS / language / f"{game}.md").read_text("utf-8")
    assert translated.startswith(english.splitlines()[0] + "\n")
    assert _outline(translated) == _outline(english)
    words = catalogue(language)
    headings = re.findall(r"^## (.+)$", translated, re.M)
    for source in re.findall(r"^## (.+)$", english, re.M):
        if source in RULES_B_TECHNICAL:  # folded by the catalogue's words
            assert words.gettext(RULES_B_TECHNICAL[source]) in headings, (language, source)


def _glossary_as_written(language: str, game: str) -> dict[str, str]:
    """A game's glossary read from the catalogue's file as it is written: Babel's reader drops
    a header comment line equal to an earlier one (``# draw = remise`` under two games)."""
    out: dict[str, str] = {}
    current = ""
    for line in header_comment(po_path(language)):
        if m := re.fullmatch(r"# (\w+):", line.rstrip("\n")):
            current = m.group(1).lower()
        elif current == game and (m := re.fullmatch(r"#\s+(.+?) = (.+)", line.rstrip("\n"))):
            out[m.group(1)] = m.group(2)
    return out


@pytest.mark.parametrize(("game", "language"), RULES_B_PAGES)
def test_cyclix_and_sfirs_glossaries_are_the_translations_words(game: str, language: str) -> None:
    glossary = _glossary_as_written(language, game)
    assert len(glossary) >= 15
    text = (DEFAULT_DOCS / language / f"{game}.md").read_text("utf-8").lower()
    for term, words in glossary.items():
        for word in words.split(" (")[0].split(", "):
            assert word.lower() in text, (language, term, word)
    summary = catalogue(language).gettext(games.REGISTRY.game_class(game).summary).lower()
    for term in RULES_B_SUMMARY_TERMS[game]:
        assert glossary[term].split(" (")[0].lower() in summary, (language, term)


def test_every_translated_game_is_in_every_language() -> None:
    """A game's rules are translated in all five languages or in none (docs/translating.md)."""
    for game, headings in FIRST_HEADING.items():
        assert sorted(headings) == sorted(["en", *TRANSLATED]), game
        for language in TRANSLATED:
            assert (DEFAULT_DOCS / language / f"{game}.md").exists(), (game, language)


def test_the_rules_pictures_are_drawn_in_the_readers_language(client: TestClient) -> None:
    """A rules page's picture of a position (``Game.diagrams``) comes drawn by the game with
    its words in the reader's language; an English reader gets the file docs/games shows."""
    name = "sytran-rings.svg"
    english = client.get(f"/rules/img/{name}", headers={"Accept-Language": "en"})
    assert english.status_code == 200
    assert english.text == (DEFAULT_DOCS / "img" / name).read_text("utf-8")
    german = client.get(f"/rules/img/{name}", headers={"Accept-Language": "de"})
    assert german.status_code == 200 and german.headers["content-type"] == "image/svg+xml"
    assert german.headers["content-language"] == "de"
    assert ">Ringe<" in german.text and "am Zug" in german.text
    assert "White to move" not in german.text
    missing = client.get("/rules/img/nothing-here.svg", headers={"Accept-Language": "de"})
    assert missing.status_code == 404
