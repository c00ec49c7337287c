"""What a game tells the AI about how to search it: :class:`AIProfile`, data a game's class
holds (``ai_profile``) and the AI reads without importing the game (DESIGN.md's layers)."""

from __future__ import annotations

import dataclasses

__all__ = ["AIProfile"]


@dataclasses.dataclass(frozen=True)
class AIProfile:
    """What a game tells the AI about how to search it (data, never code imports).

    ``algorithm`` is ``"mcts"`` or ``"alphabeta"``; ``playout_cutoff`` is the
    number of random playout actions after which MCTS stops, at the next end of
    a turn, and scores the position with ``game.evaluate`` (``None``: play out
    to the end);
    ``level_scale`` multiplies the named levels' iteration budgets and their
    time caps per turn, so a game with many turns (Sytran's 95) keeps a whole
    game's thinking time in line with the others. ``level_errors`` multiplies
    the error rates of the levels below the default (the share of decisions
    where beginner or casual plays the move its search rates lowest instead of
    its choice): 0, the default, makes the levels budgets only; a game where
    more search barely changes the result between levels sets it to 1.
    ``level_cutoffs`` and ``level_exploration`` give named levels their own
    ``playout_cutoff`` and ``exploration`` (pairs of level name and value), for
    a game whose levels differ by more than their budgets. ``level_decisive``
    names the levels whose MCTS checks for decisive moves at each expansion
    (an action that ends the game at once becomes a child there and may prove
    the node; see :mod:`shoal.ai.mcts`). ``level_presearch`` gives named levels
    a proof pre-search, ``(depth, max_nodes)``: before its tree search the
    level's MCTS looks for a forced win within ``depth`` atomic actions,
    expanding at most ``max_nodes`` positions (see :mod:`shoal.ai.presearch`).
    """

    algorithm: str = "mcts"
    playout_cutoff: int | None = None
    exploration: float = 1.0
    level_scale: float = 1.0
    alphabeta_depth: int = 6
    level_errors: float = 0.0
    level_cutoffs: tuple[tuple[str, int | None], ...] = ()
    level_exploration: tuple[tuple[str, float], ...] = ()
    level_decisive: tuple[str, ...] = ()
    level_presearch: tuple[tuple[str, tuple[int, int]], ...] = ()

    def cutoff_for(self, level: str) -> int | None:
        """The playout cut-off of the named level (``playout_cutoff`` unless overridden).

        >>> AIProfile(playout_cutoff=4, level_cutoffs=(("max", 16),)).cutoff_for("max")
        16
        >>> AIProfile(playout_cutoff=4, level_cutoffs=(("max", 16),)).cutoff_for("club")
        4
        """
        return dict(self.level_cutoffs).get(level, self.playout_cutoff)

    def exploration_for(self, level: str) -> float:
        """The exploration factor of the named level (``exploration`` unless overridden)."""
        return dict(self.level_exploration).get(level, self.exploration)

    def decisive_for(self, level: str) -> bool:
        """True when the named level's MCTS checks for decisive moves.

        >>> AIProfile(level_decisive=("club", "max")).decisive_for("club")
        True
        >>> AIProfile(level_decisive=("club", "max")).decisive_for("casual")
        False
        """
        return level in self.level_decisive

    def presearch_for(self, level: str) -> tuple[int, int] | None:
        """The named level's proof pre-search, ``(depth, max_nodes)``, or None.

        >>> AIProfile(level_presearch=(("max", (5, 4000)),)).presearch_for("max")
        (5, 4000)
        >>> AIProfile(level_presearch=(("max", (5, 4000)),)).presearch_for("strong") is None
        True
        """
        return dict(self.level_presearch).get(level)
