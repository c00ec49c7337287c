"""Babel's extractor for the client's HTML shells (``babel.cfg`` names it).

A shell marks the text the server translates as it serves the page with a ``data-t``
attribute (``<title data-t>Game — shoal</title>``); :func:`extract_html` gives Babel those
texts, and :func:`translate_html` replaces them with a language's words. Only leaf elements
(text, no child element) are marked.
"""

from __future__ import annotations

import ast
import html
import io
import re
from collections.abc import Callable, Collection, Iterator, Mapping
from typing import IO, Any

from babel.messages.extract import extract_python

__all__ = [
    "MARKED",
    "SERVER_KEYWORDS",
    "extract_html",
    "extract_marked_python",
    "extract_summaries",
    "translate_html",
]

MARKED = re.compile(
    r"<(?P<tag>[a-z][a-z0-9]*)(?P<attrs>[^<>]*\sdata-t(?:=\"\")?[^<>]*)>(?P<text>[^<]*)</(?P=tag)>"
)
"""An element marked for translation: its tag, attributes and text (no child element)."""


def extract_html(
    fileobj: IO[bytes],
    keywords: Mapping[str, Any],
    comment_tags: Collection[str],
    options: Mapping[str, Any],
) -> Iterator[tuple[int, str, str, list[str]]]:
    """The marked texts of an HTML file, as Babel's extractors give them:
    ``(line, funcname, message, comments)``."""
    source = fileobj.read().decode(options.get("encoding", "utf-8"))
    for match in MARKED.finditer(source):
        text = html.unescape(match.group("text")).strip()
        if text:
            yield source.count("\n", 0, match.start()) + 1, "", text, []


def translate_html(source: str, gettext: Callable[[str], str]) -> str:
    """``source`` with each marked text put through ``gettext`` (escaped again)."""

    def one(match: re.Match[str]) -> str:
        text = html.unescape(match.group("text")).strip()
        words = html.escape(gettext(text), quote=False) if text else match.group("text")
        return f"<{match.group('tag')}{match.group('attrs')}>{words}</{match.group('tag')}>"

    return MARKED.sub(one, source)


def extract_summaries(
    fileobj: IO[bytes],
    keywords: Mapping[str, Any],
    comment_tags: Collection[str],
    options: Mapping[str, Any],
) -> Iterator[tuple[int, str, Any, list[str]]]:
    """A game's one-paragraph ``summary`` (a class attribute, a string constant): the home
    page and ``/api/catalog`` say it in the reader's language; and the file's other messages,
    as Babel's Python extractor finds them."""
    source = fileobj.read()
    yield from _python_messages(source, keywords, comment_tags, options)
    tree = ast.parse(source)
    for node in ast.walk(tree):
        if not isinstance(node, ast.ClassDef):
            continue
        for item in node.body:
            if (
                isinstance(item, ast.Assign)
                and any(isinstance(n, ast.Name) and n.id == "summary" for n in item.targets)
                and isinstance(item.value, ast.Constant)
                and isinstance(item.value.value, str)
                and item.value.value
            ):
                yield item.lineno, "", item.value.value, ["the game's summary (home page)"]


def _python_messages(
    source: bytes,
    keywords: Mapping[str, Any],
    comment_tags: Collection[str],
    options: Mapping[str, Any],
) -> Iterator[tuple[int, str, Any, list[str]]]:
    """The messages Babel's Python extractor finds in ``source``."""
    for line, funcname, message, comments, *_ in extract_python(
        io.BytesIO(source),
        keywords,
        comment_tags,
        dict(options),  # type: ignore[arg-type]
    ):
        yield line, funcname, message, comments  # type: ignore[misc]  # (Babel types it as extract()'s)


SERVER_KEYWORDS: dict[str, int] = {"N_": 0, "Text": 0, "ApiError": 1}
"""The server's own markers, read in its Python only (a JavaScript ``ApiError`` is not one):
:func:`~shoal.i18n.text.N_` and :class:`~shoal.i18n.text.Text` of messages said later, and a
refusal's ``ApiError(status, message)``; each with the index of its message's argument
(Babel applies only the command line's keywords: these are read here, and handed on as
plain messages)."""

_CALLS = re.compile(rb"\b(?:_|gettext|ngettext|N_|Text|ApiError)\s*\(")


def extract_marked_python(
    fileobj: IO[bytes],
    keywords: Mapping[str, Any],
    comment_tags: Collection[str],
    options: Mapping[str, Any],
) -> Iterator[tuple[int, str, Any, list[str]]]:
    """Babel's Python extractor, run only on a file that calls ``_``, ``gettext``,
    ``ngettext``, ``N_``, ``Text`` or ``ApiError`` at all: most of the server's files mark
    nothing, and reading them token by token made every extraction (and the test that keeps
    the template in step) seconds longer."""
    source = fileobj.read()
    if not _CALLS.search(source):
        return
    every = dict.fromkeys([*keywords, *SERVER_KEYWORDS])
    for line, funcname, message, comments in _python_messages(source, every, comment_tags, options):
        index = SERVER_KEYWORDS.get(funcname)
        if index is None:
            yield line, funcname, message, comments
            continue
        args = message if isinstance(message, tuple | list) else (message,)
        if index < len(args) and isinstance(args[index], str) and args[index]:
            yield line, "", args[index], comments
