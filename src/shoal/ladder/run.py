"""A ladder run: the players' programs, the schedule, the games, the ratings, the results.

:class:`Ladder` starts one program per player (pinned to one core, see
:mod:`shoal.ladder.process`), plays pairs of games (:mod:`shoal.ladder.schedule`) until its
games are spent, and fits Bayesian Elo ratings (:func:`shoal.ratings.bayeselo.fit`) with the
anchors held at their pinned ratings. :meth:`Ladder.run` returns the results as a JSON-ready
dict (the format of docs/ai.md, "The ladder"), which ``shoal ladder`` writes and the site's
``/ladder`` page shows.
"""

from __future__ import annotations

import contextlib
import dataclasses
import datetime
import os
import platform
from collections import Counter
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from shoal.core import Game, options_to_strings
from shoal.ratings.bayeselo import Fit, Result, fit

from .anchors import ladder_key
from .match import LadderGame, play_game
from .schedule import first_round, next_pair
from .seats import AgentSpec, EngineSeat, LadderBudget, Seat

__all__ = ["FORMAT", "Ladder", "default_core"]

FORMAT = "shoal-ladder"
"""The ``format`` field of a results file."""


def default_core() -> int | None:
    """The core the players are pinned to by default: the last one this process may use."""
    if hasattr(os, "sched_getaffinity"):
        return max(os.sched_getaffinity(0))
    return None


@dataclasses.dataclass
class Ladder:
    """A ladder of ``agents`` against ``anchors`` (their ``rating`` pinned) in ``game``.

    ``games`` is the number of games to play (an even number: they come in pairs).
    ``calibrate``: the anchors themselves are rated, the first of them pinned at its rating
    (how ``anchors.json`` is made).
    """

    game: Game
    agents: list[AgentSpec]
    anchors: list[AgentSpec]
    budget: LadderBudget = dataclasses.field(default_factory=LadderBudget)
    games: int = 40
    seed: int = 0
    core: int | None = None
    log_dir: Path | None = None
    command: str = ""
    progress: Callable[[LadderGame, int], None] | None = None

    def __post_init__(self) -> None:
        names = [p.name for p in [*self.agents, *self.anchors]]
        twice = sorted({n for n in names if names.count(n) > 1})
        if twice:
            raise ValueError(f"two players are named {twice[0]!r}: name them (NAME=SPEC)")
        if not self.agents:
            raise ValueError("no agents to rate")
        if len(names) < 2:
            raise ValueError("a ladder needs at least two players")
        if self.games < 2 or self.games % 2:
            raise ValueError(f"games come in pairs: give an even number from 2, not {self.games}")

    @property
    def pinned(self) -> dict[str, float]:
        """The anchors' pinned ratings."""
        return {a.name: float(a.rating or 0.0) for a in self.anchors}

    def run(self) -> dict[str, Any]:
        """Play the ladder's games and rate the players: the results (JSON-ready)."""
        started, load = _now(), _load()
        played: list[LadderGame] = []
        with self._seats() as seats:
            order = first_round(self.agents, self.anchors)
            pairs: Counter[frozenset[str]] = Counter()
            while len(played) + 2 <= self.games:
                if order:
                    a, b = order.pop(0)
                else:
                    a, b = next_pair(self.rate(played), self.agents, self.anchors, pairs)
                pairs[frozenset((a, b))] += 1
                seed = self.seed + len(played) // 2
                for first, second in ((a, b), (b, a)):
                    tags = {"Event": f"shoal ladder {ladder_key(self.game)}"}
                    tags["Round"] = str(len(played) + 1)
                    game = play_game(
                        self.game,
                        (seats[first], seats[second]),
                        seed=seed,
                        budget=self.budget,
                        index=len(played),
                        tags=tags,
                    )
                    played.append(game)
                    if self.progress is not None:
                        self.progress(game, self.games)
        return self.results(played, started, load)

    def rate(self, played: list[LadderGame]) -> Fit:
        """The ratings the games so far give (anchors pinned)."""
        results = [Result(g.players[0], g.players[1], g.score) for g in played]
        return fit(results, anchors=self.pinned or None)

    @contextlib.contextmanager
    def _seats(self) -> Iterator[dict[str, Seat]]:
        seats: dict[str, Seat] = {}
        host = None
        try:
            bots = [spec for spec in self.agents if spec.kind == "bot"]
            if bots:
                from .botseat import BotHost, account_name

                host = BotHost(log_dir=self.log_dir)
                names = {s.name: account_name(s, i) for i, s in enumerate(bots, start=1)}
                host.accounts(list(names.values()))
            for spec in [*self.agents, *self.anchors]:
                log = self.log_dir / f"{_file_name(spec.name)}.log" if self.log_dir else None
                if host is not None and spec.kind == "bot":
                    seats[spec.name] = host.seat(spec, names[spec.name], core=self.core, log=log)
                else:
                    seats[spec.name] = EngineSeat(spec, core=self.core, log=log)
            yield seats
        finally:
            for seat in seats.values():
                seat.close()
            if host is not None:
                host.close()

    def results(
        self, played: list[LadderGame], started: str, load: float | None = None
    ) -> dict[str, Any]:
        """The results file's content."""
        fitted = self.rate(played)
        players: list[dict[str, Any]] = []
        for spec in [*self.agents, *self.anchors]:
            mine = [g for g in played if spec.name in g.players]
            score = [g.score if g.players[0] == spec.name else 1 - g.score for g in mine]
            low, high = fitted.intervals.get(spec.name, (None, None))
            players.append(
                {
                    "name": spec.name,
                    "kind": spec.kind,
                    "spec": spec.spec,
                    "anchor": spec.name in self.pinned,
                    "budget": "pinned level"
                    if spec.anchor
                    else "iterations"
                    if spec.iterations
                    else "time",
                    "rating": _round(fitted.ratings.get(spec.name)),
                    "interval": [_round(low), _round(high)],
                    "games": len(mine),
                    "wins": score.count(1.0),
                    "draws": score.count(0.5),
                    "losses": score.count(0.0),
                    "forfeits": sum(1 for g in mine if g.forfeit == spec.name),
                }
            )
        players.sort(key=lambda p: -float(p["rating"]) if p["rating"] is not None else 1e9)
        return {
            "format": FORMAT,
            "version": 1,
            "key": ladder_key(self.game),
            "game": self.game.id,
            "title": self.game.title,
            "options": options_to_strings(self.game.options),
            "rules_version": self.game.rules_version,
            "budget": self.budget.as_json(),
            "method": {
                "name": "bayeselo",
                "advantage": round(fitted.advantage, 1),
                "drawelo": round(fitted.drawelo, 1),
                "scale": round(fitted.scale, 4),
                "prior": fitted.prior,
                "confidence": fitted.confidence,
                "held": list(fitted.held),
            },
            "players": players,
            "games": [g.as_json() for g in played],
            "started": started,
            "finished": _now(),
            "command": self.command,
            "machine": {
                "system": platform.system(),
                "cores": os.cpu_count(),
                "pinned_core": self.core,
                "python": platform.python_version(),
                # a loaded machine slows a program that is timed by the clock: say so
                "load_start": load,
                "load_end": _load(),
            },
        }


def _load() -> float | None:
    """The one-minute load average (None where the system has none)."""
    return round(os.getloadavg()[0], 2) if hasattr(os, "getloadavg") else None


def _round(value: float | None) -> float | None:
    return None if value is None else round(value, 1)


def _now() -> str:
    return datetime.datetime.now(datetime.UTC).replace(microsecond=0).isoformat()


def _file_name(name: str) -> str:
    return "".join(c if c.isalnum() or c in "-_." else "_" for c in name)
