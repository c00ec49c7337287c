"""``shoal learn``: a game's course in the terminal, or exported as JSON for other tools."""

from __future__ import annotations

import argparse
import json

from shoal import games
from shoal.core import InvalidOptionError

from .tui import PlainUI, RichUI, add_language_argument, chosen_language
from .tui.learn import LearnLoop
from .tui.screen import UI
from .tui.words import catalogue, help_words, known_game

__all__ = ["add_parser"]


def _learn(args: argparse.Namespace) -> int:
    language = chosen_language(args)
    words = catalogue(language)
    if args.game is None:
        for game_id in games.ids():
            game = games.get(game_id)
            course = game.course()
            if course is not None:
                steps = words.ngettext("{n} step", "{n} steps", len(course.steps))
                title = words.gettext(course.title)
                print(f"{game_id:8} {title}: {steps.format(n=len(course.steps))}")
        print(words.gettext("Take one with: {command}").format(command="shoal learn GAME"))
        return 0
    game = games.get(known_game(words, args.game))
    course = game.course()
    if course is None:
        raise InvalidOptionError(words.gettext("{game} has no course yet").format(game=game.title))
    if args.export:
        print(json.dumps(course.as_dict(game), indent=1, ensure_ascii=False))
        return 0
    if not 1 <= args.step <= len(course.steps):
        raise InvalidOptionError(
            words.gettext("--step must be between 1 and {last}").format(last=len(course.steps))
        )
    ui: UI = PlainUI(language=language) if args.plain else RichUI(language=language)
    return LearnLoop(game, course, ui, first=args.step - 1, language=language).run()


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``learn`` (its help in the terminal's language: :func:`help_words`)."""
    words = help_words()
    p = sub.add_parser(
        "learn",
        help=words.gettext("learn a game step by step in the terminal"),
        description=words.gettext(
            "Take a game's course: one idea per step, on a real position, by doing it; the "
            "last step is a game against the beginner computer. In a step type an action or "
            "a whole turn, or: hint (a solution), skip, ? (legal actions), quit. Without "
            "GAME, list the courses."
        ),
    )
    p.add_argument(
        "game",
        nargs="?",
        help=words.gettext("game id (see 'shoal games'); omit to list courses"),
    )
    p.add_argument(
        "--step", type=int, default=1, help=words.gettext("start at this step (default 1)")
    )
    p.add_argument(
        "--export",
        action="store_true",
        help=words.gettext("print the course as JSON (steps with position, text, task, solutions)"),
    )
    p.add_argument("--plain", action="store_true", help=words.gettext("plain text: no colour"))
    add_language_argument(p)
    p.set_defaults(func=_learn)
