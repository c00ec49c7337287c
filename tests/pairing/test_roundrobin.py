"""Round robin by Berger tables: everyone meets everyone the right number of times."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from shoal.pairing.records import TournamentError
from shoal.pairing.roundrobin import round_robin, round_robin_rounds

names = st.integers(min_value=2, max_value=24).map(lambda n: [f"p{i}" for i in range(1, n + 1)])


@settings(max_examples=40, deadline=None)
@given(names)
def test_single_round_robin_everyone_meets_everyone_once(players: list[str]) -> None:
    """Round robin, single: every pair of players meets exactly once."""
    rounds = round_robin(players)
    assert len(rounds) == round_robin_rounds(len(players))
    meetings = Counter(frozenset(p.players) for r in rounds for p in r.pairings)
    n = len(players)
    assert len(meetings) == n * (n - 1) // 2
    assert set(meetings.values()) == {1}


@settings(max_examples=40, deadline=None)
@given(names)
def test_every_round_seats_everyone_once_and_odd_fields_give_one_bye_each(
    players: list[str],
) -> None:
    """Each round seats each player once; with an odd number each player has one bye."""
    rounds = round_robin(players)
    for r in rounds:
        seated = [name for p in r.pairings for name in p.players]
        assert len(seated) == len(set(seated))
        assert set(seated) | ({r.bye} if r.bye else set()) == set(players)
        assert (r.bye is not None) == (len(players) % 2 == 1)
    byes = Counter(r.bye for r in rounds if r.bye)
    if len(players) % 2:
        assert byes == Counter(players)


@settings(max_examples=40, deadline=None)
@given(names)
def test_single_round_robin_seats_differ_by_at_most_one_at_the_end_and_two_on_the_way(
    players: list[str],
) -> None:
    """Berger tables balance seats: at most one apart at the end, two at any time."""
    balance = dict.fromkeys(players, 0)
    for r in round_robin(players):
        for p in r.pairings:
            balance[p.first] += 1
            balance[p.second] -= 1
        assert max(abs(b) for b in balance.values()) <= 2
    assert max(abs(b) for b in balance.values()) <= 1


@settings(max_examples=40, deadline=None)
@given(names)
def test_double_round_robin_each_pair_plays_both_seat_orders(players: list[str]) -> None:
    """Double: each pair plays both seat orders, and every player's seats are even."""
    rounds = round_robin(players, double=True)
    assert len(rounds) == round_robin_rounds(len(players), double=True)
    assert [r.number for r in rounds] == list(range(1, len(rounds) + 1))
    ordered = Counter(p.players for r in rounds for p in r.pairings)
    n = len(players)
    assert len(ordered) == n * (n - 1)
    assert set(ordered.values()) == {1}
    balance = Counter[str]()
    for r in rounds:
        for p in r.pairings:
            balance[p.first] += 1
            balance[p.second] -= 1
    assert all(b == 0 for b in balance.values())


def test_berger_table_for_six_is_the_printed_one() -> None:
    """The schedule for six is FIDE's printed Berger table (pairs and seats; boards aside)."""
    table = [{p.players for p in r.pairings} for r in round_robin(["1", "2", "3", "4", "5", "6"])]
    assert table == [
        {("1", "6"), ("2", "5"), ("3", "4")},
        {("6", "4"), ("5", "3"), ("1", "2")},
        {("2", "6"), ("3", "1"), ("4", "5")},
        {("6", "5"), ("1", "4"), ("2", "3")},
        {("3", "6"), ("4", "2"), ("5", "1")},
    ]


def test_the_boards_go_the_last_numbers_pairing_first_then_by_the_smaller_number() -> None:
    """Within a round the boards are listed as Berger tables print them: the pairing of the
    last number (n) first, then by the smaller number of each pairing."""
    table = [[p.players for p in r.pairings] for r in round_robin(["1", "2", "3", "4", "5", "6"])]
    assert table == [
        [("1", "6"), ("2", "5"), ("3", "4")],
        [("6", "4"), ("1", "2"), ("5", "3")],
        [("2", "6"), ("3", "1"), ("4", "5")],
        [("6", "5"), ("1", "4"), ("2", "3")],
        [("3", "6"), ("5", "1"), ("4", "2")],
    ]


def test_a_double_round_robin_of_an_odd_field_gives_each_player_two_byes() -> None:
    """The second cycle repeats the first's byes (each player rests once in each cycle)."""
    rounds = round_robin(["a", "b", "c", "d", "e"], double=True)
    assert [r.bye for r in rounds[5:]] == [r.bye for r in rounds[:5]]
    assert Counter(r.bye for r in rounds) == Counter({name: 2 for name in "abcde"})


def test_the_number_of_rounds() -> None:
    """n - 1 rounds for an even n, n for an odd one, twice as many when double; none for
    fewer than two players."""
    assert [round_robin_rounds(n) for n in range(6)] == [0, 0, 1, 3, 3, 5]
    assert [round_robin_rounds(n, double=True) for n in range(6)] == [0, 0, 2, 6, 6, 10]


@pytest.mark.parametrize(
    ("players", "words"),
    [
        ([], "a round robin needs at least two players"),
        (["a"], "a round robin needs at least two players"),
        (["a", "b", "a"], "a player can enter a round robin only once"),
    ],
)
def test_bad_fields_are_refused(players: list[str], words: str) -> None:
    """Fewer than two players, or a name twice, is refused with a clear error."""
    with pytest.raises(TournamentError) as refused:
        round_robin(players)
    assert str(refused.value) == words
