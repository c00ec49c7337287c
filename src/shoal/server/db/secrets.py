"""The site's secrets: made once on first use and shared by every server process
(``shoal_site_secrets``): the key that signs the mails' unsubscribe links, the Web Push
VAPID key pair.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable

from sqlalchemy import String
from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Mapped, Session, mapped_column

from .tables import Base

__all__ = ["SiteSecretRow", "SiteSecrets"]


class SiteSecretRow(Base):
    """A secret of the site, made once and shared by every server process."""

    __tablename__ = "shoal_site_secrets"

    name: Mapped[str] = mapped_column(String(32), primary_key=True)
    value: Mapped[str] = mapped_column(String(128))


class SiteSecrets:
    """The site's secrets in the database of ``engine``."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    def get(self, name: str, make: Callable[[], str] | None = None) -> str:
        """The site's secret ``name``, made on first use (the same for every process).

        ``make`` makes a new one (default: 32 random bytes in hex).
        """
        with Session(self.engine) as session:
            row = session.get(SiteSecretRow, name)
            if row is not None:
                return row.value
            value = make() if make is not None else secrets.token_hex(32)
            session.add(SiteSecretRow(name=name, value=value))
            try:
                session.commit()
            except IntegrityError:  # another process made it first
                session.rollback()
        with Session(self.engine) as session:
            row = session.get(SiteSecretRow, name)
            assert row is not None
            return row.value
