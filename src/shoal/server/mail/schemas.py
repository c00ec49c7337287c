"""The answers of the mail"s routes: mail settings, digests."""

from __future__ import annotations

from ..schemas import Out

__all__ = ["Digest", "MailSettingsOut"]


class MailSettingsOut(Out):
    """The mail settings, and whether this server sends mail at all."""

    email: str
    mail_turns: bool
    mail_challenges: bool
    server_sends_mail: bool


class Digest(Out):
    """How turns are mailed: each, as a digest every ``hours``, or not at all."""

    mode: str
    hours: int
