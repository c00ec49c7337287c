"""The terminal in the player's language (issue 62): ``shoal play``, ``learn`` and ``puzzles``
say their own words (prompts, help, the players, the result, messages) in the language of
``--language`` or of the environment (as gettext reads it), the command words and the
notation as they are. English is what it was: the other tests of the terminal read it."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from shoal import games
from shoal.cli.tui import CommandLoop, PlainUI, Session, environment_language
from shoal.cli.tui.words import TERMINAL_LANGUAGES, catalogue, yes
from shoal.i18n import LANGUAGES, PSEUDO

from .inproc import shoal


def _played(language: str, lines: list[str], game_id: str = "connect4") -> str:
    """What the plain terminal printed (its prompts too) for ``lines`` typed in a game against
    the computer."""
    said = iter(lines)
    out = io.StringIO()

    def ask(prompt: str) -> str:
        out.write(prompt)
        line = next(said, None)
        if line is None:
            raise EOFError
        return line

    ui = PlainUI(input_fn=ask, output=out, language=language)
    session = Session(games.get(game_id), levels=(None, "random"), language=language)
    assert CommandLoop(session, ui).run() == 0
    return out.getvalue()


def test_a_game_in_dutch_says_the_terminal_s_words_in_dutch() -> None:
    text = _played("nl", ["d", "help", "?", "zz", "undo", "d", "quit", "n"])
    for words in (
        "jij (x) tegen computer (willekeurig) (o)",  # the players, the level in Dutch
        "x (plaats 0, jij) aan zet",
        "computer (willekeurig) (o) denkt na...",
        "Typ een actie in de notatie van het spel, of een hele beurt, en dan Enter.",
        "  undo       neem je laatste beurt terug (en het antwoord van de computer)",
        "7 toegestane acties: a, b, c, d, e, f, g",
        "Fout: 'zz': ",  # the game's own message stays the game's (another branch)
        "(? toont de toegestane acties, help de commando's)",
        "2 beurten teruggenomen",
        "Zetten: 1. x d",
        "De partij bewaren voor je stopt? j/N> ",
    ):
        assert words in text, (words, text)
    assert "to play" not in text and "legal actions" not in text and "Moves:" not in text


def test_the_end_of_a_game_in_german_and_a_yes_in_its_own_word(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)  # the record is saved here
    text = _played("de", ["d", "resign", "x", "j", "", ""])  # "j" saves, Enter: its name
    assert "Partie beendet. x gibt auf: o (Platz 1, Computer (zufällig)) gewinnt" in text
    assert "Partie speichern (j), zurücknehmen (undo) oder Enter zum Beenden> " in text
    assert "'x': Die Partie ist vorbei; antworte j, save DATEI, undo oder Enter" in text
    assert "Dateiname [connect4-" in text and "gespeichert" in text
    assert len(list(tmp_path.glob("connect4-*.txt"))) == 1


def test_english_is_the_source() -> None:
    text = _played("en", ["d", "undo", "d", "quit", "n"])
    assert "you (x) vs random computer (o)" in text and "x (seat 0, you) to play" in text
    assert "took back 2 turns" in text and "Save the game before leaving? y/N> " in text


@pytest.mark.parametrize("language", ["nl", "de", "fr", "it", "es"])
def test_yes_is_y_and_the_language_s_own_word(language: str) -> None:
    own = catalogue(language).gettext("yes")
    assert yes(catalogue(language), "y") and yes(catalogue(language), own)
    assert yes(catalogue(language), own[:1].upper())
    assert not yes(catalogue(language), "n") and not yes(catalogue("en"), own[:1])


def test_the_language_of_the_environment_as_gettext_reads_it() -> None:
    assert environment_language({}) == "en"
    assert environment_language({"LANG": "nl_BE.UTF-8"}) == "nl"
    assert environment_language({"LANGUAGE": "sv:it", "LANG": "de_DE.UTF-8"}) == "it"
    assert environment_language({"LANGUAGE": "sv", "LC_ALL": "fr_FR.UTF-8"}) == "en"  # gettext
    assert environment_language({"LC_ALL": "", "LC_MESSAGES": "es_ES@euro"}) == "es"
    assert environment_language({"LC_ALL": "POSIX", "LANG": "de_DE.UTF-8"}) == "en"
    assert environment_language({"LANGUAGE": "en_XA"}) == PSEUDO
    assert set(TERMINAL_LANGUAGES) == {*LANGUAGES, PSEUDO}


def test_play_takes_the_language_from_its_option_or_the_environment() -> None:
    chosen = shoal("play", "connect4", "--plain", "--language", "fr", stdin="quit\n")
    assert chosen.returncode == 0, chosen.stderr
    assert "À x (place 0, toi) de jouer" in chosen.stdout
    environ = {"LANGUAGE": None, "LC_ALL": "it_IT.UTF-8"}
    found = shoal("play", "connect4", "--plain", stdin="quit\n", env=environ)
    assert "Tocca a x (posto 0, tu)" in found.stdout, found.stdout
    bad = shoal("play", "connect4", "--language", "sv")
    assert bad.returncode == 2 and "--language" in bad.stderr


def test_a_course_and_the_puzzles_in_the_terminal_in_other_languages() -> None:
    course = games.get("sytran").course()
    assert course is not None
    learned = shoal("learn", "sytran", "--plain", "--language", "fr", stdin="quit\n")
    assert learned.returncode == 0, learned.stderr
    assert f"Étape 1 sur {len(course.steps)} : " in learned.stdout
    french = catalogue("fr").gettext
    assert french(course.title) != course.title and french(course.title) in learned.stdout
    assert french(course.steps[0].text) in learned.stdout  # the course's own texts too
    assert "Pour reprendre plus tard : shoal learn sytran --step 1" in learned.stdout
    listed = shoal("learn", "--language", "nl")
    assert f"sytran   Sytran leren: {len(course.steps)} stappen" in listed.stdout
    solved = shoal("puzzles", "sytran", "--plain", "--language", "es", stdin="quit\n")
    assert solved.returncode == 0, solved.stderr
    assert "Problemas de Sytran: " in solved.stdout and "de 0 resueltos" in solved.stdout
    puzzles = shoal("puzzles", env={"LANGUAGE": "de"})
    assert "Löse sie mit: shoal puzzles GAME" in puzzles.stdout


def test_the_help_of_play_learn_and_puzzles_in_the_terminal_s_language() -> None:
    german = shoal("play", "--help", env={"LANGUAGE": "de"})
    assert german.returncode == 0
    assert german.stdout.startswith("Aufruf: shoal play ")
    assert "Spiel im Terminal gegen den Computer (--vs LEVEL)" in german.stdout
    assert "diese Hilfe anzeigen und beenden" in german.stdout and "Optionen:" in german.stdout
    learn = shoal("learn", "--language=it", "--help")
    assert "Segui il corso di un gioco" in learn.stdout and "opzioni:" in learn.stdout
    puzzles = shoal("puzzles", "cyclix", "-h", env={"LANGUAGE": None, "LANG": "es_ES.UTF-8"})
    assert "Encuentra la acción ganadora" in puzzles.stdout
    english = shoal("play", "--help")
    assert english.stdout.startswith("usage: shoal play ")
    assert "show this help message and exit" in english.stdout
    assert "Play a game in the terminal against the computer (--vs LEVEL)" in english.stdout
    other = shoal("arena", "--help", env={"LANGUAGE": "de"})  # not a player's command
    assert other.stdout.startswith("usage: shoal arena ")
    pseudo = shoal("play", "--seat", "3", "--language", "en-XA")  # its % names kept: English
    assert pseudo.returncode == 2 and "invalid choice: 3" in pseudo.stderr


def test_the_refusals_of_play_learn_and_puzzles_in_the_terminal_s_language() -> None:
    seat = shoal("play", "--seat", "3", env={"LANGUAGE": "fr"})
    assert seat.returncode == 2
    assert "shoal play : erreur : argument --seat : choix invalide : 3" in seat.stderr
    level = shoal("play", "syrtis", "--vs", "foo", "--language", "it")
    assert level.returncode == 2 and "livello sconosciuto 'foo' (livelli: " in level.stderr
    game = shoal("play", "nope", "--language", "es")
    assert "juego desconocido 'nope' (juegos: syrtis" in game.stderr
    step = shoal("learn", "syrtis", "--step", "99", "--language", "de")
    assert "--step muss zwischen 1 und " in step.stderr
    theme = shoal("puzzles", "cyclix", "--theme", "zzz", "--language", "nl")
    assert "Cyclix: geen puzzels met het thema 'zzz'; de thema's zijn: " in theme.stderr
    english = shoal("play", "syrtis", "--vs", "foo")
    assert "unknown level 'foo' (levels: random, " in english.stderr


def test_a_bad_game_option_is_refused_in_the_terminal_s_language() -> None:
    german = shoal("play", "sytran", "base=7", env={"LANGUAGE": "de"})
    assert german.returncode == 2
    assert "shoal: Option base: 7 ist keiner der Werte 6, 8, 10" in german.stderr
    french = shoal("play", "sytran", "nope=1", "--language", "fr")
    assert "option inconnue 'nope' (options : base, " in french.stderr
    english = shoal("play", "sytran", "base=7")
    assert "shoal: option base: 7 is not one of 6, 8, 10" in english.stderr
    other = shoal("arena", "sytran", "random", "random", "base=7", env={"LANGUAGE": "de"})
    assert "option base: 7 is not one of 6, 8, 10" in other.stderr  # not a player's command
