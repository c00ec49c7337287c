"""A registry of games with lazy imports.

Metadata is data: each entry names the game's id, title, the module that holds
it and whether it is listed by default. Importing the registry imports no game;
``get`` imports the one asked for.

>>> reg = Registry([GameEntry("connect4", "Connect Four", "shoal.games.connect4", listed=False)])
>>> reg.ids(), reg.ids(all=True)
((), ('connect4',))
"""

from __future__ import annotations

import dataclasses
import importlib
from collections.abc import Iterable, Mapping
from typing import Any

from .errors import UnknownGameError
from .game import Game

__all__ = ["GameEntry", "Registry"]


@dataclasses.dataclass(frozen=True)
class GameEntry:
    """One game of the registry: ``module`` must define ``GAME_CLASS``."""

    id: str
    title: str
    module: str
    listed: bool = True


class Registry:
    """Games by id; ``get(id, **options)`` builds a game with validated options."""

    def __init__(self, entries: Iterable[GameEntry]) -> None:
        self._entries = {entry.id: entry for entry in entries}

    def ids(self, *, all: bool = False) -> tuple[str, ...]:
        """The game ids, in registry order; unlisted games (calibration) only with ``all``."""
        return tuple(e.id for e in self._entries.values() if all or e.listed)

    def entry(self, game_id: str) -> GameEntry:
        """The entry of ``game_id`` (raises UnknownGameError)."""
        try:
            return self._entries[game_id]
        except KeyError:
            known = ", ".join(self.ids(all=True))
            raise UnknownGameError(f"unknown game {game_id!r} (games: {known})") from None

    def game_class(self, game_id: str) -> type[Game]:
        """The Game subclass of ``game_id``, imported on first use."""
        module = importlib.import_module(self.entry(game_id).module)
        cls: type[Game] = module.GAME_CLASS
        return cls

    def get(self, game_id: str, **options: Any) -> Game:
        """The game ``game_id`` with the given options (values may be strings)."""
        return self.game_class(game_id).with_options(options)

    def from_mapping(self, game_id: str, options: Mapping[str, Any]) -> Game:
        """Like :meth:`get`, with options in a mapping."""
        return self.game_class(game_id).with_options(options)
