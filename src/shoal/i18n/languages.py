"""The languages shoal speaks, and the one rule that chooses a reader's language.

:data:`LANGUAGES` names each by its code and in its own words (what the picker shows).
English is the source: its text is the msgid, its catalogue empty. :data:`PSEUDO` is the
pseudo-locale (accented, about 40% longer), made from the template for testing layouts; it is
chosen only by name (the cookie or ``Accept-Language: en-XA``), never offered in the picker.
"""

from __future__ import annotations

import re

__all__ = ["LANGUAGES", "PSEUDO", "SOURCE", "accepted", "choose", "known"]

SOURCE = "en"
"""The source language: its text is written in the code."""

PSEUDO = "en-XA"
"""The pseudo-locale's tag (the convention of Android and Chrome for an accented English)."""

LANGUAGES: dict[str, str] = {
    "en": "English",
    "nl": "Nederlands",
    "de": "Deutsch",
    "fr": "Français",
    "it": "Italiano",
    "es": "Español",
}
"""Every language a reader can choose, by code, named in its own words (in the picker's order)."""

_TAG = re.compile(r"[A-Za-z]{1,8}(?:-[A-Za-z0-9]{1,8})*|\*")


def known(code: str | None) -> str | None:
    """``code`` as shoal spells it when shoal speaks it (``"NL"`` -> ``"nl"``, ``"en-xa"`` ->
    :data:`PSEUDO`), else None: an unknown or malformed value is ignored, never an error."""
    if not code or len(code) > 35:
        return None
    code = code.strip()
    if code.lower() == PSEUDO.lower():
        return PSEUDO
    code = code.lower()
    return code if code in LANGUAGES else None


def accepted(header: str | None) -> str | None:
    """The reader's best language of an ``Accept-Language`` header that shoal speaks (its
    ranges by quality, ``nl-BE`` counting as ``nl``), or None."""
    if not header or len(header) > 1000:
        return None
    ranked: list[tuple[float, int, str]] = []
    for index, part in enumerate(header.split(",")):
        tag, _, params = part.strip().partition(";")
        tag = tag.strip()
        if not _TAG.fullmatch(tag) or tag == "*":
            continue
        quality = 1.0
        match = re.fullmatch(r"\s*q\s*=\s*([01](?:\.\d{0,3})?)\s*", params) if params else None
        if params and match is None:
            continue  # a malformed quality: the range does not count
        if match is not None:
            quality = float(match.group(1))
        if quality > 0:
            ranked.append((-quality, index, tag))
    for _, _, tag in sorted(ranked):
        found = known(tag) or known(tag.split("-")[0])
        if found is not None:
            return found
    return None


def choose(account: str | None, cookie: str | None, accept_language: str | None) -> str:
    """The reader's language: the account's setting, else the cookie's, else the best of the
    browser's ``Accept-Language`` that shoal speaks, else English. Every way shoal speaks to
    someone (pages, sockets' messages, mail, push) decides with this one function."""
    return known(account) or known(cookie) or accepted(accept_language) or SOURCE
