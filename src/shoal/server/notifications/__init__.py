"""Notifications (issue 22): stored, pushed live, mailed; correspondence clocks.

* ``routes``: the signed-in player's notifications, live count, mail settings, unsubscribe.
* ``service``: :class:`Notifier`, notifications stored, pushed and mailed.
* ``mail``: mail over SMTP when the server has settings.
* ``correspondence``: correspondence clocks, ``N`` days per move.
* ``store``: :class:`NoticeStore`; ``tables``.
"""
