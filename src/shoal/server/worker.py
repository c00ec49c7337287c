"""The app factory of ``shoal serve --workers N``: each uvicorn worker process builds its app.

``shoal serve`` puts its settings in the environment variable :data:`SETTINGS_ENV`
(JSON of :func:`create_app <shoal.server.app.create_app>`'s arguments) and starts
uvicorn with ``shoal.server.worker:app`` as a factory; every worker reads them.

Every server process then sets its built app aside from the garbage collector
(:func:`served`): the catalogues, books, translations and routes building it made (about
190,000 objects) live as long as the process, and a full collection that walked them took
57 ms of a paused event loop each time (``gc.collect()`` after ``create_app``, this
machine), for nothing to collect.
"""

from __future__ import annotations

import gc
import json
import os
from typing import Any

from fastapi import FastAPI

from .app import create_app

__all__ = ["SETTINGS_ENV", "app", "served"]

SETTINGS_ENV = "SHOAL_SERVE_SETTINGS"
"""The environment variable that carries the settings to the workers."""


def app() -> FastAPI:
    """A new app from the settings in :data:`SETTINGS_ENV` (the uvicorn factory)."""
    settings: dict[str, Any] = json.loads(os.environ[SETTINGS_ENV])
    database_url = settings.pop("database_url")
    return served(create_app(database_url, **settings))


def served(built: FastAPI) -> FastAPI:
    """``built``, the app of a server process, once everything made so far is frozen out of
    the collector's generations (:func:`gc.freeze`): only the objects of the games, pages and
    requests to come are walked by its collections. Not for the tests' apps, many to a
    process: what is frozen is never collected."""
    gc.collect()
    gc.freeze()
    return built
