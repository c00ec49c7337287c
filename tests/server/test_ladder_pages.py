"""The ladder on the site (issue 63): the results of ``shoal ladder`` runs as /api/ladder and the
/ladder pages. The results file here was made by a real run (tests/server/data/ladder: Connect
Four, two example agents, anchors pinned by hand for the test at random 0 and beginner 400):

    shoal ladder connect4 --agents python:examples/ladder/greedy.py:Greedy \\
        "engine:.venv/bin/python examples/ladder/flat_mc.py" --games 12 --time 0.1 ...
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from shoal.records import read_text
from shoal.server import create_app
from tests.clients import TestClient

DATA = Path(__file__).resolve().parent / "data" / "ladder"


def test_the_ladders_their_players_and_their_games(tmp_path: Path) -> None:
    folder = tmp_path / "ladder"
    shutil.copytree(DATA, folder)
    (folder / "sytran-base=6.json").write_text("{not json")  # left out, not shown half-read
    (folder / "syrtis.json").write_text(json.dumps({"format": "shoal-ladder", "key": "other"}))
    with TestClient(create_app("sqlite://", ladder_dir=folder)) as client:
        index = client.get("/api/ladder").json()["ladders"]
        assert [line["key"] for line in index] == ["connect4"]
        saved = json.loads((DATA / "connect4.json").read_text())
        agents = [p["name"] for p in saved["players"] if not p["anchor"]]
        assert index[0]["leader"] == agents[0] and index[0]["games"] == len(saved["games"])
        ladder = client.get("/api/ladder/connect4").json()
        assert [p["name"] for p in ladder["players"]] == [p["name"] for p in saved["players"]]
        ratings = [p["rating"] for p in ladder["players"]]
        assert ratings == sorted(ratings, reverse=True)
        pinned = {p["name"]: p for p in ladder["players"] if p["anchor"]}
        assert pinned["random"]["rating"] == 0.0
        assert pinned["beginner"]["interval"] == [400.0, 400.0]
        assert "record" not in ladder["games"][0] and ladder["budget"]["seconds"] == 0.1
        for game in ladder["games"]:
            text = client.get(f"/api/ladder/connect4/games/{game['index']}/record")
            assert text.status_code == 200 and text.headers["content-type"].startswith("text/plain")
            record = read_text(text.text)
            assert list(record.players) == game["players"]
            assert record.result()[0] == game["result"]
        last = len(ladder["games"])
        for path, words in (
            ("/api/ladder/chess", "there is no ladder 'chess' (ladders: connect4)"),
            (f"/api/ladder/connect4/games/{last}/record", f"has games 0 to {last - 1}"),
            ("/api/ladder/connect4.json", "there is no ladder"),
            ("/api/ladder/sytran-base=6", "there is no ladder"),
        ):
            answer = client.get(path)
            assert answer.status_code == 404 and words in answer.json()["detail"], path
        for page in ("/ladder", "/ladder/connect4"):
            html = client.get(page)
            assert html.status_code == 200 and "ladder.js" in html.text
    with TestClient(create_app("sqlite://", ladder_dir=tmp_path / "none")) as client:
        assert client.get("/api/ladder").json() == {"ladders": []}
