"""A game's features (the page's "Position details") are read apart from its view (issue
39): ``GET /api/games/{id}/features`` answers the current version's, as
:func:`~shoal.server.games.views.features_view` draws them; the view itself says only
whether the game has any (``has_features``)."""

from __future__ import annotations

from shoal import games
from shoal.i18n import catalogue
from shoal.server.games.views import features_view
from tests.clients import TestClient

from .test_api import auth, create


def test_the_features_are_the_current_positions_and_follow_its_versions(
    client: TestClient,
) -> None:
    made = create(client, game="syrtis", opponent="local")
    gid, token, view = made["id"], made["token"], made["view"]
    assert "features" not in view and view["has_features"] is True
    game = games.get("syrtis")
    state = game.initial(view["seed"])
    for _ in range(3):
        answer = client.get(f"/api/games/{gid}/features")
        assert answer.status_code == 200, answer.text
        features = features_view(game, state)
        words = {name: name.replace("_", " ") for name in features}  # English: the keys'
        assert answer.json() == {"version": view["version"], "features": features, "words": words}
        entry = view["legal"][0]
        moved = client.post(
            f"/api/games/{gid}/actions",
            json={"version": view["version"], "action": entry["action"]},
            headers=auth(token),
        )
        assert moved.status_code == 200, moved.text
        view, state = moved.json(), state.child(entry["action"])


def test_a_game_without_features_says_so_and_an_unknown_game_is_404(client: TestClient) -> None:
    view = create(client, game="connect4", opponent="local")["view"]
    assert view["has_features"] is False
    made = view["id"]
    assert client.get(f"/api/games/{made}/features").json()["features"] == {}
    missing = client.get("/api/games/nosuchgame/features")
    assert missing.status_code == 404 and missing.json()["detail"]


def test_the_features_names_are_said_in_the_readers_language_and_the_keys_stay(
    client: TestClient,
) -> None:
    made = create(client, game="sytran", opponent="local")
    gid = made["id"]
    dutch = client.get(f"/api/games/{gid}/features", headers={"Accept-Language": "nl"}).json()
    english = client.get(f"/api/games/{gid}/features").json()
    assert dutch["features"] == english["features"] and "white_stones" in dutch["features"]
    assert english["words"]["white_stones"] == "white stones"
    assert dutch["words"]["white_stones"] == "witte stenen"
    assert dutch["words"]["ring1_stones_diff"] == "verschil stenen ring 1"
    assert set(dutch["words"]) == set(dutch["features"])
    german = games.get("syrtis").feature_words(["l_islands", "race", "new_one"], tr=catalogue("de"))
    assert german == {
        "l_islands": "Inseln Hell",
        "race": "Wettlauf",  # the option first_ending's value race says the same word
        "new_one": "new one",
    }
