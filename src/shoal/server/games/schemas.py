"""The answers of the games' routes (play, seats, offers, chat, records) as response models.

The game's view (:class:`GameView`) is what :meth:`~shoal.server.games.session.LiveGame.view`
builds, with the reader's seats and the correspondence clock added by the routes; the
replay (:class:`ReplayView`) is :func:`~shoal.server.games.views.replay_view`'s.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import Field

from ..errors import refusals
from ..schemas import GameRef, OptionValue, Out, ResultView, TurnView

__all__ = [
    "CHANGE_REFUSALS",
    "Allowed",
    "BoardView",
    "ChatMessageOut",
    "ClaimOut",
    "ClockView",
    "CorrespondenceView",
    "CreatedGame",
    "GameSummary",
    "GameView",
    "HintOut",
    "LegalAction",
    "OffersAllowed",
    "OffersView",
    "RematchOut",
    "RematchSeat",
    "ReplayView",
    "SpokenAction",
    "UploadedRecord",
    "Vacation",
    "ViewChange",
]

CHANGE_REFUSALS: dict[int | str, dict[str, Any]] = refusals(401, 403, 404, 409, 413, 422)
"""The refusals of a change to a game (:func:`~shoal.server.games.changes.change`): a token or
account that holds no seat, no such game, a stale version or a game that is over, the
rules refusing."""


class LegalAction(Out):
    """A legal action: its number, its text in the game's notation, a label, the cells to
    click (none for a pass, a swap, a side choice)."""

    action: int
    text: str
    label: str
    path: list[str]
    # left out of an answer where the game has none (as in a live game's own answers: a
    # view's few hundred entries stay small)
    kind: str | None = Field(
        None,
        description="the kind of action in a word ('sink'), where the game names kinds",
        exclude_if=lambda value: value is None,
    )
    confirm: bool | None = Field(
        None,
        description="true where a page asks before playing it (a tile sunk for good)",
        exclude_if=lambda value: value is None,
    )


class SpokenAction(Out):
    """An action of the last two turns in the game's words, for a screen reader."""

    ply: int
    seat: int
    side: str
    label: str
    news: list[str] = Field(
        description="what else happened, in words: a check, a capture, a tile sinking..."
    )


class ClockView(Out):
    """A live clock: its settings, each seat's time left, the seat whose clock runs."""

    base: float
    increment: float
    remaining: list[float]
    running: int | None
    server_time: float = Field(description="the server's clock (epoch seconds) when sent")


class RematchView(Out):
    """A rematch offer: the seat that offered it, and the new game once accepted."""

    offered_by: int
    game: str | None


class Allowed(Out):
    """What the reader may ask now."""

    undo: bool
    hint: bool
    resign: bool


class Vacation(Out):
    """The seat to move is on vacation until ``until`` (epoch seconds)."""

    seat: int
    until: float


class CorrespondenceView(Out):
    """A correspondence clock: days per move, the seat to move and its deadline (epoch s)."""

    days: int
    seat: int | None
    deadline: float | None
    now: float
    vacation: Vacation | None


class GameView(Out):
    """A game as a client shows it: the board, the legal actions, the turns, the result."""

    id: str
    game: GameRef
    options: dict[str, OptionValue]
    seed: int | None
    start: str | None
    mode: str = Field(description="computer, friend or local")
    level: str | None
    computer_seat: int | None
    players: list[str]
    version: int
    ply: int
    turn: int
    to_move: int | None
    sides: list[str]
    side_words: list[str] = Field(
        description="per seat, what its side plays with ('' if its name says it)"
    )
    svg: str
    legal: list[LegalAction]
    spoken: list[SpokenAction]
    words: list[str] = Field(description="the board in words, one line each")
    cells: dict[str, str] = Field(
        description="each cell's accessible name by its id: what is on it and whose"
    )
    turns: list[TurnView]
    result: ResultView | None
    has_features: bool = Field(
        description="whether the game has features to show (GET /api/games/{id}/features)"
    )
    status: str
    position: str
    engine_position: str | None = Field(description="the browser engine's state, in hex")
    counts: bool = Field(
        description="the game counts (rated, an event's, or between two accounts): "
        "no hints and no takebacks in it"
    )
    event: int | None = Field(
        description="the tournament whose pairing the game is (/tournaments/ID), or null"
    )
    first_move_deadline: float | None = Field(
        description="epoch seconds: when the side to move loses by no-show if it has not made"
        " its first turn (an event's live game); null once each side has made one"
    )
    allowed: Allowed
    clock: ClockView | None
    thinking: bool
    you: list[int] = Field(description="the reader's seats")
    correspondence: CorrespondenceView | None = Field(
        None, description="a correspondence game's clock (not in the Bot API's new game)"
    )


class GameFeatures(Out):
    """The game's features of the current position (the "Position details" card), rounded:
    what the AI's evaluation reads, from the first seat's point of view."""

    version: int = Field(description="the version of the game they are of")
    features: dict[str, float]
    words: dict[str, str] = Field(
        default_factory=dict,
        description="each feature's name in words, in the reader's language (the keys stay"
        " as they are for programs)",
    )


class ViewChange(Out):
    """What changed from the view at ``base`` (the answer of a change asked with
    ``?answer=delta``, and the game socket's ``delta`` message): the keys whose values
    changed, in ``set`` (a key the new view lacks is set to null); ``turns`` in it are the
    turns from index ``turns_from`` on (the client keeps the earlier ones). A changed board
    usually comes as ``svg_splice`` in place of ``svg`` in ``set``."""

    type: Literal["delta"]
    base: int = Field(description="the version of the view this changes")
    set_: dict[str, Any] = Field(alias="set", description="the keys that changed, new values")
    turns_from: int | None = Field(None, description="where the turns in set start")
    svg_splice: tuple[int, int, str] | None = Field(
        None,
        description="the new board, [START, END, TEXT]: the old svg's first START characters, "
        "then TEXT, then its last END characters (in place of svg in set)",
    )


class CreatedGame(Out):
    """A new game: the creator's seat token, a friend's invite token, the view."""

    id: str
    token: str
    invite_token: str | None
    seats: list[int]
    view: GameView


class GameSummary(Out):
    """A recent game in a list."""

    id: str
    game: str
    title: str
    mode: str
    players: list[str]
    ply: int
    over: bool


class HintOut(Out):
    """A suggested action and why."""

    action: int
    text: str
    path: list[str]
    reason: str
    version: int


class OffersAllowed(Out):
    """What may be offered now."""

    draw: bool
    takeback: bool
    abort: bool


class OffersView(Out):
    """The standing offers of a game (the asking seat of each) and the seats that muted."""

    type: str = Field(description='always "offers" (the same message goes over the socket)')
    version: int
    draw: int | None
    takeback: int | None
    allowed: OffersAllowed
    mutes: list[int]
    rematch: RematchView | None = Field(
        description="an online game's rematch once it is over: offered, then its game"
    )


class ChatMessageOut(Out):
    """A chat message (``seat`` is None in the spectators' room)."""

    id: int
    room: str
    seat: int | None
    name: str
    text: str
    time: float


class ClaimOut(Out):
    """The claimed seat and its new private token."""

    seat: int
    token: str


class RematchOut(Out):
    """A rematch: offered (no game yet), or started (the game and the reader's token)."""

    offered: bool
    game: str | None
    token: str | None = Field(
        None,
        description="only when the rematch has started; null: the account's cookie plays it",
    )


class RematchSeat(Out):
    """A player's seat in the rematch."""

    game: str
    token: str | None = Field(description="null: the account's cookie plays the seat")


class BoardView(Out):
    """A position as a board shows it (the first fields of a replay's view and of the
    analysis board's, in their order)."""

    ply: int
    svg: str
    to_move: int | None
    sides: list[str]
    position: str
    turn: int
    turns: list[TurnView]
    features: dict[str, float]
    status: str
    words: list[str] = Field(description="the board in words, one line each")
    cells: dict[str, str] = Field(
        description="each cell's accessible name by its id: what is on it and whose"
    )
    spoken: list[SpokenAction]


class ReplayView(BoardView):
    """A game or record after ``ply`` actions, with every turn and the final result."""

    game: GameRef
    options: dict[str, OptionValue]
    total: int
    all_turns: list[TurnView]
    players: list[str]
    result: ResultView | None
    final_result: ResultView | None


class UploadedRecord(Out):
    """An uploaded record's id and its view at the start."""

    id: str
    view: ReplayView
