"""The immutable game :class:`State` and its cross-cutting behaviour.

Legality checks, actions after the end, matching text against the legal
actions and whole turns live here once; games fill in small hooks. See
:mod:`shoal.core.game` for the shape of the protocol.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Hashable, Sequence
from typing import TYPE_CHECKING, Any

from .errors import (
    AmbiguousActionError,
    GameOverError,
    IllegalActionError,
    InvalidNotationError,
)
from .outcome import Action, Outcome, Seat

if TYPE_CHECKING:
    from .game import Game

__all__ = ["State"]


class State(ABC):
    """An immutable game state. Subclasses use ``__slots__`` and set the attributes.

    Attributes set by every subclass:

    ``game``
        the :class:`Game` (with its options) this state belongs to;
    ``to_move``
        the seat that decides next, or ``None`` when the game is over;
    ``outcome``
        ``None`` until the game is over, then the :class:`Outcome`;
    ``turn``
        the number of completed turns (a turn may take several actions).
    """

    __slots__ = ("game", "to_move", "outcome", "turn")

    game: Game[Any]
    to_move: Seat | None
    outcome: Outcome | None
    turn: int

    # -- hooks for the game -----------------------------------------------------
    @abstractmethod
    def legal_actions(self) -> Sequence[Action]:
        """The legal atomic actions, in a fixed order (empty when over)."""

    @abstractmethod
    def child(self, action: Action) -> State:
        """The state after ``action``, unchecked (for search): ``action`` must be legal."""

    @abstractmethod
    def key(self) -> Hashable:
        """A stable value equal for equal positions (repetition, transposition tables)."""

    @abstractmethod
    def position(self) -> str:
        """The one-line position string; ``game.load`` reads it back exactly."""

    @abstractmethod
    def action_text(self, action: Action) -> str:
        """The action in the game's notation (valid for this state)."""

    def sides(self) -> tuple[str, str]:
        """The side names of seats 0 and 1 in this state."""
        return self.game.side_names

    def explain_illegal(self, action: Action) -> str:
        """Why a well-formed action is illegal here (games override for better words)."""
        return "it is not a legal action in this position"

    def normalize_text(self, text: str) -> str:
        """Canonical spelling of action text before matching (default: trimmed)."""
        return " ".join(text.split())

    def check_notation(self, text: str) -> None:
        """Raise InvalidNotationError when ``text`` is not an action at all.

        Called only for text that matches no legal action, to tell malformed
        input from a well-formed but illegal action. The default accepts all.
        """
        return None

    # -- cross-cutting behaviour ------------------------------------------------
    @property
    def is_over(self) -> bool:
        """True once the game has ended."""
        return self.outcome is not None

    def side_name(self, seat: Seat) -> str:
        """The side ``seat`` plays."""
        return self.sides()[seat]

    def is_legal(self, action: Action) -> bool:
        """True when ``action`` is one of the legal actions."""
        return action in self.legal_actions()

    def apply(self, action: Action) -> State:
        """The state after ``action``, which must be legal (else IllegalActionError)."""
        if self.outcome is not None:
            raise GameOverError("the game is over: no more actions")
        if isinstance(action, bool) or not isinstance(action, int):
            raise IllegalActionError(f"{action!r} is not an action number")
        if not self.is_legal(action):
            if 0 <= action < self.game.num_distinct_actions:
                try:
                    text = self.action_text(action)
                except Exception:  # an action of another context may not format
                    text = f"action {action}"
                raise IllegalActionError(f"{text}: {self.explain_illegal(action)}")
            raise IllegalActionError(f"action {action} is out of range")
        return self.child(action)

    def legal_texts(self) -> dict[str, Action]:
        """The legal actions by their notation."""
        return {self.action_text(a): a for a in self.legal_actions()}

    def parse_action(self, text: str) -> Action:
        """The legal action that ``text`` names.

        Raises GameOverError after the end, InvalidNotationError for text that
        is no action, IllegalActionError for a well-formed action that is not
        legal here, and AmbiguousActionError when it names several.
        """
        if not isinstance(text, str):
            raise InvalidNotationError(f"{text!r} is not text")
        if self.outcome is not None:
            raise GameOverError(f"{text.strip()}: the game is over")
        norm = self.normalize_text(text)
        if not norm:
            raise InvalidNotationError("empty action")
        matches = [a for a in self.legal_actions() if self.action_text(a) == norm]
        if len(matches) == 1:
            return matches[0]
        if len(matches) > 1:
            raise AmbiguousActionError(f"{norm}: names {len(matches)} different actions")
        self.check_notation(norm)
        raise IllegalActionError(f"{norm}: {self.illegal_text_reason(norm)}")

    def illegal_text_reason(self, text: str) -> str:
        """Why well-formed ``text`` names no legal action (games override)."""
        return "not a legal action in this position"

    def apply_text(self, text: str) -> State:
        """The state after the action ``text`` names."""
        return self.child(self.parse_action(text))

    # -- whole turns ------------------------------------------------------------
    def turn_text(self, actions: Sequence[Action]) -> str:
        """A whole turn (its atomic actions from this state) in turn notation.

        Default: the atomic actions joined with ``"; "``.
        """
        texts = []
        state: State = self
        for action in actions:
            texts.append(state.action_text(action))
            state = state.child(action)
        return "; ".join(texts)

    def split_turn(self, text: str) -> list[str]:
        """The atomic parts of a whole turn's text (default: split on ``;``)."""
        return [part.strip() for part in text.split(";")]

    def parse_turn(self, text: str) -> list[Action]:
        """The atomic actions of a whole turn from this state, checked.

        The text must make exactly one complete turn; else IllegalActionError.
        """
        if self.outcome is not None:
            raise GameOverError(f"{text.strip()}: the game is over")
        parts = self.split_turn(text)
        if not parts or any(not p for p in parts):
            raise InvalidNotationError(f"{text.strip()!r} is not a turn")
        actions: list[Action] = []
        state: State = self
        for index, part in enumerate(parts):
            if state.outcome is not None or state.turn != self.turn:
                raise IllegalActionError(
                    f"{text.strip()}: the turn is already complete before {part!r}"
                )
            action = state.parse_action(part)
            actions.append(action)
            state = state.child(action)
            del index
        if state.outcome is None and state.turn == self.turn:
            raise IllegalActionError(f"{text.strip()}: the turn is not complete")
        return actions

    def turn_actions_text(self, text: str) -> list[Action]:
        """An atomic action or a whole turn, whichever ``text`` is (engine ``play``)."""
        try:
            return [self.parse_action(text)]
        except (InvalidNotationError, IllegalActionError):
            if len(self.split_turn(text)) <= 1:
                raise
        return self.parse_turn(text)

    # -- equality ---------------------------------------------------------------
    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, State)
            and type(other) is type(self)
            and self.game == other.game
            and self.key() == other.key()
        )

    def __hash__(self) -> int:
        return hash(self.key())

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.position()}>"

    def __copy__(self) -> State:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> State:
        return self

    def returns(self) -> tuple[float, float]:
        """Per-seat returns: the outcome's at the end, zeros before."""
        return self.outcome.returns() if self.outcome is not None else (0.0, 0.0)
