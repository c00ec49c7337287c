"""A seek's, challenge's or notification's number beyond the database's INTEGER key is
refused (422) in words, not a server error: the fuzz run found
``POST /api/seeks/9223372036854775808/seat`` failing in the SQLite driver, and PostgreSQL's
INTEGER ends at 2**31 - 1."""

from __future__ import annotations

import pytest

from tests.clients import TestClient

from .accounts_helpers import signup

TOO_LARGE = 2**63
LARGEST = 2**31 - 1
GUEST = {"X-Shoal-Guest": "guest-key-of-r-000000"}


@pytest.mark.parametrize(
    ("method", "path"),
    [
        ("POST", "/api/seeks/{n}/accept"),
        ("POST", "/api/seeks/{n}/seat"),
        ("DELETE", "/api/seeks/{n}"),
        ("POST", "/api/challenges/{n}/accept"),
        ("POST", "/api/challenges/{n}/decline"),
        ("DELETE", "/api/challenges/{n}"),
        ("POST", "/api/notifications/{n}/read"),
    ],
)
def test_a_number_beyond_an_integer_key_is_refused(
    client: TestClient, method: str, path: str
) -> None:
    signup(client, "rowan")
    for number, status in (
        (TOO_LARGE, 422),
        (LARGEST + 1, 422),
        (0, 422),
        (-1, 422),
        (LARGEST, 404),
    ):
        body = {} if method == "POST" else None
        response = client.request(method, path.format(n=number), headers=GUEST, json=body)
        assert response.status_code == status, (number, response.text)
        if status == 422:
            name = path.split("{")[0].rstrip("/").split("/")[-1].rstrip("s")  # seek, challenge...
            word = "smaller" if number > 0 else "at least"
            assert f"{name.replace('notification', 'notice')}_id must be" in response.text
            assert word in response.text, response.text
