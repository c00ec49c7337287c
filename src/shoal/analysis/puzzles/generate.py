"""Puzzles from self-play: positions where the side to move has one proven way to win.

The generator plays self-play games at a level, walks each game back from its
end and asks the :class:`~shoal.ai.prove.Prover` about every position where a turn
begins: a puzzle is a position whose mover forces a win within the game's bound
of atomic actions, has at least two legal actions, and whose winning first
actions (within the bound, and within two actions more than the quickest win)
are at most the game's ``max_accepted`` and at most half the legal actions. It must also
be missed by a weaker level (that level's first choice does not win), unless
``require_miss`` is off. The
solution line is the winner's quickest win against the defender's longest
resistance (:meth:`~shoal.ai.prove.Prover.line`).

Near the end of a game the bound reaches the end itself, so the proof is the
game's certain ending searched to the last action: for Sytran, whose forced
wins lie only there, the puzzle is "the only placement that wins by the final
score".
"""

from __future__ import annotations

import dataclasses
import math
import time
from collections.abc import Callable, Iterator
from typing import Any

from shoal.ai.players import get_player
from shoal.ai.prove import ProofBudgetExceeded, Prover
from shoal.core import Game, State, options_to_strings

__all__ = [
    "SETTINGS",
    "GenerationReport",
    "Puzzle",
    "Settings",
    "examine",
    "generate",
    "settings_for",
]


@dataclasses.dataclass(frozen=True)
class Settings:
    """How far the prover looks for one game."""

    depth: int
    """The bound: the win must be forced within this many atomic actions."""
    window: int
    """Only positions within this many actions of the self-play game's end are examined."""
    max_nodes: int
    """The prover's node budget per position (beyond it the position is skipped)."""
    max_accepted: int = 2
    """The most winning first actions a puzzle may have (all of them are accepted)."""
    theme_share: float = 1.0
    """The largest share of a generated set one theme may take (a varied set)."""
    skip_themes: tuple[str, ...] = ()
    """Themes that make no puzzle (an ending a solver cannot see on the board)."""


SETTINGS: dict[str, Settings] = {
    "syrtis": Settings(depth=5, window=14, max_nodes=30_000),
    "sirtet": Settings(depth=5, window=10, max_nodes=30_000),
    "sytran": Settings(depth=7, window=9, max_nodes=60_000),
    "cyclix": Settings(depth=5, window=12, max_nodes=200_000, theme_share=0.5),
    "sfirs": Settings(
        depth=3, window=24, max_nodes=20_000, max_accepted=3, skip_themes=("turn limit",)
    ),
}
"""Bounds per game id (data; a game without an entry gets :data:`DEFAULT_SETTINGS`)."""

DEFAULT_SETTINGS = Settings(depth=5, window=12, max_nodes=30_000)

WEAKER_LEVELS = ("beginner", "casual")
"""The levels whose first choice is checked; a puzzle must fool at least one."""


def settings_for(game: Game) -> Settings:
    """The bounds for ``game``."""
    return SETTINGS.get(game.id, DEFAULT_SETTINGS)


@dataclasses.dataclass(frozen=True)
class Puzzle:
    """One puzzle as it is shipped (one JSON line of ``puzzles.jsonl``)."""

    id: str
    position: str
    options: dict[str, str]
    winner: int
    solution: list[str]
    accepted_first: list[str]
    theme: str | None
    difficulty: int
    source: str

    def as_dict(self) -> dict[str, Any]:
        """The puzzle as a JSON-ready dict, keys in the shipped order."""
        return dataclasses.asdict(self)


@dataclasses.dataclass
class GenerationReport:
    """What a generation run looked at and kept."""

    games: int = 0
    candidates: int = 0
    kept: int = 0
    no_win: int = 0
    too_many_wins: int = 0
    over_budget: int = 0
    not_missed: int = 0
    theme_full: int = 0
    solver_seconds: float = 0.0

    def text(self) -> str:
        """One line for the terminal."""
        return (
            f"{self.games} self-play games, {self.candidates} candidates examined, "
            f"{self.kept} kept (no forced win {self.no_win}, several wins {self.too_many_wins}, "
            f"over the node budget {self.over_budget}, found by the weaker levels "
            f"{self.not_missed}, theme skipped or full {self.theme_full}); "
            f"solver {self.solver_seconds:.1f} s"
        )


@dataclasses.dataclass(frozen=True)
class Found:
    """A proven candidate before its level check: line, accepted first actions, fooled levels."""

    state: State
    line: list[int]
    accepted: list[int]


def examine(state: State, settings: Settings) -> Found | str:
    """The proven puzzle at ``state``, or why it is none (``"no_win"``, ``"too_many_wins"``...)."""
    seat = state.to_move
    if seat is None or len(state.legal_actions()) < 2:
        return "no_win"
    prover = Prover(seat, max_nodes=settings.max_nodes)
    try:
        distance = prover.distance(state, settings.depth)
        if distance is None:
            return "no_win"
        bound = max(settings.depth, distance + 2)
        accepted = prover.winning_actions(state, bound)
        if len(accepted) > settings.max_accepted or 2 * len(accepted) > len(state.legal_actions()):
            return "too_many_wins"
        line = prover.line(state, distance)
    except ProofBudgetExceeded:
        return "over_budget"
    quickest = [a for a in accepted if a == line[0]] + [a for a in accepted if a != line[0]]
    return Found(state, line, quickest)


def missed_by(found: Found, levels: tuple[str, ...], seed: int) -> list[str]:
    """The levels among ``levels`` whose first choice at the puzzle does not win."""
    out = []
    for level in levels:
        choice = get_player(level, found.state.game, seed=seed).choose(found.state)
        if choice not in found.accepted:
            out.append(level)
    return out


def difficulty(found: Found, missed: list[str]) -> int:
    """A rating estimate: longer lines, wider choices and fooled levels make it harder."""
    state = found.state
    winner_moves = 0
    for action in found.line:
        winner_moves += state.to_move == found.state.to_move
        state = state.child(action)
    width = len(found.state.legal_actions())
    rating = 700 + 180 * (winner_moves - 1) + 60 * math.log2(width)
    rating += 150 * ("beginner" in missed) + 250 * ("casual" in missed)
    rating += 80 * (len(found.line) - 1)
    return int(round(min(2400, max(600, rating)) / 10) * 10)


def self_play(game: Game, level: str, seed: int) -> list[State]:
    """Every state of one self-play game at ``level`` from ``game.initial(seed)``, in order."""
    players = (get_player(level, game, seed=2 * seed), get_player(level, game, seed=2 * seed + 1))
    state: State = game.initial(seed)
    states = [state]
    while state.outcome is None:
        seat = state.to_move
        assert seat is not None
        state = state.apply(players[seat].choose(state))
        states.append(state)
    return states


def candidates(states: list[State], window: int) -> Iterator[State]:
    """Positions where a turn begins, within ``window`` actions of the end, last first."""
    last = len(states) - 1
    for index in range(last - 1, max(-1, last - 1 - window), -1):
        state = states[index]
        if index == 0 or states[index - 1].turn != state.turn:
            yield state


def generate(
    game: Game,
    count: int,
    *,
    level: str = "casual",
    seed: int = 0,
    settings: Settings | None = None,
    per_game: int = 2,
    require_miss: bool = True,
    max_games: int | None = None,
    progress: Callable[[Puzzle, GenerationReport], None] | None = None,
) -> tuple[list[Puzzle], GenerationReport]:
    """``count`` puzzles from self-play games with seeds ``seed``, ``seed + 1``..."""
    settings = settings or settings_for(game)
    report = GenerationReport()
    puzzles: list[Puzzle] = []
    seen: set[str] = set()
    options = options_to_strings(game.options)
    themes: dict[str | None, int] = {}
    theme_cap = max(1, math.ceil(settings.theme_share * count))
    game_seed = seed
    while len(puzzles) < count and (max_games is None or report.games < max_games):
        states = self_play(game, level, game_seed)
        report.games += 1
        from_this_game = 0
        for state in candidates(states, settings.window):
            if from_this_game >= per_game or len(puzzles) >= count:
                break
            position = state.position()
            if position in seen:
                continue
            seen.add(position)
            report.candidates += 1
            started = time.perf_counter()
            found = examine(state, settings)
            report.solver_seconds += time.perf_counter() - started
            if isinstance(found, str):
                setattr(report, found, getattr(report, found) + 1)
                continue
            theme = game.puzzle_theme(found.state, found.line)
            if theme in settings.skip_themes or themes.get(theme, 0) >= theme_cap:
                report.theme_full += 1
                continue
            missed = missed_by(found, WEAKER_LEVELS, seed=game_seed)
            if require_miss and not missed:
                report.not_missed += 1
                continue
            puzzle = _puzzle(
                game, found, theme, missed, options, len(puzzles) + 1, game_seed, level
            )
            puzzles.append(puzzle)
            themes[theme] = themes.get(theme, 0) + 1
            report.kept += 1
            from_this_game += 1
            if progress:
                progress(puzzle, report)
        game_seed += 1
    return puzzles, report


def _puzzle(
    game: Game,
    found: Found,
    theme: str | None,
    missed: list[str],
    options: dict[str, str],
    number: int,
    seed: int,
    level: str,
) -> Puzzle:
    state = found.state
    texts = []
    walk = state
    for action in found.line:
        texts.append(walk.action_text(action))
        walk = walk.child(action)
    assert state.to_move is not None
    return Puzzle(
        id=f"{game.id}-{number:04d}",
        position=state.position(),
        options=options,
        winner=state.to_move,
        solution=texts,
        accepted_first=[state.action_text(a) for a in found.accepted],
        theme=theme,
        difficulty=difficulty(found, missed),
        source=f"selfplay seed {seed} level {level}",
    )
