"""A command starts without loading what it does not use.

Building the parser of every command (``shoal --help``, ``shoal games``) must not import the
web application, SQLAlchemy or networkx: ``shoal admin``'s parser once read the tournaments'
formats through ``shoal.server``, whose package imported ``create_app``, and every command
paid about 1.5 s of CPU for it.
"""

from __future__ import annotations

import subprocess
import sys

HEAVY = ("shoal.server.app", "fastapi", "sqlalchemy", "networkx")


def test_building_the_parser_imports_no_server_database_or_graph_library() -> None:
    code = (
        "import sys\n"
        "from shoal.cli.main import build_parser\n"
        "build_parser()\n"
        f"print(sorted(m for m in {HEAVY!r} if m in sys.modules))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout
    assert out.strip() == "[]"


def test_the_server_package_still_gives_create_app() -> None:
    """``from shoal.server import create_app`` (and ``DEFAULT_DATABASE``) load on demand."""
    import shoal.server as server

    assert callable(server.create_app)
    assert server.DEFAULT_DATABASE.startswith("sqlite")
    try:
        server.no_such_name  # noqa: B018
    except AttributeError as error:
        assert "no_such_name" in str(error)
    else:
        raise AssertionError("an unknown name of shoal.server must be an AttributeError")
