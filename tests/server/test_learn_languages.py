"""The courses in the reader's language (issue 62): ``/api/learn`` says every text of a course
in the reader's language and keeps everything the engine checks (positions, options,
solutions, the verdict) as in English; a step's feedback is translated."""

from __future__ import annotations

from typing import Any

import pytest

from tests.clients import TestClient

pytestmark = pytest.mark.parametrize("db_url", ["sqlite"], indirect=True)

TEXTS = ("title", "text", "task")


def _get(client: TestClient, url: str, language: str) -> Any:
    response = client.get(url, headers={"Accept-Language": language})
    assert response.status_code == 200, response.text
    return response.json()


def _post(client: TestClient, url: str, actions: list[str], language: str) -> dict[str, Any]:
    response = client.post(url, json={"actions": actions}, headers={"Accept-Language": language})
    assert response.status_code == 200, response.text
    answer: dict[str, Any] = response.json()
    return answer


def test_every_course_in_each_language_and_the_same_checks(client: TestClient) -> None:
    english = {c["game"]: c for c in _get(client, "/api/learn", "en")}
    answer = client.get("/api/learn/sytran", headers={"Accept-Language": "nl"})
    assert answer.headers["vary"] == "Accept-Language, Cookie"  # one answer per language
    assert english["sytran"]["title"] == "Learn Sytran"
    dutch = {c["game"]: c for c in _get(client, "/api/learn", "nl")}
    assert dutch["sytran"]["title"] == "Sytran leren"
    assert dutch["sytran"]["intro"].startswith("Sytran is een spel")
    for game in english:
        source = _get(client, f"/api/learn/{game}", "en")
        for language in ("nl", "de", "fr", "it", "es"):
            said = _get(client, f"/api/learn/{game}", language)
            assert said["title"] != source["title"] and said["intro"] != source["intro"]
            for mine, theirs in zip(said["steps"], source["steps"], strict=True):
                # what the engine checks is the same; every text is the language's
                assert {k: v for k, v in mine.items() if k not in TEXTS} == {
                    k: v for k, v in theirs.items() if k not in TEXTS
                }
                assert all(mine[k] != theirs[k] for k in TEXTS if theirs[k]), (game, language)


def test_a_step_played_in_dutch_is_judged_as_in_english(client: TestClient) -> None:
    """Sytran step 2 (two stones on ring 2): a solution solves it, the mistake j10 gets its
    feedback, another wrong turn "Not quite." and the task, each in Dutch; the board and the
    verdict are the English answer's, in Dutch words (the actions' texts, notation, the same)."""
    url = "/api/learn/sytran/2"
    for actions, message in (
        (["h10", "h11"], "Goed gedaan!"),
        (["j10"], "Een steen op ring 1 beëindigt de beurt met één steen. Begin liever op ring 2."),
        (
            ["b12", "b13", "b14", "b15", "b16"],
            "Niet helemaal. Zet een beurt van twee stenen, met ring 2 als je binnenste ring.",
        ),
    ):
        dutch = _post(client, url, actions, "nl")
        english = _post(client, url, actions, "en")
        assert dutch["message"] == message
        assert english["message"] != message
        said = {"message", "svg", "status", "words", "cells", "legal"}  # the words a reader reads
        assert {k: v for k, v in dutch.items() if k not in said} == {
            k: v for k, v in english.items() if k not in said
        }
        assert [(e["action"], e["text"]) for e in dutch["legal"]] == [
            (e["action"], e["text"]) for e in english["legal"]
        ]
        assert dutch["words"] != english["words"] and dutch["status"] != english["status"]
