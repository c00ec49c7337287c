"""Alpha-beta and the prover in the browser (issue 45): the C cores compiled to WebAssembly,
run in Chromium, give the native answers.

Positions are made by seeded random play in Python and handed to the browser as packed
positions. A seeded, depth-limited alpha-beta search gives the same action, value, line,
depth and node count as ``AlphaBeta(game, seed=S).search(state, depth=D)`` on the native
path, several positions per game; the bounded prover gives the same answer (won or not,
the distance, the winning first actions, the node count) as the native ``Prover`` on late
positions, for both seats; the proof pre-search and the moves' "win/loss in N" are the
server's. The pages use them: the analysis board analyses Cyclix by alpha-beta and shows
whole turns of Sirtet, a hint in Cyclix is the club level's alpha-beta.
"""

from __future__ import annotations

import random
from typing import Any
from urllib.parse import quote

import pytest

from shoal.ai.alphabeta import AlphaBeta
from shoal.ai.levels import level_player
from shoal.ai.presearch import presearch
from shoal.ai.prove import ProofBudgetExceeded, Prover
from shoal.analysis.explorer import _proven
from shoal.core import State
from shoal.games import get
from shoal.interop.webengine import packed

from .wasm_pages import built_games, need, rules_page

pytestmark = pytest.mark.browser

DEPTH = {"connect4": 4, "syrtis": 2, "sirtet": 3, "sytran": 2, "cyclix": 3, "sfirs": 2}
"""Alpha-beta's depth per game in these tests (a few hundred to a few thousand nodes)."""


games = pytest.fixture(built_games, scope="module", name="games")
page = pytest.fixture(rules_page, name="page")


def random_state(game_id: str, start: int, plies: int, seed: int) -> State:
    """The position after ``plies`` random actions from start ``start`` (or the last one
    before the end)."""
    state = get(game_id).initial(start)
    rng = random.Random(seed)
    for _ in range(plies):
        child = state.child(rng.choice(list(state.legal_actions())))
        if child.outcome is not None:
            break
        state = child
    return state


def late_states(game_id: str, seed: int, before_end: tuple[int, ...]) -> list[State]:
    """Positions ``before_end`` actions before the end of a seeded random game."""
    state = get(game_id).initial(seed % 16)
    rng = random.Random(seed)
    states = [state]
    while state.outcome is None:
        state = state.child(rng.choice(list(state.legal_actions())))
        states.append(state)
    return [states[-1 - k] for k in before_end if k < len(states)]


ALPHABETA = """async ([game, positions, depth, seed, worker]) => {
  const { loadEngine } = await import("/static/engine.js");
  const out = [];
  for (const position of positions) {
    const engine = await loadEngine(game, { position, worker });
    const r = await engine.search({ algorithm: "alphabeta", depth, seed });
    out.push({ action: r.action, value: r.value, pv: r.pv, depth: r.depth, nodes: r.iterations,
               proven: r.proven, proof_length: r.proof_length });
  }
  return out;
}"""


def native_alphabeta(state: State, depth: int, seed: int) -> dict[str, Any]:
    searcher = AlphaBeta(state.game, seed=seed)
    assert searcher.native, f"{state.game.id}: the native alpha-beta is not built"
    r = searcher.search(state, depth=depth)
    return {
        "action": r.action,
        "value": r.value,
        "pv": list(r.pv),
        "depth": r.depth,
        "nodes": r.simulations,
        "proven": r.proven,
        "proof_length": r.proof_length,
    }


def assert_same_search(mine: dict[str, Any], native: dict[str, Any], where: str) -> None:
    """Equal but for the value's last bits (the evaluation's sums, compiled by two compilers)."""
    assert mine["value"] == pytest.approx(native["value"], rel=1e-12, abs=1e-12), where
    assert {**mine, "value": 0} == {**native, "value": 0}, where


@pytest.mark.parametrize("use_worker", [False, True], ids=["page", "worker"])
def test_seeded_alphabeta_gives_the_native_search(
    page: Any, games: list[str], use_worker: bool
) -> None:
    """Depth-limited, seeded: the same action, value, line, depth and nodes as native C."""
    for game_id in games:
        game = get(game_id)
        depth = DEPTH[game_id]
        states = [
            random_state(game_id, start, plies, 7 * start + plies)
            for start, plies in ((0, 0), (1, 6), (2, 15), (3, 30))
        ]
        if use_worker:
            states = states[1:2]
        seed = 5
        got = page.evaluate(
            ALPHABETA, [game_id, [packed(game, s) for s in states], depth, seed, use_worker]
        )
        for index, (state, mine) in enumerate(zip(states, got, strict=True)):
            assert_same_search(mine, native_alphabeta(state, depth, seed), f"{game_id} {index}")


def test_alphabeta_finds_the_win_in_one(page: Any, games: list[str]) -> None:
    """A proven result: connect4's win in one, reported as the native search reports it."""
    state = get("connect4").load("......./......./......./......./......./xxx.oo. o")
    got = page.evaluate(ALPHABETA, ["connect4", [packed(state.game, state)], 4, 0, False])[0]
    assert_same_search(got, native_alphabeta(state, 4, 0), "connect4")
    assert state.action_text(got["action"]) == "d"


PROVE = """async ([game, cases, depth, nodes]) => {
  const { loadEngine } = await import("/static/engine.js");
  const out = [];
  for (const [position, seat] of cases) {
    const engine = await loadEngine(game, { position, worker: false });
    out.push(await engine.prove({ seat, depth, nodes }));
  }
  return out;
}"""


def native_prove(state: State, seat: int, depth: int, nodes: int) -> dict[str, Any]:
    """What engine.prove() answers, asked of the native Prover in the same order."""
    prover = Prover(seat, max_nodes=nodes)
    assert prover.native
    try:
        if not prover.wins(state, depth):
            return {"wins": False, "distance": None, "winning": [], "nodes": prover.nodes}
        distance = prover.distance(state, depth)
        assert distance is not None
        mover = state.to_move == seat and distance > 0
        winning = prover.winning_actions(state, distance) if mover else []
        return {"wins": True, "distance": distance, "winning": winning, "nodes": prover.nodes}
    except ProofBudgetExceeded:
        return {"wins": None, "distance": None, "winning": [], "nodes": prover.nodes}


def test_the_prover_gives_the_native_answers(page: Any, games: list[str]) -> None:
    """Late positions, both seats: won or not, distance, winning actions and nodes agree."""
    depth, nodes = 5, 20_000
    settled = 0
    for game_id in games:
        game = get(game_id)
        states = [s for seed in (3, 4) for s in late_states(game_id, seed, (1, 2, 3, 5))]
        cases = [(s, seat) for s in states for seat in (0, 1)]
        got = page.evaluate(
            PROVE, [game_id, [[packed(game, s), seat] for s, seat in cases], depth, nodes]
        )
        for (state, seat), mine in zip(cases, got, strict=True):
            expected = native_prove(state, seat, depth, nodes)
            assert mine == expected, f"{game_id} seat {seat} at {state.position()}"
            settled += mine["wins"] is True
    assert settled >= len(games)  # late positions: many are won within five actions


PRESEARCH = """async ([game, position, depth, nodes]) => {
  const { instantiate } = await import("/static/engine-core.js");
  const { presearch, proofs } = await import("/static/engine-proof.js");
  const engine = await instantiate(game);
  engine.load(position);
  const found = presearch(engine, depth, nodes);
  return { found: found && { action: found.action, pv: found.pv, length: found.proof_length,
           winning: found.children.map((c) => c.action) },
           proofs: proofs(engine, engine.legal()) };
}"""


def test_presearch_and_move_proofs_are_the_servers(page: Any, games: list[str]) -> None:
    """A level's proof pre-search and the moves' "win/loss in N" (the explorer's) agree."""
    found: dict[str, int] = {}
    proven: dict[str, int] = {}
    for game_id in games:
        game = get(game_id)
        found[game_id] = proven[game_id] = 0
        for state in late_states(game_id, 6, (2, 4)):
            seat = state.to_move
            assert seat is not None
            got = page.evaluate(PRESEARCH, [game_id, packed(game, state), 5, 4000])
            result, _ = presearch(state, 5, 4000)
            if result is None:
                assert got["found"] is None, game_id
            else:
                assert got["found"] == {
                    "action": result.action,
                    "pv": list(result.pv),
                    "length": result.proof_length,
                    "winning": [c.action for c in result.children],
                }, game_id
            expected = [_proven(state, a, seat, 3000) for a in state.legal_actions()]
            assert got["proofs"] == expected, game_id
            found[game_id] += got["found"] is not None
            proven[game_id] += sum(p is not None for p in got["proofs"])
    # not vacuous: in these late positions (two and four actions before the end) the
    # pre-search finds a forced win in Syrtis and Sytran, and the moves of every game but
    # Sirtet have proven values; an engine that proves nothing would agree with the other
    assert sum(found.values()) >= 2, found
    assert sum(1 for count in proven.values() if count) >= len(games) - 1, proven


def test_a_level_search_is_the_servers_level(page: Any, games: list[str]) -> None:
    """search({level}) plays the server's level: Cyclix's club is its alpha-beta at depth 3."""
    need(games, "cyclix")
    game = get("cyclix")
    state = random_state("cyclix", 0, 8, 1)
    got = page.evaluate(
        """async ([position]) => {
          const { loadEngine } = await import("/static/engine.js");
          const engine = await loadEngine("cyclix", { position, worker: false });
          const r = await engine.search({ level: "club", seed: 4, seconds: 120 });
          return { algorithm: r.algorithm, action: r.action, value: r.value, depth: r.depth };
        }""",
        [packed(game, state)],
    )
    expected = level_player("club", game, seed=4).analyse(state, 120.0)
    assert got["value"] == pytest.approx(expected.value, rel=1e-12, abs=1e-12)
    assert {**got, "value": 0} == {
        "algorithm": "alphabeta",
        "action": expected.action,
        "value": 0,
        "depth": expected.depth,
    }


def _analysis(
    browser: Any, server: str, game_id: str, position: str = ""
) -> tuple[str, list[str], list[str]]:
    """The analysis board of a position (default: the game's start) with the engine on: its
    info line, the lines' texts and the sockets opened."""
    context = browser.new_context()
    page = context.new_page()
    sockets: list[str] = []
    page.on("websocket", lambda ws: sockets.append(ws.url))
    try:
        where = f"#position={quote(position)}" if position else ""
        page.goto(f"{server}/analysis/{game_id}{where}")
        page.wait_for_selector("#board svg")
        page.locator("#engine-toggle").check()
        page.wait_for_function(
            "() => /^(?!.*searching).*in your browser/"
            ".test(document.querySelector('#engine-info').textContent)",
            timeout=60_000,
        )
        texts = page.locator("#engine-lines li .t").all_text_contents()
        return page.text_content("#engine-info") or "", texts, sockets
    finally:
        context.close()


def test_the_analysis_board_searches_cyclix_by_alphabeta(
    browser: Any, server: str, games: list[str]
) -> None:
    """Cyclix's lines come from alpha-beta in the browser (depths, as the server's)."""
    need(games, "cyclix")
    info, texts, sockets = _analysis(browser, server, "cyclix")
    assert "depth" in info and "positions" in info
    start = get("cyclix").initial(0)
    assert len(texts) == 3
    assert all(start.parse_turn(text) for text in texts)
    assert not [url for url in sockets if "/api/analysis/ws" in url]


def test_browser_analysis_lines_show_whole_turns(
    browser: Any, server: str, games: list[str]
) -> None:
    """A Sirtet turn that places a tile takes two or three actions (the tile, then its
    cells): the best line shows the whole turn, as the server's lines do (the other lines:
    their first action)."""
    need(games, "sirtet")
    state = get("sirtet").initial(0)
    for _ in range(2):  # each side picks a tile: the side to move now places one
        state = state.child(state.legal_actions()[0])
    _, texts, _ = _analysis(browser, server, "sirtet", state.position())
    actions = state.parse_turn(texts[0])  # raises unless the text is exactly one whole turn
    assert len(actions) >= 2
    for text in texts[1:]:
        assert text in {state.action_text(a) for a in state.legal_actions()}
