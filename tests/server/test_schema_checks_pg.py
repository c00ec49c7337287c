"""The schemathesis run of :mod:`test_schema_checks` on PostgreSQL (issue 38, item 10: the
fuzz runs against PostgreSQL as well, where a NUL byte once answered 500).

Every operation, every check, the same allowances; one generated case per operation and
phase here (the SQLite run has three), so the whole schema is walked on both databases
within a bounded time. The cases come from the schema (the same on both databases); each
is sent to an app on a fresh migrated PostgreSQL database, made once for the module.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, settings

from shoal.server import create_app

from ..pg import PostgresServer
from .test_schema_checks import ALL_CHECKS, CONFIG, schemathesis

schema = schemathesis.openapi.from_asgi(
    "/openapi.json", create_app("sqlite://", games_per_client=0), config=CONFIG
)


@pytest.fixture(scope="module")
def postgres_app(postgres_server: PostgresServer) -> Any:
    """The app on a fresh migrated PostgreSQL database; the schema's cases go to it."""
    return create_app(postgres_server.new_database(migrated=True), games_per_client=0)


@schema.parametrize()
@settings(max_examples=1, deadline=None, derandomize=True, suppress_health_check=list(HealthCheck))
def test_conforms_on_postgres(case: Any, postgres_app: Any) -> None:
    body = case.body if isinstance(case.body, dict) else {}
    if isinstance(body.get("seed"), int) and body["seed"] >= 2**63:
        body["seed"] = 2**63 - 1  # as in test_schema_checks: the generator's float bound
    case.call_and_validate(checks=ALL_CHECKS, app=postgres_app)  # to PostgreSQL
