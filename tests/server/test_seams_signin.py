"""Issue 38, item 6: nobody can lock an account out by guessing its password.

Before: 8 attempts per account per 10 minutes, successful ones included, then the right
password from a new address got 429 for ~8 minutes. Now only failures count: per address,
per account and address, and per account from devices that never signed in to it; a device
that signed in before is never stopped by guesses made elsewhere (docs/security.md).
"""

from __future__ import annotations

from typing import Any

from shoal.server import create_app
from shoal.server.accounts.service import DEVICE_COOKIE
from tests.clients import TestClient

from .accounts_helpers import PASSWORD, error, login, signup


def from_address(app: Any, address: str) -> TestClient:
    return TestClient(app, client=(address, 50000))


def test_successful_sign_ins_count_nothing(db: str) -> None:
    """Rule: only failures count: twelve right sign-ins in a row all pass."""
    app = create_app(db)
    with from_address(app, "10.0.0.1") as owner:
        assert signup(owner, "alice").status_code == 201
        for _ in range(12):
            owner.cookies.clear()
            assert login(owner, "alice").status_code == 200


def test_guesses_from_many_addresses_never_lock_out_the_owners_device(db: str) -> None:
    """Rule: the account-wide limit stops guesses from many addresses, but a device that
    signed in to the account before still signs in with the right password; the owner's
    own mistakes at her address stop only her address."""
    app = create_app(db)
    with from_address(app, "10.0.0.1") as owner:
        assert signup(owner, "alice").status_code == 201
        device = owner.cookies.get(DEVICE_COOKIE)
        assert device
        for n in range(40):  # 40 addresses, one wrong guess each
            with from_address(app, f"192.0.2.{n}") as guesser:
                answer = login(guesser, "alice", "wrong guess")
                assert answer.status_code in (401, 429), answer.text
        with from_address(app, "198.51.100.7") as stranger:  # a new device: stopped
            refused = login(stranger, "alice")
            error(refused, 429, "from new devices")
            assert int(refused.headers["Retry-After"]) > 0
        owner.cookies.delete("shoal_session")
        assert login(owner, "alice").status_code == 200  # her known device: in
        with from_address(app, "203.0.113.9") as elsewhere:  # her device on another network
            elsewhere.cookies.set(DEVICE_COOKIE, device)
            assert login(elsewhere, "alice").status_code == 200


def test_the_owners_typos_cost_only_her_address(db: str) -> None:
    """Rule: 8 failures from one address stop that address for that account only; the same
    account signs in from another address, another account from the same one."""
    app = create_app(db)
    with from_address(app, "10.0.0.1") as typist, from_address(app, "10.0.0.2") as other:
        assert signup(other, "bobby").status_code == 201
        assert signup(other, "alice").status_code == 201
        for _ in range(8):
            error(login(typist, "alice", "typo typo"), 401, "wrong username or password")
        error(login(typist, "alice"), 429, "for this account from your address")
        assert login(typist, "bobby").status_code == 200
        other.cookies.clear()
        assert login(other, "alice", PASSWORD).status_code == 200
