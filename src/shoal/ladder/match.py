"""One ladder game between two seats, refereed by the harness.

The harness keeps the game's state itself: each turn it asks the player to move for its whole
turn (``genmove``), checks every action against the rules, and tells the other player. A
player loses the game at once when its turn takes longer than its limit
(:meth:`~shoal.ladder.seats.LadderBudget.limit`), when it crashes or refuses, when it plays an
action that is not legal, or when its reply does not finish its turn; the record then ends
with that result and the reason in words. A game the rules have not ended after the game's
``max_game_length`` actions is a draw ("move limit").
"""

from __future__ import annotations

import dataclasses
import datetime
import functools
from collections.abc import Callable
from typing import Any, TypeVar

from shoal.core import Action, Game, ShoalError
from shoal.engine.process import EngineCrashed, EngineRefused
from shoal.records import Ending, Record, result_token

from .process import OverBudget
from .seats import LadderBudget, Seat

__all__ = ["LadderGame", "play_game"]

T = TypeVar("T")


@dataclasses.dataclass(frozen=True)
class LadderGame:
    """A finished ladder game: who sat where, the set-up seed, the result and its record."""

    index: int
    players: tuple[str, str]
    seed: int
    result: str
    reason: str
    actions: int
    forfeit: str | None
    """The player who lost by the ladder's rules (time, crash, illegal action), else None."""
    longest: tuple[float, float]
    """Each seat's longest turn, in seconds of wall time."""
    cpu: tuple[float | None, float | None]
    """Each seat's CPU time over its turns (None: not measurable on this system)."""
    record: str

    @property
    def score(self) -> float:
        """Seat 0's score: 1, 1/2 or 0."""
        return {"1-0": 1.0, "0-1": 0.0}.get(self.result, 0.5)

    def as_json(self) -> dict[str, Any]:
        """The game as the results' JSON has it."""
        return {
            "index": self.index,
            "players": list(self.players),
            "seed": self.seed,
            "result": self.result,
            "reason": self.reason,
            "actions": self.actions,
            "forfeit": self.forfeit,
            "longest_turn": [round(t, 4) for t in self.longest],
            "cpu_seconds": [None if c is None else round(c, 3) for c in self.cpu],
            "record": self.record,
        }


class _Lost(Exception):
    """The seat ``seat`` loses the game for ``reason``."""

    def __init__(self, seat: int, reason: str) -> None:
        super().__init__(reason)
        self.seat = seat
        self.reason = reason


def play_game(
    game: Game,
    seats: tuple[Seat, Seat],
    *,
    seed: int,
    budget: LadderBudget,
    index: int = 0,
    tags: dict[str, str] | None = None,
) -> LadderGame:
    """Play one game, ``seats[0]`` moving first, from set-up ``seed``."""
    names = (seats[0].spec.name, seats[1].spec.name)
    state = game.initial(seed)
    actions: list[Action] = []
    longest = [0.0, 0.0]
    cpu: list[float | None] = [0.0, 0.0]
    ending: Ending | None = None
    forfeit: str | None = None
    try:
        for number, seat in enumerate(seats):
            _guard(seat, number, functools.partial(seat.new_game, game, seed, number))
        while state.outcome is None and len(actions) < game.max_game_length:
            mover = state.to_move
            assert mover is not None
            seat = seats[mover]
            answer = _guard(seat, mover, functools.partial(seat.move, budget))
            longest[mover] = max(longest[mover], answer.wall)
            spent = cpu[mover]
            cpu[mover] = None if spent is None or answer.cpu is None else spent + answer.cpu
            texts = [t.strip() for t in answer.body.splitlines() if t.strip()]
            turn = state.turn
            for text in texts:
                if state.outcome is not None or state.turn != turn:
                    raise _Lost(mover, f"{names[mover]} played {text!r} after its turn ended")
                try:
                    action = state.parse_action(text)
                except ShoalError as error:
                    raise _Lost(
                        mover, f"{names[mover]} played an illegal action: {error}"
                    ) from None
                state = state.apply(action)
                actions.append(action)
            if state.outcome is None and state.turn == turn:
                raise _Lost(mover, f"{names[mover]} did not finish its turn")
            other = 1 - mover
            _guard(seats[other], other, functools.partial(seats[other].tell, texts))
    except _Lost as lost:
        forfeit = names[lost.seat]
        ending = Ending("0-1" if lost.seat == 0 else "1-0", lost.reason)
    if ending is None and state.outcome is None:
        ending = Ending("1/2-1/2", "move limit")
    record = Record.from_actions(
        game,
        actions,
        seed=seed,
        players=names,
        date=datetime.date.today().strftime("%Y.%m.%d"),
    )
    record = dataclasses.replace(record, ending=ending, extra_tags=dict(tags or {}))
    result, reason = record.result()
    return LadderGame(
        index=index,
        players=names,
        seed=seed,
        result=result if state.outcome is None else result_token(state.outcome),
        reason=reason or "",
        actions=len(actions),
        forfeit=forfeit,
        longest=(longest[0], longest[1]),
        cpu=(cpu[0], cpu[1]),
        record=record.to_text(),
    )


def _guard(seat: Seat, number: int, call: Callable[[], T]) -> T:
    """``call()``, with a player's failure turned into its loss (its program made ready for
    the next game)."""
    name = seat.spec.name
    try:
        return call()
    except OverBudget as error:
        reason = f"{name} ran over its time ({error.elapsed:.2f} s, limit {error.limit:.2f} s)"
    except EngineCrashed as error:
        reason = f"{name} crashed: {error}"
    except EngineRefused as error:  # the program is fine (a refusal changes nothing)
        raise _Lost(number, f"{name} refused: {error}") from None
    seat.forfeit()  # mid-reply or stopped: started afresh for the next game
    raise _Lost(number, reason)
