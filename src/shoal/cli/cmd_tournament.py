"""``shoal tournament``: tournaments from the command line.

``shoal tournament simulate --format F --players N --rounds R --seed S [--json]`` runs
a whole event with random results, paired by the server's own pairers (round robin by
Berger tables, Swiss by maximum-weight matching, arena as players come free), and
prints its rounds and standings; with ``--json`` shaped as ``GET /api/tournaments/{id}``
(players ``p1``..``pN``), for outside checks of the pairing rules.
"""

from __future__ import annotations

import argparse
import json
from typing import Any

from shoal.core import InvalidOptionError
from shoal.pairing.records import FORMATS, TournamentError

__all__ = ["add_parser", "run_simulate"]


def add_parser(subparsers: Any) -> None:
    """Add the ``tournament`` group and its ``simulate`` subcommand."""
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "tournament",
        help="tournaments: simulate an event with the server's pairers",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    group = parser.add_subparsers(dest="tournament_command", metavar="COMMAND")
    sim = group.add_parser(
        "simulate",
        help="a simulated event with random results",
        description=(
            "Simulate an event of players p1..pN with random results, paired by the "
            "server's own pairers. --rounds: a round robin plays its first R rounds "
            "(default all), a Swiss R rounds (default ceil(log2 N) + 1), an arena lasts "
            "R simulated minutes (default 30)."
        ),
    )
    sim.add_argument("--format", required=True, choices=FORMATS, help="the event's format")
    sim.add_argument("--players", type=int, required=True, help="number of players")
    sim.add_argument("--rounds", type=int, default=None, help="rounds (or arena minutes)")
    sim.add_argument("--seed", type=int, default=0, help="seed of the random results (0)")
    sim.add_argument("--json", action="store_true", help="print the event as JSON")
    sim.set_defaults(func=run_simulate)

    def usage(_args: argparse.Namespace) -> int:
        parser.print_help()
        return 2

    parser.set_defaults(func=usage)


def run_simulate(args: argparse.Namespace) -> int:
    """Simulate the event the parsed arguments describe and print it."""
    from shoal.pairing.simulate import simulate  # networkx: only when it runs

    try:
        event = simulate(args.format, args.players, rounds=args.rounds, seed=args.seed)
    except TournamentError as error:
        raise InvalidOptionError(str(error)) from None
    if args.json:
        print(json.dumps(event, indent=1))
        return 0
    for rnd in event["rounds"]:
        print(f"Round {rnd['number']}")
        for pairing in rnd["pairings"]:
            first, second = pairing["players"]
            print(f"  {first:>6} - {second:<6} {pairing['result'] or '*'}")
        if rnd["bye"]:
            print(f"  {rnd['bye']:>6} bye")
    print("Standings")
    for line in event["standings"]:
        ties = " ".join(f"{name}={value:g}" for name, value in line["tiebreaks"].items())
        print(f"  {line['rank']:>3}. {line['player']:<6} {line['points']:>5g}  {ties}")
    return 0
