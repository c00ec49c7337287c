"""The answers of Web Push"s routes: the key, the settings."""

from __future__ import annotations

from ..schemas import Out

__all__ = ["PushKey", "PushSettings"]


class PushKey(Out):
    """The VAPID public key (base64url)."""

    key: str


class PushSettings(Out):
    """Which kinds are pushed, and to how many devices."""

    kinds: dict[str, bool]
    devices: int
