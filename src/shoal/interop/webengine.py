"""What the browser's engine needs from Python: the data beside each WebAssembly module.

The browser runs each game's C core compiled to WebAssembly (``scripts/build-wasm``,
``interop/wasm/shoal_wasm.c``; ``web/engine.js`` is the page's API). The C core has the
rules, not everything around them: the starting positions (set up by the Python
engine from a seed), the tables some cores take from Python (Sirtet's tile sets) and
the search settings of the game's AI profile. :func:`engine_data` gathers them for one
game at its default options, as ``web/wasm/GAME.json``; nothing here is a rule.

States cross as the same packed C struct the CPython wrapper uses (``fast.py``'s
``pack``), written in hex: the browser engine's ``position()`` is that string (the
notation's position string is formatted in Python only, so the browser keeps the packed
form; :func:`packed` gives the same string for a server-side state).

The offline page also runs shoal's pure-Python games in the browser (Pyodide, for the
board, the notation and the record; :mod:`shoal.interop.offline`): :func:`write_bundle`
zips the packages it needs as ``web/wasm/shoal-py.zip``. Python takes seconds to load
there (more on a slow phone), so :func:`start_views` draws each new game's first view
here, as ``web/wasm/GAME.starts.json``: a new offline game shows its board at once.

``python -m shoal.interop.webengine OUTDIR`` writes every game's file and the bundle.
"""

from __future__ import annotations

import json
import sys
import zipfile
from pathlib import Path
from typing import Any

from shoal.ai.levels import LEVEL_TABLE
from shoal.ai.mcts import EXPLORATION
from shoal.core import Game, State
from shoal.core.native import engine_position
from shoal.games import get, ids

__all__ = [
    "BUNDLED",
    "STARTS",
    "engine_data",
    "level_data",
    "packed",
    "start_views",
    "write_all",
    "write_bundle",
]

STARTS = 16
"""Starting positions written per game (seeds 0 to STARTS - 1 of the default options)."""


def packed(game: Game, state: State) -> str:
    """The browser engine's position of ``state``: its packed C struct in hex."""
    position = engine_position(game, state)
    if position is None:
        raise ValueError(f"{game.id}: no native engine covers this position")
    return position


def engine_data(game_id: str, starts: int = STARTS) -> dict[str, Any]:
    """The browser engine's data for ``game_id`` at its default options (JSON-ready)."""
    game = get(game_id)
    engine = game.native_engine()
    if engine is None:
        raise ValueError(f"{game_id}: the native engine is not built (run scripts/setup)")
    profile = game.ai_profile
    initial = [packed(game, game.initial(seed)) for seed in range(starts)]
    return {
        "game": game_id,
        "state_size": len(initial[0]) // 2,
        "exploration": EXPLORATION * profile.exploration,
        "playout_cutoff": profile.playout_cutoff,
        "algorithm": profile.algorithm,
        "alphabeta_depth": profile.alphabeta_depth,
        "num_actions": game.num_distinct_actions,
        "max_game_length": game.max_game_length,
        "levels": [level_data(game, level.name) for level in LEVEL_TABLE],
        "tables": [[index, flat] for index, flat in engine.tables],
        "initial": initial,
    }


def level_data(game: Game, name: str) -> dict[str, Any]:
    """One named level's search for ``game``, as ``level_player(name, game)`` sets it up
    (the budgets scaled by the game's profile; MCTS's settings for that level)."""
    profile = game.ai_profile
    level = next(level for level in LEVEL_TABLE if level.name == name)
    presearch = profile.presearch_for(name)
    return {
        "name": name,
        "iterations": level.mcts_iterations(game),
        "depth": level.alphabeta_depth(game),
        "turn_seconds": level.turn_cap(game),
        "exploration": EXPLORATION * profile.exploration_for(name),
        "playout_cutoff": profile.cutoff_for(name),
        "decisive": profile.decisive_for(name),
        "presearch": list(presearch) if presearch is not None else None,
    }


BUNDLED = ("__init__.py", "core", "games", "records", "interop/__init__.py", "interop/offline.py")
"""What the offline page's Python needs of shoal (paths inside the package)."""
_DATA = {".py", ".toml", ".json", ".jsonl", ".txt"}


def write_bundle(path: Path) -> Path:
    """Zips shoal's pure-Python games (and typing_extensions, their one dependency)."""
    import typing_extensions

    package = Path(__file__).resolve().parents[1]
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as bundle:
        for name in BUNDLED:
            top = package / name
            files = [top] if top.is_file() else sorted(top.rglob("*"))
            for file in files:
                if file.is_file() and file.suffix in _DATA and "__pycache__" not in file.parts:
                    bundle.write(file, f"shoal/{file.relative_to(package).as_posix()}")
        extension = Path(typing_extensions.__file__)
        bundle.write(extension, extension.name)
    return path


def start_views(game_ids: list[str], starts: int = STARTS) -> dict[str, dict[str, Any]]:
    """Each game's first view on the offline page (:class:`~shoal.interop.offline.OfflineGame`
    at the default options), by seed ("0" to ``starts - 1``) for a game whose set-up is
    drawn from its seed, else once, as ``"any"``.

    >>> views = start_views(["connect4"])
    >>> list(views["connect4"]), views["connect4"]["any"]["ply"]
    (['any'], 0)
    """
    from .offline import OfflineGame

    out: dict[str, dict[str, Any]] = {}
    for game_id in game_ids:
        seeds = range(starts) if get(game_id).random_setup else (0,)
        views = {str(seed): OfflineGame(game_id, seed).view() for seed in seeds}
        out[game_id] = views if get(game_id).random_setup else {"any": views["0"]}
    return out


def write_all(folder: Path) -> list[Path]:
    """Writes ``GAME.json`` for every game with a native engine into ``folder``."""
    folder.mkdir(parents=True, exist_ok=True)
    out = []
    for game_id in ids(all=True):
        if get(game_id).native_engine() is None:
            continue
        path = folder / f"{game_id}.json"
        path.write_text(json.dumps(engine_data(game_id), separators=(",", ":")))
        out.append(path)
    out.append(write_bundle(folder / "shoal-py.zip"))
    games = [path.stem for path in out if path.suffix == ".json"]
    for game_id, views in start_views(games).items():
        starts = folder / f"{game_id}.starts.json"
        starts.write_text(json.dumps(views, separators=(",", ":")))
        out.append(starts)
    return out


if __name__ == "__main__":  # pragma: no cover - scripts/build-wasm
    for written in write_all(Path(sys.argv[1])):
        print(written)
