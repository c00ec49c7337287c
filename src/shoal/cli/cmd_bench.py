"""``shoal bench``: random playouts/s and atomic actions/s per game."""

from __future__ import annotations

import argparse
import json

from shoal import games
from shoal.analysis.bench import (
    BenchResult,
    measure_openspiel_connect4,
    measure_playouts,
    openspiel_available,
)

__all__ = ["add_parser"]


def _bench(args: argparse.Namespace) -> int:
    ids = list(args.games) or list(games.ids())
    if "connect4" not in ids:
        ids.append("connect4")
    timing = {
        "windows": args.windows,
        "window_seconds": args.seconds,
        "warmup_seconds": min(0.5, args.seconds),
    }
    results: list[BenchResult] = []
    for game_id in ids:
        games.REGISTRY.entry(game_id)  # unknown ids fail before any timing
    for game_id in ids:
        results.append(measure_playouts(game_id, **timing))
        if not args.json:
            _print_row(results[-1])
    reference = None
    if "connect4" in ids and openspiel_available() and not args.no_openspiel:
        reference = measure_openspiel_connect4(**timing)
        if not args.json:
            _print_row(reference)
    c4 = next(r for r in results if r.game == "connect4")
    if args.json:
        out = {
            "results": [r.as_dict() for r in results],
            "openspiel_connect_four": reference.as_dict() if reference else None,
        }
        print(json.dumps(out, indent=1))
        return 0
    print()
    for r in results:
        if r.game != "connect4":
            ratio = c4.playouts_per_second / r.playouts_per_second
            print(f"{r.game}: one random playout costs {ratio:.1f}x a connect4 playout")
    if reference is not None:
        ratio = c4.playouts_per_second / reference.playouts_per_second
        print(f"connect4: shoal (pure Python) / OpenSpiel C++ from Python = {ratio:.2f}x")
    return 0


def _print_row(r: BenchResult) -> None:
    print(
        f"{r.game:24} {r.playouts_per_second:11,.0f} playouts/s "
        f"{r.actions_per_second:12,.0f} actions/s  ({r.mean_actions_per_playout:.1f} "
        "actions per playout)",
        flush=True,
    )


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``bench``."""
    p = sub.add_parser(
        "bench",
        help="measure random playouts/s and actions/s per game",
        description=(
            "Random playouts/s and atomic actions/s per game on one core, the median of "
            "several windows after a warm-up, beside the connect4 calibration game (and "
            "OpenSpiel's C++ connect_four when open_spiel is installed)."
        ),
    )
    p.add_argument("games", nargs="*", help="game ids (default: every game)")
    p.add_argument("--windows", type=int, default=5, help="timed windows (default 5)")
    p.add_argument("--seconds", type=float, default=1.0, help="seconds per window (default 1)")
    p.add_argument("--json", action="store_true", help="print JSON for machines")
    p.add_argument("--no-openspiel", action="store_true", help="skip the OpenSpiel reference")
    p.set_defaults(func=_bench)
