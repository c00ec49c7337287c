"""The page shells (src/shoal/web/*.html) are written once: scripts/pages.py renders each
from one template and a table of what differs. These tests hold the committed pages to it,
and check that each page is well formed and names files that exist."""

from __future__ import annotations

import shutil
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest

from .script_loader import load_script

ROOT = Path(__file__).resolve().parents[2]
WEB = ROOT / "src" / "shoal" / "web"
VOID = {"meta", "link", "br", "img", "input", "hr", "source", "area", "base", "col", "wbr"}


pages = load_script("pages")


class _Tags(HTMLParser):
    """Every element's start and end, checked to nest; what the page links to."""

    def __init__(self) -> None:
        super().__init__()
        self.open: list[str] = []
        self.seen: list[str] = []
        self.errors: list[str] = []
        self.links: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.seen.append(tag)
        found = dict(attrs)
        for key in ("href", "src"):
            value = found.get(key)
            if value and value.startswith("/static/"):
                self.links.append(value.removeprefix("/static/"))
        if tag not in VOID:
            self.open.append(tag)

    def handle_endtag(self, tag: str) -> None:
        if not self.open or self.open[-1] != tag:
            self.errors.append(f"</{tag}> closes {self.open[-1] if self.open else 'nothing'}")
        else:
            self.open.pop()


def test_committed_pages_are_what_the_template_writes() -> None:
    assert pages.out_of_step() == [], "a page is out of step: run scripts/pages.py"


def test_every_page_is_a_shell_or_named_hand_written() -> None:
    """A new page joins the table (or the hand-written list), so its head is the others'."""
    on_disk = {p.name for p in WEB.glob("*.html")}
    assert on_disk == set(pages.PAGES) | set(pages.HAND_WRITTEN)


def test_a_page_changed_by_hand_is_found_out_of_step(tmp_path: Path) -> None:
    for name in pages.PAGES:
        shutil.copy(WEB / name, tmp_path / name)
    edited = (tmp_path / "game.html").read_text("utf-8").replace("#1f6f8b", "#000000")
    (tmp_path / "game.html").write_text(edited, "utf-8")
    (tmp_path / "lobby.html").unlink()
    assert pages.out_of_step(tmp_path) == ["game.html", "lobby.html"]


def test_the_generator_rewrites_a_stale_page(tmp_path: Path, monkeypatch: Any) -> None:
    monkeypatch.setattr(pages, "WEB", tmp_path)
    (tmp_path / "game.html").write_text("<p>stale</p>", "utf-8")
    assert pages.main(["--check"]) == 1
    assert pages.main([]) == 0
    assert (tmp_path / "game.html").read_text("utf-8") == (WEB / "game.html").read_text("utf-8")
    assert pages.main(["--check"]) == 0


@pytest.mark.parametrize("name", sorted(p.name for p in WEB.glob("*.html")))
def test_a_page_is_well_formed_and_its_files_exist(name: str) -> None:
    text = (WEB / name).read_text("utf-8")
    assert text.startswith("<!doctype html>\n")
    parser = _Tags()
    parser.feed(text)
    parser.close()
    assert parser.errors == [] and parser.open == [], (name, parser.errors, parser.open)
    assert parser.seen.count("title") == 1 and parser.seen.count("main") == 1
    for link in parser.links:
        assert (WEB / link).is_file(), f"{name} names /static/{link}, which is not there"
