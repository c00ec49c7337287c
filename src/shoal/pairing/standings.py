"""Standings: points and the tiebreaks Sonneborn-Berger, Buchholz (and cut-1),
head-to-head and number of wins.

Points: a win 1, a draw 1/2, a loss 0, a pairing bye 1 (the callers pass a Swiss's byes;
a round robin's byes are rests: everyone has one per cycle, and as in FIDE's round robins
they score nothing, so a player's points are the points of their games); in an
arena the arena points (2/1/0 with the streak bonus, see :mod:`.arena`). Unfinished
games count for nothing yet. The tiebreaks always use game points (1, 1/2, 0):

* **Sonneborn-Berger**: the points of each opponent beaten, plus half the points of
  each opponent drawn with (over all games against them).
* **Buchholz**: the sum of the opponents' points, one term per game played (a forfeit
  counts, it was paired); a bye adds a term of 0.
* **Buchholz cut-1**: Buchholz less its smallest term (a bye's 0 first).
* **Head-to-head**: the points scored in games against the players with the same points.
* **Wins**: games won, forfeits included, byes not.

The order: points, then per format — round robin: Sonneborn-Berger, head-to-head,
wins; Swiss: Buchholz cut-1, Buchholz, Sonneborn-Berger, head-to-head, wins; arena:
wins, Sonneborn-Berger, head-to-head. A line's ``tiebreaks`` are its format's, in that
order (no Buchholz in a round robin: everyone meets everyone, so the opponents' points
are the same for all but oneself). Players equal on all of them share a rank.

>>> from .records import Game
>>> games = [Game(1, "a", "b", "1-0"), Game(1, "c", "d", "1/2-1/2"), Game(2, "a", "c", "0-1")]
>>> [(s.player, s.points, s.rank) for s in standings(["a", "b", "c", "d"], games, [], "swiss")]
[('c', 1.5, 1), ('a', 1.0, 2), ('d', 0.5, 3), ('b', 0.0, 4)]
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from .arena import arena_points
from .records import BYE_POINTS, Format, Game, TournamentError

__all__ = ["TIEBREAKS", "Standing", "standings"]

TIEBREAKS: dict[str, tuple[str, ...]] = {
    "round_robin": ("sonneborn_berger", "head_to_head", "wins"),
    "double_round_robin": ("sonneborn_berger", "head_to_head", "wins"),
    "swiss": ("buchholz_cut1", "buchholz", "sonneborn_berger", "head_to_head", "wins"),
    "arena": ("wins", "sonneborn_berger", "head_to_head"),
}
"""The tiebreaks of each format, in the order they break ties."""


@dataclass(frozen=True, slots=True)
class Standing:
    """One line of the standings: ``tiebreaks`` maps each tiebreak's name to its value."""

    player: str
    points: float
    tiebreaks: dict[str, float]
    rank: int

    def as_json(self) -> dict[str, object]:
        """The line as the API shows it."""
        return {
            "player": self.player,
            "points": self.points,
            "tiebreaks": dict(self.tiebreaks),
            "rank": self.rank,
        }


def _game_points(
    players: Sequence[str], games: Sequence[Game], byes: Iterable[str]
) -> dict[str, float]:
    points = dict.fromkeys(players, 0.0)
    for game in games:
        if game.result is None:
            continue
        for player in game.players:
            points[player] = points.get(player, 0.0) + game.points_of(player)
    for player in byes:
        points[player] = points.get(player, 0.0) + BYE_POINTS
    return points


def _arena_points(players: Sequence[str], games: Sequence[Game]) -> dict[str, float]:
    outcomes: dict[str, list[str]] = {name: [] for name in players}
    ordered = sorted(
        (g for g in games if g.result is not None), key=lambda g: (g.finished_at, g.round)
    )
    for game in ordered:
        for player in game.players:
            outcome = game.outcome_of(player)
            assert outcome is not None
            outcomes.setdefault(player, []).append(outcome)
    return {name: float(arena_points(seq)) for name, seq in outcomes.items()}


def standings(
    players: Sequence[str], games: Sequence[Game], byes: Iterable[str], format: Format | str
) -> list[Standing]:
    """The standings of ``players`` after ``games`` and ``byes``, best first.

    ``players`` lists everyone entered (withdrawn players included: they keep their
    line); its order breaks the last ties for display only (equal lines share a rank).
    """
    if format not in TIEBREAKS:
        raise TournamentError(f"unknown format {format!r}")
    bye_list = list(byes)
    finished = [g for g in games if g.result is not None]
    game_points = _game_points(players, finished, bye_list)
    points = _arena_points(players, finished) if format == "arena" else game_points
    names = list(dict.fromkeys([*players, *points]))
    terms: dict[str, list[float]] = {name: [] for name in names}
    sb = dict.fromkeys(names, 0.0)
    wins = dict.fromkeys(names, 0.0)
    for game in finished:
        for player in game.players:
            opponent = game.opponent_of(player)
            terms[player].append(game_points[opponent])
            scored = game.points_of(player)
            sb[player] += scored * game_points[opponent]
            if scored == 1.0:
                wins[player] += 1
    for player in bye_list:
        terms.setdefault(player, []).append(0.0)
    h2h = dict.fromkeys(names, 0.0)
    for game in finished:
        a, b = game.players
        if points.get(a) == points.get(b):
            h2h[a] += game.points_of(a)
            h2h[b] += game.points_of(b)
    table: dict[str, dict[str, float]] = {}
    for name in names:
        buchholz = sum(terms[name], 0.0)
        cut = buchholz - min(terms[name]) if terms[name] else 0.0
        table[name] = {
            "sonneborn_berger": sb[name],
            "buchholz": buchholz,
            "buchholz_cut1": cut,
            "head_to_head": h2h[name],
            "wins": wins[name],
        }
    order = TIEBREAKS[format]
    seed = {name: i for i, name in enumerate(names)}

    def key(name: str) -> tuple[float, ...]:
        return (-points[name], *(-table[name][t] for t in order))

    ranked = sorted(names, key=lambda name: (key(name), seed[name]))
    lines: list[Standing] = []
    for i, name in enumerate(ranked):
        rank = lines[-1].rank if lines and key(ranked[i - 1]) == key(name) else i + 1
        shown = {t: table[name][t] for t in order}  # the format's own, in their order
        lines.append(Standing(name, points[name], shown, rank))
    return lines
