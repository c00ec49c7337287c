"""The Swiss pairer: one round by maximum-weight matching (networkx).

Every player still in the event is a node, plus a ``bye`` node when their number is odd;
every two nodes are joined by an edge whose weight says how good that pairing is. A
maximum-cardinality, maximum-weight matching then seats everyone at once, so no
hand-written search with backtracking is needed. The weight is a cost turned into a
gain, and the cost is built in tiers, each tier weighing more than everything below it
could add up to over a whole round, so the matching honours them in order:

1. **A second bye** for a player who already had one (only when nobody else can take it).
2. **A rematch**: two players who have met already (only when no pairing avoids it).
3. **The seat limit**: a pairing where either seat order would leave one player with
   first and second seats differing by more than two (FIDE's limit).
4. **Score groups**: the squared difference of the two scores (in half points), so
   players meet their own score group first and a floater moves to the nearest group;
   the bye goes to the lowest score.
5. **Seat preferences**: two players who both want the same seat.
6. **Order within a group**: the top half of a score group meets the bottom half (the
   first against the first below the middle, as the Dutch system does), and the bye goes
   to the lowest-ranked player of the lowest group.

Seats within a pairing: the player with more second seats so far takes the first; when
equal, the one who had the second seat last time; when that is equal too, the
higher-ranked player gets the seat opposite to the one they had in round one (round one
itself: the higher-ranked takes the first seat on odd boards, the second on even ones).

A late entrant joins with no points and no bye; a withdrawn player is simply not
passed in again (their games stay in the history).

>>> history = SwissHistory.empty(["a", "b", "c", "d"])
>>> rnd = pair_swiss_round(1, ["a", "b", "c", "d"], history)
>>> [p.players for p in rnd.pairings], rnd.bye
([('a', 'c'), ('d', 'b')], None)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from .records import BYE_POINTS, Game, Pairing, Round, TournamentError

__all__ = [
    "EXACT_LIMIT",
    "LOOK_AHEAD",
    "SEAT_LIMIT",
    "SwissHistory",
    "pair_swiss_round",
    "seat_balance",
]

SEAT_LIMIT = 2
"""A player's first and second seats differ by at most this many games (FIDE's limit)."""

_BYE = "\x00bye"  # the bye node: no player name is empty-prefixed like this
_FLOAT = "\x00float"  # the float-down nodes of a bracket


@dataclass
class SwissHistory:
    """What the pairer needs to know of the rounds so far.

    ``ranking`` lists every player ever entered, best first (rating, then entry order):
    it orders players within a score group. ``games`` are the games played (forfeits
    included: they count for points and as a meeting, not for seats), ``byes`` the
    players who had a pairing bye.
    """

    ranking: list[str]
    games: list[Game] = field(default_factory=list)
    byes: list[str] = field(default_factory=list)

    @classmethod
    def empty(cls, ranking: Iterable[str]) -> SwissHistory:
        """A history with no round played yet."""
        return cls(list(ranking))

    def add_round(self, rnd: Round, results: Mapping[tuple[str, str], str]) -> None:
        """Record ``rnd`` with a result for each pairing, keyed by its (first, second)."""
        for pairing in rnd.pairings:
            result = results[pairing.players]
            self.games.append(Game(rnd.number, pairing.first, pairing.second, result))  # type: ignore[arg-type]
        if rnd.bye:
            self.byes.append(rnd.bye)

    def scores(self) -> dict[str, float]:
        """Each player's points: game points plus a point per bye."""
        points = dict.fromkeys(self.ranking, 0.0)
        for game in self.games:
            for player in game.players:
                points[player] = points.get(player, 0.0) + game.points_of(player)
        for player in self.byes:
            points[player] = points.get(player, 0.0) + BYE_POINTS
        return points

    def met(self) -> set[frozenset[str]]:
        """The pairs of players who have met."""
        return {frozenset(game.players) for game in self.games}

    def seats(self, player: str) -> list[int]:
        """``player``'s seats in games played over the board, in order: 0 first, 1 second."""
        return [
            0 if game.first == player else 1
            for game in self.games
            if player in game.players and not game.forfeit
        ]


def seat_balance(seats: Sequence[int]) -> int:
    """First seats minus second seats.

    >>> seat_balance([0, 0, 1])
    1
    """
    return seats.count(0) - seats.count(1)


def _preference(seats: Sequence[int]) -> int:
    """-1: wants the first seat, +1: wants the second, 0: no wish."""
    balance = seat_balance(seats)
    if balance:
        return 1 if balance > 0 else -1
    if seats:
        return -1 if seats[-1] == 1 else 1
    return 0


def _seat_clash(a: Sequence[int], b: Sequence[int]) -> bool:
    """Would either seat order push one of the two past the seat limit?"""
    ba, bb = seat_balance(a), seat_balance(b)
    a_first_ok = ba + 1 <= SEAT_LIMIT and bb - 1 >= -SEAT_LIMIT
    b_first_ok = bb + 1 <= SEAT_LIMIT and ba - 1 >= -SEAT_LIMIT
    return not (a_first_ok or b_first_ok)


def _seat_order(
    a: str, b: str, seats: Mapping[str, Sequence[int]], rank: Mapping[str, int], board: int
) -> Pairing:
    """Who of ``a`` and ``b`` takes the first seat (the rules in the module's text)."""
    sa, sb = seats[a], seats[b]
    ba, bb = seat_balance(sa), seat_balance(sb)
    if ba != bb:
        return Pairing(a, b) if ba < bb else Pairing(b, a)
    last_a = sa[-1] if sa else None
    last_b = sb[-1] if sb else None
    if last_a != last_b and last_a is not None and last_b is not None:
        return Pairing(a, b) if last_a == 1 else Pairing(b, a)
    high, low = (a, b) if rank[a] < rank[b] else (b, a)
    high_seats = seats[high]
    if high_seats:
        return Pairing(high, low) if high_seats[0] == 1 else Pairing(low, high)
    return Pairing(high, low) if board % 2 == 1 else Pairing(low, high)


EXACT_LIMIT = 64
"""Up to this many players a round is one matching of them all; a larger field is paired
score group by score group (see :func:`pair_swiss_round`)."""


class _Costs:
    """The cost of each possible pairing of a round, in the tiers of the module's text."""

    def __init__(self, active: Sequence[str], history: SwissHistory) -> None:
        order = {name: i for i, name in enumerate(history.ranking)}
        for name in active:
            order.setdefault(name, len(order))
        scores = history.scores()
        self.score2 = score2 = {name: round(2 * scores.get(name, 0.0)) for name in active}
        # rank: by score, then by the event's ranking (best first)
        self.ranked = ranked = sorted(active, key=lambda name: (-score2[name], order[name]))
        self.rank = {name: i for i, name in enumerate(ranked)}
        self.groups: dict[int, list[str]] = {}
        for name in ranked:
            self.groups.setdefault(score2[name], []).append(name)
        self.place = {
            name: (i, len(group)) for group in self.groups.values() for i, name in enumerate(group)
        }
        self.seats = {name: history.seats(name) for name in active}
        self.met = history.met()
        self.had_bye = set(history.byes)
        self.n = n = len(active)
        # Each tier's unit outweighs all lower tiers summed over a round (at most n/2 + 1
        # edges): the order-within-a-group cost of an edge is at most n, the squared score
        # difference at most ``max_d``, every other tier 0 or 1 per edge.
        step = 2 * (n + 2)
        max_d = (max(score2.values()) - min(score2.values()) + 1) ** 2
        self.tier6 = 1
        self.tier5 = self.tier6 * n * step
        self.tier4 = self.tier5 * step
        self.tier3 = self.tier4 * max_d * step
        self.tier2 = self.tier3 * step
        self.tier1 = self.tier2 * step
        self.top = self.tier1 * step
        self.lowest = min(score2.values())

    def pairing(self, a: str, b: str) -> int:
        """The cost of ``a`` meeting ``b``."""
        seats, score2 = self.seats, self.score2
        cost = 0
        if frozenset((a, b)) in self.met:
            cost += self.tier2
        if _seat_clash(seats[a], seats[b]):
            cost += self.tier3
        cost += self.tier4 * (score2[a] - score2[b]) ** 2
        pa, pb = _preference(seats[a]), _preference(seats[b])
        if pa and pa == pb:
            cost += self.tier5
        if score2[a] == score2[b]:
            ia, size = self.place[a]
            ib, _ = self.place[b]
            cost += self.tier6 * abs(abs(ia - ib) - size // 2)
        else:
            cost += self.tier6 * self.n  # a floater pairing: order within it matters least
        return cost

    def bye(self, a: str) -> int:
        """The cost of giving ``a`` the bye."""
        cost = self.tier1 if a in self.had_bye else 0
        cost += self.tier4 * (self.score2[a] - self.lowest) ** 2
        return cost + self.tier6 * (self.n - 1 - self.rank[a])

    def float_down(self, a: str, below: int) -> int:
        """The cost of ``a`` leaving their bracket for the group of ``below`` (score2):
        at least the score gap they will meet; the lowest-ranked floats first."""
        return self.tier4 * (self.score2[a] - below) ** 2 + self.tier6 * (self.n - 1 - self.rank[a])

    def breaks(self, pairs: list[tuple[str, str]], bye: str | None) -> int:
        """The pairings' second byes, rematches and seat-limit breaks (the first three tiers)."""
        count = int(bye is not None and bye in self.had_bye)
        for a, b in pairs:
            count += frozenset((a, b)) in self.met
            count += _seat_clash(self.seats[a], self.seats[b])
        return count


def _match(
    players: Sequence[str], costs: _Costs, *, with_bye: bool, floats: int = 0, below: int = 0
) -> tuple[list[tuple[str, str]], str | None, list[str]]:
    """One maximum-weight matching of ``players``: their pairs, the bye (``with_bye`` and an
    odd number), and who floats down (to the group of ``below``) when ``floats`` float
    nodes are offered (they also pair with each other: a float is taken only when it
    costs less than pairing within)."""
    import networkx as nx  # here: a tenth of a second off every server's start

    top = costs.top
    graph = nx.Graph()
    for i, a in enumerate(players):
        for b in players[i + 1 :]:
            graph.add_edge(a, b, weight=top - costs.pairing(a, b))
    if with_bye and len(players) % 2 == 1:
        for a in players:
            graph.add_edge(a, _BYE, weight=top - costs.bye(a))
    sinks = [f"{_FLOAT}{i}" for i in range(floats)]
    for i, sink in enumerate(sinks):
        for a in players:
            graph.add_edge(a, sink, weight=top - costs.float_down(a, below))
        for other in sinks[i + 1 :]:
            graph.add_edge(sink, other, weight=top)
    bye: str | None = None
    pairs: list[tuple[str, str]] = []
    floaters: list[str] = []
    rank = costs.rank
    for a, b in nx.max_weight_matching(graph, maxcardinality=True):
        if a.startswith(_FLOAT) and b.startswith(_FLOAT):
            continue
        if _BYE in (a, b):
            bye = b if a == _BYE else a
        elif a.startswith(_FLOAT) or b.startswith(_FLOAT):
            floaters.append(b if a.startswith(_FLOAT) else a)
        else:
            pairs.append((a, b) if rank[a] < rank[b] else (b, a))
    return pairs, bye, floaters


LOOK_AHEAD = 16
"""How many of the next score group a bracket's window takes in (its best-ranked): the
partners its floaters may meet."""


def _by_brackets(costs: _Costs) -> tuple[list[tuple[str, str]], str | None]:
    """A large field paired score group by score group, from the top, looking one group
    ahead: each window (a group, whoever floated down into it, and the best-ranked
    :data:`LOOK_AHEAD` of the next group) is matched exactly; its pairs with a player of
    the upper part stay, and the players of the next group not taken go on to the next
    window, so who floats down is chosen knowing whom they can meet there. The lowest
    window takes the bye."""
    scores = sorted(costs.groups, reverse=True)
    groups = {score: list(names) for score, names in costs.groups.items()}
    pairs: list[tuple[str, str]] = []
    carry: list[str] = []
    for i, score in enumerate(scores[:-1]):
        upper = carry + groups[score]
        below = groups[scores[i + 1]]
        window = upper + below[:LOOK_AHEAD]
        made, _, _ = _match(window, costs, with_bye=False, floats=len(window) % 2)
        kept = [(a, b) for a, b in made if a in upper or b in upper]
        pairs.extend(kept)
        seated = {name for pair in kept for name in pair}
        carry = [name for name in upper if name not in seated]  # they float down
        groups[scores[i + 1]] = [name for name in below if name not in seated]
    made, bye, _ = _match(carry + groups[scores[-1]], costs, with_bye=True)
    return pairs + made, bye


def pair_swiss_round(number: int, players: Sequence[str], history: SwissHistory) -> Round:
    """Pair round ``number`` among ``players`` (those still in), given ``history``.

    Up to :data:`EXACT_LIMIT` players, one matching of everyone. A larger field (a
    matching's cost grows with the cube of its players: 200 players took 4 to 6 s of
    CPU) is paired bracket by bracket, each score group with the floaters from above
    (:func:`_by_brackets`, tenths of a second); when that leaves a second bye, a
    rematch or a seat-limit break, the one matching of everyone decides instead.

    Raises :class:`TournamentError` with fewer than two players or a name twice.
    """
    active = list(players)
    if len(active) < 2:
        raise TournamentError("a Swiss round needs at least two players")
    if len(set(active)) != len(active):
        raise TournamentError("a player can be paired only once a round")
    costs = _Costs(active, history)
    pairs: list[tuple[str, str]] | None = None
    bye: str | None = None
    if len(active) > EXACT_LIMIT:
        pairs, bye = _by_brackets(costs)
        if costs.breaks(pairs, bye):
            pairs = None
    if pairs is None:
        pairs, bye, _ = _match(costs.ranked, costs, with_bye=True)
    rank = costs.rank
    pairs.sort(key=lambda pair: rank[pair[0]])
    pairings = tuple(
        _seat_order(a, b, costs.seats, rank, board) for board, (a, b) in enumerate(pairs, start=1)
    )
    return Round(number, pairings, bye)
