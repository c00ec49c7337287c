"""The site's limits on what its users create: one table, its defaults, the operator's changes.

Each :class:`Rule` allows ``count`` of something per key (an address, an account, a
writer in a game) in a window of ``window`` seconds that opens with the key's first
one; ``count`` 0 switches it off. :data:`RULES` is the table docs/server.md shows
("Limits"); an operator changes a number with ``shoal serve --limit NAME=COUNT`` or
``--limit NAME=COUNT/SECONDS`` (or the environment variable ``SHOAL_LIMITS``, the same
words separated by commas), read by :func:`with_changes`.

>>> rules = with_changes(RULES, ["events=3", "chat=10/30"])
>>> rules["events"].count, rules["events"].window, rules["chat"].window
(3, 86400.0, 30.0)
>>> str(refusal(rules["events"], 3600.5))
'too many new events from your account: at most 3 per day; try again in 61 min'
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Iterable, Mapping

from shoal.i18n import N_, Text

__all__ = ["DAY", "RULES", "Rule", "per_words", "refusal", "span_words", "with_changes"]

DAY = 86400.0
"""A day in seconds: the window of the limits per day."""


@dataclasses.dataclass(frozen=True)
class Rule:
    """At most ``count`` ``what`` per ``key`` in ``window`` seconds (``count`` 0: none)."""

    name: str
    count: int
    window: float
    what: str
    """What is counted, in the plural: ``new games``."""
    key: str
    """Who is counted, for the docs: ``client address``."""
    source: str
    """Whose it is, in the refusal: ``from your address``."""


RULES: Mapping[str, Rule] = {
    rule.name: rule
    for rule in (
        Rule(
            "games",
            30,
            60.0,
            "new games",
            "client address (new games, uploaded records and new accounts)",
            "from your address",
        ),
        Rule(
            "chat",
            5,
            10.0,
            "chat messages",
            "writer (a seat, or a spectator's address) and game",
            "in this game",
        ),
        Rule("chat_day", 500, DAY, "chat messages", "account (a guest: address)", "from you"),
        Rule("seeks", 100, DAY, "new seeks", "account (a guest: address)", "from you"),
        Rule("challenges", 50, DAY, "new challenges", "account", "from your account"),
        Rule("events", 10, DAY, "new events", "account", "from your account"),
        Rule("studies", 20, DAY, "new studies", "account", "from your account"),
        Rule("reports", 30, DAY, "reports", "account", "from your account"),
    )
}
"""Every limit with its default, by name (docs/server.md's table of limits)."""


def with_changes(rules: Mapping[str, Rule], changes: Iterable[str]) -> dict[str, Rule]:
    """``rules`` with the operator's changes ``NAME=COUNT`` or ``NAME=COUNT/SECONDS``;
    a ValueError in words for a change that is not one."""
    out = dict(rules)
    for change in changes:
        name, sep, value = change.strip().partition("=")
        name = name.strip()
        if not sep or name not in out:
            raise ValueError(
                f"{change!r} is not a limit: NAME=COUNT or NAME=COUNT/SECONDS, with NAME one "
                f"of {', '.join(out)}"
            )
        count_text, slash, window_text = value.partition("/")
        try:
            count = int(count_text)
            window = float(window_text) if slash else out[name].window
        except ValueError:
            raise ValueError(
                f"{change!r}: COUNT is a whole number (0: no limit) and SECONDS a number"
            ) from None
        if count < 0 or not 0 < window <= 366 * DAY or not math.isfinite(window):
            raise ValueError(f"{change!r}: COUNT is 0 or more and SECONDS above 0 (at most a year)")
        out[name] = dataclasses.replace(out[name], count=count, window=window)
    return out


_PER = {DAY: N_("day"), 3600.0: N_("hour")}
_AS_IT_IS = "{span}"  # (a span's units are the same in every language)


def per_words(window: float) -> Text:
    """A window in words: ``day``, ``hour`` or ``N s`` (said in a language by
    :meth:`~shoal.i18n.Text.say`).

    >>> str(per_words(86400)), str(per_words(60)), str(per_words(10))
    ('day', '60 s', '10 s')
    """
    if window in _PER:
        return Text(_PER[window])
    return Text(_AS_IT_IS, {"span": span_words(window)})


def span_words(seconds: float) -> str:
    """A length of time in words, rounded up: ``12 s``, ``5 min``, ``3 h 20 min`` (the
    units' symbols, the same in every language).

    >>> span_words(59.2), span_words(150), span_words(86399)
    ('60 s', '3 min', '24 h')
    """
    whole = max(1, math.ceil(seconds))
    if whole < 120:
        return f"{whole} s"
    minutes = math.ceil(whole / 60)
    if minutes < 120:
        return f"{minutes} min"
    hours, rest = divmod(minutes, 60)
    return f"{hours} h {rest} min" if rest else f"{hours} h"


_REFUSALS = {
    "chat": N_("you are sending messages too fast ({count} per {window}): wait {wait}"),
    "games": N_(
        "too many new games from your address: at most {count} per {window}; try again in {wait}"
    ),
    "chat_day": N_(
        "too many chat messages from you: at most {count} per {window}; try again in {wait}"
    ),
    "seeks": N_("too many new seeks from you: at most {count} per {window}; try again in {wait}"),
    "challenges": N_(
        "too many new challenges from your account: at most {count} per {window}; "
        "try again in {wait}"
    ),
    "events": N_(
        "too many new events from your account: at most {count} per {window}; try again in {wait}"
    ),
    "studies": N_(
        "too many new studies from your account: at most {count} per {window}; try again in {wait}"
    ),
    "reports": N_(
        "too many reports from your account: at most {count} per {window}; try again in {wait}"
    ),
}
"""Each rule's refusal (:data:`RULES`: the operator changes numbers, never names)."""


def refusal(rule: Rule, wait: float) -> Text:
    """The words of a refusal by ``rule``, ``wait`` seconds before its window ends."""
    template = _REFUSALS.get(
        rule.name,
        f"too many {rule.what} {rule.source}: at most {{count}} per {{window}}; "
        "try again in {wait}",
    )
    values = {"count": rule.count, "window": per_words(rule.window), "wait": span_words(wait)}
    return Text(template, values)
