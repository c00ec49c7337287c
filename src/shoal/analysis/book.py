"""The shipped opening books (issue 44): strong self-play games kept in each game's package.

``shoal explorer build GAME --games N --level L --seed S`` plays ``N`` games of
level ``L`` against itself (through :func:`shoal.ai.get_player`, the compiled
search where the game has one), game ``i`` from ``game.initial(S + i)`` with
the players seeded from ``S + i``, and writes ``book.jsonl`` into the game's
package: a header line (the command's settings) and one line per game
(``{"seed", "actions", "winner"}``). A named level searches with its iteration
budget and no time cap (``turn_seconds`` very large), so the file depends only
on the command and its seed: building again gives the same bytes. ``--start S0``
plays every game from ``game.initial(S0)``, for a game whose start depends
on its seed (Syrtis): its book then meets at that start. ``jobs``
processes may play the games (game ``i`` depends only on its seed, and the
lines are written in seed order), giving the same bytes as one.

The shipped books are gzip-compressed (``book.jsonl.gz``, written with no
name and a zero time stamp, so the same text gives the same bytes); a path
not ending in ``.gz`` is read and written as plain text.
"""

from __future__ import annotations

import functools
import gzip
import importlib.util
import json
import multiprocessing
import random
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path
from typing import Any

from shoal import games
from shoal.ai import get_player
from shoal.core import Action, Game, History, State, options_to_strings

from .book_explore import Explore, explore_choice
from .book_index import BookIndex, read_index, write_index
from .explorer import MAX_PLIES, Step, Tree, node_key, variant_key

__all__ = [
    "BOOK_FILE",
    "NO_CAP",
    "OPENER_SEED",
    "book_explore",
    "book_header",
    "book_lines",
    "book_path",
    "build_book",
    "index_book",
    "load_book",
    "open_book",
    "play_book_game",
    "write_book",
]

BOOK_FILE = "book.jsonl.gz"
"""The book's file name in its game's package (gzip-compressed JSON lines)."""

NO_CAP = 1_000_000.0
"""The per-turn time cap given to a named level: large enough never to cut a search."""


def book_path(game_id: str) -> Path:
    """Where the book of ``game_id`` lives: ``BOOK_FILE`` in the game's package folder."""
    spec = importlib.util.find_spec(games.REGISTRY.entry(game_id).module)
    if spec is None or spec.origin is None:  # pragma: no cover - a registered game is a package
        raise FileNotFoundError(f"no package for {game_id!r}")
    return Path(spec.origin).parent / BOOK_FILE


def _uncapped(level: str) -> str:
    """``level`` with no time cap (a named level), so its games depend on the seed only."""
    name, _, rest = level.partition(":")
    if name in ("mcts", "alphabeta", "random") or "turn_seconds" in rest or "budget" in rest:
        return level
    return f"{name}:{rest + ',' if rest else ''}turn_seconds={NO_CAP:g}"


OPENER_SEED = 0
"""The seed of the search that ranks a book game's first actions (the rule's ``shared``),
the same for every game: each game's own seeded search ranked Syrtis's ~50 set-up
placements differently, so 500 games spread over dozens of first moves (at most 17 games
each) instead of the rule's 6."""


def play_book_game(
    game: Game,
    level: str,
    seed: int,
    start: int | None = None,
    explore: Explore | None = None,
) -> dict[str, Any]:
    """One self-play game of ``level``: ``{seed, actions, winner}``.

    From ``game.initial(seed)``, or ``game.initial(start)`` when ``start`` is given (one
    start for the whole book, where a game's start depends on its seed); the players are
    seeded from ``seed``. With ``explore``, the first ``explore.plies`` actions are drawn
    among the search's near-best moves (:mod:`.book_explore`), from a generator seeded by
    ``seed``; the candidates of the first ``explore.shared`` actions come from a search
    seeded 0 (:data:`OPENER_SEED`) made afresh for the position, the same in every game of
    a book, so that a book's games share their candidates there.
    """
    spec = _uncapped(level)
    players = (get_player(spec, game, seed=2 * seed), get_player(spec, game, seed=2 * seed + 1))
    history = History(game.initial(seed if start is None else start))
    draws = random.Random(seed)
    state = history.state
    while state.outcome is None:
        seat = state.to_move
        assert seat is not None
        ply = len(history.actions)
        if explore is not None and ply < explore.plies:
            shared = ply < explore.shared  # ranked afresh, alike in every game
            ranker = get_player(spec, game, seed=OPENER_SEED) if shared else players[seat]
            action = explore_choice(ranker, state, ply, explore, draws)
        else:
            action = players[seat].choose(state)
        state = history.play(action, checked=False)
    assert state.outcome is not None
    return {"seed": seed, "actions": list(history.actions), "winner": state.outcome.winner}


@functools.lru_cache(maxsize=8)
def _worker_game(game_id: str, options: tuple[tuple[str, str], ...]) -> Game:
    return games.REGISTRY.from_mapping(game_id, dict(options))


_Task = tuple[str, tuple[tuple[str, str], ...], str, int, int | None, Explore | None]


def _play_in_worker(task: _Task) -> str:
    """One book line, played in a worker process (the game rebuilt from its id and options)."""
    game_id, options, level, seed, start, explore = task
    game = _worker_game(game_id, options)
    return json.dumps(play_book_game(game, level, seed, start, explore), sort_keys=True)


def _played(
    game: Game,
    seeds: range,
    level: str,
    start: int | None,
    jobs: int,
    explore: Explore | None,
) -> Iterator[str]:
    """The book's game lines of ``seeds`` in seed order, played by ``jobs`` processes."""
    if jobs <= 1 or len(seeds) <= 1:
        for seed in seeds:
            yield json.dumps(play_book_game(game, level, seed, start, explore), sort_keys=True)
        return
    options = tuple(sorted(options_to_strings(game.options).items()))
    tasks = [(game.id, options, level, seed, start, explore) for seed in seeds]
    with multiprocessing.get_context("spawn").Pool(min(jobs, len(seeds))) as pool:
        yield from pool.imap(_play_in_worker, tasks)


def write_book(out: Path, lines: list[str]) -> None:
    """Write the book's lines to ``out`` (gzip with no name or time stamp when it ends in .gz)."""
    data = ("\n".join(lines) + "\n").encode("utf-8")
    if out.suffix == ".gz":
        data = gzip.compress(data, compresslevel=9, mtime=0)
    tmp = out.with_name(out.name + ".tmp")
    tmp.write_bytes(data)
    tmp.replace(out)


def book_lines(path: Path) -> list[str]:
    """The lines of the book at ``path`` (gzip-compressed when it ends in .gz)."""
    data = path.read_bytes()
    if path.suffix == ".gz":
        data = gzip.decompress(data)
    return data.decode("utf-8").splitlines()


def book_header(
    game: Game,
    count: int,
    level: str,
    seed: int,
    start: int | None = None,
    explore: Explore | None = None,
) -> str:
    """The book's first line: the game, its options, the settings and the command."""
    header: dict[str, Any] = {
        "book": game.id,
        "options": options_to_strings(game.options),
        "games": count,
        "level": level,
        "seed": seed,
        "command": f"shoal explorer build {game.id} --games {count} --level {level} --seed {seed}",
    }
    if start is not None:
        header["start"] = start
        header["command"] += f" --start {start}"
    header["explore"] = "off" if explore is None else explore.words()
    header["command"] += f" --explore {header['explore']}"
    return json.dumps(header, sort_keys=True)


def book_explore(header: Mapping[str, Any]) -> Explore | None:
    """The diversity rule a book's header names (None: ``off``, or a book made before it)."""
    return Explore.parse(str(header.get("explore", "off")))


def _checkpoint(part: Path, header: str) -> list[str]:
    """The game lines a checkpoint of the same build holds (none when it is of another)."""
    if not part.is_file():
        return []
    lines = part.read_text(encoding="utf-8").split("\n")
    if not lines or lines[0] != header:
        return []
    return [line for line in lines[1:-1] if line.strip()]  # the last may be cut short


def build_book(
    game: Game,
    count: int,
    level: str,
    seed: int,
    out: Path,
    progress: Callable[[int, int], None] | None = None,
    jobs: int = 1,
    start: int | None = None,
    explore: Explore | None = None,
) -> int:
    """Write a book of ``count`` games to ``out`` (``jobs`` processes); answers the number written.

    The header's command leaves out ``jobs``: the file is the same for any number. With
    ``start``, every game starts from ``game.initial(start)`` (see :func:`play_book_game`);
    with ``explore``, the games explore their first plies (:mod:`.book_explore`).

    Checkpointed: each game's line is appended to ``OUT.part`` as it is played, and a
    build of the same command that finds that file goes on after its last whole line
    (game ``i`` depends only on its seed, so the book is the same bytes as one run's).
    The ``.part`` file goes once the book is written.
    """
    header = book_header(game, count, level, seed, start, explore)
    part = out.with_name(out.name + ".part")
    lines = [header, *_checkpoint(part, header)[:count]]
    with part.open("w", encoding="utf-8") as saved:
        saved.write("\n".join(lines) + "\n")
        saved.flush()
        if progress and len(lines) > 1:
            progress(len(lines) - 1, count)
        for line in _played(
            game, range(seed + len(lines) - 1, seed + count), level, start, jobs, explore
        ):
            lines.append(line)
            saved.write(line + "\n")
            saved.flush()
            if progress:
                progress(len(lines) - 1, count)
    write_book(out, lines)
    part.unlink()
    index_book(game, out)
    return count


def index_book(game: Game, path: Path) -> Path:
    """Count the book at ``path`` and write its index beside it (``book.index``); answers its path.

    Raises ValueError when the book is of another game, or was built for other options
    than ``game``'s (its index would be empty).
    """
    lines = book_lines(path)
    header: Mapping[str, Any] = json.loads(lines[0]) if lines else {}
    if (header.get("book"), header.get("options")) != (game.id, options_to_strings(game.options)):
        raise ValueError(
            f"the book {path} is of {header.get('book')} with options {header.get('options')}, "
            f"not of {game.id} with {options_to_strings(game.options)}"
        )
    return write_index(load_book(game, path), path)


def open_book(game: Game, path: Path | None = None) -> Tree | BookIndex:
    """The book of ``game`` for lookups: its index when it has one of these bytes, else counted.

    The index (``book.index`` beside the book) reads in milliseconds; without it (or when
    it is of other bytes) the book is counted by :func:`load_book` (seconds for a large
    book). Both answer ``moves(state)`` and ``count`` alike.
    """
    path = path or book_path(game.id)
    found = read_index(game, path)
    return found if found is not None else load_book(game, path)


def load_book(game: Game, path: Path | None = None) -> Tree:
    """The book of ``game`` counted into a :class:`Tree` (empty when none is shipped).

    A book is built for one set of options: for other options the tree is empty.
    """
    tree = Tree(game)
    path = path or book_path(game.id)
    if not path.is_file():
        return tree
    lines = book_lines(path)
    header: Mapping[str, Any] = json.loads(lines[0]) if lines else {}
    if header.get("options") != options_to_strings(game.options):
        return tree
    fixed = header.get("start")
    items = []
    for n, line in enumerate(lines[1:]):
        if line.strip():
            item = json.loads(line)
            start = game.initial(int(item["seed"] if fixed is None else fixed))
            items.append((start.position(), item["actions"][:MAX_PLIES], n, start, item["winner"]))
    # In the order of their openings, so a game walks only from where it leaves the one before
    # (the counts do not depend on the order; the last game is the one with the largest ``at``).
    items.sort(key=lambda item: (item[0], item[1], item[2]))
    walker = _PrefixWalker(game)
    for _, actions, n, start, winner in items:
        tree.add_steps(walker.steps(start, actions), winner, game_id=f"book:{n + 1}", at=f"{n:09d}")
    return tree


class _PrefixWalker:
    """``walk`` for games met in the order of their actions: the shared prefix is not replayed."""

    def __init__(self, game: Game) -> None:
        self.variant = variant_key(game)
        self.start = ""
        self.path: list[tuple[Action, Step, State]] = []  # action, its step, the state after it

    def steps(self, start: State, actions: list[Action]) -> list[Step]:
        """The counted steps of ``actions`` from ``start`` (as ``walk``)."""
        position = start.position()
        if position != self.start:
            self.start, self.path = position, []
        keep = 0
        while keep < min(len(actions), len(self.path)) and self.path[keep][0] == actions[keep]:
            keep += 1
        del self.path[keep:]
        state = self.path[-1][2] if self.path else start
        for action in actions[keep:MAX_PLIES]:
            if state.outcome is not None or state.to_move is None:
                break
            step = Step(
                node_key(self.variant, state.position()),
                action,
                state.action_text(action),
                state.to_move,
            )
            state = state.child(action)
            self.path.append((action, step, state))
        return [step for _, step, _ in self.path]
