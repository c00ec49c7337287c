"""Tournaments: round robin (single and double), Swiss and arena.

The pure part, with no I/O, which the server's tournament domain and the ``shoal
tournament`` command share:

* ``records``: players, pairings, rounds, games and results as values.
* ``roundrobin``: Berger tables, single and double.
* ``swiss``: one Swiss round by maximum-weight matching (networkx).
* ``arena``: pairing free players, and the arena's points with a streak bonus.
* ``standings``: points and tiebreaks (Sonneborn-Berger, Buchholz, cut-1,
  head-to-head, wins).
* ``simulate``: a whole event with random results, for outside checks.

docs/tournaments.md states the pairing rules in words.
"""
