"""Builds shoal's optional native fast paths (C through the CPython API).

Metadata lives in pyproject.toml; this file only declares the extensions. Each
is optional: without a C compiler (or Python headers) setuptools prints a
warning and shoal runs on its pure-Python engines. ``scripts/setup`` runs
``python setup.py build_ext --inplace``.
"""

from setuptools import Extension, setup

INCLUDE = ["src/shoal/core/include"]
GAMES = ["connect4", "sytran", "sirtet", "cyclix", "sfirs", "syrtis"]
FLAGS = ["-O2", "-std=c11", "-Wall", "-Wno-unused-function"]


def _extension(name: str, source: str) -> Extension:
    return Extension(
        name,
        [source],
        include_dirs=INCLUDE,
        depends=["src/shoal/core/include/shoal_engine.h"],
        extra_compile_args=FLAGS,
        optional=True,
    )


def _extensions() -> list[Extension]:
    import os

    out = [
        _extension("shoal.ai._mcts", "src/shoal/ai/_mcts.c"),
        _extension("shoal.ai._alphabeta", "src/shoal/ai/_alphabeta.c"),
    ]
    for game in GAMES:
        source = f"src/shoal/games/{game}/_fast.c"
        if os.path.exists(source):
            out.append(_extension(f"shoal.games.{game}._fast", source))
    return out


setup(ext_modules=_extensions())
