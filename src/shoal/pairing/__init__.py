"""Pairing players and scoring events: round robin, Swiss, arena, standings. Pure (no I/O,
no storage, no games), shared by the server's tournaments (:mod:`shoal.server.tournaments`)
and the ``shoal tournament`` command.

* :mod:`.records`: players, pairings, rounds, games and results as values.
* :mod:`.roundrobin`: Berger tables, single and double.
* :mod:`.swiss`: one Swiss round by maximum-weight matching (networkx, imported when a round
  is paired).
* :mod:`.arena`: pairing free players, and the arena's points with a streak bonus.
* :mod:`.standings`: points and tiebreaks (Sonneborn-Berger, Buchholz, cut-1, head-to-head,
  wins).
* :mod:`.simulate`: a whole event with random results, for outside checks.

Named ``pairing``, not ``events``: the server has an events bus (:mod:`shoal.server.events`,
messages between its parts and processes), and "event" would name both. It imports nothing of
the server (an import-linter contract); docs/tournaments.md states the rules in words.
"""
