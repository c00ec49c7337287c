"""The arena: pairing free players by waiting time and score, never the same opponent
twice in a row; points 2/1/0 doubled on a streak."""

from __future__ import annotations

from shoal.pairing.arena import (
    WINDOW,
    Waiting,
    arena_game_points,
    arena_points,
    on_streak,
    pair_arena,
)
from shoal.pairing.simulate import simulate


def test_points_are_two_one_zero_and_double_after_two_wins_in_a_row() -> None:
    """A win 2, a draw 1, a loss 0; after two wins in a row every game scores double
    until one that is not a win (which still scores double)."""
    assert arena_game_points(["win", "draw", "loss"]) == [2, 1, 0]
    assert arena_game_points(["win", "win", "win", "win", "draw", "win"]) == [2, 2, 4, 4, 2, 2]
    assert arena_game_points(["win", "win", "loss", "win"]) == [2, 2, 0, 2]
    assert arena_points(["win", "win", "draw"]) == 6
    assert on_streak(["loss", "win", "win"]) and not on_streak(["win", "loss"])


def test_two_free_players_who_just_met_wait_for_a_third() -> None:
    """Never the same opponent twice in a row: two who just met are not paired again."""
    free = [Waiting("a", 0.0, 0, "b"), Waiting("b", 0.0, 1, "a")]
    assert pair_arena(free, now=5.0) == []
    free.append(Waiting("c", 4.0, 2, "d"))
    pairs = [p.players for p in pair_arena(free, now=5.0)]
    assert len(pairs) == 1 and "c" in pairs[0]


def test_the_longest_waiting_are_paired_first_then_close_ranks() -> None:
    """By waiting time first (the one left over waited least), then by score (rank)."""
    free = [
        Waiting("a", 0.0, 0, None),
        Waiting("b", 0.0, 5, None),
        Waiting("c", 9.0, 1, None),
    ]
    # a and b have waited ten seconds, c one: c waits on although its rank is next to a's
    assert [p.players for p in pair_arena(free, now=10.0)] == [("a", "b")]
    free = [Waiting(name, 0.0, rank, None) for name, rank in zip("abcd", (0, 3, 1, 2))]
    pairs = {frozenset(p.players) for p in pair_arena(free, now=1.0)}
    assert pairs == {frozenset("ac"), frozenset("db")}


def test_everyone_free_is_paired_when_allowed() -> None:
    """As many free players as possible are paired at once."""
    free = [Waiting(f"p{i}", float(i), i, None) for i in range(7)]
    pairs = pair_arena(free, now=10.0)
    assert len(pairs) == 3
    seated = [name for p in pairs for name in p.players]
    assert len(set(seated)) == 6 and "p6" not in seated  # the shortest wait sits out


def test_a_simulated_arena_never_repeats_an_opponent_in_a_row() -> None:
    """Over a simulated hour of six players, nobody meets the same opponent twice running."""
    event = simulate("arena", 6, rounds=60, seed=4)
    last: dict[str, str] = {}
    games = 0
    for moment in event["rounds"]:
        for pairing in moment["pairings"]:
            a, b = pairing["players"]
            assert last.get(a) != b and last.get(b) != a
            last[a], last[b] = b, a
            games += 1
    assert games > 30
    # the points by the rule, counted here: a win 2, a draw 1, a loss 0, doubled after two
    # wins in a row until a game that is not a win (which still counts double)
    outcomes: dict[str, list[str]] = {}
    for moment in event["rounds"]:
        for pairing in moment["pairings"]:
            a, b = pairing["players"]
            if pairing["result"] is None:  # still playing when the arena ended: no points
                continue
            first = {"1-0": "win", "0-1": "loss", "1/2-1/2": "draw"}[pairing["result"]]
            outcomes.setdefault(a, []).append(first)
            outcomes.setdefault(b, []).append({"win": "loss", "loss": "win"}.get(first, first))
    expected = {}
    for player, results in outcomes.items():
        points, in_a_row = 0, 0
        for result in results:
            points += {"win": 2, "draw": 1, "loss": 0}[result] * (2 if in_a_row >= 2 else 1)
            in_a_row = in_a_row + 1 if result == "win" else 0
        expected[player] = points
    standings = event["standings"]
    assert {row["player"]: row["points"] for row in standings} == expected
    assert [row["points"] for row in standings] == sorted(expected.values(), reverse=True)
    assert len(set(expected.values())) > 1  # the standings are not all level


def test_two_free_players_who_have_not_just_met_are_paired_the_longer_wait_first() -> None:
    """Two free players are enough; the one who waited longer takes the first seat, even
    with the worse rank."""
    free = [Waiting("y", 3.0, 0, None), Waiting("x", 0.0, 1, None)]
    assert [p.players for p in pair_arena(free, now=5.0)] == [("x", "y")]


def test_the_last_opponent_of_either_side_is_refused() -> None:
    """Never the opponent of either player's previous game: a's last game was against b,
    although b has played c since."""
    free = [Waiting("a", 0.0, 0, "b"), Waiting("b", 1.0, 1, "c")]
    assert pair_arena(free, now=5.0) == []
    free = [Waiting("a", 0.0, 0, "c"), Waiting("b", 1.0, 1, "a")]
    assert pair_arena(free, now=5.0) == []
    # a may not meet b again but may meet c, who waited less than b: a and c play, b waits
    free = [Waiting("a", 0.0, 0, "b"), Waiting("b", 1.0, 1, None), Waiting("c", 2.0, 2, None)]
    assert [p.players for p in pair_arena(free, now=10.0)] == [("a", "c")]


def test_one_second_more_of_waiting_beats_any_rank_gap() -> None:
    """Waits count first, whatever the ranks: a (rank 0) and c (rank 9) waited a second more
    than b (rank 1), so a meets c; so also when every rank is 0 or 1."""
    free = [Waiting("a", 0.0, 0, None), Waiting("b", 1.0, 1, None), Waiting("c", 0.0, 9, None)]
    assert [p.players for p in pair_arena(free, now=10.0)] == [("a", "c")]
    free = [Waiting("a", 0.0, 0, None), Waiting("b", 0.0, 1, None), Waiting("c", 9.0, 0, None)]
    assert [p.players for p in pair_arena(free, now=10.0)] == [("a", "b")]
    free = [Waiting(name, since, 0, None) for name, since in (("a", 0.0), ("b", 0.0), ("c", 9.0))]
    assert [p.players for p in pair_arena(free, now=10.0)] == [("a", "b")]


def test_the_pairings_come_longest_wait_first_each_with_its_longer_wait_seated_first() -> None:
    """The pairings are listed by their first seat's wait, and in each the player who waited
    longer sits first (names in the other order, so neither follows the alphabet)."""
    free = [
        Waiting("d", 0.0, 0, None),
        Waiting("c", 1.0, 1, "d"),  # c may not meet d, nor b meet d: d meets a
        Waiting("b", 2.0, 2, "d"),
        Waiting("a", 3.0, 3, None),
    ]
    assert [p.players for p in pair_arena(free, now=10.0)] == [("d", "a"), ("c", "b")]


def test_a_crowd_larger_than_a_window_is_paired_in_windows_longest_waits_first() -> None:
    """More free players than arena.WINDOW (the start of an arena of hundreds): everyone is
    paired, once, never with their last opponent; with an odd crowd the one left waiting is
    among the shortest waits."""
    crowd = 2 * WINDOW + 11  # three windows, odd
    # p0 waited longest; each player's last opponent is their neighbour in the list
    free = [
        Waiting(f"p{i}", float(i), i, f"p{i ^ 1}" if (i ^ 1) < crowd else None)
        for i in range(crowd)
    ]
    pairs = pair_arena(free, now=float(crowd) + 1.0)
    seated = [name for pairing in pairs for name in pairing.players]
    assert len(seated) == len(set(seated)) == crowd - 1
    assert all(pairing.second != f"p{int(pairing.first[1:]) ^ 1}" for pairing in pairs)
    (left,) = {w.player for w in free} - set(seated)
    assert int(left[1:]) >= crowd - WINDOW  # from the last window: among the shortest waits
