"""The web client's folder, named once: :data:`WEB_DIR`, and :func:`page`, an HTML page of it.

Every route that answers a page of the client (``/lobby``, ``/game/{id}``, ...) and the
app's ``/static`` mount read the client from here.
"""

from __future__ import annotations

from pathlib import Path

from fastapi.responses import FileResponse

import shoal.web

__all__ = ["WEB_DIR", "page"]

WEB_DIR = Path(shoal.web.__file__).resolve().parent
"""The web client: the package ``shoal/web`` (HTML, CSS, JavaScript modules)."""


def page(name: str) -> FileResponse:
    """The client's HTML page ``name`` (e.g. ``"lobby.html"``)."""
    return FileResponse(WEB_DIR / name, media_type="text/html")
