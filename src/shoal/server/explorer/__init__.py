"""The opening explorer (issue 44): the tree of the site's finished games and the shipped books.

``routes`` (``GET /api/explorer/{game}``), ``service`` (lookups, counting a game
that ended), ``store`` (the counts in the database), ``tables``.
"""
