"""A finished game's view says how it ended in a sentence, beside the short reason."""

from __future__ import annotations

from tests.clients import TestClient


def test_the_result_carries_a_sentence(client: TestClient) -> None:
    made = client.post(
        "/api/games",
        json={
            "game": "sfirs",
            "opponent": "local",
            "start": "12/12/12/12/12/2B9/3W8/12/12/12/12/12 w - w 9 -",
        },
    ).json()
    done = client.post(
        f"/api/games/{made['id']}/actions",
        json={"version": 1, "text": "d6-d9"},
        headers={"X-Shoal-Token": made["token"]},
    ).json()
    assert done["result"]["reason"] == "no legal action"
    assert done["result"]["sentence"].startswith("Black has no active cube that can move")


def test_a_resignation_is_a_sentence_too(client: TestClient) -> None:
    made = client.post("/api/games", json={"game": "cyclix", "opponent": "local"}).json()
    done = client.post(
        f"/api/games/{made['id']}/resign",
        json={"version": 1},
        headers={"X-Shoal-Token": made["token"]},
    ).json()
    assert done["result"]["sentence"] == "White resigned: Black wins."
