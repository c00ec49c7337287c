"""A game's words in its reader's language: the :class:`Translator` a caller passes.

What a game writes for people (its status line, its ending sentence, the board in words, an
action's label and news, a hint's reason) is built from English message templates with named
placeholders, each looked up through a translator the caller passes and filled after::

    tr.gettext("{side} to move").format(side=...)
    tr.ngettext("{n} stone", "{n} stones", n).format(n=n)

The game's hooks take it as the keyword ``tr`` and default to :data:`ENGLISH`, which gives
the template back as it is: the terminal, records, the engine and every existing caller get
the English they always got. The server passes a language's catalogue
(``shoal.i18n.catalogue(language)``: it has ``gettext`` and ``ngettext``); the core and the
games import nothing of it. The calls are written ``tr.gettext("...")`` and
``tr.ngettext("...", "...", n)`` with literal strings, so that ``shoal i18n extract`` finds
the templates in the games' modules as it finds the server's own messages
(docs/translating.md).

Notation, position strings, records, an outcome's short ``reason`` and the engine protocol
stay English: they are the game's language-neutral words, not a reader's.

>>> ENGLISH.gettext("{side} to move").format(side="White")
'White to move'
>>> [ENGLISH.ngettext("{n} stone", "{n} stones", n).format(n=n) for n in (1, 2)]
['1 stone', '2 stones']
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

__all__ = ["ENGLISH", "English", "Translator", "board_words"]


class Translator(Protocol):
    """Looks up a message template in a language (the English when it has none)."""

    def gettext(self, message: str) -> str:
        """``message`` in the language."""
        ...

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        """The form of ``singular``/``plural`` for the count ``n`` in the language."""
        ...


class English:
    """The source language: every template as it is written."""

    language = "en"

    def gettext(self, message: str) -> str:
        return message

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return singular if n == 1 else plural


ENGLISH: Translator = English()
"""The default of every game hook's ``tr``: English, the templates as they are."""


def board_words(svg: str, words: Sequence[tuple[str, str]]) -> str:
    """The board ``svg`` with the words drawn on it in the reader's language
    (``Game.svg_words``: each piece of the SVG as drawn in English, and in
    the reader's words): the first occurrence of each piece replaced, written in ASCII as the
    board is (any other character as a reference). ``svg`` itself when nothing changes.

    >>> board_words('<svg><text>rings</text></svg>', [(">rings<", ">Ringe<")])
    '<svg><text>Ringe</text></svg>'
    >>> board_words('<svg><text>rings</text></svg>', [(">rings<", ">anneaux é<")])
    '<svg><text>anneaux &#233;</text></svg>'
    """
    for drawn, said in words:
        if said == drawn:
            continue
        at = svg.find(drawn)  # once: a find stops there, a replace reads the whole board
        if at >= 0:
            text = said.encode("ascii", "xmlcharrefreplace").decode()
            svg = f"{svg[:at]}{text}{svg[at + len(drawn) :]}"
    return svg
