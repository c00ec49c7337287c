"""The ``shoal`` command run in the tests' own process: its exit code and what it printed.

:func:`shoal` calls :func:`shoal.cli.main.main` with the words of a command line, its
standard input given, its standard output and error captured, and answers like
``subprocess.run(..., capture_output=True, text=True)``. A new Python process costs about
2 s of CPU (the server's modules are imported to build the parser), so the tests of what
a command *does* run it here; the tests of the entry point itself (``python -m shoal.cli``,
a terminal, a real server) still start processes.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import io
import os
import subprocess
import sys
from collections.abc import Iterator, Mapping

from shoal.cli.main import main

__all__ = ["shoal"]


@contextlib.contextmanager
def _environment(env: Mapping[str, str | None]) -> Iterator[None]:
    """``os.environ`` with ``env``'s entries set (None: removed), as it was afterwards."""
    saved = {name: os.environ.get(name) for name in env}
    try:
        for name, value in env.items():
            if value is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = value
        yield
    finally:
        for name, value in saved.items():
            if value is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = value


def shoal(
    *args: str, stdin: str | None = None, env: Mapping[str, str | None] | None = None
) -> subprocess.CompletedProcess[str]:
    """``shoal ARGS`` with ``stdin`` as its input and ``env``'s variables set (None: unset):
    exit code, output and error output."""
    out, err = io.StringIO(), io.StringIO()
    saved = sys.stdin
    sys.stdin = io.StringIO(stdin or "")
    try:
        with (
            _environment(env or {}),
            contextlib.redirect_stdout(out),
            contextlib.redirect_stderr(err),
        ):
            code = _main(list(args))
    finally:
        sys.stdin = saved
    return subprocess.CompletedProcess(["shoal", *args], code, out.getvalue(), err.getvalue())


def _main(args: list[str]) -> int:
    """:func:`main`'s exit code, in a thread of its own where an event loop runs on this one
    (Playwright's, once a browser test ran in this worker): a command's ``asyncio.run``
    cannot start under a running loop, and a real ``shoal`` process has none."""
    if asyncio._get_running_loop() is None:
        return _exit_code(args)
    with concurrent.futures.ThreadPoolExecutor(max_workers=1) as pool:
        return pool.submit(_exit_code, args).result()


def _exit_code(args: list[str]) -> int:
    try:
        return main(args)
    except SystemExit as exit_:  # argparse's errors and --help, sys.exit("words")
        if isinstance(exit_.code, str):
            print(exit_.code, file=sys.stderr)
        return exit_.code if isinstance(exit_.code, int) else int(exit_.code is not None)
