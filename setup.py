"""Builds shoal's optional native fast paths (C through the CPython API).

Metadata lives in pyproject.toml; this file only declares the extensions. Each
is optional: without a C compiler (or Python headers) setuptools prints a
warning and shoal runs on its pure-Python engines. ``scripts/setup`` runs
``python setup.py build_ext --inplace``.
"""

import shutil
from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.build_py import build_py

INCLUDE = ["src/shoal/core/include"]
GAMES = ["connect4", "sytran", "sirtet", "cyclix", "sfirs", "syrtis"]
FLAGS = ["-O2", "-std=c11", "-Wall", "-Wno-unused-function"]


HEADERS = ["src/shoal/core/include/shoal_engine.h", "src/shoal/core/include/shoal_core.h"]


def _extension(name: str, source: str, *cores: str) -> Extension:
    """One CPython wrapper (``source``) around the plain-C ``cores`` it includes."""
    return Extension(
        name,
        [source],
        include_dirs=INCLUDE,
        depends=[*HEADERS, *cores],
        extra_compile_args=FLAGS,
        optional=True,
    )


def _extensions() -> list[Extension]:
    import os

    out = [
        _extension("shoal.ai._mcts", "src/shoal/ai/_mcts.c", "src/shoal/ai/mcts_core.h"),
        _extension(
            "shoal.ai._alphabeta", "src/shoal/ai/_alphabeta.c", "src/shoal/ai/alphabeta_core.h"
        ),
        _extension("shoal.ai._prove", "src/shoal/ai/_prove.c", "src/shoal/ai/prove_core.h"),
    ]
    for game in GAMES:
        source = f"src/shoal/games/{game}/_fast.c"
        if os.path.exists(source):
            core = f"src/shoal/games/{game}/_core.h"
            cores = [core] if os.path.exists(core) else []
            out.append(_extension(f"shoal.games.{game}._fast", source, *cores))
    return out


class BuildPyWithDocs(build_py):
    """Also puts the rules pages (docs/games: text and pictures) in the wheel, as shoal/_docs.

    The server reads them from the checkout's docs/games when there is one, else
    from this copy, so an installed shoal shows its rules pages too.
    """

    def run(self) -> None:
        super().run()
        source = Path("docs/games")
        if source.is_dir() and not getattr(self, "editable_mode", False):
            target = Path(self.build_lib) / "shoal" / "_docs" / "games"
            shutil.rmtree(target, ignore_errors=True)
            shutil.copytree(source, target)


setup(ext_modules=_extensions(), cmdclass={"build_py": BuildPyWithDocs})
