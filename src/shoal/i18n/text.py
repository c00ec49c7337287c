"""Messages said far from their reader: :func:`N_` marks them, :class:`Text` carries them.

The server's refusals, notices, mails and pushes are written once, in English, where they
happen (a service deep below the routes), and said in their reader's language only where they
leave the server: a refusal at the exception handlers, in the request's language; a notice, a
mail or a push in the recipient account's language. So a message is an English template with
``{name}`` placeholders (never an f-string: the extractor reads the template, and a
translation puts the names where its language wants them) and the values to put there.

* :func:`N_` marks a string as a message for ``shoal i18n extract`` and returns it as it is;
* :class:`Text` is a template and its values: ``str()`` is the English, :meth:`Text.say` the
  words in a language (a value that is a :class:`Text` itself is said in that language too).

>>> text = Text(N_("there is no seek {seek}"), {"seek": 7})
>>> str(text)
'there is no seek 7'
>>> say("the game is over", "en")
'the game is over'
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from .catalogues import catalogue
from .languages import LANGUAGES

__all__ = ["N_", "Number", "Text", "fill", "say"]


def N_(message: str) -> str:
    """``message`` as it is: marks it for extraction (said later, in the reader's language)."""
    return message


def fill(template: str, values: Mapping[str, Any], language: str) -> str:
    """``template`` with its placeholders filled: a :class:`Text` value said in ``language``,
    any other as ``str()`` writes it (a name, a number: never looked up). Without values the
    template is returned as it is (its braces are not placeholders then)."""
    if not values:
        return template
    words = {
        key: value.say(language) if isinstance(value, Text | Number) else str(value)
        for key, value in values.items()
    }
    return template.format(**words)


@dataclass(frozen=True)
class Number:
    """A number with a fraction, written as ``language`` writes it (``2.28``, ``2,28``; no
    thousands' separator): a value of a :class:`Text`.

    >>> Number(2.28).say("de"), str(Number(3.0))
    ('2,28', '3')
    """

    value: float

    def say(self, language: str) -> str:
        """The number in ``language`` (Babel's locale data)."""
        from babel.numbers import format_decimal  # (babel is imported with the catalogues)

        locale = "en" if language not in LANGUAGES else language
        return str(format_decimal(self.value, locale=locale, group_separator=False))

    def __str__(self) -> str:
        return self.say("en")


def say(message: Any, language: str) -> str:
    """``message`` in ``language``: a :class:`Text` filled, a string looked up in the catalogue
    (as it is when it is not a message: a rules' or a library's words), anything else as
    ``str()`` writes it."""
    if isinstance(message, Text):
        return message.say(language)
    if isinstance(message, str):
        return catalogue(language).gettext(message) if message else message
    return str(message)


@dataclass(frozen=True)
class Text:
    """An English template (marked with :func:`N_` or a keyword the extractor reads) and the
    values of its placeholders."""

    template: str
    values: Mapping[str, Any] = field(default_factory=dict)

    def say(self, language: str) -> str:
        """The words in ``language`` (the English where the catalogue has none, or where its
        translation's placeholders do not fit)."""
        translated = catalogue(language).gettext(self.template)
        for template in (translated, self.template):
            try:
                return fill(template, self.values, language)
            except (KeyError, IndexError, ValueError):  # a broken translation: the English
                continue
        return self.template  # (values that fit no placeholder: a defect, said as written)

    def __str__(self) -> str:
        return self.say("en")
