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

__all__ = ["SEAT_LIMIT", "SwissHistory", "pair_swiss_round", "seat_balance"]

SEAT_LIMIT = 2
"""A player's first and second seats differ by at most this many games (FIDE's limit)."""

_BYE = "\x00bye"  # the bye node: no player name is empty-prefixed like this


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


def pair_swiss_round(number: int, players: Sequence[str], history: SwissHistory) -> Round:
    """Pair round ``number`` among ``players`` (those still in), given ``history``.

    Raises :class:`TournamentError` with fewer than two players or a name twice.
    """
    active = list(players)
    if len(active) < 2:
        raise TournamentError("a Swiss round needs at least two players")
    if len(set(active)) != len(active):
        raise TournamentError("a player can be paired only once a round")
    order = {name: i for i, name in enumerate(history.ranking)}
    for name in active:
        order.setdefault(name, len(order))
    scores = history.scores()
    score2 = {name: round(2 * scores.get(name, 0.0)) for name in active}
    # rank: by score, then by the event's ranking (best first)
    ranked = sorted(active, key=lambda name: (-score2[name], order[name]))
    rank = {name: i for i, name in enumerate(ranked)}
    groups: dict[int, list[str]] = {}
    for name in ranked:
        groups.setdefault(score2[name], []).append(name)
    place = {name: (i, len(group)) for group in groups.values() for i, name in enumerate(group)}
    seats = {name: history.seats(name) for name in active}
    met = history.met()
    had_bye = set(history.byes)

    n = len(active)
    # Each tier's unit outweighs all lower tiers summed over a round (at most n/2 + 1
    # edges): the order-within-a-group cost of an edge is at most n, the squared score
    # difference at most ``max_d``, every other tier 0 or 1 per edge.
    step = 2 * (n + 2)
    max_d = (max(score2.values()) - min(score2.values()) + 1) ** 2
    tier6 = 1
    tier5 = tier6 * n * step
    tier4 = tier5 * step
    tier3 = tier4 * max_d * step
    tier2 = tier3 * step
    tier1 = tier2 * step
    top = tier1 * step

    import networkx as nx  # here: a tenth of a second off every server's start

    graph = nx.Graph()
    for i, a in enumerate(ranked):
        for b in ranked[i + 1 :]:
            cost = 0
            if frozenset((a, b)) in met:
                cost += tier2
            if _seat_clash(seats[a], seats[b]):
                cost += tier3
            cost += tier4 * (score2[a] - score2[b]) ** 2
            pa, pb = _preference(seats[a]), _preference(seats[b])
            if pa and pa == pb:
                cost += tier5
            if score2[a] == score2[b]:
                ia, size = place[a]
                ib, _ = place[b]
                cost += tier6 * abs(abs(ia - ib) - size // 2)
            else:
                cost += tier6 * n  # a floater pairing: order within it matters least
            graph.add_edge(a, b, weight=top - cost)
    if n % 2 == 1:
        lowest = min(score2.values())
        for a in ranked:
            cost = tier1 if a in had_bye else 0
            cost += tier4 * (score2[a] - lowest) ** 2
            cost += tier6 * (n - 1 - rank[a])
            graph.add_edge(a, _BYE, weight=top - cost)
    matching = nx.max_weight_matching(graph, maxcardinality=True)
    bye: str | None = None
    pairs: list[tuple[str, str]] = []
    for a, b in matching:
        if _BYE in (a, b):
            bye = b if a == _BYE else a
        else:
            pairs.append((a, b) if rank[a] < rank[b] else (b, a))
    pairs.sort(key=lambda pair: rank[pair[0]])
    pairings = tuple(
        _seat_order(a, b, seats, rank, board) for board, (a, b) in enumerate(pairs, start=1)
    )
    return Round(number, pairings, bye)
