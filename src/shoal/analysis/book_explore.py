"""The opening book's diversity rule (issue 59): self-play that explores its first plies.

A named level searches deterministically, so a book of its self-play games is one game
played thousands of times (Cyclix's first book: 3,000 games, one line). As AlphaZero's
self-play samples its first moves in proportion to the search's visits, a book game
draws its first :attr:`Explore.plies` atomic actions among the moves its search rates
near the best:

* the candidates are the search's moves in its order of preference (MCTS: most visited
  first, which is the move MCTS plays; alpha-beta: highest value first, each root move
  searched at the level's depth), at most :attr:`Explore.width` of them;
* a candidate after the first is kept only when its value (for the mover, from the
  search) is within :attr:`Explore.margin` of the first's, except at the game's first
  action, where the ``width`` best are all kept: the start is where a book measures the
  openings, and a search's values there are too close to call;
* never a move the search proved lost (nor one after which the game is lost at once);
* one candidate is drawn uniformly, from a generator seeded by the game's seed, so the
  book stays reproducible from its command;
* the candidates of the first :attr:`Explore.shared` actions (1 unless the rule says
  more) are ranked by a search seeded 0 afresh for each position
  (:data:`shoal.analysis.book.OPENER_SEED`), so that two games of the book reaching one
  position rank it alike and the book's tree branches there; later explored actions are
  ranked by each game's own seeded search. (On Sytran's 271 cells, games that ranked from
  their second action with their own searches never met again: a book of one line per
  game from ply 3, issue 59.)

After ``plies`` actions each side plays its search's own choice. The rule is written
in the book's header (``"explore": "8/6/0.1"``: plies, width, margin, and a fourth field
``/S`` when ``shared`` is not 1) and its command.

>>> Explore.parse("8/6/0.1")
Explore(plies=8, width=6, margin=0.1, shared=1)
>>> Explore.parse("off") is None
True
>>> Explore(8, 6, 0.1).words(), Explore(8, 6, 0.1, shared=8).words()
('8/6/0.1', '8/6/0.1/8')
"""

from __future__ import annotations

import dataclasses
import random

from shoal.ai.levels import SearchPlayer
from shoal.ai.players import Player
from shoal.core import Action, State

__all__ = ["DEFAULT_EXPLORE", "Explore", "explore_choice", "ranked_moves"]


@dataclasses.dataclass(frozen=True)
class Explore:
    """How a book game explores its opening (see the module's docstring)."""

    plies: int
    """The atomic actions, from the start, that are drawn among the candidates."""
    width: int
    """The most candidates an action is drawn from."""
    margin: float
    """How far below the best value (for the mover, -1 to 1) a candidate may be."""
    shared: int = 1
    """The first actions whose candidates one search seeded 0 ranks, for every game alike."""

    def __post_init__(self) -> None:
        if self.plies < 1 or self.width < 1 or not 0.0 <= self.margin <= 2.0:
            raise ValueError(
                f"explore is PLIES/WIDTH/MARGIN with PLIES and WIDTH at least 1 and MARGIN "
                f"0 to 2, not {self.words()}"
            )
        if not 1 <= self.shared <= self.plies:
            raise ValueError(
                f"explore's fourth field, the shared plies, is 1 to PLIES, not {self.words()}"
            )

    def words(self) -> str:
        """The rule as the command line writes it: ``PLIES/WIDTH/MARGIN[/SHARED]``."""
        shared = f"/{self.shared}" if self.shared != 1 else ""
        return f"{self.plies}/{self.width}/{self.margin:g}{shared}"

    @classmethod
    def parse(cls, text: str) -> Explore | None:
        """``PLIES/WIDTH/MARGIN[/SHARED]`` (or ``off``: no exploration); ValueError with
        words."""
        if text.strip().lower() == "off":
            return None
        parts = text.split("/")
        try:
            if len(parts) not in (3, 4):
                raise ValueError
            shared = int(parts[3]) if len(parts) == 4 else 1
            return cls(int(parts[0]), int(parts[1]), float(parts[2]), shared)
        except ValueError as error:
            if "explore is" in str(error) or "explore's" in str(error):
                raise
            raise ValueError(
                f"explore is PLIES/WIDTH/MARGIN[/SHARED] (e.g. 8/6/0.1) or off, not {text!r}"
            ) from None


DEFAULT_EXPLORE = Explore(plies=8, width=6, margin=0.1)
"""The rule of the shipped books: the first 8 actions among the 6 best within 0.1."""


@dataclasses.dataclass(frozen=True)
class _Ranked:
    action: Action
    value: float  # for the mover
    lost: bool  # proven lost for the mover


def ranked_moves(player: Player, state: State) -> list[_Ranked]:
    """The moves of ``state`` in the search's order of preference, with their values.

    MCTS: the root's children as its search saw them, its choice first, then the most
    visited (only its choice when a proof pre-search settled the position). Alpha-beta
    (whose search reports only its best move): each legal move's child searched at the
    player's own budget, highest value first. A move that ends the game has its exact
    value. Empty when ``player`` is not a search (a random player).
    """
    if not isinstance(player, SearchPlayer):
        return []
    seat = state.to_move
    assert seat is not None
    result = player.analyse(state)
    if result.algorithm == "mcts":  # its choice first (a proven win, or the most visited)
        visited = [c for c in result.children if c.visits or c.action == result.action]
        visited.sort(key=lambda c: (c.action != result.action, -c.visits, -c.value, c.action))
        return [_Ranked(c.action, c.value, c.proven == "loss") for c in visited]
    ranked = []
    for action in state.legal_actions():
        child = state.child(action)
        if child.outcome is not None:
            value = child.outcome.value_for(seat)
            ranked.append(_Ranked(action, value, value < 0))
            continue
        found = player.analyse(child)
        sign = 1.0 if found.seat == seat else -1.0
        lost = found.proven == ("loss" if sign > 0 else "win")
        ranked.append(_Ranked(action, sign * found.value, lost))
    ranked.sort(key=lambda r: (-r.value, r.action))
    return ranked


def explore_choice(
    player: Player, state: State, ply: int, rule: Explore, rng: random.Random
) -> Action:
    """The action a book game plays at ``ply`` (< ``rule.plies``): drawn among the
    candidates of :func:`ranked_moves` (see the module's docstring)."""
    legal = state.legal_actions()
    if len(legal) == 1:
        return legal[0]
    ranked = ranked_moves(player, state)
    if not ranked:
        return player.choose(state)
    best = ranked[0]
    candidates = [best]
    for move in ranked[1:]:
        if len(candidates) >= rule.width:
            break
        if move.lost or (ply > 0 and move.value < best.value - rule.margin):
            continue
        candidates.append(move)
    return candidates[rng.randrange(len(candidates))].action
