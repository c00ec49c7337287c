"""Web Push (issue 43): notifications delivered to a closed browser or the installed app.

* ``routes``: the VAPID key, a device's subscription, which kinds are pushed.
* ``service``: :class:`~.service.Pusher`, the one door (the notifications' service calls
  ``notify`` for each notification it stores), and the site's VAPID keys.
* ``store``, ``tables``: subscriptions and settings (migration r0012).
"""
