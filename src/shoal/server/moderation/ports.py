"""What moderation needs of the other domains, handed to its builder (:class:`Ports`).

Moderation acts on accounts, chat lines, studies, ratings and notifications, and reads games
and fair-play figures: each through one function given here by the app, so this domain
imports no other domain's store and is built with exactly what it uses.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Awaitable, Callable, Sequence
from typing import Any

from shoal.i18n import Text

from ..accounts.models import User
from ..games.models import GameData
from ..games.social_store import ChatLine
from ..studies.models import Study

__all__ = ["Ports"]


@dataclasses.dataclass(frozen=True)
class Ports:
    """The other domains, as moderation sees them (blocking calls run in worker threads)."""

    find: Callable[[str], User | None]
    """An account by name (any case), deleted ones included."""
    user: Callable[[int], User | None]
    """An account by id."""
    names: Callable[[Sequence[int]], dict[int, str]]
    """Usernames by id."""
    is_bot: Callable[[int], bool]
    """Whether an account is a bot (a program's or the server's own)."""
    computer: Callable[[int], bool]
    """Whether an account is one of the server's own ``shoal-LEVEL`` bots (the operator's)."""
    chat_line: Callable[[int], ChatLine | None]
    """A chat line by id, hidden or not."""
    chat_around: Callable[[int], list[ChatLine]]
    """The lines of a chat line's room around it."""
    hide_chat: Callable[[int, bool], bool]
    """Hide (or show again) a chat line in the database."""
    game: Callable[[str], GameData | None]
    """A stored game."""
    in_event: Callable[[str], bool]
    """Whether a game is a game of an event (a tournament)."""
    study: Callable[[str], Study | None]
    """A study, hidden or not."""
    hide_study: Callable[[str, bool], Awaitable[Any]]
    """Hide (or show again) a study; its open pages follow in every process."""
    set_disabled: Callable[[int, bool], Awaitable[int]]
    """Disable (or enable) an account as the operator does; a disabled account's sessions
    end and its open pages close in every process: how many sessions ended."""
    exclude_ratings: Callable[[int], dict[str, Any]]
    """Take an engine user's rated games out of the ratings, give their opponents back what
    they lost, and keep their new games unrated: what was done, in numbers."""
    include_ratings: Callable[[int], object]
    """Let an account's new rated games count again."""
    fairplay: Callable[[int], list[dict[str, Any]]]
    """An account's fair-play figures per game and speed (for the queue's context)."""
    notify: Callable[[int, str | Text, dict[str, Any]], Awaitable[Any]]
    """Tell an account something (a notification of the kind ``moderation``)."""
    close_account: Callable[[User], Awaitable[Any]]
    """Close an account as its own deletion and the operator's ``close-user`` do."""
    withdraw_chat: Callable[[str, int], Awaitable[int]]
    """The open pages of a game drop a hidden chat line, in every process (the chat's own
    channel): how many were told here."""
