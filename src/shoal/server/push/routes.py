"""Web Push's routes (issue 43).

* ``GET /api/push/key``: ``{key}``, the site's VAPID public key (base64url, the
  uncompressed P-256 point), for ``PushManager.subscribe``.
* ``POST /api/push/subscriptions``: this device's subscription as the browser's
  ``PushSubscription.toJSON()`` writes it (``{endpoint, keys: {p256dh, auth}}``); the
  device's earlier subscription is replaced (one per device). The endpoint must be a
  browser's push service (or one the operator adds) at a public address, else 400
  (:mod:`.guard`).
* ``DELETE /api/push/subscriptions``: ``{endpoint}``: forget this device.
* ``GET`` / ``PUT /api/push/settings``: ``{kinds: {KIND: bool}}``, which kinds are pushed
  (``your_turn``, ``challenge``, ``game_ended``, ``offer``, ``tournament``), and
  ``devices``, how many devices of the account are subscribed.
"""

from __future__ import annotations

import asyncio
import base64
import binascii
from typing import Any

from fastapi import APIRouter
from pydantic import BaseModel, Field

from ..accounts.service import SignedIn
from ..errors import ApiError, refusals
from .guard import PushPolicy, PushRefused
from .schemas import PushKey, PushSettings
from .service import PushDep, Pusher
from .store import PUSH_KINDS, Subscription

__all__ = ["router"]

router = APIRouter(tags=["push"], responses=refusals(400, 401, 403, 404, 413))


class KeysIn(BaseModel):
    """RFC 8291's keys of a subscription (base64url)."""

    p256dh: str = Field(max_length=200)
    auth: str = Field(max_length=100)


class SubscriptionIn(BaseModel):
    """A browser's push subscription (``PushSubscription.toJSON()``)."""

    endpoint: str = Field(max_length=2000)
    keys: KeysIn


class EndpointIn(BaseModel):
    """The device to forget."""

    endpoint: str = Field(max_length=2000)


class PushSettingsIn(BaseModel):
    """Kinds to switch on or off (the others keep their setting)."""

    kinds: dict[str, bool]


def _decoded(value: str, name: str) -> bytes:
    try:
        return base64.urlsafe_b64decode(value + "=" * (-len(value) % 4))
    except (binascii.Error, ValueError):
        raise ApiError(400, "keys.{name} is not base64url", name=name) from None


async def _checked(body: SubscriptionIn, user_id: int, policy: PushPolicy) -> Subscription:
    """The subscription, or a 400 saying what is wrong with it."""
    try:
        await policy.check_subscription(body.endpoint)
    except PushRefused as error:
        raise ApiError(400, "endpoint: {error}", error=error) from None
    key = _decoded(body.keys.p256dh, "p256dh")
    if len(key) != 65 or key[0] != 4:
        raise ApiError(400, "keys.p256dh is not an uncompressed P-256 public key (65 bytes)")
    if len(_decoded(body.keys.auth, "auth")) != 16:
        raise ApiError(400, "keys.auth is not an authentication secret of 16 bytes")
    return Subscription(user_id, body.endpoint, body.keys.p256dh, body.keys.auth)


def _settings(pusher: Pusher, user_id: int) -> dict[str, Any]:
    store = pusher.store
    return {"kinds": store.kinds(user_id), "devices": len(store.subscriptions(user_id))}


@router.get(
    "/api/push/key",
    summary="The VAPID public key for push subscriptions",
    response_model=PushKey,
)
async def push_key(pusher: PushDep) -> dict[str, str]:
    return {"key": pusher.keys.public}


@router.post(
    "/api/push/subscriptions",
    summary="Subscribe this device to push notifications",
    response_model=PushSettings,
)
async def subscribe(body: SubscriptionIn, user: SignedIn, pusher: PushDep) -> dict[str, Any]:
    subscription = await _checked(body, user.id, pusher.policy)
    await asyncio.to_thread(pusher.store.subscribe, subscription)
    return await asyncio.to_thread(_settings, pusher, user.id)


@router.delete(
    "/api/push/subscriptions",
    summary="Unsubscribe this device",
    response_model=PushSettings,
)
async def unsubscribe(body: EndpointIn, user: SignedIn, pusher: PushDep) -> dict[str, Any]:
    if not await asyncio.to_thread(pusher.store.unsubscribe, user.id, body.endpoint):
        raise ApiError(404, "this device is not subscribed")
    return await asyncio.to_thread(_settings, pusher, user.id)


@router.get(
    "/api/push/settings",
    summary="Which notifications are pushed to my devices",
    response_model=PushSettings,
)
async def get_push_settings(user: SignedIn, pusher: PushDep) -> dict[str, Any]:
    return await asyncio.to_thread(_settings, pusher, user.id)


@router.put(
    "/api/push/settings",
    summary="Switch kinds of push notification on or off",
    response_model=PushSettings,
)
async def put_push_settings(
    body: PushSettingsIn, user: SignedIn, pusher: PushDep
) -> dict[str, Any]:
    unknown = sorted(set(body.kinds) - set(PUSH_KINDS))
    if unknown:
        raise ApiError(
            400,
            "unknown kinds {unknown}: the kinds are {list}",
            unknown=unknown,
            list=list(PUSH_KINDS),
        )
    await asyncio.to_thread(pusher.store.save_kinds, user.id, body.kinds)
    return await asyncio.to_thread(_settings, pusher, user.id)
