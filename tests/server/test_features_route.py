"""A game's features (the page's "Position details") are read apart from its view (issue
39): ``GET /api/games/{id}/features`` answers the current version's, as
:func:`~shoal.server.games.views.features_view` draws them; the view itself says only
whether the game has any (``has_features``)."""

from __future__ import annotations

from shoal import games
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
        assert answer.json() == {"version": view["version"], "features": features_view(game, state)}
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
