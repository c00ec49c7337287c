"""One turn model for every interface: a game's atomic actions from a start state, in turns.

A turn may take several atomic actions (Sytran stones, Sirtet harvest steps,
SFIRS chains, Syrtis set-up decisions). A turn ends between two actions
exactly where the state's completed-turn counter changes, or where the game
ends (:func:`ends_turn`); the seat alone cannot tell, since one seat may make
two turns in a row. :class:`History` keeps the actions, every state along the
way and where each turn starts, so that records, the engine protocol,
self-play, the terminal and the server split turns and undo the same way.

>>> from shoal.games import get
>>> history = History(get("sytran").initial())
>>> len(history.play_text("j10"))  # White: one stone on ring 1 ends the turn
1
>>> len(history.play_text("f6"))   # Black: a ring-5 stone; more stones may follow
1
>>> history.in_turn, history.state.to_move
(True, 1)
>>> [(t.number, t.seat, t.text(), t.complete) for t in history.turns()]
[(1, 0, 'j10', True), (2, 1, 'f6', False)]
>>> history.undo_turn()            # back to the start of Black's turn
1
>>> len(history), history.in_turn, history.state.to_move
(1, False, 1)
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Sequence

from .errors import ShoalError
from .outcome import Action, Seat
from .state import State

__all__ = ["History", "Turn", "ends_turn", "split_turns"]


def ends_turn(before: State, after: State) -> bool:
    """True when ``after`` (reached by actions from ``before``) lies past the end of a turn.

    A turn ends where the completed-turn counter changes, or where the game ends.
    ``before`` must be the state at the start of the turn (or any state inside it).
    """
    return after.turn != before.turn or after.outcome is not None


@dataclasses.dataclass(frozen=True, slots=True)
class Turn:
    """One turn of a game: where it starts, its atomic actions, and whether it is complete.

    ``number`` counts turns from 1; ``start`` and ``end`` delimit its actions in
    the history (``actions == history.actions[start:end]``), so ``end`` is also
    the index of the state the turn leads to. ``before`` is the state the turn
    starts from. Only the last turn of a history can be incomplete.
    """

    number: int
    start: int
    end: int
    before: State
    actions: tuple[Action, ...]
    complete: bool

    @property
    def seat(self) -> Seat | None:
        """The seat that plays the turn."""
        return self.before.to_move

    @property
    def side(self) -> str:
        """The side name of the seat that plays the turn (empty if none)."""
        seat = self.seat
        return "" if seat is None else self.before.side_name(seat)

    def texts(self) -> list[str]:
        """Each atomic action of the turn in notation."""
        out = []
        state = self.before
        for action in self.actions:
            out.append(state.action_text(action))
            state = state.child(action)
        return out

    def text(self) -> str:
        """The turn in turn notation; an incomplete turn as its atomic actions joined by ``; ``."""
        if self.complete:
            return self.before.turn_text(self.actions)
        return "; ".join(self.texts())


def split_turns(start: State, actions: Iterable[Action]) -> list[Turn]:
    """The turns of ``actions`` played from ``start`` (unchecked: they must be legal).

    >>> from shoal.games import get
    >>> start = get("sytran").initial()
    >>> j10 = start.parse_action("j10")
    >>> f6 = start.child(j10).parse_action("f6")
    >>> turns = split_turns(start, [j10, f6])
    >>> [(t.number, t.start, t.end, t.complete) for t in turns]
    [(1, 0, 1, True), (2, 1, 2, False)]
    """
    return History(start, actions, checked=False).turns()


class History:
    """A game from a start state: its atomic actions, every state, and its turns.

    ``states[i]`` is the state before ``actions[i]``; ``states[-1]`` is the
    current :attr:`state`. Playing checks legality unless ``checked=False`` (for
    actions already known legal, e.g. an AI's choice or a stored game). Undo
    takes back one action (:meth:`undo`), the last turn (:meth:`undo_turn`) or
    everything after an index (:meth:`truncate`); nothing changes on an error.
    """

    __slots__ = ("_actions", "_starts", "_states")

    def __init__(self, start: State, actions: Iterable[Action] = (), *, checked: bool = True):
        self._states: list[State] = [start]
        self._actions: list[Action] = []
        self._starts: list[int] = []
        self.extend(actions, checked=checked)

    @classmethod
    def of_states(cls, states: Sequence[State], actions: Sequence[Action]) -> History:
        """A history from states already computed (``states[i]`` comes before ``actions[i]``).

        Nothing is applied again: for callers that keep the states of a stored
        game (the server), so that turns are split without replaying it.

        >>> from shoal.games import get
        >>> start = get("sytran").initial()
        >>> j10 = start.parse_action("j10")
        >>> [t.text() for t in History.of_states([start, start.child(j10)], [j10]).turns()]
        ['j10']
        """
        if len(states) != len(actions) + 1:
            raise ValueError(f"{len(states)} states do not fit {len(actions)} actions")
        history = cls(states[0])
        history._states = list(states)
        history._actions = list(actions)
        for index in range(len(actions)):
            if index == 0 or ends_turn(states[history._starts[-1]], states[index]):
                history._starts.append(index)
        return history

    # -- reading ---------------------------------------------------------------------
    @property
    def start(self) -> State:
        """The state the history starts from."""
        return self._states[0]

    @property
    def state(self) -> State:
        """The current state (after the last action)."""
        return self._states[-1]

    @property
    def states(self) -> Sequence[State]:
        """Every state, the start included (one more than the actions)."""
        return tuple(self._states)

    @property
    def actions(self) -> Sequence[Action]:
        """The atomic actions so far."""
        return tuple(self._actions)

    def __len__(self) -> int:
        return len(self._actions)

    @property
    def in_turn(self) -> bool:
        """True when the seat to move has already taken actions of its current turn."""
        return bool(self._starts) and not self._ended(len(self._starts) - 1)

    def turn_starts(self) -> list[int]:
        """The index in :attr:`actions` where each turn begins."""
        return list(self._starts)

    def _ended(self, index: int) -> bool:
        end = self._starts[index + 1] if index + 1 < len(self._starts) else len(self._actions)
        return ends_turn(self._states[self._starts[index]], self._states[end])

    def turn(self, index: int) -> Turn:
        """The turn at ``index`` (0-based, negative from the end) as a :class:`Turn`."""
        count = len(self._starts)
        if not -count <= index < count:
            raise IndexError(f"turn index {index} out of range (there are {count} turns)")
        index %= count
        start = self._starts[index]
        end = self._starts[index + 1] if index + 1 < count else len(self._actions)
        return Turn(
            number=index + 1,
            start=start,
            end=end,
            before=self._states[start],
            actions=tuple(self._actions[start:end]),
            complete=self._ended(index),
        )

    def turns(self) -> list[Turn]:
        """Every turn so far; the last is incomplete when the seat to move is inside it."""
        return [self.turn(index) for index in range(len(self._starts))]

    def last_turn(self, seat: Seat | None = None) -> Turn | None:
        """The last turn (of ``seat``, when given), or None if there is none."""
        for index in range(len(self._starts) - 1, -1, -1):
            if seat is None or self._states[self._starts[index]].to_move == seat:
                return self.turn(index)
        return None

    # -- changing ----------------------------------------------------------------------
    def play(self, action: Action, *, checked: bool = True) -> State:
        """Apply one atomic action (checked unless told) and return the new state."""
        before = self._states[-1]
        after = before.apply(action) if checked else before.child(action)
        if not self._starts or ends_turn(self._states[self._starts[-1]], before):
            self._starts.append(len(self._actions))
        self._states.append(after)
        self._actions.append(action)
        return after

    def extend(self, actions: Iterable[Action], *, checked: bool = True) -> State:
        """Apply several atomic actions; on an illegal one nothing changes (and it raises)."""
        mark = len(self._actions)
        try:
            for action in actions:
                self.play(action, checked=checked)
        except Exception:
            self.truncate(mark)
            raise
        return self._states[-1]

    def play_text(self, text: str) -> list[Action]:
        """Play an atomic action or a whole turn given in notation; return its actions."""
        actions = self.state.turn_actions_text(text)
        self.extend(actions, checked=False)
        return actions

    def truncate(self, length: int) -> None:
        """Keep only the first ``length`` actions (undo everything after them)."""
        if not 0 <= length <= len(self._actions):
            raise IndexError(f"cannot keep {length} of {len(self._actions)} actions")
        del self._actions[length:]
        del self._states[length + 1 :]
        while self._starts and self._starts[-1] >= length:
            self._starts.pop()

    def undo(self) -> Action:
        """Take back the last atomic action and return it (ShoalError if there is none)."""
        if not self._actions:
            raise ShoalError("nothing to undo")
        action = self._actions[-1]
        self.truncate(len(self._actions) - 1)
        return action

    def undo_turn(self) -> int:
        """Go back to the start of the last turn (the one in progress, if any).

        Returns the number of actions taken back (GameOverError if there are none).
        """
        if not self._starts:
            raise ShoalError("nothing to undo")
        length = self._starts[-1]
        taken = len(self._actions) - length
        self.truncate(length)
        return taken
