"""The operator's side of a site: bans, the player's data, closing accounts, deleting games.

* ``actions``: the actions, written once (``shoal admin``, a player's own deletion, later a
  moderator's page): :func:`~.actions.close_account`, :func:`~.actions.delete_game`,
  :func:`~.actions.ban_address`...
* ``export``: everything the site holds about a player, one JSON document.
* ``notes``: what every server process must learn of a change made elsewhere (a note in
  the database, announced through PostgreSQL's ``NOTIFY`` and read on a tick).
* ``live``: a server process's side: the bans in force, the open sockets, the notes read.
* ``guard``: the ASGI middleware that refuses banned ranges and keeps the open sockets.
* ``bans``, ``tables``: the banned ranges; the tables ``shoal_admin_notes``, ``shoal_bans``.
"""
