"""What the routes that act for a seat share: who calls (the app's games, the seat token
of ``X-Shoal-Token``, the signed-in player) and how such a route is declared."""

from __future__ import annotations

from collections.abc import Callable
from contextlib import AbstractAsyncContextManager
from dataclasses import dataclass
from typing import Annotated, Any, TypeVar

from fastapi import APIRouter, Depends, Request
from starlette.requests import HTTPConnection

from shoal.i18n import SOURCE, choose

from ...accounts.models import User
from ...accounts.service import Player, account_id
from ...language import COOKIE, account_language
from ...params import TokenHeader
from ..changes import Change, change
from ..env import Games, GamesDep
from ..schemas import CHANGE_REFUSALS
from ..session import LiveGame

__all__ = ["Caller", "SeatCaller", "change_route", "reader_language"]

F = TypeVar("F", bound=Callable[..., Any])


@dataclass(frozen=True, slots=True)
class Caller:
    """Who asks for a change to a game: the app's games, their seat token, their account."""

    games: Games
    token: str | None
    player: User | None
    language: str = SOURCE
    """The reader's language (:func:`reader_language`): the game's words in its views."""

    @property
    def account(self) -> int | None:
        """The account that may hold a seat (:func:`~.accounts.service.account_id`)."""
        return account_id(self.player)

    def change(
        self,
        game_id: str,
        version: int,
        *,
        refuse: Callable[[LiveGame], None] | None = None,
        when_over: bool = False,
        flag_message: str | None = None,
    ) -> AbstractAsyncContextManager[Change]:
        """:func:`~shoal.server.games.changes.change` for this caller's seat."""
        return change(
            self.games.manager,
            game_id,
            version,
            self.token,
            refuse=refuse,
            when_over=when_over,
            flag_message=flag_message,
            account=self.account,
        )


def reader_language(connection: HTTPConnection, player: User | None) -> str:
    """The language of the reader of ``connection``, who is ``player`` (signed in) or a guest:
    :func:`shoal.server.language.language_of`'s rule, from the account already read (no
    second read of the session on a move)."""
    account = account_language(player.prefs) if player is not None else None
    return choose(
        account, connection.cookies.get(COOKIE), connection.headers.get("accept-language")
    )


async def _caller(
    games: GamesDep, player: Player, request: Request, x_shoal_token: TokenHeader = None
) -> Caller:
    # async: FastAPI calls it in the event loop, not through a worker thread
    return Caller(games, x_shoal_token, player, reader_language(request, player))


SeatCaller = Annotated[Caller, Depends(_caller)]
"""A route parameter of this type receives the :class:`Caller`."""


def change_route(
    router: APIRouter, action: str, summary: str, response_model: Any
) -> Callable[[F], F]:
    """``POST /api/games/{game_id}/ACTION``: a change to a game, with its refusals."""
    return router.post(
        f"/api/games/{{game_id}}/{action}",
        summary=summary,
        response_model=response_model,
        responses=CHANGE_REFUSALS,
    )
