"""shoal in several languages: the languages, the choice of a reader's language, and the
catalogues (GNU gettext ``.po`` files, managed with Babel; docs/translating.md).

* :func:`choose` decides a reader's language (account, cookie, ``Accept-Language``, English);
* :func:`catalogue` gives a language's messages (``gettext``, ``ngettext``, the client's JSON);
* :func:`N_` marks a message said later, :class:`Text` carries a template and its values to
  where it is said in its reader's language (:mod:`shoal.i18n.text`);
* :mod:`shoal.i18n.tool` extracts, updates, compiles and checks the catalogues
  (``shoal i18n``).
"""

from __future__ import annotations

from .catalogues import LOCALE_DIR, Catalogue, catalogue
from .languages import LANGUAGES, PSEUDO, SOURCE, accepted, choose, known
from .text import N_, Number, Text, say

__all__ = [
    "LANGUAGES",
    "LOCALE_DIR",
    "N_",
    "PSEUDO",
    "SOURCE",
    "Catalogue",
    "Number",
    "Text",
    "accepted",
    "catalogue",
    "choose",
    "known",
    "say",
]
