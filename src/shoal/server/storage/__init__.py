"""Storage of games and uploaded records with SQLAlchemy 2 (SQLite by default, any URL).

One row per game holds everything needed to rebuild it after a restart: the game
id and options, the seed or start position, every accepted atomic action, the
seat tokens (SHA-256 hashes, never the secrets), the players, the clock settings
and the remaining times, the end by resignation or time, and a ``version`` that
grows with every change. Writes are optimistic: :meth:`Store.save` updates the
row only where the version is still the one the change was made from, so two
server processes can never both accept a move on the same version.

Modules:

* ``data``: :class:`GameData`, a stored game as plain data, and :func:`hash_token`.
* ``tables``: the SQLAlchemy tables (``shoal_games``, ``shoal_records``, ``shoal_offers``,
  ``shoal_chat``).
* ``store``: :class:`Store`, the queries of games and records.
* ``social``: :class:`SocialStore`, the queries of offers, mutes and chat (issue 23).

* ``migrate``: :func:`upgrade`, Alembic migrations (the revisions in ``storage/migrations``).
"""

from .data import INVITE, GameData, hash_token, invite_hash
from .migrate import upgrade
from .social import ChatMessage, Offers, SocialStore
from .store import StaleVersionError, Store

__all__ = [
    "INVITE",
    "ChatMessage",
    "GameData",
    "Offers",
    "SocialStore",
    "StaleVersionError",
    "Store",
    "hash_token",
    "invite_hash",
    "upgrade",
]
