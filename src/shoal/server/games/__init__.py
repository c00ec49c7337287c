"""Games: start one, play it live, its seats, offers, chat, records and replays.

* ``env``: :class:`~.env.Games`, the domain as the app builds it (``build``), and
  ``GamesDep`` (what a route asks for).
* ``routes``: the HTTP and WebSocket routes (``play``, ``seats``, ``offers``, ``chat``,
  ``records``).
* ``moves``: the one door of a move: ``play`` (the page, the socket, the Bot API) and
  ``commit_actions`` (every move's actions, the computer's too); ``changes``: the prelude
  of every change (lock, catch up, seat, version, clock).
* ``start``: every online game agreed between two sides starts here (a seek, a challenge,
  a tournament's pairing); ``creation``: new games' stored data, for every way a game starts.
* ``manager``: the loaded games: load, commit, catch up, end on time, watchers, listeners.
* ``session``: a live game: its states, seats, clocks and the data each change makes.
* ``service``: the ends and offers, one function each: resign, draw, takeback, abort.
* ``views``: what a client sees: turns, the board after k actions, results, replays.
* ``background``: the computer's turns in every game it plays (one loop) and hints, the
  clocks' timers; ``correspondence`` and ``clock_store``: days per move.
* ``social``: offers between the players and chat, live (:class:`Social`); ``uploads``:
  uploaded records.
* ``store``: :class:`Store`, the queries of games and records; ``social_store``: offers,
  mutes and chat; ``tables``: the games', records', offers', chat's and clocks' tables.
* ``models``: :class:`GameData`, a stored game as plain data, ``Deadline``, ``hash_token``.
"""
