"""The terminal's words in the player's language (issue 62, docs/translating.md).

Each part of the terminal UI takes a ``language`` and says its words through that language's
catalogue (:func:`shoal.i18n.catalogue`: ``gettext``, ``ngettext``), as the server does. The
language is ``--language``, else the environment's, read as gettext reads it
(:func:`environment_language`), else English. What the player types stays as it is in every
language: the command words (``hint``, ``undo``, ``save FILE``...) and the games' notation.

>>> environment_language({"LANGUAGE": "", "LC_ALL": "de_DE.UTF-8", "LANG": "fr_FR.UTF-8"})
'de'
>>> environment_language({"LANG": "C.UTF-8"})
'en'
>>> words = catalogue("nl")
>>> side_word(words, "white"), level_word(words, "club"), side_word(words, "x")
('wit', 'club', 'x')
"""

from __future__ import annotations

import argparse
import contextlib
import os
import re
from collections.abc import Iterator, Mapping, Sequence
from contextvars import ContextVar

from shoal import games
from shoal.core import ShoalError, UnknownGameError
from shoal.i18n import LANGUAGES, N_, PSEUDO, SOURCE, Catalogue, catalogue, known

__all__ = [
    "TERMINAL_COMMANDS",
    "TERMINAL_LANGUAGES",
    "Catalogue",
    "add_language_argument",
    "argv_language",
    "catalogue",
    "chosen_language",
    "environment_language",
    "help_language",
    "help_words",
    "known_game",
    "level_word",
    "refusal",
    "side_word",
    "yes",
]

TERMINAL_LANGUAGES: tuple[str, ...] = (*LANGUAGES, PSEUDO)
"""What ``--language`` takes: every language shoal speaks, and the pseudo-locale."""

ENVIRONMENT = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")
"""The variables gettext reads, in its order: the first one set decides."""


def environment_language(environ: Mapping[str, str] | None = None) -> str:
    """The language the environment asks for, as gettext reads it: the first of
    :data:`ENVIRONMENT` that is set (``LANGUAGE`` may list several, ``nl:de``); of its
    languages the first shoal speaks (``de_AT.UTF-8`` counts as ``de``); English when none is
    spoken, or at the ``C`` (``POSIX``) locale."""
    environ = os.environ if environ is None else environ
    for name in ENVIRONMENT:
        value = environ.get(name, "")
        if not value:
            continue
        for entry in value.split(":"):
            tag = entry.split(".")[0].split("@")[0].replace("_", "-")
            if tag in ("C", "POSIX"):
                return SOURCE
            found = known(tag) or known(tag.split("-")[0])
            if found is not None:
                return found
        return SOURCE
    return SOURCE


TERMINAL_COMMANDS = ("play", "learn", "puzzles")
"""The commands that speak to players: their ``--help`` and argparse's refusals are said in
the terminal's language (:func:`argv_language`)."""

ARGPARSE_WORDS = (
    N_("usage: "),
    N_("positional arguments"),
    N_("options"),
    N_("show this help message and exit"),
    N_("%(prog)s: error: %(message)s\n"),
    N_("argument %(argument_name)s: %(message)s"),
    N_("the following arguments are required: %s"),
    N_("unrecognized arguments: %s"),
    N_("invalid choice: %(value)r (choose from %(choices)s)"),
    N_("invalid %(type)s value: %(value)r"),
    N_("expected one argument"),
    N_("ambiguous option: %(option)s could match %(matches)s"),
    N_("unknown parser %(parser_name)r (choices: %(choices)s)"),
)
"""argparse's own words that a player of :data:`TERMINAL_COMMANDS` meets (the messages of the
stdlib's ``argparse``, which asks ``gettext`` for them: :func:`help_language` hands it the
terminal's catalogue instead while the parser is built and reads the command line)."""

_PERCENT = re.compile(r"%(?:\([^)]*\))?[sdr]")
"""A ``%`` placeholder of argparse's words (``%s``, ``%(prog)s``, ``%(value)r``)."""

_HELP: ContextVar[str] = ContextVar("help_language", default=SOURCE)


def argv_language(argv: Sequence[str], environ: Mapping[str, str] | None = None) -> str:
    """The language of a command line before it is parsed: English but for
    :data:`TERMINAL_COMMANDS`, whose language is their ``--language`` (``--language de``,
    ``--language=de``), else the environment's.

    >>> argv_language(["play", "--language", "fr", "-h"]), argv_language(["learn", "--language=it"])
    ('fr', 'it')
    >>> argv_language(["learn"], {"LANG": "nl_NL.UTF-8"}), argv_language(["arena"], {"LANG": "de"})
    ('nl', 'en')
    """
    words = [word for word in argv if not word.startswith("-")]
    if not words or words[0] not in TERMINAL_COMMANDS:
        return SOURCE
    for i, word in enumerate(argv):
        value = None
        if word == "--language" and i + 1 < len(argv):
            value = argv[i + 1]
        elif word.startswith("--language="):
            value = word.partition("=")[2]
        if value in TERMINAL_LANGUAGES:
            return value
    return environment_language(environ)


def help_words() -> Catalogue:
    """The catalogue of the help being built (:func:`help_language`; English outside it)."""
    return catalogue(_HELP.get())


@contextlib.contextmanager
def help_language(language: str) -> Iterator[None]:
    """Within: the commands' help is written in ``language`` (:func:`help_words`), and
    argparse says its own words (:data:`ARGPARSE_WORDS`) in it."""
    token = _HELP.set(language)
    saved = argparse._, argparse.ngettext  # type: ignore[attr-defined]
    if language != SOURCE:
        words = catalogue(language)

        def gettext(message: str) -> str:  # argparse fills its words with ``%``: a translation
            said = words.gettext(message)  # that changes their names (the pseudo-locale's) is
            fits = _PERCENT.findall(said) == _PERCENT.findall(message)  # not used
            return said if fits else message

        def ngettext(singular: str, plural: str, n: int) -> str:
            said = words.ngettext(singular, plural, n)
            fits = _PERCENT.findall(said) == _PERCENT.findall(singular if n == 1 else plural)
            return said if fits else (singular if n == 1 else plural)

        argparse._, argparse.ngettext = gettext, ngettext  # type: ignore[attr-defined]
    try:
        yield
    finally:
        argparse._, argparse.ngettext = saved  # type: ignore[attr-defined]
        _HELP.reset(token)


def add_language_argument(parser: argparse.ArgumentParser) -> None:
    """``--language LANG``: the terminal's words in that language (default: the environment's,
    :func:`environment_language`)."""
    words = help_words()
    parser.add_argument(
        "--language",
        choices=TERMINAL_LANGUAGES,
        default=None,
        help=words.gettext(
            "the terminal's words in this language (default: from LANGUAGE, LC_ALL, "
            "LC_MESSAGES or LANG, else English; {pseudo} is the pseudo-locale)"
        ).format(pseudo=PSEUDO),
    )


def chosen_language(args: argparse.Namespace) -> str:
    """The language of a parsed command line: ``--language``, else the environment's."""
    language = getattr(args, "language", None)
    return str(language) if language else environment_language()


def known_game(words: Catalogue, game_id: str) -> str:
    """``game_id`` when the registry knows it; else the refusal in the terminal's language.

    >>> known_game(catalogue("de"), "syrtis")
    'syrtis'
    """
    known = games.REGISTRY.ids(all=True)
    if game_id in known:
        return game_id
    raise UnknownGameError(
        words.gettext("unknown game {game} (games: {games})").format(
            game=repr(game_id), games=", ".join(known)
        )
    )


def refusal(error: ShoalError, args: argparse.Namespace) -> str:
    """The words of ``error``: in the terminal's language for a command that speaks to players
    (one with ``--language``) when the error keeps its template (:meth:`ShoalError.of`: a bad
    game option), else as it was raised.

    >>> from shoal.core import InvalidOptionError
    >>> error = InvalidOptionError.of("option {name} is given twice", name="seed")
    >>> refusal(error, argparse.Namespace(language="de")), refusal(error, argparse.Namespace())
    ('Option seed ist doppelt angegeben', 'option seed is given twice')
    """
    if error.template is None or not hasattr(args, "language"):
        return str(error)
    said = catalogue(chosen_language(args)).gettext(error.template)
    try:
        return said.format(**(error.values or {}))
    except (KeyError, IndexError, ValueError):  # a translation that does not fit: the English
        return str(error)


def side_word(words: Catalogue, side: str) -> str:
    """A side's name in the language (the games' own names, ``x`` and ``o``, as they are): the
    same words as the game page's (``sideWord`` in game-panel.js)."""
    said = {
        "white": words.gettext("white"),
        "black": words.gettext("black"),
        "light": words.gettext("light"),
        "dark": words.gettext("dark"),
        "first": words.gettext("first"),
        "second": words.gettext("second"),
        "setup": words.gettext("setup"),
        "chooser": words.gettext("chooser"),
    }
    return said.get(side, side)


def level_word(words: Catalogue, level: str) -> str:
    """A computer level's name in the language (an unknown level as it is), as the new-game
    page names it."""
    said = {
        "random": words.gettext("random"),
        "beginner": words.gettext("beginner"),
        "casual": words.gettext("casual"),
        "club": words.gettext("club"),
        "strong": words.gettext("strong"),
        "max": words.gettext("max"),
    }
    return said.get(level, level)


def yes(words: Catalogue, answer: str) -> bool:
    """True when ``answer`` says yes: ``y``, ``yes`` or ``save`` in every language, and the
    language's own word for yes or its first letter (``j``, ``ja``; ``o``, ``oui``)."""
    word = answer.strip().lower()
    own = words.gettext("yes").lower()
    return word in ("y", "yes", "save") or word in (own, own[:1])
