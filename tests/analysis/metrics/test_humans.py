"""Human data from a real server database (SQLite file and the private PostgreSQL): which
games count, rates by band and speed with Wilson intervals, the flags against the AI."""

from __future__ import annotations

import datetime

import pytest
import sqlalchemy as sa

from shoal.analysis.metrics.humans import disagree, human_rates, load_human_games
from shoal.analysis.metrics.intervals import rate_interval
from shoal.core import InvalidOptionError
from shoal.server.db.migrate import upgrade
from shoal.server.games.tables import GameRow
from shoal.server.ratings.tables import RatedGameRow

X_WINS = [3, 0, 3, 0, 3, 0, 3]  # x: d four times, o: a three times
O_WINS = [0, 3, 1, 3, 0, 3, 2, 3]  # o: d four times


def _game(gid: str, actions: list[int], **columns: object) -> dict[str, object]:
    now = datetime.datetime(2026, 1, 1)
    row: dict[str, object] = {
        "id": gid,
        "game": "connect4",
        "options": {},
        "seed": 0,
        "start": None,
        "mode": "friend",
        "level": None,
        "computer_seat": None,
        "players": ["a", "b"],
        "token_hashes": [None, None],
        "actions": actions,
        "clock": None,
        "ended": None,
        "accounts": None,
        "time_control": None,
        "rated": False,
        "version": len(actions),
        "created": now,
        "updated": now,
    }
    row.update(columns)
    return row


def _fill(url: str) -> None:
    engine = sa.create_engine(url)
    upgrade(engine)
    clock = {"base": 300, "increment": 2, "remaining": [300, 300], "since": 0}
    with engine.begin() as connection:
        connection.execute(
            sa.insert(GameRow.__table__),
            [
                _game("g1", X_WINS, clock=clock, rated=True),  # x wins, rated, live
                _game("g2", O_WINS),  # o wins, correspondence
                _game("g3", [3], ended={"winner": 1, "reason": "x resigned"}),
                _game("g4", X_WINS, mode="computer", computer_seat=1),  # not people
                _game("g5", [3, 0]),  # not over
                _game("g6", [3], ended={"aborted": True, "reason": "aborted"}),
                _game("g7", X_WINS, game="sytran"),  # another game
            ],
        )
        connection.execute(
            sa.insert(RatedGameRow.__table__),
            [
                {
                    "game_id": "g1",
                    "game": "connect4",
                    "speed": "live",
                    "settled": True,
                    "changes": [{"before": 1500}, {"before": 1550}],
                    "created": datetime.datetime(2026, 1, 1),
                }
            ],
        )
    engine.dispose()


def test_counts_finished_games_between_people(db_url: str) -> None:
    _fill(db_url)
    humans = load_human_games(db_url, "connect4")
    assert sorted((h.first_score, h.band, h.speed) for h in humans) == [
        (0.0, "unrated", "correspondence"),  # g2: o won
        (0.0, "unrated", "correspondence"),  # g3: x resigned
        (1.0, "1400-1599", "live"),  # g1: mean rating 1525
    ]


def test_rates_by_band_and_speed(db_url: str) -> None:
    _fill(db_url)
    rows = {(r["band"], r["speed"]): r for r in human_rates(load_human_games(db_url, "connect4"))}
    assert rows[("all", "all")]["games"] == 3
    first = rows[("all", "all")]["first"]
    # Wilson for 1 of 3: centre (1/3 + z²/6) / (1 + z²/3), half z sqrt(2/27 + z²/36) / (1 + z²/3)
    assert first["value"] == pytest.approx(1 / 3)
    assert first["low"] == pytest.approx(0.061492, abs=1e-5)
    assert first["high"] == pytest.approx(0.792345, abs=1e-5)
    assert rows[("unrated", "correspondence")]["first"]["value"] == 0.0
    assert rows[("1400-1599", "live")]["games"] == 1
    assert rows[("all", "live")]["games"] == 1
    assert rows[("all", "all")]["draws"]["value"] == 0.0


def test_flags_where_no_ai_figure_agrees(db_url: str) -> None:
    _fill(db_url)
    humans = load_human_games(db_url, "connect4")
    references = {"club v club": rate_interval(190, 200), "max v max": rate_interval(180, 200)}
    rows = {(r["band"], r["speed"]): r for r in human_rates(humans, references)}
    # people: 0 of 2 first-player wins in unrated correspondence; the AI 90-95%
    assert rows[("unrated", "correspondence")]["flagged"]
    assert rows[("unrated", "correspondence")]["disagrees_with"] == ["club v club", "max v max"]
    # one game won by the first player is consistent with the AI
    assert not rows[("1400-1599", "live")]["flagged"]


def test_disagreement_is_a_two_proportion_test() -> None:
    assert disagree(rate_interval(80, 100), rate_interval(50, 100))
    assert not disagree(rate_interval(55, 100), rate_interval(50, 100))


def test_bad_database_says_so(tmp_path) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(InvalidOptionError, match="no shoal database"):
        load_human_games(f"sqlite:///{tmp_path / 'empty.sqlite3'}", "connect4")
    with pytest.raises(InvalidOptionError, match="unknown game"):
        load_human_games(f"sqlite:///{tmp_path / 'empty.sqlite3'}", "chess")
