"""The ladder (issue 63): specs, the budget enforced on real programs, the schedule, results.

Games are Connect Four's (short) with tiny budgets; every program is a real process pinned to
a core, as on a real ladder.
"""

from __future__ import annotations

import json
import sys
from collections import Counter
from pathlib import Path

import pytest

from shoal import games
from shoal.ladder import Ladder, LadderBudget, anchor_spec, default_core, load_agent, parse_agent
from shoal.ladder.anchors import load_anchors, save_anchors
from shoal.ladder.process import OverBudget
from shoal.ladder.schedule import first_round, next_pair
from shoal.ladder.seats import AgentSpec, EngineSeat
from shoal.ratings.bayeselo import Result, fit
from shoal.records import read_text

HERE = Path(__file__).resolve().parent
AGENTS = HERE / "agents.py"
SLOW = f"{sys.executable} {HERE / 'slow_engine.py'}"
CONNECT4 = games.get("connect4")


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("engine", "expected KIND:TARGET"),
        ("chess:./x", "expected KIND:TARGET"),
        ("engine:", "names nothing"),
        ("engine+fast:./x", "only '+iterations'"),
        ("bot:./x --server {server}", "must take {token}"),
        ("python:no.such.module:Agent", "cannot import 'no.such.module'"),
        (f"python:{AGENTS}:Missing", "names nothing that can be called"),
        ("baseline:chess_8", "no shipped baseline 'chess_8'"),
        ("baseline:nets/mine.npz", "there is no network file 'nets/mine.npz'"),
    ],
)
def test_a_bad_spec_is_refused_with_words(text: str, words: str) -> None:
    with pytest.raises(ValueError, match=words.replace("+", r"\+").replace("{", r"\{")):
        parse_agent(text)


def test_specs_name_their_agents_and_declare_iterations() -> None:
    flat = parse_agent("engine:python examples/ladder/flat_mc.py")
    assert (flat.name, flat.kind, flat.iterations) == ("flat_mc", "engine", False)
    assert parse_agent("mine=engine+iterations:./x").iterations
    counted = parse_agent(f"python:{AGENTS}:Counted")
    assert counted.name == "Counted" and counted.iterations  # declared by the class
    spec = AgentSpec("baseline:sytran_6", "baseline", "sytran_6")
    assert spec.command()[-2:] == ["shoal.ai.baseline:BaselineAgent", "net=sytran_6"]
    with pytest.raises(ValueError, match="the anchors are"):
        anchor_spec("max", 0.0)


def test_the_budget_is_enforced_on_a_slow_program_and_a_slow_class(tmp_path: Path) -> None:
    """A program that sleeps 1 s a turn and a class that sleeps 1 s an action, under 0.1 s a
    turn (+0.05 s): whichever moves first loses the game at its first turn, by time (the
    test after this one shows a program stopped this way answers again after its restart)."""
    budget = LadderBudget(seconds=0.1, iterations=7, grace=0.05, cap=5.0)
    ladder = Ladder(
        CONNECT4,
        [
            parse_agent(f"slow=engine:{SLOW} 1.0"),
            parse_agent(f"sleepy=python:{AGENTS}:Sleepy seconds=1.0"),
        ],
        [],
        budget=budget,
        games=2,
        log_dir=tmp_path,
    )
    results = ladder.run()
    by_name = {p["name"]: p for p in results["players"]}
    for name in ("slow", "sleepy"):
        assert (by_name[name]["forfeits"], by_name[name]["losses"], by_name[name]["wins"]) == (
            1,
            1,
            1,
        )
    for game, loser in zip(results["games"], ("slow", "sleepy"), strict=True):
        assert game["forfeit"] == loser and game["players"][0] == loser
        assert game["result"] == "0-1" and game["actions"] == 0
        assert f"{loser} ran over its time" in game["reason"] and "limit 0.15 s" in game["reason"]
        assert 0.15 <= float(game["reason"].split("(")[1].split(" s")[0]) < 1.0
        record = read_text(game["record"])  # the record ends the same way, and replays
        assert record.result() == ("0-1", game["reason"])
    assert results["budget"] == {"seconds": 0.1, "grace": 0.05, "iterations": 7, "cap": 5.0}


def test_an_agent_budgeted_by_iterations_is_held_to_the_cap() -> None:
    """It is asked for iterations, not time; the clock still stops it at the cap."""
    budget = LadderBudget(seconds=0.1, iterations=9, cap=0.3)
    counted = parse_agent(f"slow=engine+iterations:{SLOW} 1.0")
    assert budget.genmove(counted) == "genmove iterations=9" and budget.limit(counted) == 0.3
    assert budget.genmove(parse_agent(f"engine:{SLOW} 1")) == "genmove time=0.1"
    club = anchor_spec("club", 500.0)
    assert budget.genmove(club) == "genmove level=club:turn_seconds=1000000"
    assert budget.limit(club) == 0.3
    seat = EngineSeat(counted, core=default_core())
    try:
        seat.new_game(CONNECT4, 0, 0)
        with pytest.raises(OverBudget) as error:
            seat.move(budget)
        assert error.value.limit == 0.3 and 0.3 <= error.value.elapsed < 1.0
        seat.forfeit()  # restarted: it answers again
        seat.new_game(CONNECT4, 0, 0)
        assert seat.move(LadderBudget(seconds=5.0, iterations=1, cap=5.0)).body == "a"
    finally:
        seat.close()


def test_anchors_schedule_and_the_results_file(tmp_path: Path) -> None:
    """Two agents and two pinned anchors: the first round meets every pairing, the rest go to
    the widest interval; the anchors keep their ratings; every game replays from its record."""
    anchors_file = tmp_path / "anchors.json"
    save_anchors(CONNECT4, {"random": 0.0, "beginner": 300.0}, {"games": 0}, anchors_file)
    pinned = load_anchors(CONNECT4, anchors_file)
    ladder = Ladder(
        CONNECT4,
        [parse_agent(f"python:{AGENTS}:First"), parse_agent(f"python:{AGENTS}:Counted")],
        [anchor_spec(level, rating) for level, rating in pinned.items()],
        budget=LadderBudget(seconds=0.5, iterations=3),
        games=12,
        command="shoal ladder connect4 ...",
    )
    results = ladder.run()
    assert results["format"] == "shoal-ladder" and results["key"] == "connect4"
    pairs = Counter(frozenset(g["players"]) for g in results["games"])
    assert sum(pairs.values()) == 12
    assert frozenset(("random", "beginner")) not in pairs  # anchors never play each other
    for a in ("First", "Counted"):  # every pairing of the first round, both seats
        for b in ("random", "beginner", "First", "Counted"):
            if a != b:
                assert pairs[frozenset((a, b))] >= 2
    players = {p["name"]: p for p in results["players"]}
    assert players["Counted"]["forfeits"] == 0  # asked for iterations: its assert holds
    assert players["beginner"]["rating"] == 300.0 and players["beginner"]["interval"] == [
        300.0,
        300.0,
    ]
    assert players["random"]["anchor"] and not players["First"]["anchor"]
    for p in ("First", "Counted"):
        low, high = players[p]["interval"]
        assert low < players[p]["rating"] < high
    for game in results["games"]:
        record = read_text(game["record"])
        assert list(record.players) == game["players"]
        assert record.final_state().outcome is not None
        assert record.extra_tags["Event"] == "shoal ladder connect4"
    assert json.loads(json.dumps(results)) == results


def test_next_pair_goes_where_the_games_narrow_the_intervals_most() -> None:
    """b has two games (the widest interval) and stands level with random: b plays random."""
    results = [Result("a", "random", 1.0)] * 2 + [Result("random", "a", 0.0)] * 2
    results += [Result("a", "random", 0.0), Result("random", "a", 1.0)]
    results += [Result("a", "beginner", 0.5), Result("beginner", "a", 0.5)]
    results += [Result("b", "random", 1.0), Result("random", "b", 1.0)]
    fitted = fit(results, anchors={"random": 0.0, "beginner": 400.0})
    a, b = parse_agent("a=engine:./x"), parse_agent("b=engine:./y")
    anchors = [anchor_spec("random", 0.0), anchor_spec("beginner", 400.0)]
    assert next_pair(fitted, [a, b], anchors, Counter()) == ("b", "random")
    assert first_round([a, b], anchors)[:3] == [("a", "random"), ("b", "random"), ("a", "beginner")]


def test_a_pair_that_tells_little_is_not_played_again_and_again() -> None:
    """club has won all its 60 games against casual: its interval stays wide whatever it
    plays, and two more such games tell almost nothing; casual has met beginner twice: the
    next games go there (the calibration of sytran base=6 spent 108 of its 120 games on club
    v casual under the former rule, the widest agent's most even opponent)."""
    results = [Result("club", "casual", 1.0), Result("casual", "club", 0.0)] * 30
    results += [Result("casual", "random", 1.0), Result("random", "casual", 0.0)] * 3
    results += [Result("beginner", "random", 1.0), Result("random", "beginner", 1.0)]
    results += [Result("casual", "beginner", 1.0), Result("beginner", "casual", 0.0)]
    fitted = fit(results, anchors={"random": 0.0})
    levels = [parse_agent(f"{n}=engine:./x") for n in ("beginner", "casual", "club")]
    widest = max(("beginner", "casual", "club"), key=lambda n: fitted.sd[n])
    assert widest == "club"
    pair = next_pair(fitted, levels, [anchor_spec("random", 0.0)], Counter())
    assert "club" not in pair and "beginner" in pair, pair


def test_a_refusing_agent_and_a_crashing_program_lose() -> None:
    """An agent that raises gets a '?' reply from its host: it refused, and loses; a program
    that exits at once (``false``) crashed, and loses (before its first turn)."""
    ladder = Ladder(
        CONNECT4,
        [
            parse_agent(f"python:{AGENTS}:Broken"),
            parse_agent("gone=engine:false"),
            parse_agent(f"python:{AGENTS}:First"),
        ],
        [],
        budget=LadderBudget(seconds=2.0),
        games=6,
    )
    played = ladder.run()["games"]
    for game in played:
        loser = "gone" if "gone" in game["players"] else "Broken"
        assert game["forfeit"] == loser, game
        if loser == "gone":
            assert (
                "gone crashed: 'false' stopped (exit code 1) while answering 'new connect4"
                in (game["reason"])
            )
        else:
            assert (
                "Broken refused: the agent failed: RuntimeError: this agent is broken"
                in (game["reason"])
            )
    assert {tuple(g["players"]) for g in played} >= {("Broken", "First"), ("First", "Broken")}


@pytest.mark.parametrize(
    ("kwargs", "words"),
    [
        ({"games": 3}, "games come in pairs"),
        ({"agents": []}, "no agents"),
        ({"agents": ["x=engine:./a", "x=engine:./b"]}, "two players are named 'x'"),
    ],
)
def test_a_bad_ladder_is_refused_before_any_game(kwargs: dict[str, object], words: str) -> None:
    specs = [parse_agent(t) for t in kwargs.pop("agents", ["engine:./a"])]  # type: ignore[union-attr]
    with pytest.raises(ValueError, match=words):
        Ladder(CONNECT4, specs, [anchor_spec("random", 0.0)], **kwargs)  # type: ignore[arg-type]


def test_a_game_without_pinned_anchors_says_how_to_pin_them(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="shoal ladder sytran base=8 --calibrate"):
        load_anchors(games.REGISTRY.from_mapping("sytran", {"base": "8"}), tmp_path / "none.json")


def test_an_installed_package_names_its_agent_by_an_entry_point(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``[project.entry-points."shoal.agents"] first = "..."`` in a package: ``python:first``."""
    info = tmp_path / "my_agents-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: my-agents\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text("[shoal.agents]\nfirst = tests.ladder.agents:First\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    from tests.ladder.agents import First

    assert load_agent("first") is First
    assert parse_agent("python:first").name == "first"
