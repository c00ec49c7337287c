"""Games: start one, play it live, its seats, offers, chat, records and replays.

* ``routes``: the HTTP and WebSocket routes (``play``, ``seats``, ``offers``, ``chat``,
  ``records``).
* ``manager``: the loaded games: load, commit, end on time, watchers, listeners.
* ``session``: a live game: its states, seats, clocks and the data each change makes.
* ``service``: the actions between the players, one function each: draw, takeback, abort.
* ``views``: what a client sees: turns, the board after k actions, results, replays.
* ``creation``: new games' stored data, for every way a game starts.
* ``background``: the computer's turns and hints, the clocks' timers.
* ``social``: offers between the players and chat, live (:class:`Social`).
* ``store``: :class:`Store`, the queries of games and records; ``social_store``: offers,
  mutes and chat.
* ``models``: :class:`GameData`, a stored game as plain data, and ``hash_token``.
"""
