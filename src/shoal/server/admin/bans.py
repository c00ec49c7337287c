"""Banned address ranges: stored (:class:`BanStore`), and looked up on every request
(:class:`BanList`, in memory, read again when a note says the bans changed).

A ban names a range in CIDR (``203.0.113.0/24``, ``2001:db8::/32``; a lone address is
its own ``/32`` or ``/128``). A full ban refuses every change (any method but ``GET``,
``HEAD``, ``OPTIONS``) and every socket from the range: its people may read the site, not
play, write or sign in. A guests-only ban (``--guests``) refuses the same to guests only:
signed-in accounts at the range go on (a school or a shared connection whose guests
misbehave). A ban may end (``expires``).

>>> bans = BanList()
>>> bans.load([Ban(1, "10.1.0.0/16", False, "", "operator", None, None)])
>>> bans.match("10.1.2.3").network, bans.match("10.2.0.1")
('10.1.0.0/16', None)
"""

from __future__ import annotations

import dataclasses
import datetime
import ipaddress
from collections.abc import Iterable

from sqlalchemy import delete, or_, select
from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from .tables import BanRow

__all__ = ["Ban", "BanList", "BanStore", "network_of"]

Network = ipaddress.IPv4Network | ipaddress.IPv6Network


def utcnow() -> datetime.datetime:
    """Now, as naive UTC (the database's times)."""
    return datetime.datetime.now(datetime.UTC).replace(tzinfo=None)


def network_of(text: str) -> Network:
    """The range ``text`` names (CIDR or one address), in its normal form; a ValueError in
    words for anything else.

    >>> str(network_of("192.0.2.7")), str(network_of("2001:DB8::/32"))
    ('192.0.2.7/32', '2001:db8::/32')
    >>> network_of("192.0.2.7/24")
    Traceback (most recent call last):
    ...
    ValueError: '192.0.2.7/24' has bits set after its prefix: did you mean 192.0.2.0/24?
    """
    try:
        return ipaddress.ip_network(text.strip())
    except ValueError:
        try:
            loose = ipaddress.ip_network(text.strip(), strict=False)
        except ValueError:
            raise ValueError(
                f"{text!r} is not an address range: give CIDR (203.0.113.0/24, 2001:db8::/32) "
                "or one address"
            ) from None
        raise ValueError(f"{text!r} has bits set after its prefix: did you mean {loose}?") from None


@dataclasses.dataclass(frozen=True)
class Ban:
    """A stored ban (the columns of ``shoal_bans``)."""

    id: int
    network: str
    guests_only: bool
    reason: str
    by: str
    created: datetime.datetime | None
    expires: datetime.datetime | None


def _ban(row: BanRow) -> Ban:
    return Ban(row.id, row.network, row.guests_only, row.reason, row.by, row.created, row.expires)


class BanStore:
    """The bans of the database of ``engine``."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    def add(
        self,
        network: str,
        *,
        guests_only: bool = False,
        reason: str = "",
        by: str = "operator",
        expires: datetime.datetime | None = None,
    ) -> tuple[Ban, bool]:
        """Ban ``network`` (CIDR; a ValueError in words for one that is not); a ban of the
        same range is replaced. Answers the ban and whether it is new."""
        normal = str(network_of(network))
        values = {
            "guests_only": guests_only,
            "reason": reason[:200],
            "by": by[:40],
            "expires": expires,
        }
        with Session(self.engine) as session, session.begin():
            row = session.scalar(select(BanRow).where(BanRow.network == normal))
            new = row is None
            if row is None:
                row = BanRow(network=normal, created=utcnow(), **values)
                session.add(row)
            else:
                for name, value in values.items():
                    setattr(row, name, value)
            try:
                session.flush()
            except IntegrityError:  # banned at the same moment elsewhere: keep that one
                raise ValueError(f"{normal} was banned meanwhile: try again") from None
            return _ban(row), new

    def remove(self, network: str) -> bool:
        """Lift the ban of ``network`` exactly as banned; False when there was none."""
        normal = str(network_of(network))
        with Session(self.engine) as session, session.begin():
            done = session.execute(delete(BanRow).where(BanRow.network == normal))
            return bool(getattr(done, "rowcount", 0))

    def active(self, now: datetime.datetime | None = None) -> list[Ban]:
        """The bans in force, oldest first."""
        now = utcnow() if now is None else now
        with Session(self.engine) as session:
            rows = session.scalars(
                select(BanRow)
                .where(or_(BanRow.expires.is_(None), BanRow.expires > now))
                .order_by(BanRow.id)
            ).all()
            return [_ban(r) for r in rows]

    def all(self) -> list[Ban]:
        """Every ban, those that ended included, oldest first."""
        with Session(self.engine) as session:
            return [_ban(r) for r in session.scalars(select(BanRow).order_by(BanRow.id))]


class BanList:
    """The bans in force, in memory: a lookup per request costs one set lookup per distinct
    prefix length banned (not one comparison per ban)."""

    def __init__(self) -> None:
        self._by_length: dict[tuple[int, int], dict[int, Ban]] = {}
        self._networks: dict[int, Network] = {}

    def load(self, bans: Iterable[Ban]) -> None:
        """Hold ``bans`` (those held before are dropped)."""
        by_length: dict[tuple[int, int], dict[int, Ban]] = {}
        networks = {}
        for ban in bans:
            network = ipaddress.ip_network(ban.network)
            networks[ban.id] = network
            key = (network.version, network.prefixlen)
            by_length.setdefault(key, {})[int(network.network_address)] = ban
        self._by_length, self._networks = by_length, networks

    def __len__(self) -> int:
        return len(self._networks)

    def match(self, address: str, now: datetime.datetime | None = None) -> Ban | None:
        """The ban in force that covers ``address`` (a full ban before a guests-only one),
        or None (also for what is not an address)."""
        if not self._by_length:
            return None
        try:
            ip = ipaddress.ip_address(address)
        except ValueError:
            return None
        if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
            ip = ip.ipv4_mapped
        number, bits = int(ip), ip.max_prefixlen
        found: Ban | None = None
        for (version, length), bans in self._by_length.items():
            if version != ip.version:
                continue
            ban = bans.get(number >> (bits - length) << (bits - length))
            if ban is None or (ban.expires is not None and ban.expires <= (now or utcnow())):
                continue
            if not ban.guests_only:
                return ban
            found = ban
        return found
