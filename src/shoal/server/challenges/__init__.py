"""Challenges (issue 22): one account challenges another by name; accepted, declined, expired.

* ``routes``: the challenges' API and the challenge page.
* ``service``: the actions, one function each (create, accept, decline, withdraw), called by
  the web routes, the Bot API and the server's own bots alike.
* ``store``: :class:`ChallengeStore`; ``models``: :class:`Challenge`; ``tables``.
"""
