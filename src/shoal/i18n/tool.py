"""The catalogues' chores, wrapping pybabel (``shoal i18n extract|update|compile|check``).

* :func:`extract`: the template ``messages.pot`` from the code (``babel.cfg``: Python with
  ``_``/``gettext``/``ngettext``, the client's JavaScript with ``t``/``tn``, the HTML shells'
  ``data-t`` texts);
* :func:`update`: each language's ``.po`` brought in step with the template (new messages
  empty, removed ones dropped; a new language's file made);
* :func:`compile_mo`: the ``.mo`` files (for gettext tools; the server reads the ``.po``);
* :func:`problems`: what keeps the catalogues from being complete (the test and ``check``).
"""

from __future__ import annotations

import contextlib
import re
import tempfile
from pathlib import Path

from babel.messages.frontend import CommandLineInterface
from babel.messages.plurals import get_plural

from .catalogues import LOCALE_DIR, TEMPLATE, message_ids, message_strings, po_path, read
from .languages import LANGUAGES, SOURCE

__all__ = [
    "KEYWORDS",
    "MAPPING",
    "ROOT",
    "compile_mo",
    "extract",
    "header_comment",
    "problems",
    "update",
]

ROOT = LOCALE_DIR.parents[2]
"""The checkout (``babel.cfg`` and the paths it names are relative to it)."""

MAPPING = ROOT / "babel.cfg"

KEYWORDS = ("_", "gettext", "ngettext:1,2", "t", "tn:1,2")
"""The functions whose string arguments are messages (``tn(singular, plural, n)``); the
server's Python has three more (:data:`shoal.i18n.extract.SERVER_KEYWORDS`)."""

TRANSLATED = tuple(code for code in LANGUAGES if code != SOURCE)
"""The languages with a catalogue (English is the source)."""

_PLACEHOLDER = re.compile(r"\{[A-Za-z_][A-Za-z0-9_]*\}")


def _pybabel(*args: str) -> None:
    CommandLineInterface().run(["pybabel", "-q", *args])  # type: ignore[no-untyped-call]


def extract(output: Path = TEMPLATE) -> Path:
    """Writes the template of every message of the code to ``output``."""
    keywords = [arg for word in KEYWORDS for arg in ("-k", word)]
    output = output.resolve()
    with contextlib.chdir(ROOT):  # the places are written relative to the checkout
        _pybabel(
            "extract",
            "-F",
            str(MAPPING),
            "--no-default-keywords",
            *keywords,
            "--sort-by-file",
            "--width",
            "100",
            "--project",
            "shoal",
            "--copyright-holder",
            "the shoal authors",
            "-o",
            str(output),
            "src/shoal",
        )
    return output


def header_comment(po: Path) -> list[str]:
    """The comment lines that open a ``.po`` file, as they are written (its glossary)."""
    lines = po.read_text("utf-8").splitlines(keepends=True)
    return lines[: next((i for i, line in enumerate(lines) if not line.startswith("#")), 0)]


def update(languages: tuple[str, ...] = TRANSLATED, *, folder: Path = LOCALE_DIR) -> None:
    """Brings each language's ``.po`` in step with the template (makes it when missing). The
    header comment is kept line for line: Babel drops a comment line equal to an earlier one,
    and the games' glossaries repeat words (``# draw = Remis`` under two games)."""
    template = folder / TEMPLATE.name
    for language in languages:
        po = po_path(language, folder)
        if po.is_file():
            header = header_comment(po)
            _pybabel(
                "update", "-i", str(template), "-d", str(folder), "-l", language,
                "--no-fuzzy-matching", "--ignore-obsolete", "--width", "100",
            )  # fmt: skip
            rest = po.read_text("utf-8").splitlines(keepends=True)[len(header_comment(po)) :]
            po.write_text("".join(header + rest), "utf-8")
        else:
            _pybabel(
                "init", "-i", str(template), "-d", str(folder), "-l", language, "--width", "100"
            )


def compile_mo(languages: tuple[str, ...] = TRANSLATED) -> None:
    """Writes each language's ``.mo`` beside its ``.po`` (Babel's checks run; not committed)."""
    for language in languages:
        _pybabel("compile", "-d", str(LOCALE_DIR), "-l", language, "--statistics")


def _placeholders(text: str) -> set[str]:
    return set(_PLACEHOLDER.findall(text))


def problems(
    languages: tuple[str, ...] = TRANSLATED, *, fresh: bool = False, folder: Path = LOCALE_DIR
) -> list[str]:
    """Everything that keeps the catalogues from being complete and right, one line each
    (none: complete): a message not translated or fuzzy, a placeholder missing or added, the
    wrong number of plural forms or the wrong plural rule, Babel's own checks, a catalogue
    out of step with the template and (``fresh``) the template out of step with the code.
    ``folder``: the catalogues' folder (its ``messages.pot`` and ``LANG/LC_MESSAGES``)."""
    found: list[str] = []
    template = read(folder / TEMPLATE.name)
    wanted = {message_ids(m)[0] for m in template if m.id}
    if fresh:
        with tempfile.TemporaryDirectory() as scratch:
            current = read(extract(Path(scratch) / "messages.pot"))
        now = {message_ids(m)[0] for m in current if m.id}
        found += [f"messages.pot: {i!r} is no longer in the code" for i in sorted(wanted - now)]
        found += [f"messages.pot: {i!r} is not extracted yet" for i in sorted(now - wanted)]
    for language in languages:
        path = po_path(language, folder)
        if not path.is_file():
            found.append(f"{language}: no catalogue ({path})")
            continue
        catalog = read(path, locale=language)
        rule = get_plural(language)
        if catalog.num_plurals != rule.num_plurals or catalog.plural_expr != rule.plural_expr:
            found.append(f"{language}: Plural-Forms is not {rule.plural_forms}")
        have = set()
        for message in catalog:
            if not message.id:
                continue
            ids = message_ids(message)
            have.add(ids[0])
            strings = message_strings(message)
            where = f"{language}: {ids[0]!r}"
            if message.fuzzy:
                found.append(f"{where} is fuzzy")
            if not all(strings):
                found.append(f"{where} is not translated")
                continue
            source = set().union(*(_placeholders(i) for i in ids))
            for index, string in enumerate(strings):
                extra = _placeholders(string) - source
                # A singular form may say "one" for {n}; every other placeholder must be there.
                needed = _placeholders(ids[min(index, len(ids) - 1)])
                if len(ids) > 1:
                    needed -= {"{n}"} if index == 0 else set()
                missing = needed - _placeholders(string)
                if extra or missing:
                    found.append(
                        f"{where} form {index}: placeholders {sorted(missing)} missing, "
                        f"{sorted(extra)} unknown"
                    )
            for error in message.check(catalog):
                found.append(f"{where}: {error}")
        found += [
            f"{language}: {i!r} is missing (run shoal i18n update)" for i in sorted(wanted - have)
        ]
        found += [f"{language}: {i!r} is not in the template" for i in sorted(have - wanted)]
    return found
