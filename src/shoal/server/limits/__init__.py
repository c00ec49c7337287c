"""Limits that protect a site: the request body's size, and what one client or account makes.

* :class:`~.body.BodyLimit`: 413 for a body over ``--max-body``.
* :class:`~.service.Limits`: the limits of :data:`~.rules.RULES` (new games per address,
  chat, seeks, challenges, events and studies per account and day...), counted in the
  database (:mod:`.counter`) so that they hold for the site, however many processes
  serve it; an operator changes them with ``shoal serve --limit NAME=COUNT[/SECONDS]``.
"""

from __future__ import annotations

from .body import BodyLimit
from .rules import RULES, Rule, with_changes
from .service import Limits, LimitsDep, account_key

__all__ = ["RULES", "BodyLimit", "Limits", "LimitsDep", "Rule", "account_key", "with_changes"]
