"""Babel's extractors of shoal's own kinds of file (``babel.cfg`` names them).

* :func:`extract_html`: the client's HTML shells. A shell marks the text the server
  translates as it serves the page with a ``data-t`` attribute
  (``<title data-t>Game — shoal</title>``); :func:`extract_html` gives Babel those texts, and
  :func:`translate_html` replaces them with a language's words. Only leaf elements (text, no
  child element) are marked.
* :func:`extract_summaries`: a game's ``summary`` and its file's other messages.
* :func:`extract_course`: a game's course (``course.toml``): its title, introduction, and each
  step's title, text, task and feedback for mistakes, each with a comment naming the game and
  the step. The text is the msgid exactly as :func:`shoal.core.course.parse_course` reads it
  (runs of white space made one space), so the server translates a course by its own words.
* :func:`extract_puzzle_themes`: the themes a game's ``puzzles.jsonl`` names.
"""

from __future__ import annotations

import ast
import html
import io
import json
import re
import tomllib
from collections.abc import Callable, Collection, Iterator, Mapping
from typing import IO, Any

from babel.messages.extract import extract_python

__all__ = [
    "MARKED",
    "SERVER_KEYWORDS",
    "course_texts",
    "extract_course",
    "extract_html",
    "extract_marked_python",
    "extract_puzzle_themes",
    "extract_summaries",
    "option_label",
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
    yield from _option_messages(tree)


def option_label(name: str) -> str:
    """A game option's name as a form's label says it in English: ``max_turns`` is
    "max turns" (the label's message; the option's name itself stays as the code has it)."""
    return name.replace("_", " ")


def _option_messages(tree: ast.AST) -> Iterator[tuple[int, str, Any, list[str]]]:
    """Each game option declared with ``option(default, "help", ...)`` as a class field: its
    label (:func:`option_label`), its help and its values in words (``choices``), which the
    forms and the rules page show in the reader's language (``/api/catalog``)."""
    for node in ast.walk(tree):
        if (  # a game's module names an option's values `..._READINGS` (cyclix/sight.py)
            isinstance(node, ast.Assign)
            and len(node.targets) == 1
            and isinstance(node.targets[0], ast.Name)
            and node.targets[0].id.endswith("_READINGS")
            and isinstance(node.value, ast.Tuple)
        ):
            for value in node.value.elts:
                if isinstance(value, ast.Constant) and isinstance(value.value, str):
                    what = f"a value of a game option ({node.targets[0].id}), what its select shows"
                    yield value.lineno, "", value.value, [what]
        if not (isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name)):
            continue
        call = node.value
        if not (
            isinstance(call, ast.Call)
            and isinstance(call.func, ast.Name)
            and call.func.id == "option"
            and len(call.args) >= 2
            and isinstance(call.args[1], ast.Constant)
            and isinstance(call.args[1].value, str)
        ):
            continue
        name = node.target.id
        label = f"a game option's name ({name}), a form's label"
        yield node.lineno, "", option_label(name), [label]
        for keyword in call.keywords:  # the values a select offers, said in words
            if keyword.arg == "choices" and isinstance(keyword.value, ast.Tuple):
                for value in keyword.value.elts:
                    if isinstance(value, ast.Constant) and isinstance(value.value, str):
                        what = f"a value of the game option {name} (what its select shows)"
                        yield value.lineno, "", value.value, [what]
        help_text = call.args[1].value
        yield (
            call.args[1].lineno,
            "",
            help_text,
            [
                f"the help of the game option {name}: its values (the words a select offers) "
                "stay as they are"
            ],
        )


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


def _plain(text: str) -> str:
    """A course's text as the course reads it (``shoal.core.course``: one space for a run)."""
    return " ".join(text.split())


def course_texts(data: Mapping[str, Any]) -> Iterator[tuple[str, str, str]]:
    """A course's texts a player reads (its parsed TOML ``data``), in order: ``(key, where,
    text)``: ``key`` the TOML key (``title``, ``step.text``, ``step.mistakes``...), ``where``
    the place in words (``step 3 (The order is free), task``)."""
    for key in ("title", "intro"):
        value = data.get(key)
        if isinstance(value, str) and value.strip():
            yield key, f"the course's {key}", _plain(value)
    steps = data.get("step")
    for number, step in enumerate(steps if isinstance(steps, list) else [], 1):
        if not isinstance(step, dict):
            continue
        title = _plain(str(step.get("title", "")))
        for key in ("title", "text", "task"):
            value = step.get(key)
            if isinstance(value, str) and value.strip():
                yield f"step.{key}", f"step {number} ({title}), {key}", _plain(value)
        mistakes = step.get("mistakes")
        for action, value in (mistakes if isinstance(mistakes, dict) else {}).items():
            if isinstance(value, str) and value.strip():
                where = f"step {number} ({title}), feedback for the mistake {action}"
                yield "step.mistakes", where, _plain(value)


def _game_of(fileobj: IO[bytes]) -> str:
    """The game of a data file (``.../games/GAME/course.toml``), from its path."""
    parts = re.split(r"[\\/]", str(getattr(fileobj, "name", "")))
    return parts[-2] if len(parts) >= 2 else "?"


def extract_course(
    fileobj: IO[bytes],
    keywords: Mapping[str, Any],
    comment_tags: Collection[str],
    options: Mapping[str, Any],
) -> Iterator[tuple[int, str, str, list[str]]]:
    """A game's course (``course.toml``): every text a player reads, each with a comment
    naming the game and the step (see :func:`course_texts`); the line is the key's."""
    source = fileobj.read().decode(options.get("encoding", "utf-8"))
    data = tomllib.loads(source)
    game = _game_of(fileobj)
    lines = source.splitlines()
    starts = [i for i, line in enumerate(lines) if line.strip() == "[[step]]"]
    for key, where, text in course_texts(data):
        number = int(where.split()[1]) if key.startswith("step.") else 0
        first = starts[number - 1] if number else 0
        last = starts[number] if number and number < len(starts) else len(lines)
        if not number and starts:
            last = starts[0]
        name = key.rpartition(".")[2]
        found = next(
            (i for i in range(first, last) if re.match(rf"\s*{name}\s*=", lines[i])), first
        )
        yield found + 1, "", text, [f"{game} course, {where}"]


def extract_puzzle_themes(
    fileobj: IO[bytes],
    keywords: Mapping[str, Any],
    comment_tags: Collection[str],
    options: Mapping[str, Any],
) -> Iterator[tuple[int, str, str, list[str]]]:
    """The themes a game's puzzles name (``puzzles.jsonl``: each line's ``theme``), each once,
    at its first line: the puzzles' pages say a theme's name in the reader's language."""
    game = _game_of(fileobj)
    seen: set[str] = set()
    for number, line in enumerate(fileobj.read().decode("utf-8").splitlines(), 1):
        if not line.strip():
            continue
        theme = json.loads(line).get("theme")
        if isinstance(theme, str) and theme and theme not in seen:
            seen.add(theme)
            yield number, "", theme, [f"a {game} puzzle theme"]
