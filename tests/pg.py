"""A private PostgreSQL server for the tests: initdb and pg_ctl in a temporary directory.

Run as root, the server runs as the unprivileged user ``nobody`` (PostgreSQL refuses
root), on a free TCP port of 127.0.0.1 with trust authentication for local connections
only. Each test gets a fresh database on it (:func:`PostgresServer.new_database`): an empty
one, or with ``migrated=True`` a copy (``CREATE DATABASE ... TEMPLATE``) of a database the
server's migrations brought to the newest revision once per server, so that the tests that
are not about migrations do not run them all again.

The cluster lives in memory (/dev/shm, where there is room) and the ``db_url`` databases are
dropped when their test ends (:meth:`PostgresServer.drop_database`): a copied database is
about 14 MB and 300 files, and a run makes some 450 of them. On disk their copies cost about
0.11 s each and their removal at the end of the session 0.05 s each (21 s at one worker's
last test); in memory 0.07 s and 0.02 s, and the memory stays that of a few databases.

Without PostgreSQL's binaries the tests that need it skip with the reason, unless
``SHOAL_REQUIRE_POSTGRES=1`` (as in ``scripts/test``): then they fail.
"""

from __future__ import annotations

import itertools
import os
import shutil
import socket
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

__all__ = ["PostgresServer", "find_bin_dir", "postgres_server"]

_COUNTER = itertools.count()


def find_bin_dir() -> Path | None:
    """The folder of ``initdb`` and ``pg_ctl``: the PATH, else /usr/lib/postgresql/N/bin."""
    on_path = shutil.which("initdb")
    if on_path and shutil.which("pg_ctl"):
        return Path(on_path).resolve().parent
    candidates = sorted(Path("/usr/lib/postgresql").glob("*/bin/initdb"), reverse=True)
    return candidates[0].parent if candidates else None


MEMORY = Path("/dev/shm")
"""Linux's shared-memory file system, where the clusters go when it has room."""
MEMORY_NEEDED = 2 << 30
"""The free bytes /dev/shm must have for a cluster: a few live databases and the WAL."""


def _cluster_parent() -> str | None:
    """/dev/shm when it is there, writable and has room; else None (the temporary folder)."""
    try:
        if os.access(MEMORY, os.W_OK) and shutil.disk_usage(MEMORY).free >= MEMORY_NEEDED:
            return str(MEMORY)
    except OSError:
        pass
    return None


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


class PostgresServer:
    """One PostgreSQL cluster in a temporary directory, started and stopped by the tests."""

    def __init__(self, bin_dir: Path) -> None:
        self.bin_dir = bin_dir
        self.root = Path(tempfile.mkdtemp(prefix="shoal-pg-", dir=_cluster_parent()))
        self.data = self.root / "data"
        self.port = _free_port()
        self.as_user: list[str] = []
        self.template: str | None = None  # the migrated database the others copy
        if os.geteuid() == 0:  # initdb and postgres refuse to run as root
            shutil.chown(self.root, "nobody")
            self.as_user = ["runuser", "-u", "nobody", "--"]

    def _run(self, *args: str) -> None:
        result = subprocess.run(
            [*self.as_user, *args], capture_output=True, text=True, cwd=self.root, check=False
        )
        if result.returncode != 0:
            raise RuntimeError(f"{' '.join(args[:2])} failed: {result.stdout}{result.stderr}")

    def start(self) -> PostgresServer:
        initdb = str(self.bin_dir / "initdb")
        self._run(initdb, "-D", str(self.data), "-U", "shoal", "--auth=trust", "-E", "UTF8")
        options = (
            f"-p {self.port} -c listen_addresses=127.0.0.1 -c unix_socket_directories={self.root}"
            " -c fsync=off -c full_page_writes=off -c max_connections=200"
        )
        self._run(
            str(self.bin_dir / "pg_ctl"),
            *("-D", str(self.data), "-l", str(self.root / "log"), "-o", options, "-w", "start"),
        )
        return self

    def stop(self) -> None:
        try:
            self._run(str(self.bin_dir / "pg_ctl"), "-D", str(self.data), "-m", "fast", "stop")
        finally:
            shutil.rmtree(self.root, ignore_errors=True)

    def url(self, database: str = "postgres", *, unix: bool = False) -> str:
        """The SQLAlchemy URL of ``database`` on this server (driver psycopg 3): over TCP,
        or (``unix``) through the server's Unix socket, as docs/operations.md deploys it."""
        if unix:
            return f"postgresql+psycopg://shoal@/{database}?host={self.root}&port={self.port}"
        return f"postgresql+psycopg://shoal@127.0.0.1:{self.port}/{database}"

    def new_database(self, *, migrated: bool = False, unix: bool = False) -> str:
        """A fresh database's URL (``unix``: through the Unix socket): empty, or
        (``migrated``) at the newest revision."""
        import psycopg

        template = self._template() if migrated else None
        name = f"t{os.getpid()}_{next(_COUNTER)}"
        with psycopg.connect(
            f"host=127.0.0.1 port={self.port} user=shoal dbname=postgres", autocommit=True
        ) as conn:
            copy = f' TEMPLATE "{template}"' if template else ""
            conn.execute(f'CREATE DATABASE "{name}"{copy}')
        return self.url(name, unix=unix)

    def drop_database(self, url: str) -> None:
        """Drop the database of ``url`` (made by :meth:`new_database`), its connections cut."""
        import psycopg

        name = url.rsplit("/", 1)[1]
        with psycopg.connect(
            f"host=127.0.0.1 port={self.port} user=shoal dbname=postgres", autocommit=True
        ) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')

    def _template(self) -> str:
        """The template database (tests/template.py: migrated, with the computer bots), made
        on first use (no connection stays open to it: PostgreSQL copies only a database
        nobody is connected to)."""
        if self.template is None:
            from .template import prepare

            name = self.new_database().rsplit("/", 1)[1]
            prepare(self.url(name))
            self.template = name
        return self.template


def _unavailable() -> str | None:
    if find_bin_dir() is None:
        return "PostgreSQL is not installed (initdb/pg_ctl not found; scripts/setup installs it)"
    try:
        import psycopg  # noqa: F401
    except ImportError:
        return "the psycopg driver is not installed (pip install 'shoal[postgres]')"
    return None


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[PostgresServer]:
    """The session's private PostgreSQL server (skips, or fails when it is required)."""
    reason = _unavailable()
    if reason is not None:
        if os.environ.get("SHOAL_REQUIRE_POSTGRES") == "1":
            pytest.fail(f"SHOAL_REQUIRE_POSTGRES=1 but {reason}")
        pytest.skip(reason)
    bin_dir = find_bin_dir()
    assert bin_dir is not None
    server = PostgresServer(bin_dir).start()
    yield server
    server.stop()
