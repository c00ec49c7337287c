"""The set-up of the WebAssembly engine tests (issue 45): which engines are built, and a
page of the site where the engine modules can be imported."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

WASM = Path(__file__).resolve().parents[2] / "src" / "shoal" / "web" / "wasm"
GAMES = ["connect4", "syrtis", "sirtet", "sytran", "cyclix", "sfirs"]


def wasm_games() -> list[str]:
    """The games whose WebAssembly engine is built."""
    return [g for g in GAMES if (WASM / f"{g}.wasm").exists() and (WASM / f"{g}.json").exists()]


def required() -> bool:
    """Whether the WebAssembly engines must be there: ``SHOAL_REQUIRE_WASM=1``, which
    scripts/test sets wherever emcc is installed (scripts/setup then builds every engine)."""
    return os.environ.get("SHOAL_REQUIRE_WASM") == "1"


def not_built(reason: str) -> None:
    """Skip a test for an engine that is not built, or fail under ``SHOAL_REQUIRE_WASM=1``."""
    if required():
        pytest.fail(f"{reason}, yet SHOAL_REQUIRE_WASM=1")
    pytest.skip(reason)


def built_games() -> list[str]:
    """The built games. Under ``SHOAL_REQUIRE_WASM=1`` every game must be built (one failed
    build would otherwise shrink the comparisons silently); without the flag, the tests
    skip when none is."""
    games = wasm_games()
    missing = [g for g in GAMES if g not in games]
    if missing and required():
        not_built(f"the WebAssembly engines of {', '.join(missing)} are not built")
    if not games:
        not_built("no WebAssembly engines: emcc (Debian's emscripten) is not installed")
    return games


def need(games: list[str], game: str) -> None:
    """Skip (or, under the flag, fail) a test that needs ``game``'s engine when it is missing."""
    if game not in games:
        not_built(f"the {game} WebAssembly engine is not built")


def rules_page(browser: Any, server: str) -> Iterator[Any]:
    """A page of the site (/rules), where the engine modules can be imported."""
    context = browser.new_context()
    page = context.new_page()
    page.goto(server + "/rules")
    yield page
    context.close()
