"""The catalogues: ``shoal/locale/LANG/LC_MESSAGES/messages.po``, read as they are.

The ``.po`` files are the one source (GNU gettext, managed with Babel: ``shoal i18n``); the
server reads them directly (no compiled ``.mo`` is needed to run), once per process and
language. :func:`catalogue` gives a language's :class:`Catalogue`: ``gettext``/``ngettext``
for the server's own words, and :meth:`Catalogue.client` for the web client (the messages
found in its JavaScript, as the JSON each page carries). The pseudo-locale's catalogue is
made from the template (``messages.pot``) with :func:`~shoal.i18n.pseudo.pseudo`.
"""

from __future__ import annotations

import functools
import gettext
import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from babel.messages.catalog import Catalog, Message
from babel.messages.plurals import get_plural
from babel.messages.pofile import read_po

from .languages import LANGUAGES, PSEUDO, SOURCE
from .pseudo import pseudo

__all__ = [
    "LOCALE_DIR",
    "TEMPLATE",
    "Catalogue",
    "catalogue",
    "message_ids",
    "message_strings",
    "po_path",
    "read",
]

LOCALE_DIR = Path(__file__).resolve().parent.parent / "locale"
"""The catalogues' folder: ``messages.pot`` (the template) and ``LANG/LC_MESSAGES/messages.po``."""

TEMPLATE = LOCALE_DIR / "messages.pot"
"""The template: every message of the code, extracted by ``shoal i18n extract``."""

CLIENT_SUFFIXES = (".js",)
"""A message goes to the web client when one of its places is a file with these endings."""

GAME_PLACES = ("src/shoal/games/", "src/shoal/core/")
"""Where the games' Python says its words (the offline page runs it in the browser)."""


def po_path(language: str, folder: Path = LOCALE_DIR) -> Path:
    """The ``.po`` file of ``language`` (in the catalogues' ``folder``)."""
    return folder / language / "LC_MESSAGES" / "messages.po"


def read(path: Path, locale: str | None = None) -> Catalog:
    """The Babel catalogue of the ``.po`` or ``.pot`` file at ``path``."""
    with path.open("rb") as handle:
        return read_po(handle, locale=locale)


@dataclass(frozen=True)
class Catalogue:
    """One language's messages: ``msgid`` -> its text, or its plural forms (a tuple) keyed by
    the singular. A message missing here reads as the English source."""

    language: str
    plural_forms: str = "(n != 1)"
    messages: dict[str, str | tuple[str, ...]] = field(default_factory=dict)
    client_ids: frozenset[str] = frozenset()
    game_ids: frozenset[str] = frozenset()
    _plural: Callable[[int], int] = field(default=lambda n: int(n != 1), repr=False)

    def gettext(self, message: str) -> str:
        """``message`` in this language (the English when not translated)."""
        found = self.messages.get(message)
        return found if isinstance(found, str) and found else message

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        """The form of ``singular``/``plural`` for ``n`` in this language."""
        found = self.messages.get(singular)
        if isinstance(found, tuple):
            index = self._plural(n)
            if 0 <= index < len(found) and found[index]:
                return found[index]
        return singular if n == 1 else plural

    def client(self, *, games: bool = False) -> str:
        """The JSON the web page carries: ``{lang, plural, languages, messages}`` (the
        messages of the client only, and with ``games`` the games' own, for the offline page
        whose games run in the browser; the languages the picker offers), safe inside a
        ``<script>`` element."""
        wanted = self.client_ids | self.game_ids if games else self.client_ids
        messages = {k: v for k, v in self.messages.items() if k in wanted}
        text = json.dumps(
            {
                "lang": self.language,
                "plural": self.plural_forms,
                "languages": list(LANGUAGES.items()),
                "messages": messages,
            },
            ensure_ascii=False,
            sort_keys=True,
            separators=(",", ":"),
        )
        return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


def message_ids(message: Message) -> tuple[str, ...]:
    """A message's ``msgid`` (and ``msgid_plural``), as a tuple."""
    return (message.id,) if isinstance(message.id, str) else tuple(message.id)


def message_strings(message: Message) -> tuple[str, ...]:
    """A message's translation (each plural form), as a tuple (``""``: not translated)."""
    if isinstance(message.string, str):
        return (message.string,)
    return tuple(message.string or ("",))


def _for_client(locations: Sequence[tuple[str, int | None]]) -> bool:
    return any(str(path).endswith(CLIENT_SUFFIXES) for path, _ in locations)


def _of_games(locations: Sequence[tuple[str, int | None]]) -> bool:
    """A message of the games' Python (what the offline page's games say in the browser)."""
    return any(
        str(path).startswith(GAME_PLACES) and str(path).endswith(".py") for path, _ in locations
    )


def _plural_of(language: str) -> tuple[str, Callable[[int], int]]:
    expression = get_plural(language.split("-")[0]).plural_expr
    return expression, gettext.c2py(expression)


@functools.cache
def catalogue(language: str) -> Catalogue:
    """The catalogue of ``language`` (English: empty; the pseudo-locale: made from the
    template), read once per process."""
    if language == SOURCE or (language not in LANGUAGES and language != PSEUDO):
        return Catalogue(SOURCE)
    messages: dict[str, str | tuple[str, ...]] = {}
    client: set[str] = set()
    of_games: set[str] = set()
    source = TEMPLATE if language == PSEUDO else po_path(language)
    if not source.is_file():
        return Catalogue(language)
    for message in read(source):
        ids = message_ids(message)
        if not ids[0]:
            continue
        if language == PSEUDO:
            made = tuple(pseudo(part) for part in ids)
            text: str | tuple[str, ...] = made if len(ids) > 1 else made[0]
        elif message.fuzzy:
            continue
        else:
            strings = message_strings(message)
            text = strings if len(ids) > 1 else strings[0]
        messages[ids[0]] = text
        if _for_client(message.locations):
            client.add(ids[0])
        if _of_games(message.locations):
            of_games.add(ids[0])
    expression, function = _plural_of("en" if language == PSEUDO else language)
    return Catalogue(
        language, expression, messages, frozenset(client), frozenset(of_games), function
    )
