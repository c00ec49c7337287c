"""Mail (issues 22, 43): turns, challenges, tournament games and digests by SMTP, when the
server has SMTP settings.

* ``routes``: an account's address and mail settings, its digest mode, unsubscribing.
* ``service``: :class:`~.service.Mailer`, the one door (every mail goes through it, once
  per key across processes), and the digests' sweep; :func:`~.service.build`.
* ``digest``: the accounts' turn-mail modes and the digests due.
* ``store``, ``tables``: mail settings, mails sent, digests.
"""
