"""``shoal admin grant / revoke / roles`` (issue 61), run in the tests' process on a site a
test app filled: a role opens the moderators' queue, its revocation closes it, both are in
the audit log, and every bad request is refused in words and changes nothing."""

from __future__ import annotations

from typing import Any

from shoal.server import create_app
from shoal.server.moderation.store import ModerationStore
from tests.clients import TestClient

from ..server.accounts_helpers import signup
from .inproc import shoal


def test_grant_revoke_and_roles(db_url: str) -> None:
    def admin(*args: str) -> Any:
        return shoal("admin", "--database", db_url, *args)

    app = create_app(db_url)
    with TestClient(app) as alice, TestClient(app) as bobby:
        signup(alice, "alice"), signup(bobby, "bobby")
        assert alice.get("/api/mod/queue").status_code == 403
        assert "nobody has a role" in admin("roles").stdout

        given = admin("grant", "moderator", "Alice")  # any case, as a sign-in
        assert given.returncode == 0 and "alice is now moderator" in given.stdout, given
        again = admin("grant", "moderator", "alice")
        assert again.returncode == 0 and "was moderator already" in again.stdout
        assert alice.get("/api/mod/queue").status_code == 200
        assert alice.get("/api/mod/me").json()["role"] == "moderator"
        listed = [line.split() for line in admin("roles").stdout.splitlines()]
        assert listed == [["alice", "moderator"]]

        # refused, in words, and nothing changes
        for args, code, words in (
            (("grant", "admin", "alice"), 2, "invalid choice: 'admin'"),
            (("grant", "moderator", "nobody"), 1, "there is no user 'nobody'"),
            (("revoke", "moderator", "bobby"), 1, "bobby is not moderator"),
            (("revoke", "operator", "alice"), 1, "alice is not operator"),
            (("revoke", "king", "alice"), 2, "a role is moderator or operator, not 'king'"),
            (("revoke", "a", "b", "c"), 2, "revoke NAME, or revoke ROLE NAME"),
        ):
            refused = admin(*args)
            assert refused.returncode == code and words in refused.stderr, (args, refused)
        assert [line.split() for line in admin("roles").stdout.splitlines()] == listed

        taken = admin("revoke", "moderator", "alice")
        assert taken.returncode == 0 and "alice is no longer moderator" in taken.stdout
        assert alice.get("/api/mod/queue").status_code == 403
        assert "nobody has a role" in admin("roles").stdout

    log = ModerationStore(app.state.context.store.engine).entries()
    assert [(e.moderator, e.action, e.target, e.reason) for e in log] == [
        ("operator", "revoke", "alice", "no longer moderator"),
        ("operator", "grant", "alice", "made moderator"),
    ]
