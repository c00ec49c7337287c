"""A shipped book's precomputed index (issue 44): each position's move counts, read in milliseconds.

Counting a book (:func:`shoal.analysis.book.load_book`) replays the first
:data:`~shoal.analysis.explorer.MAX_PLIES` actions of each game, and nearly all of
that time is the rules' position strings (a profile of Sytran's book: 80% in
``format_position``): seconds of CPU, which a server's first book lookup used to
wait for. The index is what that count gives, written once beside the book
(``book.index`` beside ``book.jsonl.gz``) by ``shoal explorer build`` and
``shoal explorer index``: for every node (the position's key,
:func:`~shoal.analysis.explorer.node_key`), its moves with their games, wins,
draws, losses (for the mover) and last game. A lookup reads it with a binary
search; the moves' texts come from the looked-up state (``action_text``).

The file: :data:`MAGIC`, then one zlib stream (level 9, so the same book gives
the same bytes) of, little-endian:

* ``u32`` the header's length, then the header (JSON, sorted keys): ``variant``
  (:func:`~shoal.analysis.explorer.variant_key` of the book's game and options),
  ``book_sha256`` (of the book file's bytes: an index of another book is not
  used), ``games``, ``nodes``, ``edges`` and ``plies`` (the plies counted per game,
  :data:`~shoal.analysis.explorer.MAX_PLIES`: an index of another count is not used);
* the node keys, :data:`KEY_BYTES` (8) bytes each (the first 16 of the 32 hex digits
  of ``node_key``), in increasing order;
* per node, its number of moves (``u16``);
* the moves, node by node, most played first (then by action), in five columns
  (each whole, so zlib finds the runs of ones and zeros): ``action`` (``i32``),
  ``games``, ``wins``, ``draws`` and ``last`` (``u32``: the last game's number
  ``n``, shown as ``book:{n + 1}``); losses are the rest.

An 8-byte key is ample: the build refuses a book where two positions share one
(less than one chance in 10^9 at 100,000 positions), and a position outside the book
meets a book key by chance about once in 10^14 lookups.
"""

from __future__ import annotations

import hashlib
import itertools
import json
import struct
import sys
import zlib
from array import array
from pathlib import Path
from typing import Any

from shoal.core import Game, State

from .explorer import MAX_PLIES, MoveStats, Tree, node_key, variant_key

__all__ = [
    "INDEX_SUFFIX",
    "KEY_BYTES",
    "MAGIC",
    "BookIndex",
    "BookIndexError",
    "book_sha256",
    "index_bytes",
    "index_path",
    "read_index",
    "write_index",
]

MAGIC = b"SHBKIDX1"
"""The first bytes of an index file (format 1)."""

INDEX_SUFFIX = ".index"
"""An index's name is its book's with ``.jsonl.gz`` (or ``.jsonl``) replaced by this."""

KEY_BYTES = 8
"""A node's key in the index: the first 8 bytes of its ``node_key`` (16 in the tree)."""

_COLUMNS = ("i", "I", "I", "I", "I")
"""The moves' columns (array codes): action, games, wins, draws, last."""


class BookIndexError(ValueError):
    """A file that is not an index of format 1 (or is cut short)."""


def index_path(book: Path) -> Path:
    """Where the index of the book at ``book`` lives (``book.jsonl.gz`` -> ``book.index``)."""
    name = book.name
    for suffix in (".jsonl.gz", ".jsonl"):
        if name.endswith(suffix):
            return book.with_name(name[: -len(suffix)] + INDEX_SUFFIX)
    return book.with_name(name + INDEX_SUFFIX)


def book_sha256(book: Path) -> str:
    """The SHA-256 of the book file's bytes (what an index is of)."""
    return hashlib.sha256(book.read_bytes()).hexdigest()


def _last(stats: MoveStats) -> int:
    """The number of a move's last game (``at`` is the game's number, zero-padded)."""
    assert stats.last_at is not None and stats.last_game == f"book:{int(stats.last_at) + 1}"
    return int(stats.last_at)


def _key(node: str) -> bytes:
    """A node's key in the index: the first :data:`KEY_BYTES` bytes of its ``node_key``."""
    return bytes.fromhex(node[: 2 * KEY_BYTES])


def index_bytes(tree: Tree, sha256: str) -> bytes:
    """The index file of a counted book (``tree``, from ``load_book``) of SHA-256 ``sha256``.

    Raises ValueError when two of the book's nodes share their first :data:`KEY_BYTES`
    bytes (less than one chance in 10^9 for a book of 100,000 positions).
    """
    nodes = sorted((_key(node), node) for node in tree.nodes)
    if len({key for key, _ in nodes}) != len(nodes):  # pragma: no cover - see above
        raise ValueError("two positions of the book share an index key")
    counts = array("H")
    columns: tuple[array[int], ...] = (array("i"), *(array("I") for _ in _COLUMNS[1:]))
    for _, node in nodes:
        moves = sorted(tree.nodes[node].values(), key=lambda m: (-m.games, m.action))
        if len(moves) > 0xFFFF:  # pragma: no cover - no game has that many moves at a node
            raise ValueError(f"{len(moves)} moves at one node: more than an index holds")
        counts.append(len(moves))
        for m in moves:
            for column, value in zip(columns, (m.action, m.games, m.wins, m.draws, _last(m))):
                column.append(value)
    header = {
        "variant": variant_key(tree.game),
        "book_sha256": sha256,
        "games": tree.count,
        "nodes": len(nodes),
        "edges": len(columns[0]),
        "plies": MAX_PLIES,
    }
    head = json.dumps(header, sort_keys=True).encode()
    parts = [struct.pack("<I", len(head)), head, b"".join(key for key, _ in nodes)]
    for table in (counts, *columns):
        if sys.byteorder == "big":  # pragma: no cover - the file is little-endian
            table.byteswap()
        parts.append(table.tobytes())
    return MAGIC + zlib.compress(b"".join(parts), 9)


def write_index(tree: Tree, book: Path, out: Path | None = None) -> Path:
    """Write the index of ``tree`` (the book at ``book``, counted) beside it; answers its path."""
    out = out or index_path(book)
    tmp = out.with_name(out.name + ".tmp")
    tmp.write_bytes(index_bytes(tree, book_sha256(book)))
    tmp.replace(out)
    return out


class BookIndex:
    """A book's counts read from its index: ``moves(state)`` as :meth:`Tree.moves` answers."""

    def __init__(self, game: Game, data: bytes) -> None:
        if not data.startswith(MAGIC):
            raise BookIndexError("not a book index (no SHBKIDX1 at its start)")
        try:
            body = zlib.decompress(data[len(MAGIC) :])
            (length,) = struct.unpack_from("<I", body)
            self.header: dict[str, Any] = json.loads(body[4 : 4 + length])
            nodes, edges = int(self.header["nodes"]), int(self.header["edges"])
        except (zlib.error, struct.error, ValueError, KeyError, TypeError) as error:
            raise BookIndexError(f"a broken book index: {error}") from None
        at = 4 + length
        self._keys = body[at : at + nodes * KEY_BYTES]
        at += nodes * KEY_BYTES
        tables = []
        for code, count in (("H", nodes), *((code, edges) for code in _COLUMNS)):
            table = array(code)
            chunk = body[at : at + count * table.itemsize]
            if len(chunk) != count * table.itemsize:
                raise BookIndexError("a broken book index: its tables do not match its header")
            table.frombytes(chunk)
            if sys.byteorder == "big":  # pragma: no cover - the file is little-endian
                table.byteswap()
            at += len(chunk)
            tables.append(table)
        counts, *self._columns = tables
        if len(self._keys) != nodes * KEY_BYTES or sum(counts) != edges or at != len(body):
            raise BookIndexError("a broken book index: its tables do not match its header")
        self._first = array("I", itertools.accumulate(counts, initial=0))
        self.game = game
        self.variant = variant_key(game)
        self.same = self.header.get("variant") == self.variant
        self.count = int(self.header["games"]) if self.same else 0
        self.nodes = nodes

    def _node(self, key: bytes) -> int | None:
        """The number of the node with ``key`` (binary search), None when absent."""
        keys, size, lo, hi = self._keys, KEY_BYTES, 0, self.nodes
        while lo < hi:
            mid = (lo + hi) // 2
            if keys[mid * size : mid * size + size] < key:
                lo = mid + 1
            else:
                hi = mid
        if lo < self.nodes and keys[lo * size : lo * size + size] == key:
            return lo
        return None

    def rows(self, key: str) -> list[tuple[int, int, int, int, int]]:
        """The moves of the node ``key``: (action, games, wins, draws, last), most played first."""
        node = self._node(_key(key))
        if node is None:
            return []
        begin, end = self._first[node], self._first[node + 1]
        return list(zip(*(column[begin:end] for column in self._columns), strict=True))

    def moves(self, state: State) -> list[MoveStats]:
        """The moves played at ``state``, most played first (ties: by action), as ``Tree.moves``."""
        if not self.same:
            return []  # a book is built for one set of options: other options have none
        found = []
        for action, games, wins, draws, last in self.rows(node_key(self.variant, state.position())):
            found.append(
                MoveStats(
                    action,
                    state.action_text(action),
                    games,
                    wins,
                    draws,
                    games - wins - draws,
                    last_game=f"book:{last + 1}",
                    last_at=f"{last:09d}",
                )
            )
        return found


def read_index(game: Game, book: Path, index: Path | None = None) -> BookIndex | None:
    """The index of the book at ``book`` for ``game``; None when missing, stale or of other bytes.

    An index whose ``book_sha256`` is not the book's (the book was rebuilt and its index
    not), or that counted another number of plies than :data:`MAX_PLIES`, is not used:
    the caller counts the book itself.
    """
    index = index or index_path(book)
    if not index.is_file() or not book.is_file():
        return None
    found = BookIndex(game, index.read_bytes())
    if found.header.get("book_sha256") != book_sha256(book):
        return None
    if found.header.get("plies") != MAX_PLIES:
        return None
    return found
