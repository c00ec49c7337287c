"""Puzzle themes through the API: each game's themes with their counts, the next puzzle
chosen within one theme (for a guest's rating and an account's), the whole theme again once
all of it is excluded, and an unknown theme refused in words naming the known ones, on
SQLite and PostgreSQL. The hand-made Syrtis puzzles: two "fourth sink", one "complete
island"."""

from __future__ import annotations

import pytest

from shoal import games
from shoal.analysis.puzzle_play import themes_of
from tests.clients import TestClient

from ..puzzles.data import DATA, GAMES, test_puzzles
from .accounts_helpers import error, signup
from .test_puzzles_api import solve, with_choice, wrong_first


@pytest.fixture(autouse=True)
def _puzzles(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SHOAL_PUZZLES_DIR", str(DATA))


def of(theme: str) -> list[str]:
    return sorted(p.id for p in test_puzzles("syrtis") if p.theme == theme)


def test_each_game_lists_its_themes_with_their_counts(client: TestClient) -> None:
    listed = {g["game"]: g for g in client.get("/api/puzzles").json()}
    assert listed["syrtis"]["themes"] == [
        {"theme": "fourth sink", "name": "fourth sink", "count": 2},
        {"theme": "complete island", "name": "complete island", "count": 1},
    ]
    for game in GAMES:
        themes = listed[game]["themes"]
        assert themes == [
            {"theme": t, "name": t, "count": n} for t, n in themes_of(test_puzzles(game))
        ]
        assert sum(t["count"] for t in themes) == listed[game]["count"]


def test_the_next_puzzle_keeps_to_the_theme(client: TestClient) -> None:
    url = "/api/puzzles/syrtis/next"
    # unfiltered, the nearest to 1500 by id is a "fourth sink"; the theme overrides that
    assert client.get(url, params={"rating": 1500}).json()["theme"] == "fourth sink"
    island = client.get(url, params={"rating": 1500, "theme": "complete island"}).json()
    assert island["id"] == of("complete island")[0] and island["theme"] == "complete island"
    assert island["legal"] and not island["finished"]
    # case, hyphens and underscores aside
    for spelt in ("Complete-Island", "complete_island", " complete  island "):
        assert client.get(url, params={"theme": spelt}).json()["id"] == island["id"]
    # excluded ones are skipped within the theme ...
    sinks = of("fourth sink")
    after = client.get(url, params={"theme": "fourth sink", "exclude": sinks[0]}).json()
    assert after["id"] == sinks[1]
    # ... and once the whole theme is excluded, it starts again (as without a theme),
    # never straying into another theme
    again = client.get(url, params={"theme": "fourth sink", "exclude": ",".join(sinks)}).json()
    assert again["id"] == sinks[0]
    every = ",".join(of("complete island"))
    alone = client.get(url, params={"theme": "complete island", "exclude": every}).json()
    assert alone["id"] == of("complete island")[0]


def test_an_account_gets_the_theme_at_its_own_rating(client: TestClient) -> None:
    assert signup(client, "themer").status_code == 201
    island = next(p for p in test_puzzles("syrtis") if p.theme == "complete island")
    solved = solve(client, island)
    assert solved["me"]["rating"]["r"] > 1500
    view = client.get("/api/puzzles/syrtis/next", params={"theme": "complete island"}).json()
    assert view["id"] == island.id  # the only one of its theme, again
    listed = {g["game"]: g for g in client.get("/api/puzzles").json()}
    assert listed["syrtis"]["me"] == solved["me"]  # choosing changed nothing


def test_an_unknown_theme_is_refused_in_words(client: TestClient) -> None:
    before = client.get("/api/puzzles").json()
    error(
        client.get("/api/puzzles/syrtis/next", params={"theme": "mate in two"}),
        400,
        "Syrtis: no puzzles of the theme 'mate in two'; the themes are: fourth sink, "
        "complete island",
    )
    error(client.get("/api/puzzles/chess/next", params={"theme": "x"}), 404, "no game 'chess'")
    assert client.get("/api/puzzles/syrtis/next", params={"theme": "x" * 101}).status_code == 422
    # an empty theme is every theme
    assert client.get("/api/puzzles/syrtis/next", params={"theme": ""}).status_code == 200
    assert client.get("/api/puzzles").json() == before


@pytest.mark.parametrize("db_url", ["sqlite"], indirect=True)
def test_a_themes_name_is_in_the_readers_language_and_its_key_stays(client: TestClient) -> None:
    """Issue 62: a Dutch reader gets each theme's name in Dutch (the catalogues); the theme's
    key (``?theme=``) stays the English one, and a puzzle says both."""
    dutch = {"Accept-Language": "nl"}
    answer = client.get("/api/puzzles", headers=dutch)
    assert answer.headers["vary"] == "Accept-Language, Cookie"
    listed = {g["game"]: g for g in answer.json()}
    assert listed["syrtis"]["themes"][0] == {
        "theme": "fourth sink",
        "name": "vierde zinkzet",
        "count": 2,
    }
    url = "/api/puzzles/syrtis/next"
    one = client.get(url, params={"theme": "complete island"}, headers=dutch).json()
    assert one["theme"] == "complete island" and one["theme_name"] == "volledig eiland"
    german = client.get(f"/api/puzzles/{one['id']}", headers={"Accept-Language": "de"}).json()
    assert german["theme_name"] == "vollständige Insel"


@pytest.mark.parametrize("db_url", ["sqlite"], indirect=True)
def test_a_verdict_in_dutch(client: TestClient) -> None:
    """The verdict's own words in the reader's language; the game's words (the action's
    label) as the game says them, in quotes; the sides by the words the page uses (Zwart)."""
    puzzle = with_choice("cyclix")
    wrong = wrong_first(puzzle)
    start = puzzle.start(games.get("cyclix"))
    label = games.get("cyclix").action_label(start, start.parse_action(wrong))
    url = f"/api/puzzles/{puzzle.id}/attempt"
    view = client.post(url, json={"actions": [wrong]}, headers={"Accept-Language": "nl"}).json()
    defender = {"white": "Wit", "black": "Zwart"}[start.side_name(1 - puzzle.winner)]
    assert view["message"].startswith(f"„{label}” is niet de oplossing. {defender} antwoordt: ")
    assert view["wrong"] and view["refutation"]
