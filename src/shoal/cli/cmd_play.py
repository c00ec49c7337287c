"""``shoal play``: play a game in the terminal, against the computer or at one keyboard.

Arguments only; the session, screens and command loop are :mod:`shoal.cli.tui`.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from shoal import games
from shoal.ai import DEFAULT_LEVEL
from shoal.ai.players import LEVELS
from shoal.core import InvalidOptionError, parse_option_words
from shoal.records import read

from .tui import (
    UI,
    CommandLoop,
    PlainUI,
    RichUI,
    Session,
    add_language_argument,
    choose_game,
    chosen_language,
)
from .tui.words import Catalogue, catalogue, help_words, known_game

__all__ = ["DEFAULT_LEVEL", "add_parser", "seat_levels"]


def seat_levels(vs: str, seat: int, as_level: str | None) -> tuple[str | None, str | None]:
    """Who plays each seat: ``None`` for a person, else a computer level.

    >>> seat_levels("random", 0, None)
    (None, 'random')
    >>> seat_levels("human", 1, None)
    (None, None)
    >>> seat_levels("random", 1, "random")
    ('random', 'random')
    """
    levels: list[str | None] = [None, None]
    levels[1 - seat] = None if vs == "human" else vs
    levels[seat] = as_level
    return levels[0], levels[1]


def _check_level(words: Catalogue, level: str | None) -> None:
    """Refuses an unknown level of ``--vs`` or ``--as`` in the terminal's language (a search
    spec, ``mcts:...``, ``alphabeta:...``, ``baseline:...``, passes: the engine reads it)."""
    if level is None or level in LEVELS:
        return
    if level.partition(":")[0] in (*LEVELS[1:], "mcts", "alphabeta", "baseline"):
        return
    raise InvalidOptionError(
        words.gettext("unknown level {level} (levels: {choices})").format(
            level=repr(level), choices=", ".join(LEVELS)
        )
    )


def _play(args: argparse.Namespace) -> int:
    language = chosen_language(args)
    words = catalogue(language)
    ui: UI = PlainUI(language=language) if args.plain else RichUI(language=language)
    if args.delay < 0:
        raise InvalidOptionError(words.gettext("--delay must not be negative"))
    _check_level(words, None if args.vs == "human" else args.vs)
    _check_level(words, args.as_level)
    levels = seat_levels(args.vs, args.seat, args.as_level)
    if args.load is not None and args.start is not None:
        raise InvalidOptionError(words.gettext("give --load FILE or --start POSITION, not both"))
    if args.load is not None:
        record = read(Path(args.load).expanduser().read_text())
        session = Session(record.game, levels=levels, language=language)
        session.load_record(record)
        return CommandLoop(session, ui, delay=args.delay).run()
    if args.game is None:
        if args.options:
            raise InvalidOptionError(
                words.gettext("give the game before its options: {command}").format(
                    command="shoal play GAME NAME=VALUE"
                )
            )
        game = choose_game(ui, language)
        if game is None:
            return 0
    else:
        game = games.REGISTRY.from_mapping(
            known_game(words, args.game), parse_option_words(args.options)
        )
    if args.start is not None:
        game.load(args.start)  # a bad position string fails here, in words, before the screen
    session = Session(game, levels=levels, seed=args.seed, start=args.start, language=language)
    return CommandLoop(session, ui, delay=args.delay).run()


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``play`` (its help in the terminal's language: :func:`help_words`)."""
    words = help_words()
    p = sub.add_parser(
        "play",
        help=words.gettext("play a game in the terminal"),
        description=words.gettext(
            "Play a game in the terminal against the computer (--vs LEVEL) or a friend at "
            "the same keyboard (--vs human); with --as LEVEL the computer also plays your "
            "seat and you watch. Without GAME, a menu asks which game. In the game, type "
            "an action in the game's notation or one of: ?, hint, undo, moves, board, "
            "save FILE, load FILE, resign, quit, help."
        ),
    )
    p.add_argument(
        "game",
        nargs="?",
        help=words.gettext("game id (see 'shoal games --all'); omit for a menu"),
    )
    p.add_argument(
        "options",
        nargs="*",
        metavar="NAME=VALUE",
        help=words.gettext("game options (see 'shoal rules GAME')"),
    )
    p.add_argument(
        "--vs",
        default=DEFAULT_LEVEL,
        metavar="LEVEL|human",
        help=words.gettext(
            "the opponent: a computer level ({levels}) or 'human' for a friend "
            "at this keyboard (default {level})"
        ).format(levels=", ".join(LEVELS), level=DEFAULT_LEVEL),
    )
    p.add_argument(
        "--seat",
        type=int,
        choices=(0, 1),
        default=0,
        help=words.gettext("your seat: 0 moves first (default 0)"),
    )
    p.add_argument(
        "--seed", type=int, default=0, help=words.gettext("seed of the set-up and the computer")
    )
    p.add_argument(
        "--as",
        dest="as_level",
        metavar="LEVEL",
        help=words.gettext("let this computer level play your seat (watch two levels play)"),
    )
    p.add_argument(
        "--delay",
        type=float,
        default=0.3,
        help=words.gettext(
            "seconds between turns when the computer plays both seats (default 0.3)"
        ),
    )
    p.add_argument(
        "--load", metavar="FILE", help=words.gettext("continue the game of a record file")
    )
    p.add_argument(
        "--start",
        metavar="POSITION",
        help=words.gettext(
            "start from a position string instead of the game's start (e.g. another Cyclix "
            "start position; see docs/games/GAME.md, 'Position string')"
        ),
    )
    p.add_argument(
        "--plain",
        action="store_true",
        help=words.gettext("plain text: no colour, no cursor movement"),
    )
    add_language_argument(p)
    p.set_defaults(func=_play)
