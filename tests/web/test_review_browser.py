"""Review and the analysis board in Chromium (issue 26), on a real server.

A finished game of each of the five games (seeded random turns, then a resignation if the
rules have not ended it) is reviewed from its game page; the graph jumps to a marked turn
(a blunder where there is one). On the analysis board a variation is played, the main line
chosen again, the record downloaded with its variation and read back to the same tree, then
the variation promoted and deleted. Screenshots at 390x844 and 1280x800.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import httpx
import pytest

from shoal.games import get
from shoal.records.tree import MoveTree
from shoal.records.treejson import read_tree

from .test_browser import DESKTOP, PHONE, _click_action

pytestmark = pytest.mark.browser

FIVE = ["syrtis", "sirtet", "sytran", "cyclix", "sfirs"]


def _finished_game(server: str, game_id: str, seed: int = 1, turns: int = 24) -> str:
    """A local game of seeded random turns, resigned unless its rules ended it: its id."""
    made = httpx.post(
        f"{server}/api/games", json={"game": game_id, "seed": seed, "opponent": "local"}
    ).json()
    gid, token, view = made["id"], made["token"], made["view"]
    rng = random.Random(seed)
    headers = {"X-Shoal-Token": token}
    while not view["result"] and view["turn"] < turns:
        entry = rng.choice(view["legal"])
        response = httpx.post(
            f"{server}/api/games/{gid}/actions",
            json={"version": view["version"], "action": entry["action"]},
            headers=headers,
        )
        assert response.status_code == 200, response.text
        view = response.json()
    if not view["result"]:
        response = httpx.post(
            f"{server}/api/games/{gid}/resign", json={"version": view["version"]}, headers=headers
        )
        assert response.status_code == 200, response.text
    return str(gid)


def test_each_game_is_reviewed_and_the_graph_jumps_to_a_marked_turn(
    server: str, browser: Any, artifacts: Path
) -> None:
    jumped: dict[str, str] = {}
    for number, game_id in enumerate(FIVE):
        gid = _finished_game(server, game_id)
        viewport = PHONE if number % 2 else DESKTOP
        context = browser.new_context(viewport=viewport)
        page = context.new_page()
        page.goto(f"{server}/game/{gid}")
        page.wait_for_selector("#review-link:not([hidden])")
        assert page.locator("#analysis-link").is_visible()
        page.locator("#review-link").click()
        page.wait_for_selector(".review-graph", timeout=120_000)
        turns = page.locator(".review-graph .hit").count()
        assert turns > 0
        assert page.locator(".review-player").count() == 2
        assert "accuracy" in page.locator(".review-summary").inner_text()
        marks = page.locator(".review-graph circle.mark")
        blunders = page.locator(".review-graph circle.mark.blunder")
        if blunders.count():
            target, kind = blunders.first, "blunder"
        elif marks.count():
            target, kind = marks.first, str(marks.first.get_attribute("data-mark"))
        else:
            target, kind = page.locator(".review-graph .hit").nth(turns // 2), "turn"
        end = target.get_attribute("data-end")
        target.click()
        page.wait_for_function(
            "(k) => document.querySelector('#board').dataset.ply === k", arg=str(end)
        )
        if kind != "turn":  # the marked turn is listed with the engine's preferred turn
            item = page.locator(f'.review-marks li[data-end="{end}"]')
            assert item.count() == 1 and "best" in item.inner_text()
            href = item.locator("a.try").get_attribute("href")
            assert href is not None and href.startswith(f"/analysis/game/{gid}#k=")
            assert page.locator(f'#moves li[data-end="{end}"] .sym').count() == 1
        jumped[game_id] = kind
        size = "phone" if viewport == PHONE else "desktop"
        page.screenshot(path=str(artifacts / f"review-{game_id}-{size}.png"), full_page=True)
        context.close()
    assert "blunder" in jumped.values(), jumped  # the seeded games hold blunders to jump to


def _board_view(server: str, game_id: str, start: str, moves: list[str]) -> dict[str, Any]:
    response = httpx.post(
        f"{server}/api/analysis/view",
        json={"game": game_id, "options": {}, "start": start, "moves": moves},
    )
    response.raise_for_status()
    data: dict[str, Any] = response.json()
    return data


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_analysis_board_variation_main_line_and_download(
    server: str, browser: Any, artifacts: Path, viewport: dict[str, int]
) -> None:
    game_id = "syrtis"
    gid = _finished_game(server, game_id)
    board = httpx.get(f"{server}/api/games/{gid}/analysis").json()
    start = board["tree"]["start"]
    main = [n["move"] for n in board["tree"]["nodes"]]
    k = 4
    context = browser.new_context(viewport=viewport, accept_downloads=True)
    page = context.new_page()
    page.goto(f"{server}/analysis/game/{gid}#k={k}")
    page.wait_for_function("(k) => document.querySelector('#board')?.dataset.ply === k", arg=str(k))
    # a variation: another move than the main line's, then one more
    legal = _board_view(server, game_id, start, main[:k])["legal"]
    first = next(e for e in legal if e["text"] != main[k])
    _click_action(page, first)
    page.wait_for_selector("#movetree .variation .mv.current")
    reply = random.Random(3).choice(
        _board_view(server, game_id, start, [*main[:k], first["text"]])["legal"]
    )
    _click_action(page, reply)
    page.wait_for_function(
        "(k) => document.querySelector('#board').dataset.ply === k", arg=str(k + 2)
    )
    assert page.locator("#movetree .variation .mv").count() == 2
    page.fill("#comment", "worth a look")  # a comment after the variation's second move
    page.locator("#comment").press("Tab")
    page.wait_for_selector("#movetree .variation .comment")
    page.fill("#comment", "no {braces}")
    page.locator("#comment").press("Tab")
    assert page.locator("#comment").input_value() == "worth a look"  # refused, unchanged
    # the engine: three turns and the bar
    page.locator("#engine-toggle").check()
    page.wait_for_function("() => document.querySelectorAll('#engine-lines li').length === 3")
    assert page.locator("#evalbar").is_visible()
    page.screenshot(
        path=str(artifacts / f"analysis-variation-{_size(viewport)}.png"), full_page=True
    )
    page.locator("#engine-toggle").uncheck()
    # back to the main line: its next move after the branching point
    page.locator("#movetree .mainline > .mv").nth(k + 1).click()
    page.wait_for_function(
        "(k) => document.querySelector('#board').dataset.ply === k", arg=str(k + 1)
    )
    assert page.locator("#movetree .mainline > .mv.current").count() == 1
    # the record with its variation, read back: the same tree
    game = get(game_id)
    expected = MoveTree(game, game.load(start))
    path: tuple[int, ...] = ()
    for text in main:
        path = expected.add_text(path, text)
    branch = expected.add_text(expected.mainline_path()[:k], first["text"])
    expected.set_comment(expected.add_text(branch, reply["text"]), "worth a look")
    for button in ("#download-text", "#download-json"):
        with page.expect_download() as info:
            page.locator(button).click()
        text = Path(info.value.path()).read_text()
        _, tree = read_tree(text)
        assert tree.same(expected), button
    # promote the variation, then delete it
    page.locator("#movetree .variation .mv").first.click()
    page.locator("#promote").click()
    page.wait_for_function(
        "([t, i]) => document.querySelectorAll('#movetree .mainline > .mv')[i]"
        ".textContent.endsWith(t)",
        arg=[first["text"], k + 1],
    )
    assert page.locator("#movetree .variation").count() == 1  # the old main line, now a variation
    page.locator("#delete").click()  # the promoted line goes: the game's own line is main again
    page.wait_for_function("(k) => document.querySelector('#board').dataset.ply === k", arg=str(k))
    assert page.locator("#movetree .variation").count() == 0
    assert page.locator("#movetree .mainline > .mv").count() == len(main) + 1
    context.close()


def _size(viewport: dict[str, int]) -> str:
    return "phone" if viewport == PHONE else "desktop"


def test_the_analysis_chooser_opens_a_position_as_a_guest(
    server: str, browser: Any, artifacts: Path
) -> None:
    context = browser.new_context(viewport=PHONE)
    page = context.new_page()
    page.goto(f"{server}/analysis")
    page.select_option("#start-game", "cyclix")
    page.locator("#start-open").click()
    page.wait_for_function("() => document.querySelector('#board')?.dataset.ply === '0'")
    assert "cyclix" in page.locator("#title").inner_text().lower()
    page.screenshot(path=str(artifacts / "analysis-start-phone.png"), full_page=True)
    page.goto(f"{server}/analysis/game/nosuchgame")
    page.wait_for_selector("#analysis-error")
    assert "nosuchgame" in page.locator("#analysis-error").inner_text()
    context.close()
