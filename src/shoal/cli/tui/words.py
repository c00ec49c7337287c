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
import os
from collections.abc import Mapping

from shoal.i18n import LANGUAGES, PSEUDO, SOURCE, Catalogue, catalogue, known

__all__ = [
    "TERMINAL_LANGUAGES",
    "Catalogue",
    "add_language_argument",
    "catalogue",
    "chosen_language",
    "environment_language",
    "level_word",
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


def add_language_argument(parser: argparse.ArgumentParser) -> None:
    """``--language LANG``: the terminal's words in that language (default: the environment's,
    :func:`environment_language`)."""
    parser.add_argument(
        "--language",
        choices=TERMINAL_LANGUAGES,
        default=None,
        help="the terminal's words in this language (default: from LANGUAGE, LC_ALL, "
        f"LC_MESSAGES or LANG, else English; {PSEUDO} is the pseudo-locale)",
    )


def chosen_language(args: argparse.Namespace) -> str:
    """The language of a parsed command line: ``--language``, else the environment's."""
    language = getattr(args, "language", None)
    return str(language) if language else environment_language()


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
