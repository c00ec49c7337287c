"""Pictures for the SFIRS rules page, built from real positions."""

from __future__ import annotations

from typing import TYPE_CHECKING

from shoal.core import Diagram

if TYPE_CHECKING:
    from .game import Sfirs

__all__ = ["diagrams"]


def diagrams(game: Sfirs) -> list[Diagram]:
    """The rules-page diagrams."""
    return [Diagram("start", "The three regions and the start position.", game.initial())]
