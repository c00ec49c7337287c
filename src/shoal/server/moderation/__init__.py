"""Moderation (issue 61): reports, the moderators' queue, their actions and the audit log, and
what a chat line may hold.

* ``routes``: ``players`` (``POST /api/reports``, ``GET /api/reports``) and ``moderators``
  (``/api/mod/...``, the pages ``/mod`` and ``/mod/log``).
* ``service``: :class:`~.service.Moderation`, the one door (roles, reports, chat screening);
  ``actions`` (each moderator's action, the audit log, what reaches every process);
  ``queue`` (the queue and its context); ``chatrules`` (word lists, links).
* ``ports``: what moderation needs of the other domains, handed to its builder.
* ``store``, ``models``, ``tables``: roles, reports, the log, standings. docs/moderation.md
  is the moderators' and operators' guide.
"""
