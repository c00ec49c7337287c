"""Fair play: how often a player's turns were the engine's own choice, and when that is
improbable for their rating (issue 61). Pure functions; the server stores the figures and
runs the test after every rated game (:mod:`shoal.server.fairplay`).

**The figures of a game.** A rated game is reviewed (:func:`shoal.analysis.review.review_record`)
at a fixed budget, the site's strongest setting: an MCTS game with the ``max`` level's
simulations per position (20,000 times the game's ``level_scale``), an alpha-beta game
(Cyclix) at the ``max`` level's depth (the review's ``deep`` level). For each side, the
turns that were a choice (not forced), past its first :data:`SKIP_TURNS` (openings every
player knows), count as *judged*; those equal to the engine's preferred turn as *agreed*. The side's
accuracy is the review's (lichess's curve).

**The test.** Over a player's last :data:`WINDOW` rated games of one game at one speed
(those with at least :data:`MIN_TURNS` judged turns), each game is compared with what the
other players agree at that game's rating: the :data:`REFERENCE_GAMES` games of other
players (engine users and bots left out) whose rating was nearest the game's are fitted with
a robust line of agreement rate against rating (Theil-Sen: the median of the pairwise
slopes), which gives the expected rate ``e`` at the game's rating; the spread of the
reference games around the line (1.4826 times their median absolute residual), less what
the binomial noise of their lengths explains, is the variation between players and games,
``tau**2``. A game of ``n`` judged turns, ``k`` of them agreeing, then adds ``k - n e`` to
the sum of surpluses and ``n e (1 - e) + n**2 tau**2`` to its variance (a short game counts
for little, a long one for much), and the statistic is

    z = sum(k - n e) / sqrt(sum(n e (1 - e) + n**2 tau**2))

The player is reported when ``z >= Z_FLAG``. Both the line and the spread are robust to a
few cheats among the reference games. Under the hypothesis that the player agrees with the
engine like the players of their rating, ``z`` is about standard normal; the rate at which
honest players' windows reach :data:`Z_FLAG`, measured on simulated players, is in
docs/fairplay.md (``shoal fairplay measure``). A report is a signal for a moderator, never
a sanction.

>>> figures = [GameFigure(1500, 20, 6)] * 10
>>> reference = [GameFigure(1500 + i, 20, 6 + i % 3) for i in range(60)]
>>> verdict = test(figures, reference)
>>> verdict.flagged, verdict.games
(False, 10)
>>> test([GameFigure(1500, 20, 18)] * 10, reference).flagged
True
"""

from __future__ import annotations

import dataclasses
import math
import statistics
from collections.abc import Sequence

from shoal.ai.levels import level_by_name
from shoal.core import Seat
from shoal.records.record import Record

from .review import Review, review_record

__all__ = [
    "EDGE",
    "MIN_REFERENCE",
    "MIN_TURNS",
    "REFERENCE_GAMES",
    "SKIP_TURNS",
    "WINDOW",
    "Z_FLAG",
    "Agreement",
    "GameFigure",
    "Verdict",
    "agreement",
    "fit",
    "game_agreement",
    "term",
    "test",
]


SKIP_TURNS = 2
"""Each side's first turns, not judged (openings everyone plays alike)."""

MIN_TURNS = 3
"""A game with fewer judged turns for a side does not count for that side."""

WINDOW = 10
"""The player's last rated games the test looks at."""

REFERENCE_GAMES = 60
"""The other players' games, nearest by rating, the player is compared with."""

MIN_REFERENCE = 30
"""Fewer reference games than this: no test (the site has too few games yet)."""

EDGE = 0.01
"""The expected rate is kept within [EDGE, 1 - EDGE] (a reference that always or never
agrees would make any difference look improbable)."""

Z_FLAG = 4.5
"""The statistic at and above which a player is reported (docs/fairplay.md: the measured
false-positive rate)."""


@dataclasses.dataclass(frozen=True)
class Agreement:
    """One side of one game: turns judged, turns agreeing with the engine, accuracy."""

    seat: Seat
    turns: int
    agreed: int
    accuracy: float


def agreement(review: Review, seat: Seat, skip: int = SKIP_TURNS) -> Agreement:
    """The figures of ``seat`` in a reviewed game."""
    mine = [t for t in review.turns if t.seat == seat and not t.forced][skip:]
    return Agreement(
        seat, len(mine), sum(1 for t in mine if t.engine_choice), review.players[seat].accuracy
    )


def game_agreement(
    record: Record, *, simulations: int | None = None, seed: int = 0
) -> tuple[Agreement, Agreement]:
    """Both sides' figures of ``record`` at the fair-play budget (``simulations`` per position
    overrides it)."""
    game = record.game
    if game.ai_profile.algorithm == "alphabeta" and simulations is None:
        review = review_record(record, level="deep", seed=seed)
    else:
        budget = simulations or level_by_name("max").mcts_iterations(game)
        review = review_record(record, simulations=budget, seed=seed)
    return agreement(review, 0), agreement(review, 1)


@dataclasses.dataclass(frozen=True)
class GameFigure:
    """One side of one rated game for the test: the player's rating before it, and its
    judged and agreed turns."""

    rating: float
    turns: int
    agreed: int

    @property
    def rate(self) -> float:
        """The share of judged turns that agreed with the engine."""
        return self.agreed / self.turns if self.turns else 0.0


@dataclasses.dataclass(frozen=True)
class Verdict:
    """What the test found (``z`` None: not tested, ``why`` says why)."""

    flagged: bool
    z: float | None
    games: int
    rate: float
    reference: float
    spread: float
    reference_games: int
    why: str

    def as_json(self) -> dict[str, float | int | bool | str | None]:
        """The verdict as plain JSON (a report's details, the moderators' page)."""
        return {
            "flagged": self.flagged,
            "z": None if self.z is None else round(self.z, 2),
            "games": self.games,
            "rate": round(self.rate, 3),
            "reference": round(self.reference, 3),
            "spread": round(self.spread, 3),
            "reference_games": self.reference_games,
            "why": self.why,
        }


def fit(games: Sequence[GameFigure], rating: float) -> tuple[float, float]:
    """The expected agreement rate at ``rating`` and the variance between games beyond their
    binomial noise, ``(e, tau2)``, from a robust line (Theil-Sen) through ``games``."""
    slopes = [
        (b.rate - a.rate) / (b.rating - a.rating)
        for i, a in enumerate(games)
        for b in games[i + 1 :]
        if abs(b.rating - a.rating) > 1e-9
    ]
    slope = statistics.median(slopes) if slopes else 0.0
    expected = statistics.median(g.rate - slope * (g.rating - rating) for g in games)
    expected = min(1.0 - EDGE, max(EDGE, expected))
    residuals = [abs(g.rate - expected - slope * (g.rating - rating)) for g in games]
    spread = 1.4826 * statistics.median(residuals)
    noise = statistics.fmean(expected * (1 - expected) / g.turns for g in games)
    return expected, max(0.0, spread * spread - noise)


def term(game: GameFigure, reference: Sequence[GameFigure]) -> tuple[float, float, float]:
    """One game's part of the statistic: its turns agreeing beyond what is expected at its
    rating, the variance of that, and the expected rate (the reference: the other players'
    games, any order; the :data:`REFERENCE_GAMES` nearest the game's rating count)."""
    near = sorted(reference, key=lambda g: abs(g.rating - game.rating))[:REFERENCE_GAMES]
    expected, tau2 = fit(near, game.rating)
    n = game.turns
    return game.agreed - n * expected, n * expected * (1 - expected) + n * n * tau2, expected


def test(
    window: Sequence[GameFigure],
    reference: Sequence[GameFigure],
    *,
    games: int = WINDOW,
    z_flag: float = Z_FLAG,
) -> Verdict:
    """The test of the module's docstring: ``window`` the player's games, newest first (the
    first ``games`` of those with enough turns count), ``reference`` other players' games."""
    mine = [g for g in window if g.turns >= MIN_TURNS][:games]
    others = [g for g in reference if g.turns >= MIN_TURNS]
    turns = sum(g.turns for g in mine)
    rate = sum(g.agreed for g in mine) / turns if turns else 0.0
    if len(mine) < games:
        why = f"{len(mine)} of {games} rated games with {MIN_TURNS} judged turns"
        return Verdict(False, None, len(mine), rate, 0.0, 0.0, len(others), why)
    if len(others) < MIN_REFERENCE:
        why = f"{len(others)} reference games (at least {MIN_REFERENCE})"
        return Verdict(False, None, len(mine), rate, 0.0, 0.0, len(others), why)
    parts = [term(g, others) for g in mine]
    variance = sum(v for _, v, _ in parts)
    expected = sum(g.turns * e for g, (_, _, e) in zip(mine, parts)) / turns
    z = sum(surplus for surplus, _, _ in parts) / math.sqrt(variance)
    flagged = z >= z_flag
    why = "improbable for the rating" if flagged else "within what players of the rating do"
    spread = math.sqrt(variance) / turns
    used = min(len(others), REFERENCE_GAMES)
    return Verdict(flagged, z, len(mine), rate, expected, spread, used, why)
