"""The shipped opening books (issue 44): strong self-play games kept in each game's package.

``shoal explorer build GAME --games N --level L --seed S`` plays ``N`` games of
level ``L`` against itself (through :func:`shoal.ai.get_player`, the compiled
search where the game has one), game ``i`` from ``game.initial(S + i)`` with
the players seeded from ``S + i``, and writes ``book.jsonl`` into the game's
package: a header line (the command's settings) and one line per game
(``{"seed", "actions", "winner"}``). A named level searches with its iteration
budget and no time cap (``turn_seconds`` very large), so the file depends only
on the command and its seed: building again gives the same bytes.
"""

from __future__ import annotations

import importlib.util
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from shoal import games
from shoal.ai import get_player
from shoal.core import Game, History, options_to_strings

from .explorer import Tree

__all__ = ["BOOK_FILE", "NO_CAP", "book_path", "build_book", "load_book", "play_book_game"]

BOOK_FILE = "book.jsonl"
"""The book's file name in its game's package."""

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


def play_book_game(game: Game, level: str, seed: int) -> dict[str, Any]:
    """One self-play game of ``level`` from ``game.initial(seed)``: ``{seed, actions, winner}``."""
    spec = _uncapped(level)
    players = (get_player(spec, game, seed=2 * seed), get_player(spec, game, seed=2 * seed + 1))
    history = History(game.initial(seed))
    state = history.state
    while state.outcome is None:
        seat = state.to_move
        assert seat is not None
        state = history.play(players[seat].choose(state), checked=False)
    assert state.outcome is not None
    return {"seed": seed, "actions": list(history.actions), "winner": state.outcome.winner}


def build_book(
    game: Game,
    count: int,
    level: str,
    seed: int,
    out: Path,
    progress: Callable[[int, int], None] | None = None,
) -> int:
    """Write a book of ``count`` games to ``out``; answers the number written."""
    header = {
        "book": game.id,
        "options": options_to_strings(game.options),
        "games": count,
        "level": level,
        "seed": seed,
        "command": f"shoal explorer build {game.id} --games {count} --level {level} --seed {seed}",
    }
    lines = [json.dumps(header, sort_keys=True)]
    for i in range(count):
        lines.append(json.dumps(play_book_game(game, level, seed + i), sort_keys=True))
        if progress:
            progress(i + 1, count)
    tmp = out.with_suffix(".tmp")
    tmp.write_text("\n".join(lines) + "\n", encoding="utf-8")
    tmp.replace(out)
    return count


def load_book(game: Game, path: Path | None = None) -> Tree:
    """The book of ``game`` counted into a :class:`Tree` (empty when none is shipped).

    A book is built for one set of options: for other options the tree is empty.
    """
    tree = Tree(game)
    path = path or book_path(game.id)
    if not path.is_file():
        return tree
    with path.open(encoding="utf-8") as f:
        header = json.loads(f.readline())
        if header.get("options") != options_to_strings(game.options):
            return tree
        for n, line in enumerate(f):
            if line.strip():
                item = json.loads(line)
                start = game.initial(int(item["seed"]))
                tree.add(
                    start, item["actions"], item["winner"], game_id=f"book:{n + 1}", at=f"{n:09d}"
                )
    return tree
