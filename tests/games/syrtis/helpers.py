"""Shared helpers for the Syrtis tests: games and hand-built positions."""

from __future__ import annotations

from shoal.games import get
from shoal.games.syrtis import Syrtis, SyrtisState

MAJOR: Syrtis = get("syrtis")  # type: ignore[assignment]
MINOR: Syrtis = get("syrtis", variant="minor")  # type: ignore[assignment]


def load(text: str) -> SyrtisState:
    """A state from a position string; the variant follows from the number of ranks."""
    game = MINOR if len(text.split()[0].split("/")) == 4 else MAJOR
    return game.load(text)


def play(board: str, *, mover: int = 0, streak: str = "-", passes: str = "0,0") -> SyrtisState:
    """A play-phase state with seat 0 as Light."""
    return load(f"{board} play 0 {mover} {streak} {passes} 9")


def legal(state: SyrtisState) -> set[str]:
    """The legal actions as notation."""
    return set(state.legal_texts())


def after(state: SyrtisState, *texts: str) -> SyrtisState:
    """The state after the actions ``texts``, each checked."""
    for text in texts:
        state = state.apply_text(text)
    return state
