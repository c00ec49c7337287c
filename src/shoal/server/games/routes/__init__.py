"""The routes of games, one module per part.

* ``play``: starting a game, its view, actions, undo, resignation, hints, the live socket.
* ``seats``: claiming an online game's invite link (once), the rematch.
* ``offers``: draw offers, takeback requests, aborts between the players.
* ``chat``: a game's chat rooms, mutes, and the social socket (offers and chat live).
* ``records``: a game's record and replay; uploaded records.
"""
