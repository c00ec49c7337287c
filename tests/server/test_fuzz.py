"""Fuzzing the API from its OpenAPI schema (schemathesis): no input ever causes a 5xx."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, settings

from shoal.server import create_app

schemathesis = pytest.importorskip("schemathesis")
from schemathesis.checks import not_a_server_error  # noqa: E402

schema = schemathesis.openapi.from_asgi("/openapi.json", create_app("sqlite://"))


@schema.parametrize()
@settings(max_examples=12, deadline=None, suppress_health_check=list(HealthCheck))
def test_no_server_errors(case: Any) -> None:
    case.call_and_validate(checks=[not_a_server_error])
