"""The site's secrets sealed at rest: encrypted with a key the database does not hold.

The site keeps a few secrets of its own in the database (``shoal_site_secrets``): the VAPID
private key that signs Web Push, the key that signs the mails' unsubscribe links. Anyone with
a copy of the database (a backup) could sign with them. With a **site key** set, each is
stored sealed (AES-256-GCM, the key derived from the site key with HKDF-SHA256, the secret's
name bound in as associated data), so a backup holds them encrypted; the site key is kept
apart from the backups:

* ``SHOAL_SECRET_KEY_FILE`` (or ``shoal serve --secret-key-file FILE``): a file that only its
  owner may read (mode 0600 or 0400: refused otherwise) holding the key; or
* ``SHOAL_SECRET_KEY``: the key itself, in the environment.

A key is at least 32 characters of random text (``openssl rand -base64 32``). Secrets found
in the clear are sealed on the first start with a key; a sealed secret with no key, or
with another key, stops the server with words (it would sign with a different key).

>>> sealer = Sealer("correct horse battery staple, and more")
>>> sealed = sealer.seal("vapid", "the private key")
>>> sealed.startswith(PREFIX), sealer.open("vapid", sealed)
(True, 'the private key')
>>> sealer.open("vapid", "in the clear")
'in the clear'
"""

from __future__ import annotations

import base64
import os
import stat
from pathlib import Path

from cryptography.exceptions import InvalidTag
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.ciphers.aead import AESGCM
from cryptography.hazmat.primitives.kdf.hkdf import HKDF

__all__ = [
    "KEY_ENV",
    "KEY_FILE_ENV",
    "MIN_KEY",
    "PREFIX",
    "SealError",
    "Sealer",
    "open_value",
    "read_key_file",
]

KEY_ENV = "SHOAL_SECRET_KEY"
"""The environment variable holding the site key itself."""

KEY_FILE_ENV = "SHOAL_SECRET_KEY_FILE"
"""The environment variable naming the file of the site key."""

MIN_KEY = 32
"""The fewest characters of a site key."""

PREFIX = "sealed:v1:"
"""The start of a sealed value (a value without it is in the clear)."""


class SealError(ValueError):
    """The site key is missing, wrong, or kept where others can read it (the message says)."""


def read_key_file(path: Path) -> str:
    """The site key in ``path``: a file only its owner may read (SealError otherwise)."""
    try:
        mode = path.stat().st_mode
        text = path.read_text().strip()
    except OSError as error:
        raise SealError(f"the site key file {str(path)!r} cannot be read: {error}") from None
    if mode & (stat.S_IRWXG | stat.S_IRWXO):
        raise SealError(
            f"the site key file {str(path)!r} may be read by others (mode "
            f"{stat.S_IMODE(mode):04o}): chmod 600 {path}"
        )
    return text


class Sealer:
    """Seals and opens the site's secrets with one site key."""

    def __init__(self, key: str) -> None:
        if len(key) < MIN_KEY:
            raise SealError(
                f"the site key has {len(key)} characters; it needs at least {MIN_KEY} of "
                "random text (openssl rand -base64 32)"
            )
        derived = HKDF(
            algorithm=hashes.SHA256(), length=32, salt=None, info=b"shoal site secrets v1"
        ).derive(key.encode())
        self._aead = AESGCM(derived)

    @classmethod
    def load(cls, key_file: Path | None = None) -> Sealer | None:
        """The sealer of ``key_file``, else of :data:`KEY_FILE_ENV`, else of :data:`KEY_ENV`;
        None when no site key is set (secrets in the clear)."""
        named = key_file or os.environ.get(KEY_FILE_ENV)
        if named:
            return cls(read_key_file(Path(named)))
        key = os.environ.get(KEY_ENV)
        return cls(key) if key else None

    def seal(self, name: str, value: str) -> str:
        """``value`` encrypted, bound to the secret's ``name``."""
        nonce = os.urandom(12)
        sealed = self._aead.encrypt(nonce, value.encode(), name.encode())
        return PREFIX + base64.urlsafe_b64encode(nonce + sealed).decode()

    def open(self, name: str, stored: str) -> str:
        """The secret ``name`` as stored: opened when sealed, as it is when in the clear."""
        if not stored.startswith(PREFIX):
            return stored
        raw = base64.urlsafe_b64decode(stored[len(PREFIX) :])
        try:
            return self._aead.decrypt(raw[:12], raw[12:], name.encode()).decode()
        except InvalidTag:
            raise SealError(
                f"the site secret {name!r} was sealed with another site key: set the key "
                "it was sealed with (docs/security.md)"
            ) from None


def open_value(sealer: Sealer | None, name: str, stored: str) -> str:
    """The secret ``name`` as stored, with or without a sealer (SealError when it is sealed
    and there is no key)."""
    if sealer is not None:
        return sealer.open(name, stored)
    if stored.startswith(PREFIX):
        raise SealError(
            f"the site secret {name!r} is sealed: set the site key ({KEY_FILE_ENV} or "
            f"{KEY_ENV}; docs/security.md)"
        )
    return stored
