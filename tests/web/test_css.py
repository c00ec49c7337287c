"""The site's style sheets parse as written: every brace closes one that opened (a stray
``}`` makes the browser drop the rule after it; one once took the rules pages' wrapping)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

WEB = Path(__file__).resolve().parents[2] / "src" / "shoal" / "web"


@pytest.mark.parametrize("sheet", sorted(p.name for p in WEB.glob("*.css")))
def test_every_brace_of_a_style_sheet_is_matched(sheet: str) -> None:
    text = re.sub(r"/\*.*?\*/", "", (WEB / sheet).read_text(), flags=re.S)
    depth = 0
    for number, line in enumerate(text.splitlines(), 1):
        for char in line:
            depth += {"{": 1, "}": -1}.get(char, 0)
            assert depth >= 0, f"{sheet}: a stray }} near line {number} (comments removed)"
    assert depth == 0, f"{sheet}: {depth} unclosed {{"
