"""A Bot API program on the ladder (issue 63): ``shoal bot`` driving ``shoal engine``, through
a real ``shoal serve`` the ladder starts; one that is too slow loses by time."""

from __future__ import annotations

import shlex
import sys
from pathlib import Path

from shoal import games
from shoal.ladder import Ladder, LadderBudget, parse_agent
from shoal.records import read_text

HERE = Path(__file__).resolve().parent
PYTHON = sys.executable


def bot(name: str, engine: str) -> str:
    words = [PYTHON, "-m", "shoal.cli", "bot", "--server", "{server}", "--token", "{token}"]
    return f"{name}=bot:" + shlex.join([*words, "--engine", engine, "--genmove", "level=random"])


def test_bot_api_programs_play_their_games_through_a_server(tmp_path: Path) -> None:
    quick = bot("quick", f"{PYTHON} -m shoal.cli engine")
    slow = bot("slow", f"{PYTHON} {HERE / 'slow_engine.py'} 2.0")
    ladder = Ladder(
        games.get("connect4"),
        [parse_agent(quick), parse_agent(slow), parse_agent(f"python:{HERE / 'agents.py'}:First")],
        [],
        budget=LadderBudget(seconds=1.0, grace=0.5),
        games=6,
        log_dir=tmp_path,
    )
    results = ladder.run()
    for game in results["games"]:
        record = read_text(game["record"])
        assert list(record.players) == game["players"]
        if "slow" in game["players"]:  # over 1.5 s at its first turn: lost
            assert game["forfeit"] == "slow"
            assert "slow ran over its time" in game["reason"], game
            assert game["actions"] == game["players"].index("slow")
        else:  # quick against First: a game played to its end on the server
            assert game["forfeit"] is None, game
            assert record.final_state().outcome is not None
            assert game["actions"] == len(record.actions) >= 7
    players = {p["name"]: p for p in results["players"]}
    assert players["slow"]["forfeits"] == 4 and players["quick"]["forfeits"] == 0
    assert players["quick"]["kind"] == "bot"
