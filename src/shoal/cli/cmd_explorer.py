"""``shoal explorer GAME``: the moves played from a position; ``shoal explorer build GAME``: a book.

``shoal explorer GAME [NAME=VALUE...] [--position P] [--source book|site
--database URL]`` prints every move played from the position (the start when
none is given): its games, wins/draws/losses in % for the side that made it,
the average rating of its players, the engine's value and "proven win/loss in
N" when the prover settles it. ``--source book`` (the default) reads the book
shipped in the game's package; ``--source site`` the counts of a server's
database.

``shoal explorer build GAME [NAME=VALUE...] --games N --level L --seed S
[--start S0] [--explore P/W/M] [--jobs J]`` plays the book's self-play games (in ``J``
processes; their first ``P`` actions drawn among the search's near-best moves, see
:mod:`shoal.analysis.book_explore`) and writes ``book.jsonl.gz`` into the game's package
(or ``--out FILE``, plain text unless it ends in ``.gz``); the same command and seed
write the same file, whatever ``J``, and a build stopped midway goes on from its
checkpoint (``FILE.part``) when run again. It then writes the book's index beside it
(``book.index``: each position's counts, so a lookup need not count the book first);
``shoal explorer index GAME [--book FILE]`` writes the index of a book made before.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from shoal import games
from shoal.analysis.book import book_path, build_book, index_book, open_book
from shoal.analysis.book_explore import DEFAULT_EXPLORE, Explore
from shoal.analysis.explorer import MoveStats, annotate, node_key, start_state, variant_key
from shoal.core import Game, parse_option_words

from .cmd_serve import DEFAULT_DATABASE

__all__ = ["add_parser", "format_moves"]


def format_moves(moves: list[MoveStats]) -> str:
    """The moves as a table: text, games, W/D/L %, average rating, value, proof."""
    lines = [
        f"{'move':<16} {'games':>6} {'win%':>6} {'draw%':>6} {'loss%':>6} {'avg':>5} "
        f"{'value':>7}  proven"
    ]
    for move in moves:
        row = move.as_json()
        average = "" if row["average_rating"] is None else str(row["average_rating"])
        value = "" if move.value is None else f"{move.value:+.3f}"
        lines.append(
            f"{move.text:<16} {move.games:>6} {row['win_pct']:>6} {row['draw_pct']:>6} "
            f"{row['loss_pct']:>6} {average:>5} {value:>7}  {move.proven or ''}"
        )
    if not moves:
        lines.append("(no games reach this position)")
    return "\n".join(lines)


def _game(words: list[str]) -> Game:
    return games.REGISTRY.from_mapping(words[0], parse_option_words(words[1:]))


def _show(args: argparse.Namespace, words: list[str]) -> int:
    game = _game(words)
    state = start_state(game, args.position)
    if args.source == "book":
        moves = open_book(game).moves(state)
    else:
        from shoal.server.explorer.store import ExplorerStore, Filters
        from shoal.server.games.store import Store

        store = Store(args.database)
        try:
            moves = ExplorerStore(store.engine).moves(
                node_key(variant_key(game), state.position()), Filters()
            )
        finally:
            store.close()
    if args.engine:
        annotate(game, state, moves)
    side = "" if state.to_move is None else state.side_name(state.to_move)
    print(f"{game.id} ({args.source}), {side} to move, {sum(m.games for m in moves)} games")
    print(format_moves(moves))
    return 0


def _build(args: argparse.Namespace, words: list[str]) -> int:
    game = _game(words)
    out = Path(args.out) if args.out else book_path(game.id)
    show = sys.stderr.isatty()

    def progress(done: int, total: int) -> None:
        if show:
            print(f"\rgame {done}/{total}", end="", file=sys.stderr, flush=True)

    if args.games < 1 or args.jobs < 1:
        print("shoal: explorer build needs --games and --jobs of at least 1", file=sys.stderr)
        return 2
    try:
        explore = Explore.parse(args.explore)
    except ValueError as error:
        print(f"shoal: {error}", file=sys.stderr)
        return 2
    written = build_book(
        game,
        args.games,
        args.level,
        args.seed,
        out,
        progress,
        jobs=args.jobs,
        start=args.start,
        explore=explore,
    )
    if show:
        print(file=sys.stderr)
    print(f"shoal: wrote {written} games of {args.level} self-play to {out}")
    return 0


def _index(args: argparse.Namespace, words: list[str]) -> int:
    game = _game(words)
    book = Path(args.book) if args.book else book_path(game.id)
    if not book.is_file():
        print(f"shoal: no book at {book}", file=sys.stderr)
        return 2
    try:
        out = index_book(game, book)
    except ValueError as error:
        print(f"shoal: {error}", file=sys.stderr)
        return 2
    print(f"shoal: wrote the index of {book} to {out}")
    return 0


def _explorer(args: argparse.Namespace) -> int:
    words = list(args.words)
    if words[0] in ("build", "index"):
        if len(words) < 2:
            print(f"shoal: explorer {words[0]} needs a GAME", file=sys.stderr)
            return 2
        return (_build if words[0] == "build" else _index)(args, words[1:])
    return _show(args, words)


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``shoal explorer`` (and ``shoal explorer build``, ``shoal explorer index``)."""
    p = sub.add_parser(
        "explorer",
        help="the opening explorer: moves played from a position; 'build' makes a book",
        description=(
            "shoal explorer GAME [NAME=VALUE...]: every move played from a position, with its "
            "games, results for its mover, average rating, the engine's value and the prover's "
            "verdict. shoal explorer build GAME [NAME=VALUE...] --games N --level L --seed S: "
            "play a book of self-play games into the game's package (reproducible from the "
            "command and its seed), and its index. shoal explorer index GAME [--book FILE]: "
            "write the index of a book (each position's counts, read in milliseconds)."
        ),
    )
    p.add_argument("words", nargs="+", metavar="[build|index] GAME [NAME=VALUE ...]")
    p.add_argument("--position", help="a position string of the game (default: its start)")
    p.add_argument("--source", choices=("book", "site"), default="book")
    p.add_argument(
        "--database", default=DEFAULT_DATABASE, help="the server's database (--source site)"
    )
    p.add_argument(
        "--no-engine", dest="engine", action="store_false", help="leave out value and proof"
    )
    p.add_argument("--games", type=int, default=100, help="build: how many games")
    p.add_argument("--level", default="club", help="build: the level (or spec) of both sides")
    p.add_argument("--seed", type=int, default=0, help="build: the first game's seed")
    p.add_argument(
        "--start",
        type=int,
        help="build: every game from the start of this seed (default: game i from seed S+i)",
    )
    p.add_argument(
        "--jobs", type=int, default=1, help="build: processes playing the games (same file)"
    )
    p.add_argument(
        "--explore",
        default=DEFAULT_EXPLORE.words(),
        help=(
            "build: the diversity rule PLIES/WIDTH/MARGIN[/SHARED]: the first PLIES actions "
            "drawn among the search's WIDTH best moves within MARGIN of the best (the first "
            "action among the WIDTH best); the first SHARED (default 1) ranked by one search "
            f"seeded 0 for every game alike; or off (default {DEFAULT_EXPLORE.words()})"
        ),
    )
    p.add_argument("--out", help="build: the file to write (default: the game's book.jsonl.gz)")
    p.add_argument("--book", help="index: the book to index (default: the game's book.jsonl.gz)")
    p.set_defaults(func=_explorer)
