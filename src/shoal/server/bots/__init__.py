"""Bots (issue 23): accounts that programs or the server's own AI play, the Bot API.

* ``routes``: the Bot API (tokens, event and game streams, moves) and the bots page.
* ``service``: :class:`Bots`, the shoal-LEVEL bots and the events streamed to bots.
* ``store``: :class:`BotStore`, bot accounts and their API tokens; ``tables``.
"""
