"""Notifications (issue 22): stored, pushed live, mailed; correspondence clocks.

* ``routes``: the signed-in player's notifications, live count, mail settings, unsubscribe.
* ``service``: :class:`Notifier`, notifications stored, pushed and mailed.
* ``mail``: mail over SMTP when the server has settings.
* ``correspondence``: correspondence clocks, ``N`` days per move.
* ``push``: Web Push (issue 43): the VAPID keys, :class:`Pusher`; ``push_routes``,
  ``push_store``, ``push_tables``.
* ``store``: :class:`NoticeStore`; ``tables``.
"""
