"""The web client's folder, named once: :data:`WEB_DIR`, and :func:`page`, an HTML page of it.

Every route that answers a page of the client (``/lobby``, ``/game/{id}``, ...) and the
app's ``/static`` mount read the client from here. A page is served in the reader's language
(:func:`shoal.server.language.language_of`): ``<html lang>`` says it, the shell's ``data-t``
texts (its title) are translated, and the language's catalogue for the client is in the page
(``<script type="application/json" id="shoal-i18n">``, read by ``web/i18n.js``), so that the
page's first paint is already in that language. Each page is made once per language.
"""

from __future__ import annotations

import asyncio
import functools
from pathlib import Path

from fastapi.responses import FileResponse, HTMLResponse
from starlette.requests import HTTPConnection
from starlette.types import Receive, Scope, Send

import shoal.web
from shoal.i18n import catalogue
from shoal.i18n.extract import translate_html

from .language import language_of

__all__ = ["WEB_DIR", "page", "rendered"]

WEB_DIR = Path(shoal.web.__file__).resolve().parent
"""The web client: the package ``shoal/web`` (HTML, CSS, JavaScript modules)."""


@functools.lru_cache(maxsize=512)
def _rendered(path: Path, mtime_ns: int, language: str) -> bytes:
    words = catalogue(language)
    text = translate_html(path.read_text("utf-8"), words.gettext)
    text = text.replace('<html lang="en">', f'<html lang="{language}">', 1)
    said = words.client(games=path.name == "offline.html")  # its games run in the browser
    script = f'<script type="application/json" id="shoal-i18n">{said}</script>\n'
    return text.replace("</head>", script + "</head>", 1).encode("utf-8")


def rendered(name: str, language: str) -> bytes:
    """The page ``name`` in ``language`` (made once per language and version of the file)."""
    path = WEB_DIR / name
    return _rendered(path, path.stat().st_mtime_ns, language)


class Page(FileResponse):
    """A page of the client, made in the language of the request it answers."""

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        language = await language_of(HTTPConnection(scope))
        body = await asyncio.to_thread(rendered, Path(self.path).name, language)
        response = HTMLResponse(body, headers={"Content-Language": language})
        response.headers["Vary"] = "Accept-Language, Cookie"
        kept = (b"content-length", b"content-type", b"content-language", b"vary")
        response.raw_headers.extend((k, v) for k, v in self.raw_headers if k not in kept)
        await response(scope, receive, send)


def page(name: str) -> FileResponse:
    """The client's HTML page ``name`` (e.g. ``"lobby.html"``), in the reader's language."""
    return Page(WEB_DIR / name, media_type="text/html")
