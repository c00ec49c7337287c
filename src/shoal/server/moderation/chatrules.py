"""What a chat line may hold (issue 61): a word list per language, and links only from
accounts at least a day old.

Word lists are data: ``words/LANG.txt`` in this package, one entry a line (``#`` starts a
comment), extended by the operator with a folder of their own (``shoal serve --chat-words
DIR``: ``DIR/LANG.txt`` adds entries to ``LANG``, or makes a new language; a line ``!word``
takes a shipped entry out). An entry matches whole words, ignoring case; a trailing ``*``
takes any ending (``idiot*``: idiots, idiotic); each letter may be repeated, the usual
digits stand for letters (``f0o00ol``) and single letters spaced out count as a word
(``f o o l``), so a line cannot slip past by spelling alone.

A line is checked against the lists of the writer's languages (the ``Accept-Language`` of the
request, at most :data:`MAX_LANGUAGES`) and English, the site's own language: a word that is
harmless in one language is not refused to a writer of another.

A link (``https://...``, ``www....``, or a name under a common top-level domain) is refused
from guests and from accounts younger than :data:`LINK_AGE`, the usual door of spam; links to
the site's own address are always allowed.

>>> rules = ChatRules()
>>> rules.bad_word("what a b1tchy move", ["en"])
'bitch*'
>>> rules.bad_word("a bad move", ["en"]) is None
True
>>> has_link("see www.example.com now"), has_link("a move to e4.")
(True, False)
"""

from __future__ import annotations

import datetime
import re
from collections.abc import Iterable, Sequence
from pathlib import Path
from urllib.parse import urlsplit

from ..errors import ApiError

__all__ = [
    "BASE_LANGUAGE",
    "LINK_AGE",
    "MAX_LANGUAGES",
    "WORDS_DIR",
    "ChatRules",
    "has_link",
    "languages_of",
]

WORDS_DIR = Path(__file__).resolve().parent / "words"
"""The shipped word lists, ``LANG.txt``."""

BASE_LANGUAGE = "en"
"""The site's own language: its list applies to every line."""

MAX_LANGUAGES = 4
"""The most languages of ``Accept-Language`` whose lists a line is checked against."""

LINK_AGE = datetime.timedelta(days=1)
"""An account younger than this may not post links."""

_DIGITS = str.maketrans(
    {"0": "o", "1": "i", "3": "e", "4": "a", "5": "s", "7": "t", "@": "a", "$": "s", "!": "i"}
)

_SPACED = re.compile(r"(?<!\w)(?:\w[^\w\n]){2,}\w(?!\w)")
"""Single letters with one mark between each (``f u c k``), read as one word."""

_TLDS = (
    "com|net|org|info|biz|io|gg|ly|me|co|tv|app|dev|xyz|site|online|club|shop|link|live|"
    "ru|cn|de|fr|es|uk|us|eu|nl|it|pl|br|in|top|vip|win|bet|casino"
)
_LINK = re.compile(
    r"(?i)(?:\b[a-z][a-z0-9+.-]*://\S+)"  # any scheme
    r"|(?:\bwww\.\S+)"
    rf"|(?:\b[a-z0-9](?:[a-z0-9-]{{0,62}}[a-z0-9])?(?:\.[a-z0-9-]{{1,63}})*\.(?:{_TLDS})\b(?:/\S*)?)"
)


def has_link(text: str, own_host: str | None = None) -> bool:
    """Whether ``text`` holds a link (one to ``own_host``, the site itself, does not count)."""
    for match in _LINK.finditer(text):
        found = match.group(0)
        host = urlsplit(found if "://" in found else f"//{found}").hostname or ""
        if own_host is None or host.lower() != own_host.lower():
            return True
    return False


def languages_of(accept_language: str | None) -> list[str]:
    """The primary language tags of an ``Accept-Language`` header, best first (at most
    :data:`MAX_LANGUAGES`), with :data:`BASE_LANGUAGE` always in.

    >>> languages_of("fr-CH, fr;q=0.9, de;q=0.7, *;q=0.5")
    ['fr', 'de', 'en']
    """
    out: list[str] = []
    for part in (accept_language or "").split(","):
        tag = part.split(";")[0].strip().lower().split("-")[0]
        if re.fullmatch(r"[a-z]{2,3}", tag) and tag not in out and len(out) < MAX_LANGUAGES:
            out.append(tag)
    if BASE_LANGUAGE not in out:
        out.append(BASE_LANGUAGE)
    return out


def _entries(path: Path) -> list[str]:
    lines = path.read_text(encoding="utf-8").splitlines()
    return [line.strip() for line in lines if line.strip() and not line.lstrip().startswith("#")]


def _pattern(entry: str) -> re.Pattern[str]:
    """An entry as a regular expression on normalized text: whole words, letters repeated."""
    stem = entry.rstrip("*").lower().translate(_DIGITS)
    parts = []
    for char in stem:
        if char.isspace():
            parts.append(r"\W+")
        else:
            parts.append(f"{re.escape(char)}+")
    ending = r"\w*" if entry.endswith("*") else ""
    return re.compile(rf"(?<!\w){''.join(parts)}{ending}(?!\w)")


class ChatRules:
    """The word lists (shipped, and the operator's ``extra`` folder) and the link rule."""

    def __init__(self, extra: Path | None = None, own_host: str | None = None) -> None:
        entries: dict[str, list[str]] = {}
        for path in sorted(WORDS_DIR.glob("*.txt")):
            entries[path.stem] = _entries(path)
        if extra is not None:
            if not extra.is_dir():
                raise ValueError(f"the chat word lists {str(extra)!r} are not a folder")
            for path in sorted(extra.glob("*.txt")):
                mine = entries.setdefault(path.stem, [])
                for entry in _entries(path):
                    if entry.startswith("!"):
                        mine[:] = [e for e in mine if e != entry[1:].strip()]
                    elif entry not in mine:
                        mine.append(entry)
        self.entries = entries
        """The entries of each language's list, as read."""
        self.own_host = own_host
        self._patterns = {
            lang: [(entry, _pattern(entry)) for entry in words] for lang, words in entries.items()
        }

    @property
    def languages(self) -> list[str]:
        """The languages that have a list."""
        return sorted(self._patterns)

    def bad_word(self, text: str, languages: Iterable[str]) -> str | None:
        """The first entry of the lists of ``languages`` that ``text`` holds, or None (also
        spelled letter by letter: ``f u c k``, ``f.u.c.k``)."""
        normal = text.lower().translate(_DIGITS)
        joined = _SPACED.sub(lambda m: "".join(c for c in m.group(0) if c.isalnum()), normal)
        for lang in dict.fromkeys(languages):
            for entry, pattern in self._patterns.get(lang, ()):
                if pattern.search(normal) or pattern.search(joined):
                    return entry
        return None

    def check(
        self,
        text: str,
        *,
        languages: Sequence[str],
        created: datetime.datetime | None,
        now: datetime.datetime,
    ) -> None:
        """422 in words when ``text`` holds a listed word, or a link from a guest
        (``created`` None) or an account made less than :data:`LINK_AGE` before ``now``."""
        if self.bad_word(text, languages) is not None:
            raise ApiError(422, "this message holds a word the site does not allow in chat")
        if has_link(text, self.own_host) and (created is None or now - created < LINK_AGE):
            if created is None:
                raise ApiError(422, "links are not allowed from guests: write without the link")
            raise ApiError(
                422,
                "links are not allowed from accounts younger than a day: write without the link",
            )
