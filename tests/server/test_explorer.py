"""The opening explorer (issue 44): counts equal a brute force, exactly once, filters, errors."""

from __future__ import annotations

import datetime
import random
import threading
import time
from collections import Counter
from typing import Any

import pytest

from shoal import games
from shoal.analysis.book import load_book
from shoal.analysis.book_index import BookIndex
from shoal.analysis.explorer import node_key, result_for, variant_key, walk
from shoal.server import create_app
from shoal.server.explorer.service import Explorer, finished_game
from shoal.server.explorer.store import ExplorerStore, Filters, FinishedGame, band_of
from shoal.server.games.models import GameData
from shoal.server.games.session import LiveGame
from shoal.server.games.store import Store
from tests.clients import TestClient

from .accounts_helpers import error, signup

GAME = "connect4"
T0 = datetime.datetime(2026, 1, 1)


def random_game(index: int, rng: random.Random) -> tuple[LiveGame, dict[str, Any]]:
    """A finished random connect4 game with random settings (the brute force's truth too)."""
    game = games.get(GAME)
    state = game.initial(0)
    actions = []
    plies = []  # (the position before, the action, the mover), for the brute force
    while state.outcome is None:
        # few distinct openings, so nodes gather many games
        legal = list(state.legal_actions())
        action = legal[0] if len(actions) < 6 and rng.random() < 0.5 else rng.choice(legal)
        actions.append(action)
        plies.append((state.position(), action, state.to_move))
        state = state.child(action)
    accounts = rng.choice([(None, None), (1, 2), (2, 3), (3, 1)])
    data = GameData(
        id=f"g{index:05d}",
        game=GAME,
        options={},
        seed=0,
        start=None,
        mode="friend",
        level=None,
        computer_seat=None,
        players=["a", "b"],
        token_hashes=[None, None],
        actions=actions,
        clock={"base": 60} if rng.random() < 0.5 else None,
        ended=None,
        version=len(actions) + 1,
        accounts=list(accounts),
        rated=rng.random() < 0.5,
    )
    ratings = {1: 1450, 2: 1720, 3: 1990}
    truth = {
        "actions": actions,
        "plies": plies,
        "winner": state.outcome.winner,
        "rated": bool(data.rated),
        "speed": "live" if data.clock else "correspondence",
        "accounts": accounts,
        "ratings": tuple(None if a is None else ratings[a] for a in accounts),
        "index": index,
    }
    return LiveGame(data), truth


def fixed_ratings(accounts: Any, game: str, speed: str) -> tuple[int | None, ...]:
    return tuple(None if a is None else {1: 1450, 2: 1720, 3: 1990}[a] for a in accounts)


def brute_force(truths: list[dict[str, Any]], position: str, keep: Any) -> dict[int, Counter[str]]:
    """Per action at ``position``: games, wins, draws, losses, counted game by game, ply by ply."""
    found: dict[int, Counter[str]] = {}
    for truth in truths:
        if not keep(truth):
            continue
        for seen, action, mover in truth["plies"][:40]:
            if seen == position:
                counts = found.setdefault(action, Counter())
                counts["games"] += 1
                word = result_for(mover, truth["winner"])
                counts[{"win": "wins", "draw": "draws", "loss": "losses"}[word]] += 1
                counts["rating"] += sum(r for r in truth["ratings"] if r is not None)
                counts["rated_players"] += sum(r is not None for r in truth["ratings"])
    return found


def as_counts(explorer_moves: Any) -> dict[int, Counter[str]]:
    return {
        m.action: Counter(
            {
                "games": m.games,
                "wins": m.wins,
                "draws": m.draws,
                "losses": m.losses,
                "rating": m.rating_sum,
                "rated_players": m.rated_players,
            }
        )
        for m in explorer_moves
    }


def test_counts_equal_a_brute_force_count_with_every_filter(db_url: str) -> None:
    """Rule: the explorer's counts equal a brute-force count over the games (both databases)."""
    store = Store(db_url)
    explorer = Explorer(ExplorerStore(store.engine), fixed_ratings)
    rng = random.Random(44)
    truths = []
    for i in range(60):
        live, truth = random_game(i, rng)
        assert explorer.count_live(live)
        truths.append(truth)
    game = games.get(GAME)
    variant = variant_key(game)
    # the positions after a few plies of the most common line and of random lines
    positions = {game.initial(0).position()}
    for truth in truths[:8]:
        state = game.initial(0)
        for action in truth["actions"][:5]:
            state = state.child(action)
            positions.add(state.position())
    cases: list[tuple[Filters, Any]] = [
        (Filters(), lambda t: True),
        (Filters(rated=True), lambda t: t["rated"]),
        (Filters(rated=False), lambda t: not t["rated"]),
        (Filters(speeds=("live",)), lambda t: t["speed"] == "live"),
        (
            Filters(min_rating=1600),
            lambda t: None not in t["ratings"] and band_of(t["ratings"]) >= 1600,
        ),
        (
            Filters(max_rating=1800),
            lambda t: None not in t["ratings"] and band_of(t["ratings"]) < 1800,
        ),
        (Filters(user_id=1), lambda t: 1 in t["accounts"]),
        (Filters(user_id=2, seat=0), lambda t: t["accounts"][0] == 2),
        (Filters(user_id=3, rated=True), lambda t: 3 in t["accounts"] and t["rated"]),
    ]
    checked = 0
    for position in positions:
        node = node_key(variant, position)
        for filters, keep in cases:
            got = as_counts(explorer.store.moves(node, filters))
            want = brute_force(truths, position, keep)
            if filters.user_id is not None:  # the personal explorer keeps no ratings per band
                assert {a: c["games"] for a, c in got.items()} == {
                    a: c["games"] for a, c in want.items()
                }
                for a in want:
                    for word in ("wins", "draws", "losses"):
                        assert got[a][word] == want[a][word]
            else:
                assert got == want, (position, filters)
            checked += sum(c["games"] for c in want.values())
    assert checked > 200
    assert explorer.store.total() == 60
    store.close()


def test_a_game_is_counted_exactly_once_across_threads(db_url: str) -> None:
    """Rule: updated as games end, exactly once across workers (a claim in the transaction)."""
    store = Store(db_url)
    stores = [ExplorerStore(store.engine), ExplorerStore(Store(db_url).engine)]
    live, truth = random_game(1, random.Random(1))
    finished = finished_game(live, fixed_ratings, T0)
    assert finished is not None
    results: list[bool] = []
    threads = [
        threading.Thread(target=lambda s=s: results.append(s.count(finished))) for s in stores * 4
    ]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(results) == [False] * 7 + [True]
    start = node_key(variant_key(live.game), live.states[0].position())
    moves = stores[0].moves(start, Filters())
    assert [(m.action, m.games) for m in moves] == [(truth["actions"][0], 1)]
    assert moves[0].last_game == "g00001"
    store.close()


def test_the_last_game_is_the_latest_counted(db_url: str) -> None:
    store = ExplorerStore(Store(db_url).engine)
    steps = walk(games.get(GAME), games.get(GAME).initial(0), [3, 3, 3])
    for n, day in ((1, 5), (2, 9), (3, 7)):
        store.count(
            FinishedGame(
                f"x{n}", steps, 0, True, "live", (1500, 1500), (None, None), T0.replace(day=day)
            )
        )
    (move,) = store.moves(steps[0].node, Filters())
    assert (move.games, move.wins, move.last_game) == (3, 3, "x2")
    assert move.as_json()["average_rating"] == 1500 and move.as_json()["win_pct"] == 100.0


def test_a_finished_game_is_counted_when_it_ends_and_shown_by_the_api(db_url: str) -> None:
    """Rule: updated as games end (the manager's listener), then every move listed by the API."""
    with TestClient(create_app(db_url)) as client:
        made = client.post("/api/games", json={"game": GAME, "opponent": "local"}).json()
        gid, token = made["id"], made["token"]
        version = 1
        for action in (3, 4, 3, 4, 3, 4, 3):  # seat 0 makes four in a column
            reply = client.post(
                f"/api/games/{gid}/actions",
                json={"version": version, "action": action},
                headers={"X-Shoal-Token": token},
            )
            assert reply.status_code == 200, reply.text
            version = reply.json()["version"]
        deadline = time.monotonic() + 20
        while True:
            body = client.get(f"/api/explorer/{GAME}?engine=false").json()
            if body["moves"] or time.monotonic() > deadline:
                break
            time.sleep(0.05)
        assert body["games"] == 1 and body["source"] == "site"
        (move,) = body["moves"]
        assert (move["action"], move["text"], move["wins"], move["last_game"]) == (3, "d", 1, gid)
        after = client.get(f"/api/explorer/{GAME}", params={"position": move["position"]}).json()
        assert [m["action"] for m in after["moves"]] == [4]
        assert after["moves"][0]["losses"] == 1 and after["moves"][0]["value"] is not None
        # seat 0 to move after d d d e e e: the prover sees the win in one
        state = games.get(GAME).initial(0)
        for action in (3, 4, 3, 4, 3, 4):
            state = state.child(action)
        near = client.get(f"/api/explorer/{GAME}", params={"position": state.position()}).json()
        assert near["moves"][0]["proven"] == "win in 1" and near["moves"][0]["value"] == 1.0


@pytest.mark.parametrize("db_url", ["sqlite"], indirect=True)
def test_the_book_source_answers_from_the_index_as_the_counted_book(db_url: str) -> None:
    """``source=book`` reads the shipped index; down the tree it equals the book counted."""
    game = games.get("cyclix")
    tree = load_book(game)  # the book counted by replaying its games
    fields = ("action", "text", "games", "wins", "draws", "losses", "last_game")
    with TestClient(create_app(db_url)) as client:
        state = game.initial(0)
        params = {"source": "book", "engine": "false"}
        for _ in range(6):  # down the most played line, by each answer's positions
            body = client.get("/api/explorer/cyclix", params=params).json()
            want = tree.moves(state)
            got = [tuple(m[f] for f in fields) for m in body["moves"]]
            assert got == [tuple(getattr(m, f) for f in fields) for m in want]
            assert body["games"] == sum(m.games for m in want) > 0
            state = state.child(want[0].action)
            params["position"] = body["moves"][0]["position"]
            assert params["position"] == state.position()
        explorer = client.app.state.context.explorer  # type: ignore[attr-defined]
        assert isinstance(explorer.book(game), BookIndex)


@pytest.mark.parametrize("db_url", ["sqlite"], indirect=True)
def test_bad_input_is_a_clear_4xx_and_changes_nothing(db_url: str) -> None:
    """Rule: bad input (malformed position, unknown game or source) gets a clear error."""
    with TestClient(create_app(db_url)) as client:
        before = client.get(f"/api/explorer/{GAME}?engine=false").json()
        error(client.get("/api/explorer/nosuchgame"), 404, "unknown game")
        error(client.get(f"/api/explorer/{GAME}?source=masters"), 400, "unknown source")
        error(client.get(f"/api/explorer/{GAME}?position=zzz"), 400, "the position")
        error(client.get(f"/api/explorer/{GAME}?options=rows"), 400, "the options")
        error(client.get(f"/api/explorer/{GAME}?options=rows=99"), 400, "the options")
        error(client.get(f"/api/explorer/{GAME}?rated=maybe"), 400, "rated is")
        error(client.get(f"/api/explorer/{GAME}?speed=bullet"), 400, "speed is")
        error(client.get(f"/api/explorer/{GAME}?min_rating=1800&max_rating=1600"), 400, "below")
        error(client.get(f"/api/explorer/{GAME}?source=player"), 400, "player=USERNAME")
        error(client.get(f"/api/explorer/{GAME}?source=player&player=nobody"), 404, "no player")
        error(client.get(f"/api/explorer/{GAME}?player=nobody"), 400, "source=player")
        error(client.get(f"/api/explorer/{GAME}?source=book&rated=rated"), 400, "book")
        assert client.get(f"/api/explorer/{GAME}?engine=false").json() == before
        assert signup(client, "alice").status_code == 201
        mine = client.get(f"/api/explorer/{GAME}?source=player&player=alice").json()
        assert mine["moves"] == [] and mine["source"] == "player"
