"""The engines in the browser (issue 45): each game's C core compiled to WebAssembly,
run in Chromium, gives the same answers as shoal's Python engine.

Random games are played in the browser with the WebAssembly engine; Python replays them
and compares, position by position, the legal actions (in order), the status and the
packed position. A seeded search of fixed iterations gives the same action, value and
principal variation as ``MCTS(game, iterations=N, seed=S)`` on the native path, in the
page and through the search worker of ``engine.js``.
"""

from __future__ import annotations

from typing import Any

import pytest

from shoal.ai.mcts import MCTS
from shoal.games import get
from shoal.interop.webengine import packed

from .test_browser import choose
from .wasm_pages import built_games, rules_page

pytestmark = pytest.mark.browser

built = pytest.fixture(built_games, scope="module", name="built")
page = pytest.fixture(rules_page, name="page")


RANDOM_GAMES = """async ([game, start, seed, limit]) => {
  const { instantiate } = await import("/static/engine-core.js");
  const engine = await instantiate(game);
  engine.load(start);
  let x = seed >>> 0;
  const rand = (n) => { x = (Math.imul(x, 1664525) + 1013904223) >>> 0; return x % n; };
  const trace = [];
  for (let ply = 0; ply <= limit; ply++) {
    const legal = engine.legal();
    const status = engine.status();
    const entry = { position: engine.position(), legal, status, action: null };
    trace.push(entry);
    if (status.over) break;
    entry.action = legal[rand(legal.length)];
    engine.apply(entry.action);
  }
  return trace;
}"""


def compare_trace(game_id: str, start: int, trace: list[dict[str, Any]]) -> int:
    """Replays the browser's game on the Python engine, comparing each position."""
    game = get(game_id)
    state = game.initial(start)
    for ply, entry in enumerate(trace):
        where = f"{game_id} start {start} ply {ply}"
        assert entry["position"] == packed(game, state), where
        assert entry["legal"] == list(state.legal_actions()), where
        outcome = state.outcome
        status = entry["status"]
        assert status["over"] == (outcome is not None), where
        assert status["to_move"] == state.to_move, where
        assert status["winner"] == (None if outcome is None else outcome.winner), where
        if entry["action"] is not None:
            state = state.apply(entry["action"])
    return len(trace)


def test_random_games_agree_with_the_python_engine(page: Any, built: list[str]) -> None:
    """Legal actions, status and position agree at every position of random games."""
    for game_id in built:
        for start, limit in ((0, 1500), (1, 1500)):
            trace = page.evaluate(RANDOM_GAMES, [game_id, start, 17 + start, limit])
            assert compare_trace(game_id, start, trace) > 1


def test_illegal_action_is_refused_and_changes_nothing(page: Any, built: list[str]) -> None:
    """apply() of an action not legal here throws a clear error and keeps the state."""
    result = page.evaluate(
        """async (game) => {
          const { loadEngine } = await import("/static/engine.js");
          const engine = await loadEngine(game);
          const before = engine.position();
          let message = "";
          try { engine.apply(-5); } catch (e) { message = e.message; }
          return { message, same: before === engine.position() };
        }""",
        built[0],
    )
    assert "not legal" in result["message"]
    assert result["same"]


SEARCH = """async ([game, start, moves, iterations, seed, useWorker]) => {
  const { loadEngine } = await import("/static/engine.js");
  const engine = await loadEngine(game, { start, worker: useWorker });
  for (const index of moves) engine.apply(engine.legal()[index % engine.legal().length]);
  const result = await engine.search({ iterations, seed });
  const { action, value, pv, iterations: done } = result;
  return { action, value, pv, iterations: done };
}"""


@pytest.mark.parametrize("use_worker", [False, True], ids=["page", "worker"])
def test_seeded_search_gives_the_native_action(
    page: Any, built: list[str], use_worker: bool
) -> None:
    """A seeded search of fixed iterations: the same action (value, line) as the native MCTS."""
    for game_id in built:
        game = get(game_id)
        moves = [3, 1, 4, 1, 5]
        state = game.initial(0)
        for index in moves:
            legal = state.legal_actions()
            state = state.apply(legal[index % len(legal)])
        iterations, seed = 300, 11
        mine = MCTS(game, iterations=iterations, seed=seed)
        assert mine.native, f"{game_id}: the native search is not built"
        expected = mine.search(state)
        got = page.evaluate(SEARCH, [game_id, 0, moves, iterations, seed, use_worker])
        assert got["action"] == expected.action, game_id
        assert got["pv"] == list(expected.pv), game_id
        assert got["value"] == pytest.approx(expected.value), game_id
        assert got["iterations"] == expected.simulations, game_id


def _analysis_lines(browser: Any, server: str, block_wasm: bool) -> tuple[str, list[str]]:
    """Turns the analysis board's engine on for Syrtis: its info line and the sockets opened."""
    context = browser.new_context()
    if block_wasm:  # the module cannot load: the page must ask the server's engine
        context.route("**/static/wasm/**", lambda route: route.abort())
    page = context.new_page()
    sockets: list[str] = []
    page.on("websocket", lambda ws: sockets.append(ws.url))
    try:
        page.goto(f"{server}/analysis/syrtis")
        page.wait_for_selector("#engine-toggle")
        page.wait_for_selector("#board svg")
        page.locator("#engine-toggle").check()
        page.wait_for_function(
            "() => document.querySelectorAll('#engine-lines li').length === 3", timeout=60_000
        )
        page.wait_for_function(
            "() => !/searching/.test(document.querySelector('#engine-info').textContent)",
            timeout=60_000,
        )
        return page.text_content("#engine-info"), sockets
    finally:
        context.close()


def test_the_analysis_board_searches_in_the_browser(
    browser: Any, server: str, built: list[str]
) -> None:
    """With the module built, the engine's lines come from the browser (no socket)."""
    info, sockets = _analysis_lines(browser, server, block_wasm=False)
    assert "in your browser" in info
    assert not [url for url in sockets if "/api/analysis/ws" in url]


def test_the_analysis_board_falls_back_to_the_server_engine(
    browser: Any, server: str, built: list[str]
) -> None:
    """When the module cannot load, the server's engine answers over the WebSocket."""
    info, sockets = _analysis_lines(browser, server, block_wasm=True)
    assert "in your browser" not in info
    assert [url for url in sockets if "/api/analysis/ws" in url]


def test_a_hint_is_computed_in_the_browser(browser: Any, server: str, built: list[str]) -> None:
    """A hint against the computer: found by the engine in the page, no request to the server."""
    context = browser.new_context()
    page = context.new_page()
    asked: list[str] = []
    page.on("request", lambda r: asked.append(r.url) if r.url.endswith("/hint") else None)
    try:
        page.goto(f"{server}/new?game=connect4")
        choose(page, "#opponent", "computer")
        page.select_option("#level", "random")
        page.locator("#start").click()
        page.wait_for_url(f"{server}/game/*")
        page.wait_for_function(
            "() => document.querySelector('#board')?.dataset.ready === 'yes'", timeout=30_000
        )
        page.locator("#hint").click()
        page.wait_for_selector("#hint-text:not([hidden])", timeout=30_000)
        assert "in your browser" in page.text_content("#hint-text")
        assert page.locator("#board svg .cell.hint").count() >= 1
        assert asked == []
    finally:
        context.close()
