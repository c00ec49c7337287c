"""The site in the reader's language, in Chromium (issue 62): a Dutch browser gets the home
page and a game against the computer with ``<html lang="nl">`` and Dutch words (the
pseudo-locale's walk of every page is test_pseudo_walk_browser.py); the lobby, the new-game
page and a tournament's page in Dutch and German at a phone's width, each loaded once, show
their controls' words and no English one; Sytran's rules in Dutch and German; a course step
and a puzzle; the seven pages of the done-when in French, Italian and Spanish."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import httpx
import pytest

from .test_accounts_browser import PASSWORD

PHONE = {"width": 390, "height": 844}

OVERFLOW = """() => {
  const width = document.documentElement.clientWidth;
  const wide = [...document.querySelectorAll("body *")].filter((el) => {
    const box = el.getBoundingClientRect();
    return box.width > 0 && el.getClientRects().length && (box.right > width + 1 || box.left < -1)
      && !el.closest(".sr-only, .skip-link, #site-nav, .table-scroll");
  });
  return { scroll: document.documentElement.scrollWidth, width,
           wide: wide.slice(0, 5).map((el) => el.outerHTML.slice(0, 120)) };
}"""


def _computer_game(server: str) -> dict[str, Any]:
    body = {"game": "sytran", "opponent": "computer", "name": "", "seat": 0, "level": "random"}
    response = httpx.post(f"{server}/api/games", json=body, timeout=30)
    response.raise_for_status()
    return dict(response.json())


def test_the_home_and_game_pages_in_dutch_and_the_picker(
    server: str, browser: Any, artifacts: Path
) -> None:
    """A Dutch browser's home page (its words, the menu, the picker showing Dutch), the
    client's t/tn/number in Dutch, the game page's shared menu in Dutch, and the picker
    choosing German for the site from then on. (The pages under the pseudo-locale at 390 px:
    test_pseudo_walk_browser.py.)"""
    dutch = browser.new_context(viewport=PHONE, extra_http_headers={"Accept-Language": "nl"})
    page = dutch.new_page()
    page.goto(server + "/")
    page.get_by_role("heading", name="Vijf abstracte spellen, één rustige tafel.").wait_for()
    assert page.evaluate("document.documentElement.lang") == "nl"
    assert page.title() == "shoal — speel vijf abstracte spellen"
    page.locator(".game-card .btn.primary", has_text="Spelen").first.wait_for()
    assert page.locator("#nav-login").inner_text() == "Inloggen"
    page.locator("#menu-button").click()
    assert page.locator("#site-nav").get_by_role("link", name="Nieuw spel").is_visible()
    assert page.locator("#topbar-language").input_value() == "nl"
    page.screenshot(path=str(artifacts / "i18n-home-nl-390.png"), full_page=True)
    # the client's t/tn/number in the page's language; a three-form gettext rule parsed
    said = page.evaluate(
        """async () => {
          const m = await import("/static/i18n.js");
          const slavic = m.pluralRule("(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 &&"
            + " (n%100<10 || n%100>=20) ? 1 : 2)");
          return [m.lang, m.t("Profile ({name})", { name: "Ann" }),
            m.tn("{n} day / move", "{n} days / move", 1),
            m.tn("{n} day / move", "{n} days / move", 14),
            m.number(1234.5), [0, 1, 2, 5, 11, 21, 22, 112].map(slavic), m.t("not a message")];
        }"""
    )
    assert said == [
        "nl", "Profiel (Ann)", "1 dag per zet", "14 dagen per zet", "1.234,5",
        [2, 0, 1, 2, 2, 0, 1, 2], "not a message",
    ]  # fmt: skip
    made = _computer_game(server)
    page.evaluate(
        "([id, token]) => localStorage.setItem(`shoal.token.${id}`, token)",
        [made["id"], made["token"]],
    )
    page.goto(f"{server}/game/{made['id']}")
    page.locator("#board").wait_for()
    assert page.evaluate("document.documentElement.lang") == "nl"
    assert page.locator("#nav-login").inner_text() == "Inloggen"  # the shared menu is Dutch
    page.screenshot(path=str(artifacts / "i18n-game-nl-390.png"))
    # the picker: the site in German from now on, whatever the browser asks
    page.goto(server + "/")
    page.locator("#menu-button").click()
    with page.expect_navigation():
        page.locator("#topbar-language").select_option("de")
    page.get_by_role("heading", name="Fünf abstrakte Spiele, ein ruhiger Tisch.").wait_for()
    assert page.evaluate("document.documentElement.lang") == "de"
    dutch.close()


# The game page's own controls, each the English a translated page must not show (issue 62).
GAME_CONTROLS = {
    "Hint", "Undo", "Resign", "Flip board", "Play again", "Moves", "Share", "Copy", "Record",
    "Replay", "Review", "Analysis board", "Download text", "Position details", "Board in words",
    "Show the board in words", "Play", "Type an action", "Smaller board", "Zoom out", "Zoom in",
    "Board size", "Sound when it is your turn", "Your turn", "No moves yet", "Board",
    "Spectators (watch only)", "Legal actions", "Computer is thinking",
}  # fmt: skip

# The words of the game page's controls and texts: buttons, links, headings, labels, the
# status, and each element's aria-label, title and placeholder (the board's cells, the move
# list and the live log are the game's and the server's words: not here).
GAME_WORDS = """() => {
  const out = new Set();
  for (const el of document.querySelectorAll("#app *")) {
    if (el.closest("svg, #moves, #move-list")) continue;
    for (const name of ["aria-label", "title", "placeholder"]) {
      const value = el.getAttribute(name);
      if (value) out.add(value.trim());
    }
    if (el.matches("button, a, h3, summary, label, #status-main, #status-sub, small, .side-pill")) {
      out.add((el.textContent || "").trim());
    }
  }
  return [...out];
}"""

# The board's own drawing may reach past its frame (clipped there, or scrolled when zoomed).
GAME_OVERFLOW = OVERFLOW.replace(".skip-link, #site-nav", ".skip-link, #site-nav, #board svg")

DUTCH_AND_GERMAN = {
    "nl": {
        "#status-main": "Jij bent aan zet", "#hint": "Tip", "#undo": "Terugnemen",
        "#resign": "Opgeven", "#flip": "Bord draaien", "#board-words-toggle":
        "Toon het bord in woorden", "#features-card summary": "Details van de stelling",
        "#game-status": "Wit 0 stenen: 0 · Zwart 0 stenen: 0 · vrije velden 271 (P = 8) · "
        "deze beurt: 1 tot 5 stenen, zoveel als het nummer van de binnenste gebruikte ring",
    },
    "de": {
        "#status-main": "Du bist am Zug", "#hint": "Tipp", "#undo": "Zurücknehmen",
        "#resign": "Aufgeben", "#flip": "Brett drehen", "#board-words-toggle":
        "Brett in Worten zeigen", "#features-card summary": "Details der Stellung",
        "#game-status": "Weiß 0 Steine: 0 · Schwarz 0 Steine: 0 · freie Felder 271 (P = 8) · "
        "dieser Zug: 1 bis 5 Steine, so viele wie die Nummer des innersten benutzten Rings",
    },
}  # fmt: skip


def _game_page(browser: Any, server: str, **context: Any) -> tuple[Any, Any]:
    """A new game against the computer, open at a phone's width on a page of its own (the
    seat's token put in local storage before the page's first script)."""
    made = _computer_game(server)
    opened = browser.new_context(viewport=PHONE, **context)
    opened.add_init_script(f"localStorage.setItem('shoal.token.{made['id']}', '{made['token']}')")
    page = opened.new_page()
    page.goto(f"{server}/game/{made['id']}")
    page.locator("#board[data-ready='yes']").wait_for()
    return opened, page


def test_game_page_in_dutch_and_german(server: str, browser: Any, artifacts: Path) -> None:
    """The game page in the reader's language: its controls' exact Dutch and German words, no
    English label left, nothing wider than a phone. (Under the pseudo-locale: the walk.)"""
    assert GAME_OVERFLOW != OVERFLOW  # the skip took
    for lang, words in DUTCH_AND_GERMAN.items():
        context, page = _game_page(browser, server, extra_http_headers={"Accept-Language": lang})
        assert page.evaluate("document.documentElement.lang") == lang
        assert page.title() == "Sytran — shoal"  # the game's name: a name
        for selector, text in words.items():
            assert page.locator(selector).inner_text().strip() == text, (lang, selector)
        said = set(page.evaluate(GAME_WORDS))
        assert said & GAME_CONTROLS == set(), (lang, sorted(said & GAME_CONTROLS))
        overflow = page.evaluate(GAME_OVERFLOW)
        assert overflow["scroll"] <= overflow["width"] and overflow["wide"] == [], overflow
        page.screenshot(path=str(artifacts / f"i18n-game-{lang}-390.png"), full_page=True)
        context.close()


# The page's words that the page's own catalogue translates otherwise: an English message
# left on the page (a text, a placeholder, a label, a title) escaped its t().
ENGLISH_LEFT = """() => {
  const messages = JSON.parse(document.getElementById("shoal-i18n").textContent).messages;
  const english = new Set(Object.entries(messages)
    .filter(([id, text]) => typeof text === "string" && text && text !== id).map(([id]) => id));
  const said = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (!node.parentElement?.closest("script, style")) said.push((node.textContent || "").trim());
  }
  for (const el of document.querySelectorAll("[placeholder], [aria-label], [title], optgroup")) {
    for (const name of ["placeholder", "aria-label", "title", "label"]) {
      const value = el.getAttribute(name);
      if (value) said.push(value.trim());
    }
  }
  return said.filter((text) => english.has(text));
}"""

# Each page's controls in Dutch and German: (selector, its exact text).
WORDS = {
    "nl": {
        "lobby": [
            ("#seek-form h2", "Partijverzoek maken"),
            ("label[for=seek-game]", "Spel"),
            ("label[for=seek-time]", "Bedenktijd"),
            ("#seek-colour", "WillekeurigEersteTweede"),
            ("#seek-create", "Verzoek plaatsen"),
            ("#seek-time option:checked", "5 min + 3 s"),
            ("#challenges h2", "Uitdagingen"),
            (".seeks-card h2", "Open partijverzoeken"),
        ],
        "new": [
            ("label[for=game]", "Spel"),
            (
                "#opponent",
                "Computerspeel tegen de AIVriend onlinestuur een uitnodigingslink"
                "Zelfde schermtwee spelers, één apparaat",
            ),
            ("label[for=level]", "Niveau van de computer"),
            ("#level option[value=strong]", "sterk"),
            ("#start", "Start de partij"),
            ("label[for=seed]", "Startwaarde voor willekeurige opstellingen"),
        ],
        "tournaments": [
            ("#tournaments-upcoming h2", "Binnenkort"),
            ("#new-tournament h2", "Een toernooi maken"),
            ("#new-tournament select[name=format]", "EnkelrondigDubbelrondigZwitsers systeemArena"),
            ("#new-tournament label:has([name=max_players]) span", "Maximaal aantal spelers"),
            ("#new-tournament button[type=submit]", "Maken"),
        ],
        "tournament": [
            ("#withdraw", "Terugtrekken"),
            ("#invite", "Uitnodigen"),
            ("#standings h2", "Stand"),
            ("#standings tr:first-child", "#SpelerPuntenBh\u20111BuchholzSBOnderlingZeges"),
            ("#tournament-status", "Begint zodra 4 spelers meedoen (nu 1)."),
            ("#rounds p", "Nog geen indeling."),
        ],
    },
    "de": {
        "lobby": [
            ("#seek-form h2", "Offene Herausforderung erstellen"),
            ("label[for=seek-game]", "Spiel"),
            ("label[for=seek-time]", "Bedenkzeit"),
            ("#seek-colour", "ZufälligErsterZweiter"),
            ("#seek-create", "Herausforderung erstellen"),
            ("#seek-time option:checked", "5 Min. + 3 Sek."),
            ("#challenges h2", "Direkte Herausforderungen"),
            (".seeks-card h2", "Offene Herausforderungen"),
        ],
        "new": [
            ("label[for=game]", "Spiel"),
            (
                "#opponent",
                "Computergegen die KI spielenFreund onlineEinladungslink senden"
                "Gleicher Bildschirmzwei Spieler, ein Gerät",
            ),
            ("label[for=level]", "Computerstärke"),
            ("#level option[value=strong]", "stark"),
            ("#start", "Partie starten"),
            ("label[for=seed]", "Startwert für zufällige Aufstellungen"),
        ],
        "tournaments": [
            ("#tournaments-upcoming h2", "Demnächst"),
            ("#new-tournament h2", "Turnier erstellen"),
            (
                "#new-tournament select[name=format]",
                "RundenturnierDoppelrundenturnierSchweizer SystemArena",
            ),
            ("#new-tournament label:has([name=max_players]) span", "Höchstzahl der Spieler"),
            ("#new-tournament button[type=submit]", "Erstellen"),
        ],
        "tournament": [
            ("#withdraw", "Zurückziehen"),
            ("#invite", "Einladen"),
            ("#standings h2", "Rangliste"),
            ("#standings tr:first-child", "#SpielerPunkteBh\u20111BuchholzSBDir. Vgl.Siege"),
            ("#tournament-status", "Beginnt, sobald 4 Spieler angemeldet sind (bisher 1)."),
            ("#rounds p", "Noch keine Paarungen."),
        ],
    },
}


@pytest.mark.parametrize("language", ["nl", "de"])
def test_lobby_new_game_and_tournament_pages_in_dutch_and_german(
    language: str, server: str, browser: Any, artifacts: Path
) -> None:
    name = f"tour_{language}"
    signed = httpx.post(f"{server}/api/auth/signup", json={"username": name, "password": PASSWORD})
    assert signed.status_code == 201, signed.text
    session = signed.cookies["shoal_session"]
    body = {"name": "Dinsdag", "game": "connect4", "format": "swiss", "rounds": 3}
    body |= {"clock": "3+2", "max_players": 4, "rated": True}
    made = httpx.post(f"{server}/api/tournaments", json=body, cookies={"shoal_session": session})
    assert made.status_code == 201, made.text
    tid = made.json()["id"]
    joined = httpx.post(f"{server}/api/tournaments/{tid}/join", cookies={"shoal_session": session})
    assert joined.status_code == 200, joined.text

    context = browser.new_context(viewport=PHONE, extra_http_headers={"Accept-Language": language})
    context.add_cookies([{"name": "shoal_session", "value": session, "url": server}])
    page = context.new_page()
    ready = {
        "lobby": "#challenge-list p",
        "new": "#options summary",
        "tournaments": f'#tournaments-upcoming li[data-id="{tid}"]',
        "tournament": "#withdraw",
    }
    paths = {"lobby": "/lobby", "new": "/new?game=syrtis", "tournaments": "/tournaments"}
    paths["tournament"] = f"/tournaments/{tid}"
    for key, path in paths.items():
        page.goto(server + path)
        page.locator(ready[key]).wait_for()
        if key == "new":
            page.locator("#new-game details:not(#options) summary").click()  # "More"
        if key == "tournaments":
            page.locator("#new-tournament form").wait_for()
        assert page.evaluate("document.documentElement.lang") == language
        said = {s: page.locator(s).first.text_content() for s, _ in WORDS[language][key]}
        assert said == dict(WORDS[language][key]), key
        assert page.evaluate(ENGLISH_LEFT) == [], key
        overflow = page.evaluate(OVERFLOW)
        assert overflow["scroll"] <= overflow["width"] and overflow["wide"] == [], (key, overflow)
        page.screenshot(path=str(artifacts / f"i18n-{key}-{language}-390.png"), full_page=True)
    assert page.title() == "Dinsdag — shoal"
    context.close()


# A <pre> (a diagram) and a zoomed board scroll sideways in their own box: the page must not.
OWN_SCROLL = OVERFLOW.replace("#site-nav", "#site-nav, pre, #board svg", 1)
assert OWN_SCROLL != OVERFLOW

# The Sytran rules page at a phone's width, per language: its first section, its note, its
# buttons and the folded programmers' material (docs/games/LANG/sytran.md, issue 62).
SYTRAN_RULES = {
    "nl": {
        "title": "Regels van Sytran — shoal",
        "board": "Het bord",
        "note": "Vertaald uit de Engelse regels; die zijn de referentie. "
        "Lees de regels in het Engels",
        "play": "Speel Sytran",
        "learn": "Leer het stap voor stap",
        "folded": "Voor programmeurs: positiestrings, actienummers, observaties",
        "words": ("Hoeveel stenen?", "De ruil.", "binnenste ring"),
    },
    "de": {
        "title": "Regeln von Sytran — shoal",
        "board": "Das Brett",
        "note": "Aus den englischen Regeln übersetzt; maßgeblich sind die englischen. "
        "Die Regeln auf Englisch lesen",
        "play": "Sytran spielen",
        "learn": "Schritt für Schritt lernen",
        "folded": "Für Programmierer: Stellungsstrings, Aktionsnummern, Beobachtungen",
        "words": ("Wie viele Steine?", "Der Tausch.", "innersten Rings"),
    },
}


def test_the_sytran_rules_in_dutch_and_german(server: str, browser: Any, artifacts: Path) -> None:
    """Each reader gets the translated rules with the note that the English is the reference
    and a link to it; the English read by choice links back; another translated game reads in
    the reader's language too; nothing is wider than a phone. (A game not translated yet, read
    in English with a note: test_rules_languages.py's fallback test.)"""
    for language, said in SYTRAN_RULES.items():
        context = browser.new_context(
            viewport=PHONE, extra_http_headers={"Accept-Language": language}
        )
        page = context.new_page()
        page.goto(server + "/rules/sytran")
        page.get_by_role("heading", name=said["board"], exact=True).wait_for()
        assert page.evaluate("document.documentElement.lang") == language
        assert page.title() == said["title"]
        assert page.locator(".rules-note").inner_text() == said["note"]
        assert page.locator("article.prose").get_attribute("lang") == language
        assert page.locator(".rules-hero .btn.primary").inner_text() == said["play"]
        assert page.locator(".rules-hero .btn:not(.primary)").inner_text() == said["learn"]
        assert page.locator("#for-programmers > summary").inner_text() == said["folded"]
        assert not page.locator("#for-programmers").evaluate("d => d.open")
        prose = page.locator("article.prose").inner_text()
        assert all(word in prose for word in said["words"]), said["words"]
        overflow = page.evaluate(OWN_SCROLL)
        assert overflow["scroll"] <= overflow["width"] and overflow["wide"] == [], overflow
        page.screenshot(path=str(artifacts / f"i18n-rules-sytran-{language}-390.png"))
        if language == "nl":  # the English, the reference, and the way back
            page.get_by_role("link", name="Lees de regels in het Engels").click()
            page.get_by_role("heading", name="The board", exact=True).wait_for()
            assert page.locator("article.prose").get_attribute("lang") == "en"
            note = page.locator(".rules-note")
            assert note.inner_text() == (
                "Dit zijn de Engelse regels, de referentie. Lees ze in het Nederlands"
            )
            assert note.get_by_role("link").get_attribute("href") == "/rules/sytran"
        else:  # another translated game (docs/games/de/syrtis.md), folded the same way
            page.goto(server + "/rules/syrtis")
            page.get_by_role("heading", name="Bretter und Optionen", exact=True).wait_for()
            assert page.locator(".rules-note").inner_text() == said["note"]
            assert page.locator("article.prose").get_attribute("lang") == language
            assert not page.locator("#for-programmers").evaluate("d => d.open")
            page.screenshot(path=str(artifacts / f"i18n-rules-syrtis-{language}-390.png"))
        context.close()


def test_a_course_in_dutch_and_the_puzzles_in_german(
    server: str, browser: Any, artifacts: Path
) -> None:
    """The learn page's own words and the course's texts, and the puzzle trainer's words and
    the themes' names, at a phone's width: translated, and nothing wider than the screen."""
    dutch = browser.new_context(viewport=PHONE, extra_http_headers={"Accept-Language": "nl"})
    page = dutch.new_page()
    page.goto(server + "/learn/sytran")
    page.locator('#lesson[data-step="1"]').wait_for()
    page.locator('#board[data-ready="yes"]').wait_for()
    steps = len(httpx.get(f"{server}/api/learn/sytran", timeout=10).json()["steps"])
    assert page.locator("#step-count").inner_text() == f"Stap 1 van {steps}"
    assert page.locator("#status-main").inner_text() == "Jij bent aan zet"
    tools = page.locator("#lesson .tools button").all_inner_texts()
    assert tools == ["Opnieuw", "Laat zien", "Terug", "Volgende stap"], tools
    assert page.locator("#step-task").inner_text().startswith("Je opdracht: Zet één steen ")
    assert page.locator("#step-title").inner_text() == "De ringen"
    overflow = page.evaluate(OWN_SCROLL)
    assert overflow["scroll"] <= overflow["width"] and overflow["wide"] == [], overflow
    page.screenshot(path=str(artifacts / "i18n-learn-sytran-nl-390.png"), full_page=True)
    dutch.close()

    german = browser.new_context(viewport=PHONE, extra_http_headers={"Accept-Language": "de"})
    page = german.new_page()
    page.goto(server + "/puzzles/sytran")
    page.locator('#board[data-ready="yes"]').wait_for()
    assert page.title().startswith("Aufgabe ") and page.title().endswith(" — shoal")
    task = page.locator("#puzzle-task").inner_text()
    assert task in ("Finde den Gewinn für Weiß", "Finde den Gewinn für Schwarz"), task
    assert page.locator("#status-main").inner_text().endswith(" am Zug gewinnt")
    assert page.locator("label[for=puzzle-theme]").inner_text() == "Thema"
    themes = page.locator("#puzzle-theme option").all_inner_texts()
    assert any(name.startswith("Die letzten sieben Steine (") for name in themes), themes
    assert page.locator("#show-solution").inner_text() == "Lösung zeigen"
    assert page.locator("#next-puzzle").inner_text() == "Nächste Aufgabe"
    assert page.locator("#standing dt").all_inner_texts() == [
        "Wertung", "Serie", "Beste Serie", "Gelöst",
    ]  # fmt: skip
    overflow = page.evaluate(OWN_SCROLL)
    assert overflow["scroll"] <= overflow["width"] and overflow["wide"] == [], overflow
    page.screenshot(path=str(artifacts / "i18n-puzzles-sytran-de-390.png"), full_page=True)
    german.close()


# How many of the page's text nodes are a message the page's catalogue translates (the page
# speaks the language), and which English messages it still shows (ENGLISH_LEFT).
SPOKEN = """() => {
  const messages = JSON.parse(document.getElementById("shoal-i18n").textContent).messages;
  const said = new Set(Object.entries(messages).flatMap(([id, text]) =>
    typeof text === "string" && text && text !== id ? [text] : []));
  let spoken = 0;
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (said.has((node.textContent || "").trim())) spoken++;
  }
  return spoken;
}"""


# A rules text keeps notation, options and levels in backticks as the code has them (`beginner`).
PROSE_LEFT = ENGLISH_LEFT.replace('closest("script, style")', 'closest("script, style, code, pre")')
assert PROSE_LEFT != ENGLISH_LEFT


@pytest.mark.parametrize("language", ["fr", "it", "es"])
def test_the_seven_pages_in_french_italian_and_spanish(
    language: str, server: str, browser: Any, artifacts: Path
) -> None:
    """Issue 62's done-when for the other three languages (Dutch and German above): with only
    ``Accept-Language`` set, the home page, a game against the computer, Sytran's rules, a
    course's step, a puzzle, the lobby and a tournament's page each say ``<html lang>``, show
    at least five of their catalogue's translated messages, no English message the catalogue
    translates, and nothing wider than a phone."""
    name = f"sept_{language}"
    signed = httpx.post(f"{server}/api/auth/signup", json={"username": name, "password": PASSWORD})
    assert signed.status_code == 201, signed.text
    body = {"name": "Martedì", "game": "sytran", "format": "swiss", "rounds": 3}
    body |= {"clock": "5+3", "max_players": 4, "rated": True}
    made = httpx.post(f"{server}/api/tournaments", json=body, cookies=signed.cookies)
    assert made.status_code == 201, made.text
    game = _computer_game(server)
    pages = {
        "home": ("/", ".game-card .btn.primary"),
        "game": (f"/game/{game['id']}", "#board[data-ready='yes']"),
        "rules": ("/rules/sytran", "article.prose h2"),
        "learn": ("/learn/sytran", '#board[data-ready="yes"]'),
        "puzzle": ("/puzzles/sytran", '#board[data-ready="yes"]'),
        "lobby": ("/lobby", "#seek-create"),
        "tournament": (f"/tournaments/{made.json()['id']}", "#standings tr"),
    }
    context = browser.new_context(viewport=PHONE, extra_http_headers={"Accept-Language": language})
    context.add_init_script(f"localStorage.setItem('shoal.token.{game['id']}', '{game['token']}')")
    page = context.new_page()
    for key, (path, ready) in pages.items():
        page.goto(server + path)
        page.locator(ready).first.wait_for()
        assert page.evaluate("document.documentElement.lang") == language, key
        assert page.evaluate(SPOKEN) >= 5, key
        assert page.evaluate(PROSE_LEFT if key == "rules" else ENGLISH_LEFT) == [], key
        overflow = page.evaluate(OWN_SCROLL)  # (a board and a diagram scroll in their box)
        assert overflow["scroll"] <= overflow["width"] and overflow["wide"] == [], (key, overflow)
        # the top of a long page (the rules) as a phone shows it first; the others whole
        page.screenshot(
            path=str(artifacts / f"i18n-{key}-{language}-390.png"), full_page=key != "rules"
        )
    context.close()
