"""The Swiss pairer against all six of its rules at once, on histories made to test them.

``test_swiss.py`` plays whole events, where a seat record rarely reaches the seat limit and
two players rarely want the same seat; and its exhaustive search checks the first four
rules. Here each history is drawn directly: seat records walked up to the limit of two,
rematches, byes, forfeits, draws (half points), players missing from the ranking. For each,
every possible pairing of the round is costed by all six rules of ``swiss``'s text, written
again here from that text, and the pairer's round must cost as little as the best, rule by
rule in order; then each board's seats must follow the seat rules.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from shoal.pairing import swiss
from shoal.pairing.records import Game, Round
from shoal.pairing.swiss import SwissHistory, pair_swiss_round

from .test_swiss import BYE, _as_matching, _matchings

LIMIT = 2
RESULTS = ["1-0", "0-1", "1/2-1/2"]


def _history(rng: random.Random) -> tuple[list[str], SwissHistory]:
    """The players of a round and a history drawn for them: 3 to 8 players, some games
    between them (a rematch is possible), some against players since withdrawn, seats kept
    within the limit, a bye or two, a forfeit now and then, and at times a player left out
    of the ranking (a late entrant the event did not rank)."""
    players = [f"p{i}" for i in range(1, rng.randint(3, 8) + 1)]
    balance = dict.fromkeys(players, 0)
    games: list[Game] = []
    ghosts = 0

    def game(first: str, second: str) -> None:
        forfeit = rng.random() < 0.1
        if not forfeit:
            for name, step in ((first, 1), (second, -1)):
                if name in balance:
                    balance[name] += step
        games.append(Game(len(games) + 1, first, second, rng.choice(RESULTS), forfeit))  # type: ignore[arg-type]

    def fits(name: str, step: int) -> bool:
        return name not in balance or abs(balance[name] + step) <= LIMIT

    for _ in range(rng.randint(0, len(players))):
        a, b = rng.sample(players, 2)
        if fits(a, 1) and fits(b, -1):
            game(a, b)
    for name in players:
        for _ in range(rng.randint(0, 4)):
            ghosts += 1
            ghost = f"gone{ghosts}"
            if rng.random() < 0.5 and fits(name, 1):
                game(name, ghost)
            elif fits(name, -1):
                game(ghost, name)
    ranking = players[:]
    rng.shuffle(ranking)
    if rng.random() < 0.3:
        ranking.remove(rng.choice(players))
    ranking += [f"gone{i}" for i in range(1, ghosts + 1)]
    byes = [name for name in players if rng.random() < 0.2]
    entered = players[:]
    rng.shuffle(entered)
    return entered, SwissHistory(ranking, games, byes)


def _points(history: SwissHistory) -> dict[str, float]:
    points: dict[str, float] = {}
    for g in history.games:
        first, second = {"1-0": (1.0, 0.0), "0-1": (0.0, 1.0), "1/2-1/2": (0.5, 0.5)}[g.result]
        points[g.first] = points.get(g.first, 0.0) + first
        points[g.second] = points.get(g.second, 0.0) + second
    for name in history.byes:
        points[name] = points.get(name, 0.0) + 1.0
    return points


class Rules:
    """The six rules of the pairer's text, for one round of ``players`` after ``history``."""

    def __init__(self, players: list[str], history: SwissHistory) -> None:
        points = _points(history)
        self.half = {name: round(2 * points.get(name, 0.0)) for name in players}
        ranked = [name for name in history.ranking if name in players]
        ranked += [name for name in players if name not in ranked]  # unranked: as entered
        # the round's order: score first, then the event's ranking
        self.order = sorted(players, key=lambda name: (-self.half[name], ranked.index(name)))
        self.seats = {
            name: [
                0 if g.first == name else 1
                for g in history.games
                if name in (g.first, g.second) and not g.forfeit
            ]
            for name in players
        }
        self.met = {frozenset((g.first, g.second)) for g in history.games}
        self.byes = set(history.byes)
        self.lowest = min(self.half.values())

    def balance(self, name: str) -> int:
        return self.seats[name].count(0) - self.seats[name].count(1)

    def wants(self, name: str) -> int:
        """-1: the first seat, +1: the second, 0: either (rule 5)."""
        balance, seats = self.balance(name), self.seats[name]
        if balance:
            return 1 if balance > 0 else -1  # more first seats: wants the second
        return (-1 if seats[-1] == 1 else 1) if seats else 0  # the seat not had last

    def clash(self, a: str, b: str) -> bool:
        """Rule 3: either seat order leaves one of them more than two seats off balance."""

        def fine(first: str, second: str) -> bool:
            return abs(self.balance(first) + 1) <= LIMIT and abs(self.balance(second) - 1) <= LIMIT

        return not (fine(a, b) or fine(b, a))

    def place(self, name: str) -> tuple[int, int]:
        """Index within the player's score group (in the round's order) and the group's size."""
        group = [other for other in self.order if self.half[other] == self.half[name]]
        return group.index(name), len(group)

    def cost(self, matching: list[tuple[str, str | None]]) -> tuple[int, ...]:
        """(second byes, rematches, seat-limit breaks, squared score gaps in half points,
        pairs who want the same seat, distance from top half against bottom half)."""
        second_byes = rematches = clashes = gaps = same_wish = order = 0
        n = len(self.order)
        for a, b in matching:
            if b is BYE:
                second_byes += a in self.byes
                gaps += (self.half[a] - self.lowest) ** 2  # the bye to the lowest score
                order += n - 1 - self.order.index(a)  # and to the lowest-ranked there
                continue
            rematches += frozenset((a, b)) in self.met
            clashes += self.clash(a, b)
            gaps += (self.half[a] - self.half[b]) ** 2
            same_wish += self.wants(a) != 0 and self.wants(a) == self.wants(b)
            if self.half[a] == self.half[b]:
                (ia, size), (ib, _) = self.place(a), self.place(b)
                order += abs(
                    abs(ia - ib) - size // 2
                )  # the first against the first below the middle
            else:
                order += n  # a floater's pairing: its order counts least
        return (second_byes, rematches, clashes, gaps, same_wish, order)

    def first_seat(self, a: str, b: str, board: int) -> str:
        """Who of ``a`` and ``b`` takes the first seat on ``board`` (the seat rules)."""
        if self.balance(a) != self.balance(b):  # fewer first seats than the other: the first
            return a if self.balance(a) < self.balance(b) else b
        last_a = self.seats[a][-1] if self.seats[a] else None
        last_b = self.seats[b][-1] if self.seats[b] else None
        if last_a is not None and last_b is not None and last_a != last_b:
            return a if last_a == 1 else b  # the one who had the second seat last time
        high, low = (a, b) if self.order.index(a) < self.order.index(b) else (b, a)
        if self.seats[high]:  # the higher-ranked: the seat opposite to their round one's
            return high if self.seats[high][0] == 1 else low
        return high if board % 2 == 1 else low  # round one: first on odd boards


def _rounds(count: int) -> Iterator[tuple[int, list[str], SwissHistory, Round]]:
    for seed in range(count):
        players, history = _history(random.Random(seed))
        yield seed, players, history, pair_swiss_round(1 + len(history.games), players, history)


def test_each_round_is_the_best_by_all_six_rules_in_order_and_seats_follow_the_seat_rules() -> None:
    """On 300 drawn histories: no pairing of the same players costs less by the rules in
    order (a second bye, a rematch, a seat-limit break, the squared score gaps, two players
    wanting the same seat, the order within a score group and the bye's place); and on each
    board the first seat goes to the player with the lower seat balance, else to the one
    who had the second seat last, else by the higher-ranked player's round one, else by the
    board (the boards in the order of their better-placed player; a bye only for an odd
    number). The drawn histories put every rule to work: for each, some rounds had pairings
    equal by the rules above it that it told apart."""
    decided = [0] * 6  # per rule: rounds where it chose among pairings equal by those above
    for seed, players, history, rnd in _rounds(300):
        rules = Rules(players, history)
        ours = rules.cost(_as_matching(rnd))
        costs = [rules.cost(m) for m in _matchings(players)]
        best = min(costs)
        assert ours == best, (seed, rnd, ours, best)
        for rule in range(6):
            tied = {cost[rule] for cost in costs if cost[:rule] == best[:rule]}
            decided[rule] += len(tied) > 1
        assert (rnd.bye is None) is (len(players) % 2 == 0), (seed, rnd)
        tops = [min(rules.order.index(name) for name in p.players) for p in rnd.pairings]
        assert tops == sorted(tops), (seed, rnd)  # boards in the order of their better player
        for board, pairing in enumerate(rnd.pairings, start=1):
            a, b = pairing.players
            assert pairing.first == rules.first_seat(a, b, board), (seed, board, pairing)
    assert min(decided) >= 50, decided  # the draws put every rule to work (61 at least)


def test_the_seat_limit_is_two_either_way() -> None:
    """Two players whose seat balances are both +2 (or both -2) cannot meet without one of
    them passing the limit; +2 and +1, +2 and -2, or -1 and -2 can. Four players of one score
    group (every game lost) ranked a, c, b, d, so that the order within the group pairs a
    with b, and c and d wanting what a and b want (no pairing is better by the seats'
    wishes): the pairer pairs a with b exactly when the limit allows."""
    cases = {(2, 2): True, (-2, -2): True, (2, 1): False, (2, -2): False, (-1, -2): False}
    for (ba, bb), clash in cases.items():
        others = ba if (ba > 0) == (bb > 0) else 0
        others = others // abs(others) if others else 0
        games: list[Game] = []
        for name, balance in (("a", ba), ("b", bb), ("c", others), ("d", others)):
            for i in range(abs(balance)):
                ghost = f"{name}{i}"
                first, second = (name, ghost) if balance > 0 else (ghost, name)
                games.append(Game(1, first, second, "0-1" if first == name else "1-0"))
        history = SwissHistory(["a", "c", "b", "d"], games)
        rules = Rules(["a", "b", "c", "d"], history)
        assert [rules.balance(n) for n in "abcd"] == [ba, bb, others, others]
        assert set(rules.half.values()) == {0}
        assert rules.clash("a", "b") is clash
        rnd = pair_swiss_round(2, ["a", "b", "c", "d"], history)
        met = frozenset(("a", "b")) in {frozenset(p.players) for p in rnd.pairings}
        assert met is not clash, ((ba, bb), rnd)


def _open_field(rng: random.Random) -> tuple[list[str], SwissHistory]:
    """5 to 10 players after 1 to 4 rounds, each game against someone since withdrawn, seats
    alternating: no rematch and no seat limit within reach, only score groups and wishes."""
    players = [f"p{i}" for i in range(1, rng.randint(5, 10) + 1)]
    games: list[Game] = []
    rounds = rng.randint(1, 4)
    for name in players:
        for number in range(1, rounds + 1):
            gone = f"gone{len(games) + 1}"
            seats = (name, gone) if number % 2 else (gone, name)
            games.append(Game(number, *seats, rng.choice(RESULTS)))  # type: ignore[arg-type]
    ranking = players[:]
    rng.shuffle(ranking)
    return players, SwissHistory(ranking + [f"gone{i}" for i in range(1, len(games) + 1)], games)


def test_brackets_pair_an_open_field_as_well_as_one_matching_by_the_first_five_rules() -> None:
    """A large field is paired score group by score group, from the top, each window with the
    floaters from above and the best of the next group; the lowest window takes the bye.
    Forced on small fields (``EXACT_LIMIT`` 0) with windows that look 1, 2 and 16 players
    ahead: where no rematch and no seat limit is in reach, the brackets' round is as good as
    the best pairing of everyone by the first five rules (only the order within a group,
    rule 6, is the best of each window rather than of the round)."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(swiss, "EXACT_LIMIT", 0)
        for ahead in (1, 2, 16):
            patch.setattr(swiss, "LOOK_AHEAD", ahead)
            for seed in range(200):
                players, history = _open_field(random.Random(seed))
                rnd = pair_swiss_round(5, players, history)
                assert rnd.players() == set(players)
                rules = Rules(players, history)
                ours = rules.cost(_as_matching(rnd))
                best = min(rules.cost(m) for m in _matchings(players))
                assert ours[:5] == best[:5], (ahead, seed, rnd, ours, best)


def test_a_bye_is_a_point_even_for_a_player_without_a_game_or_a_ranking() -> None:
    """A late entrant the ranking does not list, whose first round was a bye: one point,
    as the bye's; the pairer then places them with the one-point players."""
    history = SwissHistory(["a", "b", "c"], [Game(1, "a", "b", "1-0")], ["z"])  # type: ignore[arg-type]
    assert history.scores() == {"a": 1.0, "b": 0.0, "c": 0.0, "z": 1.0}
    rnd = pair_swiss_round(2, ["a", "b", "c", "z"], history)
    assert {frozenset(p.players) for p in rnd.pairings} == {frozenset("az"), frozenset("bc")}


def test_the_seat_limit_outweighs_any_score_gap() -> None:
    """Rule 3 before rule 4, however far apart the scores: a and b (8 points each, five
    first seats and three second: balance +2) cannot meet without passing the limit, so each
    meets one of c and d (no point, balance 0), a gap of 16 half points twice, rather than
    a second pairing of equals."""
    games: list[Game] = []
    for name, result in (("a", "1-0"), ("b", "1-0"), ("c", "0-1"), ("d", "0-1")):
        seats = [0] * 5 + [1] * 3 if name in "ab" else [0, 1] * 4
        for i, seat in enumerate(seats):
            gone = f"{name}{i}"
            won = result == "1-0"
            if seat == 0:
                games.append(Game(i + 1, name, gone, "1-0" if won else "0-1"))
            else:
                games.append(Game(i + 1, gone, name, "0-1" if won else "1-0"))
    history = SwissHistory(["a", "b", "c", "d"], games)
    rules = Rules(["a", "b", "c", "d"], history)
    assert rules.half == {"a": 16, "b": 16, "c": 0, "d": 0}
    assert [rules.balance(name) for name in "abcd"] == [2, 2, 0, 0] and rules.clash("a", "b")
    rnd = pair_swiss_round(9, ["a", "b", "c", "d"], history)
    assert frozenset("ab") not in {frozenset(p.players) for p in rnd.pairings}


def test_a_pairing_that_is_a_rematch_and_passes_the_limit_counts_both() -> None:
    """Rules 2 and 3 add up: a and b (balance +2 each) have met, so meeting again is both a
    rematch and a seat-limit break; a and c have met; a and d, b and c too. Every pairing
    repeats a game; the best repeats one and breaks no limit (a-c, b-d), not a-b with c-d."""
    games: list[Game] = [
        Game(1, first, second, "1/2-1/2", True)  # type: ignore[arg-type]
        for first, second in (("a", "b"), ("a", "c"), ("a", "d"), ("b", "c"))
    ]
    for name in "ab":
        games += [Game(2, name, f"{name}{i}", "1/2-1/2") for i in range(2)]  # type: ignore[arg-type]
    history = SwissHistory(["a", "b", "c", "d"], games)
    rules = Rules(["a", "b", "c", "d"], history)
    assert rules.clash("a", "b") and not rules.clash("b", "d") and not rules.clash("a", "c")
    rnd = pair_swiss_round(3, ["a", "b", "c", "d"], history)
    assert {frozenset(p.players) for p in rnd.pairings} == {frozenset("ac"), frozenset("bd")}
