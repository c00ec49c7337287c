"""Bayesian Elo: ratings with intervals from a set of game results, as Rémi Coulom's BayesElo.

The model (Coulom, "Bayesian Elo Rating", https://www.remi-coulom.fr/Bayesian-Elo/): in a game
between a first player ``i`` (who moves first: seat 0) and a second player ``j``, with
``delta = r_i - r_j`` and ``f(x) = 1 / (1 + 10 ** (-x / 400))``::

    P(first wins)  = f(delta + advantage - drawelo)
    P(second wins) = f(-delta - advantage - drawelo)
    P(draw)        = 1 - the two

``advantage`` is what moving first is worth and ``drawelo`` how drawish the game is; both
are fitted from the results (BayesElo's ``mm 1 1``) or held at a given value (``mm 0 0``,
with BayesElo's defaults 32.8 and 97.3). The prior is BayesElo's: ``prior`` virtual draws
(2 by default) spread over each player's opponents in proportion to the games against
each, half with each player moving first, so a player who won every game still gets a
finite rating. The ratings maximise the posterior; as BayesElo does after ``mm``, they are
then multiplied by ``scale = 4x / (1 + x)**2`` with ``x = 10 ** (-drawelo / 400)``, the
slope of the expected score at equal ratings (so a draw-rich game's ratings read like
Elo differences of scores).

Ratings are relative to the pool's mean (0), or, with ``anchors``, to the anchors, whose
ratings (on the scaled scale) are held fixed. Each interval is ``rating +- z * sd`` with
``sd`` from the inverse of the Hessian of the negative log posterior (BayesElo's
``covariance``), relative to the same reference: an anchored pool's intervals are those of
the difference to the anchors, the others' those of the difference to the pool's mean.

Checked against the published example in tests/ratings/test_bayeselo.py (Kai Laskos,
"EloStat, Bayeselo and Ordo", TalkChess, 24 June 2012).

>>> results = [Result("a", "b", 1.0)] * 6 + [Result("b", "a", 0.0)] * 6
>>> fitted = fit(results + [Result("a", "b", 0.5), Result("b", "a", 0.5)])
>>> fitted.ratings["a"] > 0 > fitted.ratings["b"]
True
>>> round(fitted.ratings["a"] + fitted.ratings["b"], 6)
0.0
"""

from __future__ import annotations

import dataclasses
import math
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence

import numpy as np
from numpy.typing import NDArray

__all__ = [
    "DEFAULT_ADVANTAGE",
    "DEFAULT_DRAWELO",
    "DEFAULT_PRIOR",
    "Fit",
    "Result",
    "expected_score",
    "fit",
    "scale_of",
]

DEFAULT_ADVANTAGE = 32.8
"""BayesElo's default advantage of moving first (its value for chess), in Elo."""

DEFAULT_DRAWELO = 97.3
"""BayesElo's default drawelo (its value for chess)."""

DEFAULT_PRIOR = 2.0
"""BayesElo's default prior: virtual draws per player."""

_LIMIT = 4000.0
"""The largest rating difference to the reference (and a quarter of it for the advantage and
drawelo) the fit considers: far beyond any result's evidence, so only a degenerate fit (a
player with no game against a rated one) stops there."""

_TINY = 1e-300

_K = math.log(10.0) / 400.0
"""The slope of ``f`` at 0 over ``f (1 - f)``: ``f'(x) = _K f(x) (1 - f(x))``."""

Floats = NDArray[np.float64]


@dataclasses.dataclass(frozen=True)
class Result:
    """One game: the player who moved first, the second, and the first's score (1, 1/2, 0)."""

    first: str
    second: str
    score: float

    def __post_init__(self) -> None:
        if self.score not in (0.0, 0.5, 1.0):
            raise ValueError(f"a score is 1, 0.5 or 0, not {self.score!r}")
        if self.first == self.second:
            raise ValueError(f"{self.first!r} cannot play itself")


@dataclasses.dataclass(frozen=True)
class Fit:
    """The fitted ratings (scaled), their intervals, and the model's parameters."""

    ratings: dict[str, float]
    intervals: dict[str, tuple[float, float]]
    """Per player, the ``confidence`` interval (an anchor's is its rating, both ends)."""
    sd: dict[str, float]
    """Per player, the standard deviation of its rating (0 for an anchor)."""
    advantage: float
    drawelo: float
    scale: float
    prior: float
    confidence: float
    anchors: dict[str, float]
    held: tuple[str, ...] = ()
    """The parameters asked to be fitted that the results could not determine (held)."""
    covariance: dict[tuple[str, str], float] = dataclasses.field(default_factory=dict)
    """The ratings' covariance (scaled Elo squared) by pair of players, relative to the same
    reference as the intervals (0 where an anchor is one of the pair)."""

    def expected(self, a: str, b: str) -> float:
        """``a``'s expected score against ``b`` over two games, one moving first in each."""
        delta = (self.ratings[a] - self.ratings[b]) / self.scale
        return 0.5 * (
            expected_score(delta, self.advantage, self.drawelo)
            + 1.0
            - expected_score(-delta, self.advantage, self.drawelo)
        )


def scale_of(drawelo: float) -> float:
    """BayesElo's scale after ``mm``: the slope of the expected score at equal ratings.

    >>> round(scale_of(97.3), 4)
    0.9255
    >>> scale_of(0.0)
    1.0
    """
    x = 10.0 ** (-float(drawelo) / 400.0)
    return float(4.0 * x / ((1.0 + x) ** 2))


def _f(x: Floats) -> Floats:
    result: Floats = 1.0 / (1.0 + np.power(10.0, -x / 400.0))
    return result


def expected_score(delta: float, advantage: float, drawelo: float) -> float:
    """The first player's expected score (win 1, draw 1/2) with an unscaled difference ``delta``.

    >>> round(expected_score(0.0, 0.0, 0.0), 3)
    0.5
    """
    d = np.array([delta], dtype=np.float64)
    win = _f(d + advantage - drawelo)[0]
    loss = _f(-d - advantage - drawelo)[0]
    return float(win + 0.5 * (1.0 - win - loss))


@dataclasses.dataclass
class _Table:
    """The results condensed per (first, second) pair, with the prior's virtual draws."""

    first: NDArray[np.int64]
    second: NDArray[np.int64]
    wins: Floats
    draws: Floats
    losses: Floats


def _condense(results: Sequence[Result], index: Mapping[str, int], prior: float) -> _Table:
    counts: Counter[tuple[int, int, float]] = Counter()
    pair_games: Counter[tuple[int, int]] = Counter()  # unordered pairs, true games
    for r in results:
        i, j = index[r.first], index[r.second]
        counts[(i, j, r.score)] += 1
        pair_games[(min(i, j), max(i, j))] += 1
    rows: dict[tuple[int, int], list[float]] = {}
    for (i, j, score), n in counts.items():
        row = rows.setdefault((i, j), [0.0, 0.0, 0.0])
        row[{1.0: 0, 0.5: 1, 0.0: 2}[score]] += n
    # BayesElo's prior: each player spreads prior/4 virtual draws per colour over its
    # opponents in proportion to the games played against each; both players' shares
    # go to the pair (CCondensedResults::AddPrior)
    played = Counter[int]()
    for (i, j), n in pair_games.items():
        played[i] += n
        played[j] += n
    for (i, j), n in pair_games.items():
        virtual = prior * 0.25 * n * (1.0 / played[i] + 1.0 / played[j])
        for pair in ((i, j), (j, i)):
            rows.setdefault(pair, [0.0, 0.0, 0.0])[1] += virtual
    keys = sorted(rows)
    return _Table(
        np.array([k[0] for k in keys], dtype=np.int64),
        np.array([k[1] for k in keys], dtype=np.int64),
        np.array([rows[k][0] for k in keys]),
        np.array([rows[k][1] for k in keys]),
        np.array([rows[k][2] for k in keys]),
    )


def fit(
    results: Iterable[Result],
    *,
    anchors: Mapping[str, float] | None = None,
    advantage: float | None = None,
    drawelo: float | None = None,
    prior: float = DEFAULT_PRIOR,
    confidence: float = 0.95,
    _held: tuple[str, ...] = (),
) -> Fit:
    """Fit Bayesian Elo ratings to ``results``.

    ``advantage`` and ``drawelo`` None: fitted with the ratings (BayesElo's ``mm 1 1``);
    a number: held at it. ``anchors`` holds some players' ratings fixed (players that
    played no game are left out of the answer; an anchor stays in it). ValueError when
    there is nothing to fit: no game, or a fixed ``drawelo`` below zero.

    When the results cannot determine a parameter to be fitted (a few games where one
    player never lost: the likelihood then grows without end as drawelo does), it is held
    instead (drawelo at BayesElo's default, the advantage at 0) and named in ``held``.
    """
    games = list(results)
    if not games:
        raise ValueError("no games to rate")
    if drawelo is not None and drawelo < 0:
        raise ValueError(f"drawelo {drawelo} is below 0")
    fixed = dict(anchors or {})
    names = sorted({r.first for r in games} | {r.second for r in games})
    index = {name: i for i, name in enumerate(names)}
    table = _condense(games, index, prior)
    n = len(names)
    if fixed:
        free = [i for i, name in enumerate(names) if name not in fixed]
    else:
        free = list(range(1, n))  # the first player is held at 0, then the pool is centred
    base: Floats = np.array([fixed.get(name, 0.0) for name in names])
    if drawelo is None and not _decisive_cycle(games):
        # no player ever beat one who beat them (through any chain): the likelihood grows
        # without end as drawelo does (every decisive game can be made certain), so the
        # results cannot tell drawelo; hold it (found here at once, not at the bound)
        return fit(
            games,
            anchors=anchors,
            advantage=advantage,
            drawelo=DEFAULT_DRAWELO,
            prior=prior,
            confidence=confidence,
            _held=(*_held, "drawelo"),
        )
    fit_adv, fit_draw = advantage is None, drawelo is None
    start = [0.0] * len(free)
    if fit_adv:
        start.append(DEFAULT_ADVANTAGE)
    if fit_draw:
        start.append(DEFAULT_DRAWELO)

    def unpack(x: Floats) -> tuple[Floats, float, float]:
        ratings = base.copy()
        ratings[free] = x[: len(free)]
        k = len(free)
        adv = float(x[k]) if fit_adv else float(advantage or 0.0)
        k += fit_adv
        draw = float(x[k]) if fit_draw else float(drawelo or 0.0)
        return ratings, adv, draw

    n_free = len(free)
    first, second = table.first, table.second

    def objective(x: Floats) -> tuple[float, Floats]:
        """The negative log posterior and its gradient."""
        ratings, adv, draw = unpack(x)
        scale = scale_of(draw)
        delta = (ratings[first] - ratings[second]) / scale
        win = np.maximum(_f(delta + adv - draw), _TINY)
        loss = np.maximum(_f(-delta - adv - draw), _TINY)
        tie = np.maximum(1.0 - win - loss, _TINY)
        total = table.wins * np.log(win) + table.draws * np.log(tie) + table.losses * np.log(loss)
        slope_win, slope_loss = _K * win * (1.0 - win), _K * loss * (1.0 - loss)
        by_u = slope_win * (table.wins / win - table.draws / tie)  # d log-lik / d u
        by_v = slope_loss * (table.losses / loss - table.draws / tie)  # d log-lik / d v
        by_delta = by_u - by_v
        per_rating = (np.bincount(first, by_delta, n) - np.bincount(second, by_delta, n)) / scale
        grad = [per_rating[free]]
        if fit_adv:
            grad.append(np.array([by_delta.sum()]))
        if fit_draw:  # directly, and through the scale that divides every difference
            x10 = 10.0 ** (-draw / 400.0)
            scale_slope = -_K * x10 * 4.0 * (1.0 - x10) / (1.0 + x10) ** 3
            by_draw = -(by_u + by_v) - by_delta * delta * scale_slope / scale
            grad.append(np.array([by_draw.sum()]))
        return float(-total.sum()), -np.concatenate(grad)

    x0: Floats = np.array(start, dtype=np.float64)
    # bounds keep a few games' fit finite: with only wins and draws for the first player,
    # the likelihood alone would send the advantage to infinity
    bounds = [(-_LIMIT, _LIMIT)] * len(free)
    bounds += [(-_LIMIT / 4, _LIMIT / 4)] * fit_adv + [(0.0, _LIMIT / 4)] * fit_draw
    options = {"ftol": 1e-15, "gtol": 1e-10, "maxiter": 10_000}
    # imported here, not at the top: SciPy takes 1-2 s to import, and every `shoal` command
    # (which names this module through the ladder) would pay it
    from scipy.optimize import minimize

    best = minimize(objective, x0, jac=True, method="L-BFGS-B", bounds=bounds, options=options)
    x = np.asarray(best.x, dtype=np.float64)
    ratings, adv, draw = unpack(x)
    edge = 0.9 * _LIMIT / 4  # a draw rate of 99.4% between equals: no game's
    if (fit_draw and draw >= edge) or (fit_adv and abs(adv) >= edge):
        # results; the results cannot tell the parameter (a player never lost, or never won, and
        # nothing else pins it): the likelihood grows without end along a ridge; hold it
        held = (*_held, "drawelo" if fit_draw and draw >= edge else "advantage")
        return fit(
            games,
            anchors=anchors,
            advantage=0.0 if "advantage" in held else advantage,
            drawelo=DEFAULT_DRAWELO if "drawelo" in held else drawelo,
            prior=prior,
            confidence=confidence,
            _held=held,
        )
    cov = _covariance(objective, x)[:n_free, :n_free]
    full = np.zeros((n, n))
    full[np.ix_(free, free)] = cov
    if not fixed:  # relative to the pool's mean
        centre = np.eye(n) - 1.0 / n
        ratings = ratings - ratings.mean()
        full = centre @ full @ centre.T
    from scipy.stats import norm

    z = float(norm.ppf(0.5 + confidence / 2.0))
    sd = np.sqrt(np.maximum(np.diag(full), 0.0))
    out_ratings = {name: float(ratings[i]) for i, name in enumerate(names)}
    out_sd = {name: float(sd[i]) for i, name in enumerate(names)}
    for name, value in fixed.items():  # anchors that played no game
        out_ratings.setdefault(name, float(value))
        out_sd.setdefault(name, 0.0)
    return Fit(
        ratings=out_ratings,
        intervals={
            name: (value - z * out_sd[name], value + z * out_sd[name])
            for name, value in out_ratings.items()
        },
        sd=out_sd,
        advantage=adv,
        drawelo=draw,
        scale=scale_of(draw),
        prior=prior,
        confidence=confidence,
        anchors={name: float(v) for name, v in fixed.items()},
        held=_held,
        covariance={
            (a, b): float(full[i, j]) for i, a in enumerate(names) for j, b in enumerate(names)
        },
    )


def _decisive_cycle(games: Sequence[Result]) -> bool:
    """Whether some player beat a player who (directly or through others) beat them."""
    beaten: dict[str, set[str]] = {}
    for g in games:
        if g.score != 0.5:
            winner, loser = (g.first, g.second) if g.score == 1.0 else (g.second, g.first)
            beaten.setdefault(winner, set()).add(loser)
    state: dict[str, int] = {}  # 1: on the current path, 2: done
    for root in beaten:
        if root in state:
            continue
        stack = [(root, iter(beaten.get(root, ())))]
        state[root] = 1
        while stack:
            node, children = stack[-1]
            child = next(children, None)
            if child is None:
                state[node] = 2
                stack.pop()
            elif state.get(child) == 1:
                return True
            elif child not in state:
                state[child] = 1
                stack.append((child, iter(beaten.get(child, ()))))
    return False


def _covariance(
    objective: Callable[[Floats], tuple[float, Floats]], x: Floats, step: float = 0.01
) -> Floats:
    """The inverse of the Hessian at ``x``: central differences of the gradient."""
    m = len(x)
    hessian: Floats = np.zeros((m, m))
    for a in range(m):
        up, down = x.copy(), x.copy()
        up[a] += step
        down[a] -= step
        hessian[:, a] = (objective(up)[1] - objective(down)[1]) / (2.0 * step)
    return np.asarray(np.linalg.pinv((hessian + hessian.T) / 2.0), dtype=np.float64)
