"""The site's secrets: made once on first use and shared by every server process
(``shoal_site_secrets``): the key that signs the mails' unsubscribe links, the Web Push
VAPID key pair. With a site key they are stored sealed (:mod:`.sealed`; docs/security.md,
Backups and secrets), else in the clear.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable
from typing import Any, cast

from sqlalchemy import String, Text, select, update
from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Mapped, Session, mapped_column

from .sealed import PREFIX, Sealer, open_value
from .tables import Base

__all__ = ["SiteSecretRow", "SiteSecrets"]


class SiteSecretRow(Base):
    """A secret of the site, made once and shared by every server process."""

    __tablename__ = "shoal_site_secrets"

    name: Mapped[str] = mapped_column(String(32), primary_key=True)
    value: Mapped[str] = mapped_column(Text)  # sealed or in the clear; Text since w57


class SiteSecrets:
    """The site's secrets in the database of ``engine``, sealed by ``sealer`` when given."""

    def __init__(self, engine: Engine, sealer: Sealer | None = None) -> None:
        self.engine = engine
        self.sealer = sealer
        """Seals the secrets at rest (None: no site key, they are kept in the clear)."""

    def get(self, name: str, make: Callable[[], str] | None = None) -> str:
        """The site's secret ``name``, made on first use (the same for every process).

        ``make`` makes a new one (default: 32 random bytes in hex).
        """
        with Session(self.engine) as session:
            row = session.get(SiteSecretRow, name)
            if row is not None:
                return open_value(self.sealer, name, row.value)
            value = make() if make is not None else secrets.token_hex(32)
            stored = self.sealer.seal(name, value) if self.sealer is not None else value
            session.add(SiteSecretRow(name=name, value=stored))
            try:
                session.commit()
            except IntegrityError:  # another process made it first
                session.rollback()
        with Session(self.engine) as session:
            row = session.get(SiteSecretRow, name)
            assert row is not None
            return open_value(self.sealer, name, row.value)

    def seal_all(self) -> int:
        """Check that every secret opens (:class:`~.sealed.SealError` otherwise: sealed with
        no key or another key) and, with a site key, seal those still in the clear; how many
        were sealed now."""
        sealed = 0
        with Session(self.engine) as session:
            for name, value in session.execute(select(SiteSecretRow.name, SiteSecretRow.value)):
                open_value(self.sealer, name, value)
                if self.sealer is not None and not value.startswith(PREFIX):
                    changed = session.execute(  # once, should two processes start together
                        update(SiteSecretRow)
                        .where(SiteSecretRow.name == name, SiteSecretRow.value == value)
                        .values(value=self.sealer.seal(name, value))
                    )
                    sealed += cast(Any, changed).rowcount
            session.commit()
        return sealed
