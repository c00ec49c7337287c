"""The declarative base of every table of the server (:class:`Base`).

Each domain keeps its tables in its own ``tables.py`` on this base (a game's rows:
:mod:`shoal.server.games.tables`); its ``metadata`` knows every table once their modules are
imported.
"""

from __future__ import annotations

from sqlalchemy.orm import DeclarativeBase

__all__ = ["Base"]


class Base(DeclarativeBase):
    """The declarative base of shoal's tables (its ``metadata`` creates them)."""
