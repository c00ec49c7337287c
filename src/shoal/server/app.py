"""The FastAPI application: the JSON + WebSocket API and the static web client.

``create_app(database_url=...)`` builds the app. The API (documented at
``/docs`` and ``/openapi.json``):

* ``GET /api/catalog``: the games with their options metadata;
  ``GET /api/catalog/{game}``: one game with its rules page as HTML;
  ``GET /api/catalog/{game}/start.svg``: the board at the start.
* ``GET /api/levels``: the computer's levels and the default.
* ``POST /api/games``: a new game (against the computer, a friend online, or at
  one screen); answers the player's seat token and, for a friend game, the
  friend's invite token.
* ``GET /api/games/{id}``: the view (board SVG, click paths, turns, result,
  clocks). ``POST /api/games/{id}/actions``, ``/undo``, ``/hint``,
  ``/resign``: changes, each with the seat token (header ``X-Shoal-Token``) and
  the version the client saw (a stale version answers 409).
* ``GET /api/games/{id}/record?format=text|json``, ``GET /api/games/{id}/replay/{k}``.
* ``WS /api/games/{id}/ws``: live views for players and spectators.
* ``POST /api/records``: upload a record to view; ``GET /api/records/{id}/replay/{k}``.

Tokens travel in a header, never in a URL the server sees (the client keeps
them in the page's fragment and local storage), so they stay out of logs.
"""

from __future__ import annotations

import contextlib
import dataclasses
import functools
import json
import re
import secrets
import time
from collections import OrderedDict
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Annotated, Any, Literal

from fastapi import FastAPI, Header, Request, WebSocket, WebSocketDisconnect
from fastapi.responses import FileResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, Field
from starlette.exceptions import HTTPException as StarletteHTTPException

from shoal import __version__, games
from shoal.ai import DEFAULT_LEVEL
from shoal.ai.players import LEVELS, get_player
from shoal.core import Game, Seat, ShoalError, State
from shoal.records import Record, read

from .limits import BodyLimit, CreationLimit, body_too_large
from .manager import GameEntry, GameManager, check_error, new_game_id, new_token
from .session import ApiError, LiveGame, replay_view
from .storage import GameData, Store, hash_token

__all__ = ["DEFAULT_DATABASE", "create_app", "default_level"]

DEFAULT_DATABASE = "sqlite:///shoal.sqlite3"
"""The database when none is given: a SQLite file in the working directory."""

MAX_BODY = 1_048_576
"""The largest request body accepted, in bytes (larger: 413)."""

MAX_RECORD_CHARS = 1_000_000
"""The longest uploaded record, in characters (it must also fit in :data:`MAX_BODY`)."""

GAMES_PER_CLIENT = 30
"""New games (and uploaded records) one client address may make per :data:`CLIENT_WINDOW`."""

CLIENT_WINDOW = 60.0
"""The window of :data:`GAMES_PER_CLIENT`, in seconds."""

WEB_DIR = Path(__file__).resolve().parent.parent / "web"
_REPO_DOCS = Path(__file__).resolve().parents[3] / "docs" / "games"

TokenHeader = Annotated[
    str | None, Header(alias="X-Shoal-Token", description="the seat token of the player")
]


def default_level() -> str:
    """The computer's default level (the AI's default, ``club``)."""
    return DEFAULT_LEVEL


# -- request bodies ------------------------------------------------------------------
class ClockIn(BaseModel):
    """A game clock: ``base`` seconds per side, plus ``increment`` seconds per turn."""

    base: float = Field(gt=0, le=7 * 24 * 3600, description="seconds for each side")
    increment: float = Field(0, ge=0, le=24 * 3600, description="seconds added per turn")


class CreateGameIn(BaseModel):
    """A new game."""

    game: str = Field(description="game id (see /api/catalog)")
    options: dict[str, str | int | float | bool] = Field(default_factory=dict)
    seed: int | None = Field(None, ge=0, lt=2**63, description="set-up seed; random if absent")
    start: str | None = Field(
        None, max_length=10_000, description="a position string to start from"
    )
    opponent: Literal["computer", "friend", "local"] = "computer"
    level: str | None = Field(None, description="the computer's level (see /api/levels)")
    seat: int | None = Field(0, ge=0, le=1, description="the creator's seat; random if null")
    clock: ClockIn | None = Field(None, description="a clock for friend games; none: no clock")
    name: str = Field("", max_length=40, description="the creator's name")


class VersionIn(BaseModel):
    """A change made from the view at ``version``."""

    version: int


class ActionIn(VersionIn):
    """One atomic action, by number or by its text in the game's notation."""

    action: int | None = None
    text: str | None = Field(None, max_length=500)


class RecordIn(BaseModel):
    """A game record (text or JSON) to view."""

    text: str = Field(max_length=MAX_RECORD_CHARS)


# -- helpers ------------------------------------------------------------------------
def _catalog_entry(game_id: str) -> dict[str, Any]:
    entry = games.REGISTRY.entry(game_id)
    cls = games.REGISTRY.game_class(game_id)
    game = cls()
    state = game.initial(0)
    return {
        "id": game_id,
        "title": cls.title,
        "summary": cls.summary,
        "listed": entry.listed,
        "rules_version": cls.rules_version,
        "random_setup": cls.random_setup,
        "sides": list(state.sides()),
        "options": [dataclasses.asdict(info) for info in cls.option_infos()],
    }


def _analysis_summary(docs: Path, game_id: str) -> dict[str, Any] | None:
    """The headline figures of the shipped self-play report of a game, if there is one.

    Reports live in ``docs/analysis/GAME/`` (written by ``shoal analyze``).
    """
    path = docs.parent / "analysis" / game_id / "report.json"
    if not path.is_file():
        return None
    try:
        data = json.loads(path.read_text())
        plots = sorted(p.stem for p in path.parent.glob("*.png"))
        return {
            "games": data["games"],
            "players": data["meta"]["players"],
            "command": data["meta"]["command"],
            "seat0_score": data["seat0_score"],
            "first_mover": data["first_mover"],
            "draw_rate": data["draw_rate"],
            "length_turns": data["length_turns"],
            "reasons": data["reasons"],
            "plots": [f"/rules/analysis/{game_id}/{name}.png" for name in plots],
        }
    except (ValueError, KeyError, TypeError):
        return None


def _render_markdown(text: str) -> str:
    from markdown_it import MarkdownIt

    md = MarkdownIt("commonmark", {"html": False}).enable("table")
    html: str = md.render(text)
    return html


def _client_address(request: Request) -> str:
    """The client's address (behind a proxy: see ``--forwarded-allow-ips`` in docs/server.md)."""
    return request.client.host if request.client is not None else "unknown"


def _clean_game_id(game_id: str) -> str:
    if not re.fullmatch(r"[a-z0-9_]+", game_id):
        raise ApiError(404, f"unknown game {game_id!r}")
    return game_id


class _Records:
    """Uploaded records, parsed once and kept in a small LRU cache."""

    def __init__(self, store: Store, size: int = 32) -> None:
        self.store = store
        self.size = size
        self.cache: OrderedDict[str, Record] = OrderedDict()

    def get(self, record_id: str) -> Record:
        record = self.cache.get(record_id)
        if record is None:
            text = self.store.load_record(record_id)
            if text is None:
                raise ApiError(404, f"there is no record {record_id!r}")
            record = read(text)
            self.put(record_id, record)
        self.cache.move_to_end(record_id)
        return record

    def put(self, record_id: str, record: Record) -> None:
        self.cache[record_id] = record
        while len(self.cache) > self.size:
            self.cache.popitem(last=False)


def _record_response(record: Record, fmt: str, name: str) -> Response:
    if fmt == "json":
        return Response(
            record.to_json(),
            media_type="application/json",
            headers={"Content-Disposition": f'attachment; filename="{name}.json"'},
        )
    if fmt != "text":
        raise ApiError(400, f"format {fmt!r} is not text or json")
    return Response(
        record.to_text(),
        media_type="text/plain; charset=utf-8",
        headers={"Content-Disposition": f'attachment; filename="{name}.txt"'},
    )


# -- the app ------------------------------------------------------------------------
def create_app(
    database_url: str = DEFAULT_DATABASE,
    *,
    max_searches: int = 2,
    docs_dir: Path | str | None = None,
    max_body: int = MAX_BODY,
    games_per_client: int = GAMES_PER_CLIENT,
    client_window: float = CLIENT_WINDOW,
) -> FastAPI:
    """The shoal web app on the database at ``database_url`` (any SQLAlchemy URL).

    ``max_searches`` caps the computer searches and hints that run at once (the
    others queue); ``docs_dir`` holds the rules pages ``GAME.md`` (default: the
    checkout's ``docs/games`` when present). ``max_body`` caps a request body in
    bytes (413); one client address may create ``games_per_client`` games and
    records per ``client_window`` seconds (429; 0: no limit).
    """
    store = Store(database_url)
    creations = CreationLimit(games_per_client, client_window)
    manager = GameManager(store, max_searches=max_searches)
    records = _Records(store)
    docs = Path(docs_dir) if docs_dir is not None else _REPO_DOCS

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        yield
        await manager.close()
        store.close()

    app = FastAPI(
        title="shoal",
        version=__version__,
        description=(
            "Play Syrtis, Sirtet, Sytran, Cyclix and SFIRS: against the computer, a friend "
            "online, or at one screen. The server is the authority: every change carries "
            "the seat's token (header X-Shoal-Token) and the version the client saw."
        ),
        lifespan=lifespan,
    )
    app.add_middleware(BodyLimit, limit=max_body)
    app.state.store = store
    app.state.manager = manager

    @app.exception_handler(ApiError)
    async def _api_error(request: Request, error: ApiError) -> JSONResponse:
        return JSONResponse(
            {"detail": error.message}, status_code=error.status, headers=error.headers
        )

    @app.exception_handler(StarletteHTTPException)
    async def _http_error(request: Request, error: StarletteHTTPException) -> JSONResponse:
        detail = error.detail
        if error.status_code == 413:
            detail = body_too_large(max_body)
        return JSONResponse(
            {"detail": detail}, status_code=error.status_code, headers=error.headers
        )

    @app.exception_handler(ShoalError)
    async def _shoal_error(request: Request, error: ShoalError) -> JSONResponse:
        api = check_error(error)
        return JSONResponse({"detail": api.message}, status_code=api.status)

    # -- catalog ----------------------------------------------------------------------
    @functools.lru_cache(maxsize=64)
    def start_svg(game_id: str) -> str:
        game = games.get(game_id)
        return game.render_svg(game.initial(0))

    @app.get("/api/catalog", tags=["catalog"], summary="The games and their options")
    async def catalog() -> list[dict[str, Any]]:
        return [_catalog_entry(game_id) for game_id in games.ids(all=True)]

    @app.get("/api/catalog/{game_id}", tags=["catalog"], summary="One game and its rules page")
    async def catalog_game(game_id: str) -> dict[str, Any]:
        info = _catalog_entry(_clean_game_id(game_id))
        page = docs / f"{game_id}.md"
        info["rules_html"] = _render_markdown(page.read_text()) if page.is_file() else None
        info["analysis"] = _analysis_summary(docs, info["id"])
        return info

    @app.get(
        "/api/catalog/{game_id}/start.svg",
        tags=["catalog"],
        summary="The board at the start (default options, seed 0)",
        response_class=Response,
    )
    async def catalog_svg(game_id: str) -> Response:
        svg = start_svg(_clean_game_id(game_id))
        return Response(svg, media_type="image/svg+xml", headers={"Cache-Control": "max-age=300"})

    @app.get("/api/levels", tags=["catalog"], summary="The computer's levels")
    async def levels() -> dict[str, Any]:
        return {"levels": list(LEVELS), "default": default_level()}

    # -- games ----------------------------------------------------------------------------
    @app.post("/api/games", tags=["games"], summary="Start a game", status_code=201)
    async def create_game(body: CreateGameIn, request: Request) -> dict[str, Any]:
        creations.check(_client_address(request))
        game: Game = games.REGISTRY.from_mapping(body.game, body.options)
        seed = body.seed if body.seed is not None else secrets.randbelow(2**31)
        state: State = game.load(body.start) if body.start is not None else game.initial(seed)
        if state.outcome is not None:
            raise ApiError(400, "the start position is already over")
        seat = body.seat if body.seat is not None else secrets.randbelow(2)
        token = new_token()
        invite: str | None = None
        name = body.name.strip()
        level: str | None = None
        computer_seat: int | None = None
        clock: dict[str, Any] | None = None
        players = ["", ""]
        hashes: list[str | None] = [None, None]
        if body.opponent == "computer":
            level = body.level or default_level()
            if level not in LEVELS:  # only named levels: a search spec could run for hours
                raise ApiError(400, f"unknown level {level!r} (levels: {', '.join(LEVELS)})")
            get_player(level, game, seed=0)
            computer_seat = 1 - seat
            players[seat], players[computer_seat] = name or "You", f"computer ({level})"
            hashes[seat] = hash_token(token)
        elif body.opponent == "friend":
            invite = new_token()
            players[seat], players[1 - seat] = name or "Host", "Guest"
            hashes[seat], hashes[1 - seat] = hash_token(token), hash_token(invite)
            if body.clock is not None:
                base = float(body.clock.base)
                clock = {
                    "base": base,
                    "increment": float(body.clock.increment),
                    "remaining": [base, base],
                    "since": None,
                }
        else:
            players = ["Player 1", "Player 2"]
            hashes = [hash_token(token), hash_token(token)]
            seat = 0
        if body.clock is not None and body.opponent != "friend":
            raise ApiError(400, "clocks are for games against a friend online")
        data = GameData(
            id=new_game_id(),
            game=game.id,
            options={k: str(v) for k, v in body.options.items()},
            seed=None if body.start is not None else seed,
            start=body.start,
            mode=body.opponent,
            level=level,
            computer_seat=computer_seat,
            players=players,
            token_hashes=hashes,
            actions=[],
            clock=clock,
            ended=None,
            version=1,
        )
        entry = await manager.create(data)
        seats = [0, 1] if body.opponent == "local" else [seat]
        view = entry.live.view()
        view["you"] = seats
        return {"id": data.id, "token": token, "invite_token": invite, "seats": seats, "view": view}

    @app.get("/api/games", tags=["games"], summary="Recent games (ids and titles)")
    async def recent_games(limit: int = 20) -> list[dict[str, Any]]:
        out = []
        for game_id in store.list_ids(max(1, min(limit, 100))):
            entry = await manager.entry(game_id)
            live = entry.live
            out.append(
                {
                    "id": game_id,
                    "game": live.game.id,
                    "title": live.game.title,
                    "mode": live.data.mode,
                    "players": live.data.players,
                    "ply": len(live.data.actions),
                    "over": live.over,
                }
            )
        return out

    async def _view(game_id: str, token: str | None) -> dict[str, Any]:
        entry = await manager.entry(game_id)
        await manager.check_flag(entry)
        view = entry.live.view()
        view["you"] = entry.live.seats_of(token)
        return view

    async def _playable(
        entry: GameEntry, version: int, token: str | None, flag_message: str
    ) -> tuple[LiveGame, list[Seat]]:
        """Under ``entry.lock``: the live game and the caller's seats, if it may still act.

        Catches up with other processes, then refuses (and changes nothing) a wrong
        token, an ended game, a stale ``version`` or a flag that has just fallen.
        """
        await manager.catch_up(entry, version)
        live = entry.live
        seats = live.check_player(token)
        if live.over:
            raise ApiError(409, "the game is over")
        live.check_version(version)
        if await manager.check_flag_locked(entry):
            raise ApiError(409, flag_message)
        return live, seats

    @app.get("/api/games/{game_id}", tags=["games"], summary="The game as a client shows it")
    async def get_game(game_id: str, x_shoal_token: TokenHeader = None) -> dict[str, Any]:
        return await _view(game_id, x_shoal_token)

    @app.post("/api/games/{game_id}/actions", tags=["games"], summary="Play one atomic action")
    async def post_action(
        game_id: str, body: ActionIn, x_shoal_token: TokenHeader = None
    ) -> dict[str, Any]:
        entry = await manager.entry(game_id)
        async with entry.lock:
            live, seats = await _playable(
                entry, body.version, x_shoal_token, "your time ran out: the game is over"
            )
            state = live.state
            if state.to_move not in seats:
                who = "the computer" if live.computer_to_move() else "your opponent"
                raise ApiError(409, f"it is not your turn: {who} is to move")
            if (body.action is None) == (body.text is None):
                raise ApiError(400, "send either an action number or its text")
            try:
                if body.action is not None:
                    if not 0 <= body.action < live.game.num_distinct_actions:
                        raise ApiError(422, f"action {body.action} is out of range")
                    state.apply(body.action)
                    action = body.action
                else:
                    action = state.parse_action(body.text or "")
            except ShoalError as error:
                raise check_error(error) from None
            await manager.commit(entry, live.with_actions([action], time.time()))
        return await _view(game_id, x_shoal_token)

    @app.post("/api/games/{game_id}/undo", tags=["games"], summary="Take back your last turn")
    async def post_undo(
        game_id: str, body: VersionIn, x_shoal_token: TokenHeader = None
    ) -> dict[str, Any]:
        entry = await manager.entry(game_id)
        async with entry.lock:
            await manager.catch_up(entry, body.version)
            live = entry.live
            live.check_player(x_shoal_token)
            live.check_version(body.version)
            await manager.commit(entry, live.with_undo())
        return await _view(game_id, x_shoal_token)

    @app.post("/api/games/{game_id}/resign", tags=["games"], summary="Resign (the other seat wins)")
    async def post_resign(
        game_id: str, body: VersionIn, x_shoal_token: TokenHeader = None
    ) -> dict[str, Any]:
        entry = await manager.entry(game_id)
        async with entry.lock:
            live, seats = await _playable(
                entry, body.version, x_shoal_token, "the game is over: time ran out"
            )
            to_move = live.state.to_move
            seat = to_move if len(seats) > 1 and to_move is not None else seats[0]
            await manager.commit(entry, live.with_resignation(seat))
        return await _view(game_id, x_shoal_token)

    @app.post("/api/games/{game_id}/hint", tags=["games"], summary="A suggested action")
    async def post_hint(
        game_id: str, body: VersionIn, x_shoal_token: TokenHeader = None
    ) -> dict[str, Any]:
        entry = await manager.entry(game_id)
        async with entry.lock:
            await manager.catch_up(entry, body.version)
        live = entry.live
        seats = live.check_player(x_shoal_token)
        if live.data.mode == "friend":
            raise ApiError(403, "hints are off in games between people online")
        if live.over:
            raise ApiError(409, "the game is over")
        live.check_version(body.version)
        state = live.state
        if state.to_move not in seats:
            raise ApiError(409, "it is not your turn")
        seed = (live.data.seed or 0) * 7919 + len(live.data.actions)
        action, reason = await manager.hint(live.game, state, seed)
        return {
            "action": action,
            "text": state.action_text(action),
            "path": list(live.game.click_paths(state).get(action, ())),
            "reason": reason,
            "version": live.data.version,
        }

    @app.get(
        "/api/games/{game_id}/record",
        tags=["records"],
        summary="Download the game's record (text or JSON)",
        response_class=Response,
    )
    async def game_record(game_id: str, format: str = "text") -> Response:
        entry = await manager.entry(game_id)
        live = entry.live
        return _record_response(live.record(), format, f"shoal-{live.game.id}-{game_id}")

    @app.get(
        "/api/games/{game_id}/replay/{k}", tags=["records"], summary="The game after k actions"
    )
    async def game_replay(game_id: str, k: int) -> dict[str, Any]:
        entry = await manager.entry(game_id)
        return replay_view(entry.live.record(), k)

    @app.websocket("/api/games/{game_id}/ws")
    async def game_socket(socket: WebSocket, game_id: str) -> None:
        try:
            entry = await manager.entry(game_id)
        except ApiError as error:
            await socket.close(code=4404, reason=error.message[:120])
            return
        await socket.accept()
        await manager.watch(entry, socket)
        try:
            while True:
                message = await socket.receive_text()
                if message == "ping":
                    await socket.send_json({"type": "pong"})
        except WebSocketDisconnect:
            pass
        finally:
            manager.unwatch(entry, socket)

    # -- uploaded records ------------------------------------------------------------------
    @app.post("/api/records", tags=["records"], summary="Upload a record to view", status_code=201)
    async def upload_record(body: RecordIn, request: Request) -> dict[str, Any]:
        creations.check(_client_address(request))
        record = read(body.text)
        record_id = new_game_id()
        store.insert_record(record_id, body.text)
        records.put(record_id, record)
        return {"id": record_id, "view": replay_view(record, 0)}

    @app.get(
        "/api/records/{record_id}/replay/{k}",
        tags=["records"],
        summary="An uploaded record after k actions",
    )
    async def record_replay(record_id: str, k: int) -> dict[str, Any]:
        return replay_view(records.get(record_id), k)

    @app.get(
        "/api/records/{record_id}/record",
        tags=["records"],
        summary="Download an uploaded record (text or JSON)",
        response_class=Response,
    )
    async def record_download(record_id: str, format: str = "text") -> Response:
        record = records.get(record_id)
        return _record_response(record, format, f"shoal-{record.game.id}-{record_id}")

    # -- the web client ------------------------------------------------------------------
    def page(name: str) -> FileResponse:
        return FileResponse(WEB_DIR / name, media_type="text/html")

    @app.get("/", include_in_schema=False)
    async def home() -> FileResponse:
        return page("index.html")

    @app.get("/new", include_in_schema=False)
    async def new_page() -> FileResponse:
        return page("new.html")

    @app.get("/rules/{game_id}", include_in_schema=False)
    async def rules_page(game_id: str) -> FileResponse:
        return page("rules.html")

    @app.get("/rules/analysis/{game_id}/{name}", include_in_schema=False)
    async def analysis_plot(game_id: str, name: str) -> Response:
        path = docs.parent / "analysis" / game_id / name
        if (
            not re.fullmatch(r"[a-z0-9]+", game_id)
            or not re.fullmatch(r"[a-z]+\.png", name)
            or not path.is_file()
        ):
            return JSONResponse({"detail": "no such plot"}, status_code=404)
        return FileResponse(path, media_type="image/png")

    @app.get("/rules/img/{name}", include_in_schema=False)
    async def rules_image(name: str) -> Response:
        path = docs / "img" / name
        if not re.fullmatch(r"[\w.-]+\.svg", name) or not path.is_file():
            return JSONResponse({"detail": "no such picture"}, status_code=404)
        return FileResponse(path, media_type="image/svg+xml")

    @app.get("/game/{game_id}", include_in_schema=False)
    async def game_page(game_id: str) -> FileResponse:
        return page("game.html")

    @app.get("/replay", include_in_schema=False)
    async def replay_upload_page() -> FileResponse:
        return page("replay.html")

    @app.get("/replay/{kind}/{item_id}", include_in_schema=False)
    async def replay_page(kind: str, item_id: str) -> FileResponse:
        return page("replay.html")

    @app.get("/favicon.ico", include_in_schema=False)
    async def favicon() -> FileResponse:
        return FileResponse(WEB_DIR / "favicon.svg", media_type="image/svg+xml")

    app.mount("/static", StaticFiles(directory=WEB_DIR), name="static")
    return app
