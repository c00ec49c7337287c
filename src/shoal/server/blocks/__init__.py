"""Blocks (issue 61): a player blocks another, who then cannot challenge them, chat to them or
see their seeks, and the lobby never pairs the two (in events they still play: lichess's
rule).

* ``routes``: ``GET /api/blocks``, ``PUT /api/blocks/{username}``, ``DELETE
  /api/blocks/{username}``; the page ``/me/blocks``.
* ``service``: :class:`~.service.Blocks`, the one door of blocking and of asking who blocks
  whom (the lobby, challenges and chat ask it).
* ``store``, ``tables``: the rows ``shoal_blocks``.
"""
