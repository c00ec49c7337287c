"""Puzzles (issue 25): positions won by force, an attempt judged, puzzle ratings and streaks.

* ``routes``: the puzzles' API and pages.
* ``store``: :class:`PuzzleStore`, puzzle ratings and streaks; ``tables``.
"""
