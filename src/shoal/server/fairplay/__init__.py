"""Fair play (issue 61): two signals into the moderators' queue, never a sanction.

* ``service``: :class:`~.service.FairPlay`. After each rated game, in the background and
  behind the server's search queue, each side's agreement with the engine and accuracy
  (:mod:`shoal.analysis.fairplay`), and the test of the player's last rated games; the
  browser's signal (the player's own rated or event game analysed in another tab).
* ``routes``: ``POST /api/games/{id}/fairplay`` (the browser's signal), ``GET
  /api/games/{id}/fairplay`` (whether the page should watch for it).
* the measurement of docs/fairplay.md (``shoal fairplay measure``) drives a whole app:
  :mod:`shoal.server.fairplay_measure`, beside the assembly.
* ``store``, ``tables``: ``shoal_fairplay``.

Bots (programs and the server's own) are exempt: their seats are never checked.
"""
