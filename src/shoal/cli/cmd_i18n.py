"""``shoal i18n extract|update|compile|check``: the catalogues' chores (docs/translating.md).

* ``extract``: the template ``src/shoal/locale/messages.pot`` from the code;
* ``update``: each language's ``.po`` in step with the template (``--language`` for one, a
  new language's file made);
* ``compile``: the ``.mo`` files (not committed; the server reads the ``.po``);
* ``check``: every message translated, placeholders and plural forms right, the template in
  step with the code; exit 1 with one line per problem.
"""

from __future__ import annotations

import argparse
import sys

from shoal.i18n import tool

__all__ = ["add_parser"]


def _languages(args: argparse.Namespace) -> tuple[str, ...]:
    return tuple(args.language) if args.language else tool.TRANSLATED


def _run(args: argparse.Namespace) -> int:
    if args.action == "extract":
        print(f"wrote {tool.extract()}")
    elif args.action == "update":
        tool.update(_languages(args))
    elif args.action == "compile":
        tool.compile_mo(_languages(args))
    else:
        found = tool.problems(_languages(args), fresh=True)
        for line in found:
            print(line, file=sys.stderr)
        if found:
            return 1
        print(f"complete: {', '.join(_languages(args))}")
    return 0


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = sub.add_parser(
        "i18n",
        help="the translations' catalogues: extract, update, compile, check",
        description=__doc__.splitlines()[0] if __doc__ else None,
    )
    parser.add_argument("action", choices=("extract", "update", "compile", "check"))
    parser.add_argument(
        "--language",
        action="append",
        choices=tool.TRANSLATED,
        help="only this language (repeatable; default: every translated one)",
    )
    parser.set_defaults(func=_run)
