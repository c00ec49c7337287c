"""The routes of moderation: ``players`` (reports) and ``moderators`` (the queue, the actions,
the audit log and its export, the pages ``/mod`` and ``/mod/log``)."""
