"""One game at the terminal, without any I/O: turns, undo, records, the computer's turns, hints.

A :class:`Session` keeps the game (every state since the start and the atomic
actions between them) and knows who plays each seat: a person (``None``) or a
computer level from :func:`shoal.ai.players.get_player`. Everything it knows
about the game comes from the protocol: input is matched with
``state.turn_actions_text`` / ``state.parse_action`` against the legal actions,
the board is the game's ``render_text``, the status line its ``status``.

It reads and prints nothing: a command loop
(:class:`shoal.cli.tui.loop.CommandLoop`) asks the person, draws
:meth:`Session.screen` and calls :meth:`Session.play_text`,
:meth:`Session.computer_turn`, :meth:`Session.undo`... Other front ends (a
course, puzzles) reuse it: start from any position string (``start=``), set a
standing ``message`` or one-off notes, and follow every batch of actions played
through ``listeners``.

>>> from shoal import games
>>> session = Session(games.get("connect4"), levels=(None, "random"))
>>> seen = []
>>> session.listeners.append(lambda s, played: seen.append(played.by_computer))
>>> session.play_text("d")
[3]
>>> session.person_to_move
False
>>> len(session.computer_turn())
1
>>> seen
[False, True]
>>> session.undo()
True
>>> session.actions
[]
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence

import shoal.ai
from shoal.ai.players import Player, get_player, play_turn
from shoal.core import Action, Game, History, Seat, ShoalError, State, Turn
from shoal.core.options import options_to_strings
from shoal.records import Record

from .screen import Screen
from .words import catalogue, level_word, side_word

__all__ = ["FEW", "Listener", "Played", "Session"]

FEW = 12
"""Up to this many next actions are listed when a turn continues."""


@dataclasses.dataclass(frozen=True)
class Played:
    """A batch of actions just played, as the session's listeners receive it."""

    seat: Seat
    """The seat that played them."""
    actions: tuple[Action, ...]
    before: State
    """The state before them."""
    by_computer: bool
    """True for the computer's turn, False for a person's input."""
    turn_over: bool
    """True when the seat's turn ended with them (or the game did)."""


Listener = Callable[["Session", Played], None]
"""Called after each batch of actions played (may call ``note``, ``undo``...)."""


class Session:
    """One game: seats played by people (``None``) or computer levels.

    ``levels[seat]`` is ``None`` for a person at the keyboard, else a level
    name for :func:`get_player` (validated here). ``start`` is a position
    string of the game (``None``: the game's initial position for ``seed``). ``language``
    is the language of its words (the players, the prompt, the result, the notes).
    """

    def __init__(
        self,
        game: Game,
        *,
        levels: tuple[str | None, str | None] = (None, None),
        seed: int = 0,
        start: str | None = None,
        actions: Sequence[Action] = (),
        language: str = "en",
    ) -> None:
        self.language = language
        self.words = catalogue(language)
        """The catalogue of ``language``: what the session says goes through it."""
        self.levels = levels
        self.seed = seed
        self.resigned: Seat | None = None
        self.message = ""
        """A standing line shown on every screen ('' for none): a task, a goal."""
        self.listeners: list[Listener] = []
        """Called with (session, :class:`Played`) after each batch of actions."""
        self.saved = True
        """False when the game changed since it was last saved or loaded."""
        self._notes: list[str] = []
        self._set_game(game, start, actions)
        self.saved = True

    # -- state --------------------------------------------------------------------
    def _set_game(self, game: Game, start: str | None, actions: Sequence[Action]) -> None:
        self.game = game
        self.start = start
        first = game.load(start) if start is not None else game.initial(self.seed)
        self.history = History(first)
        """The game so far: every state, the atomic actions and the turns."""
        for action in actions:
            self._push(action)
        self.players: list[Player | None] = [
            None if level is None else get_player(level, game, seed=self.seed * 2 + seat)
            for seat, level in enumerate(self.levels)
        ]
        self.resigned = None

    @property
    def state(self) -> State:
        """The current state."""
        return self.history.state

    @property
    def states(self) -> list[State]:
        """Every state from the start (one more than :attr:`actions`), as a new list."""
        return list(self.history.states)

    @property
    def actions(self) -> list[Action]:
        """The atomic actions played so far, as a new list."""
        return list(self.history.actions)

    @property
    def over(self) -> bool:
        """True once the game ended or a side resigned."""
        return self.resigned is not None or self.state.outcome is not None

    @property
    def person_to_move(self) -> bool:
        """True when a person (not the computer) plays the seat to move."""
        seat = self.state.to_move
        return seat is not None and self.players[seat] is None

    @property
    def has_person(self) -> bool:
        """True when a person plays at least one seat."""
        return any(player is None for player in self.players)

    def note(self, text: str) -> None:
        """A one-off message for the next screen (under the board)."""
        self._notes.append(text)

    def _push(self, action: Action) -> None:
        self.history.play(action)
        self.saved = False

    def _played(self, before: State, actions: Sequence[Action], by_computer: bool) -> None:
        seat = before.to_move if before.to_move is not None else 0
        after = self.state
        done = after.outcome is not None or after.turn != before.turn
        event = Played(seat, tuple(actions), before, by_computer, done)
        for listener in list(self.listeners):
            listener(self, event)

    def turn_starts(self) -> list[int]:
        """Indices into ``actions`` where each turn begins."""
        return self.history.turn_starts()

    def turns(self) -> list[Turn]:
        """Every turn so far (the last may be incomplete)."""
        return self.history.turns()

    def in_turn(self) -> bool:
        """True when the seat to move has already taken actions of its current turn."""
        return self.history.in_turn

    @staticmethod
    def turn_text(turn: Turn) -> str:
        """A turn in notation; an unfinished one as its steps and ``...``."""
        return turn.text() if turn.complete else turn.text() + " ..."

    # -- names --------------------------------------------------------------------
    def who(self, seat: Seat) -> str:
        """``you``, ``player 1`` or ``club computer``."""
        _ = self.words.gettext
        level = self.levels[seat]
        if level is not None:
            return _("{level} computer").format(level=level_word(self.words, level))
        if self.levels[1 - seat] is None:
            return _("player {number}").format(number=seat + 1)
        return _("you")

    def side(self, seat: Seat, state: State | None = None) -> str:
        """The side of ``seat`` in words (of ``state``, else of the current state)."""
        return side_word(self.words, (state or self.state).side_name(seat))

    def seat_label(self, seat: Seat) -> str:
        """The side, seat and player, e.g. ``x (seat 0, you)``."""
        return self.words.gettext("{side} (seat {seat}, {player})").format(
            side=self.side(seat), seat=seat, player=self.who(seat)
        )

    def prompt(self) -> str:
        """The move prompt, e.g. ``3. x> `` or ``3. x (continues)> ``."""
        seat = self.state.to_move if self.state.to_move is not None else 0
        number = self.state.turn + 1
        if self.in_turn():
            return self.words.gettext("{number}. {side} (continues)> ").format(
                number=number, side=self.side(seat)
            )
        return f"{number}. {self.side(seat)}> "

    def result_text(self) -> str:
        """The result in words, with its reason (and scores where the game counts)."""
        _ = self.words.gettext
        state = self.state
        if self.resigned is not None:
            winner = 1 - self.resigned
            return _("{side} resigns: {winner} wins").format(
                side=self.side(self.resigned), winner=self.seat_label(winner)
            )
        outcome = state.outcome
        if outcome is None:
            return _("unfinished")
        if outcome.winner is None:
            text = _("Draw: {reason}").format(reason=outcome.reason)
        else:
            text = _("{winner} wins: {reason}").format(
                winner=self.seat_label(outcome.winner), reason=outcome.reason
            )
        if outcome.scores is not None and "score" not in outcome.reason:
            a, b = outcome.scores
            text += _(" (scores: {first} {a}, {second} {b})").format(
                first=self.side(0), a=f"{a:g}", second=self.side(1), b=f"{b:g}"
            )
        return text

    def move_list(self) -> list[tuple[int, str, str]]:
        """Every turn so far: number, side (in words), turn text."""
        return [
            (turn.number, side_word(self.words, turn.side), self.turn_text(turn))
            for turn in self.turns()
        ]

    def screen(self) -> Screen:
        """The screen for the current state (it takes the pending notes)."""
        state = self.state
        turns = self.turns()
        moves = self.move_list()
        before_board: str | None = None
        last = ""
        if turns:
            number, side, text = moves[-1]
            last = f"{number}. {side}: {text}"
            before_board = self.game.render_text(turns[-1].before)
        _ = self.words.gettext
        if self.over:
            to_move = _("Game over. {result}").format(result=self.result_text())
        else:
            seat = state.to_move if state.to_move is not None else 0
            if self.in_turn():
                to_move = _("{player} to play, turn continues")
            else:
                to_move = _("{player} to play")
            to_move = to_move.format(player=self.seat_label(seat))
        sides = state.sides()  # the game's names: the board's pieces take their colours
        notes, self._notes = self._notes, []
        options = options_to_strings(self.game.options)
        named = ", ".join(f"{name}={value}" for name, value in options.items())
        return Screen(
            title=f"{self.game.title} ({named})" if named else self.game.title,
            players=_("{first} ({first_side}) vs {second} ({second_side})").format(
                first=self.who(0),
                first_side=self.side(0),
                second=self.who(1),
                second_side=self.side(1),
            ),
            board=self.game.render_text(state),
            before=before_board,
            last=last,
            to_move=to_move,
            status=self.game.status(state),
            moves=moves,
            sides=sides,
            notes=notes,
            over=self.over,
            message=self.message,
            legend=self.game.text_legend(),
        )

    # -- playing ------------------------------------------------------------------
    def play_text(self, line: str) -> list[Action]:
        """Play a person's input: a whole turn, or its first steps; raises ShoalError.

        A bad line changes nothing. When the turn goes on, a note lists the
        next choices (or says how many there are).
        """
        state = self.state
        try:
            actions = state.turn_actions_text(line)
        except ShoalError:
            partial = self._partial_turn(line)
            if partial is None:
                raise
            actions = partial
        for action in actions:
            self._push(action)
        after = self.state
        if after.outcome is None and after.turn == state.turn:
            legal = [after.action_text(a) for a in after.legal_actions()]
            words = self.words
            if len(legal) <= FEW:
                either = " " + words.gettext("or") + " "
                either = either.join(legal)
                self.note(words.gettext("turn continues: choose {actions}").format(actions=either))
            else:
                self.note(
                    words.ngettext(
                        "turn continues: {n} choice (? lists it)",
                        "turn continues: {n} choices (? lists them)",
                        len(legal),
                    ).format(n=len(legal))
                )
        self._played(state, actions, by_computer=False)
        return actions

    def _partial_turn(self, line: str) -> list[Action] | None:
        """The first atomic actions of a turn typed together, when they do not complete it."""
        state = self.state
        parts = state.split_turn(line)
        if len(parts) <= 1:
            return None
        actions = []
        for part in parts:
            if state.outcome is not None or state.turn != self.state.turn:
                return None
            try:
                action = state.parse_action(part)
            except ShoalError:
                return None
            actions.append(action)
            state = state.child(action)
        return actions

    def thinking_text(self) -> str:
        """What to show while the computer chooses for the seat to move."""
        seat = self.state.to_move if self.state.to_move is not None else 0
        return self.words.gettext("{player} ({side}) is thinking").format(
            player=self.who(seat), side=self.side(seat)
        )

    def computer_turn(self) -> list[Action]:
        """The computer plays the whole turn of the seat to move (a note says what)."""
        state = self.state
        seat = state.to_move
        player = self.players[seat] if seat is not None else None
        if seat is None or player is None:
            raise ShoalError("it is not the computer's turn")
        actions = play_turn(player, state)
        for action in actions:
            self._push(action)
        played = self.turn_text(self.history.turn(-1))
        self.note(
            self.words.gettext("{player} ({side}) played {turn}").format(
                player=self.who(seat), side=self.side(seat, state), turn=played
            )
        )
        self._played(state, actions, by_computer=True)
        return actions

    def hint(self) -> shoal.ai.Hint:
        """The AI's suggestion for the seat to move, with its reason."""
        return shoal.ai.hint(self.game, self.state, seed=len(self.actions))

    def hint_text(self, advice: shoal.ai.Hint) -> str:
        """A hint in words, e.g. ``hint for x: d: d is the strongest move found``."""
        state = self.state
        seat = state.to_move if state.to_move is not None else 0
        text = state.action_text(advice.action)
        return self.words.gettext("hint for {side}: {action}: {reason}").format(
            side=self.side(seat), action=text, reason=advice.reason
        )

    def resign(self) -> None:
        """The seat to move gives up."""
        self.resigned = self.state.to_move
        self.saved = False

    def undo(self) -> bool:
        """Take back the last person's turn (and the computer's replies after it).

        Inside a turn, one step. False (and nothing changes) when no person's
        turn is left to take back.
        """
        if self.in_turn():
            self.undo_step()
            self.note(self.words.gettext("took back one step of this turn"))
            return True
        if self.resigned is not None:
            self.resigned = None
        turns = self.turns()
        humans = [turn for turn in turns if self.players[turn.seat or 0] is None]
        if not humans:
            return False
        cut = humans[-1]
        taken = len(turns) - cut.number + 1
        self.history.truncate(cut.start)
        self.saved = False
        self.note(
            self.words.ngettext("took back {n} turn", "took back {n} turns", taken).format(n=taken)
        )
        return True

    def undo_step(self) -> None:
        """Take back the last atomic action (for a listener refusing a wrong move)."""
        if not self.actions:
            raise ShoalError("nothing to take back")
        self.history.undo()
        self.resigned = None

    # -- records ------------------------------------------------------------------
    def record(self) -> Record:
        """The game so far as a record."""
        names = tuple("human" if level is None else level for level in self.levels)
        record = Record.from_actions(
            self.game,
            self.actions,
            seed=self.seed,
            start=self.start,
            players=(names[0], names[1]),
        )
        if self.resigned is not None:
            record.extra_tags["Termination"] = f"seat {self.resigned} resigned"
        return record

    def load_record(self, record: Record) -> None:
        """Continue from ``record`` (its game, start and actions)."""
        self.seed = record.seed or 0
        self._set_game(record.game, record.start, record.actions)
        self.saved = True
