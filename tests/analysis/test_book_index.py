"""A book's index (issue 44): the counts of replaying the book, read in milliseconds."""

from __future__ import annotations

import json
import struct
import time
import zlib
from pathlib import Path

import pytest

from shoal import games
from shoal.analysis.book import book_lines, book_path, build_book, index_book, load_book, open_book
from shoal.analysis.book_index import (
    MAGIC,
    BookIndex,
    BookIndexError,
    book_sha256,
    index_bytes,
    index_path,
    read_index,
)
from shoal.analysis.explorer import MAX_PLIES, Tree
from shoal.cli.main import main

BOOK_GAMES = ("syrtis", "sirtet", "sytran", "cyclix", "sfirs")


@pytest.mark.parametrize("game_id", BOOK_GAMES)
def test_a_shipped_index_is_the_one_built_by_replaying_its_book(game_id: str) -> None:
    """Rule: the index shipped beside a book equals, byte for byte, the one its replay gives.

    And its lookups answer as the replayed book's: every move (counts, results, text, last
    game) at the positions of twenty of its games, and the stored counts at every node. One
    test per book, so that each book is replayed once.
    """
    game, book = games.get(game_id), book_path(game_id)
    tree = load_book(game)
    shipped = index_path(book)
    assert shipped.name == "book.index" and shipped.parent == book.parent
    assert shipped.read_bytes() == index_bytes(tree, book_sha256(book))
    index = open_book(game)
    assert isinstance(index, BookIndex) and index.count == tree.count
    assert index.nodes == len(tree.nodes)
    lines = book_lines(book)
    header = json.loads(lines[0])
    checked = 0
    for line in lines[1:21]:
        item = json.loads(line)
        state = game.initial(item["seed"] if "start" not in header else header["start"])
        for action in item["actions"][:MAX_PLIES]:
            if state.outcome is not None:
                break
            want = tree.moves(state)
            assert index.moves(state) == want and want
            checked += 1
            state = state.child(action)
    assert checked > 100
    for key, moves in tree.nodes.items():  # every node: the stored counts and last games
        rows = [(m.action, m.games, m.wins, m.draws, int(m.last_at or -1)) for m in moves.values()]
        assert sorted(index.rows(key)) == sorted(rows)


@pytest.mark.parametrize("game_id", ["sytran", "sfirs"])
def test_opening_a_shipped_book_takes_milliseconds(game_id: str) -> None:
    """The first lookup does not wait for the book to be counted (seconds of CPU for these)."""
    game = games.get(game_id)
    started = time.process_time()
    book = open_book(game)
    moves = book.moves(game.initial(0))
    spent = time.process_time() - started
    assert isinstance(book, BookIndex) and moves
    assert spent < 0.25, f"opening the book took {spent:.3f} CPU-s"


def test_a_new_book_is_written_with_its_index(tmp_path: Path) -> None:
    """``shoal explorer build`` writes the index beside the book; lookups read it."""
    game = games.get("connect4")
    out = tmp_path / "c4.jsonl.gz"
    assert main(["explorer", "build", "connect4", "--games", "6", "--level", "beginner",
                 "--seed", "2", "--out", str(out)]) == 0  # fmt: skip
    assert index_path(out) == tmp_path / "c4.index" and index_path(out).is_file()
    book = open_book(game, out)
    assert isinstance(book, BookIndex) and book.count == 6
    tree = load_book(game, out)
    state = game.initial(0)
    assert book.moves(state) == tree.moves(state) != []
    assert index_path(tmp_path / "plain") == tmp_path / "plain.index"
    assert index_path(tmp_path / "b.jsonl") == tmp_path / "b.index"


def test_an_index_of_other_bytes_is_not_used(tmp_path: Path) -> None:
    """A book rebuilt without its index is counted again, not read from the old index."""
    game = games.get("connect4")
    out = tmp_path / "book.jsonl"
    build_book(game, 5, "beginner", 1, out)
    old = index_path(out).read_bytes()
    lines = out.read_text().splitlines()
    header = json.loads(lines[0])
    header["games"] = 4
    out.write_text("\n".join([json.dumps(header), *lines[1:5]]) + "\n")  # one game fewer
    assert index_path(out).read_bytes() == old and read_index(game, out) is None
    book = open_book(game, out)
    assert isinstance(book, Tree) and book.count == 4
    index_book(game, out)
    fresh = open_book(game, out)
    assert isinstance(fresh, BookIndex) and fresh.count == 4
    assert fresh.moves(game.initial(0)) == book.moves(game.initial(0))


def test_an_index_that_counted_other_plies_is_not_used(tmp_path: Path) -> None:
    """An index from a count of other plies per game (MAX_PLIES changed since) is not read."""
    game = games.get("connect4")
    out = tmp_path / "book.jsonl"
    build_book(game, 3, "beginner", 1, out)
    assert isinstance(open_book(game, out), BookIndex)
    body = zlib.decompress(index_path(out).read_bytes()[len(MAGIC) :])
    (length,) = struct.unpack_from("<I", body)
    header = json.loads(body[4 : 4 + length])
    assert header["plies"] == MAX_PLIES
    header["plies"] = MAX_PLIES - 10
    head = json.dumps(header, sort_keys=True).encode()
    body = struct.pack("<I", len(head)) + head + body[4 + length :]
    index_path(out).write_bytes(MAGIC + zlib.compress(body))
    assert read_index(game, out) is None and isinstance(open_book(game, out), Tree)


def test_other_options_read_an_empty_index(tmp_path: Path) -> None:
    """A book is built for one set of options: for others its index answers nothing."""
    out = tmp_path / "book.jsonl.gz"
    build_book(games.get("syrtis"), 2, "beginner", 0, out, start=0)
    assert open_book(games.get("syrtis"), out).count == 2
    other = games.REGISTRY.from_mapping("syrtis", {"variant": "minor"})
    book = open_book(other, out)
    assert isinstance(book, BookIndex) and book.count == 0
    assert book.moves(other.initial(0)) == []


def test_a_broken_index_is_refused_with_a_clear_error(tmp_path: Path) -> None:
    game = games.get("connect4")
    out = tmp_path / "book.jsonl"
    build_book(game, 2, "beginner", 0, out)
    data = index_path(out).read_bytes()
    with pytest.raises(BookIndexError, match="not a book index"):
        BookIndex(game, b"PK" + data)
    with pytest.raises(BookIndexError, match="broken"):
        BookIndex(game, data[:-7])
    with pytest.raises(BookIndexError, match="broken"):
        BookIndex(game, MAGIC + b"\x78\x9c" + data[len(MAGIC) + 2 :][:10])
    body = zlib.decompress(data[len(MAGIC) :])
    (length,) = struct.unpack_from("<I", body)
    header = json.loads(body[4 : 4 + length])
    header["nodes"] += 1  # a header that promises a node more than its tables hold
    head = json.dumps(header).encode()
    wrong = MAGIC + zlib.compress(struct.pack("<I", len(head)) + head + body[4 + length :])
    with pytest.raises(BookIndexError, match="do not match its header"):
        BookIndex(game, wrong)


def test_the_index_command_writes_an_index_and_refuses_bad_input(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``shoal explorer index GAME --book FILE``; a missing book or other options change nothing."""
    out = tmp_path / "book.jsonl.gz"
    build_book(games.get("connect4"), 3, "beginner", 4, out)
    written = index_path(out).read_bytes()
    index_path(out).unlink()
    assert main(["explorer", "index", "connect4", "--book", str(out)]) == 0
    assert index_path(out).read_bytes() == written  # the same bytes again
    assert "wrote the index" in capsys.readouterr().out
    assert main(["explorer", "index", "sirtet", "--book", str(out)]) == 2
    assert "not of sirtet" in capsys.readouterr().err
    assert main(["explorer", "index", "connect4", "--book", str(tmp_path / "none.jsonl")]) == 2
    assert "no book" in capsys.readouterr().err and not (tmp_path / "none.index").exists()
    assert main(["explorer", "index"]) == 2
    assert "needs a GAME" in capsys.readouterr().err
    assert index_path(out).read_bytes() == written
