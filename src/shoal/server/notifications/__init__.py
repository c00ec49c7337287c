"""Notifications (issue 22): stored, pushed live to open pages; correspondence clocks.

* ``routes``: the signed-in player's notifications, live count, read marks; a
  correspondence game's clock.
* ``service``: :class:`Notifier`, notifications stored and pushed to open pages, handed to
  Web Push (:mod:`shoal.server.push`) and mail (:mod:`shoal.server.mail`).
* ``correspondence``: correspondence clocks, ``N`` days per move.
* ``store``: :class:`NoticeStore`; ``models``; ``tables``.

Vacations are their own domain (:mod:`shoal.server.vacation`).
"""
