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


def built_games() -> list[str]:
    """The built games; skipped when none is, failed instead under SHOAL_REQUIRE_WASM=1 (as
    scripts/test sets wherever emcc is installed)."""
    games = wasm_games()
    if not games:
        reason = "no WebAssembly engines: emcc (Debian's emscripten) is not installed"
        if os.environ.get("SHOAL_REQUIRE_WASM") == "1":
            pytest.fail(reason + ", yet SHOAL_REQUIRE_WASM=1")
        pytest.skip(reason)
    return games


def rules_page(browser: Any, server: str) -> Iterator[Any]:
    """A page of the site (/rules), where the engine modules can be imported."""
    context = browser.new_context()
    page = context.new_page()
    page.goto(server + "/rules")
    yield page
    context.close()
