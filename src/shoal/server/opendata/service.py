"""The open data (issue 63): the export's one action, and the published folder's listing.

:func:`export` writes, into a folder, the site's finished games by game and month (text records
and JSON lines, zstandard-compressed), the puzzles with their ratings and themes, the opening
books, and ``manifest.json`` listing each file's kind, game, month, size, count and SHA-256
(plus ``SHA256SUMS``, for ``sha256sum -c``). The format is docs/data.md's; the reader is
:mod:`shoal.records.archive`.

What leaves, and what never does: a seat held by an account is written as the account's
name, a closed (deleted) account's as ``anonymous``; a guest's seat as ``guest`` (the name a
guest typed is theirs, not an account's); the computer's as ``computer (LEVEL)``. Chat,
e-mail addresses, passwords, sessions, tokens and addresses are never read. A game is
exported once it is over (by the rules, a resignation, time...); aborted games and games
still on are left out. A game's month is the month (UTC) it ended.

:class:`Published` reads a published folder for the ``/database`` page.
"""

from __future__ import annotations

import dataclasses
import datetime
import json
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any

from sqlalchemy.engine import Engine

from shoal import games
from shoal.analysis.book import book_lines, book_path
from shoal.core import ShoalError
from shoal.core.puzzles import load_puzzles
from shoal.records import Ending, Record
from shoal.records.archive import (
    LEVEL,
    MANIFEST,
    MANIFEST_FORMAT,
    ArchiveWriter,
    read_manifest,
    sha256_of,
)

from ..provide import provided
from .store import ExportGame, OpenDataStore

__all__ = ["ANONYMOUS", "GUEST", "Published", "PublishedDep", "export", "player_name"]

ANONYMOUS = "anonymous"
"""The name a closed account's seats are exported under."""

GUEST = "guest"
"""The name a guest's seats are exported under."""

VERSION = 1
"""The version of the export's format (docs/data.md)."""


def player_name(game: ExportGame, seat: int, names: dict[int, str | None]) -> str:
    """The published name of ``game``'s ``seat`` (see the module's doc)."""
    account = game.accounts[seat] if seat < len(game.accounts) else None
    if account is not None:
        return names.get(account) or ANONYMOUS
    if game.computer_seat == seat and game.level:
        return f"computer ({game.level})"
    return GUEST


def _record(
    game: ExportGame, names: dict[int, str | None], ratings: list[int | None]
) -> Record | None:
    """The published record of a finished game (None: still on, aborted, or unreadable)."""
    try:
        rules = games.REGISTRY.from_mapping(game.game, {k: str(v) for k, v in game.options.items()})
        record = Record.from_actions(
            rules,
            game.actions,
            seed=game.seed or 0,
            start=game.start,
            players=(player_name(game, 0, names), player_name(game, 1, names)),
            date=game.created.strftime("%Y.%m.%d"),
        )
    except ShoalError:
        return None  # a game this version cannot replay (older rules): not published
    final = record.final_state()
    ended = game.ended
    if final.outcome is None:
        if ended is None or ended.get("aborted") or "winner" not in ended:
            return None
        winner = ended.get("winner")
        result = "1/2-1/2" if winner is None else ("1-0" if winner == 0 else "0-1")
        record.ending = Ending(result, str(ended.get("reason", "")))
    tags = {"Id": game.id, "Mode": game.mode, "Rated": "true" if game.rated else "false"}
    if game.time_control:
        tags["TimeControl"] = game.time_control
    if ended is not None and ended.get("reason"):
        tags["Termination"] = str(ended["reason"])
    for seat, rating in enumerate(ratings):
        if rating is not None:
            tags[f"Seat{seat}Rating"] = str(rating)
    tags["Ended"] = game.updated.strftime("%Y.%m.%d")
    record.extra_tags = tags
    return record


def export(
    engine: Engine,
    out: Path,
    *,
    now: Callable[[], datetime.datetime] = lambda: datetime.datetime.now(datetime.UTC),
    log: Callable[[str], None] = lambda text: None,
    level: int = LEVEL,
) -> dict[str, Any]:
    """Write the open data of the database at ``engine`` into ``out`` (zstandard ``level``);
    the manifest."""
    store = OpenDataStore(engine)
    out.mkdir(parents=True, exist_ok=True)
    files: list[dict[str, Any]] = []

    def listed(path: Path, kind: str, count: int, **about: Any) -> None:
        files.append(
            {
                "name": path.relative_to(out).as_posix(),
                "kind": kind,
                **about,
                "bytes": path.stat().st_size,
                "count": count,
                "sha256": sha256_of(path),
            }
        )

    names, ratings = store.names(), store.ratings_before()
    current: tuple[str, str] | None = None
    writers: tuple[ArchiveWriter, ArchiveWriter] | None = None

    def close_month() -> None:
        if writers is not None and current is not None:
            for writer in writers:
                writer.close()
                kind = "games-jsonl" if writer.path.name.endswith(".jsonl.zst") else "games-text"
                listed(writer.path, kind, writer.count, game=current[0], month=current[1])

    for row in store.games():
        record = _record(row, names, ratings.get(row.id, [None, None]))
        if record is None:
            continue
        key = (row.game, row.updated.strftime("%Y-%m"))
        if key != current:
            close_month()
            current = key
            stem = out / "games" / key[0] / f"shoal_{key[0]}_{key[1]}"
            writers = (
                ArchiveWriter(stem.with_name(stem.name + ".txt.zst"), level),
                ArchiveWriter(stem.with_name(stem.name + ".jsonl.zst"), level),
            )
            log(f"games: {key[0]} {key[1]}")
        assert writers is not None
        writers[0].write_text(record.to_text())
        writers[1].write_line({"id": row.id, **record.to_json_dict()})
    close_month()

    tried = store.puzzle_ratings()
    for game_id in sorted(games.ids()):
        puzzles = load_puzzles(games.get(game_id))
        if puzzles:
            with ArchiveWriter(
                out / "puzzles" / f"shoal_puzzles_{game_id}.jsonl.zst", level
            ) as writer:
                for puzzle in puzzles:
                    r, rd, attempts, solved = tried.get(puzzle.id, (puzzle.difficulty, 350.0, 0, 0))
                    item = dataclasses.asdict(puzzle)
                    item.update(rating=round(r), rd=round(rd), attempts=attempts, solved=solved)
                    writer.write_line(item)
            listed(writer.path, "puzzles", writer.count, game=game_id, month=None)
        book = book_path(game_id)
        if book.exists():
            lines = book_lines(book)
            with ArchiveWriter(out / "books" / f"shoal_book_{game_id}.jsonl.zst", level) as writer:
                for line in lines:  # the shipped lines as they are (JSON objects)
                    writer.write_json_line(line)
            listed(
                writer.path, "book", writer.count - 1, game=game_id, month=None
            )  # the header is no game
        log(f"puzzles and book: {game_id}")

    manifest = {
        "format": MANIFEST_FORMAT,
        "version": VERSION,
        "exported": now().replace(microsecond=0).isoformat(),
        "files": files,
    }
    (out / MANIFEST).write_text(json.dumps(manifest, indent=1) + "\n")
    sums = "".join(f"{f['sha256']}  {f['name']}\n" for f in files)
    (out / "SHA256SUMS").write_text(sums)
    return manifest


@dataclasses.dataclass
class Published:
    """A published export's folder, read for the ``/database`` page (None: nothing yet)."""

    folder: Path

    def manifest(self) -> dict[str, Any] | None:
        """The manifest, or None when the folder holds no export."""
        if not (self.folder / MANIFEST).is_file():
            return None
        try:
            return read_manifest(self.folder)
        except (ValueError, OSError):
            return None

    def file(self, name: str) -> Path | None:
        """The listed file called ``name`` (None for anything the manifest does not list)."""
        manifest = self.manifest()
        if manifest is None or name not in {f["name"] for f in manifest["files"]}:
            return None
        path = (self.folder / name).resolve()
        if self.folder.resolve() not in path.parents or not path.is_file():
            return None
        return path


PublishedDep = Annotated[Published, provided(Published)]
"""A route parameter of this type receives the app's :class:`Published`."""
