"""Round robin schedules by Berger tables: everyone meets everyone, seats balanced.

Players are numbered 1..n in the order given (on the server: by rating, then by
when they joined). With an odd number of players a phantom number n+1 is added and
whoever meets it has the round's bye. Berger's rule for round r (1..m, m = n-1 with
n even): players i and j below n meet when i + j = r + 1 (mod m, residues 1..m), the
smaller number taking the first seat when i + j is odd and the larger when it is even;
the player i with 2i = r + 1 (mod m) meets n, taking the first seat in odd rounds and
the second in even ones. Each player's first and second seats then differ by at most
one game (two with a bye in between).

A double round robin plays the cycle twice, the second time with the seats swapped, so
each pair meets once in each seat order and every player has as many first as second
seats.

>>> [[p.players for p in r.pairings] for r in round_robin(["a", "b", "c", "d"])]
[[('a', 'd'), ('b', 'c')], [('d', 'c'), ('a', 'b')], [('b', 'd'), ('c', 'a')]]
>>> round_robin(["a", "b", "c"])[0].bye
'a'
"""

from __future__ import annotations

from collections.abc import Sequence

from .records import Pairing, Round, TournamentError

__all__ = ["round_robin", "round_robin_rounds"]


def round_robin_rounds(players: int, *, double: bool = False) -> int:
    """How many rounds a (double) round robin of ``players`` takes.

    >>> round_robin_rounds(5), round_robin_rounds(6, double=True)
    (5, 10)
    """
    if players < 2:
        return 0
    single = players - 1 if players % 2 == 0 else players
    return 2 * single if double else single


def _berger_round(n: int, r: int) -> list[tuple[int, int]]:
    """Berger's pairings (first seat, second seat) of round ``r`` for ``n`` numbers (n even)."""
    m = n - 1
    target = (r + 1) % m
    pairs: list[tuple[int, int]] = []
    for i in range(1, n):
        if (2 * i) % m == target:
            pairs.append((i, n) if r % 2 == 1 else (n, i))
    for i in range(1, n):
        for j in range(i + 1, n):
            if (i + j) % m == target:
                pairs.append((i, j) if (i + j) % 2 == 1 else (j, i))
    # the table with n first, then by the smaller number, as printed Berger tables go
    pairs.sort(key=lambda pair: (n not in pair, min(pair)))
    return pairs


def round_robin(players: Sequence[str], *, double: bool = False) -> list[Round]:
    """Every round of a (double) round robin of ``players``, in order.

    Raises :class:`TournamentError` for fewer than two players or a name twice.
    """
    names = list(players)
    if len(names) < 2:
        raise TournamentError("a round robin needs at least two players")
    if len(set(names)) != len(names):
        raise TournamentError("a player can enter a round robin only once")
    n = len(names) + len(names) % 2
    phantom = len(names) + 1  # a number with no player: meeting it is the bye
    single: list[Round] = []
    for r in range(1, n):
        pairings: list[Pairing] = []
        bye: str | None = None
        for a, b in _berger_round(n, r):
            if phantom in (a, b):
                bye = names[(b if a == phantom else a) - 1]
            else:
                pairings.append(Pairing(names[a - 1], names[b - 1]))
        single.append(Round(r, tuple(pairings), bye))
    if not double:
        return single
    second = [
        Round(
            len(single) + rnd.number,
            tuple(Pairing(p.second, p.first) for p in rnd.pairings),
            rnd.bye,
        )
        for rnd in single
    ]
    return single + second
