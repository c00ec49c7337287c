"""The site's secrets sealed with a site key (issue 57): what a backup of the database holds.

With a key the VAPID private key and the unsubscribe links' key are stored encrypted (a
copy of the database does not hold them in the clear), the server signs with the same keys
across restarts, secrets made before the key are sealed at its first start with it, and a
missing or wrong key stops the start with words. On SQLite and PostgreSQL (where the sealed
unsubscribe key is longer than the column's 128 characters before ``w57_sealed_secrets``).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from sqlalchemy import create_engine, text

from shoal.server import create_app
from shoal.server.db.sealed import KEY_ENV, PREFIX, Sealer, SealError, read_key_file
from shoal.server.mail.service import check_unsubscribe, unsubscribe_token
from tests.clients import TestClient

from .corr_helpers import context


def _key(path: Path, text_: str) -> Path:
    path.write_text(text_ + "\n")
    path.chmod(0o600)
    return path


def _stored(db: str) -> dict[str, str]:
    engine = create_engine(db)
    with engine.connect() as conn:
        rows = dict(conn.execute(text("SELECT name, value FROM shoal_site_secrets")).all())
    engine.dispose()
    return {str(k): str(v) for k, v in rows.items()}


def test_a_site_key_seals_the_secrets_and_a_restart_signs_with_the_same(
    db: str, tmp_path: Path
) -> None:
    with TestClient(create_app(db)) as before:  # a site that ran without a key
        clear_key = before.get("/api/push/key").json()["key"]
        token = unsubscribe_token(context(before).mail.secrets, 7)
    clear = _stored(db)
    assert not any(v.startswith(PREFIX) for v in clear.values())  # as the docs say: in the clear
    key = _key(tmp_path / "site.key", "k" * 44)
    with TestClient(create_app(db, secret_key_file=key)) as sealed:
        assert sealed.get("/api/push/key").json()["key"] == clear_key  # the same pair
        assert check_unsubscribe(context(sealed).mail.secrets, token) == 7  # old links still work
    stored = _stored(db)
    assert set(stored) == {"vapid", "unsubscribe"}
    for name, value in stored.items():
        assert value.startswith(PREFIX) and clear[name] not in value, name
        assert len(value) > 128 or name == "vapid"  # the unsubscribe key needs the wider column
    with TestClient(create_app(db, secret_key_file=key)) as again:
        assert again.get("/api/push/key").json()["key"] == clear_key
    assert _stored(db) == stored  # sealed once
    with pytest.raises(SealError, match=r"the site secret '(vapid|unsubscribe)' is sealed: set"):
        create_app(db)
    other = _key(tmp_path / "other.key", "o" * 44)
    with pytest.raises(SealError, match="was sealed with another site key"):
        create_app(db, secret_key_file=other)


def test_the_key_from_the_environment(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv(KEY_ENV, "e" * 40)
    sealer = Sealer.load()
    assert sealer is not None and sealer.open("n", sealer.seal("n", "v")) == "v"
    with pytest.raises(SealError, match="sealed with another site key"):
        sealer.open("other name", sealer.seal("n", "v"))  # bound to its name
    monkeypatch.delenv(KEY_ENV)
    assert Sealer.load() is None
    loose = tmp_path / "loose.key"
    loose.write_text("l" * 40)
    loose.chmod(0o640)
    with pytest.raises(SealError, match=r"may be read by others \(mode 0640\): chmod 600"):
        read_key_file(loose)
    with pytest.raises(SealError, match="at least 32"):
        Sealer("short")
