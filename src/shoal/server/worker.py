"""The app factory of ``shoal serve --workers N``: each uvicorn worker process builds its app.

``shoal serve`` puts its settings in the environment variable :data:`SETTINGS_ENV`
(JSON of :func:`create_app <shoal.server.app.create_app>`'s arguments) and starts
uvicorn with ``shoal.server.worker:app`` as a factory; every worker reads them.
"""

from __future__ import annotations

import json
import os
from typing import Any

from fastapi import FastAPI

from .app import create_app

__all__ = ["SETTINGS_ENV", "app"]

SETTINGS_ENV = "SHOAL_SERVE_SETTINGS"
"""The environment variable that carries the settings to the workers."""


def app() -> FastAPI:
    """A new app from the settings in :data:`SETTINGS_ENV` (the uvicorn factory)."""
    settings: dict[str, Any] = json.loads(os.environ[SETTINGS_ENV])
    database_url = settings.pop("database_url")
    return create_app(database_url, **settings)
