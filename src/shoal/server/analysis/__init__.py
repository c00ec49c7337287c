"""The analysis board (issue 26): any position, a move tree, the engine live.

* ``routes``: positions, record import and export, the engine's socket, the page.
* ``service``: :class:`LiveEngine`, a search in a worker thread, its best turns sent live.
"""
