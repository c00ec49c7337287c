"""The answers of the Bot API's JSON routes (the streams are ndjson, see the routes)."""

from __future__ import annotations

from pydantic import Field

from ..games.schemas import ClockView, GameView
from ..schemas import Out

__all__ = ["BotAccepted", "BotAccount", "BotGameState", "BotListed", "BotMoved", "Ok", "VsGame"]


class BotAccount(Out):
    """The account of an API token: its name, whether it is a bot, the server bot's level."""

    username: str
    bot: bool
    level: str | None


class BotListed(Out):
    """One of the server's bots."""

    username: str
    level: str | None


class BotGameState(Out):
    """A game's state line: the moves so far, the seat to move, the result once over."""

    type: str = Field(description='"gameState"')
    version: int
    moves: list[str]
    turn: int | None
    status: str = Field(description="started or over")
    winner: int | None = Field(None, description="only once over")
    reason: str | None = Field(None, description="only once over")
    clock: ClockView | None = Field(None, description="only with a clock")


class BotMoved(Out):
    """The move or resignation is made: the game's state now."""

    ok: bool
    state: BotGameState


class BotAccepted(Out):
    """The challenge is accepted: the game and the bot's seat."""

    ok: bool
    game: str
    seat: int


class Ok(Out):
    """Done."""

    ok: bool


class VsGame(Out):
    """A new game against a named account: the reader's seat, its token, the view."""

    id: str
    seat: int
    token: str
    opponent: str
    view: GameView
