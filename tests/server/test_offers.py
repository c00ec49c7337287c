"""Offers between the players (issue 23): draw, takeback, abort; each refusal in words, no change.

Games are connect4 (one action per turn) between two people online: the creator plays
seat 0 with its token, the invite token plays seat 1.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.clients import TestClient

GAME = "connect4"


class Duel:
    """A friend game seen from both seats."""

    def __init__(self, client: TestClient, mode: str = "friend") -> None:
        made = client.post(
            "/api/games", json={"game": GAME, "opponent": mode, "seat": 0, "level": "random"}
        )
        assert made.status_code == 201, made.text
        self.client = client
        self.id: str = made.json()["id"]
        self.tokens = [made.json()["token"], made.json()["invite_token"]]

    def view(self) -> dict[str, Any]:
        data: dict[str, Any] = self.client.get(f"/api/games/{self.id}").json()
        return data

    def offers(self) -> dict[str, Any]:
        data: dict[str, Any] = self.client.get(f"/api/games/{self.id}/offers").json()
        return data

    def post(self, seat: int, path: str, token: str | None = None, **body: Any) -> Any:
        body.setdefault("version", self.view()["version"])
        return self.client.post(
            f"/api/games/{self.id}/{path}",
            json=body,
            headers={"X-Shoal-Token": token or self.tokens[seat]},
        )

    def move(self, seat: int) -> None:
        legal = self.view()["legal"]
        response = self.post(seat, "actions", action=legal[0]["action"])
        assert response.status_code == 200, response.text


def refused(response: Any, status: int, words: str) -> None:
    assert response.status_code == status, response.text
    assert words in response.json()["detail"]


@pytest.fixture
def duel(client: TestClient) -> Duel:
    return Duel(client)


def test_a_draw_offer_accepted_ends_the_game_drawn(duel: Duel) -> None:
    duel.move(0)
    offered = duel.post(0, "draw", action="offer")
    assert offered.status_code == 200, offered.text
    assert offered.json()["draw"] == 0 and duel.offers()["draw"] == 0
    accepted = duel.post(1, "draw", action="accept")
    assert accepted.status_code == 200, accepted.text
    result = duel.view()["result"]
    assert result["winner"] is None and result["result"] == "1/2-1/2"
    assert result["reason"] == "drawn by agreement"
    assert duel.offers()["draw"] is None


def test_a_draw_offer_declined_or_withdrawn_leaves_the_game_on(duel: Duel) -> None:
    duel.post(0, "draw", action="offer")
    assert duel.post(1, "draw", action="decline").json()["draw"] is None
    assert duel.view()["result"] is None
    duel.post(1, "draw", action="offer")
    assert duel.offers()["draw"] == 1
    assert duel.post(1, "draw", action="withdraw").json()["draw"] is None
    assert duel.view()["result"] is None


def test_a_draw_offer_lapses_when_the_opponent_moves_not_when_the_offerer_does(
    duel: Duel,
) -> None:
    duel.post(0, "draw", action="offer")  # seat 0 to move: its own move keeps the offer
    duel.move(0)
    assert duel.offers()["draw"] == 0
    duel.move(1)  # the opponent played on instead of answering
    assert duel.offers()["draw"] is None
    refused(duel.post(1, "draw", action="accept"), 409, "there is no draw offer")
    assert duel.view()["result"] is None


def test_draw_refusals_change_nothing(duel: Duel) -> None:
    refused(duel.post(1, "draw", action="accept"), 409, "no draw offer from your opponent")
    refused(duel.post(0, "draw", action="withdraw"), 409, "no draw offer to withdraw")
    duel.post(0, "draw", action="offer")
    refused(duel.post(0, "draw", action="offer"), 409, "already offered a draw")
    refused(duel.post(0, "draw", action="accept"), 409, "no draw offer from your opponent")
    refused(duel.post(1, "draw", action="offer"), 409, "accept it or decline it")
    refused(duel.post(0, "draw", token="not-a-token", action="decline"), 403, "does not play")
    refused(duel.post(1, "draw", action="accept", version=99), 409, "the game has changed")
    refused(duel.post(1, "draw", action="shake hands"), 422, "action must be one of 'offer'")
    assert duel.offers()["draw"] == 0 and duel.view()["result"] is None


def test_no_offer_in_a_finished_game(duel: Duel) -> None:
    assert duel.post(0, "resign").status_code == 200
    before = duel.view()
    refused(duel.post(1, "draw", action="offer"), 409, "the game is over")
    refused(duel.post(1, "takeback", action="request"), 409, "the game is over")
    refused(duel.post(1, "abort"), 409, "the game is over")
    assert duel.view() == before and duel.offers()["draw"] is None


def test_offers_are_between_people_online(client: TestClient) -> None:
    game = Duel(client, mode="computer")
    refused(game.post(0, "draw", action="offer"), 403, "between two people online")
    refused(game.post(0, "takeback", action="request"), 403, "between two people online")


def test_a_takeback_accepted_undoes_the_askers_last_turn(duel: Duel) -> None:
    duel.move(0)
    duel.move(1)
    duel.move(0)
    assert duel.post(0, "takeback", action="request").json()["takeback"] == 0
    accepted = duel.post(1, "takeback", action="accept")
    assert accepted.status_code == 200, accepted.text
    view = duel.view()
    assert view["ply"] == 2 and view["to_move"] == 0
    assert duel.offers()["takeback"] is None


def test_a_takeback_on_your_turn_takes_back_the_reply_too(duel: Duel) -> None:
    duel.move(0)
    duel.move(1)
    duel.post(0, "takeback", action="request")  # seat 0 to move: its last turn is ply 0
    duel.post(1, "takeback", action="accept")
    assert duel.view()["ply"] == 0


def test_takeback_refusals_change_nothing(duel: Duel) -> None:
    refused(duel.post(0, "takeback", action="request"), 409, "nothing to take back")
    duel.move(0)
    refused(duel.post(1, "takeback", action="accept"), 409, "no takeback request")
    duel.post(0, "takeback", action="request")
    refused(duel.post(0, "takeback", action="accept"), 409, "no takeback request")
    refused(duel.post(1, "takeback", action="request"), 409, "answer it first")
    assert duel.post(1, "takeback", action="decline").json()["takeback"] is None
    assert duel.view()["ply"] == 1
    duel.post(0, "takeback", action="request")
    duel.move(1)  # a move lets the request lapse
    refused(duel.post(1, "takeback", action="accept"), 409, "no takeback request")
    assert duel.view()["ply"] == 2


def test_abort_in_the_first_two_turns_ends_without_a_result(duel: Duel) -> None:
    duel.move(0)
    assert duel.offers()["allowed"]["abort"]
    assert duel.post(1, "abort").status_code == 200
    result = duel.view()["result"]
    assert result["result"] == "*" and result["winner"] is None
    assert "aborted" in result["reason"]


def test_no_abort_after_two_turns(duel: Duel) -> None:
    duel.move(0)
    duel.move(1)
    assert not duel.offers()["allowed"]["abort"]
    refused(duel.post(0, "abort"), 409, "only be aborted in its first two turns")
    assert duel.view()["result"] is None


def test_offers_survive_a_restart(db: str) -> None:
    from shoal.server import create_app

    with TestClient(create_app(db)) as client:
        game = Duel(client)
        game.post(0, "draw", action="offer")
    with TestClient(create_app(db)) as client:
        assert client.get(f"/api/games/{game.id}/offers").json()["draw"] == 0
