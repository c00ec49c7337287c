"""The ladders the site shows: the ``shoal ladder`` results files of a folder (:class:`Ladders`).

A results file is ``KEY.json`` in the ``shoal-ladder`` format (docs/ai.md, "The ladder"). A file
that is not one is left out of the list (and said so in the log), never shown half-read. Files
are read again when they change (by their modification time), so a ladder run written into the
folder shows without a restart. Everything here reads the disk: call it from ``def`` routes or
a worker thread.
"""

from __future__ import annotations

import json
import logging
import re
from pathlib import Path
from typing import Annotated, Any

from ..provide import provided

__all__ = ["DEFAULT_RESULTS", "FORMAT", "Ladders", "LaddersDep"]

DEFAULT_RESULTS = Path(__file__).resolve().parent / "results"
"""The ladders shipped with shoal (``shoal serve --ladder DIR`` shows another folder's)."""

FORMAT = "shoal-ladder"
"""The ``format`` field of a results file."""

_KEY = re.compile(r"^[a-z0-9]+(-[a-z_]+=[A-Za-z0-9_.]+)*$")

log = logging.getLogger(__name__)


class Ladders:
    """The results files in ``folder``, read when they change."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self._cache: dict[str, tuple[float, dict[str, Any] | None]] = {}

    def _read(self, path: Path) -> dict[str, Any] | None:
        try:
            mtime = path.stat().st_mtime
        except OSError:
            return None
        cached = self._cache.get(path.name)
        if cached is not None and cached[0] == mtime:
            return cached[1]
        data: dict[str, Any] | None
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError) as error:
            log.warning("ladder results %s cannot be read: %s", path, error)
            data = None
        if data is not None and (
            not isinstance(data, dict)
            or data.get("format") != FORMAT
            or data.get("key") != path.stem
        ):
            log.warning("ladder results %s: not a %s file named after its key", path, FORMAT)
            data = None
        self._cache[path.name] = (mtime, data)
        return data

    def keys(self) -> list[str]:
        """The keys of the ladders there are (``sytran-base=6``...), readable ones only."""
        if not self.folder.is_dir():
            return []
        found = sorted(p.stem for p in self.folder.glob("*.json") if _KEY.match(p.stem))
        return [key for key in found if self.get(key) is not None]

    def get(self, key: str) -> dict[str, Any] | None:
        """The results of the ladder ``key`` (None: there is none)."""
        if not _KEY.match(key):
            return None
        return self._read(self.folder / f"{key}.json")

    def index(self) -> list[dict[str, Any]]:
        """A line per ladder: its game, how many players and games, its best agent."""
        out = []
        for key in self.keys():
            data = self.get(key)
            if data is None:
                continue
            agents = [p for p in data["players"] if not p["anchor"] and p["rating"] is not None]
            out.append(
                {
                    "key": key,
                    "game": data["game"],
                    "title": data["title"],
                    "options": data["options"],
                    "players": len(data["players"]),
                    "games": len(data["games"]),
                    "leader": agents[0]["name"] if agents else None,
                    "finished": data["finished"],
                }
            )
        return out


LaddersDep = Annotated[Ladders, provided(Ladders)]
"""A route parameter of this type receives the app's :class:`Ladders`."""
