"""``shoal ladder GAME [OPTIONS] --agents SPEC ...``: agents rated under fixed compute.

Every agent plays its turns under the same budget (``--time`` seconds a turn on one pinned
core, or ``--iterations`` for agents that declare them; over it, it loses the game) against
the anchors (the server's levels, ratings pinned per game) and the other agents, seats
alternating; the games go where the rating intervals are widest. Ratings are Bayesian Elo
with 95% intervals. Agent specs: ``engine:COMMAND``, ``bot:COMMAND`` (with ``{server}`` and
``{token}``), ``python:module:Class``, ``baseline:ENV``; ``NAME=SPEC`` names one. See
docs/ai.md, "The ladder".

``--calibrate`` rates the anchors themselves (the first pinned at 0) and writes their
ratings to ``--anchors-file``.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import shlex
from pathlib import Path
from typing import Any

from shoal import games
from shoal.core import InvalidOptionError, parse_option_words
from shoal.ladder import (
    ANCHOR_LEVELS,
    ANCHORS_FILE,
    Ladder,
    LadderBudget,
    LadderGame,
    anchor_spec,
    default_core,
    ladder_key,
    load_anchors,
    parse_agent,
    save_anchors,
)

__all__ = ["add_parser", "run"]

DEFAULT_OUT = Path("ladder-results")
"""Where the results go when ``--out`` is not given."""


def add_parser(subparsers: Any) -> None:
    """Add the ``ladder`` subcommand (sets ``func=run``)."""
    p: argparse.ArgumentParser = subparsers.add_parser(
        "ladder",
        help="rate agents under a fixed compute budget against pinned anchors",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("game", help="game id (see 'shoal games')")
    p.add_argument("options", nargs="*", metavar="NAME=VALUE", help="game options")
    p.add_argument("--agents", nargs="+", default=[], metavar="SPEC", help="the agents to rate")
    p.add_argument("--agent", action="append", default=[], metavar="SPEC", help="one more agent")
    p.add_argument(
        "--anchors",
        default="pinned",
        help="comma-separated levels of " + ", ".join(ANCHOR_LEVELS) + "; 'pinned' (default): "
        "every level pinned for the game; 'none': rate against the pool's mean",
    )
    p.add_argument("--anchors-file", type=Path, default=ANCHORS_FILE, help="the pinned ratings")
    p.add_argument("--calibrate", action="store_true", help="rate the anchors and pin them")
    p.add_argument("--games", "-n", type=int, default=40, help="games to play, in pairs (40)")
    p.add_argument("--time", type=float, default=0.2, help="seconds a turn (0.2)")
    p.add_argument("--iterations", type=int, default=200, help="iterations an action (200)")
    p.add_argument("--grace", type=float, default=None, help="seconds over --time (10%%, >=0.05)")
    p.add_argument("--cap", type=float, default=60.0, help="most seconds of an anchor's turn")
    p.add_argument("--seed", type=int, default=0, help="the first set-up seed (0)")
    p.add_argument("--core", type=int, default=None, help="the core to pin players to (last)")
    p.add_argument("--out", type=Path, default=DEFAULT_OUT, help=f"results folder ({DEFAULT_OUT})")
    p.add_argument("--log-dir", type=Path, default=None, help="keep each program's stderr here")
    p.add_argument("--json", action="store_true", help="print the results as JSON")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """Run the ladder the arguments describe, write and print its results."""
    game = games.REGISTRY.from_mapping(args.game, parse_option_words(args.options))
    words = [*args.agents, *args.agent]
    for word in words:
        if "=" in word and ":" not in word:
            raise InvalidOptionError(f"{word!r} looks like a game option: put it before --agents")
    try:
        agents = [parse_agent(word) for word in words]
        budget = LadderBudget(args.time, args.iterations, args.grace, args.cap)
        if args.calibrate:
            if agents:
                raise ValueError("--calibrate rates the anchors: give no agents")
            levels = _levels(args.anchors, {}) if args.anchors != "pinned" else ANCHOR_LEVELS
            anchors = [anchor_spec(levels[0], 0.0)]
            # the other levels are rated, as agents are (their specs keep the anchor's kind,
            # so they play their levels)
            agents = [dataclasses.replace(anchor_spec(lv, 0.0), rating=None) for lv in levels[1:]]
        else:
            _levels(args.anchors, {})  # the names first: an unknown level before a missing file
            pinned = {} if args.anchors == "none" else load_anchors(game, args.anchors_file)
            anchors = [anchor_spec(lv, pinned[lv]) for lv in _levels(args.anchors, pinned)]
        if args.log_dir is not None:
            args.log_dir.mkdir(parents=True, exist_ok=True)
        core = args.core if args.core is not None else default_core()
        ladder = Ladder(
            game,
            agents,
            anchors,
            budget=budget,
            games=args.games,
            seed=args.seed,
            core=core,
            log_dir=args.log_dir,
            command=shlex.join(["shoal", *getattr(args, "argv", ["ladder"])]),
            progress=None if args.json else _progress,
        )
    except ValueError as error:
        raise InvalidOptionError(str(error)) from None
    results = ladder.run()
    if args.calibrate:
        ratings = {p["name"]: p["rating"] for p in results["players"]}
        about: dict[str, Any] = {
            "intervals": {p["name"]: p["interval"] for p in results["players"] if not p["anchor"]},
            "games": len(results["games"]),
            "command": results["command"],
            "date": results["finished"][:10],
        }
        save_anchors(game, ratings, about, args.anchors_file)
    args.out.mkdir(parents=True, exist_ok=True)
    path = args.out / f"{ladder_key(game)}.json"
    path.write_text(json.dumps(results, indent=1) + "\n")
    if args.json:
        print(json.dumps(results, indent=1))
    else:
        print(table(results))
        print(
            f"results: {path}"
            + (f"; anchors pinned in {args.anchors_file}" if args.calibrate else "")
        )
    return 0


def _levels(text: str, pinned: dict[str, float]) -> list[str]:
    if text == "none":
        return []
    if text == "pinned":
        return [level for level in ANCHOR_LEVELS if level in pinned]
    levels = [word.strip() for word in text.split(",") if word.strip()]
    for level in levels:
        if level not in ANCHOR_LEVELS:
            raise ValueError(f"anchor {level!r}: the anchors are {', '.join(ANCHOR_LEVELS)}")
        if pinned and level not in pinned:
            raise ValueError(f"anchor {level!r} has no pinned rating for this game")
    return levels


def _progress(game: LadderGame, total: int) -> None:
    who = " v ".join(game.players)
    print(f"game {game.index + 1}/{total}: {who}: {game.result} ({game.reason})", flush=True)


def table(results: dict[str, Any]) -> str:
    """The results as a text table (rank, player, rating, interval, games, W-D-L)."""
    budget = results["budget"]
    named = ", ".join(f"{k}={v}" for k, v in results["options"].items())
    lines = [
        f"{results['title']}{f' ({named})' if named else ''} ladder: {len(results['games'])} "
        f"games, {budget['seconds']:g} s a turn (+{budget['grace']:g} s) or "
        f"{budget['iterations']} iterations an action; Bayesian Elo, 95% intervals",
        f"{'#':>3}  {'player':<28} {'rating':>7}  {'interval':<17} {'games':>5}  W-D-L",
    ]
    for rank, p in enumerate(results["players"], start=1):
        low, high = p["interval"]
        if p["anchor"]:
            interval = "pinned"
        elif low is None:
            interval = "no games"
        else:
            interval = f"[{low:.0f}, {high:.0f}]"
        rating = "-" if p["rating"] is None else f"{p['rating']:.0f}"
        name = p["name"] + (" (anchor)" if p["anchor"] else "")
        lines.append(
            f"{rank:>3}  {name:<28} {rating:>7}  {interval:<17} {p['games']:>5}  "
            f"{p['wins']}-{p['draws']}-{p['losses']}"
            + (f", {p['forfeits']} forfeited" if p["forfeits"] else "")
        )
    return "\n".join(lines)
