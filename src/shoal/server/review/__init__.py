"""Game review (issue 26): a finished game or an uploaded record, reviewed once.

* ``routes``: starting a review, reading it.
* ``service``: :class:`Reviewer`, reviews as background jobs.
* ``store``: :class:`ReviewStore`; ``tables``.
"""
