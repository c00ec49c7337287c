"""Named strength levels and the search players behind them.

A level is a budget: MCTS iterations and a time cap per turn (both multiplied
by the game's ``ai_profile.level_scale``) and an alpha-beta depth (relative to
the profile's ``alphabeta_depth``); beginner and casual also have an error
rate, the share of decisions where they play the move their search rates
lowest in place of its choice, times the profile's ``level_errors`` (0 for
most games, whose levels differ by budget alone). The game's profile picks the
algorithm, and may give a level its own playout cut-off and exploration
(``level_cutoffs``, ``level_exploration``: Sirtet's strong and max, SFIRS's
max), and a proof pre-search before its tree search (``level_presearch``:
Sirtet's max). A turn may take several atomic actions: the player splits the time left
in the turn over the actions it expects to make (it remembers how many its
last turn took).

Besides level names, a player can be given as a spec,
``ALGORITHM[:key=value,...]``, e.g. ``mcts:iterations=500``,
``alphabeta:depth=4,seconds=2`` or ``mcts:seconds=0.5,cutoff=20``. A level
name takes options the same way: ``club:path=pure`` forces the pure-Python
search (``path=native``, the default, uses the compiled fast path where the
game has one), ``club:budget=time`` spends the level's whole time cap on every
turn instead of stopping at its iteration budget (so two paths get the same
time per turn), ``turn_seconds=S`` replaces that cap, and ``decisive=on`` or
``decisive=off`` overrides the profile's choice of decisive moves for the level
(``level_decisive``; ``club:decisive=off`` is the level as it was before them);
``presearch=off`` drops the profile's proof pre-search (``level_presearch``; MCTS levels),
``presearch=DEPTH/NODES`` sets one (``max:presearch=5/4000``: before the tree
search, a forced win within 5 atomic actions, at most 4,000 positions; see
:mod:`shoal.ai.presearch`).

>>> [level.name for level in LEVEL_TABLE]
['beginner', 'casual', 'club', 'strong', 'max']
>>> from shoal.games import get
>>> player = level_player("casual", get("connect4"), seed=3)
>>> player.name
'casual'
"""

from __future__ import annotations

import dataclasses
import random
import time
from collections.abc import Sequence

from shoal.core import Action, Game, InvalidOptionError, State

from .alphabeta import AlphaBeta
from .mcts import MCTS
from .result import SearchResult

__all__ = [
    "DEFAULT_LEVEL",
    "LEVEL_TABLE",
    "Level",
    "SearchPlayer",
    "level_by_name",
    "level_player",
    "make_searcher",
    "spec_player",
]


@dataclasses.dataclass(frozen=True)
class Level:
    """A named strength: budgets at ``level_scale`` 1 and a time cap per turn."""

    name: str
    iterations: int
    """MCTS iterations per action (times the profile's ``level_scale``)."""
    depth_offset: int
    """Alpha-beta depth = profile ``alphabeta_depth`` + this (at least 1)."""
    turn_seconds: float
    """The most time one whole turn may take (times the profile's ``level_scale``)."""
    description: str = ""
    error_rate: float = 0.0
    """The share of decisions given to the search's worst move (times ``level_errors``)."""

    def mcts_iterations(self, game: Game) -> int:
        """The iteration budget for ``game``."""
        return max(1, round(self.iterations * game.ai_profile.level_scale))

    def turn_cap(self, game: Game) -> float:
        """The time cap of one whole turn of ``game``, in seconds."""
        return self.turn_seconds * game.ai_profile.level_scale

    def errors(self, game: Game) -> float:
        """The share of ``game`` decisions this level errs on (0 to 1)."""
        return min(1.0, self.error_rate * game.ai_profile.level_errors)

    def alphabeta_depth(self, game: Game) -> int:
        """The depth budget for ``game``."""
        return max(1, game.ai_profile.alphabeta_depth + self.depth_offset)


LEVEL_TABLE: tuple[Level, ...] = (
    Level(
        "beginner",
        40,
        -2,
        0.15,
        "makes plain mistakes; sees a win or a threat in one",
        error_rate=0.35,
    ),
    Level("casual", 250, -1, 0.4, "a relaxed opponent", error_rate=0.2),
    Level("club", 1500, 0, 0.95, "the default: a fair fight for a regular player"),
    Level("strong", 5000, 1, 2.0, "thinks up to two seconds a turn"),
    Level("max", 20000, 2, 5.0, "the strongest setting; up to five seconds a turn"),
)
"""The named levels, weakest first.

Calibrated in docs/ai.md ("Calibration"). Alpha-beta depths step by one ply
per level: a ply costs Cyclix about four to five times the nodes, so steps of
two put strong and max far beyond their time caps (they all stopped at the
same depth) and left beginner and casual both at depth 1. Iterations grow
about six times per step up to club and then 3.3 and 4 times: on a quiet
machine strong (5,000) and max (20,000) take about 1.2 s and 5 s a Syrtis
turn, and their caps (2 s and 5 s; were 3 s and 8 s with 8,000 and 30,000
iterations) bound a long game's wait. The lower caps (0.15 s and 0.4 s) are
above what 40 and 250 iterations take on a quiet machine; under load, when
every level runs into its cap, they keep each level at least twice the time of
the one below. Error rates (beginner 0.35, casual 0.2; club and above
none) matter only where a game's profile sets ``level_errors`` (Sirtet): there
the first player's edge decides most games between searches of any budget,
so deliberate errors, as in chess engines' skill levels, set the lower levels
apart. An error is the search's lowest-rated move that settles nothing (see
``SearchPlayer``). Club and above never err: the default level must beat
random play, and a level that errs draws many Sirtet games against it (club
with a rate of 0.2 scored 0.85 against random over 100 games). Sirtet's
strong and max are set apart from club by their search settings instead (see
its profile).
"""

DEFAULT_LEVEL = "club"
"""The level used when none is named."""


def level_by_name(name: str) -> Level:
    """The :class:`Level` called ``name`` (raises InvalidOptionError)."""
    for level in LEVEL_TABLE:
        if level.name == name:
            return level
    names = ", ".join(level.name for level in LEVEL_TABLE)
    raise InvalidOptionError(f"unknown level {name!r} (levels: {names})")


class SearchPlayer:
    """A player that asks a searcher for each action, within per-action and per-turn budgets.

    ``last_result`` is the :class:`SearchResult` of its last decision (None
    when the action was forced).
    """

    def __init__(
        self,
        name: str,
        searcher: MCTS | AlphaBeta,
        *,
        iterations: int | None = None,
        depth: int | None = None,
        seconds: float | None = None,
        turn_seconds: float | None = None,
        error_rate: float = 0.0,
        seed: int = 0,
    ) -> None:
        self.name = name
        self.error_rate = error_rate
        self.strayed = False
        """True when the last decision was a deliberate error (see ``error_rate``)."""
        self._errors = random.Random(seed * 7919 + 1)
        self.searcher = searcher
        self.iterations = iterations
        self.depth = depth
        self.seconds = seconds
        self.turn_seconds = turn_seconds
        self.last_result: SearchResult | None = None
        self._turn: tuple[int, int | None] | None = None
        self._turn_start = 0.0
        self._turn_actions = 0
        self._last_turn_actions = 1

    def budget_seconds(self, state: State) -> float | None:
        """The time this action may take: its share of what is left of the turn."""
        now = time.perf_counter()
        turn = (state.turn, state.to_move)
        if turn != self._turn:
            if self._turn is not None and self._turn_actions:
                self._last_turn_actions = self._turn_actions
            self._turn, self._turn_start, self._turn_actions = turn, now, 0
        limits = [s for s in (self.seconds,) if s is not None]
        if self.turn_seconds is not None:
            left = self.turn_seconds - (now - self._turn_start)
            expected = max(1, self._last_turn_actions - self._turn_actions)
            limits.append(max(left / expected, 0.02 * self.turn_seconds))
        return min(limits) if limits else None

    def choose(self, state: State) -> Action:
        """The searcher's best action for ``state`` (a forced action without search)."""
        seconds = self.budget_seconds(state)
        self._turn_actions += 1
        legal = state.legal_actions()
        self.strayed = False
        if len(legal) == 1:
            self.last_result = None
            return legal[0]
        result = self.last_result = self.analyse(state, seconds)
        if self.error_rate and self._errors.random() < self.error_rate:
            error = self._error(state, legal, result)
            if error is not None:
                self.strayed = True
                return error
        return result.action

    def _error(self, state: State, legal: Sequence[Action], result: SearchResult) -> Action | None:
        """The deliberate error: the move the search rates lowest that settles nothing.

        Never a proven result, and never a move after which one action ends the
        game: a Sirtet pass lets the opponent pass back into a drawn ending, so
        errors would otherwise be mostly passes and draws. None when every other
        move is excluded.
        """
        proven = {c.action for c in result.children if c.proven is not None}
        values = {c.action: c.value for c in result.children if c.visits}
        others = [a for a in legal if a not in proven and a != result.action]
        others.sort(key=lambda a: (values.get(a, 0.0), self._errors.random()))
        for action in others:
            after = state.child(action)
            if not any(after.child(a).outcome is not None for a in after.legal_actions()):
                return action
        return None

    def analyse(self, state: State, seconds: float | None = None) -> SearchResult:
        """A search of ``state`` with this player's budgets (``seconds`` overrides the time)."""
        seconds = self.seconds if seconds is None else seconds
        if isinstance(self.searcher, AlphaBeta):
            return self.searcher.search(
                state, depth=self.depth, seconds=seconds, iterations=self.iterations
            )
        return self.searcher.search(state, iterations=self.iterations, seconds=seconds)


def make_searcher(
    game: Game,
    algorithm: str,
    seed: int = 0,
    level: str | None = None,
    native: bool = True,
    decisive: bool | None = None,
    presearch: tuple[int, int] | str | None = "profile",
) -> MCTS | AlphaBeta:
    """A fresh searcher of ``algorithm`` (``"mcts"`` or ``"alphabeta"``) for ``game``.

    With a ``level`` name, MCTS takes that level's playout cut-off and
    exploration from the game's profile (``level_cutoffs``, ``level_exploration``),
    whether it checks for decisive moves (``level_decisive``, unless
    ``decisive`` says) and its proof pre-search (``level_presearch``, unless
    ``presearch`` is ``(depth, max_nodes)`` or None); ``native=False`` keeps
    MCTS on the pure-Python path.
    """
    if algorithm == "mcts":
        profile = game.ai_profile
        if level is None:
            return MCTS(
                game,
                seed=seed,
                native=native,
                decisive=bool(decisive),
                presearch=None if isinstance(presearch, str) else presearch,
            )
        return MCTS(
            game,
            seed=seed,
            playout_cutoff=profile.cutoff_for(level),
            exploration=profile.exploration_for(level),
            decisive=profile.decisive_for(level) if decisive is None else decisive,
            presearch=profile.presearch_for(level) if isinstance(presearch, str) else presearch,
            native=native,
        )
    if algorithm == "alphabeta":
        return AlphaBeta(game, seed=seed, native=native)
    raise InvalidOptionError(f"unknown algorithm {algorithm!r} (mcts or alphabeta)")


_LEVEL_KEYS = {
    "path": ("native", "pure"),
    "budget": ("iterations", "time"),
    "turn_seconds": (),
    "decisive": ("on", "off"),
    "presearch": (),
}


def _presearch_option(spec: str, value: str) -> tuple[int, int] | None:
    """``off`` or ``DEPTH/NODES`` (both at least 1) as a pre-search setting."""
    if value == "off":
        return None
    depth, slash, nodes = value.partition("/")
    try:
        if slash and int(depth) >= 1 and int(nodes) >= 1:
            return int(depth), int(nodes)
    except ValueError:
        pass
    raise InvalidOptionError(
        f"{spec!r}: presearch is off or DEPTH/NODES (e.g. 5/4000), not {value!r}"
    )


def _level_options(spec: str) -> tuple[str, dict[str, str]]:
    """``LEVEL[:key=value,...]`` split into the level name and checked options."""
    name, _, rest = spec.partition(":")
    values: dict[str, str] = {}
    for part in filter(None, (p.strip() for p in rest.split(","))):
        key, eq, value = (x.strip() for x in part.partition("="))
        if not eq or key not in _LEVEL_KEYS:
            raise InvalidOptionError(
                f"{spec!r}: {part!r} is not key=value with a key among {sorted(_LEVEL_KEYS)}"
            )
        allowed = _LEVEL_KEYS[key]
        if allowed and value not in allowed:
            raise InvalidOptionError(f"{spec!r}: {key} is {' or '.join(allowed)}, not {value!r}")
        if key == "turn_seconds":
            try:
                if not float(value) > 0:
                    raise ValueError
            except ValueError:
                raise InvalidOptionError(
                    f"{spec!r}: turn_seconds must be a positive number, not {value!r}"
                ) from None
        if key == "presearch":
            _presearch_option(spec, value)
        values[key] = value
    return name, values


def level_player(spec: str, game: Game, seed: int = 0) -> SearchPlayer:
    """The player of the named level for ``game`` (its profile picks the algorithm).

    ``spec`` is a level name, optionally with options (``club:path=pure``,
    ``club:budget=time,turn_seconds=0.2``; see the module docs).

    >>> from shoal.games import get
    >>> level_player("club:path=pure", get("connect4")).searcher.native
    False
    """
    name, options = _level_options(spec)
    level = level_by_name(name)
    algorithm = game.ai_profile.algorithm
    native = options.get("path", "native") == "native"
    decisive = {"on": True, "off": False}.get(options.get("decisive", ""))
    presearch: tuple[int, int] | str | None = "profile"
    if "presearch" in options:
        presearch = _presearch_option(spec, options["presearch"])
    searcher = make_searcher(
        game, algorithm, seed, level=name, native=native, decisive=decisive, presearch=presearch
    )
    turn_cap = float(options.get("turn_seconds", level.turn_cap(game)))
    budget: dict[str, int] = (
        {"depth": level.alphabeta_depth(game)}
        if algorithm == "alphabeta"
        else {"iterations": level.mcts_iterations(game)}
    )
    if options.get("budget") == "time":
        budget = {"depth": 128} if algorithm == "alphabeta" else {}
    return SearchPlayer(
        spec,
        searcher,
        **budget,
        turn_seconds=turn_cap,
        error_rate=level.errors(game),
        seed=seed,
    )


_SPEC_KEYS = {"iterations", "depth", "seconds", "turn_seconds", "cutoff", "exploration"}


def spec_player(spec: str, game: Game, seed: int = 0) -> SearchPlayer:
    """A player from ``ALGORITHM[:key=value,...]`` (keys: iterations, depth, seconds,
    turn_seconds, cutoff, exploration).

    >>> from shoal.games import get
    >>> spec_player("mcts:iterations=300", get("connect4")).iterations
    300
    """
    algorithm, _, rest = spec.partition(":")
    values: dict[str, str] = {}
    for part in filter(None, (p.strip() for p in rest.split(","))):
        key, eq, value = part.partition("=")
        key = key.strip()
        if not eq or key not in _SPEC_KEYS:
            raise InvalidOptionError(
                f"{spec!r}: {part!r} is not key=value with a key among {sorted(_SPEC_KEYS)}"
            )
        values[key] = value.strip()
    try:
        iterations = int(values["iterations"]) if "iterations" in values else None
        depth = int(values["depth"]) if "depth" in values else None
        seconds = float(values["seconds"]) if "seconds" in values else None
        turn_seconds = float(values["turn_seconds"]) if "turn_seconds" in values else None
        exploration = float(values["exploration"]) if "exploration" in values else None
        cutoff_text = values.get("cutoff")
        cutoff = None if cutoff_text in (None, "none") else int(cutoff_text or 0)
    except ValueError as error:
        raise InvalidOptionError(f"{spec!r}: {error}") from None
    searcher: MCTS | AlphaBeta
    if algorithm == "mcts":
        if "cutoff" in values:
            searcher = MCTS(game, seed=seed, exploration=exploration, playout_cutoff=cutoff)
        else:
            searcher = MCTS(game, seed=seed, exploration=exploration)
        if iterations is None and seconds is None and turn_seconds is None:
            iterations = 1000
    else:
        searcher = make_searcher(game, algorithm, seed)
        if depth is None and seconds is None and turn_seconds is None:
            depth = game.ai_profile.alphabeta_depth
    return SearchPlayer(
        spec,
        searcher,
        iterations=iterations,
        depth=depth,
        seconds=seconds,
        turn_seconds=turn_seconds,
    )
