"""Studies in Chromium on a real ``shoal serve`` (issue 44).

alice makes a study on /studies, invites bobby; both edit it at once from their own
browsers (alice a move and a variation, bobby a comment and a mark) and each sees the
other's change arrive live; carol, a spectator, follows alice's position while sync is on;
the chapter's export reads back to the tree on the server. Screenshots at 1280x800 and
390x844 (test-artifacts/study-*.png).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import httpx
import pytest

from shoal import games
from shoal.records.tree import MoveTree
from shoal.records.treejson import read_tree

from .test_app_browser import _signed_in
from .test_browser import DESKTOP, PHONE

SIDEWAYS = {"width": PHONE["height"], "height": PHONE["width"]}
"""A phone held sideways (844x390): the move tree is below the fold."""

pytestmark = pytest.mark.browser


def _click_cell(page: Any, cell: str) -> None:
    target = page.locator(f'#board svg .cell[data-cell="{cell}"]').first
    target.evaluate("el => el.scrollIntoView({block: 'center', inline: 'center'})")
    target.click(force=True)


def _tree_text(page: Any) -> str:
    return str(page.locator("#movetree").inner_text())


def _wait_text(page: Any, words: str) -> None:
    page.wait_for_function(
        "words => document.querySelector('#movetree')?.innerText.includes(words)", arg=words
    )


def test_two_editors_change_one_study_live_and_a_spectator_follows(
    server: str, browser: Any, artifacts: Path
) -> None:
    owner_context = browser.new_context(viewport=DESKTOP)
    editor_context = browser.new_context(viewport=DESKTOP)
    spectator_context = browser.new_context(viewport=SIDEWAYS)
    _signed_in(server, owner_context)
    editor_name = _signed_in(server, editor_context)
    _signed_in(server, spectator_context)
    owner = owner_context.new_page()
    owner.goto(f"{server}/studies")
    owner.fill("#study-title", "Connect four: the centre")
    owner.select_option("#study-game", "connect4")
    owner.click("#study-create")
    owner.wait_for_url(f"{server}/studies/*")
    study = owner.url.split("/studies/")[1].split("#")[0]
    owner.locator("#board svg").wait_for()
    owner.fill("#member-name", editor_name)
    owner.click("#member-invite")
    owner.wait_for_function(
        "name => document.querySelector('#study-meta').textContent.includes(name)",
        arg=editor_name,
    )
    editor = editor_context.new_page()
    editor.goto(f"{server}/studies/{study}")
    editor.locator("#comment").wait_for()  # an editor's tools
    editor.wait_for_function("document.querySelector('#study-live').textContent === 'Live'")
    # alice: d, d, then back one and e (a variation)
    _click_cell(owner, "d")
    owner.wait_for_function("document.querySelector('#board').dataset.path === '0'")
    _click_cell(owner, "d")
    owner.wait_for_function("document.querySelector('#board').dataset.path === '0.0'")
    owner.click("#prev")
    owner.wait_for_function("document.querySelector('#board').dataset.path === '0'")
    _click_cell(owner, "e")
    owner.wait_for_function("document.querySelector('#board').dataset.path === '0.1'")
    # bobby sees alice's variation arrive, then comments on it and marks it
    editor.locator('#movetree .variation .mv[data-path="0.1"]').wait_for()
    editor.click('#movetree .mv[data-path="0.1"]')
    editor.wait_for_function("document.querySelector('#board').dataset.path === '0.1'")
    editor.fill("#comment", "the quieter reply")
    editor.press("#comment", "Enter")
    _wait_text(editor, "the quieter reply")
    editor.click('#marks button[data-mark="!?"]')
    _wait_text(editor, "e!?")
    # alice sees bobby's comment and mark live
    _wait_text(owner, "the quieter reply")
    _wait_text(owner, "e!?")
    # carol follows alice once sync is on
    owner.check("#sync")
    spectator = spectator_context.new_page()
    spectator.goto(f"{server}/studies/{study}")
    spectator.locator("#follow").wait_for()
    spectator.wait_for_function("document.querySelector('#study-live').textContent === 'Live'")
    # a phone opens the study at its top, not scrolled down to the move tree (issue 59)
    assert spectator.evaluate("window.scrollY") == 0
    spectator.wait_for_function("document.querySelector('#board').dataset.path === '0.1'")
    assert spectator.evaluate("window.scrollY") == 0  # following moved the tree, not the page
    assert spectator.locator("#comment").count() == 0  # no editor's tools
    owner.click('#movetree .mv[data-path="0.0"]')
    spectator.wait_for_function("document.querySelector('#board').dataset.path === '0.0'")
    owner.click('#movetree .mv[data-path="0.1"]')
    spectator.wait_for_function("document.querySelector('#board').dataset.path === '0.1'")
    assert "the quieter reply" in spectator.locator("#comment-read").inner_text()
    # the owner renames it from the page; the other pages hear it (issue 59)
    owner.click("#rename")
    owner.fill("#study-name", "Connect four: the middle")
    owner.press("#study-name", "Enter")
    owner.wait_for_function("document.querySelector('#study-title').textContent.endsWith('middle')")
    editor.wait_for_function(
        "document.querySelector('#study-title').textContent.endsWith('middle')"
    )
    assert editor.locator("#rename").count() == 0  # an editor does not rename
    owner.screenshot(path=str(artifacts / "study-owner-desktop.png"), full_page=True)
    editor.screenshot(path=str(artifacts / "study-editor-desktop.png"), full_page=True)
    spectator.screenshot(path=str(artifacts / "study-spectator-phone.png"), full_page=True)
    # the export reads back to the tree on the server
    info = httpx.get(f"{server}/api/studies/{study}").json()
    chapter_id = info["chapters"][0]["id"]
    chapter = httpx.get(f"{server}/api/studies/{study}/chapters/{chapter_id}").json()
    game = games.get("connect4")
    stored = MoveTree.from_json_dict(
        game,
        {
            "start": chapter["tree"]["start"],
            "nodes": [
                {k: n[k] for k in ("parent", "move", "comment", "mark") if k in n}
                for n in chapter["tree"]["nodes"]
            ],
        },
    )
    assert [(n["move"], n.get("mark", "")) for n in chapter["tree"]["nodes"]] == [
        ("d", ""),
        ("d", ""),
        ("e", "!?"),
    ]
    with owner.expect_download() as download:
        owner.click("#export-chapter")
    text = Path(download.value.path()).read_text()
    _, tree = read_tree(text)
    assert tree.same(stored)
    assert "(2. e; $5 {the quieter reply})" in text
    # the public list shows it
    owner.goto(f"{server}/studies")
    owner.locator(f'#studies-public li[data-id="{study}"]').wait_for()
    owner.screenshot(path=str(artifacts / "studies-list-desktop.png"), full_page=True)
    for context in (owner_context, editor_context, spectator_context):
        context.close()


def test_the_analysis_boards_lines_become_a_study(server: str, browser: Any) -> None:
    context = browser.new_context(viewport=DESKTOP)
    _signed_in(server, context)
    page = context.new_page()
    page.goto(f"{server}/analysis/connect4")
    page.locator("#board svg").wait_for()
    _click_cell(page, "d")
    page.wait_for_function("document.querySelector('#board').dataset.ply === '1'")
    _click_cell(page, "c")
    page.wait_for_function("document.querySelector('#board').dataset.ply === '2'")
    page.click("#prev")
    page.wait_for_function("document.querySelector('#board').dataset.ply === '1'")
    _click_cell(page, "e")
    page.wait_for_function("document.querySelector('#board').dataset.ply === '2'")
    page.click("#to-study")
    page.wait_for_url(f"{server}/studies/*")
    page.locator('#movetree .variation .mv[data-path="0.1"]').wait_for()
    assert _tree_text(page).replace("\n", " ").split() == ["start", "1.", "d", "2.", "c", "2.", "e"]
    assert "unlisted" in page.locator("#study-meta").inner_text()
    context.close()
