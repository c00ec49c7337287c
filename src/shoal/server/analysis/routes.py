"""The analysis board (issue 26): any position, a move tree of lines, the engine live.

The board's move tree lives in the page; the server draws positions, checks
moves, reads and writes records with variations, and runs the engine. Guests
use all of it (nothing here needs a seat or an account).

* ``POST /api/analysis/view`` ``{game, options, start, moves}``: the position
  after ``moves`` (texts in notation) from ``start`` (a position string): the
  board, the legal actions with their click paths, and each move's turn number.
* ``POST /api/analysis/turns`` ``{game, options, start, moves, turns}``: the text of
  lines of action ids from that position (``turns``, each a list of ids), as the
  engine's lines show them: the whole turn each starts, else its first action. The
  browser's engine searches by action ids; the notation is formatted here only.
* ``GET /api/analysis/start/{game}?position=P``: a tree to begin with (the
  game's start, or the position string ``P``).
* ``GET /api/games/{id}/analysis``: a finished game as a tree (409 while it is
  played); ``GET /api/records/{id}/analysis``: an uploaded record's tree, its
  variations included.
* ``POST /api/analysis/import`` ``{text}``: any record (text or JSON, with or
  without variations) as a tree; ``POST /api/analysis/export`` ``{game,
  options, tree, format}``: the tree as a record with its variations
  (``text``) or a JSON record carrying the tree (``json``), as a download.
* ``WS /api/analysis/ws``: send ``{"type": "analyse", "id", game, options,
  start, moves}``; the engine answers ``{"type": "lines", "id", lines, eval,
  simulations, done}`` as it searches (the three best turns, each with its
  value as the mover's winning chance; ``eval`` is the first player's). A new
  ``analyse`` or ``{"type": "stop"}`` cancels the search running.

Pages: ``/analysis``, ``/analysis/{game}``, ``/analysis/game/{id}``,
``/analysis/record/{id}`` (``analysis.html``).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import threading
from typing import Annotated, Any

from fastapi import APIRouter, Request, WebSocket
from fastapi import Path as PathParam
from fastapi.responses import FileResponse, HTMLResponse, Response
from pydantic import BaseModel, Field

from shoal import games
from shoal.core import Game, ShoalError, State
from shoal.core.native import engine_position
from shoal.i18n import N_, Text, catalogue, say
from shoal.records.tree import MoveTree
from shoal.records.treejson import read_tree, tree_record, write_tree

from ..db_down import DATABASE_ERRORS, survives_database
from ..errors import ApiError, check_error, refusals
from ..files import page
from ..games.env import GamesDep
from ..games.views import board_view, legal_entries, option_values, outcome_view
from ..language import language_of, language_of_guest
from ..schemas import GAME_ENUM
from ..sockets import keep_alive, send
from .schemas import AnalysisBoard, AnalysisView
from .service import LiveEngineDep, annotated_tree, turn_line

__all__ = [
    "MAX_LINE",
    "MAX_TURNS",
    "ExportIn",
    "ImportIn",
    "LineIn",
    "TurnsIn",
    "TurnsOut",
    "router",
]

router = APIRouter(tags=["analysis"], responses=refusals(400, 404, 409, 413))


MAX_LINE = 3000
"""The most moves a line may hold."""

MAX_TURNS = 8
"""The most lines ``/api/analysis/turns`` writes at once."""


class LineIn(BaseModel):
    """A line: a game with its options, a start position string, then moves in notation."""

    game: str = Field(max_length=64, json_schema_extra=GAME_ENUM)
    options: dict[str, Any] = Field(default_factory=dict)
    start: str = Field(max_length=20_000)
    moves: list[str] = Field(default_factory=list, max_length=MAX_LINE)


class TurnsIn(LineIn):
    """Lines of action ids to write from the position after a line (the browser engine's)."""

    turns: list[Annotated[list[int], Field(max_length=256)]] = Field(max_length=MAX_TURNS)


class TurnsOut(BaseModel):
    """Each line's text: the whole turn it starts, else its first action."""

    turns: list[str]


class ImportIn(BaseModel):
    """A record to open on the board: text (with or without variations) or JSON."""

    text: str = Field(max_length=1_000_000)


class ExportIn(BaseModel):
    """A tree to download (``tree`` as :meth:`MoveTree.to_json_dict` writes it)."""

    game: str = Field(max_length=64, json_schema_extra=GAME_ENUM)
    options: dict[str, Any] = Field(default_factory=dict)
    tree: dict[str, Any]
    format: str = "text"
    players: list[str] = Field(default_factory=lambda: ["", ""], max_length=2)


def _game(game_id: str, options: dict[str, Any]) -> Game:
    try:
        return games.REGISTRY.from_mapping(game_id, {k: str(v) for k, v in options.items()})
    except ShoalError as error:
        raise ApiError(400, str(error)) from None


def _line_states(line: LineIn) -> tuple[Game, list[State], list[int]]:
    game = _game(line.game, line.options)
    try:
        state = game.load(line.start)
    except ShoalError as error:
        raise ApiError(400, "the start position: {error}", error=error) from None
    states, actions = [state], []
    for number, text in enumerate(line.moves, start=1):
        try:
            action = state.parse_action(text)
        except ShoalError as error:
            raise ApiError(
                400,
                "move {number} ({text}): {error}",
                number=number,
                text=repr(text),
                error=error,
            ) from None
        state = state.child(action)
        states.append(state)
        actions.append(action)
    return game, states, actions


def _board(game: Game, tree: MoveTree, players: tuple[str, str], **more: Any) -> dict[str, Any]:
    return {
        "game": {"id": game.id, "title": game.title},
        "options": option_values(game),
        "sides": list(tree.start.sides()),
        "players": list(players),
        "tree": annotated_tree(tree),
        **more,
    }


# -- positions ----------------------------------------------------------------------------
@router.post(
    "/api/analysis/view", summary="A position of the analysis board", response_model=AnalysisView
)
async def analysis_view(line: LineIn, request: Request) -> dict[str, Any]:
    game, states, actions = _line_states(line)
    words = catalogue(await language_of(request))  # the game's words in the reader's
    view = board_view(game, states, actions, len(actions), words)
    state = states[-1]
    view.update(
        legal=legal_entries(game, state, tr=words),
        result=outcome_view(state, None, words),
        game={"id": game.id, "title": game.title},
        engine_position=engine_position(game, state),  # for the browser's engine
    )
    return view


@router.post("/api/analysis/turns", summary="Lines of action ids as turn texts")
async def analysis_turns(body: TurnsIn) -> TurnsOut:
    _, states, _ = _line_states(body)
    state = states[-1]
    texts = []
    for number, actions in enumerate(body.turns, start=1):
        if not actions or actions[0] not in state.legal_actions():
            raise ApiError(
                400,
                "line {number}: it does not start with a legal action",
                number=number,
            )
        texts.append(turn_line(state, actions))
    return TurnsOut(turns=texts)


@router.get(
    "/api/analysis/start/{game_id}",
    summary="A tree from a game's start or a position",
    response_model=AnalysisBoard,
    response_model_exclude_unset=True,
)
async def analysis_start(
    game_id: Annotated[str, PathParam(json_schema_extra=GAME_ENUM)],
    position: str | None = None,
) -> dict[str, Any]:
    game = _game(game_id, {})
    try:
        start = game.load(position) if position else game.initial(0)
    except ShoalError as error:
        raise ApiError(400, "the position: {error}", error=error) from None
    return _board(game, MoveTree(game, start), ("", ""), source="position")


@router.get(
    "/api/games/{game_id}/analysis",
    summary="A finished game as a tree",
    response_model=AnalysisBoard,
    response_model_exclude_unset=True,
)
async def game_analysis(game_id: str, games: GamesDep) -> dict[str, Any]:
    record = await games.finished_record(
        game_id, N_("it opens on the analysis board once it has ended")
    )
    tree = MoveTree(record.game, record.start_state(), record.actions)
    return _board(record.game, tree, record.players, source="game")


@router.get(
    "/api/records/{record_id}/analysis",
    summary="An uploaded record as a tree",
    response_model=AnalysisBoard,
    response_model_exclude_unset=True,
)
async def record_analysis(record_id: str, games: GamesDep) -> dict[str, Any]:
    text = await games.records.text(record_id)  # 404 for an unknown record
    record, tree = read_tree(text)
    return _board(record.game, tree, record.players, source="record")


@router.post(
    "/api/analysis/import",
    summary="A record (with or without variations) as a tree",
    response_model=AnalysisBoard,
    response_model_exclude_unset=True,
)
async def analysis_import(body: ImportIn) -> dict[str, Any]:
    try:
        record, tree = read_tree(body.text)
    except ShoalError as error:
        raise check_error(error) from None
    return _board(record.game, tree, record.players, source="import")


@router.post(
    "/api/analysis/export",
    summary="Download the tree as a record",
    response_class=Response,
    responses={200: {"content": {"text/plain": {}, "application/json": {}}}},
)
async def analysis_export(body: ExportIn) -> Response:
    game = _game(body.game, body.options)
    try:
        tree = MoveTree.from_json_dict(game, body.tree)
    except ValueError as error:
        raise ApiError(400, "the tree: {error}", error=error) from None
    players = [*body.players, "", ""][:2]
    record = tree_record(tree, players=(players[0], players[1]))
    try:
        text = write_tree(record, tree, body.format)
    except ValueError as error:
        raise ApiError(400, str(error)) from None
    json_format = body.format == "json"
    name = f"shoal-{game.id}-analysis.{'json' if json_format else 'txt'}"
    return Response(
        text,
        media_type="application/json" if json_format else "text/plain; charset=utf-8",
        headers={"Content-Disposition": f'attachment; filename="{name}"'},
    )


# -- the engine ---------------------------------------------------------------------------
@router.websocket("/api/analysis/ws")
@survives_database
async def analysis_socket(socket: WebSocket, engine: LiveEngineDep) -> None:
    await socket.accept()
    try:
        language = await language_of(socket)
    except DATABASE_ERRORS:  # the engine needs no database: its words come without the account's
        language = language_of_guest(socket)
    loop = asyncio.get_running_loop()
    stop = threading.Event()
    running: set[asyncio.Future[None]] = set()  # kept until done (the loop holds tasks weakly)

    async def push(message: dict[str, Any]) -> None:
        await send(socket, message)  # a closed socket: the search stops below

    async def start(message: dict[str, Any]) -> asyncio.Future[None] | None:
        ident = message.get("id")
        try:
            line = LineIn.model_validate(message)
            game, states, _ = _line_states(line)
        except ApiError as error:
            await push({"type": "error", "id": ident, "detail": error.words(language)})
            return None
        except ValueError as error:
            words = Text(N_("bad request: {error}"), {"error": error}).say(language)
            await push({"type": "error", "id": ident, "detail": words})
            return None
        mine = threading.Event()

        def send(update: dict[str, Any]) -> None:  # in the worker thread
            if not mine.is_set():
                update = {"type": "lines", "id": ident, **update}
                asyncio.run_coroutine_threadsafe(push(update), loop)

        nonlocal stop
        stop = mine
        task = asyncio.ensure_future(engine.analyse(game, states[-1], send, mine))
        running.add(task)
        task.add_done_callback(running.discard)
        return task

    async def on_text(text: str) -> None:
        nonlocal stop
        try:
            message = json.loads(text)
        except json.JSONDecodeError:
            message = None
        if not isinstance(message, dict):
            await push({"type": "error", "detail": say(N_("messages are JSON objects"), language)})
            return
        stop.set()  # a new position or a stop: the running search ends
        if message.get("type") == "analyse":
            await start(message)
        elif message.get("type") != "stop":
            words = say(N_("the types are 'analyse' and 'stop'"), language)
            await push({"type": "error", "detail": words})

    try:
        await keep_alive(socket, on_text)
    finally:
        stop.set()
        for task in list(running):
            with contextlib.suppress(Exception):
                await task


# -- pages --------------------------------------------------------------------------------
def _page() -> FileResponse:
    return page("analysis.html")


@router.get("/analysis", include_in_schema=False, response_class=HTMLResponse)
async def analysis_page() -> FileResponse:
    return _page()


@router.get("/analysis/{game_id}", include_in_schema=False, response_class=HTMLResponse)
async def analysis_game_page(game_id: str) -> FileResponse:
    return _page()


@router.get("/analysis/{kind}/{item_id}", include_in_schema=False, response_class=HTMLResponse)
async def analysis_item_page(kind: str, item_id: str) -> FileResponse:
    return _page()
