"""``shoal bench``: random playouts/s and atomic actions/s per game."""

from __future__ import annotations

import argparse
import json

from shoal import games
from shoal.analysis.bench import (
    BenchResult,
    measure_openspiel_connect4,
    measure_openspiel_mcts,
    measure_playouts,
    openspiel_available,
)

from .puzzles_bench import add_puzzle_arguments, puzzle_bench

__all__ = ["add_parser"]


def _paths(args: argparse.Namespace) -> list[str]:
    return ["pure", "native"] if args.path == "compare" else [args.path]


def _search_bench(args: argparse.Namespace, ids: list[str]) -> int:
    from shoal.ai import MCTS, benchmark

    rows = []
    for game_id in ids:
        game = games.get(game_id)
        row: dict[str, object] = {"game": game_id, "decisive": args.decisive}
        for path in _paths(args):
            native = path == "native"
            if native and not MCTS(game, native=True).native:
                row["native_mcts_simulations_per_second"] = None
                if not args.json:
                    print(f"{game_id:24} no native search (pure path)", flush=True)
                continue
            rates = sorted(
                benchmark(
                    game, seconds=args.seconds, seed=window, native=native, decisive=args.decisive
                ).per_second
                for window in range(args.windows)
            )
            rate = rates[len(rates) // 2]
            row[f"{path}_mcts_simulations_per_second"] = rate
            row["mcts_simulations_per_second"] = rate  # the path in use (native in compare)
            if not args.json:
                print(
                    f"{game_id:24} {rate:11,.0f} MCTS simulations/s ({path}, "
                    f"{'decisive moves, ' if args.decisive else ''}median of {args.windows})",
                    flush=True,
                )
        pure, fast = (
            row.get("pure_mcts_simulations_per_second"),
            row.get("native_mcts_simulations_per_second"),
        )
        if isinstance(pure, float) and isinstance(fast, float) and pure > 0:
            row["speedup"] = fast / pure
            if not args.json:
                print(f"{game_id:24} native / pure = {fast / pure:.1f}x", flush=True)
        rows.append(row)
    reference = None
    if "connect4" in ids and openspiel_available() and not args.no_openspiel:
        reference = measure_openspiel_mcts(seconds=args.seconds)
        c4 = next(r for r in rows if r["game"] == "connect4")
        if not args.json:
            print(f"{'openspiel:connect_four':24} {reference:11,.0f} MCTSBot simulations/s (C++)")
            for path in _paths(args):
                mine = c4.get(f"{path}_mcts_simulations_per_second")
                if isinstance(mine, float):
                    print(
                        f"connect4 MCTS: shoal {path} / OpenSpiel MCTSBot = {mine / reference:.2f}x"
                    )
    if args.json:
        print(json.dumps({"search": rows, "openspiel_mcts_connect_four": reference}, indent=1))
    return 0


def _versus(args: argparse.Namespace) -> int:
    from shoal.interop.versus import versus_openspiel

    result = versus_openspiel(
        args.vs_openspiel,
        games_count=args.games_count,
        seconds=args.move_seconds,
        progress=None
        if args.json
        else lambda done, total: print(f"\r{done}/{total} games", end="", flush=True),
    )
    if args.json:
        print(json.dumps(result.as_dict(), indent=1))
        return 0
    low, high = result.interval()
    print()
    print(
        f"{result.game}: shoal MCTS v OpenSpiel MCTSBot, {result.seconds_per_move:g} s per move, "
        f"{result.games} games: {result.wins} wins, {result.draws} draws, {result.losses} losses; "
        f"score {result.score:.1%} (95%: {low:.1%} to {high:.1%}); simulations/s: shoal "
        f"{result.shoal_simulations_per_second:,.0f}, OpenSpiel "
        f"{result.openspiel_simulations_per_second:,.0f} "
        f"({result.openspiel_simulations_per_move} per move)"
    )
    return 0


def _bench(args: argparse.Namespace) -> int:
    if args.puzzles:
        return puzzle_bench(args)
    if args.vs_openspiel:
        return _versus(args)
    ids = list(args.games) or list(games.ids())
    for game_id in ids:
        games.REGISTRY.entry(game_id)
    if args.search:
        return _search_bench(args, ids if "connect4" in ids else [*ids, "connect4"])
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
    ratios: list[tuple[str, float]] = []
    for game_id in ids:
        rows = []
        for path in _paths(args):
            rows.append(measure_playouts(game_id, path=path, **timing))
            if not args.json:
                _print_row(rows[-1])
        if len(rows) == 2 and rows[1].path == "native":
            ratios.append((game_id, rows[1].playouts_per_second / rows[0].playouts_per_second))
        results.extend(rows)
    reference = None
    if "connect4" in ids and openspiel_available() and not args.no_openspiel:
        reference = measure_openspiel_connect4(**timing)
        if not args.json:
            _print_row(reference)
    c4 = next(r for r in reversed(results) if r.game == "connect4")
    if args.json:
        out = {
            "results": [r.as_dict() for r in results],
            "native_over_pure": dict(ratios),
            "openspiel_connect_four": reference.as_dict() if reference else None,
        }
        print(json.dumps(out, indent=1))
        return 0
    print()
    for r in results:
        if r.game != "connect4" and r.path == c4.path:
            ratio = c4.playouts_per_second / r.playouts_per_second
            print(f"{r.game}: one random playout costs {ratio:.1f}x a connect4 playout ({r.path})")
    for game_id, ratio in ratios:
        print(f"{game_id}: native / pure random playouts = {ratio:.1f}x")
    if reference is not None:
        ratio = c4.playouts_per_second / reference.playouts_per_second
        print(f"connect4: shoal ({c4.path}) / OpenSpiel C++ from Python = {ratio:.2f}x")
    return 0


def _print_row(r: BenchResult) -> None:
    print(
        f"{r.game:16} {r.path:7} {r.playouts_per_second:11,.0f} playouts/s "
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
    add_puzzle_arguments(p)
    p.add_argument(
        "--search",
        action="store_true",
        help="measure MCTS simulations/s per game instead of random playouts",
    )
    p.add_argument(
        "--decisive",
        action="store_true",
        help="in --search, MCTS checks for decisive moves at each expansion (docs/ai.md)",
    )
    p.add_argument(
        "--path",
        choices=("native", "pure", "compare"),
        default="native",
        help="native (the compiled fast path where built, else pure), pure (forced), or "
        "compare (both, with the ratio; in --search also OpenSpiel's C++ MCTSBot)",
    )
    p.add_argument(
        "--vs-openspiel",
        metavar="GAME",
        help="play shoal's MCTS against OpenSpiel's MCTSBot at the same time per move",
    )
    p.add_argument(
        "--games",
        dest="games_count",
        type=int,
        default=50,
        help="games of --vs-openspiel (default 50, seats alternate)",
    )
    p.add_argument(
        "--move-seconds",
        type=float,
        default=0.1,
        help="seconds per move in --vs-openspiel (default 0.1)",
    )
    p.set_defaults(func=_bench)
