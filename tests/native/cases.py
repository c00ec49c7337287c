"""The option sets the native fast paths are tested on, and those that must fall back.

``CASES``: every existing option set of every game (each option's choices, and
a non-default number where an option is a number), each compared with the pure
engine on at least :data:`POSITIONS` random positions.

``FALLBACK``: option values the C code does not cover (rule options added
after it was written); with any of them the game must run on the pure path.
An option not yet present in the game's Options is skipped by the test.
"""

from __future__ import annotations

import os
from typing import Any

import pytest

from shoal.core.native import native_disabled

POSITIONS = 5000
"""Random positions per case (the issue's minimum)."""

CASES: list[tuple[str, dict[str, Any]]] = [
    ("connect4", {}),
    ("sytran", {"base": 10}),
    ("sytran", {"base": 8}),
    ("sytran", {"base": 6}),
    ("sytran", {"base": 6, "penalty": 0}),
    ("sytran", {"base": 8, "penalty": 50}),
    ("sirtet", {"tileset": "free"}),
    ("sirtet", {"tileset": "one-sided"}),
    ("cyclix", {}),
    ("cyclix", {"max_turns": 60}),
    ("cyclix", {"max_turns": 0}),
    ("sfirs", {}),
    ("sfirs", {"first": "black"}),
    ("sfirs", {"max_turns": 12}),
    ("syrtis", {"variant": "major", "pairing": "point"}),
    ("syrtis", {"variant": "major", "pairing": "mirror"}),
    ("syrtis", {"variant": "minor", "pairing": "point"}),
    ("syrtis", {"variant": "minor", "pairing": "mirror"}),
]

FALLBACK: list[tuple[str, dict[str, Any]]] = [
    ("sytran", {"shortage": "strands"}),
    ("sytran", {"shortage": "literal"}),
    ("cyclix", {"king_sight": "free"}),
    ("sfirs", {"crossing": "outside"}),
    ("sfirs", {"start_chain": "no"}),
    ("syrtis", {"first_ending": "island"}),
]


def not_built(what: str) -> None:
    """Skip a test whose fast path is not built, or fail under ``SHOAL_REQUIRE_NATIVE=1``.

    ``scripts/test`` (and so CI) sets it: there the fast paths must have been built.
    """
    message = f"{what}: the native fast path is not built"
    if native_disabled():
        pytest.skip(f"{what}: SHOAL_PURE forces the pure path")
    if os.environ.get("SHOAL_REQUIRE_NATIVE", "") not in ("", "0"):
        pytest.fail(message)
    pytest.skip(message)
