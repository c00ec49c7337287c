"""The SFIRS game object: options, start position, loading, and the hooks it delegates.

>>> game = Sfirs()
>>> s = game.initial()
>>> s.sides(), s.to_move
(('white', 'black'), 0)
>>> Sfirs.with_options({"first": "black"}).initial().sides()
('black', 'white')
>>> game.load(s.position()) == s
True
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Iterable, Sequence

from shoal.core import (
    NUMBER_WORDS,
    Action,
    AIProfile,
    Diagram,
    Game,
    InvalidPositionError,
    Outcome,
    Seat,
    option,
)
from shoal.core.words import ENGLISH, Translator

from . import diagrams as _diagrams
from . import heuristics as _heuristics
from . import render as _render
from . import words as _words
from .explain import action_label as _action_label
from .explain import ending_sentence as _ending_sentence
from .explain import side_title as _side_title
from .geometry import EDGE, PLAY, START, bits
from .notation import INITIAL_POSITION, NUM_ACTIONS, REVIVE, STOP, parse_position
from .rules import SfirsState

__all__ = ["Sfirs", "SfirsOptions"]

_FALLBACK = ", no play-area move"


@dataclasses.dataclass(frozen=True)
class SfirsOptions:
    """SFIRS options: who starts, the safety turn limit, and two readings of the text."""

    first: str = option(
        "white",
        "the colour that moves first (the players decide; White by default)",
        choices=("white", "black"),
        decision=True,
    )
    max_turns: int = option(
        500,
        "safety rule: after this many turns (a whole chain is one turn) the game ends, "
        "decided as usual",
        minimum=1,
        maximum=1_000_000,
        decision=True,
    )
    crossing: str = option(
        "all",
        "who may cross empty start squares only to end inactive: all cubes, or only those "
        "from outside (start cubes then leave freely)",
        choices=("all", "outside"),
        decision=True,
    )
    start_chain: str = option(
        "yes",
        "may a start-area follow-up that ends inactive chain again: yes, or no (it ends the turn)",
        choices=("yes", "no"),
        decision=True,
    )


@functools.lru_cache(maxsize=8192)
def _english_label(text: str) -> str:
    """An action's label in English, by its text (the same in every position)."""
    return _action_label(text)


class Sfirs(Game[SfirsState]):
    """SFIRS (Martijn Althuisen, SPLLN): cubes leave a crowded centre; the last to move one
    already in the play area wins."""

    id = "sfirs"
    title = "SFIRS"
    rules_version = "1"
    summary = (
        "Each player has ten cubes: eight packed in the centre start area, two in the corners "
        "of the play area. Cubes move straight, at least two squares, never over another. A "
        "cube ending alone in the play area turns active; one ending on the edge or next to "
        "another cube turns inactive, as does every active cube it passes or ends beside - "
        "and then its player may chain another move or revive a cube. The last player to "
        "move a cube that was already in the play area wins."
    )
    Options = SfirsOptions
    side_names = ("white", "black")
    # random games last about 26 actions and cost little: MCTS plays them out to the end;
    # max cuts its playouts after 20 actions, scores them with ``evaluate`` and explores
    # half as much (against strong: 0.375 over 16 games with full playouts, 0.625 over 48
    # with the cut-off, 0.875 over 16 with the cut-off and exploration 0.5; docs/ai.md);
    # club, strong and max check for decisive moves at each expansion (docs/ai.md, "Puzzles")
    ai_profile = AIProfile(
        algorithm="mcts",
        playout_cutoff=None,
        exploration=1.0,
        level_cutoffs=(("max", 20),),
        level_exploration=(("max", 0.5),),
        level_decisive=("club", "strong", "max"),
    )

    swap: int
    """1 when Black moves first (seat 0 plays Black), else 0."""

    def __init__(self, options: SfirsOptions | None = None) -> None:
        super().__init__(options)
        self.swap = 1 if self.options.first == "black" else 0
        self.cross_freely: bool = self.options.crossing == "outside"
        self.start_chains: bool = self.options.start_chain == "yes"
        names = ("white", "black")
        self._sides = (names[self.swap], names[1 - self.swap])
        self._endings: dict[tuple[str, int], Outcome] = {}
        self._initial: SfirsState | None = None

    def side_names_for_options(self) -> tuple[str, str]:
        """The colours of seats 0 and 1 under these options."""
        return self._sides

    def ending(self, reason: str, last: int, colour_to_move: int) -> Outcome:
        """The outcome when the game ends with ``colour_to_move`` to move.

        The winner is the colour that last moved a cube already in the play
        area (``last``); without one, the colour that made the last move.
        """
        if last < 0:
            reason += _FALLBACK
            last = 1 - colour_to_move
        key = (reason, last)
        outcome = self._endings.get(key)
        if outcome is None:
            outcome = self._endings[key] = Outcome(last ^ self.swap, reason)
        return outcome

    @property
    def num_distinct_actions(self) -> int:
        return NUM_ACTIONS

    @property
    def max_game_length(self) -> int:
        # a chain moves each of the player's 10 cubes at most once, then stops or revives
        return 11 * int(self.options.max_turns)

    def initial(self, seed: int = 0) -> SfirsState:
        # the start has no randomness; states are immutable, so one serves every call
        if self._initial is None:
            side = "w" if self.swap == 0 else "b"
            self._initial = self.load(INITIAL_POSITION.replace(" w ", f" {side} ", 1))
        return self._initial

    def load(self, position: str) -> SfirsState:
        f = parse_position(position)
        if f.just < 0:
            return SfirsState.turn_start(
                self,
                white=f.white,
                black=f.black,
                active=f.active,
                colour=f.colour,
                last=f.last,
                turn=f.turn,
                first=f.first,
            )
        if f.turn >= self.options.max_turns:
            raise InvalidPositionError(
                f"{position!r}: a chain cannot go on after the turn limit {self.options.max_turns}"
            )
        state = SfirsState.after_inactive(
            self,
            white=f.white,
            black=f.black,
            active=f.active,
            colour=f.colour,
            just=f.just,
            permit=f.permit,
            last=f.last,
            turn=f.turn,
            first=f.first,
        )
        if state is None:
            raise InvalidPositionError(
                f"{position!r}: no follow-up is possible after the chain's last move"
            )
        return state

    def puzzle_theme(self, state: SfirsState, line: Sequence[Action]) -> str | None:
        """How the winner leaves the opponent without a legal action.

        In one turn: ``"chain of moves"`` (a move that ends inactive, then more),
        ``"chain ending in a revival"`` or ``"one move"``; over several turns of the
        winner: ``"win in two turns"``... Another ending gives the outcome's words
        (``"turn limit"``).
        """
        turns, end = self.puzzle_ending(state, line)
        if end.outcome is None:
            return None
        reason = end.outcome.reason.removesuffix(_FALLBACK)
        if reason != "no legal action":
            return reason
        if turns > 1:
            return f"win in {NUMBER_WORDS[turns] if turns < 10 else turns} turns"
        winner, mine = state.to_move, []
        for action in line:
            if state.to_move == winner:
                mine.append(action)
            state = state.child(action)
        if any(REVIVE <= action < STOP for action in mine):
            return "chain ending in a revival"
        return "chain of moves" if len(mine) > 1 else "one move"

    def ending_sentence(self, state: SfirsState, *, tr: Translator = ENGLISH) -> str:
        return _ending_sentence(state, tr) or super().ending_sentence(state, tr=tr)

    def side_title(self, side: str, *, tr: Translator = ENGLISH) -> str:
        return _side_title(side, tr)

    # -- rendering ----------------------------------------------------------------
    def text_legend(self) -> str:
        return (
            "W B an active cube (upright), w b inactive or still in the start area; "
            ". empty; ~ the outer edge"
        )

    def cell_words(self, state: SfirsState, *, tr: Translator = ENGLISH) -> dict[str, str]:
        return _render.cell_words(state, tr)

    def cell_names(self, state: SfirsState, *, tr: Translator = ENGLISH) -> dict[str, str]:
        return _words.cell_names(state, tr)

    def action_news(
        self, state: SfirsState, action: Action, child: SfirsState, *, tr: Translator = ENGLISH
    ) -> list[str]:
        return _words.action_news(state, action, child, tr)

    def render_text(self, state: SfirsState) -> str:
        return _render.render_text(state)

    def render_svg(
        self,
        state: SfirsState,
        *,
        last: Sequence[Action] = (),
        highlight: Sequence[str] = (),
    ) -> str:
        return _render.render_svg(state, last=last, highlight=highlight)

    def click_paths(self, state: SfirsState) -> dict[Action, tuple[str, ...]]:
        return _render.click_paths(state)

    # -- knowledge for the AI -------------------------------------------------------
    def features(self, state: SfirsState) -> dict[str, float]:
        return _heuristics.features(state)

    def feature_words(self, names: Iterable[str], *, tr: Translator = ENGLISH) -> dict[str, str]:
        return _heuristics.feature_words(names, tr)

    def evaluate(self, state: SfirsState, seat: Seat) -> float:
        return _heuristics.evaluate(state, seat)

    def action_label(self, state: SfirsState, action: Action, *, tr: Translator = ENGLISH) -> str:
        if tr is ENGLISH:  # by its text alone: each label made once (a view labels them all)
            return _english_label(state.action_text(action))
        return _action_label(state.action_text(action), tr)

    def explain(self, state: SfirsState, action: Action, *, tr: Translator = ENGLISH) -> str:
        return _heuristics.explain(state, action, tr)

    def status(self, state: SfirsState, *, tr: Translator = ENGLISH) -> str:
        """Movable and active cubes per colour, cubes left in the start area, the last
        play-area mover (who wins if the game ended now).

        >>> game = Sfirs()
        >>> for part in game.status(game.initial()).split(" · "):
        ...     print(part)
        White 2 active (2 movable), 8 in the start area
        Black 2 active (2 movable), 8 in the start area
        """
        parts = []
        f = _heuristics.features(state)
        for key in ("white", "black"):
            parts.append(
                tr.gettext(
                    "{side} {active} active ({movable} movable), {start} in the start area"
                ).format(
                    side=_side_title(key, tr),
                    active=f"{f[key + '_active']:.0f}",
                    movable=f"{f[key + '_movable']:.0f}",
                    start=f"{f[key + '_start']:.0f}",
                )
            )
        if state.last_play_mover >= 0:
            leader = _side_title(("white", "black")[state.last_play_mover], tr)
            parts.append(tr.gettext("last play-area move: {side}").format(side=leader))
        return " · ".join(parts)

    def diagrams(self) -> list[Diagram]:
        return _diagrams.diagrams(self)

    # -- observations for learning agents ----------------------------------------------
    def observation_shape(self) -> tuple[int, ...]:
        """18 planes of 12x12 (index ``x + 12 * y``: file ``x``, rank ``y + 1``).

        Board planes: 0-2 the observer's active, inactive and start-area cubes; 3-5 the
        other player's; 6 the start area; 7 the outer edge; 8 the play area; 9 the cube
        just moved in the chain under way. Constant planes: 10 a chain is under way;
        11 moves out of the start area are permitted in this chain; 12 the observer last
        moved a cube already in the play area; 13 the other player did; 14 the observer
        has not made a first move yet; 15 the other player has not; 16 the observer is to
        move; 17 turns played / the turn limit.

        >>> game = Sfirs()
        >>> obs = game.observation(game.initial(), 0)
        >>> len(obs) == 18 * 144, obs[0 * 144 + 1 + 12], obs[5 * 144 + 5 + 48], obs[16 * 144]
        (True, 1.0, 1.0, 1.0)
        """
        return (18, 12, 12)

    def observation(self, state: SfirsState, seat: int) -> list[float]:
        f = state.fields()
        mine_colour = seat ^ self.swap
        cubes = (f.black, f.white) if mine_colour else (f.white, f.black)
        out = [0.0] * (18 * 144)
        for side, board in enumerate(cubes):
            for cell in bits(board):
                bit = 1 << cell
                kind = 2 if START & bit else 0 if f.active & bit else 1
                out[(3 * side + kind) * 144 + cell] = 1.0
        for plane, region in ((6, START), (7, EDGE), (8, PLAY)):
            for cell in bits(region):
                out[plane * 144 + cell] = 1.0
        if f.just >= 0:
            out[9 * 144 + f.just] = 1.0
        constants = (
            f.just >= 0,
            f.just >= 0 and f.permit,
            f.last == mine_colour,
            f.last == 1 - mine_colour,
            bool(f.first >> mine_colour & 1),
            bool(f.first >> (1 - mine_colour) & 1),
            state.to_move == seat,
        )
        for plane, flag in enumerate(constants, start=10):
            if flag:
                out[plane * 144 : (plane + 1) * 144] = [1.0] * 144
        progress = min(1.0, f.turn / int(self.options.max_turns))
        if progress:
            out[17 * 144 :] = [progress] * 144
        return out
