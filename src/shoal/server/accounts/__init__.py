"""Accounts: signing up and in, sessions, passwords, profiles and the seats accounts hold.

* ``routes``: ``auth`` (sign up, in, out, passwords) and ``users`` (``/api/me``, profiles).
* ``service``: name and password rules, Argon2id, sessions, the routes' guards.
* ``claims``: a guest's seats move to the account; a deleted account's go neutral.
* ``models``: :class:`User`, what other domains know of an account.
* ``store``: :class:`AccountStore`; ``attempts``: sign-in attempts counted in the database.
* ``tables``, ``attempt_tables``: their SQLAlchemy tables.
"""
