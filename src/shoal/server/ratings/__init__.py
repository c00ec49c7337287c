"""Ratings (issue 23): which games count, settling their end, leaderboards and histories.

* ``routes``: leaderboards, a game's rating changes, rating histories.
* ``service``: which games count, their speed, settling their end.
* ``store``: :class:`RatingStore`; ``tables``.
"""
