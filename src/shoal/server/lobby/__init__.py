"""The lobby (issue 22): time controls, open seeks listed live, games agreed between two.

* ``routes``: the seeks' API and live socket, the lobby page.
* ``service``: :class:`Lobby`, time controls, starting a game agreed between two, taking a
  seek (:func:`take_seek`, for the web and bot programs alike).
* ``store``: :class:`LobbyStore`, the queries of seeks; ``models``: :class:`Seek`; ``tables``.
"""
