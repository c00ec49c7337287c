"""Tournaments (issue 42): round robin (single and double), Swiss and arena.

The pure part, with no I/O, which the server and the ``shoal tournament`` command share:

* ``records``: players, pairings, rounds, games and results as values.
* ``roundrobin``: Berger tables, single and double.
* ``swiss``: one Swiss round by maximum-weight matching (networkx).
* ``arena``: pairing free players, and the arena's points with a streak bonus.
* ``standings``: points and tiebreaks (Sonneborn-Berger, Buchholz, cut-1,
  head-to-head, wins).
* ``simulate``: a whole event with random results, for outside checks.

The server's domain:

* ``tables`` (migration ``t0042``), ``store`` (the queries and the claims that make each
  round, result and start happen once across processes), ``schedules`` (recurring events).
* ``service``: :class:`~.service.Tournaments`, the one place where events are made,
  entered, started, paired and scored (``context.tournaments``); ``games``: a pairing's
  game, bot-against-bot games, the no-show's end.
* ``views``: what clients see; ``routes``: ``/api/tournaments...`` and the pages.

docs/tournaments.md states the pairing rules in words and how the server runs events.
"""
