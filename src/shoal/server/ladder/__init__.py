"""The ladder's pages (issue 63): the results of ``shoal ladder`` runs, per game, on the site.

:mod:`.service` reads the results files (``shoal serve --ladder DIR``; by default the ladders
shipped in ``results/``), :mod:`.routes` serves them as ``/api/ladder`` and the ``/ladder``
pages. The ladder itself runs outside the server (:mod:`shoal.ladder`).
"""
