"""The Swiss pairer: no avoidable rematch, one bye each at most, seats within two,
score groups respected, late joins and withdrawals.

The property tests play whole events with random results (and random late entries and
withdrawals) and check each round the pairer makes against an exhaustive search over
every possible pairing of that round, written here independently of the pairer.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from shoal.pairing import swiss
from shoal.pairing.records import Game, Round, TournamentError
from shoal.pairing.swiss import SwissHistory, pair_swiss_round, seat_balance

BYE = None


def _matchings(players: list[str]) -> Iterator[list[tuple[str, str | None]]]:
    """Every way to pair ``players`` (one left with the bye, ``None``, when odd)."""
    if not players:
        yield []
        return
    if len(players) % 2 == 1:
        for i, sitter in enumerate(players):
            rest = players[:i] + players[i + 1 :]
            for m in _matchings(rest):
                yield [(sitter, BYE), *m]
        return
    first, rest = players[0], players[1:]
    for i, other in enumerate(rest):
        for m in _matchings(rest[:i] + rest[i + 1 :]):
            yield [(first, other), *m]


def _cost(
    matching: list[tuple[str, str | None]], history: SwissHistory
) -> tuple[int, int, int, int]:
    """(second byes, rematches, seat-limit breaks, squared score gaps) of a pairing."""
    scores = history.scores()
    met = history.met()
    lowest = min(round(2 * scores[p]) for pair in matching for p in pair if p is not None)
    byes = rematches = clashes = gaps = 0
    for a, b in matching:
        if b is None:
            byes += a in history.byes
            gaps += (round(2 * scores[a]) - lowest) ** 2
            continue
        rematches += frozenset((a, b)) in met
        ba, bb = seat_balance(history.seats(a)), seat_balance(history.seats(b))
        if not (abs(ba + 1) <= 2 and abs(bb - 1) <= 2) and not (
            abs(bb + 1) <= 2 and abs(ba - 1) <= 2
        ):
            clashes += 1
        gaps += (round(2 * scores[a]) - round(2 * scores[b])) ** 2
    return (byes, rematches, clashes, gaps)


def _as_matching(rnd: Round) -> list[tuple[str, str | None]]:
    pairs: list[tuple[str, str | None]] = [p.players for p in rnd.pairings]
    return [*pairs, (rnd.bye, None)] if rnd.bye else pairs


@st.composite
def events(draw: st.DrawFn, max_players: int = 9) -> tuple[int, int, int]:
    players = draw(st.integers(min_value=3, max_value=max_players))
    rounds = draw(st.integers(min_value=1, max_value=min(players - 1, 6)))
    seed = draw(st.integers(min_value=0, max_value=10**6))
    return players, rounds, seed


def _play(
    players: int, rounds: int, seed: int, *, churn: bool
) -> Iterator[tuple[Round, SwissHistory, list[str]]]:
    """Pair and play an event; yields each round with the history before it."""
    rng = random.Random(seed)
    names = [f"p{i}" for i in range(1, players + 1)]
    active = names[:]
    late: list[str] = []
    if churn and players > 4:
        late = [active.pop() for _ in range(rng.randint(0, 2))]
    history = SwissHistory.empty(names)
    for number in range(1, rounds + 1):
        if churn and late and rng.random() < 0.5:
            active.append(late.pop())
        if churn and len(active) > 3 and rng.random() < 0.2:
            active.remove(rng.choice(active))
        before = SwissHistory(history.ranking[:], history.games[:], history.byes[:])
        rnd = pair_swiss_round(number, active, history)
        yield rnd, before, active[:]
        results = {p.players: rng.choice(["1-0", "0-1", "1/2-1/2"]) for p in rnd.pairings}
        history.add_round(rnd, results)


@settings(max_examples=60, deadline=None)
@given(events(), st.booleans())
def test_each_round_is_the_best_pairing_by_the_rules_in_order(
    event: tuple[int, int, int], churn: bool
) -> None:
    """No avoidable rematch; at most one bye each; seats within two; score groups respected.

    For every round, no other pairing of the same players gives fewer second byes, or as
    few and fewer rematches, or as few of both and fewer seat-limit breaks, or as few of
    all three and a smaller total of squared score gaps (score groups first, floaters to
    the nearest group, the bye to the lowest score).
    """
    for rnd, before, active in _play(*event, churn=churn):
        assert rnd.players() == set(active)
        ours = _cost(_as_matching(rnd), before)
        best = min(_cost(m, before) for m in _matchings(active))
        assert ours == best, (rnd, ours, best)


@settings(max_examples=40, deadline=None)
@given(events(max_players=16), st.booleans())
def test_short_events_never_rematch_never_give_two_byes_and_keep_seats_within_two(
    event: tuple[int, int, int], churn: bool
) -> None:
    """Events of fewer rounds than half the field: no rematch, one bye each at most,
    first and second seats at most two apart for everyone, at every round."""
    players, rounds, seed = event
    rounds = min(rounds, max(1, players // 2 - 1))
    history: SwissHistory | None = None
    for rnd, before, _active in _play(players, rounds, seed, churn=churn):
        met = before.met()
        assert not any(frozenset(p.players) in met for p in rnd.pairings)
        assert rnd.bye is None or rnd.bye not in before.byes
        history = before
        history.add_round(rnd, {p.players: "1-0" for p in rnd.pairings})
        for name in history.ranking:
            assert abs(seat_balance(history.seats(name))) <= 2


def test_round_two_pairs_winners_with_winners_and_losers_with_losers() -> None:
    """Score groups: after round one, the winners meet each other, the losers too."""
    names = [f"p{i}" for i in range(1, 9)]
    history = SwissHistory.empty(names)
    first = pair_swiss_round(1, names, history)
    assert [p.players for p in first.pairings] == [
        ("p1", "p5"),
        ("p6", "p2"),
        ("p3", "p7"),
        ("p8", "p4"),
    ]
    history.add_round(first, {p.players: "1-0" for p in first.pairings})
    winners = {p.first for p in first.pairings}
    second = pair_swiss_round(2, names, history)
    for p in second.pairings:
        assert (p.first in winners) == (p.second in winners)
    # the top half meets the bottom half of each group (winners p1 p3 | p6 p8, losers
    # p2 p4 | p5 p7), and whoever had the second seat takes the first
    assert [p.players for p in second.pairings] == [
        ("p6", "p1"),
        ("p8", "p3"),
        ("p2", "p5"),
        ("p4", "p7"),
    ]


def test_the_bye_goes_to_the_lowest_score_and_never_twice() -> None:
    """The bye goes to the lowest-ranked of the lowest score group, once per player."""
    names = ["a", "b", "c", "d", "e"]
    history = SwissHistory.empty(names)
    byes = []
    for number in range(1, 5):
        rnd = pair_swiss_round(number, names, history)
        scores = history.scores()
        assert rnd.bye is not None
        assert rnd.bye not in history.byes, (number, rnd.bye, history.byes)  # never twice
        # of those who had no bye, the lowest score, and of them the lowest-ranked
        free = [p for p in names if p not in history.byes]
        lowest = min(scores[p] for p in free)
        assert scores[rnd.bye] == lowest, (number, rnd.bye, scores)
        assert rnd.bye == [p for p in free if scores[p] == lowest][-1], (number, scores)
        byes.append(rnd.bye)
        # first seat always wins: the lowest scores are the second seats'
        history.add_round(rnd, {p.players: "1-0" for p in rnd.pairings})
    assert byes[0] == "e"
    assert Counter(byes).most_common(1)[0][1] == 1
    # the games' points and a point per bye, counted by hand from the four rounds (first
    # seats win): a c d b, e bye; b a e d, c bye; a e c b, d bye; d a e c, b bye
    assert history.scores() == {"a": 2.0, "b": 2.0, "c": 2.0, "d": 3.0, "e": 3.0}
    assert [g.round for g in history.games] == [1, 1, 2, 2, 3, 3, 4, 4]


def test_points_count_for_a_player_missing_from_the_ranking() -> None:
    """A game of a player the ranking does not list yet still counts, bye included."""
    history = SwissHistory(["a"], [Game(1, "a", "x", "0-1"), Game(2, "x", "y", "1/2-1/2")])
    history.byes.append("x")
    assert history.scores() == {"a": 0.0, "x": 2.5, "y": 0.5}


def test_the_player_with_more_second_seats_takes_the_first() -> None:
    """Seats: more second seats so far takes the first, before the last seat and the rank
    are asked (a: first, first, second; b: second, second, first; a ranked higher)."""
    games = [
        Game(1, "a", "w", "1/2-1/2"),
        Game(1, "x", "b", "1/2-1/2"),
        Game(2, "a", "y", "1/2-1/2"),
        Game(2, "z", "b", "1/2-1/2"),
        Game(3, "w", "a", "1/2-1/2"),
        Game(3, "b", "x", "1/2-1/2"),
    ]
    history = SwissHistory(["a", "b", "w", "x", "y", "z"], games)
    assert seat_balance(history.seats("a")) == 1 and seat_balance(history.seats("b")) == -1
    rnd = pair_swiss_round(4, ["a", "b"], history)
    assert [p.players for p in rnd.pairings] == [("b", "a")]


def test_a_late_entrant_starts_with_no_points_and_a_withdrawn_player_is_not_paired() -> None:
    """Late joins enter at zero points; withdrawals leave the pairing, keeping their games."""
    names = ["a", "b", "c", "d"]
    history = SwissHistory.empty(names)
    rnd = pair_swiss_round(1, names, history)
    history.add_round(rnd, {p.players: "1-0" for p in rnd.pairings})
    history.ranking.append("e")
    active = ["a", "b", "c", "e"]  # d withdrew, e joined
    rnd2 = pair_swiss_round(2, active, history)
    assert rnd2.players() == set(active)
    assert history.scores()["e"] == 0.0
    assert history.scores()["d"] in (0.0, 1.0)
    assert {frozenset(p.players) for p in rnd2.pairings}.isdisjoint(history.met())


@pytest.mark.parametrize(
    ("players", "words"),
    [
        (["a"], "a Swiss round needs at least two players"),
        (["a", "a", "b"], "a player can be paired only once a round"),
    ],
)
def test_bad_rounds_are_refused(players: list[str], words: str) -> None:
    """Fewer than two players, or a name twice, is refused with a clear error."""
    with pytest.raises(TournamentError) as refused:
        pair_swiss_round(1, players, SwissHistory.empty(players))
    assert str(refused.value) == words


def test_two_players_who_want_the_same_seat_are_kept_apart() -> None:
    """Seat preferences come from the balance first (a and c had more first seats: they
    want the second; b and d the first), the last seat only when balanced: the top half
    against the bottom (a-c, b-d) would give two pairs the same wish, so a-d and b-c."""
    d = "1/2-1/2"
    games = [
        *(Game(1, "a", "o1", d), Game(2, "a", "o2", d), Game(3, "o3", "a", d)),  # a: 0 0 1
        *(Game(1, "c", "o4", d), Game(2, "o5", "c", d), Game(3, "c", "o6", d)),  # c: 0 1 0
        *(Game(1, "o7", "b", d), Game(2, "o8", "b", d), Game(3, "b", "o9", d)),  # b: 1 1 0
        *(Game(1, "p1", "d", d), Game(2, "d", "p2", d), Game(3, "p3", "d", d)),  # d: 1 0 1
    ]
    others = [f"o{i}" for i in range(1, 10)] + ["p1", "p2", "p3"]
    history = SwissHistory(["a", "b", "c", "d", *others], games)
    rnd = pair_swiss_round(4, ["a", "b", "c", "d"], history)
    assert {frozenset(p.players) for p in rnd.pairings} == {
        frozenset("ad"),
        frozenset("bc"),
    }
    assert {p.players for p in rnd.pairings} == {("d", "a"), ("b", "c")}


@settings(max_examples=60, deadline=None)
@given(events(), st.booleans())
def test_score_group_brackets_keep_the_hard_rules_of_the_one_matching(
    event: tuple[int, int, int], churn: bool
) -> None:
    """A large field is paired bracket by bracket (swiss.EXACT_LIMIT): forced on small
    events, every round still has as few second byes, rematches and seat-limit breaks as
    the best pairing the exhaustive search finds (rules 1-4 hold exactly at any size). Its
    squared score gaps (rules 5-7) are the best within each window only, not always the
    whole round's: hypothesis found an event (7 players, 3 rounds, seed 112361, with
    churn) where the brackets' gaps were 9 and the best pairing's 5."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(swiss, "EXACT_LIMIT", 0)
        for rnd, before, active in _play(*event, churn=churn):
            assert rnd.players() == set(active)
            best = min(_cost(m, before) for m in _matchings(active))
            assert _cost(_as_matching(rnd), before)[:3] == best[:3]


def test_a_field_of_ninety_is_paired_by_brackets_within_the_rules() -> None:
    """91 players, 3 rounds (the bracket path): everyone paired once a round, no rematch,
    no second bye, seats within two, and at most one pairing across groups per group."""
    for rnd, before, active in _play(91, 3, 7, churn=False):
        seated = [name for p in rnd.pairings for name in p.players]
        assert sorted([*seated, rnd.bye]) == sorted(active)
        assert len(set(seated)) == len(seated)
        byes, rematches, clashes, _ = _cost(_as_matching(rnd), before)
        assert (byes, rematches, clashes) == (0, 0, 0)
        scores = before.scores()
        apart = sum(scores[p.first] != scores[p.second] for p in rnd.pairings)
        assert apart <= len({scores[n] for n in active})  # one floater a group at most
