"""Tournaments (issue 42): round robin (single and double), Swiss and arena: the server's
domain. The pairers and standings are the pure package :mod:`shoal.pairing`, which the
``shoal tournament`` command shares.

* ``tables`` (migration ``t0042``), ``store`` (the queries and the claims that make each
  round, result and start happen once across processes), ``schedules`` (recurring events).
* ``service``: :class:`~.service.Tournaments`, the one place where events are made,
  entered, started, paired and scored (:class:`~.service.Tournaments`); ``games``: a pairing's
  game, bot-against-bot games, the no-show's end.
* ``views``: what clients see; ``routes``: ``/api/tournaments...`` and the pages.

docs/tournaments.md states the pairing rules in words and how the server runs events.
"""
