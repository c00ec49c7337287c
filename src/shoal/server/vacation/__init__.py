"""Vacations (issue 43): a yearly allowance of days; while away, the player's correspondence
clocks stop.

* ``routes``: ``/api/vacation`` (the state, start, end).
* ``service``: :class:`~.service.Vacations`, the one door: it books and ends vacations and
  moves the correspondence deadlines through the correspondence clocks' service.
* ``store``, ``tables``: an account's row of the year (migration r0012).
"""
