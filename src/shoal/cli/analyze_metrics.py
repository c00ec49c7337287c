"""``shoal analyze GAME --metrics`` and its companions: sequential stopping (``--until``),
the skill curve (``--skill-curve``), the compensation search (``--compensate``) and human
data (``--from-db``). Glue only: the work is in :mod:`shoal.analysis.metrics`."""

from __future__ import annotations

import argparse
import dataclasses
import json
import sys
import time
from pathlib import Path
from typing import Any

from shoal import games
from shoal.analysis.metrics.compensation import find_compensation
from shoal.analysis.metrics.humans import ai_references, human_rates, load_human_games
from shoal.analysis.metrics.intervals import SPRT, parse_until
from shoal.analysis.metrics.report import format_text, metrics_payload, write_metrics_report
from shoal.analysis.metrics.sequential import play_until
from shoal.analysis.metrics.skill import PairResult, plot_skill, skill_curve
from shoal.analysis.metrics.trace import CLARITY_CHILDREN, run_traces
from shoal.core import Game, InvalidOptionError, options_to_strings, parse_option_words

__all__ = ["add_metric_arguments", "run_metrics", "wants_metrics"]

DOCS = Path(__file__).resolve().parents[3] / "docs" / "analysis"


def add_metric_arguments(p: argparse.ArgumentParser) -> None:
    """The flags of the metric report and its companions."""
    g = p.add_argument_group("metrics (docs/metrics.md)")
    g.add_argument("--metrics", action="store_true", help="Ludii's metric suite with intervals")
    g.add_argument("--json", action="store_true", help="print the report's JSON on stdout")
    g.add_argument(
        "--until",
        help='play until a rate is known to ±POINTS (95%%), e.g. "first=±2" or first=+-2; '
        "--games is then the game budget",
    )
    g.add_argument(
        "--clarity",
        type=int,
        default=CLARITY_CHILDREN,
        help=f"alternatives evaluated for Clarity per sampled turn (0: none; "
        f"default {CLARITY_CHILDREN})",
    )
    g.add_argument("--seconds", type=float, help="time budget for --until and --compensate")
    g.add_argument(
        "--sprt",
        type=float,
        default=0.55,
        help="SPRT's H1 for 'is the first player favoured?': score P1 against 0.5 (default 0.55)",
    )
    g.add_argument(
        "--skill-curve",
        action="store_true",
        help="first player's score and draws per level pair (--games per pair)",
    )
    g.add_argument(
        "--levels",
        default="random,beginner,casual,club,strong,max",
        help="levels of the skill curve, comma-separated (default random to max)",
    )
    g.add_argument(
        "--pair-games", type=int, help="skill curve: games per level pair (default --games)"
    )
    g.add_argument("--no-mixed", action="store_true", help="skill curve: same levels only")
    g.add_argument(
        "--no-time-caps",
        action="store_true",
        help="skill curve: levels play by their iteration budgets alone, without their "
        "wall-clock cap per turn (full strength, the same games at any load)",
    )
    g.add_argument(
        "--extend",
        action="store_true",
        help="skill curve: keep the report in --out (its metrics and pairs) and play only "
        "the pairs it lacks",
    )
    g.add_argument(
        "--prove-nodes",
        type=int,
        default=200_000,
        help="node budget of the prover at the curve's end (0: none; default 200000)",
    )
    g.add_argument(
        "--late-depth",
        type=int,
        default=0,
        help="skill curve: also prove the strongest pair's games this many atomic actions "
        "before their end (0: no; e.g. 8)",
    )
    g.add_argument(
        "--compensate",
        metavar="OPTION",
        help="find the value of a compensating option that balances --level (--games per "
        "point, --budget in all)",
    )
    g.add_argument("--range", help="compensation range LOW:HIGH (default the option's limits)")
    g.add_argument("--budget", type=int, help="compensation: games in all (default 6 x --games)")
    g.add_argument("--from-db", metavar="URL", help="human data from a server's database")
    g.add_argument(
        "--ai-report",
        help="metrics.json to compare human data with (default docs/analysis/GAME/metrics.json)",
    )


def wants_metrics(args: argparse.Namespace) -> bool:
    """True when a metric flag was given."""
    return bool(args.metrics or args.until or args.skill_curve or args.compensate or args.from_db)


def _meta(game: Game, args: argparse.Namespace, command: str, games_: int) -> dict[str, Any]:
    return {
        "game": game.id,
        "title": game.title,
        "rules_version": game.rules_version,
        "options": options_to_strings(game.options),
        "players": [args.level, args.level],
        "seeds": [args.seed, args.seed + games_ - 1],
        "random_setup": game.random_setup,
        "clarity_children": args.clarity,
        "command": command,
    }


def _kept_report(args: argparse.Namespace, out: Path, game: Game) -> dict[str, Any] | None:
    """With ``--extend``: the report already in ``out`` (checked to be this game's), else None."""
    if not args.extend:
        return None
    if not args.skill_curve or args.until or args.metrics or args.compensate:
        raise InvalidOptionError(
            "--extend adds skill-curve pairs to a report: give --skill-curve without "
            "--metrics, --until or --compensate"
        )
    path = out / "metrics.json"
    if not path.is_file():
        raise InvalidOptionError(f"--extend: no report at {path}")
    payload: dict[str, Any] = json.loads(path.read_text())
    meta = payload.get("meta", {})
    if meta.get("game") != game.id or meta.get("options") != options_to_strings(game.options):
        raise InvalidOptionError(
            f"--extend: {path} is a report of {meta.get('game')} {meta.get('options')}, "
            f"not of {game.id} {options_to_strings(game.options)}"
        )
    return payload


def _note(args: argparse.Namespace, text: str) -> None:
    if not args.quiet and not args.json:
        print(text, file=sys.stderr, flush=True)


def run_metrics(args: argparse.Namespace, command: str) -> int:
    """Run what the metric flags ask; write ``metrics.json``/``metrics.html``."""
    options = parse_option_words(args.options)
    game = games.REGISTRY.from_mapping(args.game, options)
    out = Path(args.out or f"analysis-{args.game}")
    start = time.perf_counter()
    payload: dict[str, Any]
    kept = _kept_report(args, out, game)
    if kept is not None:
        payload = kept
    elif args.until:
        target = parse_until(args.until)
        run = play_until(
            game,
            args.level,
            target=target,
            max_games=args.games,
            max_seconds=args.seconds,
            first_seed=args.seed,
            workers=args.workers,
            sprt=SPRT(p1=args.sprt),
            clarity_children=args.clarity,
            progress=lambda n, hw: _note(args, f"{n} games: ±{hw * 100:.1f} points"),
        )
        traces = run.traces
        payload = metrics_payload(traces, _meta(game, args, command, len(traces)), seed=args.seed)
        payload["sequential"] = run.as_dict()
    elif args.metrics:
        traces = run_traces(
            game,
            args.level,
            args.level,
            range(args.seed, args.seed + args.games),
            workers=args.workers,
            clarity_children=args.clarity,
        )
        payload = metrics_payload(traces, _meta(game, args, command, len(traces)), seed=args.seed)
    else:
        payload = {"meta": _meta(game, args, command, 0), "games": 0, "metrics": {}, "reasons": {}}
    skill_png = None
    if args.skill_curve:
        levels = [level.strip() for level in args.levels.split(",") if level.strip()]
        before = (kept or {}).get("skill") or {}
        curve = skill_curve(
            game,
            levels,
            games=args.pair_games or args.games,
            mixed=not args.no_mixed,
            first_seed=args.seed,
            workers=args.workers,
            prove_nodes=args.prove_nodes,
            late_depth=args.late_depth,
            progress=lambda pair, r: _note(
                args, f"{pair[0]} v {pair[1]}: first {r.first.value:.1%} ({r.seconds:.0f} s)"
            ),
            previous=[PairResult.from_dict(p) for p in before.get("pairs", [])],
            time_caps=not args.no_time_caps,
        )
        if curve.late is None and before.get("late"):
            curve = dataclasses.replace(curve, late=before["late"])
        payload["skill"] = curve.as_dict()
        if kept is not None:
            payload["meta"].setdefault("skill_commands", []).append(command)
        skill_png = plot_skill(curve, out / "skill.png", f"{game.title}: skill curve")
    if args.compensate:
        low = high = None
        if args.range:
            a, sep, b = args.range.partition(":")
            try:
                low, high = float(a), float(b)
            except ValueError:
                raise InvalidOptionError(f"--range {args.range!r}: expected LOW:HIGH") from None
            if not sep:
                raise InvalidOptionError(f"--range {args.range!r}: expected LOW:HIGH")
        result = find_compensation(
            game,
            args.compensate,
            args.level,
            games_per_point=args.games,
            max_games=args.budget or 6 * args.games,
            max_seconds=args.seconds,
            low=low,
            high=high,
            first_seed=args.seed,
            workers=args.workers,
            progress=lambda v, r: _note(
                args,
                f"{args.compensate}={v:g}: first {r.value:.1%} [{r.low:.1%}, {r.high:.1%}] n={r.n}",
            ),
        )
        payload["compensation"] = result.as_dict()
    if args.from_db:
        reference_path = Path(args.ai_report) if args.ai_report else DOCS / game.id / "metrics.json"
        references = (
            ai_references(json.loads(reference_path.read_text()))
            if reference_path.is_file()
            else {}
        )
        humans = load_human_games(args.from_db, game.id)
        payload["humans"] = human_rates(humans, references)
        payload["human_references"] = {k: v.as_dict() for k, v in references.items()}
    seconds = time.perf_counter() - start
    if kept is not None:
        payload["extend_seconds"] = [*payload.get("extend_seconds", []), seconds]
    else:
        payload["seconds"] = seconds
    path = write_metrics_report(payload, out, skill_png=skill_png)
    if args.json:
        print(json.dumps(payload, indent=1))
    else:
        print(format_text(payload))
        if payload.get("humans"):
            for row in payload["humans"]:
                f = row["first"]
                flag = " FLAGGED" if row["flagged"] else ""
                print(
                    f"  humans {row['band']} {row['speed']}: {row['games']} games, first "
                    f"{f['value']:.1%} [{f['low']:.1%}, {f['high']:.1%}]{flag}"
                )
        elif args.from_db:
            print("  humans: no finished games between people in that database")
        print(f"metrics: {path} ({seconds:.1f} s)")
    return 0
