"""The open data's files: many records (or JSON lines) in one zstandard-compressed file.

``shoal db export`` (docs/data.md) writes the site's finished games, one file pair per game and
month: ``games/GAME/shoal_GAME_YYYY-MM.txt.zst`` (the text records, one after another, each
ending with an empty line) and ``games/GAME/shoal_GAME_YYYY-MM.jsonl.zst`` (one JSON record a
line: :meth:`Record.to_json_dict <shoal.records.Record.to_json_dict>` with an ``id``); the
puzzles and books are JSON lines too. A ``manifest.json`` lists every file with its kind,
game, month, size, count and SHA-256.

This module writes those files (:class:`ArchiveWriter`) and reads them back one item at a
time without holding a file in memory (:func:`read_games`, :func:`read_lines`,
:func:`read_manifest`); a game is replayed through the rules as it is read.

>>> import tempfile, pathlib
>>> from shoal.games import get
>>> from shoal.records import Record
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> record = Record.from_actions(get("connect4"), [3, 3, 2], players=("ann", "bob"))
>>> with ArchiveWriter(folder / "g.txt.zst") as out:
...     out.write_text(record.to_text())
>>> [r.actions for r in read_games(folder / "g.txt.zst")]
[[3, 3, 2]]
"""

from __future__ import annotations

import hashlib
import io
import json
from collections.abc import Iterator
from pathlib import Path
from types import TracebackType
from typing import IO, Any

import zstandard

from .record import Record, read_json, read_text

__all__ = [
    "MANIFEST",
    "MANIFEST_FORMAT",
    "ArchiveWriter",
    "read_games",
    "read_lines",
    "read_manifest",
    "sha256_of",
]

MANIFEST = "manifest.json"
"""The manifest's file name in an export's folder."""

MANIFEST_FORMAT = "shoal-open-data"
"""The manifest's ``format`` field."""

LEVEL = 19
"""The zstandard level the files are compressed at (high: they are written once, read often)."""


class ArchiveWriter:
    """A zstandard-compressed text file written item by item (at ``level``); counts what it
    wrote."""

    def __init__(self, path: Path, level: int = LEVEL) -> None:
        self.path = path
        self.count = 0
        path.parent.mkdir(parents=True, exist_ok=True)
        self._raw: IO[bytes] = open(path, "wb")  # noqa: SIM115 - closed in close()
        self._zstd = zstandard.ZstdCompressor(level=level).stream_writer(self._raw)
        self._text = io.TextIOWrapper(self._zstd, encoding="utf-8", newline="\n")

    def write_text(self, record_text: str) -> None:
        """One text record (an empty line follows it)."""
        self._text.write(record_text.rstrip("\n") + "\n\n")
        self.count += 1

    def write_line(self, item: dict[str, Any]) -> None:
        """One JSON object on a line."""
        self._text.write(json.dumps(item, ensure_ascii=False, separators=(",", ":")) + "\n")
        self.count += 1

    def write_json_line(self, text: str) -> None:
        """One line that is already a JSON object's text (a shipped book's line)."""
        self._text.write(text.strip() + "\n")
        self.count += 1

    def close(self) -> None:
        """Finish the compressed stream and the file."""
        self._text.close()  # closes the zstd writer and the file under it

    def __enter__(self) -> ArchiveWriter:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()


def _text_lines(path: Path) -> Iterator[str]:
    with open(path, "rb") as raw:
        reader = zstandard.ZstdDecompressor().stream_reader(raw)
        yield from io.TextIOWrapper(reader, encoding="utf-8", newline="\n")


def read_lines(path: Path) -> Iterator[dict[str, Any]]:
    """The JSON objects of a ``.jsonl.zst`` file, one a line (ValueError names a bad line)."""
    for number, line in enumerate(_text_lines(path), start=1):
        if not line.strip():
            continue
        try:
            item = json.loads(line)
        except json.JSONDecodeError as error:
            raise ValueError(f"{path.name}, line {number}: not JSON: {error}") from None
        if not isinstance(item, dict):
            raise ValueError(f"{path.name}, line {number}: not a JSON object")
        yield item


def read_games(path: Path) -> Iterator[Record]:
    """The games of an export's file, replayed one at a time: a ``.txt.zst`` file of text
    records or a ``.jsonl.zst`` file of JSON records (RecordError names a bad one)."""
    if path.name.endswith(".jsonl.zst"):
        for item in read_lines(path):
            yield read_json(json.dumps(item))
        return
    chunk: list[str] = []
    for line in _text_lines(path):
        # a record is its tags, an empty line, its turns and an empty line: a tag line
        # after an empty line begins the next record
        if line.startswith("[") and any(not c.strip() for c in chunk):
            yield read_text("".join(chunk))
            chunk = []
        chunk.append(line)
    if any(c.strip() for c in chunk):
        yield read_text("".join(chunk))


def read_manifest(folder: Path) -> dict[str, Any]:
    """An export's manifest (ValueError when it is not one)."""
    data = json.loads((folder / MANIFEST).read_text())
    if not isinstance(data, dict) or data.get("format") != MANIFEST_FORMAT:
        raise ValueError(f"{folder / MANIFEST} is not a shoal open-data manifest")
    return data


def sha256_of(path: Path) -> str:
    """The SHA-256 of a file, in hex."""
    digest = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()
