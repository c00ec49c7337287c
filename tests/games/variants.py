"""Every option choice of a game, for tests that go over all of them."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator

from shoal import games
from shoal.core import Game


def variants(game_id: str) -> Iterator[Game]:
    """The game with its default options, then with each other choice of each option."""
    base = games.get(game_id)
    yield base
    for f in dataclasses.fields(base.options):
        for choice in f.metadata.get("choices") or ():
            if choice != getattr(base.options, f.name):
                yield games.get(game_id, **{f.name: choice})
