"""Standings and tiebreaks, computed by hand on small events."""

from __future__ import annotations

import pytest

from shoal.pairing.records import Game, TournamentError
from shoal.pairing.standings import standings


def _line(table, player):  # type: ignore[no-untyped-def]
    return next(line for line in table if line.player == player)


def test_sonneborn_berger_buchholz_cut1_wins_and_bye_by_hand() -> None:
    """Sonneborn-Berger: beaten opponents' points plus half the drawn ones'; Buchholz:
    the opponents' points (a bye adds 0); cut-1: less the smallest term; wins: games won."""
    games = [
        Game(1, "a", "b", "1-0"),
        Game(1, "c", "d", "1/2-1/2"),
        Game(2, "c", "a", "1-0"),
        Game(2, "b", "e", "1/2-1/2"),
        Game(3, "a", "d", "1-0"),
        Game(3, "e", "c", "0-1"),
    ]
    byes = ["e", "d", "b"]  # e in round 1, d in round 2, b in round 3
    table = standings(["a", "b", "c", "d", "e"], games, byes, "swiss")
    # points: a 2, b 0+0.5+1 = 1.5, c 0.5+1+1 = 2.5, d 0.5+1+0 = 1.5, e 1+0.5+0 = 1.5
    assert [(s.player, s.points) for s in table][:2] == [("c", 2.5), ("a", 2.0)]
    a = _line(table, "a")
    # a beat b (1.5) and d (1.5), lost to c
    assert a.tiebreaks["sonneborn_berger"] == 3.0
    assert a.tiebreaks["buchholz"] == 1.5 + 2.5 + 1.5
    assert a.tiebreaks["buchholz_cut1"] == 2.5 + 1.5
    assert a.tiebreaks["wins"] == 2
    b = _line(table, "b")
    # b lost to a (2), drew e (1.5), had a bye (a 0 term, cut first)
    assert b.tiebreaks["sonneborn_berger"] == 0.75
    assert b.tiebreaks["buchholz"] == 3.5
    assert b.tiebreaks["buchholz_cut1"] == 3.5
    assert b.tiebreaks["wins"] == 0
    # b, d and e have 1.5: Swiss order is cut-1, then Buchholz: d (a 2 + c 2.5, bye) = 4.5
    assert [s.player for s in table][2:] == ["d", "e", "b"]


def test_head_to_head_breaks_a_tie_in_a_round_robin() -> None:
    """Head-to-head: points scored against the players with the same points."""
    games = [
        Game(1, "a", "d", "0-1"),
        Game(1, "b", "c", "0-1"),
        Game(2, "d", "c", "1-0"),
        Game(2, "a", "b", "0-1"),
        Game(3, "b", "d", "1/2-1/2"),
        Game(3, "c", "a", "1/2-1/2"),
    ]
    table = standings(["a", "b", "c", "d"], games, [], "round_robin")
    # d 2.5, b 1.5, c 1.5, a 0.5; SB of b: a beaten (0.5) + d drawn (2.5 / 2) = 1.75,
    # SB of c: b beaten (1.5) + a drawn (0.5 / 2) = 1.75; c beat b: c first
    assert [(s.player, s.points, s.rank) for s in table] == [
        ("d", 2.5, 1),
        ("c", 1.5, 2),
        ("b", 1.5, 3),
        ("a", 0.5, 4),
    ]
    assert _line(table, "b").tiebreaks["sonneborn_berger"] == 1.75
    assert _line(table, "c").tiebreaks["sonneborn_berger"] == 1.75
    assert _line(table, "c").tiebreaks["head_to_head"] == 1.0
    assert _line(table, "b").tiebreaks["head_to_head"] == 0.0


def test_equal_lines_share_a_rank_and_unfinished_games_count_nothing() -> None:
    """Players equal on points and every tiebreak share a rank; a game on counts nothing."""
    table = standings(
        ["a", "b", "c"], [Game(1, "a", "b", "1/2-1/2"), Game(2, "b", "c")], [], "swiss"
    )
    assert [(s.player, s.points, s.rank) for s in table] == [
        ("a", 0.5, 1),
        ("b", 0.5, 1),
        ("c", 0.0, 3),
    ]
    # c has no finished game: every tiebreak of c is 0, cut-1 of no terms included (a Swiss
    # line shows all five)
    assert _line(table, "c").tiebreaks == dict.fromkeys(
        ("sonneborn_berger", "buchholz", "buchholz_cut1", "head_to_head", "wins"), 0.0
    )


def test_arena_standings_use_arena_points_in_the_order_games_ended() -> None:
    """An arena ranks by arena points (streaks counted in the order the games ended)."""
    games = [
        Game(1, "a", "b", "1-0", finished_at=1.0),
        Game(2, "a", "c", "1-0", finished_at=2.0),
        Game(3, "a", "b", "1-0", finished_at=3.0),
        Game(3, "c", "d", "1-0", finished_at=2.5),
    ]
    table = standings(["a", "b", "c", "d"], games, [], "arena")
    assert [(s.player, s.points) for s in table][:2] == [("a", 8.0), ("c", 2.0)]


def test_an_unknown_format_is_refused() -> None:
    """A format outside the four is a clear error."""
    with pytest.raises(TournamentError, match="unknown format"):
        standings(["a"], [], [], "knockout")


def test_head_to_head_adds_every_game_between_the_tied_players() -> None:
    """A double round robin where all three end on 2 points: head-to-head adds the points
    of all four games of each (first seat and second), and the lines share rank 1."""
    games = [
        Game(1, "a", "b", "1-0"),
        Game(2, "a", "c", "0-1"),
        Game(3, "b", "c", "1-0"),
        Game(4, "b", "a", "1-0"),
        Game(5, "c", "a", "0-1"),
        Game(6, "c", "b", "1-0"),
    ]
    table = standings(["a", "b", "c"], games, [], "double_round_robin")
    assert [(s.player, s.points, s.rank) for s in table] == [
        ("a", 2.0, 1),
        ("b", 2.0, 1),
        ("c", 2.0, 1),
    ]
    assert [s.tiebreaks["head_to_head"] for s in table] == [2.0, 2.0, 2.0]
    # as the API shows a line: each opponent beaten had 2 points (SB 4); a round robin's
    # tiebreaks only (no Buchholz: everyone meets everyone)
    assert table[0].as_json() == {
        "player": "a",
        "points": 2.0,
        "tiebreaks": {"sonneborn_berger": 4.0, "head_to_head": 2.0, "wins": 2.0},
        "rank": 1,
    }


def test_a_player_with_games_or_a_bye_but_not_in_the_list_still_has_a_line() -> None:
    """The lines are the players listed and anyone else who played or had a bye (their
    points counted from nothing): z won a game, y had a bye, neither was listed."""
    games = [Game(1, "a", "z", "0-1"), Game(2, "b", "a", "1-0")]
    table = standings(["a", "b"], games, ["y"], "swiss")
    # b and z: 1 point, Buchholz 0 (a has 0), one win: equal, rank 1; y: no win, rank 3
    assert [(s.player, s.points, s.rank) for s in table] == [
        ("b", 1.0, 1),
        ("z", 1.0, 1),
        ("y", 1.0, 3),
        ("a", 0.0, 4),
    ]
    assert _line(table, "y").tiebreaks["buchholz"] == 0.0  # the bye's term
    arena = standings(["a"], [Game(1, "a", "z", "0-1", finished_at=1.0)], [], "arena")
    assert [(s.player, s.points) for s in arena] == [("z", 2.0), ("a", 0.0)]


@pytest.mark.parametrize(
    ("fmt", "shown"),
    [
        ("round_robin", ["sonneborn_berger", "head_to_head", "wins"]),
        ("double_round_robin", ["sonneborn_berger", "head_to_head", "wins"]),
        ("swiss", ["buchholz_cut1", "buchholz", "sonneborn_berger", "head_to_head", "wins"]),
        ("arena", ["wins", "sonneborn_berger", "head_to_head"]),
    ],
)
def test_a_line_shows_its_formats_tiebreaks_in_their_order(fmt: str, shown: list[str]) -> None:
    """docs/tournaments.md "Standings and tiebreaks": each format's tiebreaks, no other (no
    Buchholz in a round robin), in the order they break ties."""
    games = [Game(1, "a", "b", "1-0", finished_at=1.0), Game(1, "c", "d", "1/2-1/2")]
    for line in standings(["a", "b", "c", "d"], games, [], fmt):
        assert list(line.tiebreaks) == shown
