"""``shoal games``, ``rules``, ``new``, ``show`` and ``replay``."""

from __future__ import annotations

import argparse
import sys
import textwrap
from pathlib import Path

from shoal import games
from shoal.records import read

from .common import add_game_arguments, game_from_args

__all__ = ["add_parser"]


def _games(args: argparse.Namespace) -> int:
    for game_id in games.ids(all=args.all):
        entry = games.REGISTRY.entry(game_id)
        print(f"{game_id:10} {entry.title}" if args.long else game_id)
    return 0


def _rules(args: argparse.Namespace) -> int:
    cls = games.REGISTRY.game_class(args.game)
    print(f"{cls.title} (rules version {cls.rules_version})")
    print()
    print(textwrap.fill(cls.summary, 78))
    infos = cls.option_infos()
    if infos:
        print()
        print("Options (name=value):")
        for info in infos:
            limits = ""
            if info.choices:
                limits = " one of " + ", ".join(str(c) for c in info.choices) + ";"
            elif info.minimum is not None or info.maximum is not None:
                limits = f" {info.minimum:g} to {info.maximum:g};"
            mark = " [decision]" if info.decision else ""
            mark += " [compensation]" if info.compensation else ""
            print(f"  {info.name:10} {info.help};{limits} default {info.default}{mark}")
    docs = Path(__file__).resolve().parents[3] / "docs" / "games" / f"{args.game}.md"
    if docs.exists():
        print()
        print(f"Full rules: {docs}")
    return 0


def _new(args: argparse.Namespace) -> int:
    game = game_from_args(args)
    state = game.initial(args.seed)
    print(state.position())
    if not args.quiet:
        print()
        print(game.render_text(state))
    return 0


def _show(args: argparse.Namespace) -> int:
    target: str = args.target
    path = Path(target)
    if args.game is None:
        if not path.exists():
            print(
                f"shoal: {target}: no such record file (give --game to show a position)",
                file=sys.stderr,
            )
            return 2
        record = read(path.read_text())
        state = record.final_state()
        game = record.game
    else:
        game = games.get(args.game)
        state = game.load(target)
    if args.svg:
        print(game.render_svg(state))
        return 0
    print(game.render_text(state))
    print()
    print(state.position())
    if state.outcome is not None:
        winner = state.outcome.winner
        who = "draw" if winner is None else f"seat {winner} ({state.side_name(winner)}) wins"
        print(f"result: {who}, {state.outcome.reason}")
    elif state.to_move is not None:
        print(f"to move: seat {state.to_move} ({state.side_name(state.to_move)})")
    return 0


def _replay(args: argparse.Namespace) -> int:
    record = read(Path(args.record).read_text())
    game = record.game
    print(game.render_text(record.start_state()))
    for number, (state, actions, _complete) in enumerate(record.turns(), start=1):
        for action in actions:
            state = state.child(action)
        print()
        print(f"{number}. {record.turns()[number - 1][0].turn_text(actions)}")
        if not args.moves_only:
            print(game.render_text(state))
    final = record.final_state()
    if final.outcome is not None:
        print()
        print(f"result: {final.outcome.reason}")
    return 0


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the information subcommands."""
    p = sub.add_parser("games", help="list the games", description="List the game ids.")
    p.add_argument("--all", action="store_true", help="include the calibration game connect4")
    p.add_argument("--long", "-l", action="store_true", help="also print titles")
    p.set_defaults(func=_games)

    p = sub.add_parser(
        "rules",
        help="a game's rules summary and options",
        description="Print a game's rules summary and its options.",
    )
    p.add_argument("game", help="game id")
    p.set_defaults(func=_rules)

    p = sub.add_parser(
        "new",
        help="print a game's start position",
        description="Print the start position string and board of a game.",
    )
    add_game_arguments(p)
    p.add_argument("--seed", type=int, default=0, help="seed of a random set-up (default 0)")
    p.add_argument("--quiet", "-q", action="store_true", help="only the position string")
    p.set_defaults(func=_new)

    p = sub.add_parser(
        "show",
        help="show a record's final position, or a position string",
        description="Show the final board of a record file, or a position string with --game.",
    )
    p.add_argument("target", help="a record file, or a position string with --game")
    p.add_argument("--game", help="read TARGET as a position string of this game")
    p.add_argument("--svg", action="store_true", help="print the SVG picture instead")
    p.set_defaults(func=_show)

    p = sub.add_parser(
        "replay",
        help="replay a record turn by turn",
        description="Replay a record (text or JSON), printing every turn.",
    )
    p.add_argument("record", help="record file")
    p.add_argument("--moves-only", action="store_true", help="print the turns, not the boards")
    p.set_defaults(func=_replay)
