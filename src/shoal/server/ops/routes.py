"""The operator's routes: ``GET /healthz``, ``GET /readyz`` and ``GET /metrics``.

* ``/healthz``: 200 ``{"status": "alive"}`` whenever the process answers (no database).
* ``/readyz``: 200 ``{"status": "ready", "revision", "head"}`` when the database answers at
  the migrations' head; 503 with the reason in ``detail`` otherwise (:mod:`.health`).
* ``/metrics``: Prometheus' text format (:mod:`.metrics`), only for a scraper that shows the
  operator's token (``Authorization: Bearer TOKEN``; ``shoal serve --metrics-token-file`` or
  ``SHOAL_METRICS_TOKEN``) or comes from an address of ``--metrics-allow``. Anyone else gets
  401 (a token is set: show it) or 403 (no token is set, or the address is not allowed);
  with neither setting, metrics are closed to everyone.
"""

from __future__ import annotations

import hmac
import ipaddress
from typing import Any

from fastapi import APIRouter, Request, Response
from pydantic import BaseModel

from ..errors import ApiError, refusals
from ..params import client_address
from ..settings import Settings
from .metrics import CONTENT_TYPE, exposition
from .service import Ops, OpsDep

__all__ = ["Alive", "ReadyBody", "check_metrics_access", "router"]

router = APIRouter(tags=["operations"])


class Alive(BaseModel):
    """The process answers."""

    status: str


class ReadyBody(BaseModel):
    """The database answers at the migrations' head."""

    status: str
    revision: str
    head: str


@router.get("/healthz", summary="The process answers (liveness)", response_model=Alive)
async def healthz() -> dict[str, str]:
    return {"status": "alive"}


@router.get(
    "/readyz",
    summary="The database answers at the migrations' head (readiness)",
    response_model=ReadyBody,
    responses=refusals(503),
)
async def readyz(ops: OpsDep) -> dict[str, Any]:
    found = await ops.readiness.check()
    if not found.ready:
        raise ApiError(503, found.reason or "not ready", {"Retry-After": "5"})
    return {"status": "ready", "revision": found.revision, "head": found.head}


def check_metrics_access(request: Request, access: Ops | Settings) -> None:
    """Let the operator's scraper through; refuse anyone else (401 or 403, see the module):
    ``access`` holds the ``metrics_token`` and ``metrics_allow`` (the app's :class:`Ops`)."""
    if access.metrics_allow:
        try:
            address = ipaddress.ip_address(client_address(request))
        except ValueError:
            address = None
        if address is not None and any(
            address in ipaddress.ip_network(allowed, strict=False)
            for allowed in access.metrics_allow
        ):
            return
    if access.metrics_token:
        scheme, _, given = request.headers.get("authorization", "").partition(" ")
        if scheme.lower() == "bearer" and hmac.compare_digest(
            given.strip().encode(), access.metrics_token.encode()
        ):
            return
        raise ApiError(
            401,
            "the metrics need the operator's token (Authorization: Bearer TOKEN)",
            {"WWW-Authenticate": 'Bearer realm="shoal metrics"'},
        )
    if access.metrics_allow:
        raise ApiError(403, "the metrics are open only to the operator's addresses")
    raise ApiError(
        403,
        "the metrics are closed: the operator sets a token (SHOAL_METRICS_TOKEN) or the "
        "addresses allowed (--metrics-allow) to open them",
    )


@router.get("/metrics", include_in_schema=False)
def metrics(request: Request, ops: OpsDep) -> Response:
    check_metrics_access(request, ops)
    return Response(exposition(), media_type=CONTENT_TYPE)
