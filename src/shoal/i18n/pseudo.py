"""The pseudo-locale: English accented and made about 40% longer, so that a page shows at a
glance any text that escaped translation (plain ASCII) and any layout that breaks when a
language runs longer than English. Placeholders (``{name}``) stay as they are."""

from __future__ import annotations

import re

__all__ = ["pseudo"]

_ACCENTS = str.maketrans(
    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ",
    "åƀçđéƒĝĥîĵķļɱñöþǫŕšţûṽŵẋýžÅƁÇĐÉƑĜĤÎĴĶĻṀÑÖÞǪŔŠŢÛṼŴẊÝŽ",
)
_PADDING = "ŀöŕéɱ îþšûɱ đöļöŕ šîţ åɱéţ çöñšéçţéţûŕ åđîþîšçîñĝ éļîţ šéđ đö éîûšɱöđ"
_PLACEHOLDER = re.compile(r"(\{[A-Za-z_][A-Za-z0-9_]*\})")


def pseudo(text: str) -> str:
    """``text`` accented and padded to about 1.4 times its length, in brackets (``""`` stays
    empty). Placeholders are kept; the padding is words, so that it wraps as a language does."""
    if not text:
        return text
    parts = _PLACEHOLDER.split(text)
    body = "".join(part if i % 2 else part.translate(_ACCENTS) for i, part in enumerate(parts))
    extra = max(1, round(len(text) * 0.4))
    padding = (_PADDING * (extra // len(_PADDING) + 1))[:extra].strip()
    return f"[{body} {padding}]" if padding else f"[{body}]"
