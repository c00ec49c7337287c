"""The protocol every shoal game implements: :class:`Game`, :class:`State`, :class:`Outcome`.

Shape of the protocol
---------------------
* A :class:`Game` is immutable: an id, a title, a rules version and validated
  options. ``game.initial(seed)`` makes the start state (random set-ups draw
  from ``random.Random(seed)``), ``game.load(position)`` reads a position string.
* A :class:`State` is immutable and hashable. Actions are ints in
  ``range(game.num_distinct_actions)``. ``state.apply(action)`` checks the
  action and returns a new state; ``state.child(action)`` is the unchecked fast
  path for search and playouts (the action must come from ``legal_actions()``).
* Atomic decisions: a turn may take several actions. ``state.to_move`` is the
  seat that decides next (``None`` once the game is over) and ``state.turn``
  counts completed turns, so a turn boundary lies between two actions exactly
  where ``turn`` changes. The same seat may make two turns in a row (Syrtis:
  the side chooser who takes Light moves first), which is why the turn counter,
  not the seat, marks turns.
* Seats are ``0`` and ``1``; ``state.sides()`` names the side each seat plays
  (``("light", "dark")``), which a game may bind during set-up.
* Notation: ``state.action_text(a)`` and ``state.parse_action(text)`` speak the
  game's documented notation; ``turn_text`` and ``parse_turn`` do the same for
  whole turns. Parsing only ever returns a legal action; anything else raises
  an error of :mod:`shoal.core.errors` that says why.

Cross-cutting rules (no action after the end, legality checks, matching text
against the legal actions) live here once; games fill in small hooks.
"""

from __future__ import annotations

import dataclasses
from abc import ABC, abstractmethod
from collections.abc import Iterable, Mapping, Sequence
from importlib import resources
from typing import Any, ClassVar, Generic, Self

from typing_extensions import TypeVar

from .course import Course, parse_course
from .native import NativeEngine, engine_for
from .options import OptionInfo, describe_options, make_options
from .outcome import Action, Outcome, Seat, other
from .profile import AIProfile
from .state import State
from .words import ENGLISH, Translator

NUMBER_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine")
"""Small numbers in words, for themes such as "mate in two"."""

__all__ = [
    "NUMBER_WORDS",
    "AIProfile",
    "Action",
    "Diagram",
    "Game",
    "Outcome",
    "Seat",
    "State",
    "StateT",
    "Translator",
    "other",
]

StateT = TypeVar("StateT", bound=State, default=State)
"""The state type of a game, as in ``class Syrtis(Game[SyrtisState])``.

A bare ``Game`` means ``Game[State]`` (any game, as the registry hands it out).
"""


@dataclasses.dataclass(frozen=True)
class Diagram:
    """A picture for a rules page: a real position drawn by the game's own renderer.

    ``name`` becomes the file name (``docs/games/img/GAME-NAME.svg``); ``last``
    are the actions of the turn that led to ``state``; ``highlight`` cell ids.
    """

    name: str
    caption: str
    state: State
    last: tuple[Action, ...] = ()
    highlight: tuple[str, ...] = ()


class Game(ABC, Generic[StateT]):
    """A game with fixed options. Immutable; equal when id and options are equal.

    Generic in its state type: ``class Syrtis(Game[SyrtisState])`` makes every
    hook take and return ``SyrtisState``, so no hook needs to check the type.
    Subclasses set the class attributes and implement :meth:`initial`,
    :meth:`load` and the rendering hooks. ``Options`` is a frozen dataclass
    built with :func:`shoal.core.options.option` fields.
    """

    id: ClassVar[str]
    title: ClassVar[str]
    rules_version: ClassVar[str]
    summary: ClassVar[str] = ""
    """A short rules summary in words (a paragraph), for ``shoal rules`` and the web."""
    Options: ClassVar[type[Any]]
    random_setup: ClassVar[bool] = False
    """True when ``initial(seed)`` depends on the seed."""
    side_names: ClassVar[tuple[str, str]] = ("first", "second")
    """The sides seats 0 and 1 play when the game does not bind them otherwise."""
    side_words: ClassVar[dict[str, str]] = {}
    """What each side (by its name in ``State.sides``) plays with, in words, where its name
    does not say it (Syrtis's light side has the light tiles and the round pieces); pages
    show it beside a player's side."""
    confirm_kinds: ClassVar[frozenset[str]] = frozenset()
    """The kinds of action (:meth:`action_kind`) an interface asks to confirm before it plays
    one from a single click (Syrtis's sink: a tile gone for good)."""
    fixed_action_words: ClassVar[bool] = False
    """True when an action's text, label and click path depend on the action alone, in
    every position where it is legal (Sytran: a stone on a cell, or the swap): a live game
    on the server then words each action once, not in every version's view. The tests check
    it along random games of every game that says so."""

    options: Any

    def __init__(self, options: Any = None) -> None:
        self.options = options if options is not None else self.Options()

    @classmethod
    def with_options(cls, values: Mapping[str, Any] | None = None) -> Self:
        """The game with options given by name (values may be strings)."""
        return cls(make_options(cls.Options, values))

    @classmethod
    def option_infos(cls) -> list[OptionInfo]:
        """The game's options with their help, defaults and limits."""
        return describe_options(cls.Options)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Game) and self.id == other.id and self.options == other.options

    def __hash__(self) -> int:
        return hash((self.id, self.options))

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.options!r})"

    # -- sizes -----------------------------------------------------------------
    @property
    @abstractmethod
    def num_distinct_actions(self) -> int:
        """All actions are ints below this."""

    @property
    @abstractmethod
    def max_game_length(self) -> int:
        """An upper bound on the number of atomic actions in one game."""

    # -- states ----------------------------------------------------------------
    @abstractmethod
    def initial(self, seed: int = 0) -> StateT:
        """The start state; a random set-up is drawn from ``random.Random(seed)``."""

    @abstractmethod
    def load(self, position: str) -> StateT:
        """The state a position string describes (raises InvalidPositionError)."""

    # -- rendering (pure functions of the state) -------------------------------
    @abstractmethod
    def render_text(self, state: StateT) -> str:
        """The board as plain text, with coordinates."""

    @abstractmethod
    def render_svg(
        self,
        state: StateT,
        *,
        last: Sequence[Action] = (),
        highlight: Sequence[str] = (),
    ) -> str:
        """The board as a standalone SVG document.

        ``last`` are the actions of the last turn, applied to reach ``state``
        (to mark them); ``highlight`` are cell ids to highlight.

        Contract with the web client: the document has a ``viewBox`` and no
        fixed width or height (it scales); every clickable cell is drawn last,
        on top, as one shape with ``class="cell"``, ``data-cell="ID"`` (the ids
        of :meth:`click_paths`) and ``fill="transparent"``. The client styles
        ``.cell.hl`` (a legal next click) and ``.cell.sel`` (clicked so far); a
        cell in ``highlight`` is drawn with ``class="cell hl"`` already. The text is
        ASCII (any other character as a reference, ``&#x265a;``): the server sends a
        move's board as a splice of the old one, counted in characters.
        """

    def svg_words(self, state: StateT, *, tr: Translator = ENGLISH) -> list[tuple[str, str]]:
        """The words :meth:`render_svg` draws (a caption, a legend's title), each as ``(the
        piece of the SVG that draws them in English, the same piece in tr's language)``, the
        text escaped as in the SVG (``>rings<``, ``>Ringe<``; a whole ``<text>`` element where
        its size depends on its words): an interface that shows the board to a reader of
        another language puts the second in place of the first occurrence of the first (the
        board is drawn once, in English, for every reader). Empty by default: the board says
        no words, or says them in English."""
        return []

    @abstractmethod
    def click_paths(self, state: StateT) -> dict[Action, tuple[str, ...]]:
        """For each legal action, the cell ids to click, in order.

        An action with an empty path has no cell (pass, swap, a side choice):
        interfaces show it as a button labelled with its text.
        """

    def course(self) -> Course | None:
        """The game's course (``course.toml`` in the game's package), or None without one.

        Read from the package's data each time (a course is small); a broken file raises
        CourseError saying where.
        """
        package = type(self).__module__.rpartition(".")[0]
        try:
            text = resources.files(package).joinpath("course.toml").read_text(encoding="utf-8")
        except (FileNotFoundError, ModuleNotFoundError):
            return None
        return parse_course(self.id, text)

    def status(self, state: StateT, *, tr: Translator = ENGLISH) -> str:
        """One line of the score or race state in words, for players (empty if none).

        E.g. Sytran's running scores or Syrtis' sink streak; interfaces show it
        beside the board.
        """
        return ""

    # -- knowledge for the AI ---------------------------------------------------
    def features(self, state: StateT) -> dict[str, float]:
        """Named evaluation features, from seat 0's point of view (for display)."""
        return {}

    def feature_words(self, names: Iterable[str], *, tr: Translator = ENGLISH) -> dict[str, str]:
        """Each of the :meth:`features`' ``names`` in words (the position details), in
        ``tr``'s language; the keys stay as they are for programs. The English of a name is
        the name with spaces for its underscores, also for a name the game does not word.

        >>> Game.feature_words(None, ["stones_diff"])  # type: ignore[arg-type]
        {'stones_diff': 'stones diff'}
        """
        return {name: name.replace("_", " ") for name in names}

    def evaluate(self, state: StateT, seat: Seat) -> float:
        """A heuristic value in [-1, 1] of ``state`` from ``seat``'s point of view."""
        if state.outcome is not None:
            return state.outcome.value_for(seat)
        return 0.0

    def text_legend(self) -> str:
        """What the characters of ``render_text`` mean, in one line (a terminal's legend)."""
        return ""

    def cell_words(self, state: StateT, *, tr: Translator = ENGLISH) -> dict[str, str]:
        """What stands on each cell, in words, by the cell ids of :meth:`click_paths`.

        A cell with nothing on it is left out. Empty (the default) when the game says nothing
        by cell: :meth:`describe` then reads out :meth:`render_text`.
        """
        return {}

    def describe(self, state: StateT, *, tr: Translator = ENGLISH) -> list[str]:
        """The board in words, one line each, for a screen reader (the web's "Board in words").

        Lichess's blind mode is the model: each kind of piece or tile with the cells it
        stands on ("Light tower: c4, e2"), from :meth:`cell_words`; a game without them has
        its :meth:`render_text` read out row by row after its legend. What lies beside the
        board (:meth:`off_board_words`) comes last. (The status line, :meth:`status`, is
        beside the board already.)
        """
        cells = self.cell_words(state, tr=tr)
        if not cells:
            lines = [line.rstrip() for line in self.render_text(state).splitlines() if line.strip()]
            return [text for text in (self.text_legend(),) if text] + lines
        kinds: dict[str, list[str]] = {}
        for cell, words in cells.items():
            kinds.setdefault(words, []).append(cell)
        lines = [f"{words}: {', '.join(where)}" for words, where in kinds.items()]
        return lines + self.off_board_words(state, tr=tr)

    def off_board_words(self, state: StateT, *, tr: Translator = ENGLISH) -> list[str]:
        """What lies beside the board, in words, one line each (Cyclix's hands, Sirtet's
        harvests): the last lines of :meth:`describe`. Empty by default."""
        return []

    def action_label(self, state: StateT, action: Action, *, tr: Translator = ENGLISH) -> str:
        """An action in words for a menu or a button (the notation unless a game says more).

        Syrtis, for example, labels ``L@e3`` "Light tower on e3".
        """
        return state.action_text(action)

    def action_kind(self, state: StateT, action: Action) -> str:
        """The kind of ``action`` in a word or two ("move", "sink", "slide"), for a player
        choosing on the board; empty (the default) where the game names no kinds."""
        return ""

    def action_entries(
        self, state: StateT, actions: Sequence[Action] | None = None
    ) -> list[dict[str, Any]]:
        """The legal actions (or ``actions`` of them) as an interface offers them: each with
        its number, text, label and click path, and where the game names it, its kind
        (``"sink"``) and whether an interface asks before playing it (``confirm``, from
        :attr:`confirm_kinds`). The keys a game does not use are left out, so a page's list
        of a few hundred actions stays small.

        >>> from shoal.games import get
        >>> game = get("connect4")
        >>> game.action_entries(game.initial())[0]
        {'action': 0, 'text': 'a', 'label': 'a', 'path': ['a']}
        """
        path_of = self.click_paths(state).get
        text_of, label_of, kind_of = state.action_text, self.action_label, self.action_kind
        confirm = self.confirm_kinds
        out = []
        for action in state.legal_actions() if actions is None else actions:
            entry: dict[str, Any] = {
                "action": action,
                "text": text_of(action),
                "label": label_of(state, action),
                "path": list(path_of(action, ())),
            }
            kind = kind_of(state, action)
            if kind:
                entry["kind"] = kind
                if kind in confirm:
                    entry["confirm"] = True
            out.append(entry)
        return out

    def cell_names(self, state: StateT, *, tr: Translator = ENGLISH) -> dict[str, str]:
        """Each cell's accessible name by its id (the ids of :meth:`click_paths`): the cell
        and what is on it and whose ("a2: white rook"), and what a sighted player reads off
        the picture besides (Sytran's ring). A cell left out is named by its id alone.

        The default names the cells of :meth:`cell_words`.

        >>> from shoal.games import get
        >>> get("cyclix").cell_names(get("cyclix").initial())["a1"]
        'a1: white king'
        """
        return {
            cell: f"{cell}: {_lower_first(words)}"
            for cell, words in self.cell_words(state, tr=tr).items()
        }

    def action_news(
        self, state: StateT, action: Action, child: StateT, *, tr: Translator = ENGLISH
    ) -> list[str]:
        """What else a sighted player sees happen when ``action`` takes ``state`` to ``child``,
        in words, beyond its :meth:`action_label`: a check, a capture, a tile sunk or gone, an
        island cut off, a cube turned, the stones left in the turn; not the game's end
        (:meth:`ending_sentence` says it). Empty by default."""
        return []

    def turn_mark(self, state: StateT) -> str:
        """A mark written after a turn that leads to ``state`` in a list of moves ("+" for a
        check in Cyclix), never part of the notation; empty by default."""
        return ""

    def puzzle_theme(self, state: StateT, line: Sequence[Action]) -> str | None:
        """A puzzle's theme (``"mate in two"``, ``"last stone"``) for the won ``line``.

        ``line`` is the solution: the winner's and the defender's atomic actions
        from ``state`` to the won end. ``None`` (the default) names no theme.
        """
        return None

    def puzzle_ending(self, state: StateT, line: Sequence[Action]) -> tuple[int, StateT]:
        """The turns the winner (``state.to_move``) takes in ``line``, and the state at its end.

        >>> from shoal.games import get
        >>> game = get("connect4")
        >>> start = game.load("......./......./......./......./......./xxx.ooo x")
        >>> turns, end = game.puzzle_ending(start, [start.parse_action("d")])
        >>> turns, end.outcome.reason
        (1, 'four in a row')
        """
        winner, turns, last_turn = state.to_move, 0, -1
        for action in line:
            if state.to_move == winner and state.turn != last_turn:
                turns, last_turn = turns + 1, state.turn
            state = state.child(action)  # type: ignore[assignment]
        return turns, state

    def ending_sentence(self, state: StateT, *, tr: Translator = ENGLISH) -> str:
        """How the game ended, in a sentence a newcomer understands (games say more).

        The outcome's ``reason`` stays the short form for records and programs (in English:
        the default sentence says it as it is; a game whose words are translated says more).
        """
        outcome = state.outcome
        if outcome is None:
            return ""
        if outcome.winner is None:
            return tr.gettext("A draw: {reason}.").format(reason=outcome.reason)
        winner = self.side_title(state.side_name(outcome.winner), tr=tr)
        return tr.gettext("{side} wins: {reason}.").format(side=winner, reason=outcome.reason)

    def side_description(self, side: str, *, tr: Translator = ENGLISH) -> str:
        """What ``side`` plays with, in words (:attr:`side_words`), in ``tr``'s language; a
        game whose :attr:`side_words` are translated says them through ``tr``."""
        return self.side_words.get(side, "")

    def side_title(self, side: str, *, tr: Translator = ENGLISH) -> str:
        """A side's name (one of :meth:`State.sides`) as a sentence names its player, with a
        capital ("White"), in ``tr``'s language. The default capitalises the English name; a
        game whose words are translated names its sides through ``tr``."""
        return side.capitalize()

    def explain(self, state: StateT, action: Action, *, tr: Translator = ENGLISH) -> str:
        """A short reason in words why ``action`` is good in ``state`` (for hints)."""
        return f"{state.action_text(action)} is the strongest move found"

    ai_profile: ClassVar[AIProfile] = AIProfile()

    def native_engine(self) -> NativeEngine | None:
        """The compiled fast path for this game and options, or None (the pure path).

        Found by convention in the game package's ``fast`` module; None under
        ``SHOAL_PURE=1``, when it is not built, or when an option value is not
        covered by the C code (see :mod:`shoal.core.native`).
        """
        return engine_for(self)  # type: ignore[arg-type]

    # -- observations for learning agents (OpenSpiel, PettingZoo) -----------------
    observation_length: ClassVar[int] = 512
    """Characters of the position string the generic observation encodes."""

    def observation_shape(self) -> tuple[int, ...]:
        """The shape of :meth:`observation`.

        The generic observation one-hot encodes the characters of the position
        string (printable ASCII, 95 classes, plus one class for "past the end"),
        so every game has a lossless tensor; a game may override both methods
        with board planes.
        """
        return (self.observation_length, 96)

    def observation(self, state: StateT, seat: Seat) -> list[float]:
        """A flat float vector describing ``state`` as seen by ``seat`` (perfect info)."""
        length = self.observation_length
        text = state.position()
        if len(text) > length:
            raise ValueError(f"{self.id}: position longer than observation_length={length}")
        out = [0.0] * (length * 96)
        for index, char in enumerate(text):
            code = ord(char) - 32
            out[index * 96 + (code if 0 <= code < 95 else 0)] = 1.0
        for index in range(len(text), length):
            out[index * 96 + 95] = 1.0
        return out

    # -- documentation ----------------------------------------------------------
    def diagrams(self) -> list[Diagram]:
        """Pictures of real positions for the game's rules page (docs/games/ID.md)."""
        return []


def _lower_first(words: str) -> str:
    """``words`` with its first letter small, unless the first word is a proper name in
    capitals ("White rook" -> "white rook"; "SFIRS" stays)."""
    first = words.split(" ", 1)[0]
    return words if len(first) > 1 and first.isupper() else words[:1].lower() + words[1:]
