"""``shoal admin tournament``: recurring tournaments, made by the server itself.

``shoal admin tournament add --by ADMIN --game G --format F --every week --first ISO
[--rounds R] [--minutes M] [--clock C] [--max-players N] [--rated] [--name NAME]`` adds a
schedule; ``shoal admin tournament list`` lists them. Each event of a schedule is made
once (whichever server process gets there first), a day before it starts
(docs/tournaments.md).
"""

from __future__ import annotations

import argparse
import datetime
import sys

__all__ = ["add_to_admin", "run"]


def add_to_admin(actions: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``tournament add|list`` to the ``admin`` actions."""
    from shoal.pairing.records import EVERY, FORMATS

    group = actions.add_parser("tournament", help="recurring tournaments (add, list)")
    what = group.add_subparsers(dest="tournament_action", metavar="ACTION", required=True)
    what.add_parser("list", help="list the schedules")
    add = what.add_parser("add", help="add a recurring tournament")
    add.add_argument("--by", required=True, metavar="USERNAME", help="the account that holds it")
    add.add_argument("--name", default="", help="the events' name (their date is added)")
    add.add_argument("--game", required=True, help="game id")
    add.add_argument("--option", action="append", default=[], metavar="NAME=VALUE")
    add.add_argument("--format", required=True, choices=FORMATS)
    add.add_argument("--every", required=True, choices=EVERY)
    add.add_argument("--first", required=True, metavar="ISO", help="the first event's start")
    add.add_argument("--rounds", type=int, default=0, help="a Swiss's rounds")
    add.add_argument("--minutes", type=float, default=30.0, help="an arena's length")
    add.add_argument("--clock", default="5+3", help="M+S (live) or Nd (correspondence)")
    add.add_argument("--max-players", type=int, default=16)
    add.add_argument("--rated", action="store_true")


def run(args: argparse.Namespace, engine: object) -> int:
    """Do ``admin tournament ACTION`` on the database of ``engine``."""
    from shoal.core import ShoalError, parse_option_words
    from shoal.pairing.records import TournamentError
    from shoal.server.accounts.store import AccountStore
    from shoal.server.errors import ApiError
    from shoal.server.games.start import check_options, parse_time_control
    from shoal.server.tournaments.schedules import ScheduleStore, check_schedule

    schedules = ScheduleStore(engine)  # type: ignore[arg-type]
    if args.tournament_action == "list":
        print(f"{'id':>4}  {'every':<6} {'next':<19}  {'format':<18} {'game':<9} name")
        for s in schedules.all():
            nxt = s.next_at.isoformat(" ", "minutes")
            print(f"{s.id:>4}  {s.every:<6} {nxt:<19}  {s.format:<18} {s.game:<9} {s.name}")
        return 0
    try:
        found = AccountStore(engine).by_name(args.by)  # type: ignore[arg-type]
        if found is None:
            raise TournamentError(f"there is no user {args.by!r}")
        options = check_options(args.game, parse_option_words(args.option))
        control = parse_time_control(args.clock)
        if control is None:
            raise TournamentError("give a clock: 5+3 or 3d")
        if args.format == "arena" and control[0] != "live":
            raise TournamentError("an arena is played live: give minutes+seconds")
        rounds = round(args.minutes * 60) if args.format == "arena" else args.rounds
        check_schedule(args.format, args.every, rounds, args.max_players)
        first = datetime.datetime.fromisoformat(args.first.replace("Z", "+00:00"))
        if first.tzinfo is not None:
            first = first.astimezone(datetime.UTC).replace(tzinfo=None)
    except (ApiError, ShoalError, ValueError) as error:
        message = error.message if isinstance(error, ApiError) else str(error)
        print(f"shoal admin: {message}", file=sys.stderr)
        return 1
    schedule = schedules.add(
        name=args.name or f"{args.game} {args.format.replace('_', ' ')}",
        game=args.game,
        options=options,
        format=args.format,
        rounds=rounds,
        clock=args.clock,
        rated=args.rated,
        max_players=args.max_players,
        every=args.every,
        next_at=first,
        creator_id=found[0].id,
    )
    print(
        f"shoal admin: schedule {schedule.id}: {schedule.name}, every {schedule.every} from {first}"
    )
    return 0
