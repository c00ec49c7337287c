"""Blocks as actions (issue 61): :class:`Blocks`, the one door of blocking and of asking.

A block is one-way in what it stops and two-way in the lobby:

* the blocked player cannot challenge the blocker (403), and their lines in the players'
  chat of a game between the two reach nobody but themselves;
* the lobby never pairs the two: neither sees the other's seeks, and neither can take the
  other's seek (403);
* in an event (a tournament) they still play each other when the pairing says so, as on
  lichess: an event's pairings are not a choice of opponent.

Every method reads or writes the database: call them in a worker thread.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from typing import Annotated, Any

from ..accounts.models import User
from ..errors import ApiError
from ..provide import provided
from .store import BlockStore

__all__ = ["MAX_BLOCKS", "Blocks", "BlocksDep", "build"]

MAX_BLOCKS = 1000
"""The most accounts one account may block."""


class Blocks:
    """Who blocks whom; ``find`` reads an account by name, ``names`` usernames by id."""

    def __init__(
        self,
        store: BlockStore,
        *,
        find: Callable[[str], User | None],
        names: Callable[[Sequence[int]], dict[int, str]],
    ) -> None:
        self.store = store
        self._find = find
        self._names = names

    def _other(self, user: User, username: str) -> User:
        other = self._find(username)
        if other is None or other.deleted:
            raise ApiError(404, "there is no player {username}", username=repr(username))
        if other.id == user.id:
            raise ApiError(400, "you cannot block yourself")
        return other

    def block(self, user: User, username: str) -> dict[str, Any]:
        """``user`` blocks ``username`` (blocking twice changes nothing): ``{username,
        blocked}``."""
        other = self._other(user, username)
        if len(self.store.of(user.id)) >= MAX_BLOCKS and not self.store.blocks(user.id, other.id):
            raise ApiError(
                409,
                "you block {max_blocks} players already: unblock one first",
                max_blocks=MAX_BLOCKS,
            )
        self.store.add(user.id, other.id)
        return {"username": other.username, "blocked": True}

    def unblock(self, user: User, username: str) -> dict[str, Any]:
        """``user`` unblocks ``username`` (404 when it was not blocked)."""
        other = self._other(user, username)
        if not self.store.remove(user.id, other.id):
            raise ApiError(404, "you do not block {username}", username=other.username)
        return {"username": other.username, "blocked": False}

    def listing(self, user: User) -> list[dict[str, Any]]:
        """The players ``user`` blocks, newest first: ``{username, since}``."""
        rows = self.store.of(user.id)
        names = self._names([blocked for blocked, _ in rows])
        return [
            {"username": names[blocked], "since": since.isoformat() + "Z"}
            for blocked, since in rows
            if blocked in names
        ]

    def blocks(self, blocker: int, blocked: int) -> bool:
        """Whether ``blocker`` blocks ``blocked``."""
        return self.store.blocks(blocker, blocked)

    def between(self, a: int, b: int) -> bool:
        """Whether either of the two accounts blocks the other (the lobby pairs neither)."""
        pairs = self.store.pairs([a])
        return (a, b) in pairs or (b, a) in pairs

    def apart(self, users: Collection[int]) -> set[frozenset[int]]:
        """The pairs among and around ``users`` that a block keeps apart in the lobby (either
        way), as sets of two ids: one query for a whole list of seeks and watchers."""
        return {frozenset(pair) for pair in self.store.pairs(users)}


def build(
    store: BlockStore,
    *,
    find: Callable[[str], User | None],
    names: Callable[[Sequence[int]], dict[int, str]],
) -> Blocks:
    """The blocks of an app: its store, and how to find accounts by name and name them."""
    return Blocks(store, find=find, names=names)


BlocksDep = Annotated[Blocks, provided(Blocks)]
"""A route parameter of this type receives the app's :class:`Blocks`."""
