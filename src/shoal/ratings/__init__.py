"""Ratings of players and puzzles: Glicko-2, pure (no storage, no games, no I/O).

Modules: :mod:`.glicko2` (the rating, one rating period's update, expected scores).
"""

from __future__ import annotations

from .glicko2 import DEFAULT, PROVISIONAL_RD, Rating, Result, expected_score, update

__all__ = ["DEFAULT", "PROVISIONAL_RD", "Rating", "Result", "expected_score", "update"]
